//! The allocation throttle (`zio.c` `zio_dva_throttle()`, `zio_io_to_allocate()`,
//! `zio_allocate_dispatch()`, `zio_dva_throttle_done()`; `metaslab.c`
//! `metaslab_class_throttle_reserve()` / `_unreserve()`).
//!
//! A sync does not hand its whole txg to the vdev queues: an async write that allocates
//! (the txg's data and metadata; not the ZIL, the uberblocks or repair writes) first
//! reserves its share of the class's allocation queue, and waits in the allocator's queue
//! while that is full. A block of several copies (a metadata block, `dmu_write_policy.rs`)
//! reserves its share once per copy (`zio_io_to_allocate()` passes `zp_copies`), and each
//! copy's write to its top-level vdev gives one share back when done
//! (`zio_dva_throttle_done()` runs per top-level vdev child), then dispatches the writes
//! waiting. The limit, by release:
//!
//! - **2.4 on**: bytes. A write reserves its size per copy while the allocator holds at
//!   most `mc_alloc_max` = 4 x the sum of the top-level vdevs' `mg_aliquot`
//!   (`metaslab_class_balance()`, `Release::mg_aliquot()`), checked before adding, so one
//!   write may pass it.
//! - **0.7 to 2.3**: I/Os. Each top-level vdev has up to `zfs_vdev_queue_depth_pct` % of
//!   `zfs_vdev_async_write_max_active` slots (`mg_max_alloc_queue_depth`), the class
//!   their sum (`mc_alloc_max_slots`); a write of `copies` DVAs takes as many while
//!   `slots + copies <= max` (a maximum below a block's copies stalls it, as in the
//!   kernel). In 0.7 every vdev has them all from the start. From 0.8 each sync starts
//!   every vdev at `zfs_vdev_def_queue_depth` (32) slots
//!   (`spa_sync_adjust_vdev_max_queue_depth()`), and each of its writes that completes
//!   adds one to its vdev while that is below the maximum
//!   (`metaslab_group_increment_qdepth()`): a sync ramps up instead of flooding the queue.
//!   The start is not capped by the maximum: a maximum below 32 leaves a vdev at 32. And
//!   the start is summed over the special (and dedup) class's vdevs too, one sum that
//!   every class gets as its own, though only a class's own vdevs grow it.
//! - **Before 0.7**: none; the sync queues everything at once.
//!
//! Simplified: one allocator (`spa_alloc_count` is 1 below 8 CPUs, as on the reference's
//! machine; larger machines have up to 4, each with the same limit), waiting writes in
//! arrival order (the kernel sorts them by bookmark), no gang blocks, and no throttle for
//! the special class (its own `mc_alloc_max`): its writes go straight to allocation.

use super::txg::Record;
use super::vdev::AllocClass;
use super::vdev_queue::Class;
use super::zio::{Logical, Owner};
use super::Sim;
use crate::scenario::Release;
use crate::schema::Id;
use std::collections::VecDeque;

/// An async write waiting for its reservation.
#[derive(Clone, Copy)]
struct Waiting {
    size: u64,
    /// Bytes left unallocated after it (metadata blocks are placed apart, `spa_sync.rs`).
    gap: u64,
    key: Option<u64>,
    txg: u64,
    accounted: u64,
    owner: Owner,
    /// `zp_copies`: the DVAs it allocates (`dmu_write_policy.rs`).
    copies: u8,
}

impl Waiting {
    /// A record of the syncing `txg`: its compressed size allocated, its logical size retired.
    fn record(r: &Record, txg: u64) -> Self {
        Waiting { size: r.psize, gap: 0, key: r.key, txg, accounted: r.size, owner: Owner::TxgData, copies: 1 }
    }
}

/// How reservations are counted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Unit {
    Bytes,
    Ios,
}

/// `zfs_vdev_def_queue_depth`: the slots each top-level vdev starts a sync with (0.8-2.3).
const DEF_QUEUE_DEPTH: u64 = 32;

#[derive(Default)]
pub(super) struct DvaThrottle {
    /// `None` when the release has no allocation throttle. For I/Os, each vdev's maximum.
    limit: Option<(Unit, u64)>,
    /// For I/Os, each top-level vdev's slots now (`mga_cur_max_alloc_queue_depth`): its
    /// maximum in 0.7; from 0.8 `DEF_QUEUE_DEPTH` at each sync's start, growing as the
    /// sync's writes complete (`grows`).
    depth: Vec<u64>,
    grows: bool,
    /// From 0.8, the slots the other allocating classes' vdevs add to this class's sum at
    /// a sync's start (`DEF_QUEUE_DEPTH` each), which this class's writes never grow.
    others: u64,
    /// `mca_reserved` (bytes) or `mca_alloc_slots` (I/Os) held now.
    reserved: u64,
    /// The syncing txg's records (`records_txg`): those at `next..queued` wait, in order,
    /// ahead of everything in `waiting`. A sync queues all its data at its start, before any
    /// of its metadata, so its own list serves as their queue: copied entry by entry into
    /// `waiting` instead, tens of thousands a txg on the metaslab presets were written out
    /// to memory and read back.
    records: Vec<Record>,
    records_txg: u64,
    next: usize,
    queued: usize,
    /// The other writes waiting (metadata), in arrival order.
    waiting: VecDeque<Waiting>,
}

impl DvaThrottle {
    /// `aliquots`: the sum of the top-level vdevs' `mg_aliquot`; `other_tops`: the special
    /// class's top-level vdevs.
    pub(super) fn new(
        release: Release,
        (tops, other_tops): (u64, u64),
        aliquots: u64,
        queue_depth_pct: u64,
        async_write_max: u64,
    ) -> Self {
        // `max_queue_depth = zfs_vdev_async_write_max_active * zfs_vdev_queue_depth_pct /
        // 100`, in 32 bits (`uint32_t`/`int` in spa.c; the tunables' ranges keep it there).
        let per_vdev = async_write_max.saturating_mul(queue_depth_pct) / 100;
        let grows = release >= Release::V0_8;
        let (limit, depth) = if release >= Release::V2_4 {
            (Some((Unit::Bytes, 4 * aliquots)), Vec::new())
        } else if release >= Release::V0_7 {
            let start = if grows { DEF_QUEUE_DEPTH } else { per_vdev };
            (Some((Unit::Ios, per_vdev)), vec![start; tops as usize])
        } else {
            (None, Vec::new())
        };
        let others = if grows && limit.is_some_and(|(u, _)| u == Unit::Ios) {
            DEF_QUEUE_DEPTH.saturating_mul(other_tops)
        } else {
            0
        };
        DvaThrottle { limit, depth, grows, others, ..DvaThrottle::default() }
    }

    /// No write waits.
    fn nothing_waits(&self) -> bool {
        self.next == self.queued && self.waiting.is_empty()
    }

    /// The copies of the write that has waited longest (1 if none waits).
    fn head_copies(&self) -> u8 {
        if self.next < self.queued {
            return 1;
        }
        self.waiting.front().map_or(1, |w| w.copies)
    }

    /// The write that has waited longest.
    fn pop(&mut self) -> Option<Waiting> {
        if self.next < self.queued {
            let w = Waiting::record(self.records.get(self.next)?, self.records_txg);
            self.next += 1;
            return Some(w);
        }
        self.waiting.pop_front()
    }

    /// `mca_alloc_max_slots` (I/Os) or `mc_alloc_max` (bytes) now.
    fn max(&self) -> Option<u64> {
        match self.limit? {
            (Unit::Bytes, max) => Some(max),
            (Unit::Ios, _) => Some(self.depth.iter().sum::<u64>() + self.others),
        }
    }

    /// `spa_sync_adjust_vdev_max_queue_depth()`: a new sync starts each vdev at the default,
    /// whatever its maximum.
    fn sync_started(&mut self) {
        if let (true, Some((Unit::Ios, _))) = (self.grows, self.limit) {
            self.depth.iter_mut().for_each(|d| *d = DEF_QUEUE_DEPTH);
        }
    }

    /// `metaslab_group_increment_qdepth()`: a write to `top` completed; its vdev gains a
    /// slot if it is below its maximum.
    fn completed(&mut self, top: usize) {
        if let (true, Some((Unit::Ios, per_vdev)), Some(d)) = (self.grows, self.limit, self.depth.get_mut(top)) {
            if *d < per_vdev {
                *d += 1;
            }
        }
    }

    /// What a write of `size` reserves.
    fn share(&self, size: u64) -> u64 {
        match self.limit {
            Some((Unit::Bytes, _)) => size,
            Some((Unit::Ios, _)) => 1,
            None => 0,
        }
    }

    /// `metaslab_class_throttle_reserve()` for a write of `copies` DVAs, which reserves its
    /// share once per copy: bytes while what is held is at most the limit (one write may
    /// pass it, 2.4), slots while all its copies' fit (`reserved + slots <= max`, 0.7 to 2.3).
    fn room(&self, copies: u8) -> bool {
        match (self.limit, self.max()) {
            (Some((Unit::Bytes, _)), Some(max)) => self.reserved <= max,
            (_, Some(max)) => self.reserved + u64::from(copies) <= max,
            _ => true,
        }
    }
}

impl Sim {
    pub(super) fn dva_throttle_init(&mut self) {
        let t = &self.scenario.tunables;
        let (pct, max_active) = (t.get(Id::VdevQueueDepthPct), t.get(Id::AsyncWriteMaxActive));
        let aliquots = self.tops[..self.data_tops].iter().map(|t| t.aliquot).sum();
        let tops = (self.data_tops as u64, self.classes.special as u64);
        self.dva = DvaThrottle::new(self.scenario.models.release, tops, aliquots, pct, max_active);
    }

    /// `zio_dva_throttle()`: an allocating async write of the syncing txg allocates and is
    /// issued now if the allocator has room, else it waits for a write to finish.
    /// A write of `copies` DVAs reserves once per copy (`zio_io_to_allocate()` passes
    /// `zp_copies` to `metaslab_class_throttle_reserve()`).
    pub(super) fn allocating_write(
        &mut self,
        (size, gap): (u64, u64),
        (key, copies): (Option<u64>, u8),
        txg: u64,
        accounted: u64,
        owner: Owner,
    ) {
        let w = Waiting { size, gap, key, txg, accounted, owner, copies };
        if self.dva.nothing_waits() && self.dva.room(copies) {
            self.allocate_and_issue(w);
        } else {
            self.dva.waiting.push_back(w);
        }
    }

    /// The syncing `txg`'s records, each an allocating write in turn (`allocating_write`):
    /// allocated now while nothing waits and there is room, else queued behind the others.
    pub(super) fn allocating_writes(&mut self, txg: u64, records: Vec<Record>) {
        debug_assert!(self.dva.nothing_waits(), "a sync starts with no write of the last one waiting");
        let n = records.len();
        self.dva.records = records;
        self.dva.records_txg = txg;
        (self.dva.next, self.dva.queued) = (0, 0);
        for i in 0..n {
            let Some(w) = self.dva.records.get(i).map(|r| Waiting::record(r, txg)) else { break };
            // A write finishing at once (a device with no latency) may take queued ones
            // meanwhile, as it would from the queue: only those before this one are in it.
            if self.dva.nothing_waits() && self.dva.room(1) {
                (self.dva.next, self.dva.queued) = (i + 1, i + 1);
                self.allocate_and_issue(w);
            } else {
                self.dva.queued = i + 1;
            }
        }
    }

    fn allocate_and_issue(&mut self, w: Waiting) {
        let class = self.preferred_class(matches!(w.owner, Owner::TxgMeta), w.size);
        // The special class has a throttle of its own (`mc_alloc_max` per class), which
        // the lab leaves out: its metadata and small blocks are few.
        let share = if class == AllocClass::Normal { self.dva.share(w.size) } else { 0 };
        self.dva.reserved += share * u64::from(w.copies.max(1));
        if w.copies > 1 {
            // Each copy its own allocation (`metaslab_alloc()` → `metaslab_alloc_dva()` per
            // DVA) and its own write, which gives back one copy's share when done.
            let dvas = self.place_copies(w.size, w.gap, w.copies, w.txg, class);
            self.write_copies(dvas.as_slice(), w.size, w.txg, w.accounted, share);
            return;
        }
        let (top, offset) = self.place_block(w.size + w.gap, w.key, w.txg, class);
        let l = Logical {
            children: 0,
            left: 0,
            txg: w.txg,
            accounted: w.accounted,
            retired: 0,
            owner: w.owner,
            reserved: share,
            top: top as u32,
            size: 0,
        };
        self.issue_logical((top, offset), w.size, Class::AsyncWrite, l, None);
    }

    /// A sync starts: the vdevs' slots go back to their starting depth.
    pub(super) fn dva_sync_started(&mut self) {
        self.dva.sync_started();
    }

    /// `zio_dva_throttle_done()`: a write to top-level vdev `top` (one copy of a block)
    /// gives back its reservation (and, 0.8-2.3, adds a slot to that vdev), and
    /// `zio_allocate_dispatch()` lets the waiting writes allocate while there is room.
    pub(super) fn dva_unreserve(&mut self, share: u64, top: usize) {
        self.dva.reserved = self.dva.reserved.saturating_sub(share);
        self.dva.completed(top);
        while self.dva.room(self.dva.head_copies()) {
            let Some(w) = self.dva.pop() else { break };
            self.allocate_and_issue(w);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_release_counts_its_own_way() {
        let aliquots = 4 << 20;
        assert_eq!(DvaThrottle::new(Release::V0_6_5, (2, 0), aliquots, 1000, 10).max(), None);
        assert_eq!(DvaThrottle::new(Release::V0_7, (2, 0), aliquots, 1000, 10).max(), Some(200));
        assert_eq!(DvaThrottle::new(Release::V2_3, (2, 0), aliquots, 1000, 10).max(), Some(64));
        assert_eq!(DvaThrottle::new(Release::V2_4, (2, 0), aliquots, 1000, 10).max(), Some(16 << 20));
    }

    #[test]
    fn a_block_reserves_once_per_copy() {
        // zio.c zio_io_to_allocate() passes zp_copies to metaslab_class_throttle_reserve(),
        // which (metaslab.c, zfs-0.8.0 to zfs-2.3.0) takes the slots only while
        // count + slots <= max: with 32 slots and 30 held, a block of two copies fits, of
        // three does not.
        let mut t = DvaThrottle::new(Release::V2_1, (1, 0), 0, 1000, 10);
        t.reserved = 30;
        assert!(t.room(2));
        assert!(!t.room(3));
        // zfs-2.4.0 counts bytes and checks before adding copies * io_size: any block may
        // pass while what is held is at most the limit.
        let mut t = DvaThrottle::new(Release::V2_4, (1, 0), 8, 1000, 10);
        t.reserved = 32;
        assert!(t.room(3));
        t.reserved = 33;
        assert!(!t.room(1));
    }

    #[test]
    fn from_0_8_a_sync_starts_at_32_slots_a_vdev_and_each_completed_write_adds_one() {
        let mut t = DvaThrottle::new(Release::V2_1, (2, 0), 0, 1000, 10);
        for _ in 0..100 {
            t.completed(0);
        }
        t.completed(1);
        assert_eq!(t.max(), Some(100 + 33), "vdev 0 at its maximum of 100, vdev 1 at 33");
        t.reserved = 132;
        assert!(t.room(1));
        t.reserved = 133;
        assert!(!t.room(1), "a slot only while one more fits");
        t.sync_started();
        assert_eq!(t.max(), Some(64));
    }

    #[test]
    fn from_0_8_a_maximum_below_32_neither_caps_the_start_nor_lets_it_grow() {
        // spa.c spa_sync_adjust_vdev_max_queue_depth() at zfs-0.8.0 (and to zfs-2.3.0) sets
        // each vdev's current depth to zfs_vdev_def_queue_depth with no MIN against
        // mg_max_alloc_queue_depth, and metaslab.c metaslab_group_increment_qdepth() adds
        // one only `while (cur < max)`: with max_active 10 and 100%, a maximum of 10, a
        // vdev holds 32 slots all sync long.
        let mut t = DvaThrottle::new(Release::V2_1, (1, 0), 0, 100, 10);
        assert_eq!(t.max(), Some(32));
        t.completed(0);
        assert_eq!(t.max(), Some(32));
        // 0.7 has no default depth (spa.c spa_sync() at zfs-0.7.0): the maximum, 10.
        assert_eq!(DvaThrottle::new(Release::V0_7, (1, 0), 0, 100, 10).max(), Some(10));
    }

    #[test]
    fn from_0_8_the_special_class_vdevs_count_in_the_normal_class_start() {
        // spa.c spa_sync_adjust_vdev_max_queue_depth() at zfs-0.8.0 to zfs-2.3.0 sums
        // zfs_vdev_def_queue_depth over the normal, special and dedup classes' vdevs and
        // gives that sum to each class's mc_alloc_max_slots; a special vdev's completed
        // write grows only its own class (metaslab_group_increment_qdepth()).
        let mut t = DvaThrottle::new(Release::V2_3, (2, 1), 0, 1000, 10);
        assert_eq!(t.max(), Some(3 * 32));
        t.completed(0);
        t.sync_started();
        assert_eq!(t.max(), Some(3 * 32));
        // 0.7 sums the normal class alone (spa.c spa_sync() at zfs-0.7.0), and 2.4 counts bytes.
        assert_eq!(DvaThrottle::new(Release::V0_7, (2, 1), 0, 1000, 10).max(), Some(200));
        assert_eq!(DvaThrottle::new(Release::V2_4, (2, 1), 8, 1000, 10).max(), Some(32));
    }
}
