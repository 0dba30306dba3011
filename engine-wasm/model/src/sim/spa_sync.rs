//! A txg's sync (`spa_sync()`, `dsl_pool_sync()`, `vdev_config_sync()`): the txg's
//! records and metadata written through the async-write class, what they did not retire
//! retired, the disks' caches flushed, the uberblocks written and flushed, and the
//! `txgs` kstat row recorded.

use super::record::TxgRow;
use super::txg::{slot, Phase, Syncing};
use super::vdev_queue::Class;
use super::zio::{FlushOwner, Owner};
use super::{Ev, Sim};

/// Metadata is written in blocks of this size [bytes].
const META_BLOCK: u64 = 16 << 10;
/// The uberblock write at the end of a sync [bytes].
const UBERBLOCK: u64 = 4 << 10;

impl Sim {
    /// Starts syncing the quiesced txg: its records and metadata go to the allocator and
    /// the async-write class.
    pub(super) fn start_sync(&mut self) {
        let Some(txg) = self.txg.quiesced.take() else { return };
        let s = slot(txg);
        let records: Vec<(u64, Option<u64>)> =
            std::mem::take(&mut self.txg.records[s]).iter().map(|r| (r.size, r.key)).collect();
        let data: u64 = records.iter().map(|r| r.0).sum();
        let meta_blocks = (data * self.scenario.pool.metadata_percent / 100).div_ceil(META_BLOCK);
        let writes = records.len() as u64 + meta_blocks;
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
        if self.legacy_throttle() {
            // Writers delayed in txg + 1 stop waiting once their previous txg syncs, and the
            // quiesce hand-off slot is free again.
            self.legacy_wake_sleepers(txg + 1);
            self.legacy_try_quiesce();
        }
        for (size, key) in records {
            let (top, offset) = self.place_block(size, key, txg);
            self.write_logical((top, offset), size, Class::AsyncWrite, txg, size, Owner::TxgData);
        }
        for _ in 0..meta_blocks {
            let (top, offset) = self.place_block(META_BLOCK, None, txg);
            self.write_logical((top, offset), META_BLOCK, Class::AsyncWrite, txg, 0, Owner::TxgMeta);
        }
        if writes == 0 {
            self.start_flush();
        }
    }

    /// One of the sync's data or metadata writes is done.
    pub(super) fn sync_write_done(&mut self) {
        let Some(s) = self.txg.syncing.as_mut() else { return };
        if let Phase::Writing(left) = &mut s.phase {
            *left -= 1;
            if *left == 0 {
                self.start_flush();
            }
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

    fn write_uberblocks(&mut self) {
        let Some(s) = self.txg.syncing.as_mut() else { return };
        let txg = s.txg;
        s.phase = Phase::Uberblock(self.tops.len() as u32);
        for top in 0..self.tops.len() {
            // The uberblock ring in the vdev labels.
            let offset = self.tops[top].capacity - (256 << 10) + (txg % 32) * UBERBLOCK;
            self.write_logical((top, offset), UBERBLOCK, Class::SyncWrite, txg, 0, Owner::Uberblock);
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
        for c in std::mem::take(&mut self.txg.sync_waiters) {
            self.zil_part_done(c);
        }
        if s.txg != self.txg.synced + 1 {
            self.rec.invariants.txg_out_of_order += 1;
        }
        self.txg.synced = s.txg;
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
            legacy,
        });
        // The sync thread loops: decide on the next sync as a fresh event, not recursively.
        self.events.push(self.now, Ev::SyncTimer);
    }
}
