//! The level-1 indirect blocks a write reads (`dbuf.c` `dbuf_findbp()`): holding a record's
//! buffer that is not in memory needs its block pointer, which lies in the L1 above it, so
//! `dbuf_findbp()` holds that L1 and reads it at once (`dbuf_read(*parentp, NULL, ...)`:
//! no parent zio, the thread waits), every tag from zfs-0.6.4 to zfs-2.4.0. A write over
//! a large file at random then waits for a random read of an L1 whenever the ARC does not
//! hold it: the metadata share of the ARC against the L1 blocks of the whole file.
//!
//! When the read comes (`Release::reads_every_l1_before_assign()`): in 0.6.x
//! `dmu_tx_count_write()` holds every record the write overwrites before the assign, so
//! every L1 is read then, with the read-modify-write reads (`dmu_tx_check_ioerr.rs`);
//! from 0.7.0 only the L1 of a record written in part (which `dmu_tx_check_ioerr()`
//! holds) and the L1s strictly between the first and the last (`dmu_tx_count_write()`'s
//! level-1 loop) are read before it; the others by `dmu_write()`'s
//! `dmu_buf_hold_array_by_dnode()` after the assign, while the transaction holds its txg.
//! Either way the writer waits in `WaitCause::ReadIo`.
//!
//! Whether an L1 is cached: one dirtied or read in a txg not yet synced, or written by the
//! last sync, is in memory (the rule `dbuf.rs` `in_memory()` gives records), so a
//! sequential writer reads an L1 at most once for all the records under it. Any other is
//! found with probability min(1, metadata capacity / the L1 bytes of the writers' files):
//! the metadata capacity is `Release::arc_meta_percent()` of `arc_c_max`; an L1 takes its
//! full size in the ARC, its LZ4-compressed size from 0.7.0 (`Release::compressed_arc()`,
//! `lz4_zfs.rs`). A read takes the L1 as it lies on disk, compressed.
//!
//! Simplified: the ARC's lists over a uniformly random working set are taken as a uniform
//! draw against that ratio, each L1 hold on its own (not the LRU's order); data and other
//! metadata do not crowd the L1s out of their share; the L1 of a record written in part is
//! read alongside that record (the C reads it first, then the record); a write's several
//! L1s are read together (the C holds one record after another); a random workload's file
//! is taken as written whole before the run (every L1 exists), a sequential writer's as
//! growing (an L1 past its end is a hole: nothing to read). When every L1 fits, nothing is
//! drawn or remembered: runs whose files' L1s fit run as before this model.

use super::client_waits::WaitCause;
use super::dbuf::{Spread, BLKPTR_SHIFT};
use super::dmu_tx_check_ioerr::partial_blocks;
use super::lz4_zfs::{self, Children};
use super::zvol::Transaction;
use super::Sim;
use crate::scenario::{Release, Workload};
use rustc_hash::FxHashMap;

/// The hit probability's unit: parts of 2^20.
const ALL: u64 = 1 << 20;

/// The L1 blocks the writers' holds find or read.
pub(super) struct L1s {
    /// Parts of `ALL` of L1 holds the ARC serves; `ALL`: every one, nothing drawn.
    hit: u64,
    /// `dn_indblkshift`, and block pointers per L1 as a shift (`epbs`).
    shift: u32,
    epbs: u32,
    /// Whether records' block pointers name several top-level vdevs (`dbuf.rs`).
    spread: bool,
    /// 0.6.x: every L1 is read before the assign.
    all_before: bool,
    /// `(object, L1)` of each L1 held lately, with the open txg then: in memory while that
    /// txg is the last synced or later. Dropped as txgs sync.
    seen: FxHashMap<(u64, u64), u64>,
}

/// The first and last L1 above blocks `blkid` to `blkid + blocks - 1`, with `2^epbs`
/// block pointers per L1.
pub(super) fn l1_span(blkid: u64, blocks: u64, epbs: u32) -> (u64, u64) {
    (blkid >> epbs, (blkid + blocks.max(1) - 1) >> epbs)
}

/// The L1 blocks of a file of `records` records.
pub(super) fn l1_count(records: u64, epbs: u32) -> u64 {
    records.div_ceil(1 << epbs)
}

/// The bytes on disk of an L1 of `2^shift` bytes holding `filled` pointers to records:
/// LZ4-compressed (`dmu_write_policy()` compresses every indirect block, `lz4_zfs.rs`).
pub(super) fn l1_psize(shift: u32, filled: u64, spread: bool) -> u64 {
    lz4_zfs::indirect_psize(shift, Children::Records, filled, spread)
}

/// The bytes a full L1 of `release` takes in the ARC: its physical size with a compressed
/// ARC, its full size before.
pub(super) fn l1_arc_bytes(release: Release, spread: bool) -> u64 {
    let shift = release.indirect_block_shift();
    if release.compressed_arc() {
        l1_psize(shift, 1 << (shift - BLKPTR_SHIFT), spread)
    } else {
        1 << shift
    }
}

/// The share of L1 holds the ARC serves, in parts of `ALL`: all when the L1 bytes fit in
/// `capacity`, else `capacity / total`.
pub(super) fn hit_share(capacity: u64, total: u64) -> u64 {
    if total <= capacity {
        ALL
    } else {
        super::wide::mul_div(capacity, ALL, total)
    }
}

impl L1s {
    /// From the scenario's writers, `arc_c_max` and where records' pointers point. Under
    /// the legacy throttle (OpenSolaris of 2008-2013) the ARC is that era's: zfs-0.5.0
    /// `arc.c` `arc_init()`, its code of 2010, sets `arc_meta_limit = arc_c_max / 4`, keeps
    /// blocks uncompressed, and its `dmu_tx_count_write()` holds every overwritten record
    /// (`dbuf_hold_impl(dn, 0, start, ...)`): every L1 is read before the assign.
    pub(super) fn new(release: Release, legacy: bool, workloads: &[Workload], arc_max: u64, spread: Spread) -> L1s {
        let shift = release.indirect_block_shift();
        let epbs = shift - BLKPTR_SHIFT;
        let l1s: u64 = workloads
            .iter()
            .map(|w| match *w {
                Workload::AsyncWrite { region, record_size, .. } | Workload::SyncWrite { region, record_size, .. } => {
                    l1_count(region.div_ceil(record_size.max(1)), epbs)
                }
                _ => 0,
            })
            .sum();
        let arc_bytes = if legacy { 1 << shift } else { l1_arc_bytes(release, spread.records) };
        let total = super::wide::saturating_mul(l1s, arc_bytes);
        let capacity = if legacy { arc_max / 4 } else { arc_max / 100 * release.arc_meta_percent() };
        L1s {
            hit: hit_share(capacity, total),
            shift,
            epbs,
            spread: spread.records,
            all_before: legacy || release.reads_every_l1_before_assign(),
            seen: FxHashMap::default(),
        }
    }

    /// Whether any L1 may have to be read.
    pub(super) fn may_read(&self) -> bool {
        self.hit < ALL
    }

    /// Txg `txg` is synced: L1s held before it no longer count as in memory.
    pub(super) fn synced(&mut self, txg: u64) {
        if self.may_read() {
            self.seen.retain(|_, t| *t >= txg);
        }
    }
}

impl Sim {
    /// The L1 blocks client `c`'s transaction `tx` (starting `phase` bytes into its first
    /// record) must read, into its `l1_before` and `l1_after` lists as (key for placement,
    /// bytes on disk): each L1 it covers that is neither in memory nor drawn as cached.
    pub(super) fn l1_reads(&mut self, c: u32, tx: Transaction, phase: u64, sequential: bool) {
        let cl = &mut self.clients[c as usize];
        cl.l1_before.clear();
        cl.l1_after.clear();
        let Some(shape) = cl.shape else { return };
        let (object, blkid, record) = (cl.object, cl.blkid, cl.record);
        let epbs = self.l1.epbs;
        // The highest record under which L1s exist: a random workload's whole file, a
        // sequential writer's file as far as it has written.
        let highest = if sequential {
            self.dbufs.maxblkid(object)
        } else {
            Some((shape.region / shape.record_size.max(1)).saturating_sub(1))
        };
        let (first, last) = l1_span(blkid, tx.blocks, epbs);
        // From 0.7.0 the L1s read before the assign: those of a record written in part,
        // and those strictly between the first and the last.
        let partial = partial_blocks(tx, phase, shape.record_size).map(|n| n.map(|n| (blkid + n) >> epbs));
        let (synced, open) = (self.txg.synced, self.txg.open);
        for l1 in first..=last {
            // Held now, so in memory for the writes after it; past the file's end it is a
            // hole, created in memory without a read.
            let recent = matches!(self.l1.seen.insert((object, l1), open), Some(t) if t >= synced);
            let Some(highest) = highest.filter(|&h| l1 <= h >> epbs) else { continue };
            if recent || self.rng.below(ALL) < self.l1.hit {
                continue;
            }
            let filled = (highest + 1 - (l1 << epbs)).min(1 << epbs);
            let size = l1_psize(self.l1.shift, filled, self.l1.spread);
            // Placed as its first record would be in the workload's region.
            let key = record - blkid + (l1 << epbs);
            let before = self.l1.all_before || (l1 > first && l1 < last) || partial.contains(&Some(l1));
            let cl = &mut self.clients[c as usize];
            let list = if before { &mut cl.l1_before } else { &mut cl.l1_after };
            list.push((key, size));
        }
    }

    /// `dmu_write()` holds the records of client `c`'s assigned transaction: it first reads
    /// the L1s not in memory (`dbuf_findbp()`), holding its txg; false when there are none.
    pub(super) fn read_l1s_after_assign(&mut self, c: u32) -> bool {
        let cl = &mut self.clients[c as usize];
        if cl.l1_after.is_empty() {
            return false;
        }
        let mut reads = std::mem::take(&mut cl.l1_after);
        cl.reads = reads.len() as u32;
        cl.in_dmu_write = true;
        for &(key, size) in &reads {
            self.read_block(c, key, size);
        }
        // Read: emptied, its allocation kept for the next transaction.
        reads.clear();
        self.clients[c as usize].l1_after = reads;
        self.client_waits(c, WaitCause::ReadIo);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIB: u64 = 1 << 10;
    const GIB: u64 = 1 << 30;

    /// `dbuf_findbp()`'s parent is `blkid >> epbs`, with `epbs = dn_indblkshift -
    /// SPA_BLKPTRSHIFT`: 7 for the 16 KiB L1s of 0.6.x, 10 for the 128 KiB ones after.
    #[test]
    fn a_write_covers_the_l1s_above_its_blocks() {
        // 0.6.4, 8 KiB volblocks: 16 blocks of a 128 KiB write inside one L1 of 128.
        assert_eq!(l1_span(0, 16, 7), (0, 0));
        assert_eq!(l1_span(112, 16, 7), (0, 0));
        // Across its end: two.
        assert_eq!(l1_span(120, 16, 7), (0, 1));
        // 2.2, 16 KiB volblocks: 1024 blocks (16 MiB) an L1; a 16 MiB bio, at most two.
        assert_eq!(l1_span(1000, 1024, 10), (0, 1));
        // A file's 128 KiB record, one block: its own L1.
        assert_eq!(l1_span(5000, 1, 10), (4, 4));
        // 512-byte blocks under 0.6.x's 16 KiB L1s: 64 KiB of records an L1.
        assert_eq!(l1_span(0, 32 * KIB / 512, 7), (0, 0));
        assert_eq!(l1_span(0, 16 << 11, 7), (0, 255));
    }

    /// A 200 GiB zvol of 8 KiB blocks: 26,214,400 records, 204,800 L1s of 128 pointers in
    /// 0.6.4 (16 KiB each, 3.125 GiB, uncompressed in its ARC), 25,600 of 1024 in 2.2
    /// (LZ4: 52 KiB on disk of 128 KiB over several vdevs' pointers, 56 KiB).
    #[test]
    fn the_l1_bytes_of_a_file_by_release() {
        let records = 200 * GIB / (8 * KIB);
        assert_eq!(l1_count(records, 7), 204_800);
        assert_eq!(l1_count(records, 10), 25_600);
        assert_eq!(l1_count(1, 10), 1);
        assert_eq!(l1_arc_bytes(Release::V0_6_4, true), 16 * KIB);
        assert_eq!(l1_arc_bytes(Release::V0_6_5, false), 16 * KIB);
        let full = l1_arc_bytes(Release::V2_2, false);
        assert!(full > 48 * KIB && full <= 52 * KIB, "{full}");
        assert!(l1_arc_bytes(Release::V2_2, true) > full);
        // A partly filled L1 compresses further; an empty one is a hole.
        assert!(l1_psize(17, 100, true) < l1_psize(17, 1024, true) / 4);
        assert_eq!(l1_psize(17, 0, true), 0);
    }

    #[test]
    fn the_share_of_l1_holds_the_arc_serves() {
        assert_eq!(hit_share(21 * GIB, 16 * GIB), ALL);
        assert_eq!(hit_share(4 * GIB, 16 * GIB), ALL / 4);
        assert_eq!(hit_share(0, GIB), 0);
    }
}
