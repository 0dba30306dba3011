//! The level-1 indirect blocks a write reads (`dbuf.c` `dbuf_findbp()`): a record's
//! buffer needs its block pointer, in the L1 above it, which is read at once when the ARC
//! does not hold it; before the assign in 0.6.x (`dmu_tx_count_write()` holds every record
//! it overwrites), in `dmu_write()` after it from 0.7.0 for whole-block writes. The ARC's
//! metadata share (`arc_meta_limit`, 75% of `arc_c_max` until 2.1; all of it from 2.2)
//! against the L1 bytes of the writers' files gives the share of holds it serves.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::{Release, Scenario};

const KIB: f64 = 1024.0;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}\n{v}")))
}

/// 16 random or sequential writers of `block` bytes over a `region` file (a zvol of
/// `record`-byte blocks when `zvol`) under `release`, as fast as admitted, on 4 mirrors of
/// two 7200 rpm disks, on a 4 GiB machine whose ARC is `arc_max`; 10 s summed whole.
fn writers(release: &str, zvol: bool, record: &str, block: &str, region: &str, pattern: &str, arc_max: &str) -> Report {
    let mut w = json!({"kind": "async_write", "threads": 16, "block_size": block, "pattern": pattern,
                       "region": region, "rate": 0});
    let size = if zvol { "volblocksize" } else { "record_size" };
    w[size] = json!(record);
    if zvol {
        w["zvol"] = json!(true);
    }
    run(&json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
        "system": {"ram": "4G"}, "tunables": {"zfs_arc_max": arc_max},
        "pool": {"device": {"kind": "hdd"}, "top_level_vdevs": 4, "mirror": 2}, "workloads": [w]}))
}

fn reads(r: &Report) -> u64 {
    r.summary.classes["sync_read"].latency.count
}

fn reads_per_call(r: &Report) -> f64 {
    reads(r) as f64 / r.summary.client_write.count.max(1) as f64
}

fn bytes_per_read(r: &Report) -> f64 {
    let read = &r.summary.classes["sync_read"];
    read.bytes_per_s as f64 / read.iops
}

/// `arc.c`: `arc_meta_limit` is `(3 * arc_c_max) / 4` at zfs-0.6.4 and 0.6.5
/// (`arc_init()`), `zfs_arc_meta_limit_percent` (75) of it from zfs-0.7.0 to zfs-2.1.16
/// (`arc_tuning_update()`); zfs-2.2.0 has none (`zfs_arc_meta_balance`, `arc_evict()`).
/// The ARC keeps blocks compressed from zfs-0.7.0 (`zfs_compressed_arc_enabled`); 0.6.x's
/// `dmu_tx_count_write()` holds every overwritten record (`dbuf_hold_impl(dn, 0, start,
/// ...)`), 0.7.0 dropped that walk.
#[test]
fn each_release_says_its_metadata_share_and_when_it_reads_l1s() {
    for (release, meta, compressed, before, shift) in [
        (Release::V0_6_4, 75, false, true, 14),
        (Release::V0_6_5, 75, false, true, 14),
        (Release::V0_7, 75, true, false, 17),
        (Release::V2_1, 75, true, false, 17),
        (Release::V2_1_16, 75, true, false, 17),
        (Release::V2_2, 100, true, false, 17),
        (Release::V2_4, 100, true, false, 17),
        (Release::Master, 100, true, false, 17),
    ] {
        assert_eq!(release.arc_meta_percent(), meta, "{release:?}");
        assert_eq!(release.compressed_arc(), compressed, "{release:?}");
        assert_eq!(release.reads_every_l1_before_assign(), before, "{release:?}");
        assert_eq!(release.indirect_block_shift(), shift, "{release:?}");
    }
}

/// With a 64 MiB ARC nearly no L1 of a 4 TiB file is cached, so each random write reads the L1s it
/// covers, each as it lies on disk (LZ4: a full 16 KiB L1 of 0.6.x's 128 pointers to 8 KiB
/// over several vdevs, a 128 KiB one of 1024 to 56 KiB): one a call for 128 KiB writes at
/// 128 KiB-aligned offsets (fio's `blockalign`) into 8 KiB volblocks under 0.6.4 (16 of the
/// 128 blocks an L1 covers), 16 KiB ones under 2.2 (8 of 1024), 128 KiB records of a file
/// under 0.6.4 and 2.2, and 8 KiB writes into 8 KiB records under 0.6.5; 24 KiB writes at
/// 24 KiB offsets into 8 KiB volblocks under 0.6.4 (3 of 128 blocks) cross into a second
/// L1 at 2 of every 128 starts' 3 blocks: 1 + 2/128.
#[test]
fn a_random_write_reads_the_l1s_it_covers_at_their_size_on_disk() {
    for (release, zvol, record, block, per_call, per_read) in [
        ("0.6.4", true, "8K", "128K", 1.0, 8.0 * KIB),
        ("0.6.4", true, "8K", "24K", 1.0156, 8.0 * KIB),
        ("2.2", true, "16K", "128K", 1.0, 56.0 * KIB),
        ("0.6.4", false, "128K", "128K", 1.0, 8.0 * KIB),
        ("2.2", false, "128K", "128K", 1.0, 56.0 * KIB),
        ("0.6.5", false, "8K", "8K", 1.0, 8.0 * KIB),
    ] {
        let r = writers(release, zvol, record, block, "4T", "random", "64M");
        let (n, size) = (reads_per_call(&r), bytes_per_read(&r));
        assert!(
            r.summary.client_write.count > 100,
            "{release} {record} {block}: {} calls",
            r.summary.client_write.count
        );
        assert!((per_call * 0.93..per_call * 1.01).contains(&n), "{release} {record} {block}: {n} reads a call");
        assert!((size - per_read).abs() < 0.5 * KIB, "{release} {record} {block}: {size} bytes a read");
    }
}

/// The audit's case (openzfs/zfs#824), scaled to a 4 GiB machine: random 128 KiB writes
/// into a zvol of 8 KiB blocks under 0.6.4. Over 1 TiB its 16 GiB of L1s are twenty times
/// the 768 MiB the ARC's metadata may hold (3/4 of a 1 GiB ARC): nearly every write waits
/// for a random L1 read on the HDDs, and the writers fall to a fraction of what they
/// write over 16 GiB, whose 256 MiB of L1s fit and are never read.
#[test]
fn random_zvol_writes_over_l1s_far_above_the_arc_read_them_and_collapse() {
    let big = writers("0.6.4", true, "8K", "128K", "1T", "random", "1G");
    let small = writers("0.6.4", true, "8K", "128K", "16G", "random", "1G");
    assert_eq!(reads(&small), 0);
    assert!(reads_per_call(&big) > 0.9, "{} reads a call", reads_per_call(&big));
    let (b, s) = (big.summary.client_write.count, small.summary.client_write.count);
    assert!(b * 4 < s, "{b} calls over 1 TiB, {s} over 16 GiB");
    // The writers' time goes to the reads.
    assert!(big.summary.client_write.mean_ns > 4 * small.summary.client_write.mean_ns);
}

/// From 0.7.0 a whole-block write reads its L1 in `dmu_write()`, after the assign: 2.2's
/// writers over 4 TiB of 16 KiB blocks (15 GiB of compressed L1s against a 1 GiB ARC)
/// read about one L1 a call and collapse as 0.6.4's do; over 64 GiB (230 MiB) they read
/// none.
#[test]
fn whole_block_writes_read_their_l1_after_the_assign_from_0_7() {
    let big = writers("2.2", true, "16K", "128K", "4T", "random", "1G");
    let small = writers("2.2", true, "16K", "128K", "64G", "random", "1G");
    assert_eq!(reads(&small), 0);
    assert!(reads_per_call(&big) > 0.9, "{} reads a call", reads_per_call(&big));
    assert!(big.summary.client_write.count * 4 < small.summary.client_write.count);
}

/// A sequential writer reads an L1 at most once for the records under it (the L1 it
/// dirtied stays in memory), and on its first pass over a file nothing: the L1s past the
/// file's end are holes. 1 TiB of 8 KiB volblocks under 0.6.4 with a 1 GiB ARC.
#[test]
fn sequential_writes_do_not_read_l1s() {
    let r = writers("0.6.4", true, "8K", "128K", "1T", "sequential", "1G");
    assert!(r.summary.client_write.count > 1000, "{} calls", r.summary.client_write.count);
    assert_eq!(reads(&r), 0);
}

/// The txg a whole-block write's transaction holds cannot quiesce until its L1 is read
/// (`txg_quiesce()` waits for every hold): from 0.7.0 `dmu_write()` reads it after the
/// assign, so 2.2's txgs wait for queued reads to quiesce (about 0.4 s on these busy
/// HDDs); 0.6.4 read it before, holding nothing, and quiesce at once. The same writers
/// over 4 TiB with a 1 GiB ARC.
#[test]
fn an_l1_read_after_the_assign_holds_its_txg_open() {
    let qtime = |r: &Report| {
        let t = &r.txgs;
        t.iter().map(|t| t.qtime).sum::<u64>() / t.len().max(1) as u64
    };
    let after = writers("2.2", true, "16K", "128K", "4T", "random", "1G");
    let before = writers("0.6.4", true, "8K", "128K", "4T", "random", "1G");
    let (a, b) = (qtime(&after), qtime(&before));
    assert!(a > 2_000_000, "2.2: {a} ns to quiesce");
    assert!(b * 10 < a, "0.6.4: {b} ns to quiesce, 2.2: {a} ns");
}
