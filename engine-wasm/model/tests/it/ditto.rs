//! Ditto blocks: a block's copies are written separately. `dmu.c` `dmu_write_policy()`
//! gives metadata one copy more than its objset's `os_copies` under the default
//! `redundant_metadata=all`, capped at `spa_max_replication()` (3): a dataset's indirect
//! blocks, dnode blocks and objset block two copies (`copies=1`), the MOS's blocks three
//! (its `os_copies` is `spa_max_replication()`, `dmu_objset_open_impl()`), at every tag
//! from zfs-0.6.4 to zfs-2.4.0. Each copy is its own allocation (`metaslab_alloc_dva()`)
//! and its own write (`vdev_mirror_map_init()` makes the DVAs a mirror), so each is a leaf
//! write of its own in the `txgs` kstat.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

/// One writer rewriting a 2 MiB file of 128 KiB records at 1 MB/s: every txg dirties the
/// same 16 records, one L1 (16 block pointers, one 4 KiB sector on disk), the dnode's
/// block and the five meta-dnode indirect blocks above it, and the objset block.
fn run(release: &str, vdevs: u32) -> Report {
    let v = json!({"duration": "30s", "models": {"release": release},
        "pool": {"top_level_vdevs": vdevs, "device": {"kind": "injected", "latency": "1ms"}},
        "workloads": [{"kind": "async_write", "threads": 1, "block_size": "128K", "region": "2M", "rate": "1M"}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

const RECORDS: u64 = 16;
const RECORD: u64 = 128 << 10;
const SECTOR: u64 = 4 << 10;
/// The dataset's metadata blocks each txg writes: the L1, the dnode block, the meta-dnode's
/// indirect blocks above it (five of 128 KiB; six of 16 KiB before 0.7, whose
/// `DN_MAX_INDBLKSHIFT` is 14), the objset block.
fn dataset_blocks(release: &str) -> u64 {
    if release.starts_with("0.6") {
        9
    } else {
        8
    }
}
/// The MOS blocks of a sync's three passes (7, 5 and 3, `spa_sync.rs`).
const MOS_BLOCKS: u64 = 15;
/// The uberblock written to the four labels of each leaf (`vdev_uberblock_sync_list()`).
const LABELS: u64 = 4;

#[test]
fn dataset_metadata_is_written_twice_and_the_mos_three_times() {
    for release in ["0.6.4", "0.7", "2.1", "master"] {
        for vdevs in [1, 2] {
            let r = run(release, vdevs);
            // The uberblock goes to every leaf of up to three top-level vdevs.
            let expected = 2 * dataset_blocks(release) + 3 * MOS_BLOCKS + LABELS * u64::from(vdevs);
            let synced: Vec<_> = r.txgs.iter().filter(|t| t.state == "C").collect();
            assert!(synced.len() >= 4, "{release}, {vdevs} vdevs: {} txgs", synced.len());
            for t in synced {
                let what = format!("{release}, {vdevs} vdevs, txg {}", t.txg);
                assert_eq!(t.writes - RECORDS, expected, "{what}: metadata writes");
                // Every metadata block and uberblock is one 4 KiB sector on disk.
                assert_eq!(t.nwritten - RECORDS * RECORD, expected * SECTOR, "{what}: metadata bytes");
            }
        }
    }
}
