//! Invariants of the simulation over random scenarios: every I/O completes once, dirty
//! bytes are conserved, queues respect their limits, txgs sync in order, delayed
//! transactions wake their delay apart, time never goes back, and runs are deterministic.

use proptest::prelude::*;
use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;
use throttle_model::sim::Sim;

fn device() -> impl Strategy<Value = Value> {
    prop_oneof![
        (0u32..2).prop_map(|cache| json!({"kind": "hdd", "cache_writes": cache * 24})),
        Just(json!({"kind": "ssd"})),
        (20u64..400, 0u64..20).prop_map(
            |(mb, lat)| json!({"kind": "lun", "bandwidth": mb * 1_000_000, "base_latency": format!("{lat}ms")})
        ),
    ]
}

/// A writer's dataset: a file system's (`None`), or a zvol of that volblocksize, smaller
/// or larger than the writes (a zvol's write is one transaction over its blocks).
fn zvol() -> impl Strategy<Value = Option<&'static str>> {
    proptest::option::of(prop_oneof![Just("4K"), Just("16K"), Just("64K")])
}

fn with_zvol(mut w: Value, zvol: Option<&str>) -> Value {
    if let Some(block) = zvol {
        w["volblocksize"] = json!(block);
    }
    w
}

fn workload() -> impl Strategy<Value = Value> {
    let block = prop_oneof![Just("4K"), Just("8K"), Just("128K"), Just("1M")];
    prop_oneof![
        (1u32..64, block.clone(), any::<bool>(), 0u64..300, any::<bool>(), zvol()).prop_map(
            |(threads, bs, seq, rate, burst, zvol)| {
                let mut w = json!({"kind": "async_write", "threads": threads, "block_size": bs,
                                   "pattern": if seq { "sequential" } else { "random" }, "rate": rate * 1_000_000});
                if burst {
                    w["burst"] = json!({"on": "1s", "off": "700ms"});
                }
                with_zvol(w, zvol)
            }
        ),
        (1u32..8, block.clone(), any::<bool>(), zvol()).prop_map(|(threads, bs, dsync, zvol)| {
            let w = if dsync {
                json!({"kind": "sync_write", "threads": threads, "block_size": bs, "sync": "dsync"})
            } else {
                json!({"kind": "sync_write", "threads": threads, "block_size": bs, "sync": "fsync", "fsync_every": "8M"})
            };
            with_zvol(w, zvol)
        }),
        (1u32..16, block).prop_map(|(threads, bs)| json!({"kind": "random_read", "threads": threads, "block_size": bs})),
        (1u32..8).prop_map(|n| json!({"kind": "scrub", "outstanding_per_leaf": n})),
        (1u32..8).prop_map(|n| json!({"kind": "resilver", "outstanding": n})),
    ]
}

fn scenario() -> impl Strategy<Value = Value> {
    (
        any::<u64>(),
        1u32..3,
        1u32..3,
        device(),
        proptest::collection::vec(workload(), 1..4),
        (16u64..2048, 1u64..8, 0u64..40, 40u64..90),
        (1u64..12, 1u64..12),
        (any::<bool>(), any::<bool>(), any::<bool>()),
        (proptest::option::of((any::<bool>(), 0u64..40, 0u64..15)), 0u64..4),
    )
        .prop_map(|(seed, tops, mirror, mut device, mut workloads, (dirty_mb, timeout, sync_pct, delay_pct), (wmin, wmax), (lt, ls, old), (allocator, zones))| {
            let model = |legacy: bool| if legacy { "legacy" } else { "openzfs" };
            // Tenants: none, or the workloads spread over up to three zones and the global one.
            for (i, w) in workloads.iter_mut().enumerate() {
                let scan = matches!(w["kind"].as_str(), Some("scrub" | "resilver"));
                if zones > 0 && !scan {
                    w["tenant"] = json!(format!("z{}", (i as u64 + seed) % zones));
                }
            }
            // The metaslab allocator, on a small disk so that ageing it stays quick.
            let allocator = allocator.map(|(y2009, fill, holes)| {
                device["capacity"] = json!("16G");
                json!({"policy": if y2009 { "2009" } else { "2010" }, "fill": format!("{fill}%"), "holes": format!("{holes}%")})
            });
            let retire = if seed % 2 == 0 { "logical" } else { "physical" };
            // A third of the pools are RAID-Z of parity 1 to 3; some of those have a log
            // mirror, some a special class taking blocks up to 8 KiB too.
            let parity = if seed % 3 == 0 { 1 + seed / 3 % 3 } else { 0 };
            let mut pool = if parity > 0 && seed % 5 < 2 {
                let disks = "d ".repeat(parity as usize + mirror as usize);
                let aux = if seed % 5 == 0 { "log mirror l1 l2" } else { "special mirror s1 s2" };
                // Some of the RAID-Z are dRAID of the same parity with a distributed spare.
                let kind = if seed % 7 == 0 { format!("draid{parity}:1s d") } else { format!("raidz{parity}") };
                json!({"layout": format!("{kind} {disks} {aux}"), "device": device, "retire": retire,
                       "special_small_blocks": "8K"})
            } else {
                json!({"top_level_vdevs": tops, "mirror": mirror + parity as u32, "raidz": parity,
                       "device": device, "retire": retire})
            };
            if let Some(a) = allocator {
                pool["allocator"] = a;
            }
            json!({
                "models": {"throttle": model(lt), "scheduler": model(ls), "era": if old { "2008" } else { "2010" }},
                "seed": seed, "duration": "4s", "report_interval": "250ms",
                "tunables": {
                    "zfs_dirty_data_max": format!("{dirty_mb}M"), "zfs_txg_timeout": timeout,
                    "zfs_dirty_data_sync_percent": sync_pct, "zfs_delay_min_dirty_percent": delay_pct,
                    "zfs_vdev_async_write_min_active": wmin.min(wmax), "zfs_vdev_async_write_max_active": wmax.max(wmin),
                },
                "pool": pool,
                "workloads": workloads,
                "budget": {"max_events": 3_000_000},
            })
        })
}

fn run(v: &Value) -> Report {
    let s = Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("generated scenario is invalid: {e}\n{v}"));
    report::run(s)
}

/// Most one transaction can dirty, and how many can be past the limit check at once.
fn writers_and_block(v: &Value) -> (u64, u64) {
    let bytes = |s: &str| throttle_model::units::parse_value(throttle_model::units::Unit::Bytes, s).unwrap_or(0);
    let mut threads = 0;
    let mut block = 0;
    for w in v["workloads"].as_array().into_iter().flatten() {
        if w["kind"] == "async_write" || w["kind"] == "sync_write" {
            threads += w["threads"].as_u64().unwrap_or(0);
            block = block.max(bytes(w["block_size"].as_str().unwrap_or("0")));
        }
    }
    (threads, block)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn invariants_hold_in_random_scenarios(v in scenario()) {
        let r = run(&v);
        let i = &r.invariants;
        prop_assert_eq!(i.time_went_back, 0);
        prop_assert_eq!(i.completed_twice, 0);
        prop_assert_eq!(i.txg_out_of_order, 0);
        prop_assert_eq!(i.wakeups_too_close, 0);
        prop_assert_eq!(i.active_above_max, 0);
        prop_assert_eq!(i.leaf_ios_submitted, i.leaf_ios_completed + i.leaf_ios_outstanding);
        prop_assert_eq!(i.dirtied_bytes, i.retired_bytes + i.dirty_at_end);
        // Past the limit by at most what the writers already admitted can add: each its
        // record and the indirect blocks above it (at most 4 levels of 128 KiB here), and
        // the dnode path of its object (a 16 KiB dnode block and the meta-dnode's five
        // 128 KiB indirect blocks) (the legacy throttle limits txg size instead, and knows
        // nothing of zfs_dirty_data_max).
        let (threads, block) = writers_and_block(&v);
        let per_writer = block.max(128 << 10) + 4 * (128 << 10) + (16 << 10) + 5 * (128 << 10);
        if v["models"]["throttle"] == "openzfs" {
            prop_assert!(i.max_dirty_over_limit <= threads * per_writer, "{} > {} x {}", i.max_dirty_over_limit, threads, per_writer);
        }
        // Ageing an allocator spends part of the budget before the first event.
        prop_assert!(r.truncated.is_none() || r.events >= 3_000_000 || v["pool"]["allocator"].is_object());
        for w in r.txgs.windows(2) {
            prop_assert_eq!(w[1].txg, w[0].txg + 1);
            prop_assert!(w[1].birth >= w[0].birth);
        }
        // Tenants: the system-call counts add up, and no delay passes the ceiling (twice
        // it for a write while txgs sync fast); the global zone is never delayed.
        let reads: u64 = r.tenants.iter().map(|t| t.reads.count).sum();
        prop_assert_eq!(reads, r.summary.client_read.count);
        prop_assert!(r.tenants.iter().all(|t| t.delay_now_ns <= 100_000));
        prop_assert_eq!(r.tenants[0].delays, 0);
        // The allocator: every metaslab's fill is a percentage, frees never outnumber
        // the blocks placed, and its report is there exactly when it was asked for.
        prop_assert_eq!(r.allocator.is_some(), v["pool"].get("allocator").is_some());
        if let Some(a) = &r.allocator {
            prop_assert!(a.fill_at_end.iter().all(|&f| f <= 100));
            prop_assert!(a.counters.frees <= a.counters.first_fit + a.counters.best_fit);
        }
        // Steady state: a verdict for each metric, and summaries saying what they cover.
        prop_assert_eq!(r.steady.metrics.len(), 6);
        prop_assert!(r.summary.measured_ns <= r.simulated_ns);
    }

    #[test]
    fn the_same_scenario_gives_the_same_bytes(v in scenario()) {
        let a = serde_json::to_string(&run(&v)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let b = serde_json::to_string(&run(&v)).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert!(a == b);
    }
}

#[test]
fn the_work_budget_stops_a_run_with_a_clear_report() {
    let v = json!({"duration": "60s", "workloads": [{"kind": "async_write", "threads": 100, "block_size": "4K"}],
                   "pool": {"device": {"kind": "lun"}}, "budget": {"max_events": 10000}});
    let r = run(&v);
    let why = r.truncated.expect("truncated");
    assert!(why.contains("stopped after 10000 events"), "{why}");
    assert!(r.simulated_ns < 60_000_000_000);
}

#[test]
fn a_zero_txg_timeout_syncs_continuously_and_still_ends() {
    let v = json!({"duration": "2s", "tunables": {"zfs_txg_timeout": 0},
                   "workloads": [{"kind": "async_write", "threads": 4, "block_size": "128K", "rate": "20M"}],
                   "pool": {"device": {"kind": "ssd"}}});
    let r = run(&v);
    assert!(r.truncated.is_none());
    assert!(r.txgs.len() > 20, "{} txgs", r.txgs.len());
}

#[test]
fn small_writes_dirty_whole_records_and_sequential_ones_share_them() {
    let per_write = |pattern: &str| {
        let v = json!({"duration": "3s", "pool": {"device": {"kind": "ssd"}},
            "workloads": [{"kind": "async_write", "threads": 4, "block_size": "8K", "record_size": "128K",
                           "pattern": pattern, "region": "64G", "rate": "16M"}]});
        let r = run(&v);
        let writes = r.summary.client_write.count as f64;
        (r.invariants.dirtied_bytes as f64 / writes, r.summary.client_write_bytes_per_s as f64)
    };
    let (sequential, seq_throughput) = per_write("sequential");
    let (random, random_throughput) = per_write("random");
    // dbuf_dirty charges the whole 128 KiB record once per txg: 8 KiB a write when 16
    // writes share a record (and their L1 once a txg), 128 KiB a write when every write
    // lands in its own. The random writes also dirty the L1 above each record: their one
    // 64 GiB file has 512, and the run's one txg of 6,144 writes (16 MiB/s for 3 s) dirties
    // nearly all (512 x (1 - e^-12)), with an L2 and the dnode path: 64.6 MiB over 6,144
    // writes, ~8% more than the records.
    assert!(sequential > 8192.0 && sequential < 9216.0, "{sequential}");
    assert!(random > 1.06 * 131072.0 && random < 1.12 * 131072.0, "{random}");
    // What the clients wrote is what they copied in, not what that dirtied.
    for throughput in [seq_throughput, random_throughput] {
        assert!((throughput - 16.0 * 1048576.0).abs() < 0.5e6, "{throughput}");
    }
}

/// zfs_write() (`zfs_vnops.c` at every tag) writes a call in chunks of at most one block
/// (`MIN(n, max_blksz - P2PHASE(woff, max_blksz))`), each its own transaction: a 128 KiB
/// write into 32 KiB records is four transactions, and the call returns after the last.
/// A zvol's write (`zvol_write()`) is one transaction over its blocks (`zvol.rs`).
#[test]
fn a_file_write_spanning_records_takes_a_transaction_per_record() {
    let v = json!({"duration": "2s", "report_interval": "1s",
                   "workloads": [{"kind": "async_write", "threads": 2, "block_size": "128K", "record_size": "32K",
                                  "rate": "20M"}]});
    let r = run(&v);
    let calls = r.summary.client_write.count;
    assert!(calls > 100, "{calls}");
    // At the end each of the 2 threads may be inside a call, up to 3 transactions in.
    let tx = r.summary.throttle.counters.transactions;
    assert!((4 * calls..4 * calls + 8).contains(&tx), "{calls} calls, {tx} transactions");
    // The calls' bytes, not the transactions'.
    let bytes = r.summary.client_write_bytes_per_s as f64;
    assert!((bytes - 20.0 * 1048576.0).abs() < 2.0e6, "{bytes}");
}

#[test]
fn the_simulated_time_budget_stops_a_long_run_with_a_clear_report() {
    let v = json!({"duration": "10s", "report_interval": "1s", "budget": {"max_simulated_time": "2s"},
                   "workloads": [{"kind": "random_read", "threads": 2}]});
    let r = run(&v);
    assert_eq!(r.simulated_ns, 2_000_000_000);
    assert!(r.truncated.as_deref().is_some_and(|t| t.contains("max_simulated_time")), "{:?}", r.truncated);
}

#[test]
fn the_zil_copies_small_records_and_writes_large_ones_once_in_place() {
    // Backend bytes written per byte the clients wrote, with O_DSYNC writes of `block`.
    let amplification = |block: &str| {
        let v = json!({"duration": "6s", "tunables": {"zfs_txg_timeout": 1}, "pool": {"device": {"kind": "ssd"}},
            "workloads": [{"kind": "sync_write", "threads": 4, "block_size": block, "sync": "dsync"}]});
        let r = run(&v);
        let written = r.summary.backend.write_bytes_per_s as f64;
        written / r.summary.client_write_bytes_per_s as f64
    };
    let small = amplification("8K");
    let large = amplification("128K");
    // 8 KiB: a log block of the data (4 KiB-rounded) plus the txg's own write of it.
    assert!(small > 1.9, "{small}");
    // 128 KiB: written once by dmu_sync, plus a small log block; the txg skips it.
    assert!((1.0..1.2).contains(&large), "{large}");
}

#[test]
fn an_fsync_waits_for_its_log_writes_and_a_cache_flush() {
    let v = json!({"duration": "10s", "pool": {"device": {"kind": "hdd"}},
        "workloads": [{"kind": "sync_write", "threads": 1, "block_size": "128K", "sync": "fsync", "fsync_every": "64M"}]});
    let r = run(&v);
    let f = &r.summary.client_fsync;
    assert!(f.count > 0, "{f:?}");
    // 64 MiB written in place by dmu_sync on one disk at 180 MB/s: a third of a second at least.
    assert!(f.mean_ns > 300_000_000, "{f:?}");
}

#[test]
fn a_run_in_slices_gives_the_same_bytes_and_a_stopped_one_says_so() {
    let text = throttle_model::scenario::presets::find("default").expect("preset").json;
    let whole = serde_json::to_string(&report::run(Scenario::from_json(text).expect("scenario"))).expect("json");
    let mut sim = Sim::new(Scenario::from_json(text).expect("scenario"));
    while sim.advance(7_919) {}
    assert_eq!(serde_json::to_string(&Report::of(&sim)).expect("json"), whole);
    let mut stopped = Sim::new(Scenario::from_json(text).expect("scenario"));
    assert!(stopped.advance(1000));
    let r = Report::of(&stopped);
    assert!(r.truncated.as_deref().is_some_and(|t| t.contains("stopped by the caller")), "{:?}", r.truncated);
}
