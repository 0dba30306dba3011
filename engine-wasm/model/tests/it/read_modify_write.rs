//! Read-modify-write: a write of part of a record that is not in memory reads the record
//! first (`dmu_tx_hold_write()` → `dmu_tx_check_ioerr()`), before its transaction is
//! assigned; a record dirty in a txg not yet synced is in memory.

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

fn rmw_run(v: serde_json::Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// A record dirty in the quiescing or syncing txg is still held by its dbuf (`dbuf.c`
/// `dbuf_dirty()` gives the older txg its own copy, `dbuf_fix_old_data()`, zfs-0.6.5 to
/// zfs-2.2.0), and one the last sync wrote is the ARC's newest buffer (`arc.c`
/// `arc_write_done()` → `arc_access()`), so `dbuf_read()` reads nothing for either: 4,000
/// random 4 KiB writes a txg over an 8 MiB file (64 records) dirty every record in every
/// txg, and the records are read cold in the first txg only, not again as each new txg
/// opens or after the txg before it synced.
#[test]
fn records_dirtied_in_recent_txgs_are_not_read_again() {
    let r = rmw_run(json!({"duration": "30s", "steady": {"summaries": "whole_run"}, "models": {"release": "2.2"},
        "pool": {"device": {"kind": "hdd"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": "4K", "record_size": "128K",
            "pattern": "random", "region": "8M", "rate": "4M", "cache_hit": 0}]}));
    assert!(r.txgs.len() >= 4, "{} txgs", r.txgs.len());
    assert!(r.txgs.iter().all(|t| t.ndirty >= 8 << 20), "every record dirty in every txg");
    assert!(reads(&r) >= 64, "each record read once, cold: {} reads", reads(&r));
    let t = &r.txgs[0];
    let first_synced = t.birth + t.otime + t.qtime + t.wtime + t.stime;
    let s = &r.series;
    let later: u64 = s
        .t_ns
        .iter()
        .zip(&s.read_bytes_per_s)
        .filter(|(&at, _)| at > first_synced + s.interval_ns)
        .map(|(_, &b)| b)
        .sum();
    assert_eq!(later, 0, "reads after the first txg synced at {first_synced} ns");
}

/// One sequential writer of 4 KiB blocks reads each 128 KiB record once, at its first
/// block: a txg that closes in the middle of a record leaves it dirty in the quiescing txg,
/// in memory, and the next block goes on without a read.
#[test]
fn a_sequential_writer_reads_each_record_once_across_txgs() {
    let r = rmw_run(json!({"duration": "30s", "steady": {"summaries": "whole_run"}, "models": {"release": "2.2"},
        "pool": {"device": {"kind": "hdd"}},
        "workloads": [{"kind": "async_write", "threads": 1, "block_size": "4K", "record_size": "128K",
            "pattern": "sequential", "region": "10G", "rate": "2M", "cache_hit": 0}]}));
    assert!(r.txgs.len() >= 4, "{} txgs", r.txgs.len());
    let written = r.summary.client_write.count * 4096;
    let records = written.div_ceil(128 << 10);
    assert!(records > 300, "{records} records");
    // The write that waits for the last record's read has not returned yet.
    assert!((records..=records + 1).contains(&reads(&r)), "{} reads for {records} records", reads(&r));
}

/// `dmu_tx_check_ioerr()` → `dbuf_read()` → `arc_read()` reads the record as it lies on
/// disk (`zio_read_bp_init()` reads `BP_GET_PSIZE` and decompresses it; zfs-0.6.5 `zio.c`,
/// zfs-2.2.0 `arc.c` `arc_read()` with `HDR_GET_PSIZE`): a record written 60% compressible
/// is read at 52 KiB, the 51.2 KiB left rounded up to 4 KiB sectors, as it was written.
#[test]
fn the_read_before_a_partial_write_reads_the_compressed_record() {
    for release in ["0.6.5", "2.2"] {
        let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
            "pool": {"device": {"kind": "hdd"}},
            "workloads": [{"kind": "async_write", "threads": 4, "block_size": "8K", "record_size": "128K",
                "pattern": "random", "cache_hit": 0, "compressible": 60}]});
        let r = report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")));
        let read = &r.summary.classes["sync_read"];
        assert!(read.latency.count > 100, "{release}: {} reads", read.latency.count);
        let per_read = read.bytes_per_s as f64 / read.iops;
        assert!((per_read / f64::from(52 << 10) - 1.0).abs() < 0.01, "{release}: {per_read} bytes a read");
    }
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
        // A write may span records: a file's a transaction each, a zvol's one over them.
        assert_eq!(record("2.4", serde_json::json!({"record_size": "2K"})), Ok(2 << 10));
        assert_eq!(record("2.4", serde_json::json!({"volblocksize": "2K"})), Ok(2 << 10));
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
