//! S10: the SmartOS zone I/O throttle on runs of the model. A random reader and a streaming
//! writer in two zones: alone, together without the throttle, and together with it. The
//! ratios are checked, never the seed's absolute figures, at the seed's inputs and at other
//! thread counts, disks and models.

use serde_json::{json, Value};
use throttle_model::report::{self, Report, TenantReport};
use throttle_model::scenario::presets;
use throttle_model::scenario::Scenario;

fn preset() -> Value {
    serde_json::from_str(presets::find("s10-zones").expect("preset").json).expect("preset JSON")
}

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn tenant<'a>(r: &'a Report, name: &str) -> &'a TenantReport {
    r.tenants.iter().find(|t| t.name == name).unwrap_or_else(|| panic!("no tenant {name}"))
}

/// Reader alone, writer alone, both without the throttle, both with it.
struct FourWay {
    reader: (f64, f64),
    writer: f64,
    off: ((f64, f64), f64),
    on: ((f64, f64), f64, u64),
}

fn four_way(v: &Value) -> FourWay {
    let reads = |r: &Report| {
        let t = tenant(r, "z02");
        (t.read_ops_per_s, t.reads.mean_ns as f64)
    };
    let mut alone = v.clone();
    alone["workloads"] = json!([v["workloads"][0]]);
    let reader = reads(&run(&alone));
    alone["workloads"] = json!([v["workloads"][1]]);
    let writer = tenant(&run(&alone), "z03").write_bytes_per_s as f64;
    let mut off = v.clone();
    off["tunables"] = json!({"zfs_zone_delay_enable": "off"});
    let r = run(&off);
    let off = (reads(&r), tenant(&r, "z03").write_bytes_per_s as f64);
    let r = run(v);
    let w = tenant(&r, "z03");
    let on = (reads(&r), w.write_bytes_per_s as f64, w.delay_now_ns);
    FourWay { reader, writer, off, on }
}

fn check(label: &str, f: &FourWay) {
    let ((off_ops, off_lat), off_w) = f.off;
    let ((on_ops, on_lat), on_w, delay) = f.on;
    // Together without the throttle: the reader's latency rises several-fold and its
    // reads fall, while the writer keeps most of its throughput.
    assert!(off_lat > 3.0 * f.reader.1, "{label}: {off_lat} vs {}", f.reader.1);
    assert!(off_ops < 0.5 * f.reader.0, "{label}: {off_ops} vs {}", f.reader.0);
    assert!(off_w > 0.7 * f.writer, "{label}: {off_w} vs {}", f.writer);
    // With it: the reader is back near its solo latency and the writer is held to a
    // fraction of its solo throughput, its calls delayed by the ceiling.
    assert!(on_lat < 1.5 * f.reader.1, "{label}: {on_lat} vs {}", f.reader.1);
    assert!(on_ops > 0.7 * f.reader.0, "{label}: {on_ops} vs {}", f.reader.0);
    assert!(on_w < 0.35 * f.writer, "{label}: {on_w} vs {}", f.writer);
    assert_eq!(delay, 100_000, "{label}");
}

#[test]
fn s10_emerges_at_the_seeds_inputs() {
    let f = four_way(&preset());
    check("seed", &f);
    // The seed's own ratios, for the record: reads x0.19 and latency x5.3 without the
    // throttle, the writer x0.78; with it reads x0.97, latency x1.03, the writer x0.12.
    eprintln!(
        "s10: reader alone {:.0}/s {:.1} ms, writer alone {:.0} MB/s; off: x{:.2} reads, x{:.2} latency, writer x{:.2}; on: x{:.2} reads, x{:.2} latency, writer x{:.2}",
        f.reader.0,
        f.reader.1 / 1e6,
        f.writer / 1e6,
        f.off.0 .0 / f.reader.0,
        f.off.0 .1 / f.reader.1,
        f.off.1 / f.writer,
        f.on.0 .0 / f.reader.0,
        f.on.0 .1 / f.reader.1,
        f.on.1 / f.writer
    );
}

#[test]
fn s10_holds_at_other_thread_counts_disks_and_models() {
    let mut v = preset();
    v["workloads"][0]["threads"] = json!(6);
    check("6 reader threads", &four_way(&v));
    let mut v = preset();
    v["workloads"][1]["threads"] = json!(2);
    check("2 writer threads", &four_way(&v));
    let mut v = preset();
    v["pool"] = json!({"top_level_vdevs": 3, "device": {"kind": "hdd", "rpm": 5400}});
    check("three 5400 rpm disks", &four_way(&v));
    let mut v = preset();
    v["models"] = json!({"throttle": "openzfs", "scheduler": "openzfs"});
    check("OpenZFS models", &four_way(&v));
}

#[test]
fn one_tenant_or_the_global_zone_is_never_delayed() {
    // Both workloads in one zone: no other tenant to be fairer to.
    let mut v = preset();
    v["workloads"][1]["tenant"] = json!("z02");
    let r = run(&v);
    assert!(r.tenants.iter().all(|t| t.delays == 0), "{:?}", r.tenants);
    // Both in the global zone (no tenant given): the throttle never counts it.
    let mut v = preset();
    for w in 0..2 {
        v["workloads"][w].as_object_mut().expect("object").remove("tenant");
    }
    let r = run(&v);
    assert_eq!(r.tenants.len(), 1);
    assert_eq!(r.tenants[0].delays, 0);
}

#[test]
fn tenant_series_and_summaries_add_up() {
    let r = run(&preset());
    let reads: u64 = r.tenants.iter().map(|t| t.reads.count).sum();
    assert_eq!(reads, r.summary.client_read.count);
    // Bytes read are each read's own block size (8 KiB here), over the time measured.
    let z02 = tenant(&r, "z02");
    assert_eq!(
        z02.read_bytes_per_s,
        (u128::from(z02.reads.count) * 8192 * 1_000_000_000 / u128::from(r.summary.measured_ns)) as u64
    );
    let writes: u64 = r.tenants.iter().map(|t| t.writes.count).sum();
    assert_eq!(writes, r.summary.client_write.count);
    let delays = &r.series.tenant_delay_ns["z03"];
    assert_eq!(delays.len(), r.series.t_ns.len());
    // The delay climbs a step at a time to the ceiling.
    assert!(delays.windows(2).all(|w| w[1] <= w[0] + 5_000 * 4 + 5_000), "{delays:?}");
    assert_eq!(*delays.last().expect("samples"), 100_000);
}
