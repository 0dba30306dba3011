//! Scrub and resilver (`dsl_scan.c`, master), in the scan's issue phase: each top-level
//! vdev's sorted extents issued in offset order (`scan_io_queues_run_one()`). Scan I/O is
//! issued only in syncing context: `dsl_scan_sync()` runs after `dsl_pool_sync()` has
//! written the txg's data, issues until `scan_io_queue_check_suspend()` says to stop, and
//! waits for what is in flight (`zio_wait(scn_zio_root)`) before the sync goes on. While a
//! scan runs the sync thread does not sleep (`dsl_scan_active()`, `txg_sync_thread()`).
//!
//! A scrub reads every child of a mirror (`vdev_mirror_io_start()`, `ZIO_FLAG_SCRUB`); a
//! resilver reads a healthy child in the scrub class and writes the block to the new one
//! in the async-write class (`vdev_mirror_io_done()`'s repair write); the legacy scheduler
//! does both at resilver priority. In flight per top-level vdev:
//! `zfs_scan_vdev_limit` bytes times its data disks from 2.1, times its leaves and at
//! least 1 MiB in 0.8 and 2.0 (`q_maxinflight_bytes`, `scan_exec_io()`) under the OpenZFS
//! scheduler; the workload's fixed `outstanding` blocks under the legacy one. Whether the
//! phase stops is checked before each block, and before the wait for room in flight: a
//! block that passed the check goes out once there is room, even if by then the phase
//! would stop, so a phase ends with that block in flight.
//!
//! Before 0.8 (`release` 0.6.4 to 0.7, 0.7's `dsl_scan_scrub_cb()`): no sorting, blocks in
//! the order the traversal finds them. On an aged pool that is all over the disk (here:
//! random offsets); on a pool filled once by sequential writes (`Written::Sequentially`)
//! it is offset order, since `dsl_scan_visitbp()` walks each object's blocks by block id
//! (`dsl_scan_recurse()`, zfs-0.6.5 and zfs-0.7.0) and the allocator gave each writer's
//! consecutive blocks ascending offsets (here: the walk of 0.8's sorted scan, over the
//! same extent). Nothing else in that traversal looks at where a block lies: the resilver's
//! `vdev_dtl_contains()` goes by birth txg, the wait for `zfs_top_maxinflight` and the
//! `zfs_scrub_delay` by counts and times (`dsl_scan_scrub_cb()`, both tags; 0.7's
//! `vdev_dtl_need_resilver()` skips only RAID-Z blocks with no column on the new disk,
//! whichever order). At most `zfs_top_maxinflight` blocks per top-level vdev in flight,
//! pool-wide (every top-level vdev counts, log devices too); and while a client read or synchronous write was issued within
//! `zfs_scan_idle` ticks (`spa_last_io`, set in `zio_vdev_io_start()`), the sync thread
//! sleeps `zfs_scrub_delay` (or `zfs_resilver_delay`) ticks before each block it issues.
//!
//! Progress as `zpool status` shows it: bytes issued (`count_block_issued()`, each block's
//! allocated size) against the bytes to examine (`scn_to_examine`), which here are the
//! blocks the scan walks: each scanned top-level vdev's first nine tenths, one block an
//! allocation. Once every block is issued and back, the scan is done (`dsl_scan_done()`),
//! a resilvered child serves reads again, and the sync thread may sleep. The traversal's
//! own reading of metadata (the 0.8+ scan's "scanned", ahead of "issued") is not modelled:
//! the lab issues each block as it finds it.

use super::slab::Slab;
use super::vdev_queue::{Class, Kind};
use super::vdev_raidz::LeafIos;
use super::zio::Parent;
use super::Ev;
use super::Sim;
use crate::scenario::{Release, ScanSuspend, SchedulerModel, Workload, Written};

/// A scan's state: what it is, each top-level vdev's cursor and in-flight bytes, and the
/// scan phase of the syncing txg.
pub(super) struct Scan {
    resilver: bool,
    /// Block size [bytes].
    block: u64,
    /// Legacy scheduler: blocks in flight per top-level vdev; `None`: the byte limit.
    outstanding: Option<u32>,
    tops: Vec<ScanTop>,
    /// `scn_sync_start_time` of the scan phase in progress, if one is [ns].
    phase_start: Option<u64>,
    /// `scn_suspending`: the phase stopped issuing and waits for its I/O.
    suspending: bool,
    /// Scrub blocks in flight: (top-level vdev, child reads still to complete).
    reads: Slab<(u32, u32)>,
    /// Before 0.8: blocks in the traversal's order, the pool-wide block limit and the busy
    /// delay.
    unsorted: bool,
    /// Before 0.8 on an aged pool: the traversal finds blocks at random offsets.
    random: bool,
    /// Before 0.8: the sync thread sleeps in `delay(scan_delay)` (its next block waits).
    sleeping: bool,
    /// Per issuer, its next block passed the check whether to suspend and waits only for
    /// room in flight: one entry for the traversal that issues every block before 0.8
    /// (`dsl_scan_visitbp()`), else one per top-level vdev, each queue issued by its own
    /// taskq thread (`scan_io_queues_run()`).
    cleared: Vec<bool>,
    /// `scn_to_examine` and the bytes issued so far (`spa_scan_pass_issued`) [bytes].
    to_examine: u64,
    issued: u64,
    /// When the last block came back (`dsl_scan_done()`) [ns].
    done_at: Option<u64>,
}

#[derive(Clone, Default)]
struct ScanTop {
    /// Being scanned: every vdev for a scrub, mirrors for a resilver, until all its blocks
    /// are issued and back.
    active: bool,
    /// Its blocks, and those issued so far.
    blocks: u64,
    blocks_issued: u64,
    cursor: u64,
    inflight_bytes: u64,
    inflight_blocks: u32,
}

impl Sim {
    /// A scrub or resilver runs: the sync thread does not sleep (`dsl_scan_active()`).
    pub(super) fn scanning(&self) -> bool {
        self.scan.as_ref().is_some_and(|s| s.tops.iter().any(|t| t.active))
    }

    /// Sets up the scan the scenario asks for (a scrub, or a resilver of each mirror's
    /// last child); it issues nothing until a sync reaches its scan phase.
    pub(super) fn scan_init(&mut self) {
        let scan = self.scenario.workloads.iter().find_map(|w| match *w {
            Workload::Scrub { block_size, outstanding_per_leaf } => Some((false, block_size, outstanding_per_leaf)),
            Workload::Resilver { block_size, outstanding } => Some((true, block_size, outstanding)),
            _ => None,
        });
        let Some((resilver, block, outstanding)) = scan else { return };
        let mut tops = vec![ScanTop::default(); self.data_tops];
        let mut to_examine = 0;
        for (top, st) in tops.iter_mut().enumerate() {
            st.active = !resilver || self.tops[top].leaves.len() >= 2;
            if resilver && st.active {
                self.tops[top].resilvering = self.tops[top].leaves.last().copied();
            }
            if st.active {
                // The region the cursor walks, a block an allocation apart (scan_issue()).
                let t = &self.tops[top];
                let stride = t.asize(block).max(1);
                st.blocks = t.file_blocks(t.capacity / 10 * 9, stride);
                to_examine += st.blocks * stride;
            }
            st.active &= st.blocks > 0;
        }
        let legacy = self.scenario.models.scheduler == SchedulerModel::Legacy;
        let unsorted = !legacy && self.scenario.models.release < Release::V0_8;
        let random = unsorted && self.scenario.pool.written == Written::Aged;
        let issuers = if unsorted { 1 } else { tops.len() };
        self.scan = Some(Scan {
            resilver,
            block,
            outstanding: legacy.then_some(outstanding),
            tops,
            phase_start: None,
            suspending: false,
            reads: Slab::default(),
            unsorted,
            random,
            sleeping: false,
            cleared: vec![false; issuers],
            to_examine,
            issued: 0,
            done_at: None,
        });
    }

    /// The scan's progress, if one was asked for: bytes to examine, bytes issued, and when
    /// it finished.
    pub(super) fn scan_progress(&self) -> Option<(u64, u64, Option<u64>)> {
        self.scan.as_ref().map(|s| (s.to_examine, s.issued, s.done_at))
    }

    /// `dsl_scan_sync()` after `dsl_pool_sync()`: the scan phase of the syncing txg starts.
    /// Returns false when there is no scan (the sync goes straight on).
    pub(super) fn scan_phase_start(&mut self) -> bool {
        if !self.scanning() {
            return false;
        }
        let now = self.now;
        let Some(scan) = self.scan.as_mut() else { return false };
        scan.phase_start = Some(now);
        scan.suspending = false;
        // A phase ends only with nothing in flight, so no block waits for room across it.
        scan.cleared.iter_mut().for_each(|c| *c = false);
        for top in 0..self.data_tops {
            self.scan_fill(top);
        }
        self.scan_phase_maybe_done();
        true
    }

    /// `scan_io_queue_check_suspend()` (`dsl_scan_check_suspend()` before 0.8): whether the
    /// phase stops issuing, by the release's rule (`Release::scan_suspend()`).
    fn scan_should_suspend(&self) -> bool {
        let (Some(scan), Some(sync)) = (self.scan.as_ref(), self.txg.syncing.as_ref()) else { return true };
        let Some(start) = scan.phase_start else { return true };
        let min_ms = if scan.resilver { self.k.resilver_min_time_ms } else { self.k.scrub_min_time_ms };
        let scan_ns = self.now.saturating_sub(start);
        let past_min = scan_ns / 1_000_000 > min_ms;
        let t = &self.txg;
        // txg_sync_waiting(): a txg_wait_synced() or a kick asks for this txg or a later
        // one (a ZIL commit waiting for this sync is one), or a quiesced txg is waiting.
        let sync_waiting = sync.txg <= t.sync_waiting || t.quiesced.is_some();
        // `dp_dirty_total * 100 / zfs_dirty_data_max`, truncated, against the percent.
        let dirty_percent = || {
            t.dirty_total
                .saturating_mul(100)
                .checked_div(self.k.dirty_max)
                .is_some_and(|p| p >= self.k.scan_dirty_min_percent)
        };
        let sync_timeout = || self.now.saturating_sub(sync.start) >= self.k.txg_timeout_ns;
        match self.scenario.models.release.scan_suspend() {
            // `elapsed / NANOSEC > zfs_txg_timeout`: a whole second past the timeout.
            ScanSuspend::Timeout => {
                scan_ns >= self.k.txg_timeout_ns.saturating_add(1_000_000_000) || (past_min && sync_waiting)
            }
            ScanSuspend::TimeoutOrDirtyPercent => {
                scan_ns >= self.k.txg_timeout_ns || (past_min && (sync_waiting || dirty_percent()))
            }
            ScanSuspend::DirtyPercent => past_min && (dirty_percent() || sync_waiting || sync_timeout()),
            ScanSuspend::DirtyBytes => {
                past_min && (t.dirty_total >= self.k.scan_dirty_min_bytes || sync_waiting || sync_timeout())
            }
        }
    }

    /// Whether `top` may have another block in flight.
    fn scan_room(&self, top: usize) -> bool {
        let Some(scan) = self.scan.as_ref() else { return false };
        let st = &scan.tops[top];
        match scan.outstanding {
            Some(n) => st.inflight_blocks < n,
            // dsl_scan_scrub_cb() waits while spa_scrub_inflight >= maxinflight, which is
            // zfs_top_maxinflight times the root's children: every top-level vdev.
            None if scan.unsorted => {
                let inflight: u64 = scan.tops.iter().map(|t| u64::from(t.inflight_blocks)).sum();
                inflight < super::wide::saturating_mul(self.k.top_maxinflight, self.tops.len() as u64)
            }
            // scan_exec_io() waits while q_inflight_bytes >= q_maxinflight_bytes.
            None => st.inflight_bytes < self.scan_max_inflight_bytes(top),
        }
    }

    /// `q_maxinflight_bytes` (`scan_io_queues_run_one()`): `zfs_scan_vdev_limit` times the
    /// vdev's leaves, at least 1 MiB, in 0.8 and 2.0 (every leaf of a mirror or RAID-Z,
    /// parity too, `dsl_scan_count_leaves()`); from 2.1 times its data disks, at least 1.
    fn scan_max_inflight_bytes(&self, top: usize) -> u64 {
        let limit = self.k.scan_vdev_limit;
        if self.scenario.models.release.scan_limit_per_leaf() {
            super::wide::saturating_mul(limit, self.tops[top].leaves.len() as u64).max(1 << 20)
        } else {
            super::wide::saturating_mul(limit, self.data_disks(top)).max(1)
        }
    }

    /// Issues `top`'s next blocks while its in-flight limit allows, checking before each
    /// whether to suspend. The check comes first and the wait for room after, as in the C:
    /// from 0.8 `scan_io_queue_issue()` calls `scan_io_queue_check_suspend()` and then
    /// `scan_exec_io()` waits while `q_inflight_bytes >= q_maxinflight_bytes`; before 0.8
    /// `dsl_scan_visitbp()` calls `dsl_scan_check_suspend()` and then `dsl_scan_scrub_cb()`
    /// waits while `spa_scrub_inflight >= maxinflight`. A block that passed the check is
    /// issued once room frees up, whatever the check would say by then.
    fn scan_fill(&mut self, top: usize) {
        loop {
            let Some(scan) = self.scan.as_ref() else { return };
            let st = &scan.tops[top];
            if scan.phase_start.is_none() || scan.sleeping || !st.active {
                return;
            }
            if st.blocks_issued >= st.blocks {
                return; // Every block of this vdev is out: what is in flight finishes it.
            }
            let issuer = if scan.unsorted { 0 } else { top };
            if !scan.cleared.get(issuer).copied().unwrap_or(false) {
                // Each queue checks for itself in the C; within a phase the check, once
                // true, stays true (time and dirty data only grow, a waiter stays), so
                // one queue's stop stands for the others' next check.
                if scan.suspending {
                    return;
                }
                if self.scan_should_suspend() {
                    if let Some(scan) = self.scan.as_mut() {
                        scan.suspending = true;
                    }
                    return;
                }
                if let Some(c) = self.scan.as_mut().and_then(|s| s.cleared.get_mut(issuer)) {
                    *c = true;
                }
            }
            if !self.scan_room(top) {
                return; // It waits in cv_wait: the next block back issues it.
            }
            if let Some(delay) = self.scan_busy_delay() {
                // delay(scan_delay): the sync thread sleeps, then issues this block.
                if let Some(scan) = self.scan.as_mut() {
                    scan.sleeping = true;
                }
                self.events.push(self.now + delay, Ev::ScanDelayOver(top as u32));
                return;
            }
            self.scan_issue(top);
        }
    }

    /// Before 0.8: the delay before the next block while the pool is busy, if it is.
    fn scan_busy_delay(&self) -> Option<u64> {
        let scan = self.scan.as_ref()?;
        let last = self.scan_last_io?;
        let delay = if scan.resilver { self.k.resilver_delay_ns } else { self.k.scrub_delay_ns };
        (scan.unsorted && delay > 0 && self.now.saturating_sub(last) <= self.k.scan_idle_ns).then_some(delay)
    }

    /// The sync thread wakes from `delay(scan_delay)`: the block goes out, and the scan
    /// goes on (the next block may wait again).
    pub(super) fn scan_delay_over(&mut self, top: u32) {
        let Some(scan) = self.scan.as_mut() else { return };
        scan.sleeping = false;
        // The block passed the check before the sleep (dsl_scan_visitbp()); nothing else
        // issues meanwhile, so it goes out whether or not the phase would stop now.
        if scan.phase_start.is_some() {
            self.scan_issue(top as usize);
        }
        for t in 0..self.data_tops {
            self.scan_fill(t);
        }
        self.scan_phase_maybe_done();
    }

    /// `spa_last_io`: a client read or synchronous (log) write was issued now.
    pub(super) fn scan_note_client_io(&mut self) {
        self.scan_last_io = Some(self.now);
    }

    /// `vdev_get_ndisks() - vdev_get_nparity()`: a single disk or a mirror counts one
    /// (`vdev_mirror_ops` has no `vdev_op_ndisks`), however many children it has; RAID-Z
    /// its children less its parity.
    fn data_disks(&self, top: usize) -> u64 {
        self.tops[top].data_disks
    }

    fn scan_issue(&mut self, top: usize) {
        let capacity = self.tops[top].capacity / 10 * 9;
        let Some(scan) = self.scan.as_mut() else { return };
        let block = scan.block;
        // Blocks lie an allocation apart (on RAID-Z, more than their size).
        let t = &self.tops[top];
        let stride = t.asize(block);
        let st = &mut scan.tops[top];
        // Blocks lie where `metaslab_place.rs` puts existing blocks.
        let offset = if scan.random {
            // The traversal's order on an aged pool: wherever the next block pointer leads.
            t.block_place(self.rng.below(t.block_places(capacity, stride)), stride)
        } else {
            // Offset order: 0.8's sorted extents, or a sequentially written pool's traversal.
            let offset = st.cursor;
            let next = t.next_block(offset, stride);
            st.cursor = if next + stride > capacity { 0 } else { next };
            offset
        };
        st.inflight_bytes += block;
        st.inflight_blocks += 1;
        st.blocks_issued += 1;
        scan.issued += stride;
        let issuer = if scan.unsorted { 0 } else { top };
        if let Some(c) = scan.cleared.get_mut(issuer) {
            *c = false; // The issuer's next block is checked anew.
        }
        let resilver = scan.resilver;
        let t = &self.tops[top];
        // Every column of a RAID-Z block, parity included, or each side of a mirror.
        let copies: LeafIos = if t.parity == 0 {
            if resilver {
                // A mirror's resilver reads one side, as any read does.
                let parent = Parent::Resilver { top: top as u32, offset, write: false };
                return self.read_top(top, offset, block, Class::Scrub, parent);
            }
            t.leaves.iter().map(|&leaf| (leaf, offset, block)).collect()
        } else {
            self.raidz_columns(top, offset, block, true)
        };
        // The scan's zio of the block at its top-level vdev (a mirror's resilver counted
        // its own in `read_top`).
        if t.interior() {
            self.rec.vdevs.top(top, Kind::Read, block);
        }
        if resilver {
            // RAID-Z rebuilds the lost column from all the others.
            let parent = Parent::Resilver { top: top as u32, offset, write: false };
            let target = t.resilvering;
            let reads = copies.into_iter().filter(|&(leaf, ..)| Some(leaf) != target).collect();
            self.read_columns(reads, Class::Scrub, parent);
        } else if let Some(scan) = self.scan.as_mut() {
            // A scrub reads every copy.
            let id = scan.reads.insert((top as u32, copies.len() as u32));
            for (leaf, offset, size) in copies {
                self.enqueue(leaf, Class::Scrub, offset, size, Parent::Scrub(id));
            }
        }
    }

    /// One child read of scrub block `id` is done; the block is once all are.
    pub(super) fn scrub_read_done(&mut self, id: u32) {
        let Some(scan) = self.scan.as_mut() else { return };
        let Some(read) = scan.reads.get_mut(id) else { return };
        read.1 -= 1;
        if read.1 == 0 {
            let top = read.0 as usize;
            scan.reads.remove(id);
            self.scan_block_done(top);
        }
    }

    /// A resilver read finished (write the block to the new side) or its write did.
    pub(super) fn resilver_step(&mut self, top: usize, offset: u64, write: bool) {
        if write {
            self.scan_block_done(top);
        } else if let (Some(target), Some(scan)) = (self.tops[top].resilvering, self.scan.as_ref()) {
            // The repair write: `vdev_mirror_io_done()` issues it in the async-write class
            // (a sequential rebuild's in its own); the legacy code let the child inherit
            // the resilver priority of the read.
            let legacy = self.scenario.models.scheduler == SchedulerModel::Legacy;
            let class = if legacy { Class::Scrub } else { Class::AsyncWrite };
            let parent = Parent::Resilver { top: top as u32, offset, write: true };
            let (at, size) = if self.tops[top].parity == 0 {
                (offset, scan.block)
            } else {
                match self.raidz_column_on(top, offset, scan.block, target) {
                    Some(column) => column,
                    // The block has no column on the new disk: nothing to write.
                    None => return self.scan_block_done(top),
                }
            };
            self.enqueue(target, class, at, size, parent);
        }
    }

    /// `dsl_scan_scrub_done()`: the block leaves the in-flight count; the phase issues more
    /// or, suspending, ends once nothing is in flight.
    fn scan_block_done(&mut self, top: usize) {
        let Some(scan) = self.scan.as_mut() else { return };
        let block = scan.block;
        let st = &mut scan.tops[top];
        st.inflight_bytes = st.inflight_bytes.saturating_sub(block);
        st.inflight_blocks = st.inflight_blocks.saturating_sub(1);
        if st.blocks_issued >= st.blocks && st.inflight_blocks == 0 && st.active {
            // This vdev is scanned; a resilvered child is whole again.
            st.active = false;
            self.tops[top].resilvering = None;
            if !scan.tops.iter().any(|t| t.active) {
                scan.done_at = Some(self.now);
            }
        }
        self.scan_fill(top);
        self.scan_phase_maybe_done();
    }

    /// `zio_wait(scn_zio_root)` returns: the sync goes on to its flushes.
    fn scan_phase_maybe_done(&mut self) {
        let Some(scan) = self.scan.as_mut() else { return };
        let idle = scan.tops.iter().all(|t| t.inflight_blocks == 0) && !scan.sleeping;
        if scan.phase_start.is_some() && idle {
            scan.phase_start = None;
            scan.suspending = false;
            self.scan_phase_done();
        }
    }
}

#[cfg(test)]
mod tests;
