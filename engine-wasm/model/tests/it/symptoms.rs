//! What the symptom views read, each reached by a scenario built for it: why each txg's
//! sync started (`TxgRow::cause`), what the writers' time went to (`writer_wait_ns`), a
//! scan's progress, and client read throughput at the system-call level.

use serde_json::{json, Value};
use throttle_model::report::{self, Report, SyncCause};
use throttle_model::scenario::Scenario;
use throttle_model::sim::WaitCause;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// The txgs whose sync started for `cause`.
fn count(r: &Report, cause: SyncCause) -> usize {
    r.txgs.iter().filter(|t| t.cause == cause).count()
}

fn causes(r: &Report) -> Vec<SyncCause> {
    r.txgs.iter().map(|t| t.cause).collect()
}

#[test]
fn a_slow_writer_syncs_on_the_timer() {
    // 1 MB/s on an SSD: no threshold is ever near, every txg waits out zfs_txg_timeout.
    let v = json!({"duration": "30s", "pool": {"device": {"kind": "ssd"}},
        "workloads": [{"kind": "async_write", "threads": 1, "block_size": "128K", "rate": "1M"}]});
    let r = run(&v);
    assert!(r.txgs.len() >= 5, "{} txgs", r.txgs.len());
    assert_eq!(count(&r, SyncCause::Timeout), r.txgs.len(), "{:?}", causes(&r));
    // Each one zfs_txg_timeout (5 s) after the one before.
    let starts: Vec<u64> = r.txgs.iter().map(|t| t.birth + t.otime).collect();
    assert!(starts.windows(2).all(|w| w[1] - w[0] == 5_000_000_000), "{starts:?}");
}

#[test]
fn a_fast_writer_is_kicked_by_dirty_data_in_every_release() {
    // Writers as fast as admitted to a 100 MB/s LUN: a txg fills to the sync threshold long
    // before the timer, whether the kick is the txg's own percent (2.2), the pool's percent
    // (0.8) or the pool's bytes (0.6.4, zfs_dirty_data_sync).
    for release in ["2.2", "0.8", "0.6.4"] {
        let v = json!({"duration": "20s", "models": {"release": release},
            "tunables": {"zfs_dirty_data_max": "256M"}, "pool": {"device": {"kind": "lun", "bandwidth": "100M"}},
            "workloads": [{"kind": "async_write", "threads": 8, "block_size": "128K"}]});
        let r = run(&v);
        let dirty = count(&r, SyncCause::Dirty);
        assert!(r.txgs.len() >= 6 && dirty * 10 >= r.txgs.len() * 9, "{release}: {:?}", causes(&r));
    }
}

#[test]
fn a_scan_keeps_the_sync_thread_awake_until_it_is_done() {
    // A scrub alone on a 40 GiB SSD mirror, then a resilver (its reads and repair writes
    // slower) on a 16 GiB one: each sync follows the last at once, for the scan; once the
    // scan is done the thread sleeps and the timer paces the syncs again.
    for (scan, gib) in [("scrub", 40u64), ("resilver", 16)] {
        let v = json!({"duration": "60s", "report_interval": "250ms",
            "pool": {"mirror": 2, "device": {"kind": "ssd", "capacity": format!("{gib}G")}},
            "workloads": [{"kind": scan, "block_size": "128K"}]});
        let r = run(&v);
        let s = &r.series;
        let done = s.scan_percent_done.iter().position(|&p| p >= 100.0).expect("the scan finishes");
        let done_ns = s.t_ns[done];
        let (during, after): (Vec<_>, Vec<_>) = r.txgs.iter().partition(|t| t.birth + t.otime < done_ns);
        assert!(during.len() >= 2 && during.iter().all(|t| t.cause == SyncCause::Scan), "{scan}: {:?}", causes(&r));
        let paced = after.iter().skip(1).all(|t| t.cause == SyncCause::Timeout);
        assert!(after.len() >= 2 && paced, "{scan}: {:?}", causes(&r));
        // Progress only grows, to exactly 100 % once the last block is back, and stays there.
        let p = &s.scan_percent_done;
        assert!(p.windows(2).all(|w| w[0] <= w[1]), "{scan}: {p:?}");
        assert!(p[done..].iter().all(|&p| p == 100.0) && p[..done].iter().all(|&p| p < 100.0));
        // The rate is zero once done, and the bytes issued add up to the region scanned: nine
        // tenths of the disk (a mirror's block counts once), in 128 KiB blocks.
        assert!(s.scan_issued_bytes_per_s[done + 1..].iter().all(|&b| b == 0));
        let issued: u64 = s.scan_issued_bytes_per_s.iter().map(|&b| b * s.interval_ns / 1_000_000_000).sum();
        let region = (gib << 30) / 10 * 9 / (128 << 10) * (128 << 10);
        assert_eq!(issued, region, "{scan}");
    }
}

#[test]
fn a_scan_that_cannot_finish_reports_its_share_done() {
    // The same scrub on the SSD's own 1.92 TB: a sliver done in 10 s, at the rate issued.
    let v = json!({"duration": "10s", "pool": {"mirror": 2, "device": {"kind": "ssd"}},
        "workloads": [{"kind": "scrub", "block_size": "128K"}]});
    let r = run(&v);
    let s = &r.series;
    let last = *s.scan_percent_done.last().expect("a scan series");
    let issued: u64 = s.scan_issued_bytes_per_s.iter().map(|&b| b * s.interval_ns / 1_000_000_000).sum();
    let region = 1_920_000_000_000u64 / 10 * 9 / (128 << 10) * (128 << 10);
    let expected = (issued as f64 / region as f64 * 1e6).round() / 1e4;
    assert!(last > 0.0 && last < 100.0 && (last - expected).abs() < 2e-4, "{last} of {expected}");
    assert!(causes(&r).iter().all(|&c| c == SyncCause::Scan), "{:?}", causes(&r));
    // Without a scan there is no scan series.
    let none = run(&json!({"duration": "1s", "workloads": [{"kind": "random_read", "threads": 1}]}));
    assert!(none.series.scan_percent_done.is_empty() && none.series.scan_issued_bytes_per_s.is_empty());
}

#[test]
fn writers_waiting_for_their_txg_push_it_out() {
    // Writers in txg_wait_synced() (sync=txg), and a sync task's caller: each asks the
    // sync thread for its txg at once.
    let v = json!({"duration": "10s", "pool": {"device": {"kind": "lun"}},
        "workloads": [{"kind": "sync_write", "threads": 4, "block_size": "128K", "sync": "txg"}]});
    let r = run(&v);
    assert!(r.txgs.len() > 50 && count(&r, SyncCause::WaitSynced) == r.txgs.len(), "{:?}", causes(&r));
    let v = json!({"duration": "30s", "pool": {"device": {"kind": "lun"}},
        "workloads": [{"kind": "async_write", "threads": 1, "block_size": "128K", "rate": "1M"},
                      {"kind": "sync_task", "every": "7s"}]});
    let r = run(&v);
    assert_eq!(count(&r, SyncCause::WaitSynced), 4, "{:?}", causes(&r));
    assert_eq!(count(&r, SyncCause::Timeout), r.txgs.len() - 4, "{:?}", causes(&r));
}

#[test]
fn a_legacy_writer_at_the_write_limit_closes_the_txg() {
    // The legacy throttle: 16 writers as fast as admitted fill the txg's write limit, and
    // the one that finds it full asks for the txg to be quiesced (txg_wait_open()).
    let v = json!({"duration": "20s", "models": {"throttle": "legacy", "scheduler": "legacy"},
        "pool": {"device": {"kind": "lun", "bandwidth": "100M"}},
        "workloads": [{"kind": "async_write", "threads": 16, "block_size": "128K"}]});
    let r = run(&v);
    let at_limit = count(&r, SyncCause::HardLimit);
    assert!(at_limit * 2 > r.txgs.len(), "{:?}", causes(&r));
    assert_eq!(count(&r, SyncCause::Dirty), 0, "the legacy throttle has no dirty-data kick");
    let limit_waits: u64 = r.txgs.iter().filter_map(|t| t.legacy.as_ref()).map(|l| l.limit_waits).sum();
    assert!(limit_waits > 0);
}

#[test]
fn a_writer_waiting_on_the_arc_asks_for_the_next_txg() {
    // A 1 GiB ARC: past half of it in dirty data a writer waits for the next txg to open,
    // and asks for the open one to be quiesced.
    let v = json!({"duration": "20s", "tunables": {"zfs_arc_max": "1G"},
        "pool": {"device": {"kind": "lun", "bandwidth": "100M"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": "128K"}]});
    let r = run(&v);
    assert!(count(&r, SyncCause::OpenWait) > 0, "{:?}", causes(&r));
    let arc = r.series.writer_wait_ns.get("arc_reserve").expect("the ARC's wait");
    assert!(arc.iter().sum::<u64>() > 0);
}

#[test]
fn log_data_kicks_the_txg_and_delays_the_writers() {
    // Rewrites of a 1 MiB file log far more than they dirty: the log-data kick closes the
    // txgs, and the writers' delays are the log's.
    let v = json!({"duration": "5s", "tunables": {"zfs_wrlog_data_max": "64M"}, "pool": {"device": {"kind": "ssd"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": "8K", "record_size": "8K",
                       "pattern": "random", "region": "1M"}]});
    let r = run(&v);
    assert!(count(&r, SyncCause::Wrlog) * 2 > r.txgs.len(), "{:?}", causes(&r));
    let total = |cause: &str| r.series.writer_wait_ns.get(cause).map_or(0, |v| v.iter().sum::<u64>());
    assert!(total("wrlog_delay") > 0 && total("delay") == 0, "{:?}", r.series.writer_wait_ns.keys());
}

/// Every interval's writer time, summed over the causes, is the interval times the writers.
fn check_shares(r: &Report, writers: u64) {
    let s = &r.series;
    for i in 0..s.t_ns.len() {
        let sum: u64 = s.writer_wait_ns.values().map(|v| v[i]).sum();
        assert_eq!(sum, s.interval_ns * writers, "interval {i}: {sum} ns");
    }
}

#[test]
fn the_writers_time_is_shared_out_whole_among_its_causes() {
    // Delayed writers (the delay-tuning load), legacy writers at the 7/8 tick and the
    // limit, O_DSYNC writers in zil_commit(), a zone-throttled writer: each interval's
    // time is split among the causes, none is lost and none counted twice.
    let delayed = json!({"duration": "10s", "pool": {"device": {"kind": "lun", "bandwidth": "100M"}},
        "workloads": [{"kind": "async_write", "threads": 64, "block_size": "128K"}]});
    let r = run(&delayed);
    check_shares(&r, 64);
    let total = |r: &Report, cause: &str| r.series.writer_wait_ns[cause].iter().sum::<u64>();
    let all: u64 = r.series.writer_wait_ns.values().flatten().sum();
    assert!(total(&r, "delay") * 2 > all, "mostly delayed: {} of {all}", total(&r, "delay"));
    assert!(total(&r, "copy") > 0);

    let legacy = json!({"duration": "10s", "models": {"throttle": "legacy", "scheduler": "legacy"},
        "pool": {"device": {"kind": "lun", "bandwidth": "100M"}},
        "workloads": [{"kind": "async_write", "threads": 16, "block_size": "128K"},
                      {"kind": "random_read", "threads": 2}]});
    let r = run(&legacy);
    check_shares(&r, 16);
    assert!(total(&r, "txg_open") > 0 && total(&r, "hard_limit") == 0, "{:?}", r.series.writer_wait_ns);

    let sync = json!({"duration": "5s", "pool": {"device": {"kind": "ssd"}},
        "workloads": [{"kind": "sync_write", "threads": 3, "block_size": "8K", "sync": "dsync"},
                      {"kind": "random_read", "threads": 2}]});
    let r = run(&sync);
    check_shares(&r, 3);
    let all: u64 = r.series.writer_wait_ns.values().flatten().sum();
    assert!(total(&r, "zil_commit") * 2 > all, "O_DSYNC writers wait in zil_commit()");

    // No writers: no writer series.
    let readers = run(&json!({"duration": "2s", "workloads": [{"kind": "random_read", "threads": 2}]}));
    assert!(readers.series.writer_wait_ns.is_empty());
}

#[test]
fn read_throughput_is_the_bytes_the_read_calls_returned() {
    // Random readers (a fifth of them ARC hits), then a sequential reader ahead of which the
    // prefetcher reads: the bytes per second of each interval, times the interval, add up
    // to the reads times their size.
    let random = json!({"kind": "random_read", "threads": 4, "block_size": "8K", "cache_hit": 20});
    let sequential = json!({"kind": "sequential_read", "threads": 1, "block_size": "128K", "region": "1G"});
    for (workload, size) in [(random, 8u64 << 10), (sequential, 128 << 10)] {
        let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"},
            "pool": {"mirror": 2, "device": {"kind": "hdd"}}, "workloads": [workload]});
        let r = run(&v);
        let s = &r.series;
        let read: u64 = s.client_read_bytes_per_s.iter().map(|&b| b * s.interval_ns / 1_000_000_000).sum();
        let reads = r.summary.client_read.count;
        assert!(reads > 100, "{reads} reads of {size}");
        assert_eq!(read, reads * size, "{reads} reads of {size}");
    }
    // A writer alone reads nothing.
    let w = run(&json!({"duration": "2s", "workloads": [{"kind": "async_write", "threads": 1}]}));
    assert!(w.series.client_read_bytes_per_s.iter().all(|&b| b == 0));
}

#[test]
fn the_series_names_the_causes_as_the_report_spells_them() {
    // The app reads `writer_wait_ns.<name>`: each name is the cause's serde name.
    for cause in WaitCause::ALL {
        assert_eq!(serde_json::to_string(&cause).expect("json"), format!("\"{}\"", cause.name()));
    }
    let r = run(&json!({"duration": "1s", "workloads": [{"kind": "async_write", "threads": 1}]}));
    let names: Vec<&str> = r.series.writer_wait_ns.keys().copied().collect();
    let mut all: Vec<&str> = WaitCause::ALL.iter().map(|c| c.name()).collect();
    all.sort_unstable();
    assert_eq!(names, all);
}
