//! Dirty data and transaction groups (`dsl_pool.c`, `txg.c`, ZoL 2.2+).
//!
//! One txg open, at most one quiescing or quiesced, at most one syncing. The sync thread
//! starts a sync `zfs_txg_timeout` after the start of the previous one, or at once when a
//! txg's own dirty data passes `zfs_dirty_data_sync_percent` (the kick). A sync writes the
//! txg's records and metadata through the async-write class, flushes the disks' caches and
//! writes the uberblock. Dirty data is retired as writes complete, and what is left is
//! retired when the sync ends.

use super::io::{FlushOwner, Owner};
use super::report::TxgRow;
use super::{Ev, Sim};
use crate::sim::vdev_queue::Class;

/// The first txg of a pool (`TXG_INITIAL`).
const TXG_INITIAL: u64 = 4;
/// Txgs are kept in a ring of four slots (`TXG_SIZE`).
const SLOTS: usize = 4;
/// Metadata is written in blocks of this size [bytes].
const META_BLOCK: u64 = 16 << 10;
/// The uberblock write at the end of a sync [bytes].
const UBERBLOCK: u64 = 4 << 10;

#[derive(Clone, Copy, Default)]
struct Times {
    birth: u64,
    quiesce_start: u64,
    quiesced: u64,
}

/// A sync's steps, each with its I/Os still outstanding: the txg's data and metadata, a
/// cache flush, the uberblocks, and a last flush (`spa_sync()` / `vdev_config_sync()`).
#[derive(Clone, Copy)]
enum Phase {
    Writing(u32),
    FlushingData(u32),
    Uberblock(u32),
    FlushingLabels(u32),
}

/// A record dirtied in a txg: whose, how large, and whether the ZIL already logged a copy.
#[derive(Clone, Copy)]
struct Record {
    client: u32,
    size: u64,
    logged: bool,
    /// Which record of which file, for copy-on-write frees (buffered writers only).
    key: Option<u64>,
}

struct Syncing {
    txg: u64,
    phase: Phase,
    start: u64,
    /// When the txg's data and metadata were all written (the legacy throttle's sync time).
    data_done: u64,
    ndirty: u64,
    /// Pool I/O counters at the start: (reads, writes, bytes read, bytes written).
    io_at_start: (u64, u64, u64, u64),
}

pub(super) struct TxgState {
    /// `dp_dirty_total` [bytes].
    pub dirty_total: u64,
    pertxg: [u64; SLOTS],
    holds: [u32; SLOTS],
    /// The records dirtied in each txg.
    records: [Vec<Record>; SLOTS],
    /// Commits waiting for the syncing txg to be synced.
    sync_waiters: Vec<u32>,
    times: [Times; SLOTS],
    pub open: u64,
    quiescing: Option<u64>,
    quiesced: Option<u64>,
    syncing: Option<Syncing>,
    pub synced: u64,
    /// `tx_sync_txg_waiting`: the kick asks for this txg to be synced.
    sync_waiting: u64,
    last_sync_start: u64,
}

fn slot(txg: u64) -> usize {
    (txg % SLOTS as u64) as usize
}

impl TxgState {
    pub fn new() -> Self {
        TxgState {
            dirty_total: 0,
            pertxg: [0; SLOTS],
            holds: [0; SLOTS],
            records: Default::default(),
            sync_waiters: Vec::new(),
            times: [Times::default(); SLOTS],
            open: TXG_INITIAL,
            quiescing: None,
            quiesced: None,
            syncing: None,
            synced: TXG_INITIAL - 1,
            sync_waiting: 0,
            last_sync_start: 0,
        }
    }

    pub fn syncing_txg(&self) -> u64 {
        self.syncing.as_ref().map_or(0, |s| s.txg)
    }

    pub fn hold(&mut self, txg: u64) {
        self.holds[slot(txg)] += 1;
    }

    /// A sync is writing its txg's data now.
    pub fn writing_sync(&self) -> bool {
        matches!(self.syncing, Some(Syncing { phase: Phase::Writing(_), .. }))
    }

    /// No txg is quiescing or waiting for the sync thread: another may be quiesced.
    pub fn quiesce_slot_free(&self) -> bool {
        self.quiesced.is_none() && self.quiescing.is_none()
    }
}

impl Sim {
    /// A timeout of 0 makes the sync thread look again at once: it never sleeps.
    pub(super) fn schedule_sync_timer(&mut self) {
        self.events.push(self.txg.last_sync_start + self.k.txg_timeout_ns, Ev::SyncTimer);
    }

    /// `dsl_pool_dirty_space()`: client `client`'s committed transaction dirties its txg.
    pub(super) fn dirty_space(&mut self, txg: u64, bytes: u64, client: u32) {
        if bytes == 0 {
            return; // The record was already dirty in this txg.
        }
        let s = slot(txg);
        self.txg.pertxg[s] += bytes;
        self.txg.dirty_total += bytes;
        // Only the allocator frees old copies; without it the key is not needed.
        let key = if self.placement.is_some() { self.record_key(client) } else { None };
        self.txg.records[s].push(Record { client, size: bytes, logged: false, key });
        self.rec.dirtied(bytes, self.txg.dirty_total, self.k.dirty_max);
        // The legacy throttle has no dirty-data kick: txgs close on the timer or the limit.
        if !self.legacy_throttle() && self.txg.pertxg[s] > self.k.sync_kick_bytes {
            // txg_kick(): ask the sync thread to sync up to this txg.
            if self.txg.sync_waiting < txg {
                self.txg.sync_waiting = txg;
                self.sync_thread_check();
            }
        }
        self.dirty_delta();
    }

    /// `dsl_pool_undirty_space()`: retires up to `bytes` of `txg`'s dirty data.
    pub(super) fn retire(&mut self, txg: u64, bytes: u64) {
        let s = slot(txg);
        let b = bytes.min(self.txg.pertxg[s]);
        if b == 0 {
            return; // dsl_pool_undirty_space() returns early: no signal.
        }
        self.txg.pertxg[s] -= b;
        self.txg.dirty_total -= b;
        self.rec.retired(b);
        self.dirty_delta();
    }

    /// `dsl_pool_dirty_delta()`: below the limit, one hard-waiting writer is woken.
    fn dirty_delta(&mut self) {
        if self.txg.dirty_total < self.k.dirty_max {
            if let Some(c) = self.hard_waiters.pop_front() {
                self.hard_wait_over(c);
            }
        }
    }

    /// The open, quiescing and quiesced txgs: those whose records are not yet being written.
    pub(super) fn txgs_not_syncing(&self) -> Vec<u64> {
        let t = &self.txg;
        [t.quiesced, t.quiescing, Some(t.open)].into_iter().flatten().collect()
    }

    /// Takes client `c`'s records of at least `min` bytes out of `txgs` (written in place
    /// by `dmu_sync()`, so the txg skips them; their dirty data is retired when it syncs).
    pub(super) fn take_records(&mut self, c: u32, txgs: &[u64], min: u64) -> Vec<u64> {
        let mut taken = Vec::new();
        for &txg in txgs {
            self.txg.records[slot(txg)].retain(|r| {
                let take = r.client == c && r.size >= min;
                if take {
                    taken.push(r.size);
                }
                !take
            });
        }
        taken
    }

    /// Client `c`'s records under `max` bytes in `txgs` not yet logged: marked logged, the
    /// data copied into the log (and written again by the txg).
    pub(super) fn log_small_records(&mut self, c: u32, txgs: &[u64], max: u64) -> Vec<u64> {
        let mut logged = Vec::new();
        for &txg in txgs {
            for r in self.txg.records[slot(txg)].iter_mut().filter(|r| r.client == c && r.size < max && !r.logged) {
                r.logged = true;
                logged.push(r.size);
            }
        }
        logged
    }

    pub(super) fn txg_sync_waiter(&mut self, c: u32) {
        self.txg.sync_waiters.push(c);
    }

    /// A transaction of `txg` released its hold (its data is in).
    pub(super) fn release_hold(&mut self, txg: u64) {
        let s = slot(txg);
        self.txg.holds[s] = self.txg.holds[s].saturating_sub(1);
        if self.txg.quiescing == Some(txg) && self.txg.holds[s] == 0 {
            self.finish_quiesce();
            self.sync_thread_check();
        }
    }

    /// The sync thread wakes: starts a sync if one is due and none is running.
    pub(super) fn sync_thread_check(&mut self) {
        let t = &self.txg;
        if t.syncing.is_some() {
            return;
        }
        let timer_due = self.k.txg_timeout_ns == 0 || self.now >= t.last_sync_start + self.k.txg_timeout_ns;
        // A running scan (scrub, resilver) keeps the sync thread from sleeping.
        let scanning = self.scanning();
        if !(timer_due || scanning || t.synced < t.sync_waiting || t.quiesced.is_some()) {
            return;
        }
        if self.txg.quiesced.is_none() {
            if self.txg.quiescing.is_none() {
                self.start_quiesce();
            }
            if self.txg.quiesced.is_none() {
                return; // Waiting for the old txg's holds to drain.
            }
        }
        self.start_sync();
    }

    /// `txg_quiesce()`: the next txg opens at once; the old one waits for its holds.
    fn start_quiesce(&mut self) {
        let old = self.txg.open;
        self.txg.open += 1;
        self.txg.times[slot(self.txg.open)] = Times { birth: self.now, ..Times::default() };
        self.txg.times[slot(old)].quiesce_start = self.now;
        self.txg.quiescing = Some(old);
        if self.legacy_throttle() {
            self.legacy_txg_opened(old);
        }
        if self.txg.holds[slot(old)] == 0 {
            self.finish_quiesce();
        }
    }

    /// The quiesce thread, asked by a writer waiting for a new txg.
    pub(super) fn quiesce_now(&mut self) {
        self.start_quiesce();
    }

    fn finish_quiesce(&mut self) {
        if let Some(txg) = self.txg.quiescing.take() {
            self.txg.times[slot(txg)].quiesced = self.now;
            self.txg.quiesced = Some(txg);
        }
    }

    fn start_sync(&mut self) {
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

    /// The end of `dsl_pool_sync()`: what the writes did not retire is retired ("shore up"),
    /// then `vdev_config_sync()` flushes the caches before writing the uberblocks.
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
        self.flush_all(Phase::FlushingData);
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
