//! The allocation throttle (`zio_dva_throttle()`): a sync hands the vdev queues only what
//! the allocator's reservations allow, so async writes wait milliseconds to hundreds of
//! milliseconds in the queues, not the whole txg's length.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

/// 16 closed-loop writers on a one-lane 10 ms leaf, 256 MiB of dirty data, under `release`.
fn run(release: &str) -> Report {
    let v = json!({"duration": "60s", "models": {"release": release}, "tunables": {"zfs_dirty_data_max": "256M"},
        "pool": {"device": {"kind": "injected", "latency": "10ms", "lanes": 1}},
        "workloads": [{"kind": "async_write", "threads": 16, "block_size": "128K"}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn queue_wait_s(r: &Report) -> f64 {
    r.summary.classes["async_write"].queue_wait_mean_ns as f64 / 1e9
}

#[test]
fn a_sync_queues_only_what_its_reservations_allow() {
    // 2.4: 4 aliquots of 2 MiB per vdev, 64 blocks of 128 KiB, 10 ms each: ~0.6 s queued.
    let master = run("master");
    let wait = queue_wait_s(&master);
    assert!((0.3..1.0).contains(&wait), "master: {wait} s");
    // 0.7 to 2.3: 1000% of 10 async writes = 100 blocks per vdev: ~1 s.
    let v2_3 = queue_wait_s(&run("2.3"));
    assert!((0.6..1.5).contains(&v2_3), "2.3: {v2_3} s");
    // 0.6.5 had no allocation throttle: the whole txg (~2,000 blocks) queues at once.
    let old = run("0.6.5");
    assert!(queue_wait_s(&old) > 5.0, "0.6.5: {} s", queue_wait_s(&old));
    // The leaf's throughput does not change (100 blocks a second).
    let (a, b) = (master.summary.backend.write_bytes_per_s as f64, old.summary.backend.write_bytes_per_s as f64);
    assert!((a / b - 1.0).abs() < 0.06, "{a} vs {b}");
}

#[test]
fn from_0_8_each_sync_ramps_up_from_32_slots() {
    // 0.7 gives each vdev its 100 slots at once; 0.8 to 2.3 start each sync at 32 and add
    // one per completed write, so the first 68 writes of every sync wait longer to be
    // allocated and less in the leaf's queue: the queue wait falls, the throughput stays.
    // A full sync's first 68 writes queue sum(68 - k) x 10 ms = 23 s less in all, 11 ms a
    // write of its ~2,100; the runs' means also hold their partial first syncs and the
    // metadata copies of each sync's tail, which wait little (0.7's second txg is mostly
    // those), so the difference is about half that.
    let (v0_7, v2_1) = (run("0.7"), run("2.1"));
    let (a, b) = (queue_wait_s(&v0_7), queue_wait_s(&v2_1));
    assert!(b < a && a - b > 0.004, "0.7: {a} s, 2.1: {b} s");
    let (x, y) = (v0_7.summary.backend.write_bytes_per_s as f64, v2_1.summary.backend.write_bytes_per_s as f64);
    assert!((x / y - 1.0).abs() < 0.01, "{x} vs {y}");
}
