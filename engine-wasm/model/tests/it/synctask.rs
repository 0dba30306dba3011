//! Sync tasks (`dsl_sync_task()`): an administrative action every few seconds pushes its
//! txg out at once (`txg_wait_synced()`), and while it is pending async writes go at
//! `zfs_vdev_async_write_max_active` (`spa_has_pending_synctask()`).

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

/// 20 MB/s of writes on a 100 MB/s LUN, with a sync task every `every` (none if empty).
fn run(every: &str) -> Report {
    let mut workloads = vec![json!({"kind": "async_write", "threads": 4, "block_size": "128K", "rate": "20M"})];
    if !every.is_empty() {
        workloads.push(json!({"kind": "sync_task", "every": every}));
    }
    let v = json!({"duration": "60s", "pool": {"device": {"kind": "lun"}}, "workloads": workloads});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn sync_starts_s(r: &Report) -> Vec<f64> {
    r.txgs.iter().map(|t| (t.birth + t.otime) as f64 / 1e9).collect()
}

#[test]
fn a_sync_task_syncs_its_txg_at_once_and_at_full_async_write_concurrency() {
    // Alone, the load syncs on the 5 s timer, with dirty data far below 30%: 2 async writes.
    let plain = run("");
    let starts = sync_starts_s(&plain);
    assert!(starts.windows(2).all(|w| (w[1] - w[0] - 5.0).abs() < 0.01), "{starts:?}");
    assert!(plain.series.async_write_limit.iter().all(|&l| l == 2));
    // Every 7 s a task's txg syncs at once, between the timer's, and its data goes at 10.
    let tasks = run("7s");
    let starts = sync_starts_s(&tasks);
    for k in 1..8 {
        let at = 7.0 * f64::from(k);
        assert!(starts.iter().any(|&s| (s - at).abs() < 0.01), "no sync at {at} s: {starts:?}");
    }
    assert!(tasks.txgs.len() > plain.txgs.len() + 3, "{} txgs", tasks.txgs.len());
    assert!(tasks.series.async_write_limit.contains(&10));
    // Once each task has run, the limit is back at 2: most intervals are.
    let at_min = tasks.series.async_write_limit.iter().filter(|&&l| l == 2).count();
    assert!(at_min * 2 > tasks.series.async_write_limit.len(), "{at_min}");
}

#[test]
fn a_sync_task_is_the_kernels_work() {
    let v = json!({"workloads": [{"kind": "sync_task", "tenant": "z1"}]});
    let e = Scenario::from_json(&v.to_string()).expect_err("refused").to_string();
    assert!(e.contains("global zone"), "{e}");
    let v = json!({"workloads": [{"kind": "sync_task", "every": "0s"}]});
    assert!(Scenario::from_json(&v.to_string()).is_err());
}

#[test]
fn a_writer_that_waits_for_its_txg_makes_small_frequent_txgs_and_no_log_writes() {
    // 8 threads of 128 KiB writes, each followed by txg_wait_synced() (a Lustre OSD
    // without a ZIL): every txg holds the writes that came in while the last one synced,
    // and is pushed out at once; each write takes about a sync, and nothing goes to the ZIL.
    let v = json!({"duration": "20s", "steady": {"summaries": "whole_run"}, "pool": {"device": {"kind": "lun"}},
        "workloads": [{"kind": "sync_write", "threads": 8, "block_size": "128K", "sync": "txg"}]});
    let r = report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")));
    assert!(r.txgs.len() > 200, "{} txgs", r.txgs.len());
    assert!(r.txgs.iter().all(|t| t.ndirty <= 8 << 17 | 4 << 20), "at most the 8 writers' blocks and metadata");
    let writes = r.summary.client_write.count;
    assert!(writes >= 8 * (r.txgs.len() as u64 - 2), "{writes} writes");
    let sync_ns: u64 = r.txgs.iter().map(|t| t.stime).sum::<u64>() / r.txgs.len() as u64;
    let mean = r.summary.client_write.mean_ns;
    assert!(mean >= sync_ns && mean <= 3 * sync_ns, "write {mean} ns, sync {sync_ns} ns");
    // The sync-write class carries only the uberblocks: four labels per txg, no log blocks.
    assert_eq!(r.summary.classes["sync_write"].latency.count, 4 * r.txgs.len() as u64, "no ZIL writes");
    // "sync": "txg" takes no fsync_every.
    let v = json!({"workloads": [{"kind": "sync_write", "sync": "txg", "fsync_every": "1M"}]});
    assert!(Scenario::from_json(&v.to_string()).is_err());
}
