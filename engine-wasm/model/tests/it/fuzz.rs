//! Random links and scenario files, as fuzzing found the engine's faults with: no panic,
//! the run stops within its work budget, and every message is short and free of control
//! characters.

use proptest::prelude::*;
use throttle_model::link::decode;
use throttle_model::report;
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::SPECS;

const BUDGET: u64 = 1_000;

fn clean(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(message.chars().count() < 300, "{} characters: {message:?}", message.chars().count());
    prop_assert!(!message.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)), "{message:?}");
    Ok(())
}

/// A value: a schema-like number or size, or text with controls and bidi overrides.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|v| v.to_string()),
        (0u64..2000).prop_map(|v| v.to_string()),
        prop::sample::select(vec!["0", "1", "100%", "4G", "1T", "64M", "legacy", "2010", "-1", "1e9"])
            .prop_map(String::from),
        "[a-z0-9%\u{1b}\u{7}\u{7f}\u{9b}\u{202e}\u{2066}\\[\\];=&]{0,60}",
    ]
}

/// A name: a schema entry's (mostly), or junk.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(SPECS.iter().map(|s| s.name).collect::<Vec<_>>()).prop_map(String::from),
        1 => "[a-z_\u{1b}\u{202e}]{0,50}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn random_links_never_panic_stay_in_budget_and_give_clean_messages(
        pairs in prop::collection::vec((name(), value()), 0..8),
    ) {
        let mut link = String::from("v=1");
        for (n, v) in &pairs {
            link.push_str(&format!("&{n}={v}"));
        }
        // The budget last, so that it wins; a short run.
        link.push_str(&format!("&duration=1&event_budget={BUDGET}"));
        let d = decode(&link);
        for notice in &d.notices {
            clean(notice)?;
        }
        match scenario_from_settings(&d.tunables) {
            Err(e) => clean(&e)?,
            Ok(s) => {
                let r = report::run(s);
                prop_assert!(r.events <= BUDGET, "{} events", r.events);
                if let Some(why) = &r.truncated {
                    clean(why)?;
                }
            }
        }
    }
}

/// A JSON value for a scenario field: numbers of every size, sizes and times with units,
/// junk with control characters, and nesting where a number was expected.
fn json_value() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::{json, Value};
    let leaf = prop_oneof![
        any::<u64>().prop_map(Value::from),
        (0u64..100).prop_map(Value::from),
        any::<f64>().prop_map(|f| json!(f)),
        prop::sample::select(vec![
            "1s",
            "10ms",
            "4G",
            "128K",
            "50%",
            "hdd",
            "ssd",
            "lun",
            "injected",
            "random",
            "2.1",
            "master",
            "raidz2 a b c d log mirror e f",
            "mirror a b mirror c d",
            "zpool create -f t raidz3 a b c d e",
            "NAME STATE\ntank ONLINE\n  raidz1-0 ONLINE\n    a ONLINE\n    b ONLINE\n"
        ])
        .prop_map(Value::from),
        "[a-z0-9%\u{1b}\u{7}\u{7f}\u{9b}\u{202e}\u{2066}\\[\\]{}\"]{0,40}".prop_map(Value::from),
        Just(Value::Null),
        any::<bool>().prop_map(Value::from),
    ];
    leaf.prop_recursive(3, 12, 4, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..4).prop_map(serde_json::Value::from),
            prop::collection::btree_map("[a-z_]{1,12}", inner, 0..4)
                .prop_map(|m| serde_json::Value::Object(m.into_iter().collect())),
        ]
    })
}

/// A scenario: the format's own skeleton with fields replaced or added at random.
fn scenario_json() -> impl Strategy<Value = serde_json::Value> {
    use serde_json::json;
    let fields = prop::sample::select(vec![
        "/duration",
        "/seed",
        "/report_interval",
        "/models/release",
        "/models/throttle",
        "/models/era",
        "/system/ram",
        "/system/cpu_per_write",
        "/pool/top_level_vdevs",
        "/pool/mirror",
        "/pool/raidz",
        "/pool/layout",
        "/pool/log_device",
        "/pool/special_device",
        "/pool/special_small_blocks",
        "/pool/device/kind",
        "/pool/device/latency",
        "/pool/device/capacity",
        "/pool/allocator",
        "/workloads/0/kind",
        "/workloads/0/threads",
        "/workloads/0/block_size",
        "/workloads/0/rate",
        "/workloads/0/pattern",
        "/workloads/1",
        "/tunables/zfs_dirty_data_max",
        "/tunables/zfs_wrlog_data_max",
        "/tunables/zfs_txg_timeout",
        "/steady/window",
        "/budget/max_events",
    ]);
    prop::collection::vec((fields, json_value()), 0..6).prop_map(|changes| {
        let mut v = json!({
            "duration": "1s", "report_interval": "100ms",
            "models": {"release": "master"}, "system": {}, "tunables": {},
            "pool": {"device": {"kind": "lun"}},
            "workloads": [{"kind": "async_write", "threads": 2, "block_size": "128K"}],
            "steady": {}, "budget": {}
        });
        for (path, value) in changes {
            if let Some(slot) = v.pointer_mut(path) {
                *slot = value;
            } else if let Some((parent, key)) = path.rsplit_once('/') {
                if let Some(serde_json::Value::Object(m)) = v.pointer_mut(parent) {
                    m.insert(key.to_string(), value);
                }
            }
        }
        v
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Random scenario files: no panic, a run stops within its work budget, and every
    /// error names its field in a short message free of control characters.
    #[test]
    fn random_scenario_files_never_panic_stay_in_budget_and_give_clean_messages(v in scenario_json()) {
        let mut v = v;
        // A small budget of events and simulated time, wherever the fuzz put others.
        if let Some(m) = v.as_object_mut() {
            m.insert("budget".into(), serde_json::json!({"max_events": BUDGET, "max_simulated_time": "2s"}));
        }
        match throttle_model::scenario::Scenario::from_json(&v.to_string()) {
            Err(e) => clean(&e.to_string())?,
            Ok(s) => {
                let r = report::run(s);
                prop_assert!(r.events <= BUDGET, "{} events", r.events);
                if let Some(why) = &r.truncated {
                    clean(why)?;
                }
            }
        }
    }
}

/// A fio job file: sections and options fio knows (and some it does not), with values of
/// every size and junk with control characters.
fn fio_text() -> impl Strategy<Value = String> {
    let key = prop::sample::select(vec![
        "rw",
        "bs",
        "numjobs",
        "iodepth",
        "ioengine",
        "rate",
        "rate_iops",
        "size",
        "fsync",
        "sync",
        "direct",
        "runtime",
        "rwmixread",
        "rwmixwrite",
        "verify",
        "name",
        "time_based",
        "include x",
    ]);
    let value = prop_oneof![
        prop::sample::select(vec![
            "write",
            "randwrite",
            "read",
            "randread",
            "randrw",
            "rw",
            "trim",
            "libaio",
            "psync",
            "4k",
            "128k",
            "1m,4k",
            "0",
            "1",
            "8",
            "30s",
            "2m",
            "1h",
        ])
        .prop_map(String::from),
        any::<u64>().prop_map(|v| v.to_string()),
        "[a-z0-9,=;#\\[\\] \u{1b}\u{7}\u{202e}]{0,30}",
    ];
    let line = prop_oneof![
        3 => (key, value).prop_map(|(k, v)| format!("{k}={v}")),
        1 => prop::sample::select(vec!["[global]", "[job]", "[w]", "[]", "[x", "; c", "time_based", ""])
            .prop_map(String::from),
    ];
    prop::collection::vec(line, 0..14).prop_map(|lines| format!("[a]\n{}", lines.join("\n")))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    /// Random fio job files: no panic; an error or note names its line in a short clean
    /// message; what is read runs within its work budget or is refused cleanly.
    #[test]
    fn random_fio_job_files_never_panic_and_give_clean_messages(text in fio_text()) {
        match throttle_model::scenario::fio::translate(&text) {
            Err(e) => clean(&e)?,
            Ok(jobs) => {
                for note in &jobs.notes {
                    clean(note)?;
                }
                // The app's reading of the same jobs: settings in range, or a clean refusal.
                match jobs.lab_settings() {
                    Err(e) => clean(&e)?,
                    Ok(set) => {
                        let mut t = throttle_model::Tunables::default();
                        for (id, value) in set {
                            prop_assert!(t.set(id, value).is_ok());
                        }
                        prop_assert!(throttle_model::scenario::lab::scenario_from_settings(&t).is_ok()
                            || !throttle_model::validate::check(&t).errors.is_empty());
                    }
                }
                let mut v = serde_json::json!({"duration": "1s", "pool": {"device": {"kind": "lun"}},
                    "budget": {"max_events": BUDGET, "max_simulated_time": "2s"}});
                v["workloads"] = serde_json::Value::Array(jobs.workloads);
                match throttle_model::scenario::Scenario::from_json(&v.to_string()) {
                    Err(e) => clean(&e.to_string())?,
                    Ok(s) => prop_assert!(report::run(s).events <= BUDGET),
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Pool layouts: `zpool create` words and `zpool status` lines in any order, with junk;
    /// an answer or a message, never a panic, and no control character echoed.
    #[test]
    fn random_layouts_never_panic_and_echo_clean_text(words in prop::collection::vec(prop_oneof![
        prop::sample::select(vec!["zpool", "create", "-f", "-o", "ashift=9", "tank", "mirror", "raidz", "raidz2",
            "raidz3", "raidz9", "draid2", "log", "logs", "cache", "spare", "special", "a", "b", "c", "\n", "\n\t  ",
            "NAME", "STATE", "ONLINE", "mirror-0", "raidz1-1", "replacing-0", "errors:", "config:"]).prop_map(String::from),
        "[a-z0-9\u{1b}\u{7}\u{9b}\u{202e}-]{1,12}",
    ], 0..60)) {
        let text = words.join(" ");
        match throttle_model::scenario::zpool_layout::parse(&text) {
            Ok(l) => {
                prop_assert!(!l.data.is_empty());
                for n in &l.notes {
                    prop_assert!(!n.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{2069}').contains(&c)), "{n:?}");
                }
            }
            Err(e) => prop_assert!(!e.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{2069}').contains(&c)), "{e:?}"),
        }
    }
}
