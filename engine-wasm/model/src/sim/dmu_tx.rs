//! The write throttle as `dmu_tx_assign()` applies it (`dmu_tx.c`): the delay check
//! against `zfs_delay_min_dirty_percent`, the hard wait at `zfs_dirty_data_max`, the delay
//! of `dmu_tx_delay()` with credit for time already served and pool-wide serialisation
//! through `dp_last_wakeup`, each transaction delayed at most once; then the transaction
//! joins the open txg, unless the ARC is too full of dirty data (`arc_tempreserve_space()`,
//! when it waits for the next txg to open), and commits. Its counters are the `dmu_tx`
//! kstats'.

use super::client_waits::WaitCause;
use super::txg::SyncCause;
use super::{Ev, Sim};
use crate::curves::{delay_ns, tx_time_ns};
use crate::scenario::{SyncKick, DEFAULT_CPU_PER_WRITE};
use serde::Serialize;

/// What the throttle did, as `dmu_tx_stats` and the delay probes count it.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ThrottleCounters {
    /// Transactions created by writers.
    pub transactions: u64,
    /// Sent to `dmu_tx_wait()` by the delay check (`dmu_tx_dirty_delay`).
    pub sent_to_delay: u64,
    /// Waited at the hard limit (`dmu_tx_dirty_over_max`).
    pub hard_waits: u64,
    /// Sent to `dmu_tx_wait()` by the log-data check (`dmu_tx_wrlog_delay`, 2.2+).
    pub wrlog_delays: u64,
    /// Actually slept (fired `delay-mintime`).
    pub delayed: u64,
    /// Time slept in delays, all transactions together [ns].
    pub delay_total_ns: u64,
    /// Sent to wait for the next txg because dirty data filled the ARC past
    /// `zfs_arc_dirty_limit_percent` (`dmu_tx_dirty_throttle`).
    pub arc_dirty_throttles: u64,
    /// Sent to wait for the next txg because one transaction's reserve passed the ARC's
    /// size (`dmu_tx_memory_reserve`).
    pub arc_memory_reserves: u64,
    /// Legacy throttle: writes delayed a tick past 7/8 of the write limit.
    pub legacy_delays_7_8: u64,
    /// Legacy throttle: writes that waited for the next txg at the write limit.
    pub legacy_limit_waits: u64,
}

/// A client write's `dmu_write()` and commit: the scenario's CPU cost per write plus
/// copying the data into the ARC [ns].
fn copy_ns(cpu_per_write_ns: u64, bytes: u64) -> u64 {
    cpu_per_write_ns + memcpy_ns(bytes)
}

/// Copying `bytes` in memory, at 4 GB/s [ns].
pub(super) fn memcpy_ns(bytes: u64) -> u64 {
    bytes / 4
}

impl Sim {
    /// `dmu_tx_assign(tx, DMU_TX_WAIT)` for client `c`'s new transaction.
    pub(super) fn try_assign(&mut self, c: u32) {
        if self.legacy_throttle() {
            self.legacy_try_assign(c);
            return;
        }
        let delayed = self.clients[c as usize].delayed;
        if !delayed && self.k.sync_kick != SyncKick::TxgPercent {
            self.pool_kick();
        }
        let dirty = self.txg.dirty_total;
        // dsl_pool_need_wrlog_delay() is asked first, then dsl_pool_need_dirty_delay().
        let wrlog = self.txg.wrlog_total > self.k.wrlog_min_bytes;
        if delayed || !(wrlog || dirty > self.k.delay_min_bytes) {
            self.reserve_and_assign(c);
            return;
        }
        // ERESTART, then dmu_tx_wait().
        if wrlog {
            self.rec.throttle.wrlog_delays += 1;
        } else {
            self.rec.throttle.sent_to_delay += 1;
        }
        if dirty >= self.k.dirty_max {
            self.rec.throttle.hard_waits += 1;
            self.hard_waiters.push_back(c);
            self.client_waits(c, WaitCause::HardLimit);
            return;
        }
        self.delay(c, dirty);
    }

    /// A hard-waiting writer is woken below the limit; `dmu_tx_wait()` goes on to the delay.
    pub(super) fn hard_wait_over(&mut self, c: u32) {
        let dirty = self.txg.dirty_total;
        self.delay(c, dirty);
    }

    /// `dmu_tx_delay()`.
    fn delay(&mut self, c: u32, dirty: u64) {
        let cl = &mut self.clients[c as usize];
        cl.delayed = true;
        // The longer of the dirty-data delay and the log-data delay (2.2+), as `dmu_tx_delay()`
        // combines them (`tx_time_ns()`); the writer's time asleep is the log's when its delay
        // was the longer.
        let wrlog = self.txg.wrlog_total;
        let dirty_ns = delay_ns(&self.k.delay, dirty);
        let (tx_time, wrlog_ns) = if self.k.wrlog_enabled {
            (tx_time_ns(&self.k.delay, dirty, &self.k.wrlog, wrlog), delay_ns(&self.k.wrlog, wrlog))
        } else {
            (dirty_ns, 0)
        };
        let cause = if wrlog_ns > dirty_ns { WaitCause::WrlogDelay } else { WaitCause::Delay };
        if tx_time == 0 || self.now > cl.tx_start + tx_time {
            self.reserve_and_assign(c); // Nothing to wait, or already waited that long.
            return;
        }
        let wakeup = (cl.tx_start + tx_time).max(self.last_wakeup + tx_time);
        cl.tx_time = tx_time;
        self.last_wakeup = wakeup;
        self.rec.delay_applied(tx_time, wakeup - self.now);
        self.events.push_ordered(wakeup, Ev::ClientAssign(c));
        self.client_waits(c, cause);
    }

    /// A delayed transaction's sleep is over. Checked here, where it actually wakes, not
    /// where the wake-up was computed: delayed transactions wake at least their delay apart.
    pub(super) fn delay_over(&mut self, c: u32) {
        let tx_time = self.clients[c as usize].tx_time;
        if self.last_delayed_wake.is_some_and(|prev| self.now < prev + tx_time) {
            self.rec.invariants.wakeups_too_close += 1;
        }
        self.last_delayed_wake = Some(self.now);
        self.reserve_and_assign(c);
    }

    /// `dsl_dir_tempreserve_space()` → `arc_tempreserve_space()` after the txg hold: with
    /// the ARC warm at `arc_c_max`, a transaction whose reserve passes it, or one that finds
    /// dirty data (`arc_anon`: dirty and not yet written, which the lab's dirty total is)
    /// past a quarter of it and, with its reserve, past half of it, gets ERESTART and
    /// `dmu_tx_wait()` waits in `txg_wait_open()` for the next txg; it then tries again from
    /// the start. The last clause, that the pool's own dirty data be more than
    /// `zfs_arc_pool_dirty_percent` (20) of it, always holds for the lab's single pool.
    fn reserve_and_assign(&mut self, c: u32) {
        if self.arc_refuses(c) {
            self.wait_open(c, self.txg.open + 1, WaitCause::ArcReserve, SyncCause::OpenWait);
            return;
        }
        self.assign(c);
    }

    /// `arc_tempreserve_space()`'s answer for client `c`'s transaction (see
    /// `reserve_and_assign()`): whether it refuses, counted by why.
    pub(super) fn arc_refuses(&mut self, c: u32) -> bool {
        // What the transaction's holds count (dmu_tx_try_assign()'s memory, dmu_tx_hold.rs).
        let reserve = self.reserve_bytes(c);
        let arc = self.k.arc_max;
        let anon = self.txg.dirty_total;
        let memory = reserve > arc;
        if memory {
            self.rec.throttle.arc_memory_reserves += 1;
        } else if reserve + anon > self.k.arc_half && anon > self.k.arc_quarter {
            self.rec.throttle.arc_dirty_throttles += 1;
        } else {
            return false;
        }
        true
    }

    /// The transaction joins the open txg and dirties it; its data is copied in, then it
    /// commits.
    pub(super) fn assign(&mut self, c: u32) {
        let txg = self.txg.open;
        let waited = self.now - self.clients[c as usize].assign_start;
        self.rec.tx_assigned(waited);
        let cl = &mut self.clients[c as usize];
        // The legacy throttle takes its txg hold when it reserves space, before its delay.
        if !std::mem::take(&mut cl.held) {
            cl.txg = txg;
            self.txg.hold(txg);
        }
        // dmu_write() holds the buffers first, reading the L1s not in memory
        // (`dbuf_findbp.rs`), holding the txg.
        if self.read_l1s_after_assign(c) {
            return;
        }
        self.dmu_write(c);
    }

    /// `dmu_write()` dirties the buffers of client `c`'s assigned transaction and copies
    /// into them; then it commits.
    pub(super) fn dmu_write(&mut self, c: u32) {
        // dbuf_dirty() charges the dirty data before the copy: the next writer's check sees
        // this write's bytes at once. A zvol's transaction dirties each block of its write,
        // in order.
        let txg = self.clients[c as usize].txg;
        for nth in 0..self.clients[c as usize].blocks {
            let (record, metadata) = self.dirty_charge(c, txg, nth);
            self.dirty_space(txg, record, metadata, c, nth);
        }
        let bytes = self.clients[c as usize].tx_bytes;
        let cpu = self.scenario.cpu_per_write_ns.unwrap_or(DEFAULT_CPU_PER_WRITE);
        self.events.push_ordered(self.now + copy_ns(cpu, bytes), Ev::ClientCommit(c));
        self.client_waits(c, WaitCause::Copy);
    }

    /// The copy is done: the transaction commits and releases its hold.
    pub(super) fn commit(&mut self, c: u32) {
        let txg = self.clients[c as usize].txg;
        let written = self.clients[c as usize].tx_bytes;
        self.rec.client_bytes += written;
        if !self.legacy_throttle() && self.k.wrlog_enabled {
            // zfs_log_write(): the write's log record, its data copied in unless logged
            // indirectly, counts against zfs_wrlog_data_max until its txg syncs.
            let bytes = self.log_record_bytes(c);
            self.wrlog_count(txg, bytes);
        }
        // zfs_log_write() → zil_itx_assign(): the write's log record joins its txg's, for
        // the writer's next commit.
        self.zil_itx_assign(c, txg);
        if self.legacy_throttle() {
            self.legacy_commit(c, txg);
        }
        self.release_hold(txg);
        self.client_committed(c);
    }
}
