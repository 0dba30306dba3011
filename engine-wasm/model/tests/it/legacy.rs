//! The legacy write throttle and scheduler beside OpenZFS on the same workload and seed:
//! S3, S4, S5 and S9 from `seed-scenarios.md`, at the seed's inputs and at others.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::presets;
use throttle_model::scenario::Scenario;

fn preset(name: &str) -> Value {
    serde_json::from_str(presets::find(name).unwrap_or_else(|| panic!("no preset {name}")).json).expect("JSON")
}

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn with_models(mut v: Value, models: &str) -> Value {
    v["models"]["throttle"] = json!(models);
    v["models"]["scheduler"] = json!(models);
    v
}

/// Counts in `zpool iostat -w` buckets [2^lo, 2^hi) ns.
fn count(hist: &[u64], lo: usize, hi: usize) -> u64 {
    hist[lo..hi.min(hist.len())].iter().sum()
}

#[test]
fn s3_the_legacy_limit_tracks_throughput_and_delays_writes_the_backend_could_take() {
    for (threads, mb) in [(10u64, 100u64), (20, 50)] {
        let mut v = preset("s3-light-writers");
        v["workloads"][0]["threads"] = json!(threads);
        v["workloads"][0]["rate"] = json!(mb * 1_000_000);
        v["pool"]["device"]["bandwidth"] = json!(mb * 1_000_000);
        let legacy = run(&v);
        // The limit settles near synctime (5 s in 2008) x measured throughput, x6 inflated.
        let last = legacy.txgs.last().and_then(|t| t.legacy.clone()).expect("legacy figures");
        let logical = last.write_limit as f64 / 6.0;
        let expected = 5.0 * mb as f64 * 1e6;
        assert!((logical / expected - 1.0).abs() < 0.25, "{threads}/{mb}: limit {logical:.0} vs {expected:.0}");
        // NOTE: txg_delay() waits a tick past 7/8 only while txg - 1 is not yet syncing.
        // With each quiesced txg handed to the sync thread at once, a sync that keeps pace
        // with the fill leaves no such window at the seed's exactly matched rates; one that
        // falls behind (here the backend 20% short of the offered rate) does.
        let mut slow = v.clone();
        slow["pool"]["device"]["bandwidth"] = json!(mb * 1_000_000 * 5 / 6);
        let lagging = run(&slow);
        let tail: u64 = lagging.txgs.iter().skip(4).filter_map(|t| t.legacy.as_ref()).map(|l| l.delays_7_8).sum();
        assert!(tail > 0, "{threads}/{mb}: 7/8 delays happen once the sync falls behind");
        let offered = (mb * 1_000_000) as f64;
        let openzfs = run(&with_models(v, "openzfs"));
        assert_eq!(openzfs.summary.throttle.counters.delayed, 0, "{threads}/{mb}: OpenZFS delays nothing");
        assert!(openzfs.summary.client_write_bytes_per_s as f64 > 0.98 * offered);
    }
}

#[test]
fn s4_legacy_latency_is_tri_modal_and_openzfs_single_moded() {
    for (threads, link_mb, backend_mb) in [(1000u64, 1000u64, 100u64), (500, 600, 50)] {
        let mut v = preset("s4-heavy-writers");
        v["workloads"][0]["threads"] = json!(threads);
        v["workloads"][0]["rate"] = json!(link_mb * 1_000_000);
        v["pool"]["device"]["bandwidth"] = json!(backend_mb * 1_000_000);
        v["duration"] = json!("90s");
        let legacy = run(&v);
        let h = &legacy.histograms.client_write;
        let total = legacy.summary.client_write.count as f64;
        let fast = count(h, 0, 20) as f64 / total; // under 1 ms: software speed
        let tick = count(h, 22, 26) as f64 / total; // 4 ms to 67 ms: the 10 ms delay
        let stall = count(h, 30, 37) as f64 / total; // a second and more: waiting at the limit
        assert!(fast > 0.5 && tick > 0.02 && stall > 0.005, "{threads}: {fast:.3} / {tick:.3} / {stall:.4}");
        // Every thread stalls once per txg at the limit.
        let mut waits: Vec<u64> = legacy.txgs.iter().filter_map(|t| t.legacy.as_ref()).map(|l| l.limit_waits).collect();
        waits.sort_unstable();
        let median = waits[waits.len() / 2];
        assert!(median >= threads / 2 && median <= threads, "{threads}: median limit waits {median}");

        let openzfs = run(&with_models(v, "openzfs"));
        let o = &openzfs.summary.client_write;
        assert_eq!(count(&openzfs.histograms.client_write, 30, 37), 0, "{threads}: no OpenZFS write waits a second");
        // NOTE: no assertion on the mean. Closed-loop writers at the same backend rate have
        // about the same mean by Little's law (the seed: 1.04 vs 1.27 ms on a comparable,
        // not the same, load); the legacy mean was higher here only while a quiesced txg
        // waited for the 30 s timer at the start. What OpenZFS removes is the variance.
        assert!(o.stddev_ns * 5 < legacy.summary.client_write.stddev_ns, "variance collapses");
    }
}

#[test]
fn s5_legacy_writes_in_a_picket_fence_and_openzfs_smoothly() {
    // Loads above what the minimum two async writes per disk carry (about 2 x 128 KiB per
    // latency), so the OpenZFS scheduler has to follow dirty data. Below that, a trickle,
    // OpenZFS too writes each txg in a short low-concurrency burst.
    for (rate_mb, latency_ms) in [(40u64, 5u64), (30, 8), (60, 3)] {
        let mut v = preset("s5-picket-fence");
        v["workloads"][0]["rate"] = json!(rate_mb * 1_000_000);
        v["pool"]["device"]["base_latency"] = json!(format!("{latency_ms}ms"));
        let legacy = run(&v).summary.picket_fence;
        let openzfs = run(&with_models(v, "openzfs")).summary.picket_fence;
        assert!(legacy.write_cv > 0.6, "{rate_mb} MB/s: legacy CV {}", legacy.write_cv);
        // Reads during a legacy sync's burst are slower than between syncs (the seed gives
        // no figure; 1.3 leaves the 30 MB/s case, 1.35, its square wave).
        assert!(legacy.read_p99_ratio > 1.3, "{rate_mb} MB/s: legacy read p99 ratio {}", legacy.read_p99_ratio);
        assert!(openzfs.write_cv < 0.2, "{rate_mb} MB/s: OpenZFS CV {}", openzfs.write_cv);
    }
}

#[test]
fn s9_fewer_pending_ios_protect_reads_from_a_resilver_and_openzfs_protects_them_by_default() {
    for readers in [4u64, 8] {
        let read_mean = |pending: u64, models: &str| {
            let mut v = preset("s9-resilver");
            v["workloads"][0]["threads"] = json!(readers);
            v["tunables"]["zfs_vdev_max_pending"] = json!(pending);
            let v = if models == "openzfs" { with_models(v, "openzfs") } else { v };
            run(&v).summary.client_read.mean_ns
        };
        let (p35, p10, p2) = (read_mean(35, "legacy"), read_mean(10, "legacy"), read_mean(2, "legacy"));
        assert!(p10 <= p35 + p35 / 20, "{readers}: 35 -> 10 does not hurt: {p35} {p10}");
        assert!(p2 * 4 < p10, "{readers}: 2 protects reads: {p10} -> {p2}");
        let openzfs = read_mean(10, "openzfs");
        assert!(openzfs * 4 < p10, "{readers}: OpenZFS at defaults {openzfs} vs legacy {p10}");
    }
}

#[test]
fn a_legacy_light_load_gets_its_offered_rate_and_a_quiesced_txg_syncs_at_once() {
    // txg_quiesce_thread() hands each quiesced txg to the sync thread at once
    // (cv_broadcast(&tx->tx_sync_more_cv)); txg_sync_thread() waits for its timer only while
    // nothing is quiesced. So a load far below the backend and the write limit is never
    // held back: the client gets its offered rate, and no quiesced txg waits to sync.
    for (era, writers, mb, block, backend_mb) in
        [("2008", 4u64, 20u64, "128K", 200u64), ("2010", 2, 8, "8K", 100), ("2010", 8, 30, "64K", 400)]
    {
        let v = json!({
            "duration": "60s", "report_interval": "500ms",
            "models": {"throttle": "legacy", "scheduler": "legacy", "era": era},
            "pool": {"device": {"kind": "lun", "bandwidth": backend_mb * 1_000_000}},
            "workloads": [{"kind": "async_write", "threads": writers, "block_size": block, "rate": mb * 1_000_000}],
        });
        let r = run(&v);
        let offered = (mb * 1_000_000) as f64;
        let got = r.summary.client_write_bytes_per_s as f64;
        assert!((got / offered - 1.0).abs() < 0.02, "{era}, {writers} x {block} at {mb} MB/s: got {got:.0} B/s");
        // A quiesced txg starts syncing at once: wtime (quiesced to syncing) is zero
        // unless the previous txg was still syncing then.
        for w in r.txgs.windows(2) {
            let (prev, t) = (&w[0], &w[1]);
            let quiesced = t.birth + t.otime + t.qtime;
            let prev_done = prev.birth + prev.otime + prev.qtime + prev.wtime + prev.stime;
            if quiesced >= prev_done {
                assert_eq!(t.wtime, 0, "{era}: txg {} waited {} ns to sync", t.txg, t.wtime);
            }
        }
    }
}

/// The legacy throttle's `dp_space_towrite` counts every buffer `dbuf_dirty()` dirtied,
/// inflated by `spa_get_asize()` (x24 from 2010): whole records and the indirect and
/// dnode blocks above them, not the bytes written. So each txg's `data_written` is its
/// dirty data times 24, though its 8 KiB writes are a sixteenth of their records.
#[test]
fn the_legacy_write_limit_counts_whole_dirtied_buffers_inflated() {
    let v = json!({"duration": "20s", "models": {"throttle": "legacy", "scheduler": "legacy", "era": "2010"},
        "pool": {"device": {"kind": "lun"}},
        "workloads": [{"kind": "async_write", "threads": 4, "block_size": "8K", "record_size": "128K", "rate": "20M"}]});
    let r = run(&v);
    assert!(r.txgs.len() > 2);
    for t in &r.txgs {
        let legacy = t.legacy.as_ref().expect("legacy figures");
        assert_eq!(legacy.data_written, t.ndirty * 24, "txg {}", t.txg);
    }
}

/// `dsl_pool_sync()` (zfs-0.4.9 and zfs-0.5.2 `dsl_pool.c`) sets `zfs_write_limit_inflated`
/// from memory only while `zfs_write_limit_shift` is nonzero. At 0 it stays 0, so the first
/// sync that counts sets `dp_write_limit = MIN(0, ...) = 0`, and
/// `dsl_pool_tempreserve_space()` checks nothing while `write_limit` is 0: the txgs after
/// the first close on the timer alone, with no writer waiting at a limit or sleeping a tick.
#[test]
fn a_write_limit_shift_of_0_leaves_no_write_limit_after_the_first_sync() {
    for era in ["2008", "2010"] {
        let v = json!({"duration": "40s", "models": {"throttle": "legacy", "scheduler": "legacy", "era": era},
            "tunables": {"zfs_write_limit_shift": 0, "zfs_txg_timeout": 5},
            "pool": {"device": {"kind": "lun"}},
            "workloads": [{"kind": "async_write", "threads": 8, "block_size": "128K", "rate": "60M"}]});
        let r = run(&v);
        assert!(r.txgs.len() > 2, "{era}");
        let first = r.txgs[0].legacy.as_ref().expect("legacy figures");
        assert_eq!(first.write_limit, 32 << 20, "{era}: dp_write_limit starts at zfs_write_limit_min");
        // The txg open while the first syncs still sees the old limit.
        for t in r.txgs.iter().skip(2) {
            let l = t.legacy.as_ref().expect("legacy figures");
            assert_eq!((l.write_limit, l.limit_waits, l.delays_7_8), (0, 0, 0), "{era}: txg {}", t.txg);
        }
        // At the default shift the same load is held at the measured limit.
        let mut limited = v.clone();
        limited["tunables"] = json!({"zfs_txg_timeout": 5});
        let waits: u64 = run(&limited).txgs.iter().filter_map(|t| t.legacy.as_ref()).map(|l| l.limit_waits).sum();
        assert!(waits > 0, "{era}: the default shift limits this load");
    }
}

/// `dsl_dir_tempreserve_space()` (zfs-0.4.9 and zfs-0.5.2 `dsl_dir.c`) asks
/// `arc_tempreserve_space()` before `dsl_pool_tempreserve_space()`: with dirty data past a
/// quarter of the ARC and, with the reserve, past half of it, the ARC refuses, and
/// `dsl_pool_memory_pressure()` cuts `dp_write_limit` to a quarter of the inflated bytes
/// of the unsynced txgs (never below `zfs_write_limit_min`) before the writer waits for the
/// next txg. So with a 1 GiB ARC a load whose two unsynced txgs hold more than 256 MiB is
/// refused by the ARC, and the limit in force falls below the one the EWMA set.
#[test]
fn the_arc_is_asked_before_the_legacy_write_limit_and_its_refusal_cuts_the_limit() {
    let v = json!({"duration": "40s", "system": {"ram": "8G"}, "models": {"throttle": "legacy", "scheduler": "legacy", "era": "2010"},
        "tunables": {"zfs_arc_max": "1G"},
        "pool": {"device": {"kind": "lun", "bandwidth": 200_000_000, "base_latency": "500us"}},
        "workloads": [{"kind": "async_write", "threads": 64, "block_size": "128K", "rate": "2G"}]});
    let r = run(&v);
    assert!(r.summary.throttle.counters.arc_dirty_throttles > 0, "{:?}", r.summary.throttle.counters);
    let (min, cap) = (32u64 << 20, (8u64 << 30) / 8 * 24);
    let mut cut = 0;
    for w in r.txgs.windows(2) {
        let (prev, t) = (w[0].legacy.as_ref().expect("legacy"), w[1].legacy.as_ref().expect("legacy"));
        // The limit the EWMA left after the previous sync: synctime 1000 ms x bytes/ms.
        let ewma_limit = cap.min(min.max(prev.throughput * 1000));
        assert!(t.write_limit >= min, "txg {}", w[1].txg);
        if t.write_limit < ewma_limit {
            cut += 1;
        }
    }
    assert!(cut > 0, "dsl_pool_memory_pressure() cut the limit");
}
