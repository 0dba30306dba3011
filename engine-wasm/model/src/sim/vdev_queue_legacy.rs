//! The ZIO scheduler before the 2013 rewrite (pre-4045 `vdev_queue.c`).
//!
//! One queue per leaf, ordered by deadline = (enqueue time in 10 ms ticks >>
//! `zfs_vdev_time_shift`) + priority, then by offset; lower priority numbers go first
//! (sync read/write 0, async write 4, async read 6, resilver 10, scrub 20). A new I/O is
//! issued at once only while fewer than `zfs_vdev_min_pending` are pending; each completion
//! issues up to `zfs_vdev_ramp_rate` more while fewer than `zfs_vdev_max_pending` are. Once
//! issued, an I/O is the device's to reorder.

use super::ordered::{Keyed, Ordered};
use super::vdev_queue::{Class, Head, Issue, Kind, Members, OffsetKey, Queued};

/// The legacy scheduler's tunables.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LegacyLimits {
    pub max_pending: u32,
    pub min_pending: u32,
    pub ramp_rate: u32,
    pub time_shift: u32,
    pub aggregation_limit: u64,
    pub read_gap_limit: u64,
}

/// The clock the deadlines count in: `lbolt` ticks at Solaris' 100 Hz [ns].
const TICK_NS: u64 = 10_000_000;

/// `zio_priority_table[]` of the 2008-2013 code for each class; resilver I/O (scrub class,
/// `resilver` set) has 10.
pub fn priority(class: Class, resilver: bool) -> u64 {
    match class {
        Class::SyncRead | Class::SyncWrite => 0,
        Class::AsyncWrite => 4,
        Class::AsyncRead => 6,
        Class::Scrub if resilver => 10,
        Class::Scrub => 20,
    }
}

type DeadlineKey = (u64, u64, u32);

/// A queued I/O with its deadline, in the offset trees.
impl Keyed for (Queued, u64) {
    type Key = OffsetKey;
    fn key(&self) -> OffsetKey {
        (self.0.offset, self.0.id)
    }
}

#[derive(Default)]
pub struct LegacyQueue {
    /// (deadline, offset, id) of everything queued (`ordered.rs`).
    deadline: Ordered<DeadlineKey>,
    /// Everything queued by (offset, id), per kind, for aggregation, with its deadline.
    by_offset: [Ordered<(Queued, u64)>; 2],
    pending: u32,
    active: [u32; 5],
    queued: [usize; 5],
}

impl LegacyQueue {
    pub fn add(&mut self, io: Queued, priority: u64, limits: &LegacyLimits) {
        let deadline = ((io.enqueued / TICK_NS) >> limits.time_shift.min(63)) + priority;
        self.deadline.insert((deadline, io.offset, io.id));
        self.by_offset[io.kind as usize].insert((io, deadline));
        self.queued[io.class.index()] += 1;
    }

    pub fn pending(&self) -> u32 {
        self.pending
    }

    pub fn active(&self, class: Class) -> u32 {
        self.active[class.index()]
    }

    pub fn queued(&self, class: Class) -> usize {
        self.queued[class.index()]
    }

    /// `vdev_queue_io_to_issue(vq, pending_limit)`: the head of the deadline queue, merged
    /// with adjacent queued I/Os of its kind, if fewer than `pending_limit` are pending.
    pub fn next(&mut self, pending_limit: u32, limits: &LegacyLimits) -> Option<Issue> {
        let mut members = Members::new();
        let head = self.next_into(pending_limit, limits, &mut members)?;
        Some(head.with(members))
    }

    /// [`Self::next`], its members put in `members` (emptied first; see [`Head`]).
    pub fn next_into(&mut self, pending_limit: u32, limits: &LegacyLimits, members: &mut Members) -> Option<Head> {
        if self.pending >= pending_limit {
            return None;
        }
        let &(_, offset, id) = self.deadline.first()?;
        let key = (offset, id);
        let (kind, first) = [Kind::Read, Kind::Write]
            .into_iter()
            .find_map(|k| self.by_offset[k as usize].get(&key).map(|e| (k, e.0)))?;
        let tree = &self.by_offset[kind as usize];
        // Only I/Os of the same flavour merge (`io_flags & ZIO_FLAG_AGG_INHERIT` equal): a
        // scrub's or resilver's I/O (ZIO_FLAG_SCRUB, _RESILVER, _IO_REPAIR) never with the
        // pool's own.
        let scan = first.class == Class::Scrub;
        let limit = limits.aggregation_limit;
        let gap = if kind == Kind::Read { limits.read_gap_limit } else { 0 };
        let merges = limit > first.size;
        let mut run = Run::of(&first, gap, limit);
        let span =
            tree.span(&key, |(io, _), forward| merges && (io.class == Class::Scrub) == scan && run.takes(io, forward))?;
        let (start, end) = run.extent();
        members.clear();
        members.reserve(span.before + span.after + 1);
        let Self { by_offset, deadline, queued, .. } = self;
        by_offset[kind as usize].take_span(&key, &span, |(m, due)| {
            deadline.remove(&(due, m.offset, m.id));
            queued[m.class.index()] -= 1;
            members.push(m.id);
        });
        self.pending += 1;
        self.active[first.class.index()] += 1;
        Some(Head { class: first.class, kind, offset: start, size: end - start })
    }

    pub fn done(&mut self, class: Class) {
        self.pending = self.pending.saturating_sub(1);
        self.active[class.index()] = self.active[class.index()].saturating_sub(1);
    }
}

/// An aggregate growing out from its first I/O (the legacy `vdev_queue_io_to_issue()`):
/// the bytes it covers so far, and how far apart and how large its members may be.
struct Run {
    start: u64,
    end: u64,
    gap: u64,
    limit: u64,
}

impl Run {
    fn of(first: &Queued, gap: u64, limit: u64) -> Run {
        Run { start: first.offset, end: first.offset + first.size, gap, limit }
    }

    /// Whether `io`, the next queued I/O back (or `forward`), joins the aggregate: adjacent
    /// within the gap allowed, and the whole within the limit. It is added if so.
    fn takes(&mut self, io: &Queued, forward: bool) -> bool {
        let io_end = io.offset + io.size;
        if forward {
            if io.offset < self.end || io.offset - self.end > self.gap || io_end - self.start > self.limit {
                return false;
            }
            self.end = io_end;
        } else {
            if io_end > self.start || self.start - io_end > self.gap || self.end - io.offset > self.limit {
                return false;
            }
            self.start = io.offset;
        }
        true
    }

    /// The bytes covered: (first offset, end).
    fn extent(&self) -> (u64, u64) {
        (self.start, self.end)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn limits() -> LegacyLimits {
        LegacyLimits {
            max_pending: 10,
            min_pending: 4,
            ramp_rate: 2,
            time_shift: 6,
            aggregation_limit: 128 << 10,
            read_gap_limit: 32 << 10,
        }
    }

    fn io(id: u32, class: Class, offset: u64, enqueued: u64) -> Queued {
        let kind = if matches!(class, Class::AsyncWrite | Class::SyncWrite) { Kind::Write } else { Kind::Read };
        Queued {
            id,
            class,
            kind,
            offset,
            size: 4096,
            enqueued,
            scan: class == Class::Scrub,
            optional: false,
            nodata: false,
        }
    }

    #[test]
    fn an_async_write_yields_to_sync_reads_arriving_up_to_four_buckets_later() {
        // openzfs-model.md section 8 item 12: lbolt >> 6 with hz 100 is 0.64 s a bucket.
        let l = limits();
        let mut q = LegacyQueue::default();
        q.add(io(1, Class::AsyncWrite, 0, 0), 4, &l);
        q.add(io(2, Class::SyncRead, 1 << 30, 2_550_000_000), 0, &l);
        assert_eq!(q.next(10, &l).map(|i| i.members.to_vec()), Some(vec![2]));
        let mut q = LegacyQueue::default();
        q.add(io(1, Class::AsyncWrite, 0, 0), 4, &l);
        q.add(io(2, Class::SyncRead, 1 << 30, 2_570_000_000), 0, &l);
        assert_eq!(q.next(10, &l).map(|i| i.members.to_vec()), Some(vec![1]));
    }

    #[test]
    fn issue_limits_follow_min_and_max_pending() {
        let l = limits();
        let mut q = LegacyQueue::default();
        for i in 0..20 {
            q.add(io(i, Class::SyncRead, u64::from(i) << 30, 0), 0, &l);
        }
        let mut issued = 0;
        while q.next(l.min_pending, &l).is_some() {
            issued += 1;
        }
        assert_eq!(issued, 4, "new arrivals only while fewer than 4 are pending");
        while q.next(l.max_pending, &l).is_some() {
            issued += 1;
        }
        assert_eq!(issued, 10);
    }

    #[test]
    fn scan_io_does_not_merge_with_the_pools_own() {
        let l = limits();
        let mut q = LegacyQueue::default();
        q.add(io(1, Class::AsyncRead, 0, 0), 6, &l);
        q.add(io(2, Class::Scrub, 4096, 0), 20, &l);
        q.add(io(3, Class::AsyncRead, 8192, 0), 6, &l);
        assert_eq!(q.next(10, &l).map(|i| i.members.to_vec()), Some(vec![1]));
        assert_eq!(q.next(10, &l).map(|i| i.members.to_vec()), Some(vec![3]));
        assert_eq!(q.next(10, &l).map(|i| i.members.to_vec()), Some(vec![2]));
    }

    #[test]
    fn adjacent_writes_merge_up_to_128k() {
        let l = limits();
        let mut q = LegacyQueue::default();
        for i in 0..40u32 {
            q.add(io(i, Class::AsyncWrite, u64::from(i) * 4096, 0), 4, &l);
        }
        let first = q.next(10, &l).expect("issues");
        assert_eq!(first.members.len(), 32);
        assert_eq!(first.size, 128 << 10);
    }
}
