//! The scan phase's checks, on the scan's own state.

use super::*;
use crate::scenario::Scenario;

/// Runs `release`'s scrub of one LUN with room for one block in flight until the scan
/// phase first suspends, and returns the blocks then in flight.
fn in_flight_when_suspending(release: &str, room: (&str, u64)) -> u32 {
    let json = format!(
        r#"{{"duration": "10s", "models": {{"release": "{release}"}},
            "tunables": {{"zfs_txg_timeout": 2, "{}": {}}},
            "pool": {{"device": {{"kind": "lun", "base_latency": "300ms"}}}},
            "workloads": [{{"kind": "scrub"}}]}}"#,
        room.0, room.1
    );
    let mut sim = Sim::new(Scenario::from_json(&json).expect("a valid scenario"));
    while !sim.scan.as_ref().is_some_and(|s| s.suspending) {
        assert!(sim.advance(1), "{release}: the phase suspends before the run ends");
    }
    sim.scan.as_ref().map_or(0, |s| s.tops[0].inflight_blocks)
}

#[test]
fn the_check_to_suspend_comes_before_the_wait_for_room() {
    // dsl_scan.c at zfs-2.2.0: scan_io_queue_issue() calls scan_io_queue_check_suspend()
    // before each sio, then scan_exec_io() waits while q_inflight_bytes >=
    // q_maxinflight_bytes (here MAX(1, 1 * 1): one block). So the check for the next
    // block runs as soon as the last one is issued, and the phase suspends with it in
    // flight; checking only once room is back would suspend with nothing in flight.
    assert_eq!(in_flight_when_suspending("2.2", ("zfs_scan_vdev_limit", 1)), 1);
    // At zfs-0.7.0 the traversal checks in dsl_scan_visitbp() (dsl_scan_check_suspend())
    // before dsl_scan_scrub_cb() waits while spa_scrub_inflight >= maxinflight (here
    // zfs_top_maxinflight 1 times one top-level vdev).
    assert_eq!(in_flight_when_suspending("0.7", ("zfs_top_maxinflight", 1)), 1);
}

#[test]
fn a_block_past_the_check_goes_out_though_another_queue_stopped_the_phase() {
    // From zfs-0.8.0 each top-level vdev's queue runs on its own taskq thread
    // (scan_io_queues_run()), each checking scan_io_queue_check_suspend() for itself:
    // one queue stopping does not stop another that already passed the check and
    // waits in scan_exec_io() for room. Two LUNs, room for one block each: both
    // blocks waiting for room go out: the one whose queue stopped the phase, and the
    // other's, issued after the stop once its last block is back.
    let json = r#"{"duration": "10s", "models": {"release": "2.2"},
        "tunables": {"zfs_txg_timeout": 2, "zfs_scan_vdev_limit": 1},
        "pool": {"layout": "a b", "device": {"kind": "lun", "base_latency": "300ms"}},
        "workloads": [{"kind": "scrub"}]}"#;
    let mut sim = Sim::new(Scenario::from_json(json).expect("a valid scenario"));
    let issued = |sim: &Sim| sim.scan.as_ref().map_or(0, |s| s.tops.iter().map(|t| t.blocks_issued).sum::<u64>());
    while !sim.scan.as_ref().is_some_and(|s| s.suspending) {
        assert!(sim.advance(1), "the phase suspends before the run ends");
    }
    let at_stop = issued(&sim);
    while sim.scan.as_ref().is_some_and(|s| s.suspending) {
        assert!(sim.advance(1), "the phase ends before the run does");
    }
    assert_eq!(sim.scan.as_ref().map(|s| s.tops.len()), Some(2));
    assert_eq!(issued(&sim) - at_stop, 1, "the other queue's block, past its check");
}
