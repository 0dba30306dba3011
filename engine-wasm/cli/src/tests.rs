//! The command line as a person types it: each command's words, its output and its errors.

use super::*;

fn run_words(words: &[&str]) -> Result<String, String> {
    run(words.iter().map(std::ffi::OsString::from))
}

#[test]
fn releases_diff_lists_what_differs_and_says_when_nothing_does() {
    let out = run_words(&["releases", "--diff", "0.6.5", "0.7"]).expect("lists");
    assert!(out.lines().any(|l| l.starts_with("indirect block") && l.contains("16 KiB") && l.contains("128 KiB")));
    let same = run_words(&["releases", "--diff", "2.1", "2.1"]).expect("lists");
    assert_eq!(same, "2.1 and 2.1: no differences in defaults or behaviour\n");
}

#[test]
fn run_vdevs_prints_zpool_iostat_v_as_the_release_names_and_counts() {
    let link = "v=1&mirror=2&slog=ssd&sync_writers=2&async_writers=0&readers=0&duration=2";
    let out = run_words(&["run", "--link", link, "--vdevs"]).expect("runs");
    let table = out.split("# zpool iostat -v").nth(1).expect("the table follows the summary");
    assert!(table.contains("\n  mirror-0 ") && table.contains("\nlogs ") && table.contains("\n    disk1 "), "{table}");
    let old = run_words(&["run", "--link", &format!("{link}&release=0.6.5"), "--vdevs"]).expect("runs");
    assert!(old.contains("\n  mirror "), "0.6.5 names a vdev by its type alone: {old}");
    let refused = run_words(&["run", "--link", link, "--vdevs", "--json"]).unwrap_err();
    assert!(refused.contains("--vdevs adds to the printed summary"), "{refused}");
}

#[test]
fn drives_lists_each_with_its_source_and_its_sheet_beside_its_model() {
    let out = run_words(&["drives"]).expect("lists");
    for d in throttle_model::scenario::drives::drives() {
        assert!(out.contains(d.name), "{} missing", d.name);
    }
    let optane = out.split("optane-p4800x").nth(1).expect("optane listed");
    assert!(optane.contains("4 KiB read, QD1:  sheet     8.9 us, model     8.7 us"), "{optane}");
    assert!(out.lines().all(|l| l.chars().count() <= 100), "{out}");
}

#[test]
fn lessons_list_and_a_check_passes_while_a_broken_copy_fails() {
    let list = run_words(&["lessons"]).expect("lists");
    assert!(list.lines().count() >= 10 && list.contains("slog             3 steps  Sync writes and a SLOG"), "{list}");
    let json: Value = serde_json::from_str(&run_words(&["lessons", "--json"]).expect("json")).expect("parses");
    assert_eq!(json[0]["name"], "fast-then-slow");

    let words = |w: &[&str]| reply(w.iter().map(std::ffi::OsString::from));
    let ok = words(&["lessons", "check", "slog"]).expect("walks");
    assert!(!ok.failed, "{}", ok.text);
    assert!(ok.text.contains("yes each write takes under 2 ms: 904 µs < 2 ms"), "{}", ok.text);
    assert!(ok.text.ends_with("1 of 1 lessons pass\n"), "{}", ok.text);

    // The same lesson with its SLOG step's target out of reach: the walk says so and fails.
    let dir = std::env::temp_dir().join(format!("throttle-lab-lessons-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let (_, text) = throttle_model::lesson::catalogue::FILES.iter().find(|(n, _)| *n == "slog").expect("ships");
    let broken = text.replace(r#""op": "lt", "value": 2e6"#, r#""op": "lt", "value": 2e5"#);
    assert_ne!(&broken, text, "the target to break is in the file");
    let file = dir.join("slog.json");
    std::fs::write(&file, broken).expect("written");
    let failed = words(&["lessons", "check", file.to_str().expect("utf-8 path")]).expect("walks");
    assert!(failed.failed, "{}", failed.text);
    assert!(failed.text.contains("no  each write takes under 2 ms: 904 µs < 200 µs"), "{}", failed.text);
    assert!(failed.text.contains("problem: the check fails after the step's solution"), "{}", failed.text);
    assert!(failed.text.ends_with("0 of 1 lessons pass\n"), "{}", failed.text);
    std::fs::remove_dir_all(&dir).ok();
    assert!(words(&["lessons", "check", "nope"]).is_err_and(|e| e.contains("no lesson 'nope'")));
}

#[test]
fn presets_list_the_scenario_files_and_the_apps_starting_points_with_their_sources() {
    let out = run_words(&["presets"]).expect("lists");
    assert!(out.contains("s5-picket-fence"), "{out}");
    let fence = out.split("\npicket-fence").nth(1).expect("the lab preset is listed");
    assert!(fence.starts_with("           Reads wait behind each sync's burst\n"), "{fence}");
    assert!(fence.contains("Seed S5, picket-fencing (Leventhal, Delphix, 2013)"), "{fence}");
}

#[test]
fn delay_and_async_writes_at_table_points() {
    assert_eq!(run_words(&["delay", "--dirty", "70%"]), Ok("166666\n".into()));
    assert_eq!(run_words(&["async-writes", "--dirty", "33.75%"]), Ok("3\n".into()));
    assert_eq!(run_words(&["delay", "--dirty", "3G", "--set", "zfs_dirty_data_max=4G"]), Ok("300000\n".into()));
}

#[test]
fn delay_and_async_writes_derive_the_dirty_limit_from_ram_as_a_run_does() {
    // arc_init(): 10% of 2 GiB is 214748364 bytes; 150M is 73.2% of it, so
    // 500000 * (157286400 - 128849018) / (214748364 - 157286400) ns (dmu_tx_delay()).
    assert_eq!(run_words(&["delay", "--dirty", "150M", "--set", "ram=2G"]), Ok("247445\n".into()));
    // 100M is 48.8% of it: 1 + (100M - 30%) * 9 / 30% slots (vdev_queue_max_async_writes()).
    assert_eq!(run_words(&["async-writes", "--dirty", "100M", "--set", "ram=2G"]), Ok("7\n".into()));
    // A percentage is of that limit too, and a release's name of a tunable is read as its.
    let set = ["--set", "ram=2G", "--set", "zfs_scan_min_time_ms=1", "--set", "release=0.7"];
    assert_eq!(run_words(&[&["delay", "--dirty", "70%"][..], &set].concat()), Ok("166666\n".into()));
    let refused = run_words(&["delay", "--dirty", "70%", "--set", "release=0.8", "--set", "zfs_vdev_nia_credit=7"]);
    assert!(refused.is_err_and(|e| e.starts_with("zfs_vdev_nia_credit is not a tunable of OpenZFS 0.8")));
}

#[test]
fn a_share_link_runs_the_configuration_it_shows() {
    let link = "http://lab/?v=1&duration=2&readers=2&pinned=1&a.duration=3&a.throttle_model=legacy";
    let b = run_words(&["run", "--link", link]).expect("runs");
    assert!(b.starts_with("lab: 2.0 s simulated"), "{b}");
    assert!(b.contains("throttle Openzfs"), "{b}");
    let a = run_words(&["run", "--link", link, "--pinned"]).expect("runs");
    assert!(a.starts_with("lab: 3.0 s simulated") && a.contains("throttle Legacy"), "{a}");
    assert!(run_words(&["run", "--link", "v=1", "--pinned"]).is_err_and(|e| e.contains("no pinned")));
    assert!(run_words(&["run", "--link", "v=1", "--preset", "default"]).is_err_and(|e| e.contains("whole setup")));
    let refused =
        run_words(&["run", "--link", "v=1&zfs_dirty_data_max=1G&zfs_delay_scale=5s", "--set", "zfs_dirty_data_max=4G"]);
    assert!(refused.is_err_and(|e| e.contains("zfs_delay_scale")), "5 s × 4 GiB overflows 64 bits");
}

#[test]
fn a_scenario_takes_the_runs_length_budget_and_seed_and_refuses_other_lab_settings() {
    let out =
        run_words(&["run", "--preset", "default", "--set", "event_budget=1000", "--set", "seed=9"]).expect("runs");
    assert!(out.contains(" 1000 events, seed 9;") && out.contains("TRUNCATED"), "{out}");
    let out = run_words(&["run", "--preset", "default", "--set", "duration=2"]).expect("runs");
    assert!(out.starts_with("default: 2.0 s simulated"), "{out}");
    // The preset describes its own writers: a lab setting for them would be ignored.
    let err = run_words(&["run", "--preset", "default", "--set", "async_writers=3"]).unwrap_err();
    assert!(err.starts_with("--set async_writers: a setting of the app's lab"), "{err}");
}

#[test]
fn a_fio_job_file_gives_the_workloads_and_the_runtime() {
    let dir = std::env::temp_dir().join(format!("throttle-lab-fio-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let job = dir.join("job.fio");
    std::fs::write(&job, "[global]\nruntime=3\n[w]\nrw=randwrite\nbs=8k\nnumjobs=4\nrate=1m\n").expect("written");
    let path = job.to_str().expect("utf-8 path");
    let out = run_words(&["run", "--fio", path, "--json"]).expect("runs");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["scenario"]["duration_ns"], 3_000_000_000u64);
    let w = &v["scenario"]["workloads"][0];
    assert_eq!((&w["kind"], &w["threads"]), (&json!("async_write"), &json!(4)), "{w}");
    assert_eq!(w["rate"], 4u64 << 20, "fio's rate is per job");
    // On a link's system: the job sets the lab's workload as a paste in the app does,
    // and --set comes after it.
    let out = run_words(&["run", "--link", "v=1&device=ssd&readers=2", "--fio", path, "--set", "duration=2", "--json"])
        .expect("runs");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["scenario"]["duration_ns"], 2_000_000_000u64, "--set after the job's runtime");
    let kinds: Vec<&str> =
        v["scenario"]["workloads"].as_array().expect("workloads").iter().filter_map(|w| w["kind"].as_str()).collect();
    assert_eq!(kinds, ["async_write"], "the job's workload alone, the link's readers replaced");
    // A job naming no file writes to the link's dataset, a zvol here (its volblocksize);
    // one naming a file writes a file system's records.
    let zvol = |link: &str| -> Value {
        let out = run_words(&["run", "--link", link, "--fio", path, "--set", "duration=1", "--json"]).expect("runs");
        serde_json::from_str::<Value>(&out).expect("json")["scenario"]["workloads"][0].clone()
    };
    let w = zvol("v=1&dataset=zvol&release=0.6.5");
    assert_eq!((&w["zvol"], &w["record_size"]), (&json!(true), &json!(8192)), "{w}");
    assert_eq!(zvol("v=1")["zvol"], json!(false));
    std::fs::write(&job, "[w]\nrw=randwrite\nfilename=test\n").expect("written");
    assert_eq!(zvol("v=1&dataset=zvol")["zvol"], json!(false), "filename=test is a file");
    std::fs::write(&job, "[w]\nrw=randwrite\nfilename=/dev/zvol/tank/vm\n").expect("written");
    assert_eq!(zvol("v=1")["zvol"], json!(true));
    // A problem names its line, in the file's text or its bytes.
    std::fs::write(&job, "[w]\nrw=trim\n").expect("written");
    assert!(run_words(&["run", "--fio", path]).unwrap_err().starts_with("fio: line 2: [w] rw=trim"));
    std::fs::write(&job, b"[w]\nrw=write\nfilename=/tank/caf\xe9\n").expect("written");
    assert!(run_words(&["run", "--fio", path]).unwrap_err().ends_with("line 3 is not UTF-8 text"));
    std::fs::write(&job, "x".repeat((1 << 20) + 1)).expect("written");
    assert!(run_words(&["run", "--fio", path]).unwrap_err().contains("larger than 1 MiB"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn json_carries_the_changed_tunables() {
    let out = run_words(&["delay", "--dirty", "90%", "--set", "zfs_delay_scale=1ms", "--json"]).expect("runs");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!(v["delay_ns"], 2_999_999);
    assert_eq!(v["changed"]["zfs_delay_scale"], 1_000_000);
    assert_eq!(v["capped"], false);
}

#[test]
fn a_delay_past_the_signed_range_is_skipped_as_the_kernel_skips_it() {
    // dmu_tx_delay(): (2^23 + 1) × (2^40 − 1) / 1 is 2^63 or more, negative in hrtime_t.
    let words = ["delay", "--dirty", "1099511627775", "--set", "zfs_dirty_data_max=1T"];
    let more = ["--set", "zfs_delay_min_dirty_percent=0", "--set", "zfs_delay_scale=8388609", "--json"];
    let out = run_words(&[&words[..], &more[..]].concat()).expect("runs");
    let v: Value = serde_json::from_str(&out).expect("json");
    assert_eq!((&v["delay_ns"], &v["capped"]), (&json!(0), &json!(false)));
}

#[test]
fn bad_input_names_the_problem() {
    assert!(run_words(&["delay"]).unwrap_err().contains("--dirty"));
    assert!(run_words(&["delay", "--dirty", "lots"]).unwrap_err().contains("'lots'"));
    assert!(run_words(&["delay", "--dirty", "1G", "--set", "zfs_nope=1"]).unwrap_err().contains("zfs_nope"));
    let err = run_words(&["delay", "--dirty", "1G", "--set", "zfs_delay_scale=5s"]);
    assert!(err.unwrap_err().contains("overflows 64 bits"));
    // The kernel handles reversed percents: a warning, and the curve as it computes it.
    let reversed = "zfs_vdev_async_write_active_min_dirty_percent=70";
    let at_65 = |release: &str| {
        let words = ["async-writes", "--dirty", "65%", "--set", reversed, "--set", release, "--json"];
        let v: Value = serde_json::from_str(&run_words(&words).expect("runs")).expect("json");
        v["async_writes"].clone()
    };
    assert_eq!(at_65("release=master"), 10, "dirty > max_bytes (60%) is tested first");
    assert_eq!(at_65("release=2.0"), 2, "dirty < min_bytes (70%) is tested first");
}

#[test]
fn control_characters_from_input_are_escaped_not_printed() {
    for bad in ["\u{1b}[31mlots", "\u{1b}]0;title\u{7}", "a\u{202e}b", "\u{9b}2J\u{7f}"] {
        let err = run_words(&["delay", "--dirty", bad]).unwrap_err();
        assert!(!err.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)), "{err:?}");
        assert!(err.contains("\\u{"), "{err:?}");
    }
    assert_eq!(escaped("a\u{1b}b\n", true), "a\\u{1b}b\n");
}

#[test]
fn import_reads_evidence_says_what_it_implies_and_writes_a_scenario_run_reads() {
    let fixtures = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/e2e/fixtures");
    let (w, txgs) = (format!("{fixtures}/iostat-w.txt"), format!("{fixtures}/txgs.txt"));
    let out = run_words(&["import", &w, &txgs]).expect("reads");
    assert!(out.contains("zpool iostat -w: 1 report(s)") && out.contains("txgs kstat: 5 txgs"), "{out}");
    assert!(out.contains("async_rate=268085826/s  <- ") && out.contains("\nlink: #v=1&"), "{out}");
    let json: Value = serde_json::from_str(&run_words(&["import", &w, "--json"]).expect("json")).expect("parses");
    assert_eq!(json["sections"][0]["format"], "iostat");
    assert_eq!(
        json["sections"][0]["data"]["samples"][0]["histograms"][0]["buckets"].as_array().map(Vec::len),
        Some(37)
    );
    // An override wins, and the scenario file runs as the link would.
    let dir = std::env::temp_dir().join(format!("throttle-lab-import-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let out_file = dir.join("case.json");
    let path = out_file.to_str().expect("utf-8 path");
    run_words(&["import", &txgs, "--set", "duration=2", "--scenario", path]).expect("writes");
    let ran = run_words(&["run", path]).expect("runs");
    assert!(ran.starts_with("from evidence: 2.0 s simulated"), "{ran}");
    assert!(run_words(&["import"]).unwrap_err().contains("at least one file"));
    assert!(run_words(&["import", "/no/such/file"]).unwrap_err().starts_with("cannot read /no/such/file"));
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn import_json_of_a_value_no_kstat_type_holds_says_so_and_does_not_panic() {
    let dir = std::env::temp_dir().join(format!("throttle-lab-range-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("temp dir");
    let file = dir.join("p.txt");
    let text = "5 1 0x01 2 528 1 2\nname type data\ndmu_tx_assigned 4 99999999999999999999\ndmu_tx_delay 4 7\n";
    std::fs::write(&file, text).expect("writes");
    let path = file.to_str().expect("utf-8 path");
    let json: Value = serde_json::from_str(&run_words(&["import", path, "--json"]).expect("json")).expect("parses");
    assert_eq!(json["problems"][0]["line"], 3, "{json}");
    assert_eq!(json["sections"][0]["data"]["stats"][0]["value"], 7, "{json}");
    std::fs::remove_dir_all(&dir).ok();
}

#[test]
fn export_writes_each_os_and_names_what_it_cannot() {
    let linux =
        run_words(&["export", "--os", "linux", "--release", "2.1", "--set", "zfs_txg_timeout=10"]).expect("runs");
    assert!(
        linux.contains("options zfs zfs_txg_timeout=10\n")
            && linux.contains("echo 10 > /sys/module/zfs/parameters/zfs_txg_timeout"),
        "{linux}"
    );
    let bsd = run_words(&["export", "--os", "freebsd", "--link", "#v=1&release=2.2&zfs_txg_timeout=10"]).expect("runs");
    assert!(bsd.contains("OpenZFS 2.2 on freebsd") && bsd.contains("vfs.zfs.txg.timeout=10\n"), "{bsd}");
    let illumos = run_words(&["export", "--os", "illumos", "--set", "zfs_dirty_data_max=1G"]).expect("runs");
    assert!(illumos.contains("set zfs:zfs_dirty_data_max = 0x40000000"), "{illumos}");
    assert!(run_words(&["export"]).unwrap_err().contains("--os"));
    assert!(run_words(&["export", "--os", "aix"]).unwrap_err().contains("'aix'"));
    assert!(run_words(&["export", "--os", "freebsd", "--release", "0.7"]).unwrap_err().contains("no FreeBSD port"));
    assert!(run_words(&["export", "--os", "linux", "--release", "9.9"]).unwrap_err().contains("expected one of"));
    assert!(run_words(&["export", "--ticket", "--link", "v=1"]).unwrap_err().contains("no pinned"));
}

#[test]
fn tunables_lists_every_entry() {
    let table = run_words(&["tunables"]).expect("runs");
    assert!(SPECS.iter().all(|s| table.contains(s.name)));
    let list: Value = serde_json::from_str(&run_words(&["tunables", "--json"]).expect("runs")).expect("json");
    assert_eq!(list.as_array().map(Vec::len), Some(SPECS.len()));
    assert_eq!(list[0]["default"], 4u64 << 30);
}
