//! Dirty-data accounting (`dsl_pool.c`): `dsl_pool_dirty_space()` as a transaction
//! commits, with the sync kick; `dsl_pool_undirty_space()` as writes complete; and the
//! wake-up of a writer waiting at `zfs_dirty_data_max` (`dsl_pool_dirty_delta()`).

use super::txg::{slot, Record, SyncCause};
use super::Sim;
use crate::scenario::SyncKick;

impl Sim {
    /// `dsl_pool_dirty_space()`: client `client`'s committed transaction dirties its txg
    /// with a new `record` (0 if it was already dirty), the `nth` it covers, and the
    /// `metadata` it dirtied (`dbuf.rs`; the sync writes that from its own list).
    pub(super) fn dirty_space(&mut self, txg: u64, record: u64, metadata: u64, client: u32, nth: u64) {
        let bytes = record + metadata;
        if bytes == 0 {
            return; // The record and all above it were already dirty in this txg.
        }
        let s = slot(txg);
        self.txg.pertxg[s] += bytes;
        self.txg.dirty_total += bytes;
        if self.legacy_throttle() {
            self.legacy_willuse(txg, bytes);
        }
        if record > 0 {
            // Only the allocator frees old copies; without it the key is not needed.
            let key = if self.placement.is_some() { self.record_key(client, nth) } else { None };
            let cl = self.clients.get(client as usize);
            let compressible = cl.and_then(|c| c.shape).map_or(0, |shape| shape.compressible);
            let psize = super::zio_compress::psize(record, compressible);
            let index = self.txg.records[s].len();
            self.txg.records[s].push(Record { size: record, psize, taken: false, key });
            self.zil_record_dirtied(client, txg, index, nth);
        }
        self.rec.dirtied(bytes, self.txg.dirty_total, self.k.dirty_max);
        // The legacy throttle has no dirty-data kick: txgs close on the timer or the limit.
        let per_txg = self.k.sync_kick == SyncKick::TxgPercent;
        if !self.legacy_throttle() && per_txg && self.txg.pertxg[s] > self.k.sync_kick_bytes {
            self.ask_sync(txg, SyncCause::Dirty);
        }
        self.dirty_delta();
    }

    /// Before 2.2, `dsl_pool_need_dirty_delay()` → `txg_kick()`: as a transaction asks to
    /// be assigned, pool-wide dirty data above the threshold quiesces the open txg, but only
    /// while no txg syncs or waits to (the kick is not remembered then). From 0.8 not while
    /// one quiesces either; before, the kick is then a request the quiesce thread serves
    /// once the quiescing txg is handed on (`tx_quiesce_txg_waiting = tx_open_txg + 1`).
    pub(super) fn pool_kick(&mut self) {
        let t = &self.txg;
        if t.dirty_total <= self.k.sync_kick_bytes || t.syncing.is_some() || t.quiesced.is_some() {
            return;
        }
        if t.quiescing.is_none() {
            self.quiesce_now(SyncCause::Dirty);
        } else if self.k.kick_while_quiescing && t.quiesce_waiting <= t.open {
            self.txg.quiesce_waiting = t.open + 1;
            self.txg.quiesce_waiting_cause = SyncCause::Dirty;
        }
    }

    /// `dsl_pool_wrlog_count()` (2.2+): a write's log record adds `bytes` of log data to
    /// its txg; past `zfs_wrlog_data_max` x (`zfs_dirty_data_sync_percent` + 10) / 200 in
    /// one txg, the txg is kicked to sync.
    pub(super) fn wrlog_count(&mut self, txg: u64, bytes: u64) {
        let s = slot(txg);
        self.txg.wrlog_pertxg[s] += bytes;
        self.txg.wrlog_total += bytes;
        if self.txg.wrlog_pertxg[s] > self.k.wrlog_kick_bytes {
            self.ask_sync(txg, SyncCause::Wrlog);
        }
    }

    /// `dsl_pool_wrlog_clear()` from `dsl_pool_sync_done()`: the synced txg's log data no
    /// longer counts.
    pub(super) fn wrlog_clear(&mut self, txg: u64) {
        let s = slot(txg);
        self.txg.wrlog_total -= std::mem::take(&mut self.txg.wrlog_pertxg[s]);
    }

    /// `dsl_pool_dirty_space()` from syncing context: the MOS blocks a sync pass dirties
    /// count as the syncing txg's dirty data until they are written (no kick: that txg is
    /// already syncing).
    pub(super) fn dirty_syncing(&mut self, txg: u64, bytes: u64) {
        let s = slot(txg);
        self.txg.pertxg[s] += bytes;
        self.txg.dirty_total += bytes;
        self.rec.dirtied(bytes, self.txg.dirty_total, self.k.dirty_max);
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

    /// `dsl_pool_dirty_delta()`: below the limit, one hard-waiting writer is woken
    /// (`cv_signal(&dp->dp_spaceavail_cv)`), on every change of dirty data, increases
    /// too, so each admitted writer passes the wake-up on. Which one: the kernel's, in
    /// arrival order (Linux SPL `cv_wait_common()` queues with
    /// `prepare_to_wait_exclusive()` and `cv_signal()` wakes the first; FreeBSD's and
    /// illumos's sleep queues wake the first of the highest priority). Userspace libzpool
    /// uses `pthread_cond_signal()`, whose order glibc leaves open.
    fn dirty_delta(&mut self) {
        if self.txg.dirty_total < self.k.dirty_max {
            if let Some(c) = self.hard_waiters.pop_front() {
                self.hard_wait_over(c);
            }
        }
    }
}
