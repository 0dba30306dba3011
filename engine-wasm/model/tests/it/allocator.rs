//! S11: the metaslab allocator decides the offsets of the txg's writes, which decides how
//! much the vdev queue aggregates and how fast the disk writes. Under random rewrites, the
//! 2009 allocator (best fit past 70% full, a sticky primary) loses aggregation and
//! throughput as metaslabs pass 70%; the 2010 one (96%, the 128 KiB rule) keeps them.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::presets;
use throttle_model::scenario::Scenario;

fn preset(year: u32) -> Value {
    let name = format!("s11-metaslab-{year}");
    serde_json::from_str(presets::find(&name).expect("preset").json).expect("preset JSON")
}

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// (client throughput [B/s], aggregation factor, best-fit share of allocations).
fn figures(v: &Value) -> (f64, f64, f64) {
    let r = run(v);
    assert_eq!(r.invariants.time_went_back + r.invariants.active_above_max + r.invariants.completed_twice, 0);
    let a = r.allocator.expect("allocator report");
    let best = a.counters.best_fit as f64 / (a.counters.best_fit + a.counters.first_fit).max(1) as f64;
    (r.summary.client_write_bytes_per_s as f64, r.summary.backend.write_aggregation, best)
}

fn compare(label: &str, change: impl Fn(&mut Value)) -> (f64, f64) {
    let (mut old, mut new) = (preset(2009), preset(2010));
    change(&mut old);
    change(&mut new);
    let (t9, a9, b9) = figures(&old);
    let (t10, a10, b10) = figures(&new);
    assert!(b9 > 0.5 && b10 < 0.1, "{label}: best-fit share {b9} (2009) {b10} (2010)");
    assert!(a10 > 1.5 * a9, "{label}: aggregation {a9} (2009) {a10} (2010)");
    assert!(t10 > 1.2 * t9, "{label}: throughput {t9} (2009) {t10} (2010)");
    (t10 / t9, a10 / a9)
}

#[test]
fn s11_2010_keeps_aggregation_and_throughput_that_2009_loses() {
    let (throughput, aggregation) = compare("seed", |_| {});
    eprintln!("s11: 2010 over 2009: throughput x{throughput:.2}, aggregation x{aggregation:.2}");
}

#[test]
fn s11_holds_at_other_fills_disks_and_block_sizes() {
    compare("66% full", |v| v["pool"]["allocator"]["fill"] = json!("66%"));
    compare("two disks", |v| v["pool"]["top_level_vdevs"] = json!(2));
    // Holes of the records' own size, as this workload's copy-on-write frees leave them.
    // (Holes smaller than the records do not hurt: best fit then falls back on the free run.)
    compare("16 KiB records", |v| {
        v["workloads"][0]["block_size"] = json!("16K");
        v["workloads"][0]["record_size"] = json!("16K");
        v["pool"]["allocator"]["fill_block"] = json!("16K");
    });
}

#[test]
fn without_holes_both_aggregate_well() {
    // An empty pool: 2009 turns to best fit as its primary metaslab passes 70%, but with no
    // holes the best fit is the free run itself, so blocks stay consecutive.
    for year in [2009, 2010] {
        let mut v = preset(year);
        v["pool"]["allocator"]["fill"] = json!("0%");
        v["pool"]["allocator"]["holes"] = json!("0%");
        v["duration"] = json!("20s");
        let (_, aggregation, best) = figures(&v);
        assert!(aggregation > 8.0, "{year}: {aggregation}");
        if year == 2010 {
            // Best fit only for each metaslab's last 4% (metaslab_df_free_pct = 4).
            assert!(best < 0.05, "{best}");
        }
    }
}

#[test]
fn rewrites_free_their_old_copies_after_two_txgs() {
    let r = run(&preset(2010));
    let a = r.allocator.expect("allocator report");
    assert!(a.counters.frees > 0);
    // Allocations minus frees is what the pool grew by: at most the 4 GiB file (its first
    // copy) plus metadata and the last two txgs' deferred frees.
    let grown = (a.counters.first_fit + a.counters.best_fit - a.counters.frees) * 8192;
    assert!(grown < 6 << 30, "{grown}");
    assert_eq!(a.fill_at_start.len(), a.metaslabs_per_vdev);
    assert!((100..=199).contains(&a.metaslabs_per_vdev));
}
