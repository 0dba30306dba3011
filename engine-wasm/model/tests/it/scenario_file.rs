//! The scenario file format is read and written by the same types: every preset and
//! fixture round-trips (read, write, read gives the same file and the same scenario), and
//! each problem is named by its field path.

use std::path::PathBuf;
use throttle_model::scenario::presets::PRESETS;
use throttle_model::scenario::{Scenario, ScenarioFile};

/// Every scenario file in the repository: the presets and the test fixtures.
fn scenario_files() -> Vec<(String, String)> {
    let mut out: Vec<(String, String)> = PRESETS.iter().map(|p| (p.name.to_string(), p.json.to_string())).collect();
    let fixtures = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures");
    let mut paths: Vec<PathBuf> =
        std::fs::read_dir(&fixtures).expect("fixtures").map(|e| e.expect("entry").path()).collect();
    paths.sort();
    for path in paths.into_iter().filter(|p| p.extension().is_some_and(|e| e == "json")) {
        out.push((path.display().to_string(), std::fs::read_to_string(&path).expect("fixture")));
    }
    out
}

#[test]
fn every_preset_and_fixture_round_trips_through_the_file_types() {
    let files = scenario_files();
    assert!(files.len() >= PRESETS.len() + 2, "the fixtures were found");
    for (name, text) in files {
        let file = ScenarioFile::read(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        let written = file.write().unwrap_or_else(|e| panic!("{name}: {e}"));
        let back = ScenarioFile::read(&written).unwrap_or_else(|e| panic!("{name}, written back: {e}\n{written}"));
        assert_eq!(back, file, "{name}: the file written back reads as the same file\n{written}");
        let scenario = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{name}: {e}"));
        assert_eq!(back.validate(), Ok(scenario), "{name}: and as the same scenario");
    }
}

#[test]
fn quantities_are_written_back_with_their_units_and_kinds_beside_their_fields() {
    let text = r#"{"tunables": {"zfs_dirty_data_max": "256M", "zfs_txg_timeout": 1},
                   "pool": {"device": {"kind": "lun", "base_latency": "500us"}},
                   "workloads": [{"threads": 4, "block_size": 65536}, {"kind": "scrub"}]}"#;
    let written = ScenarioFile::read(text).expect("valid").write().expect("writes");
    let value: serde_json::Value = serde_json::from_str(&written).expect("json");
    assert_eq!(value["tunables"], serde_json::json!({"zfs_dirty_data_max": "256M", "zfs_txg_timeout": 1}));
    assert_eq!(value["pool"]["device"], serde_json::json!({"kind": "lun", "base_latency": "500us"}));
    // A workload that left out its kind gets the default written out.
    assert_eq!(value["workloads"][0], serde_json::json!({"kind": "async_write", "threads": 4, "block_size": "64K"}));
    assert_eq!(value["workloads"][1], serde_json::json!({"kind": "scrub"}));
}

#[test]
fn a_log_or_special_device_is_written_as_the_pools_device_is_and_reads_back() {
    // The log and special classes' devices take the same form as the pool's own, and
    // without a kind are SSDs, as those classes' default device is.
    let text = r#"{"pool": {"layout": "mirror a b special mirror c d log e",
                            "device": {"kind": "hdd"},
                            "log_device": {"kind": "ssd", "preset": "sata-s4500"},
                            "special_device": {"preset": "nvme-p4500"}}}"#;
    let file = ScenarioFile::read(text).unwrap_or_else(|e| panic!("{e}"));
    let written = file.write().expect("writes");
    assert_eq!(ScenarioFile::read(&written).as_ref(), Ok(&file), "{written}");
    let value: serde_json::Value = serde_json::from_str(&written).expect("json");
    assert_eq!(value["pool"]["log_device"]["kind"], "ssd");
    assert_eq!(value["pool"]["special_device"]["kind"], "ssd");
    let s = Scenario::from_json(text).unwrap_or_else(|e| panic!("{e}"));
    let log = s.pool.log.expect("a log class");
    assert_eq!(log.device, throttle_model::scenario::drives::find("ssd", "sata-s4500").expect("a drive").spec);
    let e =
        Scenario::from_json(r#"{"pool": {"layout": "a log b", "log_device": {"kind": "tape"}}}"#).expect_err("a kind");
    assert!(e.to_string().starts_with("pool.log_device.kind: 'tape' is not one of ssd"), "{e}");
}

#[test]
fn problems_inside_a_kind_are_named_by_their_field_path() {
    let e = |text: &str| Scenario::from_json(text).expect_err("invalid").to_string();
    assert_eq!(
        e(r#"{"pool": {"device": {"kind": "ssd", "read": "fast"}}}"#),
        "pool.device.read: cannot read 'fast': not a number"
    );
    assert!(e(r#"{"pool": {"device": {"kind": "tape"}}}"#).starts_with("pool.device.kind: 'tape' is not one of hdd"));
    assert!(e(r#"{"workloads": [{"kind": 5}]}"#).starts_with("workloads[0].kind: expected text, found 5"));
    assert!(e(r#"{"workloads": [{}, null]}"#).starts_with("workloads[1]: expected an object"));
    assert!(e(r#"{"workloads": [{"kind": "scrub", "threads": 2}]}"#).starts_with("workloads[0].threads: unknown field"));
    assert!(e(r#"{"workloads": [{"kind": "sync_write", "fsync_every": "4M"}]}"#)
        .starts_with("workloads[0].fsync_every: only with \"sync\": \"fsync\""));
    assert!(e(r#"{"workloads": [{"kind": "scrub", "tenant": "z1"}]}"#).starts_with("workloads[0].tenant: a scrub"));
    assert!(e(r#"{"pool": {"allocator": {"fill": 95, "holes": 8}}}"#).starts_with("pool.allocator.holes: fill and"));
    assert!(e(r#"{"duration": "200s", "report_interval": "1ms"}"#).starts_with("report_interval: more than 100000"));
    assert!(e(&format!(r#"{{"description": "{}"}}"#, "x".repeat(1 << 20))).starts_with("scenario larger than 1 MiB"));
    // Null is absent: the default.
    assert!(Scenario::from_json(r#"{"seed": null, "pool": {"device": null}, "workloads": [{"kind": null}]}"#).is_ok());
}

/// Client writes per second of one thread writing 4 KiB blocks with `system` as given.
fn one_writer_ops_per_s(system: &str) -> f64 {
    let text = format!(
        r#"{{"duration": "2s", "system": {system},
            "workloads": [{{"kind": "async_write", "threads": 1, "block_size": "4K"}}]}}"#
    );
    let s = Scenario::from_json(&text).unwrap_or_else(|e| panic!("{e}"));
    throttle_model::report::run(s).summary.client_write_ops_per_s
}

#[test]
fn cpu_per_write_bounds_one_writer_and_defaults_to_the_engines_cost() {
    assert!(Scenario::from_json(r#"{"system": {"cpu_per_write": "2s"}}"#).is_err());
    let unset = Scenario::from_json("{}").expect("valid");
    assert_eq!(unset.cpu_per_write_ns, None);
    assert!(!serde_json::to_string(&unset).expect("json").contains("cpu_per_write"));
    // The reference's debug build: 1.27 ms per dmu_write() and commit, so at most ~787/s.
    let debug = one_writer_ops_per_s(r#"{"cpu_per_write": "1.27ms"}"#);
    assert!(debug <= 1e9 / 1_270_000.0 && debug > 700.0, "{debug}/s");
    assert!(one_writer_ops_per_s(r#"{"cpu_per_write": "1us"}"#) > 20.0 * debug);
    assert_eq!(one_writer_ops_per_s("{}"), one_writer_ops_per_s(r#"{"cpu_per_write": "1us"}"#));
}

#[test]
fn an_error_echoes_at_most_forty_characters_of_a_bad_value_and_stays_short() {
    let long = "x".repeat(3_000);
    let cases = [
        format!(r#"{{"version": 1, "{long}": 1}}"#),
        format!(r#"{{"version": 1, "duration": "{long}"}}"#),
        format!(r#"{{"version": 1, "tunables": {{"{long}": "1"}}}}"#),
        format!(r#"{{"version": 1, "tunables": {{"zfs_dirty_data_max": "{long}"}}}}"#),
        format!(r#"{{"version": 1, "workloads": [{{"kind": "{long}"}}]}}"#),
        format!(r#"{{"version": 1, "workloads": ["{long}"]}}"#),
        format!(r#"{{"version": 1, "models": {{"throttle": "{long}"}}}}"#),
        format!(r#"{{"version": 1, "pool": {{"device": {{"kind": "hdd", "{long}": 1}}}}}}"#),
    ];
    for json in cases {
        let e = Scenario::from_json(&json).err().unwrap_or_else(|| panic!("rejected: {}", &json[..60])).to_string();
        assert!(e.chars().count() < 300, "{} characters: {}", e.chars().count(), &e[..200]);
        assert!(!e.contains(&"x".repeat(41)), "{}", &e[..200]);
    }
}

#[test]
fn threads_are_limited_across_workloads_because_each_is_set_up_before_the_budget_counts() {
    let w = r#"{"kind": "async_write", "threads": 60000}"#;
    let json = format!(r#"{{"version": 1, "budget": {{"max_events": 1000}}, "workloads": [{w}, {w}]}}"#);
    let Err(e) = Scenario::from_json(&json) else { panic!("60,000 + 60,000 threads were accepted") };
    let e = e.to_string();
    assert!(e.starts_with("workloads[1].threads") && e.contains("total threads"), "{e}");
    let one = format!(r#"{{"version": 1, "workloads": [{w}]}}"#);
    assert!(Scenario::from_json(&one).is_ok());
}

#[test]
fn a_scenario_given_as_the_labs_settings_is_the_apps_scenario_of_that_link() {
    use throttle_model::scenario::lab::scenario_from_settings;
    let query = "v=1&zfs_delay_scale=1ms&readers=2&duration=3";
    let file = format!(r#"{{"version": 1, "name": "from evidence", "lab": "{query}"}}"#);
    let s = throttle_model::scenario::Scenario::from_json(&file).expect("reads");
    let decoded = throttle_model::link::decode(query);
    let mut app = scenario_from_settings(&decoded.tunables).expect("the app's");
    app.name = "from evidence".into();
    app.description = String::new();
    assert_eq!(s, app);
    // Nothing else beside it, and a link the lab cannot read is an error here, not a notice.
    let err = throttle_model::scenario::Scenario::from_json(r#"{"lab": "v=1", "duration": "2s"}"#).unwrap_err();
    assert_eq!(err.path, "duration");
    let err = throttle_model::scenario::Scenario::from_json(r#"{"lab": "v=1&zfs_nope=3"}"#).unwrap_err();
    assert!(err.path == "lab" && err.message.contains("zfs_nope"), "{err}");
}

/// A saved report given where a scenario file goes is named for what it is, not refused
/// by its first field the file format lacks.
#[test]
fn a_report_given_as_a_scenario_is_named_for_what_it_is() {
    let preset = PRESETS.iter().find(|p| p.name == "default").expect("the default preset");
    let mut s = Scenario::from_json(preset.json).expect("the preset");
    s.duration_ns = 1_000_000_000;
    let report = serde_json::to_string(&throttle_model::report::run(s)).expect("a report");
    let e = Scenario::from_json(&report).expect_err("a report is no scenario");
    assert!(e.message.starts_with("this is a run's report, not a scenario file"), "{e:?}");
}
