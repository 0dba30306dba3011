//! Read-modify-write: a write of part of a record that is not in memory reads the record
//! first (`dmu_tx_hold_write()` → `dmu_tx_check_ioerr()`), before its transaction is
//! assigned; a record already dirty in the open txg is in memory.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

/// 8 threads of random 8 KiB writes into 128 KiB records at 4 MB/s on one HDD, with
/// `cache_hit` percent of the records found in the ARC.
fn run(cache_hit: u64, block: &str) -> Report {
    let v = json!({"duration": "20s", "steady": {"summaries": "whole_run"}, "pool": {"device": {"kind": "hdd"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": block, "record_size": "128K",
            "pattern": "random", "rate": "4M", "cache_hit": cache_hit}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn reads(r: &Report) -> u64 {
    r.summary.classes["sync_read"].latency.count
}

#[test]
fn a_partial_write_of_an_uncached_record_reads_it_first() {
    // All cached: no reads, the writes keep their 4 MB/s at memory speed.
    let cached = run(100, "8K");
    assert_eq!(reads(&cached), 0);
    // Nothing cached: about a read per write (a few records are already dirty), and each
    // write waits for its read on the HDD, so the 8 threads fall far below the rate.
    let cold = run(0, "8K");
    let (n, writes) = (reads(&cold), cold.summary.client_write.count);
    assert!(n * 100 >= writes * 95 && n <= writes + 8, "{n} reads, {writes} writes");
    assert!(writes * 2 < cached.summary.client_write.count, "{writes} against {}", cached.summary.client_write.count);
    assert!(cold.summary.client_write.mean_ns > 5_000_000, "{} ns", cold.summary.client_write.mean_ns);
    // Half cached: in between.
    let half = reads(&run(50, "8K"));
    assert!(half > n / 4 && half < n, "{half} of {n}");
    // A whole-record write reads nothing.
    assert_eq!(reads(&run(0, "128K")), 0);
}

#[test]
fn a_zvol_writes_its_volblocksize_the_releases_default_unless_given() {
    use throttle_model::scenario::Workload;
    // A sync writer's dataset is read as a buffered writer's.
    for kind in ["async_write", "sync_write"] {
        let record = |release: &str, extra: serde_json::Value| {
            let mut w = serde_json::json!({"kind": kind, "block_size": "4K"});
            if let (Some(w), Some(e)) = (w.as_object_mut(), extra.as_object()) {
                w.extend(e.clone());
            }
            let v = serde_json::json!({"models": {"release": release}, "workloads": [w]});
            match Scenario::from_json(&v.to_string()).map(|s| s.workloads[0].clone()) {
                Ok(Workload::AsyncWrite { record_size, .. } | Workload::SyncWrite { record_size, .. }) => {
                    Ok(record_size)
                }
                Ok(_) => Err("not a writer".to_string()),
                Err(e) => Err(e.to_string()),
            }
        };
        assert_eq!(record("2.1", serde_json::json!({"zvol": true})), Ok(8 << 10));
        assert_eq!(record("2.2", serde_json::json!({"zvol": true})), Ok(16 << 10));
        assert_eq!(record("2.4", serde_json::json!({"volblocksize": "64K"})), Ok(64 << 10));
        assert_eq!(record("2.4", serde_json::json!({})), Ok(4 << 10), "a file's records: the write's size");
        let e = record("2.4", serde_json::json!({"zvol": true, "record_size": "128K"})).unwrap_err();
        assert!(e.contains("a zvol has a volblocksize"), "{e}");
        let e = record("2.4", serde_json::json!({"record_size": "2K"})).unwrap_err();
        assert!(e.contains("each write must fit in one record"), "{e}");
    }
}

/// One O_DSYNC writer of random 32 KiB writes into 128 KiB records over 64 GiB on one
/// HDD, none of them cached (`cache_hit` 0).
#[test]
fn a_sync_writers_partial_write_of_an_uncached_record_reads_it_first() {
    // zfs_write() at every tag holds the write with dmu_tx_hold_write() whatever the open
    // flags, so dmu_tx_count_write() → dmu_tx_check_ioerr() reads the record as for a
    // buffered write; a whole-record write reads nothing.
    let run = |block: &str| {
        let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "pool": {"device": {"kind": "hdd"}},
            "workloads": [{"kind": "sync_write", "threads": 1, "block_size": block, "record_size": "128K",
                "pattern": "random", "region": "64G", "cache_hit": 0}]});
        report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
    };
    let partial = run("32K");
    let (n, writes) = (reads(&partial), partial.summary.client_write.count);
    assert!(writes > 20 && n >= writes && n <= writes + 1, "{n} reads, {writes} writes");
    assert_eq!(reads(&run("128K")), 0);
}

#[test]
fn random_readers_the_arc_serves_skip_the_disks() {
    let run = |hit: u64| {
        let v = serde_json::json!({"duration": "5s", "steady": {"summaries": "whole_run"},
            "workloads": [{"kind": "random_read", "threads": 4, "cache_hit": hit}]});
        report::run(Scenario::from_json(&v.to_string()).expect("valid")).summary
    };
    let (miss, most) = (run(0), run(90));
    // Nine reads in ten from memory: about ten times the reads for the same disk reads.
    let ratio = most.client_read.count as f64 / miss.client_read.count as f64;
    assert!((7.0..13.0).contains(&ratio), "{ratio}");
    assert!(most.client_read.p50_ns < 1_000_000, "{}", most.client_read.p50_ns);
}
