//! The ZIL of the pool's one dataset (`zil.c` at each release's tag), in the log class when
//! the pool has one.
//!
//! - **Log records.** `zfs_log_write()` makes a record (an itx) of every write, logged
//!   indirectly or with its data as the release chooses from the write's size and its
//!   file's block size (`zfs_log.rs`). A commit writes the block of each indirect record
//!   in place, whole (WR_INDIRECT: `dmu_sync()`; the txg then skips it), and copies the
//!   data of the others into the log (WR_COPIED / WR_NEED_COPY; the txg writes their
//!   blocks again): [`itx`].
//! - **Batching.** Commits go into log write blocks (lwbs) of up to 128 KiB. When the
//!   committing thread writes the open lwb out is the release's ([`ZilIssue`]): 2.3 on at
//!   once when no other commit is waiting (`zil_process_commit_list()`, `zl_parallel`
//!   clear), 2.2 at once only for a first lwb whose wait would be under 5 µs or that is
//!   nearly full, 0.8 to 2.1 never at once; an lwb not written at once stays open for
//!   more records until it is full or `zfs_commit_timeout_pct` of the last lwb's latency
//!   (from 2.2 a moving average) has passed (`zil_commit_waiter_timeout()`). Several lwbs
//!   may be in flight; each flushes the vdevs it wrote once its writes are done
//!   (`zil_lwb_write_done()`), and their waiters are released in issue order
//!   (`zil_lwb_flush_vdevs_done()`). Before 0.8 one batch is in flight at a time: the
//!   commits that come meanwhile, their in-place writes too, wait for it to end, and the
//!   next writer writes them all (`zil_commit()`, `zl_writer`).
//! - **Bulk** (0.7+): once more than `zil_slog_bulk` log bytes have been committed since
//!   the count was last reset (a waiter's timeout; from 2.2 also a lone commit's lwb,
//!   before 0.8 each batch), lwbs on a log device are written in the async-write class
//!   (`zil_lwb_write_open()` until 2.1, `zil_lwb_write_issue()` from 2.2), so a bulk of
//!   log writes does not take the device from latency-bound ones.
//! - **SLOG limit** (0.6.4, 0.6.5): before 0.8 one writer copies a batch's records into
//!   its log blocks, writing each out as it fills (`zil_commit_writer()`, at the model's
//!   memory-copy rate), and allocates the next as it does. With a log device, that next
//!   block goes to the pool's disks once the batch has logged `zil_slog_limit` bytes and
//!   the records waiting for the next writer reach twice that: [`slog`].
//! - **Late arrivals.** An indirect record whose txg is already syncing has its block
//!   written anew, beside the sync, instead of waiting for it (`dmu_sync()` →
//!   `dmu_sync_late_arrival()`); one whose txg has synced needs nothing.
//! - **Log throttle** (2.2+): every write's log bytes, as its release counts them
//!   (`zfs_log.rs`), count against `zfs_wrlog_data_max` until its txg syncs
//!   (`dsl_pool_wrlog_count()`, `dmu_tx.rs` delays writers by it).
//!
//! Simplified: one lwb is one batch of records written as blocks of at most 128 KiB (the
//! real ZIL chains blocks one per lwb and sizes them from its history, `zil_lwb_plan()`);
//! every lwb flushes its own vdevs (the real one may defer a flush to the next lwb).

use super::slab::Slab;
use super::vdev::AllocClass;
use super::zio::{FlushOwner, Owner};
use super::{Ev, Sim};
use crate::scenario::{Release, ZilIssue};
use crate::sim::vdev_queue::Class;
use std::collections::VecDeque;

mod issue;
mod itx;
mod slog;
use super::dmu_tx::memcpy_ns;
use issue::{bulk, issues_now, resets_bulk, Commit};
use slog::{cur_used, use_slog};

/// A write's log record in a log block without its data (`sizeof (lr_write_t)`) [bytes].
pub(super) const RECORD_HEADER: u64 = 192;
/// Log blocks are at least one sector-aligned 4 KiB and at most 128 KiB
/// (`zl_max_block_size`) [bytes].
const LOG_BLOCK_MIN: u64 = 4 << 10;
pub(super) const LOG_BLOCK_MAX: u64 = 128 << 10;
/// Where the ZIL's blocks go (`zio_alloc_zil()`), and so how records are logged.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum LogOn {
    /// The normal class: large records are written in place (WR_INDIRECT).
    Pool,
    /// Devices of the log's own: log vdevs, or from 2.4 the special class
    /// (`zil_special_is_slog`, 1 by default), which takes large records in place only when
    /// their blocks would go there too (`special_small_blocks`), else copies them.
    Own,
}

/// A log write block: the commits it carries, its log bytes, and what is outstanding.
pub(super) struct Lwb {
    waiters: Vec<u32>,
    log_bytes: u64,
    /// Writes not yet done (its `dmu_sync()` writes and, once issued, its log blocks).
    pending: u32,
    flushes: u32,
    tops: Vec<bool>,
    issued: Option<u64>,
    done: bool,
    /// The log bytes counted toward `zil_slog_bulk` when it opened.
    bulk_base: u64,
    /// The log bytes counted toward `zil_slog_bulk` when it was issued.
    bulk_issued: u64,
    /// Its records' bytes in `zl_itx_list_sz`, until a writer takes them (before 0.8).
    listed: u64,
    /// Its log blocks [bytes each], and how many have gone out.
    blocks: Vec<u64>,
    written: usize,
    /// The top-level vdev its blocks go to, and the one its blocks in the normal class go
    /// to when a log device's is refused (`USE_SLOG()`).
    top: usize,
    spill_top: Option<usize>,
    /// Its records' in-place writes not yet issued (before 0.8, while a batch is in
    /// flight: the next writer's `zil_lwb_commit()` calls `dmu_sync()`) [bytes].
    deferred: Vec<u64>,
    /// The tenant of the thread that opened it (the zone its I/O is counted to).
    pub(super) tenant: usize,
}

#[derive(Default)]
pub(super) struct Zil {
    lwbs: Slab<Lwb>,
    /// Issued lwbs, in issue order: waiters are released in this order.
    order: VecDeque<u32>,
    /// The lwb taking records, if any.
    open: Option<u32>,
    /// `zl_last_lwb_latency` [ns].
    last_latency: u64,
    /// Commits not yet done (another waiting makes the ZIL "parallel").
    waiting: u32,
    /// The log records not yet committed, and the records they were written into.
    itxs: itx::Itxs,
    /// Where the next log block goes: the top-level vdevs in turn.
    next_top: usize,
    /// Lwbs opened so far: a waiter's timeout names the lwb it waited on by this count.
    opened: u32,
    /// Log bytes committed since the last reset (`zl_cur_used`, from 2.3 `zl_cur_size`).
    bulk_bytes: u64,
    /// The next log block was allocated in the normal class though the pool has a log
    /// device (`USE_SLOG()` false). The first is on the log device (`zil_create()`).
    next_off_log: bool,
}

impl Sim {
    /// `zil_commit()` for client `c`: its records join the open lwb (indirect ones' blocks
    /// written in place now, the others' data copied in), late arrivals' blocks are written
    /// anew, and the lwb is issued at once unless other commits are waiting to share it.
    pub(super) fn zil_log(&mut self, c: u32) {
        let (writes, log_bytes, listed) = self.zil_commit_list(c);
        let opened = self.zil.open.is_none();
        let id = match self.zil.open {
            Some(id) => id,
            None => {
                let tenant = self.clients.get(c as usize).map_or(0, |cl| cl.tenant);
                let lwb = Lwb {
                    waiters: Vec::new(),
                    log_bytes: 0,
                    pending: 0,
                    flushes: 0,
                    tops: vec![false; self.tops.len()],
                    issued: None,
                    done: false,
                    deferred: Vec::new(),
                    bulk_base: self.zil.bulk_bytes,
                    bulk_issued: 0,
                    listed: 0,
                    blocks: Vec::new(),
                    written: 0,
                    top: 0,
                    spill_top: None,
                    tenant,
                };
                let id = self.zil.lwbs.insert(lwb);
                self.zil.open = Some(id);
                self.zil.opened = self.zil.opened.wrapping_add(1);
                id
            }
        };
        let parallel = self.zil.waiting > 0;
        self.zil.waiting += 1;
        let issue = self.scenario.models.release.zil_issue();
        let in_flight = self.zil.order.back().is_some_and(|&last| !self.zil.lwbs.get(last).is_some_and(|l| l.done));
        if issue == ZilIssue::Batch && in_flight {
            // Not the writer: its records wait for the next one.
            if let Some(lwb) = self.zil.lwbs.get_mut(id) {
                lwb.deferred.extend(writes);
            }
        } else {
            for size in writes {
                self.zil_write_in_place(id, size);
            }
        }
        let wait = self.zil.last_latency * self.k.commit_timeout_pct / 100;
        self.zil.bulk_bytes = self.zil.bulk_bytes.saturating_add(log_bytes);
        let Some(lwb) = self.zil.lwbs.get_mut(id) else { return };
        if issue == ZilIssue::Batch {
            // Its records stay on the list until the batch's writer takes them.
            lwb.listed += listed;
        } else {
            // zil_commit_impl() → zil_get_commit_list(): this thread takes them now.
            self.zil.itxs.listed = self.zil.itxs.listed.saturating_sub(listed);
        }
        lwb.waiters.push(c);
        lwb.log_bytes += log_bytes;
        let commit = Commit { opened, in_flight, parallel, wait, log_bytes: lwb.log_bytes };
        if issues_now(issue, &commit) {
            if resets_bulk(issue, &commit) {
                self.zil.bulk_bytes = 0;
            }
            self.zil_issue(id);
        } else if issue != ZilIssue::Batch {
            // zil_commit_waiter_timeout(): wait a little for more records to share it.
            self.events.push(self.now + wait.max(1), Ev::ZilTimeout(self.zil.opened));
        }
    }

    /// `dmu_sync()` for a record of lwb `id` logged indirectly: its block written in place.
    fn zil_write_in_place(&mut self, id: u32, size: u64) {
        let (top, offset) = self.alloc_data(size);
        if let Some(lwb) = self.zil.lwbs.get_mut(id) {
            lwb.tops[top] = true;
            lwb.pending += 1;
        }
        self.write_logical((top, offset), size, Class::SyncWrite, 0, 0, Owner::Zil(id));
        self.scan_note_client_io();
    }

    /// Where the log's blocks go, and the class they are allocated in: the log class first,
    /// from 2.4 the special class next, else the normal class (`zio_alloc_zil()`).
    pub(super) fn log_on(&self, block: u64) -> (LogOn, AllocClass) {
        if self.classes.log > 0 {
            (LogOn::Own, AllocClass::Log)
        } else if self.classes.special > 0 && self.scenario.models.release >= Release::V2_4 {
            let in_place = block <= self.scenario.pool.special_small_blocks;
            (if in_place { LogOn::Pool } else { LogOn::Own }, AllocClass::Special)
        } else {
            (LogOn::Pool, AllocClass::Normal)
        }
    }

    /// The waiter's timeout: its lwb (the `opened`-th), if still open, is issued as it is.
    pub(super) fn zil_timeout(&mut self, opened: u32) {
        if let (Some(id), true) = (self.zil.open, self.zil.opened == opened) {
            // zil_commit_waiter_timeout() resets the count: the lwb was too large for the
            // rate of commits (2.2 on before it issues; until 2.1 the class is already set).
            self.zil.bulk_bytes = 0;
            self.zil_issue(id);
        }
    }

    /// `zil_lwb_write_issue()`: the lwb's log blocks go to the next top-level vdev; before
    /// 0.8 one by one as the writer copies the records in (`zil_commit_writer()`).
    fn zil_issue(&mut self, id: u32) {
        if self.zil.open == Some(id) {
            self.zil.open = None;
        }
        let deferred = self.zil.lwbs.get_mut(id).map(|l| std::mem::take(&mut l.deferred)).unwrap_or_default();
        for size in deferred {
            self.zil_write_in_place(id, size);
        }
        let (_, alloc_class) = self.log_on(0);
        let (first, n) = self.classes.range(alloc_class);
        let top = first + self.zil.next_top % n.max(1);
        self.zil.next_top = self.zil.next_top.wrapping_add(1);
        let batch = self.scenario.models.release.zil_issue() == ZilIssue::Batch;
        let bulk_issued = self.zil.bulk_bytes;
        let Some(lwb) = self.zil.lwbs.get_mut(id) else { return };
        if batch {
            // zil_get_commit_list(): the writer takes the batch's records off the list.
            self.zil.itxs.listed = self.zil.itxs.listed.saturating_sub(std::mem::take(&mut lwb.listed));
        }
        lwb.issued = Some(self.now);
        lwb.top = top;
        lwb.bulk_issued = bulk_issued;
        let mut left = lwb.log_bytes.max(1).div_ceil(LOG_BLOCK_MIN) * LOG_BLOCK_MIN;
        while left > 0 {
            let size = left.min(LOG_BLOCK_MAX);
            left -= size;
            lwb.blocks.push(size);
        }
        lwb.pending += lwb.blocks.len() as u32;
        let (n, first_block) = (lwb.blocks.len(), lwb.blocks[0]);
        self.zil.order.push_back(id);
        if batch {
            self.events.push(self.now + memcpy_ns(first_block), Ev::ZilBlock(id));
        } else {
            for _ in 0..n {
                self.zil_block(id);
            }
        }
    }

    /// `zil_lwb_write_start()`: lwb `id`'s next log block goes out, where the block before
    /// it chose, and chooses where the block after it goes (`USE_SLOG()`, 0.6.x: [`slog`]).
    /// Before 0.8 the writer then copies on into that block.
    pub(super) fn zil_block(&mut self, id: u32) {
        let release = self.scenario.models.release;
        let (log_on, alloc_class) = self.log_on(0);
        let off_log = alloc_class == AllocClass::Log && self.zil.next_off_log;
        let spill_top = if off_log { self.zil_spill_top(id) } else { None };
        let listed = self.zil.itxs.listed;
        let limit = self.k.zil_slog_limit;
        let Some(lwb) = self.zil.lwbs.get_mut(id) else { return };
        let i = lwb.written;
        let Some(&size) = lwb.blocks.get(i) else { return };
        lwb.written += 1;
        let next = lwb.blocks.get(i + 1).copied();
        self.zil.next_off_log = !use_slog(limit, cur_used(lwb.log_bytes, i as u64), listed);
        let top = spill_top.unwrap_or(lwb.top);
        lwb.tops[top] = true;
        // `lwb_slog`: the block is on a log device (`zio_alloc_zil()`'s log class).
        let on_log = alloc_class == AllocClass::Log && !off_log;
        let slog_bulk = self.k.zil_slog_bulk.filter(|_| on_log && log_on == LogOn::Own);
        let class = if bulk(release.slog_bulk_at_issue(), slog_bulk, lwb.bulk_base, lwb.bulk_issued, i as u64) {
            Class::AsyncWrite
        } else {
            Class::SyncWrite
        };
        let offset = self.alloc_zil(top, size);
        self.write_logical((top, offset), size, class, 0, 0, Owner::Zil(id));
        // zio_vdev_io_start() (before 0.8) counts a synchronous write as the pool being busy
        // for a scan only off a log vdev (`!vd->vdev_islog`): a SLOG's writes do not slow it.
        if !on_log {
            self.scan_note_client_io();
        }
        if let (Some(next), true) = (next, release.zil_issue() == ZilIssue::Batch) {
            self.events.push(self.now + memcpy_ns(next), Ev::ZilBlock(id));
        }
    }

    /// The normal-class top-level vdev lwb `id`'s blocks refused by the log device go to
    /// (the next in turn, once per lwb).
    fn zil_spill_top(&mut self, id: u32) -> Option<usize> {
        if let Some(top) = self.zil.lwbs.get(id)?.spill_top {
            return Some(top);
        }
        let (first, n) = self.classes.range(AllocClass::Normal);
        let top = first + self.zil.next_top % n.max(1);
        self.zil.next_top = self.zil.next_top.wrapping_add(1);
        self.zil.lwbs.get_mut(id)?.spill_top = Some(top);
        Some(top)
    }

    /// One write of lwb `id` is done; once all are (and it is issued), its vdevs are
    /// flushed.
    pub(super) fn zil_part_done(&mut self, id: u32) {
        let Some(lwb) = self.zil.lwbs.get_mut(id) else { return };
        lwb.pending = lwb.pending.saturating_sub(1);
        if lwb.pending > 0 || lwb.issued.is_none() {
            return;
        }
        // zio_flush() to every leaf of the vdevs written.
        let leaves: Vec<usize> = (0..self.tops.len())
            .filter(|&t| lwb.tops.get(t).copied().unwrap_or(false))
            .flat_map(|t| self.tops[t].leaves.iter().copied())
            .collect();
        lwb.flushes = leaves.len() as u32;
        if leaves.is_empty() {
            self.zil_lwb_done(id);
        }
        for leaf in leaves {
            self.flush(leaf, FlushOwner::Zil(id));
        }
    }

    pub(super) fn zil_flush_done(&mut self, id: u32) {
        let Some(lwb) = self.zil.lwbs.get_mut(id) else { return };
        lwb.flushes = lwb.flushes.saturating_sub(1);
        if lwb.flushes == 0 {
            self.zil_lwb_done(id);
        }
    }

    /// Lwb `id` is on stable storage; the waiters of every lwb done up to the first that
    /// is not are released, in issue order.
    fn zil_lwb_done(&mut self, id: u32) {
        if let Some(lwb) = self.zil.lwbs.get_mut(id) {
            lwb.done = true;
        }
        while let Some(&front) = self.zil.order.front() {
            if !self.zil.lwbs.get(front).is_some_and(|l| l.done) {
                break;
            }
            self.zil.order.pop_front();
            let Some(lwb) = self.zil.lwbs.remove(front) else { continue };
            if let Some(issued) = lwb.issued {
                let t = self.now - issued;
                // zil_lwb_flush_vdevs_done(): the last lwb's latency until 2.1, then a
                // moving average (3/4 the old in 2.1.16, 7/8 from 2.2).
                let old = self.scenario.models.release.lwb_latency_old_eighths();
                self.zil.last_latency =
                    (self.zil.last_latency.saturating_mul(old).saturating_add(t.saturating_mul(8 - old))) / 8;
            }
            for c in lwb.waiters {
                self.zil.waiting = self.zil.waiting.saturating_sub(1);
                self.zil_done(c);
            }
        }
        // Before 0.8 the writer's batch is done: the next writer writes what came meanwhile.
        if self.scenario.models.release.zil_issue() == ZilIssue::Batch && self.zil.order.is_empty() {
            if let Some(open) = self.zil.open {
                // The next writer's batch: zil_commit_writer() counts from 0 again.
                self.zil.bulk_bytes = 0;
                self.zil_issue(open);
            }
        }
    }

    /// The tenant lwb `id`'s I/O is counted to.
    pub(super) fn zil_tenant(&self, id: u32) -> usize {
        self.zil.lwbs.get(id).map_or(0, |l| l.tenant)
    }
}
