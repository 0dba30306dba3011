//! Which buffers a write dirties, and what each costs in dirty data (`dbuf.c`
//! `dbuf_dirty()`, `dnode.c` `dnode_setdirty()` and `dnode_new_blkid()`).
//!
//! `dbuf_dirty()` charges `dmu_objset_willuse_space()` the whole size of every buffer it
//! dirties for the first time in a txg, at any level: the data block (the record), then,
//! walking up while the parent is not yet dirty in this txg, each indirect block above it
//! (its full size in memory whatever it holds: 128 KiB, 16 KiB before 0.7), then
//! `dnode_setdirty()` dirties the dnode's own block in the meta-dnode (16 KiB) and the
//! meta-dnode's indirect blocks above that. So each object a txg touches costs at least one
//! L1 plus its share of the dnode path, and random small writes over a large file dirty far
//! more than their data. Each of those
//! buffers is undirtied when its own write is done (`dbuf_write_done()` →
//! `dsl_pool_undirty_space(dr_accounted)`), at the end of the sync: an indirect block is
//! written after its children.
//!
//! Objects: a sequential writer thread writes its own object (its share of the region, as
//! fio's jobs each write a file); the random writers of a workload share one object, the
//! region (a database's file). Objects are numbered from 1 (object 0 is the meta-dnode),
//! so the first 31 share one dnode block.
//!
//! Simplified: objects have 3 block pointers in their dnode (`dn_nblkptr` of an object with
//! no bonus buffer, as the reference's DMU objects; a ZPL file with a system-attribute bonus
//! has 1, and so gains its second level at its second block and its third at 128 MiB, not
//! at its fourth block and 384 MiB); indirect blocks are the release's `zfs_default_ibs`
//! (`Release::indirect_block_shift()`).
//!
//! A metadata block's size on disk is what LZ4 makes of it (`lz4_zfs.rs`), worked out when
//! its txg syncs: an indirect block holds a filled pointer for each child up to the
//! highest block its object had when its txg closed, holes after; a dnode block holds the
//! dnodes of the objects written so far, each with its top-level pointers. So the file a
//! random workload writes is taken as written whole before the run, up to the highest
//! block the run has touched (its writes rewrite records, its partial writes read them:
//! `clients.rs`), and a sequential writer's file as growing from its start, as its own
//! writes fill it.

use super::lz4_zfs::{self, Children};
use super::txg::slot;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::VecDeque;

/// `SPA_BLKPTRSHIFT`: a block pointer is 128 bytes.
pub(super) const BLKPTR_SHIFT: u32 = 7;
/// `dn_nblkptr` of an object without a bonus buffer (`DN_MAX_NBLKPTR`).
const NBLKPTR: u64 = 3;
/// `DNODE_SHIFT` and `DNODE_BLOCK_SHIFT`: 512-byte dnodes in 16 KiB blocks.
pub(super) const DNODE_SHIFT: u32 = 9;
pub(super) const DNODE_BLOCK_SHIFT: u32 = 14;
/// `DN_MAX_OBJECT_SHIFT`: object numbers have 48 bits.
const MAX_OBJECT_SHIFT: u32 = 48;
/// Object number of the meta-dnode.
const META_DNODE: u64 = 0;

/// The meta-dnode's levels: `dmu_objset_create_impl()` gives a dataset's meta-dnode
/// enough levels to address `DN_MAX_OBJECT` dnodes up front, so that it never grows in
/// open context: 3 block pointers of 16 KiB dnode blocks, `2^epbs` more per level (6
/// levels of 128 KiB blocks, 7 of 16 KiB).
pub(super) fn meta_dnode_levels(epbs: u32) -> u32 {
    let mut levels = 1;
    while (NBLKPTR << ((DNODE_BLOCK_SHIFT - DNODE_SHIFT) + (levels - 1) * epbs)) < (1u64 << MAX_OBJECT_SHIFT) {
        levels += 1;
    }
    levels
}

/// `dnode_new_blkid()`: the levels an object needs once block `maxblkid` exists.
pub(super) fn levels_for(maxblkid: u64, epbs: u32) -> u32 {
    let mut levels = 1;
    let mut span = NBLKPTR;
    while span <= maxblkid {
        levels += 1;
        span = super::wide::saturating_mul(span, 1 << epbs);
    }
    levels
}

/// A metadata block a txg dirtied, to be written by its sync: the dirty bytes it was
/// charged, its size on disk (known once its txg syncs), its step in the sync's tree (a
/// block is written once the step before, its children, is: objects' indirect blocks
/// level by level, then the dnode blocks, then the meta-dnode's indirect blocks level by
/// level), and what it holds.
#[derive(Clone, Copy, Debug)]
pub(super) struct MetaBlock {
    pub(super) charged: u64,
    pub(super) physical: u64,
    pub(super) step: u32,
    pub(super) holds: Holds,
}

/// What a metadata block holds, which decides how far it compresses.
#[derive(Clone, Copy, Debug)]
pub(super) enum Holds {
    /// Block pointers: block `blkid` at `level` of `object`'s tree (the meta-dnode's too).
    Pointers { object: u64, level: u32, blkid: u64 },
    /// Dnodes: dnode block `blkid` of the meta-dnode.
    Dnodes { blkid: u64 },
    /// Sized by its writer (the objset block).
    Sized,
}

/// Whether the block pointers of a pool's blocks name more than one top-level vdev: the
/// records' (the normal class's vdevs) and the metadata's (the special class's when the
/// pool has one). Their DVAs then differ in the vdev id too, and compress less.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Spread {
    pub(super) records: bool,
    pub(super) metadata: bool,
}

impl Spread {
    /// The pool's allocation classes: records go to the normal class, metadata to the
    /// special class if any (`spa_preferred_class()`).
    pub(super) fn of(classes: &super::vdev::Classes) -> Spread {
        let metadata = if classes.special > 0 { classes.special } else { classes.normal };
        Spread { records: classes.normal > 1, metadata: metadata > 1 }
    }
}

/// The sync step of a dnode block: after every object's own levels (at most 10, with
/// 16 KiB indirect blocks and 2^64 blocks).
const DNODE_STEP: u32 = 16;

impl MetaBlock {
    /// An indirect block of an object's own tree, not of the meta-dnode's: the kernel
    /// allocates it as soon as its own object's records are, so among the other objects'
    /// data (`spa_sync.rs`).
    pub(super) fn in_object_tree(&self) -> bool {
        self.step < DNODE_STEP
    }
}

/// The run of consecutive records an object dirtied in `txg`, from its first write in that
/// txg; txg 0 before any.
#[derive(Clone, Copy)]
struct Run {
    txg: u64,
    first: u64,
    last: u64,
}

/// What the hot path remembers of one object: `dn_maxblkid` and the levels it needs, the
/// last L1 it dirtied (and in which txg), and the last txg its dnode was dirtied in. A
/// write under an L1 already dirty in its txg has every block above it dirty too, and a
/// dnode dirty in the txg has its path dirty: the common write then costs one set lookup.
///
/// Records are tracked the same way: the run of consecutive records an object dirtied
/// first in a txg (a sequential writer's) is kept as a range, one per txg slot so that the
/// runs of the quiescing, syncing and last synced txgs are still known (the open txg is at
/// most three past the last synced), and only records outside it go
/// to the map of records (`in_set` says whether any did in that txg).
///
/// Txgs start at `TXG_INITIAL` (4), so txg 0 stands for "none" (no L1, no run): the state
/// stays small enough to update in place.
#[derive(Clone, Copy)]
struct ObjectState {
    maxblkid: u64,
    /// `levels_for(maxblkid)`, kept with it: it changes only when `maxblkid` grows.
    levels: u32,
    /// (txg, L1 block) of the last L1 dirtied; txg 0 when none (a one-level object).
    l1_txg: u64,
    l1: u64,
    dnode_txg: u64,
    /// Each txg slot's run of records.
    runs: [Run; 4],
    /// The last txg in which a record of the object went to the map of records.
    in_set: u64,
    /// Each txg slot's `maxblkid` after the object's last write in that txg: the pointers
    /// that txg's indirect blocks hold.
    txg_max: [u64; 4],
}

const NO_RUN: Run = Run { txg: 0, first: 0, last: 0 };

/// An object nothing was written to yet.
const NEW_OBJECT: ObjectState = ObjectState {
    maxblkid: 0,
    levels: 1,
    l1_txg: 0,
    l1: 0,
    dnode_txg: 0,
    runs: [NO_RUN; 4],
    in_set: 0,
    txg_max: [0; 4],
};

/// The dirty buffers of the open and syncing txgs.
pub(super) struct Dbufs {
    /// `zfs_default_ibs`: the size of an indirect block, as a shift.
    indirect_shift: u32,
    /// Block pointers per indirect block, as a shift (`epbs`): 1024 of them in 128 KiB.
    epbs: u32,
    /// The meta-dnode's levels, `meta_dnode_levels(epbs)`.
    meta_levels: u32,
    /// `(object, level, blkid)` of each indirect block and dnode block dirty in a txg, by
    /// txg slot (membership only, never iterated: a hash set keeps the per-write cost
    /// constant).
    dirty: [FxHashSet<(u64, u32, u64)>; 4],
    /// `(object, blkid)` of each record dirtied outside its object's run, with the last
    /// txg that dirtied it: one lookup says whether it is dirty in the open txg, or in
    /// memory (`in_memory()`). Entries of txgs before the last synced are dropped as each
    /// txg syncs.
    records: FxHashMap<(u64, u64), u64>,
    /// Each txg's dirty metadata blocks, in the order they were dirtied.
    meta: [Vec<MetaBlock>; 4],
    /// The syncing txg's metadata blocks not yet written, in the order of their steps.
    pub(super) writing: VecDeque<MetaBlock>,
    /// Each object's state, by object number − 1.
    objects: Vec<ObjectState>,
    /// Whether block pointers name several top-level vdevs.
    spread: Spread,
}

/// The filled pointers of block `blkid` at `level` of a tree whose highest block is
/// `maxblkid`: one for each child up to the highest, at least the one its write dirtied.
fn filled(level: u32, blkid: u64, maxblkid: u64, epbs: u32) -> u64 {
    let children_below = (maxblkid >> (epbs * (level - 1))) + 1;
    children_below.saturating_sub(blkid << epbs).clamp(1, 1 << epbs)
}

impl Dbufs {
    /// No buffer dirty yet, indirect blocks of `2^indirect_shift` bytes, block pointers
    /// spread over top-level vdevs as `spread` says.
    pub(super) fn new(indirect_shift: u32, spread: Spread) -> Dbufs {
        let epbs = indirect_shift - BLKPTR_SHIFT;
        Dbufs {
            spread,
            indirect_shift,
            epbs,
            meta_levels: meta_dnode_levels(epbs),
            dirty: Default::default(),
            records: FxHashMap::default(),
            meta: Default::default(),
            writing: VecDeque::new(),
            objects: Vec::new(),
        }
    }

    /// `dbuf_dirty()` of block `blkid` of `object` (a record of `record` bytes) in `txg`:
    /// the dirty bytes it adds, the record's own first, then its new metadata. A record
    /// already dirty in this txg costs nothing more (`dbuf_redirty()`).
    pub(super) fn dirty(&mut self, txg: u64, object: u64, blkid: u64, record: u64) -> (u64, u64) {
        let s = slot(txg);
        let i = (object.max(1) - 1) as usize;
        if self.objects.len() <= i {
            self.objects.resize(i + 1, NEW_OBJECT);
        }
        let state = &mut self.objects[i];
        let run = &mut state.runs[s];
        if run.txg == txg {
            if (run.first..=run.last).contains(&blkid) {
                return (0, 0);
            }
            if blkid == run.last + 1 && state.in_set != txg {
                run.last = blkid;
            } else {
                if self.records.insert((object, blkid), txg) == Some(txg) {
                    return (0, 0);
                }
                state.in_set = txg;
            }
        } else {
            // The object's first record in this txg: nothing of it is dirty yet.
            *run = Run { txg, first: blkid, last: blkid };
        }
        if blkid > state.maxblkid {
            state.maxblkid = blkid;
            state.levels = levels_for(blkid, self.epbs);
        }
        state.txg_max[s] = state.maxblkid;
        let (levels, l1) = (state.levels, blkid >> self.epbs);
        let parents = levels == 1 || (state.l1_txg, state.l1) != (txg, l1);
        (state.l1_txg, state.l1) = if levels > 1 { (txg, l1) } else { (0, 0) };
        let dnode_dirty = std::mem::replace(&mut state.dnode_txg, txg) == txg;
        let mut meta = 0;
        if parents {
            meta += self.dirty_parents(s, object, 0, blkid, levels);
        }
        if dnode_dirty {
            return (record, meta);
        }
        // dnode_setdirty(): the dnode's block in the meta-dnode, and the blocks above it.
        let dnode_block = object >> (DNODE_BLOCK_SHIFT - DNODE_SHIFT);
        if self.dirty[s].insert((META_DNODE, 0, dnode_block)) {
            let block = 1 << DNODE_BLOCK_SHIFT;
            let holds = Holds::Dnodes { blkid: dnode_block };
            self.meta[s].push(MetaBlock { charged: block, physical: 0, step: DNODE_STEP, holds });
            meta += block;
            meta += self.dirty_parents(s, META_DNODE, 0, dnode_block, self.meta_levels);
        }
        (record, meta)
    }

    /// Whether record `blkid` of `object` was dirtied in txg `synced` (the last synced) or
    /// later, and so is in memory. Dirty in a txg not yet synced (the open one, or one
    /// quiescing or syncing), its dbuf holds it (`dbuf_dirty()` gives an older txg its own
    /// copy, `dbuf_fix_old_data()`). Written by the last sync, it is the newest buffer in
    /// the ARC (`arc_write_done()` → `arc_access()` puts a written block in the MRU list),
    /// whose eviction takes the oldest first, and one txg's dirty data is a fraction of the
    /// ARC; what older syncs wrote is what a workload's `cache_hit` share stands for.
    pub(super) fn in_memory(&self, synced: u64, object: u64, blkid: u64) -> bool {
        let in_run = self
            .objects
            .get((object.max(1) - 1) as usize)
            .is_some_and(|o| o.runs.iter().any(|r| r.txg >= synced && (r.first..=r.last).contains(&blkid)));
        in_run || self.records.get(&(object, blkid)).is_some_and(|&t| t >= synced)
    }

    /// The highest block `object` has (`dn_maxblkid`), if any was written.
    pub(super) fn maxblkid(&self, object: u64) -> Option<u64> {
        self.objects.get((object.max(1) - 1) as usize).filter(|o| o.dnode_txg != 0).map(|o| o.maxblkid)
    }

    /// Txg `txg` is synced: the records of the txgs before it no longer count as in memory
    /// (`in_memory()`), and need no remembering.
    pub(super) fn synced(&mut self, txg: u64) {
        self.records.retain(|_, t| *t >= txg);
    }

    /// Dirties the indirect blocks above block `blkid` at `level`, up to the object's top
    /// level, stopping at the first already dirty (its own parents are dirty too).
    fn dirty_parents(&mut self, s: usize, object: u64, level: u32, blkid: u64, levels: u32) -> u64 {
        let mut charged = 0;
        let (mut level, mut blkid) = (level, blkid);
        while level + 1 < levels {
            level += 1;
            blkid >>= self.epbs;
            if !self.dirty[s].insert((object, level, blkid)) {
                break;
            }
            let step = if object == META_DNODE { DNODE_STEP + level } else { level - 1 };
            let holds = Holds::Pointers { object, level, blkid };
            self.meta[s].push(MetaBlock { charged: 1 << self.indirect_shift, physical: 0, step, holds });
            charged += 1 << self.indirect_shift;
        }
        charged
    }

    /// The sync of `txg` starts writing its metadata blocks, each sized as it compresses,
    /// in the order of their steps, ending with the objset block (`objset`) if any were
    /// dirty; the txg's slot is clean again.
    pub(super) fn start_writing(&mut self, txg: u64, objset: MetaBlock) {
        let s = slot(txg);
        self.dirty[s].clear();
        let mut blocks = std::mem::take(&mut self.meta[s]);
        for b in &mut blocks {
            b.physical = self.physical(s, b.holds, b.physical);
        }
        blocks.sort_by_key(|b| b.step); // stable: dirtying order within a step
        if !blocks.is_empty() {
            blocks.push(objset);
        }
        self.writing = blocks.into();
    }

    /// What a block of the txg in slot `s` holding `holds` writes (`lz4_zfs.rs`).
    fn physical(&self, s: usize, holds: Holds, sized: u64) -> u64 {
        let shift = self.indirect_shift;
        match holds {
            Holds::Pointers { object: META_DNODE, level, blkid } => {
                // Its children are dnode blocks (level 1) or its indirect blocks, up to the
                // dnode block of the highest object.
                let highest = self.objects.len() as u64 >> (DNODE_BLOCK_SHIFT - DNODE_SHIFT);
                let filled = filled(level, blkid, highest, self.epbs);
                lz4_zfs::indirect_psize(shift, Children::Metadata, filled, self.spread.metadata)
            }
            Holds::Pointers { object, level, blkid } => {
                let maxblkid = self.objects.get((object - 1) as usize).map_or(0, |o| o.txg_max[s]);
                let filled = filled(level, blkid, maxblkid, self.epbs);
                let (children, spread) = if level == 1 {
                    (Children::Records, self.spread.records)
                } else {
                    (Children::Metadata, self.spread.metadata)
                };
                lz4_zfs::indirect_psize(shift, children, filled, spread)
            }
            Holds::Dnodes { blkid } => {
                // Every object written so far whose dnode the block holds, with the pointers
                // its dnode holds: its records while it has one level, else its top-level
                // indirect blocks, at most `NBLKPTR`.
                let per_block = 1u64 << (DNODE_BLOCK_SHIFT - DNODE_SHIFT);
                let first = (blkid * per_block).max(1);
                let objects =
                    self.objects.iter().skip((first - 1) as usize).take((per_block * (blkid + 1) - first) as usize);
                let (mut dnodes, mut pointers) = (0, 0);
                for o in objects.filter(|o| o.dnode_txg != 0) {
                    dnodes += 1;
                    pointers += ((o.maxblkid >> (self.epbs * (o.levels - 1))) + 1).min(NBLKPTR);
                }
                lz4_zfs::dnode_block_psize(dnodes, pointers, self.spread.metadata)
            }
            Holds::Sized => sized,
        }
    }
}

#[cfg(test)]
mod tests;
