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

/// What a write asks the ARC to reserve is what its transaction's holds count
/// (`dmu_tx_try_assign()` → `dsl_dir_tempreserve_space()` → `arc_tempreserve_space()`,
/// which refuses once dirty data is past a quarter of the ARC and, with the reserve, past
/// half of it). Random 4 KiB writes into a 1 GiB file of 1 MiB records, always cached: the
/// first txg fills at memory speed until a write is refused, so the last write admitted
/// saw the txg's dirty data less its last record, and the first refused saw all of it.
/// - zfs-0.6.5 `dmu_tx_count_write()` → `dmu_tx_count_twig()`: the whole record and two
///   16 KiB indirect blocks above it (1024 blocks need 3 levels of 128 pointers after the
///   dnode's 3), and `dmu_tx_count_dnode()` the meta-dnode's 16 KiB block and 6 indirect
///   blocks of 16 KiB: 1 MiB + 144 KiB, for a whole record's write as for a part's.
/// - zfs-2.2.0 `dmu_tx_count_write()`: the 4 KiB written, and `DNODE_MIN_SIZE`.
#[test]
fn the_arc_reserve_of_a_write_is_what_its_release_counts() {
    const KIB: u64 = 1 << 10;
    let arc_max: u64 = (65 << 20) + 576 * KIB;
    let half = arc_max / 2;
    let old = (1 << 20) + 144 * KIB;
    for (release, block, reserve) in [("0.6.5", "4K", old), ("0.6.5", "1M", old), ("2.2", "4K", 4 * KIB + 512)] {
        let v = json!({"duration": "2s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
            "tunables": {"zfs_arc_max": arc_max},
            "workloads": [{"kind": "async_write", "threads": 8, "block_size": block, "record_size": "1M",
                "pattern": "random", "region": "1G", "cache_hit": 100}]});
        let r = report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")));
        assert!(r.summary.throttle.counters.arc_dirty_throttles > 0, "{release} {block}");
        let dirty = r.txgs[0].ndirty;
        assert!(dirty > arc_max / 4, "{release} {block}: {dirty}");
        assert!(dirty - (1 << 20) + reserve <= half && dirty + reserve > half, "{release} {block}: {dirty} dirty");
    }
}
