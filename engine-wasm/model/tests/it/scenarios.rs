//! The seed's behaviours, emerging from the model at the seed's inputs and at others
//! (`shared/docs/seed-scenarios.md`). Expected times and levels are derived from the
//! mechanism for each input, never fixed to the seed's numbers.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::presets;
use throttle_model::scenario::Scenario;

const MB: f64 = 1e6;
const MIB: f64 = 1048576.0;

fn preset(name: &str) -> Value {
    let p = presets::find(name).unwrap_or_else(|| panic!("no preset {name}"));
    serde_json::from_str(p.json).expect("preset JSON")
}

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// S1 with a `dirty_mib` buffer, a LUN of `backend_mb` MB/s and bursts of `burst_mb` MB/s
/// for 10 s then 10 s of silence; returns the report.
fn s1(dirty_mib: u64, backend_mb: u64, burst_mb: u64) -> Report {
    let mut v = preset("s1-bursty-writes");
    v["tunables"]["zfs_dirty_data_max"] = json!(format!("{dirty_mib}M"));
    v["pool"]["device"]["bandwidth"] = json!(backend_mb * 1_000_000);
    v["workloads"][0]["rate"] = json!(burst_mb * 1_000_000);
    run(&v)
}

/// Seconds from the start of each 20 s burst cycle to its first delayed transaction.
fn first_delay_in_each_burst(r: &Report) -> Vec<Option<f64>> {
    let s = &r.series;
    (0..3)
        .map(|cycle| {
            let start = cycle as f64 * 20.0;
            s.t_ns
                .iter()
                .zip(&s.delayed_txs)
                .map(|(&t, &d)| (t as f64 / 1e9, d))
                .find(|&(t, d)| t > start && t <= start + 10.0 && d > 0)
                .map(|(t, _)| t - start)
        })
        .collect()
}

#[test]
fn s1_a_small_buffer_delays_early_a_larger_one_late_and_a_large_one_never() {
    for (backend, burst) in [(100u64, 200u64), (50, 100), (200, 300)] {
        let (backend_b, burst_b) = (backend as f64 * MB, burst as f64 * MB);
        let net = burst_b - backend_b;
        // Nothing syncs until the txg holds zfs_dirty_data_sync_percent (20%) of the buffer;
        // from then on dirty data grows at the net rate, and the delay starts at 60%.
        let expected = |dirty_mib: u64| {
            let d = dirty_mib as f64 * MIB;
            0.2 * d / burst_b + 0.4 * d / net
        };
        let small = (1.2 * net / 0.4 / MIB * 0.4) as u64; // reaches its 60% about 1.2 s in
        let large = small * 4;
        for (dirty, r) in [(small, s1(small, backend, burst)), (large, s1(large, backend, burst))] {
            for (cycle, first) in first_delay_in_each_burst(&r).into_iter().enumerate() {
                let t =
                    first.unwrap_or_else(|| panic!("{backend}/{burst} MB/s, {dirty} MiB: no delay in burst {cycle}"));
                let want = expected(dirty);
                assert!(
                    (t - want).abs() < want * 0.35 + 0.3,
                    "{backend}/{burst}, {dirty} MiB, burst {cycle}: {t:.2} s vs {want:.2} s"
                );
            }
        }
        // A buffer whose delay point is above the whole burst's excess: no delay at all.
        let enough = (10.0 * net / (0.6 - 0.2 * backend_b / burst_b) / MIB * 1.15) as u64;
        let r = s1(enough, backend, burst);
        assert_eq!(r.summary.throttle.counters.delayed, 0, "{backend}/{burst} MB/s with {enough} MiB");
        // The small buffer cuts what the client gets through during the bursts.
        let cut = s1(small, backend, burst).summary.client_write_bytes_per_s;
        assert!(cut < r.summary.client_write_bytes_per_s, "{cut} vs {}", r.summary.client_write_bytes_per_s);
    }
}

/// Fractions of zfs_dirty_data_max over the second half of the run.
fn dirty_fractions_second_half(r: &Report, dirty_max: f64) -> Vec<f64> {
    let n = r.series.dirty_bytes.len();
    r.series.dirty_bytes[n / 2..].iter().map(|&d| d as f64 / dirty_max).collect()
}

#[test]
fn s2_dirty_data_settles_between_30_and_60_percent_under_a_load_the_backend_carries() {
    for (rate_mib, latency_ms, luns) in [(60u64, 10u64, 1u64), (40, 10, 1), (90, 15, 2), (150, 10, 3)] {
        let mut v = preset("s2-dirty-band");
        v["workloads"][0]["rate"] = json!(format!("{rate_mib}M"));
        v["pool"]["device"]["base_latency"] = json!(format!("{latency_ms}ms"));
        v["pool"]["top_level_vdevs"] = json!(luns);
        v["duration"] = json!("90s");
        let r = run(&v);
        assert_eq!(r.summary.throttle.counters.delayed, 0, "{rate_mib} MiB/s: the backend carries it");
        for f in dirty_fractions_second_half(&r, 1024.0 * MIB) {
            assert!((0.29..=0.61).contains(&f), "{rate_mib} MiB/s on {luns} LUN(s) of {latency_ms} ms: dirty {f:.3}");
        }
    }
}

/// Coefficient of variation of backend write throughput over the second half.
fn write_cv(r: &Report) -> f64 {
    let n = r.series.write_bytes_per_s.len();
    let xs: Vec<f64> = r.series.write_bytes_per_s[n / 2..].iter().map(|&b| b as f64).collect();
    let mean = xs.iter().sum::<f64>() / xs.len() as f64;
    let var = xs.iter().map(|x| (x - mean) * (x - mean)).sum::<f64>() / xs.len() as f64;
    var.sqrt() / mean
}

#[test]
fn s5_openzfs_writes_smoothly_under_steady_input() {
    for (rate_mib, latency_ms) in [(60u64, 10u64), (40, 10), (80, 20)] {
        let mut v = preset("s2-dirty-band");
        v["workloads"][0]["rate"] = json!(format!("{rate_mib}M"));
        v["pool"]["device"]["base_latency"] = json!(format!("{latency_ms}ms"));
        v["report_interval"] = json!("500ms");
        let r = run(&v);
        let cv = write_cv(&r);
        assert!(cv < 0.15, "{rate_mib} MiB/s, {latency_ms} ms: backend write CV {cv:.3}");
    }
}

#[test]
fn s8_hdd_latency_through_zfs_normal_at_one_outstanding_skewed_at_ten() {
    let one = run(&preset("s8-hdd-qd1")).summary.client_read;
    let ten = run(&preset("s8-hdd-qd10")).summary.client_read;
    let ms = 1_000_000;
    assert!((11 * ms..13 * ms).contains(&one.mean_ns), "{one:?}");
    assert!(one.p50_ns.abs_diff(one.mean_ns) < ms, "roughly normal: {one:?}");
    assert!(ten.count > one.count * 3 / 2, "IOPS rise with concurrency: {} vs {}", ten.count, one.count);
    assert!(ten.mean_ns > ten.p50_ns * 6 / 5, "mean well above median: {ten:?}");
    assert!((100 * ms..=200 * ms).contains(&ten.p90_ns), "p90 {ten:?}");
    assert!(ten.max_ns > 300 * ms, "starved reads: {ten:?}");
}

#[test]
fn s8_shape_holds_at_other_queue_depths_and_spindle_speeds() {
    let read = |threads: u64, rpm: u64| {
        let mut v = preset("s8-hdd-qd1");
        v["workloads"][0]["threads"] = json!(threads);
        v["pool"]["device"]["rpm"] = json!(rpm);
        run(&v).summary.client_read
    };
    let (q1, q4, q10) = (read(1, 7200), read(4, 7200), read(10, 7200));
    assert!(q1.count < q4.count && q4.count < q10.count, "IOPS grow with depth");
    assert!(q1.p90_ns < q4.p90_ns && q4.p90_ns < q10.p90_ns, "so does the tail");
    let fast = read(1, 15000);
    // Half a turn is 2 ms at 15000 rpm instead of 4.17 ms.
    assert!(fast.mean_ns + 1_500_000 < q1.mean_ns, "{fast:?} vs {q1:?}");
}
