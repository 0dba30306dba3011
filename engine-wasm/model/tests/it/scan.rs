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
        // Back to back, each as long as the longest at most. Past the timeout a sync waits
        // for the scan's bytes in flight (16 MiB, about 90 ms on the HDD), then flushes: the
        // HDD may still hold the sync's MOS blocks in its cache (its nearest-first pick
        // defers them while scrub reads are near the head; up to a turn each, some 150 ms
        // for all 18), then the uberblocks at both ends of the disk (about 30 ms).
        let longest = r.txgs.iter().map(|t| t.stime).max().unwrap_or(1);
        assert!(longest < (timeout * 1_000 + 300) * MS, "{timeout} s on {device}: a sync took {longest} ns");
        let least = 30 * 1_000 * MS / longest;
        assert!(r.txgs.len() as u64 + 1 >= least, "{timeout} s on {device}: only {} txgs", r.txgs.len());
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

/// The synced txgs' sync times [ns] of a scrub alone on an SSD under `release`, with
/// `zfs_txg_timeout` 2 s and the scan's minimum time (by the release's name) 10 s.
fn scrub_alone_sync_times(release: &str, min_time_name: &str) -> Vec<u64> {
    let v = json!({"duration": "30s", "models": {"release": release},
        "tunables": {"zfs_txg_timeout": 2, min_time_name: 10_000},
        "pool": {"device": {"kind": "ssd"}}, "workloads": [{"kind": "scrub"}]});
    run(&v).txgs.iter().map(|t| t.stime).collect()
}

#[test]
fn before_0_8_the_txg_timeout_alone_ends_a_scan_phase() {
    const S: u64 = 1_000_000_000;
    // dsl_scan.c dsl_scan_check_suspend() at zfs-0.6.5 and zfs-0.7.0 suspends once
    // `elapsed_nanosecs / NANOSEC >= zfs_txg_timeout`, the scan phase's own time, whatever
    // zfs_scan_min_time_ms: 2 s of scan, then the sync's flushes.
    for stime in scrub_alone_sync_times("0.7", "zfs_scan_min_time_ms") {
        assert!((2 * S..2 * S + S / 10).contains(&stime), "0.7: {stime} ns");
    }
    // At zfs-0.6.4 the test is `>`: whole seconds past the timeout, so 3 s.
    for stime in scrub_alone_sync_times("0.6.4", "zfs_scan_min_time_ms") {
        assert!((3 * S..3 * S + S / 10).contains(&stime), "0.6.4: {stime} ns");
    }
    // From zfs-0.8.0, scan_io_queue_check_suspend() never suspends before the minimum.
    let after = scrub_alone_sync_times("0.8", "zfs_scrub_min_time_ms");
    assert!(!after.is_empty() && after.iter().all(|&t| t > 10 * S), "0.8: {after:?}");
}

/// The scrub I/Os per second of a 2-way mirror of LUNs (1 ms each, no bandwidth limit, a
/// scrub class allowed 100 active per leaf) under `release` and `zfs_scan_vdev_limit`.
fn mirror_scrub_iops(release: &str, limit: &str) -> f64 {
    let v = json!({"duration": "10s", "models": {"release": release},
        "tunables": {"zfs_vdev_scrub_max_active": 100, "zfs_scan_vdev_limit": limit},
        "pool": {"mirror": 2, "device": {"kind": "lun", "bandwidth": 10_000_000_000u64, "base_latency": "1ms"}},
        "workloads": [{"kind": "scrub"}]});
    let r = run(&v);
    r.summary.classes["scrub"].latency.count as f64 / (r.summary.measured_ns as f64 / 1e9)
}

#[test]
fn in_0_8_and_2_0_a_vdevs_scan_limit_counts_its_leaves_and_is_at_least_1_mib() {
    // dsl_scan.c scan_io_queues_run_one() at zfs-0.8.0 and zfs-2.0.0:
    // q_maxinflight_bytes = MAX(dsl_scan_count_leaves(vd) * zfs_scan_vdev_limit, 1 MiB),
    // a 2-way mirror counting two leaves. 64K and 512K both give 1 MiB; 1M gives 2 MiB.
    for release in ["0.8", "2.0"] {
        let (small, half, full) =
            (mirror_scrub_iops(release, "64K"), mirror_scrub_iops(release, "512K"), mirror_scrub_iops(release, "1M"));
        assert_eq!(small, half, "{release}: both at the 1 MiB floor");
        assert!(full > 1.9 * half, "{release}: {full} vs {half} I/Os per second");
    }
    // From zfs-2.1.0: MAX(1, zfs_scan_vdev_limit * (ndisks - nparity)), one for a mirror:
    // 1M gives 1 MiB, as 512K did before, and 64K an eighth of 512K's.
    let (small, half, full) =
        (mirror_scrub_iops("2.1", "64K"), mirror_scrub_iops("2.1", "512K"), mirror_scrub_iops("2.1", "1M"));
    assert!(half > 3.5 * small && full > 1.9 * half, "2.1: {small}, {half}, {full}");
    assert!((full / mirror_scrub_iops("0.8", "512K") - 1.0).abs() < 0.02);
}

/// The scrub I/Os per second of one LUN under 0.7, with `layout`, and with one thread of
/// 8 KiB O_DSYNC writes if `sync`.
fn scrub_0_7_iops(layout: &str, sync: bool) -> f64 {
    let mut workloads = vec![json!({"kind": "scrub"})];
    if sync {
        workloads.push(json!({"kind": "sync_write", "threads": 1, "block_size": "8K", "sync": "dsync"}));
    }
    let v = json!({"duration": "10s", "models": {"release": "0.7"},
        "tunables": {"zfs_vdev_scrub_max_active": 1000},
        "pool": {"layout": layout, "device": {"kind": "lun", "bandwidth": 10_000_000_000u64, "base_latency": "1ms"}},
        "workloads": workloads});
    let r = run(&v);
    r.summary.classes["scrub"].latency.count as f64 / (r.summary.measured_ns as f64 / 1e9)
}

#[test]
fn before_0_8_the_scan_limit_counts_every_top_level_vdev_and_a_slog_does_not_slow_it() {
    // dsl_scan.c dsl_scan_scrub_cb() at zfs-0.7.0: maxinflight = rvd->vdev_children *
    // zfs_top_maxinflight, the root's children, a log vdev among them: 64 blocks, not 32,
    // all on the one data disk, which at a fixed latency scrubs twice as fast.
    let (alone, with_log) = (scrub_0_7_iops("a", false), scrub_0_7_iops("a log b", false));
    assert!((with_log / alone - 2.0).abs() < 0.05, "{with_log} vs {alone} I/Os per second");
    // zio.c zio_vdev_io_start() at zfs-0.7.0 sets spa_last_io only for I/O to a vdev that
    // is not a log (`!vd->vdev_islog`): O_DSYNC writes to the pool delay each scrub block
    // zfs_scrub_delay (4 ticks, 16 ms here: at most 62.5 a second); to a SLOG, not at all.
    assert!(scrub_0_7_iops("a", true) <= 62.5);
    assert!(scrub_0_7_iops("a log b", true) > 0.9 * with_log);
}

/// A 0.6.5 resilver of a 2-way mirror of HDDs for 30 s, no clients, on a pool written as
/// `written`, with the drives' `rpm` and write cache (`cache_writes`) and
/// `zfs_vdev_async_write_min_active` at `min_active`: the report.
fn resilver_0_6_5_hdd(written: &str, rpm: u64, cache_writes: u64, min_active: u64) -> Report {
    run(&json!({"duration": "30s", "models": {"release": "0.6.5"},
        "tunables": {"zfs_vdev_async_write_min_active": min_active},
        "pool": {"mirror": 2, "written": written, "device": {"kind": "hdd", "rpm": rpm, "cache_writes": cache_writes}},
        "workloads": [{"kind": "resilver"}]}))
}

fn read_mb_per_s(r: &Report) -> f64 {
    r.summary.backend.read_bytes_per_s as f64 / 1e6
}

#[test]
fn before_0_8_a_sequentially_written_pool_is_traversed_in_offset_order() {
    // dsl_scan_recurse() at zfs-0.6.5 visits an object's block pointers by block id; on a
    // pool filled once by sequential writes those lie at ascending offsets, so the reads
    // stream off the healthy side instead of seeking for each block. The drives' write
    // cache takes the repair writes.
    let (aged, sequential) = (resilver_0_6_5_hdd("aged", 7200, 24, 1), resilver_0_6_5_hdd("sequentially", 7200, 24, 1));
    let (a, s) = (read_mb_per_s(&aged), read_mb_per_s(&sequential));
    assert!(s > 5.0 * a, "{s} vs {a} MB/s");
    // Random: a seek and half a turn (4.2 ms) each; in order: about a transfer.
    let device_read_ms = |r: &Report| r.summary.backend.device_read.mean_ns as f64 / 1e6;
    assert!(device_read_ms(&aged) > 8.0, "aged: {} ms a read", device_read_ms(&aged));
    assert!(device_read_ms(&sequential) < 3.0, "sequentially: {} ms a read", device_read_ms(&sequential));
}

#[test]
fn a_sequential_resilver_without_a_write_cache_waits_on_its_one_repair_write() {
    // openzfs/zfs#4825 (0.6.5, 2-way mirror of 5900 rpm drives, a pool filled the day
    // before): 10.5-11.6 MiB/s at zfs_vdev_async_write_min_active 1, 140-160 MiB/s at 8.
    // Reads in order are cheap, so the repair writes, one at a time below the dirty-data
    // ramp (vdev_queue_max_async_writes()) and each waiting for the platter, set the rate.
    // On an aged pool the random reads set it, whatever the writes may do.
    let rate = |written, min_active| read_mb_per_s(&resilver_0_6_5_hdd(written, 5900, 0, min_active));
    let (one, eight) = (rate("sequentially", 1), rate("sequentially", 8));
    assert!(eight > 5.0 * one, "sequentially: {one} MB/s at 1, {eight} at 8");
    let (one, eight) = (rate("aged", 1), rate("aged", 8));
    assert!((eight / one - 1.0).abs() < 0.2, "aged: {one} MB/s at 1, {eight} at 8");
}

/// The scrub I/Os per second of one fixed-latency LUN under 0.7, on a pool written as
/// `written`, with one thread of 8 KiB O_DSYNC writes if `sync`.
fn scrub_0_7_lun_iops(written: &str, sync: bool) -> f64 {
    let mut workloads = vec![json!({"kind": "scrub"})];
    if sync {
        workloads.push(json!({"kind": "sync_write", "threads": 1, "block_size": "8K", "sync": "dsync"}));
    }
    let v = json!({"duration": "10s", "models": {"release": "0.7"},
        "tunables": {"zfs_vdev_scrub_max_active": 1000},
        "pool": {"written": written, "device": {"kind": "lun", "bandwidth": 10_000_000_000u64, "base_latency": "1ms"}},
        "workloads": workloads});
    let r = run(&v);
    r.summary.classes["scrub"].latency.count as f64 / (r.summary.measured_ns as f64 / 1e9)
}

#[test]
fn a_sequentially_written_pool_changes_only_the_order_of_the_traversal() {
    // On a LUN the order costs nothing: zfs_top_maxinflight (32 blocks at 1 ms) and, with
    // O_DSYNC writes, zfs_scrub_delay (at most 62.5 blocks a second) bound the scrub as
    // before (dsl_scan_scrub_cb() at zfs-0.7.0 looks at no block's offset).
    for sync in [false, true] {
        let (aged, sequential) = (scrub_0_7_lun_iops("aged", sync), scrub_0_7_lun_iops("sequentially", sync));
        assert!((sequential / aged - 1.0).abs() < 0.02, "sync {sync}: {sequential} vs {aged} I/Os per second");
    }
    assert!(scrub_0_7_lun_iops("sequentially", true) <= 62.5);
}

#[test]
fn an_aged_pool_is_the_default_and_leaves_the_report_as_it_was() {
    // The default is the random order this lab always had, and a report of it names no
    // `written`, so that its bytes are those of before the setting.
    let scrub = |written: Option<&str>| {
        let mut pool = json!({"mirror": 2});
        if let Some(w) = written {
            pool["written"] = json!(w);
        }
        let v = json!({"duration": "10s", "models": {"release": "0.6.5"}, "pool": pool,
            "workloads": [{"kind": "scrub"}, {"kind": "random_read", "threads": 2}]});
        serde_json::to_string(&run(&v)).expect("a report serializes")
    };
    let (default, aged) = (scrub(None), scrub(Some("aged")));
    assert_eq!(default, aged);
    assert!(!default.contains("\"written\""));
    assert!(scrub(Some("sequentially")).contains("\"written\":\"sequentially\""));
}

#[test]
fn from_0_8_the_sorted_scan_reads_alike_however_the_pool_was_written() {
    // scan_io_queues_run_one() from zfs-0.8.0 issues sorted extents in offset order: the
    // traversal's order no longer reaches the disk. Everything but the echoed scenario is
    // the same.
    for (release, scan) in [("0.8", "resilver"), ("2.2", "scrub")] {
        let report = |written: &str| {
            let v = json!({"duration": "10s", "models": {"release": release},
                "pool": {"mirror": 2, "written": written}, "workloads": [{"kind": scan}]});
            let mut r = serde_json::to_value(run(&v)).expect("a report serializes");
            r.as_object_mut().map(|o| o.remove("scenario"));
            r
        };
        assert_eq!(report("aged"), report("sequentially"), "{release} {scan}");
    }
}

#[test]
fn a_links_pool_written_reaches_the_scenario() {
    use throttle_model::link::decode;
    use throttle_model::scenario::{lab::scenario_from_settings, Written};
    let written = |link: &str| scenario_from_settings(&decode(link).tunables).map(|s| s.pool.written);
    assert_eq!(written("v=1&resilver=on&mirror=2"), Ok(Written::Aged));
    assert_eq!(written("v=1&resilver=on&mirror=2&pool_written=sequentially"), Ok(Written::Sequentially));
}
