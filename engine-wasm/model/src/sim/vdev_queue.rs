//! The per-leaf-vdev I/O scheduler of `module/zfs/vdev_queue.c` (ZoL 0.6.4 on), as each
//! release has it.
//!
//! Five classes in priority order with min/max active counts: a pass over the classes below
//! their minimum (by priority until 2.0, round robin from 2.1), then a strict-priority pass
//! below their maximum; the async-write max follows pool dirty data; from 2.1 scrub is held
//! back by the non-interactive (NIA) credit while interactive I/O is in flight. Sync classes
//! are served oldest first; the others by LBA with a one-way elevator that resumes where the
//! last I/O issued started (until 0.7) or ended (0.8 on), and from 2.2 only inside the
//! oldest half-second bucket. Adjacent queued I/Os of the same type and flags merge up to
//! the aggregation limit: from 0.6.5 across classes, in 0.6.4 only inside an LBA-ordered
//! class. Reads may merge across a gap; writes only when adjacent, their gaps filled by
//! RAID-Z's optional padding writes, which never begin or end an aggregate on their own
//! and, issued alone, are discarded.

use super::ordered::{Keyed, Ordered};
use crate::scenario::MinPass;
use serde::Serialize;
use std::collections::VecDeque;

mod aggregate;

/// I/O classes, in the priority order of the max pass (`zio_priority_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Class {
    SyncRead,
    SyncWrite,
    AsyncRead,
    AsyncWrite,
    Scrub,
}

pub const CLASSES: [Class; 5] = [Class::SyncRead, Class::SyncWrite, Class::AsyncRead, Class::AsyncWrite, Class::Scrub];

impl Class {
    pub fn index(self) -> usize {
        self as usize
    }

    pub fn name(self) -> &'static str {
        ["sync_read", "sync_write", "async_read", "async_write", "scrub"][self as usize]
    }

    /// FIFO classes are served oldest first (`vdev_queue_timestamp_compare()` before 2.2, a
    /// list from 2.2); the others by offset ([`sort_key`]).
    fn is_fifo(self) -> bool {
        matches!(self, Class::SyncRead | Class::SyncWrite)
    }

    fn is_interactive(self) -> bool {
        self != Class::Scrub
    }
}

/// Reads and writes aggregate separately.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Read,
    Write,
}

/// The scheduler's tunables for one leaf.
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    pub min_active: [u32; 5],
    /// The async-write entry is the static `zfs_vdev_async_write_max_active`; the dynamic
    /// limit is passed to [`VdevQueue::next`].
    pub max_active: [u32; 5],
    pub vdev_max_active: u32,
    /// `zfs_vdev_aggregation_limit` (rotational) or `_non_rotating`; 0 disables [bytes].
    pub aggregation_limit: u64,
    /// `zfs_vdev_read_gap_limit` [bytes].
    pub read_gap_limit: u64,
    /// `zfs_vdev_write_gap_limit` [bytes]: not a gap writes merge across (their `maxgap`
    /// stays 0), but how far past the last mandatory write a run of adjacent optional
    /// writes may reach a mandatory one and be kept (see [`VdevQueue::aggregate`]).
    pub write_gap_limit: u64,
    /// Optional I/Os may carry an aggregate past the aggregation limit, up to `max_block`
    /// (0.7.0 on: `IO_SPAN(first, dio) <= limit || (dio->io_flags & ZIO_FLAG_OPTIONAL)`).
    pub optional_past_limit: bool,
    /// `SPA_MAXBLOCKSIZE` as the release's `vdev_queue_aggregate()` caps the limit with it:
    /// 128 KiB in 0.6.4, 16 MiB from 0.6.5 [bytes].
    pub max_block: u64,
    /// 0.6.4 aggregates inside the issuing class's own queue (`vqc_queued_tree`), and not at
    /// all for the sync classes (their queues are in time order); from 0.6.5 it walks the
    /// offset tree of the I/O's type, every class in it.
    pub per_class_aggregation: bool,
    /// `zfs_vdev_nia_credit`.
    pub nia_credit: u32,
    /// `zfs_vdev_nia_delay`.
    pub nia_delay: u32,
    /// The scrub class's non-interactive credit exists (2.1+); before, the scrub class
    /// had its plain min and max.
    pub nia: bool,
    /// The release's pass over the classes below their minimum (`Release::min_pass()`).
    pub min_pass: MinPass,
    /// The LBA-ordered classes queue by time bucket first (2.2+).
    pub time_buckets: bool,
    /// The elevator resumes at the end of the last I/O issued (0.8+), else after its start.
    pub elevator_from_end: bool,
}

/// A queued I/O as the scheduler needs it.
#[derive(Clone, Copy, Debug)]
pub struct Queued {
    pub id: u32,
    pub class: Class,
    pub kind: Kind,
    pub offset: u64,
    pub size: u64,
    /// Enqueue time [ns].
    pub enqueued: u64,
    /// It carries a scan's flags (`ZIO_FLAG_SCRUB`, or `ZIO_FLAG_RESILVER` with a repair
    /// write's `ZIO_FLAG_IO_REPAIR`), part of `ZIO_FLAG_AGG_INHERIT`: it merges only with
    /// I/Os that carry them too, whatever its class.
    pub scan: bool,
    /// `ZIO_FLAG_OPTIONAL`: a RAID-Z padding write (`vdev_raidz.rs`), there only to fill a
    /// gap between writes; it may not start an aggregate.
    pub optional: bool,
    /// `ZIO_FLAG_NODATA`: it carries no data, so issued alone it is discarded, not sent.
    /// Stays set when an aggregate's stretch clears `optional`.
    pub nodata: bool,
}

/// What to send to the device: one I/O, possibly an aggregate of several.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Issue {
    pub class: Class,
    pub kind: Kind,
    pub offset: u64,
    pub size: u64,
    /// The queued I/Os it carries, in offset order.
    pub members: Members,
}

/// An issued I/O's queued I/Os: a few at most but for the largest aggregations, so they are
/// kept inline rather than allocated for every I/O.
pub type Members = smallvec::SmallVec<[u32; 8]>;

/// An [`Issue`] but for its members, which the issue path collects in a list of its own
/// (`next_into`): an `Issue` built with them and returned by value was read back in
/// wider pieces than its members had just been written in, which the processor cannot
/// forward from its pending stores, a stall on every I/O issued.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Head {
    pub class: Class,
    pub kind: Kind,
    pub offset: u64,
    pub size: u64,
}

impl Head {
    pub fn with(self, members: Members) -> Issue {
        Issue { class: self.class, kind: self.kind, offset: self.offset, size: self.size, members }
    }
}

/// `io_timestamp >> 29`: about half-second buckets inside which LBA order rules (2.2+).
const BUCKET_SHIFT: u32 = 29;

/// (time bucket, offset, id): the order of the LBA-ordered classes' trees.
type SortKey = (u64, u64, u32);

/// `io`'s place in its LBA-ordered class's tree. From 2.2 `vdev_queue_to_compare()` sorts by
/// `io_timestamp >> VDQ_T_SHIFT`, then offset; before, `vdev_queue_offset_compare()` by
/// offset alone: the same order as one bucket for every I/O.
fn sort_key(io: &Queued, time_buckets: bool) -> SortKey {
    let bucket = if time_buckets { io.enqueued >> BUCKET_SHIFT } else { 0 };
    (bucket, io.offset, io.id)
}

/// (offset, id): the order of the offset trees (`vq_read_offset_tree`, `_write_`).
pub(crate) type OffsetKey = (u64, u32);

impl Keyed for SortKey {
    type Key = SortKey;
    fn key(&self) -> SortKey {
        *self
    }
}

impl Keyed for Queued {
    type Key = OffsetKey;
    fn key(&self) -> OffsetKey {
        (self.offset, self.id)
    }
}

/// The offset tree `vdev_queue_aggregate()` walks for an I/O: from 0.6.5 one per type
/// (`vq_read_offset_tree`, `_write_`), every class in it; in 0.6.4 the class's own queue.
/// Indexed by kind (0, 1) or by class (0 to 4).
fn tree_of(kind: Kind, class: Class, limits: &Limits) -> usize {
    if limits.per_class_aggregation {
        class.index()
    } else {
        kind as usize
    }
}

/// Takes a queued I/O out of its class's queue; a free function, to run while `by_offset` drains.
fn remove_from_class(fifo: &mut [VecDeque<Queued>; 2], sorted: &mut [Ordered<SortKey>; 3], io: &Queued, buckets: bool) {
    let c = io.class;
    if c.is_fifo() {
        let q = &mut fifo[c.index()];
        // A FIFO class holds one read or write per waiting thread; the one issued is
        // nearly always its head.
        if let Some(pos) = q.iter().position(|x| x.id == io.id) {
            q.remove(pos);
        }
    } else {
        sorted[c.index() - 2].remove(&sort_key(io, buckets));
    }
}

#[derive(Default)]
pub struct VdevQueue {
    fifo: [VecDeque<Queued>; 2],
    /// (time bucket, offset, id) for the LBA-ordered classes (`ordered.rs`), the bucket 0
    /// before 2.2.
    sorted: [Ordered<SortKey>; 3],
    /// Every queued I/O by (offset, id), per offset tree (`tree_of`).
    by_offset: [Ordered<Queued>; 5],
    queued: [usize; 5],
    active: [u32; 5],
    total_active: u32,
    last_prio: usize,
    /// `vq_last_offset`: where the last I/O issued started (until 0.7) or ended (0.8+).
    last_offset: u64,
    ia_active: u32,
    nia_credit: u32,
    /// No-data I/Os discarded by `next`, not yet completed by the caller.
    discarded: Vec<u32>,
    /// Optional I/Os queued, per offset tree: with none, `aggregate` takes the plain walk.
    optional: [u32; 5],
}

impl VdevQueue {
    pub fn active(&self, class: Class) -> u32 {
        self.active[class.index()]
    }

    pub fn queued(&self, class: Class) -> usize {
        self.queued[class.index()]
    }

    pub fn total_active(&self) -> u32 {
        self.total_active
    }

    /// Everything queued or in flight.
    pub fn pending(&self) -> usize {
        self.queued.iter().sum::<usize>() + self.total_active as usize
    }

    pub fn add(&mut self, io: Queued, limits: &Limits) {
        let c = io.class;
        if c.is_fifo() {
            self.fifo[c.index()].push_back(io);
        } else {
            self.sorted[c.index() - 2].insert(sort_key(&io, limits.time_buckets));
        }
        let tree = tree_of(io.kind, io.class, limits);
        self.optional[tree] += u32::from(io.optional);
        self.by_offset[tree].insert(io);
        self.queued[c.index()] += 1;
    }

    fn min_active(&self, c: Class, limits: &Limits) -> u32 {
        let min = limits.min_active[c.index()];
        if c.is_interactive() || self.ia_active == 0 || !limits.nia {
            min
        } else {
            min.min(self.nia_credit)
        }
    }

    fn max_active(&self, c: Class, limits: &Limits, async_write_max: u32) -> u32 {
        match c {
            Class::AsyncWrite => async_write_max,
            Class::Scrub if limits.nia => {
                let min = limits.min_active[c.index()];
                if self.ia_active > 0 {
                    min.min(self.nia_credit)
                } else if self.nia_credit < limits.nia_delay {
                    min.max(1)
                } else {
                    limits.max_active[c.index()]
                }
            }
            _ => limits.max_active[c.index()],
        }
    }

    /// `vdev_queue_class_to_issue()`: the min pass (by priority until 2.0, round robin from
    /// 2.1), then the max pass by priority.
    fn class_to_issue(&mut self, limits: &Limits, async_write_max: u32) -> Option<Class> {
        // Nothing queued (2.2's `vq_cqueued == 0`, 2.1's passes finding nothing) returns at
        // once and leaves `vq_last_prio` as it was.
        if self.total_active >= limits.vdev_max_active || self.queued.iter().all(|&q| q == 0) {
            return None;
        }
        let n = CLASSES.len();
        let start = match limits.min_pass {
            MinPass::Priority => 0,
            _ if self.last_prio + 1 >= n => 0,
            _ => self.last_prio + 1,
        };
        // From `start` round to the class before it: two slices, no remainder per class.
        let under_min = CLASSES[start..]
            .iter()
            .chain(&CLASSES[..start])
            .copied()
            .find(|&c| self.queued[c.index()] > 0 && self.active[c.index()] < self.min_active(c, limits));
        let found = under_min.or_else(|| {
            CLASSES.iter().copied().find(|&c| {
                self.queued[c.index()] > 0 && self.active[c.index()] < self.max_active(c, limits, async_write_max)
            })
        });
        // Queued I/O but none eligible: 2.2 sets vq_last_prio past the last class, so the
        // next min pass starts again from class 0; 2.1 leaves it (before 2.1 there is none).
        match found {
            Some(c) => self.last_prio = c.index(),
            None if limits.min_pass == MinPass::RoundRobinResets => self.last_prio = n,
            None => {}
        }
        found
    }

    /// The I/O of `class` to issue next, and its offset tree: found once here for
    /// `aggregate` and `next`.
    fn pick(&self, class: Class, limits: &Limits) -> Option<(usize, Queued)> {
        let find = |kind: Kind, key: OffsetKey| {
            let tree = tree_of(kind, class, limits);
            self.by_offset[tree].get(&key).map(|io| (tree, *io))
        };
        if class.is_fifo() {
            let io = self.fifo[class.index()].front()?;
            return find(io.kind, (io.offset, io.id));
        }
        let set = &self.sorted[class.index() - 2];
        let &(bucket, offset, id) = set.first()?;
        // The one-way elevator: the first I/O at or after `from`, else the first of all; from
        // 2.2 only inside the oldest bucket (before, there is one bucket). 0.8 on searches
        // from `vq_last_offset - 1`, 2.2 from `vq_last_offset`, 0.6.4 to 0.7 from
        // `vq_last_offset + 1`, the start of the last I/O.
        // NOTE: 0.8 to 2.1 break a tie at `vq_last_offset - 1` by zio address; offsets and
        // sizes are whole sectors, so no I/O starts there and "at or after the end" is exact.
        let from = if limits.elevator_from_end { self.last_offset } else { self.last_offset.wrapping_add(1) };
        let chosen = if offset < from {
            let next = set.first_from(&(bucket, from, 0));
            next.filter(|k| k.0 == bucket).copied().unwrap_or((bucket, offset, id))
        } else {
            (bucket, offset, id)
        };
        // Async writes are writes; the other sorted classes mostly reads (scrub also carries
        // resilver writes). Ids are unique, so which tree is searched first changes nothing.
        let kinds = if class == Class::AsyncWrite { [Kind::Write, Kind::Read] } else { [Kind::Read, Kind::Write] };
        kinds.into_iter().find_map(|k| find(k, (chosen.1, chosen.2)))
    }

    /// `vdev_queue_io_to_issue()`: the next I/O to send to the device, if any may go. A
    /// no-data I/O left alone is taken out and discarded (`zio_vdev_io_bypass()`, then
    /// `goto again`): its id goes to `discarded`, for the caller to complete.
    pub fn next(&mut self, limits: &Limits, async_write_max: u32) -> Option<Issue> {
        let mut members = Members::new();
        let head = self.next_into(limits, async_write_max, &mut members)?;
        Some(head.with(members))
    }

    /// [`Self::next`], its members put in `members` (emptied first).
    pub fn next_into(&mut self, limits: &Limits, async_write_max: u32, members: &mut Members) -> Option<Head> {
        loop {
            let class = self.class_to_issue(limits, async_write_max)?;
            let (tree, first) = self.pick(class, limits)?;
            let (anchor, span, clear) = self.aggregate(tree, &first, limits)?;
            if let Some(key) = clear {
                // The stretch: the I/O after the run may now begin the next one.
                if let Some(mut io) = self.by_offset[tree].remove(&key) {
                    self.optional[tree] = self.optional[tree].saturating_sub(u32::from(io.optional));
                    io.optional = false;
                    self.by_offset[tree].insert(io);
                }
            }
            // The members are contiguous in the offset tree: each out of it and out of its
            // class queue.
            let (mut offset, mut end) = (u64::MAX, 0);
            members.clear();
            members.reserve(span.before + span.after + 1);
            let mut data = false;
            let Self { by_offset, fifo, sorted, queued, optional, .. } = self;
            by_offset[tree].take_span(&anchor, &span, |io| {
                optional[tree] = optional[tree].saturating_sub(u32::from(io.optional));
                remove_from_class(fifo, sorted, &io, limits.time_buckets);
                queued[io.class.index()] -= 1;
                offset = offset.min(io.offset);
                end = end.max(io.offset + io.size);
                data |= !io.nodata;
                members.push(io.id);
            });
            if members.len() == 1 && !data {
                self.discarded.extend(members.drain(..));
                continue;
            }
            return Some(self.issued(class, limits, first.kind, offset, end));
        }
    }

    /// Takes the ids of the no-data I/Os discarded since last asked.
    pub fn take_discarded(&mut self) -> Vec<u32> {
        std::mem::take(&mut self.discarded)
    }

    /// `vdev_queue_pending_add()` and `vq_last_offset` for an I/O going to the device.
    fn issued(&mut self, class: Class, limits: &Limits, kind: Kind, offset: u64, end: u64) -> Head {
        self.last_offset = if limits.elevator_from_end { end } else { offset };
        self.active[class.index()] += 1;
        self.total_active += 1;
        if class.is_interactive() {
            self.ia_active += 1;
            if self.ia_active == 1 {
                self.nia_credit = 1;
            }
        } else if self.ia_active > 0 {
            self.nia_credit = self.nia_credit.saturating_sub(1);
        }
        Head { class, kind, offset, size: end - offset }
    }

    /// `vdev_queue_io_done()`'s bookkeeping for one issued I/O of `class`.
    pub fn done(&mut self, class: Class, limits: &Limits) {
        self.active[class.index()] = self.active[class.index()].saturating_sub(1);
        self.total_active = self.total_active.saturating_sub(1);
        if class.is_interactive() {
            self.ia_active = self.ia_active.saturating_sub(1);
            self.nia_credit = if self.ia_active == 0 { 0 } else { limits.nia_credit };
        } else if self.ia_active == 0 {
            self.nia_credit += 1;
        }
    }
}

#[cfg(test)]
mod tests;
