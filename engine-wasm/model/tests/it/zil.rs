//! The ZIL as `zil.c` runs it: commits batched into shared log blocks, late arrivals
//! written anew instead of waiting for their txg's sync, and the log-data throttle.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// Log blocks written per O_DSYNC commit, with `threads` writers of 8 KiB on a LUN.
fn log_blocks_per_commit(threads: u32) -> f64 {
    let v = json!({"duration": "5s", "pool": {"device": {"kind": "lun", "base_latency": "2ms"}},
        "workloads": [{"kind": "sync_write", "threads": threads, "block_size": "8K", "sync": "dsync"}]});
    let r = run(&v);
    r.summary.classes["sync_write"].latency.count as f64 / r.summary.client_write.count.max(1) as f64
}

#[test]
fn concurrent_commits_share_log_blocks() {
    // One writer: nothing to batch with, one log block a commit (zl_parallel clear).
    let alone = log_blocks_per_commit(1);
    assert!((0.95..1.05).contains(&alone), "{alone}");
    // Sixteen: each commit that finds others waiting leaves its lwb open for them, so an
    // 8 KiB commit (8.2 KiB of log) shares a 128 KiB block with up to 14 others.
    let shared = log_blocks_per_commit(16);
    assert!(shared < 0.5, "{shared}");
}

#[test]
fn an_fsync_of_data_in_the_syncing_txg_does_not_wait_for_the_sync() {
    // Sixteen buffered writers keep each txg's sync ~4 s long on a 10 ms, one-lane leaf;
    // the fsync writer's last records are often in the txg being synced. dmu_sync()
    // writes those anew (dmu_sync_late_arrival()) in the sync-write class, ahead of the
    // sync's async writes, so no fsync waits for a sync to end.
    let v = json!({"duration": "30s", "steady": {"summaries": "whole_run"}, "tunables": {"zfs_dirty_data_max": "256M"},
        "pool": {"device": {"kind": "injected", "latency": "10ms", "lanes": 1}},
        "workloads": [{"kind": "async_write", "threads": 16, "block_size": "128K"},
                      {"kind": "sync_write", "threads": 1, "block_size": "128K", "sync": "fsync", "fsync_every": "512K"}]});
    let r = run(&v);
    let syncs: Vec<u64> = r.txgs.iter().skip(1).map(|t| t.stime).collect();
    assert!(syncs.iter().all(|&s| s > 2_000_000_000), "{syncs:?}");
    let f = &r.summary.client_fsync;
    assert!(f.count > 20 && f.max_ns < 1_000_000_000, "{f:?}");
}

#[test]
fn log_data_throttles_rewrites_that_dirty_little() {
    // 8 KiB writes over a 1 MiB file: dirty data stays at 1 MiB a txg (each record once),
    // but every write adds 8 KiB + a header of log data (WR_NEED_COPY). Past 60% of
    // zfs_wrlog_data_max the writers are delayed (dmu_tx_wrlog_delay), and a txg is kicked
    // once it holds 15% of it (the sync percent + 10, over 200).
    let v = |throttle: &str| {
        json!({"duration": "5s", "models": {"throttle": throttle},
            "tunables": {"zfs_wrlog_data_max": "64M"}, "pool": {"device": {"kind": "ssd"}},
            "workloads": [{"kind": "async_write", "threads": 8, "block_size": "8K", "record_size": "8K",
                           "pattern": "random", "region": "1M"}]})
    };
    let r = run(&v("openzfs"));
    let t = &r.summary.throttle.counters;
    assert!(t.wrlog_delays > 1000 && t.sent_to_delay == 0, "{t:?}");
    assert!(r.txgs.len() > 10, "kicked by log data: {} txgs in 5 s", r.txgs.len());
    // The legacy throttle (before 2013) had no such limit.
    let legacy = run(&v("legacy"));
    assert_eq!(legacy.summary.throttle.counters.wrlog_delays, 0);
}
