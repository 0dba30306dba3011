//! Compression (`zio_write_compress()`): dirty data and the write throttle count logical
//! bytes, the devices write the compressed ones. Records compress as their workload says;
//! metadata always does, with LZ4 (`dmu_write_policy()`), whatever the dataset's
//! `compression`.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

/// 40 MB/s of 128 KiB writes to a 100 MB/s LUN, `compressible` percent compressing away.
fn run(compressible: u64) -> Report {
    let v = json!({"duration": "30s", "steady": {"summaries": "whole_run"}, "pool": {"device": {"kind": "lun"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": "128K", "rate": "40M",
            "compressible": compressible}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn dirty_data_counts_logical_bytes_and_the_device_writes_compressed_ones() {
    let (plain, half) = (run(0), run(50));
    // The same bytes dirty the same txgs...
    let dirty = |r: &Report| r.txgs.iter().map(|t| t.ndirty).sum::<u64>();
    let (a, b) = (dirty(&plain) as f64, dirty(&half) as f64);
    assert!((a / b - 1.0).abs() < 0.02, "{a} vs {b}");
    // ...and half of them reach the device (the metadata, a few sectors a txg, is the same).
    let (a, b) = (plain.summary.backend.write_bytes_per_s as f64, half.summary.backend.write_bytes_per_s as f64);
    assert!((b / a - 0.5).abs() < 0.05, "{b} of {a} bytes/s");
    // Less than an eighth saved: written as it is.
    assert_eq!(run(10).summary.backend.write_bytes_per_s, plain.summary.backend.write_bytes_per_s);
}

/// One writer streaming over a file of `region` of 128 KiB records at 16 MB/s, on `vdevs`
/// single-disk top-level vdevs of `release`: once it has written the whole file (and
/// wraps to its start), every txg's L1s hold a pointer to each of its records.
fn stream(release: &str, vdevs: u32, region: &str) -> Report {
    let v = json!({"duration": "40s", "models": {"release": release},
        "pool": {"top_level_vdevs": vdevs, "device": {"kind": "injected", "latency": "1ms"}},
        "workloads": [{"kind": "async_write", "threads": 1, "block_size": "128K", "region": region, "rate": "16M"}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

const RECORD: u64 = 128 << 10;
const SECTOR: u64 = 4 << 10;

/// What a txg of `stream()` writes beyond its records and L1: two copies of the dnode
/// block and of each meta-dnode indirect block above it (`meta_levels`, each with one
/// filled pointer) and of the objset block, one sector each; the MOS's 15 blocks in three
/// copies; the uberblock in the four labels of each disk (`ditto.rs`).
fn rest(meta_levels: u64, vdevs: u64) -> u64 {
    (2 * (1 + meta_levels + 1) + 3 * 15 + 4 * vdevs) * SECTOR
}

/// Checks each txg after the first pass over the file: its device bytes are its records,
/// two copies of `l1` bytes for its one L1, and `rest`; its dirty bytes still charge the
/// L1, the dnode block and the meta-dnode's indirect blocks their full size (`dbuf_dirty()`
/// charges `db_size`, compressed or not).
fn check(r: &Report, what: &str, (l1, rest): (u64, u64), (indirect, meta_levels): (u64, u64)) {
    let synced: Vec<_> = r.txgs.iter().filter(|t| t.state == "C").skip(2).collect();
    assert!(synced.len() >= 4, "{what}: {} txgs", synced.len());
    for t in synced {
        let charged = indirect + (16 << 10) + meta_levels * indirect;
        let records = (t.ndirty - charged) / RECORD;
        assert_eq!(t.ndirty, records * RECORD + charged, "{what}, txg {}: dirty bytes", t.txg);
        assert_eq!(t.nwritten - records * RECORD, 2 * l1 + rest, "{what}, txg {}: metadata bytes", t.txg);
    }
}

/// A full 128 KiB L1 (1024 pointers to records, a 128 MiB file) compresses to 51,667 bytes
/// on one vdev, 13 sectors, and to 55,526 when its pointers name two vdevs, 14 sectors
/// (`lz4_zfs.rs`); the lab wrote it whole, 32 sectors. From 0.7 (`zfs_default_ibs` 17).
#[test]
fn a_full_l1_is_written_as_lz4_makes_it() {
    for release in ["0.7", "2.1", "master"] {
        for (vdevs, sectors) in [(1, 13), (2, 14)] {
            let r = stream(release, vdevs as u32, "128M");
            check(&r, &format!("{release}, {vdevs} vdevs"), (sectors * SECTOR, rest(5, vdevs)), (128 << 10, 5));
        }
    }
}

/// A 16 MiB file: 128 pointers, in a 128 KiB L1 from 0.7 (an eighth filled: 6,994 bytes)
/// and a full 16 KiB one in 0.6.x (6,519 bytes; `DN_MAX_INDBLKSHIFT` 14, six meta-dnode
/// levels): two sectors either way, where the lab wrote four.
#[test]
fn a_partly_filled_l1_and_a_16k_one_are_two_sectors() {
    for (release, indirect, meta_levels) in [("0.6.4", 16 << 10, 6), ("0.6.5", 16 << 10, 6), ("0.8", 128 << 10, 5)] {
        let r = stream(release, 1, "16M");
        check(&r, release, (2 * SECTOR, rest(meta_levels, 1)), (indirect, meta_levels));
    }
}
