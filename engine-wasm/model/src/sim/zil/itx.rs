//! The log records (itxs) of the writes a logging writer (O_DSYNC or fsync) has not
//! committed yet, and what its `zil_commit()` makes of them (`zil.c` `zil_lwb_commit()` →
//! `zfs_get_data()` → `dmu.c` `dmu_sync()`).
//!
//! - **One itx per write**, made in the write's txg (`zfs_log_write()` →
//!   `zil_itx_assign()`), logged indirectly or with its data as `zfs_log.rs` chooses then;
//!   a zvol's write, one over its blocks, is split as `zvol_log_write()` splits it (an
//!   indirect one into an itx a block). Several writes into one record make several itxs
//!   of one record.
//! - **A commit** takes the writer's itxs of the txgs not yet syncing, oldest first. An
//!   indirect one has `dmu_sync()` write its whole record in place (`zfs_get_data()` holds
//!   the block at `z_blksz`, `dmu_sync()` writes the dirty record's data), and the txg
//!   then skips the record (its dirty record is overridden); unless the record was already
//!   written so since it was last dirtied (`dmu_sync()` returns EALREADY: the log record
//!   points to that copy). A copied one puts its data into the log block.
//! - **A write into a record `dmu_sync()` wrote** undoes that (`dbuf_dirty()` →
//!   `dbuf_unoverride()`): the txg writes the record again, unless the next commit
//!   writes it in place anew. So each small O_DSYNC write logged indirectly writes its
//!   whole record.
//! - **Late arrivals**: the itxs of a txg that starts syncing before they were committed.
//!   An indirect one's record is written anew, whole, beside the sync
//!   (`dmu_sync_late_arrival()`, one write per itx), a copied one as before; once the txg
//!   has synced nothing is needed (EEXIST).

use super::super::txg::slot;
use super::super::zfs_log::{log_records, WrState};
use super::super::Sim;
use super::RECORD_HEADER;
use rustc_hash::FxHashMap;

/// One write's log record.
#[derive(Clone, Copy)]
struct Itx {
    txg: u64,
    /// The write's bytes (`lr_length`).
    size: u64,
    /// The size of the record it went into (`z_blksz`).
    block: u64,
    /// That record's place among its txg's records, if found there.
    record: Option<usize>,
    /// Logged indirectly (WR_INDIRECT).
    indirect: bool,
    /// A synchronous write's (`itx_sync`): counted in `zl_itx_list_sz` until taken.
    sync: bool,
}

impl Itx {
    /// Its size on disk (`itx_sod`): the record, and its data unless logged indirectly.
    fn sod(&self) -> u64 {
        RECORD_HEADER + if self.indirect { 0 } else { self.size }
    }

    /// What it adds to `zl_itx_list_sz`.
    fn listed(&self) -> u64 {
        if self.sync {
            self.sod()
        } else {
            0
        }
    }
}

#[derive(Default)]
pub(in crate::sim) struct Itxs {
    /// Each logging client's itxs not yet committed, in the order written (so oldest txg
    /// first), by client.
    pending: Vec<Vec<Itx>>,
    /// Each logging client's itxs of the syncing txg that its next commit finds late.
    late: Vec<Vec<Itx>>,
    /// Where each record a logging client dirtied in a txg is among the txg's records, by
    /// (object, block id), by txg slot: a later write into it finds it there.
    records: [FxHashMap<(u64, u64), usize>; 4],
    /// `zl_itx_list_sz`: the bytes of synchronous writes' records no writer has taken and
    /// whose txg has not synced (`slog.rs`) [bytes].
    pub(super) listed: u64,
}

impl Sim {
    /// Record `index` of `txg`'s records was dirtied by client `c`'s transaction, the
    /// `nth` it covers: if `c` logs its writes, its itxs into that record will find it.
    pub(in crate::sim) fn zil_record_dirtied(&mut self, c: u32, txg: u64, index: usize, nth: u64) {
        if let Some(block) = self.logged_block(c, nth) {
            self.zil.itxs.records[slot(txg)].insert(block, index);
        }
    }

    /// `zfs_log_write()` (`zvol_log_write()`) → `zil_itx_assign()`: client `c`'s write,
    /// committed in `txg`, makes its itxs (`zfs_log.rs`: one, or for a zvol's write one a
    /// block when indirect), if `c` logs its writes. Each record it dirtied again is no
    /// longer the copy a `dmu_sync()` may have written (`dbuf_unoverride()`).
    pub(in crate::sim) fn zil_itx_assign(&mut self, c: u32, txg: u64) {
        let Some((object, blkid)) = self.logged_block(c, 0) else { return };
        let Some(write) = self.log_write(c) else { return };
        let s = slot(txg);
        let records = &self.zil.itxs.records[s];
        for nth in 0..self.clients[c as usize].blocks {
            let index = records.get(&(object, blkid + nth)).copied();
            if let Some(r) = index.and_then(|i| self.txg.records[s].get_mut(i)) {
                r.taken = false;
            }
        }
        let (pending, listed) = (&mut self.zil.itxs.pending, &mut self.zil.itxs.listed);
        if pending.len() <= c as usize {
            pending.resize_with(c as usize + 1, Vec::new);
        }
        let pending = &mut pending[c as usize];
        log_records(self.scenario.models.release, &write, |r| {
            let record = records.get(&(object, blkid + r.block)).copied();
            let indirect = r.state == WrState::Indirect;
            // zfs_log_write(): an O_DSYNC write's itx is synchronous, a plain one's not.
            // NOTE: 0.6.4's zfs_fsync() leaves the thread's fsyncer count set (0.6.5 clears
            // it), so its next 4 writes' itxs are synchronous too; not modelled.
            let itx = Itx { txg, size: r.len, block: write.block, record, indirect, sync: write.commit };
            *listed = listed.saturating_add(itx.listed());
            pending.push(itx);
        });
    }

    /// What client `c`'s commit writes: the blocks `dmu_sync()` writes in place [bytes
    /// each], the log bytes of its records (a header each, and the data of the copied
    /// ones), and what they counted in `zl_itx_list_sz`.
    pub(super) fn zil_commit_list(&mut self, c: u32) -> (Vec<u64>, u64, u64) {
        let (mut writes, mut log_bytes, mut listed) = (Vec::new(), 0, 0);
        let itxs = &mut self.zil.itxs;
        let pending = itxs.pending.get_mut(c as usize).map(std::mem::take).unwrap_or_default();
        for itx in pending {
            listed += itx.listed();
            log_bytes += RECORD_HEADER;
            if !itx.indirect {
                log_bytes += itx.size;
                continue;
            }
            let record = itx.record.and_then(|i| self.txg.records[slot(itx.txg)].get_mut(i));
            match record {
                // Already written in place since last dirtied: EALREADY.
                Some(r) if r.taken => {}
                Some(r) => {
                    r.taken = true;
                    writes.push(r.size);
                }
                None => writes.push(itx.block),
            }
        }
        let late = itxs.late.get_mut(c as usize).map(std::mem::take).unwrap_or_default();
        for itx in late {
            // Its txg is syncing: dmu_sync_late_arrival() writes the block again.
            listed += itx.listed();
            log_bytes += RECORD_HEADER;
            if itx.indirect {
                writes.push(itx.block);
            } else {
                log_bytes += itx.size;
            }
        }
        (writes, log_bytes, listed)
    }

    /// `txg` starts syncing: the itxs of it not yet committed would arrive late to a
    /// commit, and its records are no longer to be found.
    pub(in crate::sim) fn zil_txg_syncing(&mut self, txg: u64) {
        let itxs = &mut self.zil.itxs;
        itxs.records[slot(txg)].clear();
        if itxs.late.len() < itxs.pending.len() {
            itxs.late.resize_with(itxs.pending.len(), Vec::new);
        }
        for (pending, late) in itxs.pending.iter_mut().zip(itxs.late.iter_mut()) {
            // A client's itxs are in txg order: this txg's (and none older) come first.
            let n = pending.partition_point(|i| i.txg <= txg);
            late.extend(pending.drain(..n));
        }
    }

    /// The syncing txg is on disk: nothing of it needs logging any more (`dmu_sync()`:
    /// EEXIST).
    /// (`zil_clean()`: what they counted in `zl_itx_list_sz` goes with them.)
    pub(in crate::sim) fn zil_txg_synced(&mut self) {
        let itxs = &mut self.zil.itxs;
        for late in &mut itxs.late {
            let gone: u64 = late.drain(..).map(|i| i.listed()).sum();
            itxs.listed = itxs.listed.saturating_sub(gone);
        }
    }
}
