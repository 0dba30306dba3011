//! Transaction groups (`txg.c`, ZoL 2.2+): one txg open, at most one quiescing or
//! quiesced, at most one syncing; holds, quiescing, and the sync thread, which starts a
//! sync `zfs_txg_timeout` after the start of the previous one, or at once when a txg's
//! own dirty data passes `zfs_dirty_data_sync_percent` (the kick, in `dsl_pool.rs`). The
//! sync itself is `spa_sync.rs`. Each txg remembers why it was closed (`SyncCause`), which
//! its kstat row reports.

use super::client_waits::WaitCause;
use super::{Ev, Sim};
use crate::scenario::SyncKick;
use serde::Serialize;

/// Why a txg was quiesced and synced: which of the conditions that end the sync thread's
/// wait in `txg_sync_thread()` (0.6.4, 0.8.0 and 2.2.0 alike: a scan, a waiter, a quiesced
/// txg, the timer, and before 2.2 the pool's dirty data) held, or who asked the quiesce
/// thread for it (`tx_quiesce_txg_waiting`, from `txg_wait_open()` or, before 2.2,
/// `txg_kick()`). Named once, when the txg's quiesce begins.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum SyncCause {
    /// `zfs_txg_timeout` passed since the previous sync began: nothing asked sooner.
    #[default]
    Timeout,
    /// Dirty data passed the sync threshold (`txg_kick()`): pool-wide `zfs_dirty_data_sync`
    /// bytes before 0.8 and `zfs_dirty_data_sync_percent` from 0.8 (as a writer asks to be
    /// assigned, and in the sync thread's own wait), the txg's own percent from 2.2
    /// (`dsl_pool_dirty_space()` → `dsl_pool_need_dirty_sync()`).
    Dirty,
    /// The txg's log data passed its share of `zfs_wrlog_data_max` (2.2+,
    /// `dsl_pool_wrlog_count()` → `txg_kick()`).
    Wrlog,
    /// A scrub or resilver runs: the sync thread does not sleep (`dsl_scan_active()`).
    Scan,
    /// A thread waits in `txg_wait_synced()`: a writer waiting for its txg, a sync task.
    WaitSynced,
    /// A writer at the legacy throttle's write limit (`dsl_pool_tempreserve_space()`'s
    /// ERESTART) asked for the open txg to be quiesced (`txg_wait_open()`): the legacy
    /// throttle's hard limit.
    HardLimit,
    /// A writer waits for the next txg to open and asked for the open one to be quiesced
    /// (`txg_wait_open()`): the ARC's dirty-data reserve (`arc_tempreserve_space()`).
    OpenWait,
}

/// The first txg of a pool (`TXG_INITIAL`).
const TXG_INITIAL: u64 = 4;
/// Txgs are kept in a ring of four slots (`TXG_SIZE`).
const SLOTS: usize = 4;
#[derive(Clone, Copy, Default)]
pub(super) struct Times {
    pub(super) birth: u64,
    pub(super) quiesce_start: u64,
    pub(super) quiesced: u64,
    /// Why its quiesce began.
    pub(super) cause: SyncCause,
}

/// A sync's steps, each with its I/Os still outstanding: the txg's data, its metadata,
/// the MOS passes, the scan's phase while a scrub or resilver runs (`dsl_scan_sync()`), a
/// cache flush, the uberblocks, and a last flush (`spa_sync()` / `vdev_config_sync()`).
#[derive(Clone, Copy)]
pub(super) enum Phase {
    Writing(u32),
    Metadata(u32),
    Mos { pass: u32, left: u32 },
    Scanning,
    FlushingData(u32),
    Uberblock(u32),
    FlushingLabels(u32),
}

/// A record dirtied in a txg: how large, and whether `dmu_sync()` wrote it.
#[derive(Clone, Copy)]
pub(super) struct Record {
    pub(super) size: u64,
    /// What the device sees once compressed (`zio_compress.rs`).
    pub(super) psize: u64,
    /// Written in place by `dmu_sync()` since it was last dirtied: the txg's sync skips it.
    pub(super) taken: bool,
    /// Which record of which file, for copy-on-write frees (buffered writers only).
    pub(super) key: Option<u64>,
}

pub(super) struct Syncing {
    pub(super) txg: u64,
    pub(super) phase: Phase,
    pub(super) start: u64,
    /// When the txg's data and metadata were all written (the legacy throttle's sync time).
    pub(super) data_done: u64,
    pub(super) ndirty: u64,
    /// Pool I/O counters at the start: (reads, writes, bytes read, bytes written).
    pub(super) io_at_start: (u64, u64, u64, u64),
}

pub(super) struct TxgState {
    /// `dp_dirty_total` [bytes].
    pub dirty_total: u64,
    pub(super) pertxg: [u64; SLOTS],
    /// `dp_wrlog_total` and `dp_wrlog_pertxg`: log bytes of unsynced txgs [bytes].
    pub wrlog_total: u64,
    pub(super) wrlog_pertxg: [u64; SLOTS],
    pub(super) holds: [u32; SLOTS],
    /// The records dirtied in each txg.
    pub(super) records: [Vec<Record>; SLOTS],
    pub(super) times: [Times; SLOTS],
    pub open: u64,
    pub(super) quiescing: Option<u64>,
    pub(super) quiesced: Option<u64>,
    pub(super) syncing: Option<Syncing>,
    pub synced: u64,
    /// `tx_sync_txg_waiting`: the kick asks for this txg to be synced.
    pub(super) sync_waiting: u64,
    /// Who raised `sync_waiting` to its value: the first to ask for that txg.
    pub(super) sync_waiting_cause: SyncCause,
    pub(super) last_sync_start: u64,
    /// `tx_quiesce_txg_waiting`: a writer in `txg_wait_open()` asked for the txg before
    /// this one to be quiesced.
    pub(super) quiesce_waiting: u64,
    /// Why the writer that raised `quiesce_waiting` waits.
    pub(super) quiesce_waiting_cause: SyncCause,
    /// Writers in `txg_wait_open()`: (client, the txg they wait for).
    pub(super) open_waiters: Vec<(u32, u64)>,
}

pub(super) fn slot(txg: u64) -> usize {
    (txg % SLOTS as u64) as usize
}

impl TxgState {
    pub fn new() -> Self {
        TxgState {
            dirty_total: 0,
            pertxg: [0; SLOTS],
            wrlog_total: 0,
            wrlog_pertxg: [0; SLOTS],
            holds: [0; SLOTS],
            records: Default::default(),
            times: [Times::default(); SLOTS],
            open: TXG_INITIAL,
            quiescing: None,
            quiesced: None,
            syncing: None,
            synced: TXG_INITIAL - 1,
            sync_waiting: 0,
            sync_waiting_cause: SyncCause::default(),
            quiesce_waiting: 0,
            quiesce_waiting_cause: SyncCause::default(),
            open_waiters: Vec::new(),
            last_sync_start: 0,
        }
    }

    pub fn syncing_txg(&self) -> u64 {
        self.syncing.as_ref().map_or(0, |s| s.txg)
    }

    pub fn hold(&mut self, txg: u64) {
        self.holds[slot(txg)] += 1;
    }

    /// A sync is writing its txg's data or metadata now.
    pub fn writing_sync(&self) -> bool {
        matches!(self.syncing, Some(Syncing { phase: Phase::Writing(_) | Phase::Metadata(_) | Phase::Mos { .. }, .. }))
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

    /// A transaction of `txg` released its hold (its data is in).
    pub(super) fn release_hold(&mut self, txg: u64) {
        let s = slot(txg);
        self.txg.holds[s] = self.txg.holds[s].saturating_sub(1);
        if self.txg.quiescing == Some(txg) && self.txg.holds[s] == 0 {
            self.finish_quiesce();
        }
    }

    /// `txg_kick()` (2.2+) and `txg_wait_synced()`: ask the sync thread to sync up to
    /// `txg` (`tx_sync_txg_waiting`), remembered while a txg syncs, for `cause`.
    pub(super) fn ask_sync(&mut self, txg: u64, cause: SyncCause) {
        if self.txg.sync_waiting < txg {
            self.txg.sync_waiting = txg;
            self.txg.sync_waiting_cause = cause;
            self.sync_thread_check();
        }
    }

    /// `txg_wait_synced()`: a thread (a writer waiting for its txg, a sync task's caller)
    /// asks for `txg` to be synced; it waits for it where it called from.
    pub(super) fn txg_wait_synced(&mut self, txg: u64) {
        self.ask_sync(txg, SyncCause::WaitSynced);
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
        // Before 2.2 the thread also stays awake while the pool's dirty data is at the sync
        // threshold (`txg_sync_thread()`'s wait loop: `dp_dirty_total < zfs_dirty_data_sync`,
        // from 0.8 the percent): a kick dropped during a sync is made good when it ends,
        // even if no writer comes to kick again (all of them waiting at the hard limit).
        let dirty_due = !self.legacy_throttle()
            && self.k.sync_kick != SyncKick::TxgPercent
            && t.dirty_total >= self.k.sync_kick_bytes;
        let requested = t.synced < t.sync_waiting;
        if !(timer_due || scanning || dirty_due || requested || t.quiesced.is_some()) {
            return;
        }
        // Why, if the sync thread quiesces the txg itself (a txg already quiescing or
        // quiesced keeps the cause it was closed for): a request names itself; of the
        // standing conditions, the one that would end the wait before the timer does.
        let cause = if requested {
            t.sync_waiting_cause
        } else if dirty_due {
            SyncCause::Dirty
        } else if scanning {
            SyncCause::Scan
        } else {
            SyncCause::Timeout
        };
        if self.txg.quiesced.is_none() {
            if self.txg.quiescing.is_none() {
                self.start_quiesce(cause);
            }
            if self.txg.quiesced.is_none() {
                return; // Waiting for the old txg's holds to drain.
            }
        }
        self.start_sync();
    }

    /// `txg_quiesce()`: the next txg opens at once; the old one waits for its holds.
    fn start_quiesce(&mut self, cause: SyncCause) {
        let old = self.txg.open;
        self.txg.open += 1;
        self.txg.times[slot(self.txg.open)] = Times { birth: self.now, ..Times::default() };
        self.txg.times[slot(old)].quiesce_start = self.now;
        self.txg.times[slot(old)].cause = cause;
        self.txg.quiescing = Some(old);
        if self.legacy_throttle() {
            self.legacy_txg_opened(old);
        }
        self.wake_open_waiters();
        if self.txg.holds[slot(old)] == 0 {
            self.finish_quiesce();
        }
    }

    /// The quiesce thread, asked by a writer waiting for a new txg or (before 2.2) by the
    /// dirty-data kick, for `cause`.
    pub(super) fn quiesce_now(&mut self, cause: SyncCause) {
        self.start_quiesce(cause);
    }

    /// `txg_wait_open(txg, should_quiesce)`: client `c` sleeps until txg `txg` is open, for
    /// `wait`, and asks the quiesce thread to quiesce the open txg for it (`cause`).
    pub(super) fn wait_open(&mut self, c: u32, txg: u64, wait: WaitCause, cause: SyncCause) {
        self.txg.open_waiters.push((c, txg));
        if self.txg.quiesce_waiting < txg {
            self.txg.quiesce_waiting = txg;
            self.txg.quiesce_waiting_cause = cause;
        }
        self.client_waits(c, wait);
        self.try_quiesce();
    }

    /// `txg_quiesce_thread()`: quiesces when asked to and no quiesced txg is waiting.
    pub(super) fn try_quiesce(&mut self) {
        if self.txg.open < self.txg.quiesce_waiting && self.txg.quiesce_slot_free() {
            self.quiesce_now(self.txg.quiesce_waiting_cause);
        }
    }

    /// A new txg opened: writers waiting for it try again.
    fn wake_open_waiters(&mut self) {
        let open = self.txg.open;
        let (ready, waiting): (Vec<_>, Vec<_>) = self.txg.open_waiters.drain(..).partition(|&(_, t)| t <= open);
        self.txg.open_waiters = waiting;
        for (c, _) in ready {
            self.events.push(self.now, Ev::ClientRetry(c));
        }
    }

    /// `txg_quiesce_thread()` after `txg_quiesce()`: the txg is handed to the sync thread
    /// (`cv_broadcast(&tx->tx_sync_more_cv)`), which syncs it at once unless a sync is
    /// running: `txg_sync_thread()` waits for its timer only while nothing is quiesced. The
    /// same in every era (`txg.c` of 2008 waits while `tx_quiesced_txg == 0`), whoever
    /// asked for the quiesce: the timer, the dirty-data kick or a legacy writer at the limit.
    pub(super) fn finish_quiesce(&mut self) {
        if let Some(txg) = self.txg.quiescing.take() {
            self.txg.times[slot(txg)].quiesced = self.now;
            self.txg.quiesced = Some(txg);
            self.sync_thread_check();
        }
    }
}
