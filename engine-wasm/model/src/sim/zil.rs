//! The ZIL as a pool without a log device uses it (`zil.c`): `zil_commit()` writes small
//! records' data into log blocks (WR_COPIED; the txg writes the data again later), writes
//! large ones once at their final place through `dmu_sync()` (WR_INDIRECT; the txg then
//! skips them), writes the log block, and flushes the disks written. An fsync whose data
//! is already in the syncing txg waits for that sync.

use super::zio::{FlushOwner, Owner};
use super::Sim;
use crate::sim::vdev_queue::Class;

/// `zfs_immediate_write_sz`: records this large or larger are logged indirectly [bytes].
const IMMEDIATE_WRITE_SZ: u64 = 32 << 10;
/// A log record's header (`lr_write_t` and the itx) [bytes].
const RECORD_HEADER: u64 = 192;
/// Log blocks are at least one sector-aligned 4 KiB and at most 128 KiB [bytes].
const LOG_BLOCK_MIN: u64 = 4 << 10;
const LOG_BLOCK_MAX: u64 = 128 << 10;

/// A commit in progress: I/Os and flushes still to complete, and the vdevs written.
#[derive(Default)]
pub(super) struct Commit {
    pending: u32,
    flushes: u32,
    tops: Vec<bool>,
}

impl Sim {
    /// `zil_commit()` for client `c`: its large records in txgs not yet syncing are written
    /// in place and leave their txg; its small ones are copied into the log and stay; if it
    /// last dirtied the txg now syncing, the commit waits for that sync.
    pub(super) fn zil_log(&mut self, c: u32) {
        let unsynced = self.txgs_not_syncing();
        let mut records = self.take_records(c, &unsynced, IMMEDIATE_WRITE_SZ);
        records.extend(self.log_small_records(c, &unsynced, IMMEDIATE_WRITE_SZ));
        let wait = self.txg.syncing_txg() == self.clients[c as usize].last_dirty_txg;
        self.zil_commit(c, &records, wait);
    }

    /// Commits client `c`'s `records` (sizes): indirect ones written in place, copied ones
    /// into log blocks; `wait_sync` also waits for the txg being synced.
    pub(super) fn zil_commit(&mut self, c: u32, records: &[u64], wait_sync: bool) {
        let mut commit = Commit { tops: vec![false; self.tops.len()], ..Commit::default() };
        let mut log_bytes = 0;
        for &size in records {
            if size >= IMMEDIATE_WRITE_SZ {
                let (top, offset) = self.alloc_data(size);
                commit.tops[top] = true;
                commit.pending += 1;
                self.write_logical((top, offset), size, Class::SyncWrite, 0, 0, Owner::Zil(c));
                log_bytes += RECORD_HEADER;
            } else {
                log_bytes += RECORD_HEADER + size;
            }
        }
        let top = c as usize % self.tops.len();
        let mut left = log_bytes.max(1).div_ceil(LOG_BLOCK_MIN) * LOG_BLOCK_MIN;
        while left > 0 {
            let size = left.min(LOG_BLOCK_MAX);
            left -= size;
            let offset = self.alloc_zil(top, size);
            commit.tops[top] = true;
            commit.pending += 1;
            self.write_logical((top, offset), size, Class::SyncWrite, 0, 0, Owner::Zil(c));
        }
        if wait_sync {
            commit.pending += 1;
            self.txg_sync_waiter(c);
        }
        self.clients[c as usize].commit = commit;
    }

    /// One write (or the awaited sync) of client `c`'s commit is done.
    pub(super) fn zil_part_done(&mut self, c: u32) {
        let commit = &mut self.clients[c as usize].commit;
        commit.pending = commit.pending.saturating_sub(1);
        if commit.pending > 0 {
            return;
        }
        // zio_flush() to every leaf of the vdevs written.
        let leaves: Vec<usize> = (0..self.tops.len())
            .filter(|&t| commit.tops[t])
            .flat_map(|t| self.tops[t].leaves.iter().copied())
            .collect();
        self.clients[c as usize].commit.flushes = leaves.len() as u32;
        if leaves.is_empty() {
            self.zil_done(c);
        }
        for leaf in leaves {
            self.flush(leaf, FlushOwner::Zil(c));
        }
    }

    pub(super) fn zil_flush_done(&mut self, c: u32) {
        let commit = &mut self.clients[c as usize].commit;
        commit.flushes = commit.flushes.saturating_sub(1);
        if commit.flushes == 0 {
            self.zil_done(c);
        }
    }
}
