//! Scrub and resilver syncs as `dsl_scan.c` makes them: a scan issues I/O only in syncing
//! context, for at least `zfs_scrub_min_time_ms` / `zfs_resilver_min_time_ms`, then until
//! dirty data reaches `zfs_vdev_async_write_active_min_dirty_percent` of
//! `zfs_dirty_data_max`, someone waits for a txg, or the sync has run `zfs_txg_timeout`
//! (`scan_io_queue_check_suspend()`), at inputs other than the presets'.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

const MS: u64 = 1_000_000;

#[test]
fn a_scan_sync_runs_its_minimum_time_and_no_txg_is_shorter() {
    // (device, top-level vdevs, mirror, scan, writers' rate MB/s, min time ms)
    let cases = [
        (json!({"kind": "ssd"}), 2u64, 1u64, "scrub", 50u64, 750u64),
        (json!({"kind": "lun", "bandwidth": 300_000_000, "base_latency": "1ms"}), 1, 3, "resilver", 20, 1500),
        (json!({"kind": "ssd"}), 1, 2, "scrub", 200, 200),
    ];
    for (device, tops, mirror, scan, mb, min_ms) in cases {
        let name = if scan == "scrub" { "zfs_scrub_min_time_ms" } else { "zfs_resilver_min_time_ms" };
        let v = json!({
            "duration": "30s", "report_interval": "500ms",
            "tunables": {"zfs_dirty_data_max": "1G", name: min_ms},
            "pool": {"top_level_vdevs": tops, "mirror": mirror, "device": device},
            "workloads": [
                {"kind": "async_write", "threads": 4, "block_size": "128K", "rate": mb * 1_000_000},
                {"kind": scan, "block_size": "128K"},
            ],
        });
        let r = run(&v);
        assert!(!r.txgs.is_empty(), "{scan} on {device}: txgs sync");
        for t in &r.txgs {
            // The scan phase alone lasts more than the minimum (NSEC2MSEC(scan_time) > min).
            assert!(t.stime > (min_ms + 1) * MS, "{scan} on {device}: txg {} synced in {} ns", t.txg, t.stime);
        }
        // Syncs run back to back, so at most one txg per minimum time.
        let most = 30_000 / min_ms + 1;
        assert!(r.txgs.len() as u64 <= most, "{scan} on {device}: {} txgs, at most {most}", r.txgs.len());
        // The writers' load is far below the devices: the client gets its rate.
        let offered = (mb * 1_000_000) as f64;
        let got = r.summary.client_write_bytes_per_s as f64;
        assert!(got > 0.95 * offered, "{scan} on {device}: client {got:.0} of {offered:.0} B/s");
    }
}

#[test]
fn a_scan_alone_syncs_once_per_txg_timeout() {
    // No dirty data and nobody waiting: the scan phase goes on until the sync has run
    // zfs_txg_timeout, so txgs come one per timeout (plus the flushes and uberblocks).
    for (timeout, device) in [(5u64, json!({"kind": "ssd"})), (2, json!({"kind": "hdd"}))] {
        let v = json!({
            "duration": "30s", "tunables": {"zfs_txg_timeout": timeout},
            "pool": {"mirror": 2, "device": device},
            "workloads": [{"kind": "scrub", "block_size": "128K"}],
        });
        let r = run(&v);
        let most = 30 / timeout;
        assert!(r.txgs.len() as u64 <= most, "{timeout} s on {device}: {} txgs", r.txgs.len());
        assert!(r.txgs.len() as u64 + 1 >= most, "{timeout} s on {device}: only {} txgs", r.txgs.len());
        for t in &r.txgs {
            assert!(t.stime >= timeout * 1_000_000_000, "{timeout} s: txg {} took {} ns", t.txg, t.stime);
        }
        assert!(r.summary.backend.read_bytes_per_s > 0);
    }
}

/// `vdev_mirror_io_done()` issues a resilver's repair writes in the async-write class;
/// the legacy scheduler's children inherited the resilver priority (its scrub class here).
#[test]
fn resilver_repair_writes_go_in_the_async_write_class() {
    let repairs = |scheduler: &str| {
        let v = json!({"duration": "10s", "models": {"scheduler": scheduler},
            "pool": {"mirror": 2, "device": {"kind": "lun"}},
            "workloads": [{"kind": "resilver"}]});
        let r = run(&v);
        let class = |name: &str| r.summary.classes[name].latency.count;
        (class("async_write"), class("scrub"))
    };
    // No client writes: the async writes are the repairs, one per block read, and the
    // syncs' few metadata writes.
    let (async_writes, scan_ios) = repairs("openzfs");
    assert!(scan_ios > 1000 && async_writes >= scan_ios * 9 / 10, "{async_writes} async writes, {scan_ios} reads");
    let (async_writes, scan_ios) = repairs("legacy");
    assert!(
        scan_ios > 1000 && async_writes * 20 < scan_ios,
        "legacy: {async_writes} async writes, {scan_ios} scan I/Os"
    );
}

/// A scrub of one 7200 rpm HDD for 30 s under `release`, with `readers` random readers:
/// the scrub's MB/s and the readers' mean latency [ms].
fn scrub_beside_readers(release: &str, readers: u32) -> (f64, f64) {
    let mut workloads = vec![json!({"kind": "scrub"})];
    if readers > 0 {
        workloads.push(json!({"kind": "random_read", "threads": readers}));
    }
    let v = json!({"duration": "30s", "steady": {"summaries": "whole_run"},
        "models": {"release": release}, "pool": {"device": {"kind": "hdd"}}, "workloads": workloads});
    let r = run(&v);
    (r.summary.classes["scrub"].bytes_per_s as f64 / 1e6, r.summary.client_read.mean_ns as f64 / 1e6)
}

#[test]
fn before_0_8_a_scrub_reads_in_traversal_order_and_yields_to_clients() {
    // 0.7: blocks where the traversal finds them (random on the disk), at most
    // zfs_top_maxinflight in flight; 2.2: sorted, sequential extents.
    let (old_idle, _) = scrub_beside_readers("0.7", 0);
    let (new_idle, _) = scrub_beside_readers("2.2", 0);
    assert!(old_idle < new_idle / 4.0, "0.7 {old_idle} MB/s, 2.2 {new_idle} MB/s");
    // With readers, 0.7 waits zfs_scrub_delay (4 ticks of 4 ms) before each block: the
    // scrub all but stops and the readers see less of it than under 2.2's scrub.
    let (old_busy, old_read_ms) = scrub_beside_readers("0.7", 4);
    let (_, new_read_ms) = scrub_beside_readers("2.2", 4);
    assert!(old_busy < old_idle / 5.0, "busy {old_busy} MB/s, idle {old_idle} MB/s");
    // At most one 128 KiB block per 16 ms delay.
    assert!(old_busy <= 128.0 * 1024.0 / 0.016 / 1e6, "{old_busy} MB/s");
    assert!(old_read_ms < new_read_ms, "reads {old_read_ms} ms under 0.7's scrub, {new_read_ms} ms under 2.2's");
}
