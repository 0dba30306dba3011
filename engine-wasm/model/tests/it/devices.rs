//! Devices seen through a whole run: what a device's kind and flags change in the I/O the
//! pool issues to it.

use serde_json::json;
use throttle_model::report;
use throttle_model::scenario::Scenario;

/// Mean logical writes per issued write on a LUN that does or does not report itself
/// rotational, under sequential 128 KiB writes with the rotational limit at 128 KiB (no
/// merging) and the non-rotating one at 1 MiB.
fn lun_write_aggregation(rotational: bool) -> f64 {
    let v = json!({
        "duration": "5s",
        "tunables": {"zfs_vdev_aggregation_limit": "128K", "zfs_vdev_aggregation_limit_non_rotating": "1M"},
        "pool": {"device": {"kind": "lun", "rotational": rotational}},
        "workloads": [{"kind": "async_write", "threads": 4, "block_size": "128K"}]
    });
    let r = report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")));
    r.summary.backend.write_aggregation
}

#[test]
fn a_non_rotational_lun_aggregates_to_the_non_rotating_limit() {
    let (rot, non_rot) = (lun_write_aggregation(true), lun_write_aggregation(false));
    assert!(rot <= 1.0 + 1e-9, "rotational LUN merged writes past 128 KiB: {rot}");
    assert!(non_rot > 2.0 && non_rot <= 8.0 + 1e-9, "non-rotational LUN: {non_rot}");
}

#[test]
fn a_lun_is_non_rotational_unless_it_says_otherwise() {
    let lun = |device: &str| Scenario::from_json(&format!(r#"{{"pool": {{"device": {device}}}}}"#)).expect("valid");
    assert!(!lun(r#"{"kind": "lun"}"#).pool.device.rotational());
    assert!(lun(r#"{"kind": "lun", "rotational": true}"#).pool.device.rotational());
    assert!(Scenario::from_json(r#"{"pool": {"device": {"kind": "lun", "rotational": 1}}}"#).is_err());
}

#[test]
fn an_injected_leaf_takes_its_latency_for_every_write_whatever_its_size() {
    let v = json!({
        "duration": "5s",
        "pool": {"device": {"kind": "injected", "latency": "10ms", "lanes": 1}},
        "workloads": [{"kind": "async_write", "threads": 4, "block_size": "128K"}]
    });
    let r = report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")));
    let i = &r.invariants;
    assert_eq!(i.time_went_back + i.completed_twice + i.active_above_max + i.waits_without_cause, 0);
    let writes = &r.summary.backend.device_write;
    // One lane: never faster than the latency, and at most 100 writes a second.
    assert!(writes.count > 0 && r.summary.backend.write_iops <= 100.0 + 1e-9, "{}", r.summary.backend.write_iops);
    assert!(writes.p50_ns >= 10_000_000, "{}", writes.p50_ns);
}
