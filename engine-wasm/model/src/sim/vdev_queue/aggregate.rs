//! `vdev_queue_aggregate()`: which queued I/Os go out with the one picked, by offset,
//! type, flags and the aggregation limit, with RAID-Z's optional padding writes.

use super::{Kind, Limits, OffsetKey, Queued, VdevQueue};
use crate::sim::ordered::{Keyed, Span};

impl VdevQueue {
    /// `vdev_queue_aggregate()` (vdev_queue.c, every tag 0.6.4 to 2.4.0): the run of
    /// queued I/Os in offset tree `tree` that goes out with the picked I/O `zio`, as an
    /// anchor key and the counts before and after it, and the I/O a stretch makes
    /// mandatory. Optional I/Os join like any other, but may not begin the run nor end it
    /// unless a mandatory I/O follows close enough; so the run may even leave out `zio`
    /// itself (an optional one after a mandatory I/O), which then stays queued.
    pub(super) fn aggregate(
        &self,
        tree: usize,
        zio: &Queued,
        limits: &Limits,
    ) -> Option<(OffsetKey, Span, Option<OffsetKey>)> {
        let t = &self.by_offset[tree];
        let limit = limits.aggregation_limit.min(limits.max_block);
        // 0.6.4 returns before the walk for the sync classes: their queues are not by LBA.
        let sync_in_0_6_4 = limits.per_class_aggregation && zio.class.is_fifo();
        let alone = (zio.key(), Span::new(0, 0), None);
        if limit == 0 || sync_in_0_6_4 {
            return t.get(&zio.key()).map(|_| alone);
        }
        // `maxgap` is 0 for writes at every tag: they merge only when exactly adjacent.
        let gap = if zio.kind == Kind::Read { limits.read_gap_limit } else { 0 };
        if self.optional[tree] == 0 {
            // No optional I/O queued (every pool but RAID-Z with padding): `mandatory` is
            // the last I/O taken, nothing is skipped at the front nor cut at the end, and a
            // stretch keeps nothing more, so the run is one walk out from `zio`.
            let (mut start, mut end) = (zio.offset, zio.offset + zio.size);
            let span = t.span(&zio.key(), |io, forward| {
                let io_end = io.offset + io.size;
                if io.scan != zio.scan {
                    return false;
                }
                if forward {
                    if io.offset < end || io.offset - end > gap || io_end - start > limit {
                        return false;
                    }
                    end = io_end;
                } else {
                    if io_end > start || start - io_end > gap || end - io.offset > limit {
                        return false;
                    }
                    start = io.offset;
                }
                true
            })?;
            return Some((zio.key(), span, None));
        }
        // Back: (key, end, optional), nearest first.
        let mut back: smallvec::SmallVec<[(OffsetKey, u64, bool); 8]> = smallvec::SmallVec::new();
        let (zio_end, mut start) = (zio.offset + zio.size, zio.offset);
        t.span(&zio.key(), |io, forward| {
            let end = io.offset + io.size;
            if forward || io.scan != zio.scan || end > start || start - end > gap || zio_end - io.offset > limit {
                return false;
            }
            start = io.offset;
            back.push((io.key(), end, io.optional));
            true
        })?;
        // Positions relative to `zio`: -1 the nearest before it. The C's `mandatory` (the
        // nearest mandatory I/O, `zio` itself if it is one) and `first` once the leading
        // optional I/Os are skipped (the farthest mandatory one, else `zio`).
        let at = |pos: isize| back[(-pos - 1) as usize];
        let mut mandatory: Option<(isize, u64)> = if zio.optional {
            back.iter().position(|b| !b.2).map(|i| (-(i as isize) - 1, back[i].1))
        } else {
            Some((0, zio_end))
        };
        let first = back.iter().rposition(|b| !b.2).map_or(0, |i| -(i as isize) - 1);
        let first_offset = if first < 0 { at(first).0 .0 } else { zio.offset };
        // Forward: adjacent within the gap and the limit; from 0.7 an optional I/O may
        // pass the limit, never `max_block`. Then the stretch's look-ahead: past the run,
        // through exactly adjacent I/Os no farther than `write_gap_limit` from the
        // mandatory end, for a mandatory write.
        let (mut last, mut end, mut walking) = (0isize, zio_end, true);
        let (mut stretch, mut next) = (false, None);
        let mut look_end = 0;
        t.span(&zio.key(), |io, forward| {
            if !forward {
                return false;
            }
            let io_end = io.offset + io.size;
            if walking {
                let span = io_end - first_offset;
                let within = span <= limit || (limits.optional_past_limit && io.optional);
                if io.scan == zio.scan
                    && io.offset >= end
                    && io.offset - end <= gap
                    && within
                    && span <= limits.max_block
                {
                    (last, end) = (last + 1, io_end);
                    if !io.optional {
                        mandatory = Some((last, io_end));
                    }
                    return true;
                }
                walking = false;
                (look_end, next) = (end, Some(io.key()));
            }
            let Some((_, m_end)) = mandatory.filter(|_| zio.kind == Kind::Write) else { return false };
            if io.offset != look_end || io.offset.saturating_sub(m_end) > limits.write_gap_limit || io.offset < m_end {
                return false;
            }
            look_end = io_end;
            stretch = !io.optional;
            io.optional
        });
        // Without a stretch the trailing optional I/Os stay queued: the run ends at the
        // last mandatory I/O, or is just `first`.
        if !stretch {
            last = mandatory.map_or(first, |m| m.0);
        }
        if first == last {
            return Some(alone);
        }
        let clear = if stretch { next } else { None };
        Some(if last >= 0 {
            (zio.key(), Span::new((-first) as usize, last as usize), clear)
        } else {
            (at(last).0, Span::new((last - first) as usize, 0), clear)
        })
    }
}
