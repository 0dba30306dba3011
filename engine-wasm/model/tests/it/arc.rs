//! The ARC's part in the write throttle (`arc.c` `arc_tempreserve_space()`): a small
//! `zfs_arc_max` holds dirty data to half of the ARC, below the delay curve.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::{Release, Scenario};
use throttle_model::Id;

fn run(arc_max: &str) -> Report {
    let v = json!({"duration": "20s", "steady": {"summaries": "whole_run"},
        "tunables": {"zfs_arc_max": arc_max},
        "pool": {"device": {"kind": "lun", "bandwidth": "100M"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": "128K"}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn a_small_arc_caps_dirty_data_at_half_of_it_and_the_delay_never_engages() {
    let (big, small) = (run("0"), run("1G"));
    let peak = |r: &Report| r.series.dirty_bytes.iter().copied().max().unwrap_or(0);
    // 64 GiB of RAM: a 4 GiB dirty limit, and the writers live on the delay curve.
    assert!(big.summary.throttle.counters.delayed > 0 && big.summary.throttle.counters.arc_dirty_throttles == 0);
    assert!(peak(&big) > 3 << 30, "{}", peak(&big));
    // A 1 GiB ARC: writers wait for the next txg once dirty data passes 512 MiB, long
    // before 60% of 4 GiB where the delay starts.
    let c = &small.summary.throttle.counters;
    assert!(c.arc_dirty_throttles > 0 && c.delayed == 0, "{c:?}");
    assert!(peak(&small) < (512 << 20) + (8 << 17) * 2, "{}", peak(&small));
    // Every wait names its cause and every txg that started syncing finished.
    assert_eq!(small.invariants.waits_without_cause, 0);
}

#[test]
fn the_arcs_maximum_is_derived_from_ram_as_each_release_does() {
    const GIB: u64 = 1 << 30;
    assert_eq!(Release::V2_2.arc_max(64 * GIB, 0), 32 * GIB);
    assert_eq!(Release::V2_3.arc_max(64 * GIB, 0), 63 * GIB);
    assert_eq!(Release::V2_3.arc_max(2 * GIB, 0), 5 * GIB / 4);
    // Set, it is used while it lies between 64 MiB and the machine's RAM.
    assert_eq!(Release::V2_4.arc_max(64 * GIB, 8 * GIB), 8 * GIB);
    assert_eq!(Release::V2_4.arc_max(64 * GIB, 64 * GIB), 63 * GIB);
    let s = Scenario::from_json(r#"{"models": {"release": "2.1"}, "system": {"ram": "16G"}}"#).expect("valid");
    assert_eq!(s.tunables.get(Id::ArcMax), 8 * GIB);
}
