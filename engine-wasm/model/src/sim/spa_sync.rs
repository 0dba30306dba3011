//! A txg's sync (`spa_sync()`, `dsl_pool_sync()`, `vdev_config_sync()`): the txg's
//! records written through the async-write class; then the metadata they dirtied (each
//! object's indirect blocks, the dnode blocks and the meta-dnode's indirect blocks, the
//! objset block: `dbuf_sync_indirect()`, `dnode_sync()`, `dmu_objset_sync()`); then the
//! MOS, pass after pass until it converges (`dsl_pool_sync_mos()`,
//! `spa_sync_iterate_to_convergence()`); what the writes did not retire retired; the
//! scan's phase; the disks' caches flushed, the uberblocks written into the four labels
//! of each leaf and flushed; and the `txgs` kstat row recorded. The tail holds the device
//! as on a real pool: on a leaf that charges per I/O, each small write the vdev queue
//! does not merge costs an I/O.
//!
//! Simplified: a block's write waits for its children's writes. The kernel's waits only
//! for their allocation (`zio_write_compress()` waits for the children to be ready, at
//! every tag): an indirect block is issued while its object's records are being written,
//! and the levels of the meta-dnode follow each other within moments, so their copies,
//! end to end, can merge. The lab's tree is written level by level after the records,
//! and each level's copies merge only among themselves.

use super::dbuf::{Holds, MetaBlock};
use super::dmu_write_policy::{metadata_copies, Objset};
use super::record::TxgRow;
use super::txg::{slot, Phase, Syncing};
use super::vdev_queue::Class;
use super::zio::{FlushOwner, Owner};
use super::{Ev, Sim};

/// The objset block (`objset_phys_t`) each dataset writes at the root of its tree [bytes
/// on disk]: 2 KiB (`OBJSET_PHYS_SIZE`) until 0.7, at most 4 KiB (`OBJSET_PHYS_SIZE_V3`)
/// from 0.8, so one sector at ashift 12 whether it compresses or not (`zio_compress.rs`).
const OBJSET_BLOCK: u64 = 4 << 10;
/// The MOS blocks each `spa_sync()` pass dirties in syncing context and writes, by their
/// size in memory (each is 4 KiB on disk, compressed). Syncing-context dirtying is dirty
/// data too (`dbuf_dirty()` → `dmu_objset_willuse_space()` → `dsl_pool_dirty_space()`
/// for the MOS), so each pass adds its blocks to the syncing txg's dirty data until they
/// are written. Pass 1: the dnode blocks of the dataset and its dsl_dir (16 KiB each, for
/// `dsl_dataset_sync()` and `dsl_dir_sync()`), the MOS meta-dnode's indirect block, the
/// log space map's block (`zfs_log_sm_blksz`), the deferred-free bpobj's block and the
/// space map block of the metaslab flushed this txg (`spa_flush_metaslabs()`), all 128 KiB;
/// each write allocates, so the space maps change and pass 2 rewrites what they dirtied;
/// from pass `zfs_sync_pass_rewrite` (2) blocks are rewritten in place without allocating,
/// so the MOS converges in a third, smaller pass. Each pass ends with the MOS objset block,
/// dirtied in syncing context without a dbuf (no charge). The list was sized, when each
/// block was written once and apart, so that a sync of one dataset on one leaf ended with
/// the ~40 metadata writes the reference measured; each block is now written three times
/// (`dmu_write_policy.rs`), the copies of a pass merged where they lie end to end.
const MOS_PASSES: [&[u64]; 3] = [
    &[16 << 10, 16 << 10, 128 << 10, 128 << 10, 128 << 10, 128 << 10, 0],
    &[16 << 10, 128 << 10, 128 << 10, 128 << 10, 0],
    &[16 << 10, 128 << 10, 0],
];
/// MOS blocks on disk [bytes].
const MOS_BLOCK: u64 = 4 << 10;
/// What the kernel allocates between two indirect blocks of objects' trees, the other
/// objects' data, stood for by a sector left free after each [bytes].
const AMONG_DATA: u64 = 4 << 10;
/// `SPA_SYNC_MIN_VDEVS`: with an unchanged config, the uberblock goes to this many
/// top-level vdevs (from a random one on), all their leaves.
const SYNC_MIN_VDEVS: usize = 3;
/// `VDEV_LABELS`, the label size, the uberblock ring's offset in a label and one
/// uberblock slot at ashift 12 (`VDEV_UBERBLOCK_SIZE`, 32 slots).
const LABELS: u64 = 4;
const LABEL_SIZE: u64 = 256 << 10;
const UBERBLOCK_RING: u64 = 128 << 10;
const UBERBLOCK: u64 = 4 << 10;

impl Sim {
    /// Starts syncing the quiesced txg: its records go to the allocator and the
    /// async-write class; its metadata follows once they are written.
    pub(super) fn start_sync(&mut self) {
        let Some(txg) = self.txg.quiesced.take() else { return };
        let s = slot(txg);
        // Records written in place by dmu_sync() are skipped; the txg's log records not
        // yet committed would arrive late to a commit.
        let mut taken = std::mem::take(&mut self.txg.records[s]);
        taken.retain(|r| !r.taken);
        self.zil_txg_syncing(txg);
        let writes = taken.len();
        self.txg.syncing = Some(Syncing {
            txg,
            phase: Phase::Writing(u32::try_from(writes).unwrap_or(u32::MAX)),
            start: self.now,
            data_done: self.now,
            ndirty: self.txg.pertxg[s],
            io_at_start: self.rec.io_counters(),
        });
        self.txg.last_sync_start = self.now;
        self.schedule_sync_timer();
        self.dva_sync_started();
        if self.legacy_throttle() {
            // Writers delayed in txg + 1 stop waiting once their previous txg syncs.
            self.legacy_wake_sleepers(txg + 1);
        }
        // The quiesce hand-off slot is free again: a writer in txg_wait_open() may be waiting
        // for the quiesce thread.
        self.try_quiesce();
        // Each record retires its logical size; the device writes its compressed size.
        self.allocating_writes(txg, taken);
        if writes == 0 {
            self.write_metadata();
        }
    }

    /// The txg's data is written: its dirty metadata goes out step by step, each block
    /// once its children are written (`dbuf_sync_indirect()`: an indirect block's write
    /// waits for its children; `dnode_sync()` of the meta-dnode after every dnode), then
    /// the objset block. Each retires the dirty bytes it was charged.
    fn write_metadata(&mut self) {
        let Some(txg) = self.txg.syncing.as_ref().map(|s| s.txg) else { return };
        // The objset block roots the tree; a txg with no dataset changes writes none.
        self.dbufs
            .start_writing(txg, MetaBlock { charged: 0, physical: OBJSET_BLOCK, step: u32::MAX, holds: Holds::Sized });
        self.write_metadata_step();
    }

    /// Writes the next step of the txg's metadata, or starts the MOS after the last.
    fn write_metadata_step(&mut self) {
        let Some(s) = self.txg.syncing.as_mut() else { return };
        let txg = s.txg;
        let writing = &mut self.dbufs.writing;
        let Some(step) = writing.front().map(|b| b.step) else {
            self.write_mos(0);
            return;
        };
        let n = writing.iter().take_while(|b| b.step == step).count();
        let blocks: Vec<_> = writing.drain(..n).collect();
        s.phase = Phase::Metadata(n as u32);
        for b in blocks {
            self.write_meta_block(b.physical, b.charged, txg, (Objset::Dataset, b.in_object_tree()));
        }
    }

    /// A metadata block of `objset`, retiring `charged` dirty bytes when written, in as
    /// many copies as `dmu_write_policy()` gives it (`dmu_write_policy.rs`): two for a
    /// dataset's, three for the MOS's, each its own allocation and write
    /// (`metaslab_ditto.rs`), the block written when all are.
    ///
    /// An indirect block of an object's tree (`among_data`) is placed apart from the one
    /// before it. A block allocates once its children are allocated (`zio_write_compress()`
    /// waits for them to be ready), and the kernel's allocation queue is sorted by bookmark
    /// (`zio_bookmark_compare()`), so an object's indirect block allocates right after its
    /// object's records and before the next object's: other objects' data lies between two
    /// of them. The dnode blocks, the meta-dnode's indirect blocks and the objset block
    /// allocate after all the records, and the MOS's blocks after the whole dataset, one
    /// after another with nothing between: their copies lie end to end, and those the
    /// queue holds together merge.
    fn write_meta_block(&mut self, physical: u64, charged: u64, txg: u64, (objset, among_data): (Objset, bool)) {
        let copies = metadata_copies(objset);
        let gap = if among_data { AMONG_DATA } else { 0 };
        self.allocating_write((physical, gap), (None, copies), txg, charged, Owner::TxgMeta);
    }

    /// Pass `pass` of the MOS sync: its blocks are dirtied, then written; after the last,
    /// the end of `dsl_pool_sync()`.
    fn write_mos(&mut self, pass: usize) {
        let Some(txg) = self.txg.syncing.as_ref().map(|s| s.txg) else { return };
        if pass == 1 {
            // After the first MOS pass, `dsl_pool_sync()` runs the txg's sync tasks.
            self.synctasks_run(txg);
        }
        let Some(blocks) = MOS_PASSES.get(pass) else {
            self.start_flush();
            return;
        };
        if let Some(s) = self.txg.syncing.as_mut() {
            s.phase = Phase::Mos { pass: pass as u32, left: blocks.len() as u32 };
        }
        self.dirty_syncing(txg, blocks.iter().sum());
        for &charged in *blocks {
            self.write_meta_block(MOS_BLOCK, charged, txg, (Objset::Mos, false));
        }
    }

    /// One of the sync's data or metadata writes is done: the step it belongs to may be
    /// over (each waits for all its writes, as `dsl_pool_sync()`'s `zio_wait()`s do).
    pub(super) fn sync_write_done(&mut self) {
        let Some(s) = self.txg.syncing.as_mut() else { return };
        let (Phase::Writing(left) | Phase::Metadata(left) | Phase::Mos { left, .. }) = &mut s.phase else { return };
        *left -= 1;
        if *left == 0 {
            self.sync_step_done();
        }
    }

    /// The last write of the sync's current step is done: the next step starts. Kept out
    /// of `sync_write_done()`, which runs for every write of the sync, so that the common
    /// count-down stays a few instructions.
    #[inline(never)]
    fn sync_step_done(&mut self) {
        let Some(s) = self.txg.syncing.as_ref() else { return };
        match s.phase {
            Phase::Writing(_) => self.write_metadata(),
            Phase::Metadata(_) => self.write_metadata_step(),
            Phase::Mos { pass, .. } => self.write_mos(pass as usize + 1),
            _ => {}
        }
    }

    /// The end of `dsl_pool_sync()`: what the writes did not retire is retired ("shore up");
    /// then `dsl_scan_sync()` scans while a scrub or resilver runs, and `vdev_config_sync()`
    /// flushes the caches before writing the uberblocks.
    fn start_flush(&mut self) {
        let now = self.now;
        let Some(txg) = self.txg.syncing.as_mut().map(|s| {
            s.data_done = now;
            s.txg
        }) else {
            return;
        };
        let rest = self.txg.pertxg[slot(txg)];
        self.retire(txg, rest);
        if let Some(s) = self.txg.syncing.as_mut() {
            s.phase = Phase::Scanning;
        }
        if !self.scan_phase_start() {
            self.flush_all(Phase::FlushingData);
        }
    }

    /// The scan phase is over and its I/O done: on to `vdev_config_sync()`.
    pub(super) fn scan_phase_done(&mut self) {
        if matches!(self.txg.syncing, Some(Syncing { phase: Phase::Scanning, .. })) {
            self.flush_all(Phase::FlushingData);
        }
    }

    fn flush_all(&mut self, phase: impl Fn(u32) -> Phase) {
        let n = self.leaves.len();
        if let Some(s) = self.txg.syncing.as_mut() {
            s.phase = phase(n as u32);
        }
        for leaf in 0..n {
            self.flush(leaf, FlushOwner::Sync);
        }
    }

    pub(super) fn sync_flush_done(&mut self) {
        let Some(s) = self.txg.syncing.as_mut() else { return };
        match &mut s.phase {
            Phase::FlushingData(left) => {
                *left -= 1;
                if *left == 0 {
                    self.write_uberblocks();
                }
            }
            Phase::FlushingLabels(left) => {
                *left -= 1;
                if *left == 0 {
                    self.sync_done();
                }
            }
            _ => {}
        }
    }

    /// `vdev_uberblock_sync_list()`: the uberblock goes into its slot of the ring in each
    /// of the four labels (two at the front of the disk, two at the end) of every leaf of
    /// up to `SPA_SYNC_MIN_VDEVS` top-level vdevs from a random one on. The labels' config
    /// itself is written only when the config is dirty (`vdev_label_sync_list()` walks
    /// `spa_config_dirty_list`), which the lab's pools never are.
    fn write_uberblocks(&mut self) {
        let tops = self.tops.len();
        let first = self.rng.below(tops as u64) as usize;
        let chosen = tops.min(SYNC_MIN_VDEVS);
        let Some(s) = self.txg.syncing.as_mut() else { return };
        let txg = s.txg;
        s.phase = Phase::Uberblock((chosen as u64 * LABELS) as u32);
        for i in 0..chosen {
            let top = (first + i) % tops;
            let capacity = self.tops[top].leaf_capacity;
            let slot = UBERBLOCK_RING + (txg % (UBERBLOCK_RING / UBERBLOCK)) * UBERBLOCK;
            for label in 0..LABELS {
                let start = if label < 2 { label * LABEL_SIZE } else { capacity - (LABELS - label) * LABEL_SIZE };
                self.write_logical((top, start + slot), UBERBLOCK, Class::SyncWrite, txg, 0, Owner::Uberblock);
            }
        }
    }

    pub(super) fn uberblock_done(&mut self) {
        let Some(s) = self.txg.syncing.as_mut() else { return };
        if let Phase::Uberblock(left) = &mut s.phase {
            *left -= 1;
            if *left == 0 {
                self.flush_all(Phase::FlushingLabels);
            }
        }
    }

    fn sync_done(&mut self) {
        let Some(s) = self.txg.syncing.take() else { return };
        self.zil_txg_synced();
        self.wrlog_clear(s.txg);
        if s.txg != self.txg.synced + 1 {
            self.rec.invariants.txg_out_of_order += 1;
        }
        self.txg.synced = s.txg;
        self.dbufs.synced(s.txg);
        self.l1.synced(s.txg);
        self.txg_waiters_synced(s.txg);
        self.zones.txg_synced(self.now);
        self.placement_synced(s.txg);
        let t = self.txg.times[slot(s.txg)];
        let (reads, writes, nread, nwritten) = self.rec.io_counters();
        let legacy = self.legacy_throttle().then(|| self.legacy_synced(s.txg, s.data_done - s.start));
        self.rec.txg_done(TxgRow {
            txg: s.txg,
            birth: t.birth,
            state: "C",
            ndirty: s.ndirty,
            nread: nread - s.io_at_start.2,
            nwritten: nwritten - s.io_at_start.3,
            reads: reads - s.io_at_start.0,
            writes: writes - s.io_at_start.1,
            otime: t.quiesce_start - t.birth,
            qtime: t.quiesced - t.quiesce_start,
            wtime: s.start - t.quiesced,
            stime: self.now - s.start,
            cause: t.cause,
            legacy,
        });
        // The sync thread loops: decide on the next sync as a fresh event, not recursively.
        self.events.push(self.now, Ev::SyncTimer);
    }
}
