//! Where the head goes next: the seek (square root of the distance), the rotational wait
//! to a request's angle, and the pick of shortest positioning time first over the queue
//! and the cache, with the shortcuts that pass over candidates which cannot win.

use super::{Hdd, Job};
use crate::scenario::device::HddParams;

/// A moment, and how far into a turn of the platter it falls: worked out once a pick.
#[derive(Clone, Copy)]
pub(super) struct Moment {
    ns: u64,
    phase: u64,
}

/// The seek over `distance` bytes: the track-to-track time, and the rest of a full stroke
/// by the square root of the fraction of the surface crossed.
pub(super) fn seek_ns(p: &HddParams, distance: u64) -> u64 {
    if distance == 0 {
        return 0;
    }
    let fraction = (distance as f64 / p.capacity.max(1) as f64).min(1.0);
    let span = p.full_stroke_ns.saturating_sub(p.track_to_track_ns) as f64;
    p.track_to_track_ns + (span * fraction.sqrt()) as u64
}

impl Hdd {
    pub(super) fn seek_ns(&self, from: u64, to: u64) -> u64 {
        seek_ns(&self.p, from.abs_diff(to))
    }

    /// Where in a turn the sector at `offset` passes under the head, in ns after the
    /// track's start: fixed by the offset, so computed once when a request arrives rather
    /// than for every pick it takes part in.
    pub(super) fn angle(&self, offset: u64) -> u64 {
        let track = self.p.track_bytes.max(1);
        (offset % track) * self.rotation_ns.max(1) / track
    }

    /// `now`, with where the platter is in its turn then.
    pub(super) fn moment(&self, now: u64) -> Moment {
        Moment { ns: now, phase: now % self.rotation_ns.max(1) }
    }

    /// Time from `now` until the head is over `offset` (at `angle` in the turn), ready to
    /// transfer.
    pub(super) fn positioning_ns(&self, now: u64, offset: u64, angle: u64, overhead: u64) -> u64 {
        self.positioned_ns(self.moment(now), offset, angle, overhead, self.seek_ns(self.head.0, offset))
    }

    /// [`Self::positioning_ns`] with the seek to `offset` already known. Never less than
    /// `overhead + seek`, which is what lets a pick pass over far candidates.
    pub(super) fn positioned_ns(&self, now: Moment, offset: u64, angle: u64, overhead: u64, seek: u64) -> u64 {
        let (head_offset, head_time) = self.head;
        if offset == head_offset && head_time == now.ns {
            return overhead; // The next sector is already under the head.
        }
        let period = self.rotation_ns.max(1);
        // The phase on arrival, (now + overhead + seek) % period, from now's phase: overhead
        // and seek are a few turns at most, so this is a subtraction or two, not a division
        // for every candidate of every pick.
        let ahead = now.phase + overhead + seek;
        let phase = match ahead.checked_sub(period) {
            None => ahead,
            Some(once) if once < period => once,
            Some(_) => ahead % period,
        };
        // Both below one period, so the wait to the target is one subtraction, wrapped.
        let wait = if angle >= phase { angle - phase } else { angle + period - phase };
        overhead + seek + wait
    }

    /// As [`Self::positioning_ns`], for a queued job. With the cache off, a write that
    /// arrived once the previous write was done, to the sector right after it, has missed
    /// that sector: it passed under the head while the host turned the command around, so
    /// the write waits for it to come round again (about a revolution per write at queue
    /// depth 1: ~110 writes/s at 7200 rpm, what pools draining to disks with their write
    /// cache off show). Reads are spared by the drive's read-ahead.
    pub(super) fn job_positioning_ns(&self, now: u64, job: &Job) -> u64 {
        self.job_positioned_ns(self.moment(now), job, self.seek_ns(self.head.0, job.offset))
    }

    pub(super) fn job_positioned_ns(&self, now: Moment, job: &Job, seek: u64) -> u64 {
        let (head_offset, head_time) = self.head;
        // A head that has not transferred yet (time 0) has missed nothing.
        if !(job.write && head_time > 0 && job.offset == head_offset && job.arrived >= head_time) {
            return self.positioned_ns(now, job.offset, job.angle, self.p.overhead_ns, seek);
        }
        let now = now.ns;
        let period = self.rotation_ns.max(1);
        let ready = now + self.p.overhead_ns;
        let turns = (ready - head_time).div_ceil(period).max(1);
        head_time + turns * period - now
    }

    /// Shortest positioning time first over the queue, then the cache (ties to the queue,
    /// then the lower index). Once there is a best so far, a candidate is first timed with
    /// the floor under its seek ([`SeekFloor`](super::seek_floor::SeekFloor)): the time that
    /// gives is no more than its own, so if even that loses the candidate is passed over,
    /// its seek never worked out. The rotational wait makes most candidates lose by far
    /// more than the floor is below their seek.
    pub(super) fn nearest(&self, now: u64) -> Option<(bool, usize, u64)> {
        let now = self.moment(now);
        let head = self.head.0;
        // A cached write that starts where the transfer ending now stopped is positioned in
        // 0 ns, the least there is. Destaging a txg's contiguous writes is mostly this (98%
        // of the default preset's picks), so it is looked for first: it bounds the scans
        // below to requests at the head, with no square root for the others. Failing that,
        // a queued request there (a scan's next read) takes just the command overhead, the
        // least a queued request can, and bounds them nearly as well.
        let mut best = None;
        if self.head.1 == now.ns {
            best = self.cache.position_at(head, |_| true).map(|i| (false, i, 0));
            if best.is_none() {
                best = self
                    .ncq
                    .position_at(head, |j| self.job_positioned_ns(now, j, 0) == self.p.overhead_ns)
                    .map(|i| (true, i, self.p.overhead_ns));
            }
        }
        // Nothing beats that write when every other request takes longer: a queued one
        // takes the command overhead at least, and a cached one elsewhere a seek, which is
        // never shorter than the track-to-track time (the first at the head is the one
        // found). Only a drive with either at 0 needs the scans to settle a tie.
        let (overhead, track_to_track) = (self.p.overhead_ns, self.p.track_to_track_ns);
        if matches!(best, Some((false, _, 0))) && overhead > 0 && track_to_track > 0 {
            return best;
        }
        // Nor that queued request (a scan's next read, common in a resilver) when the
        // track-to-track time is no shorter than the overhead: none is cached at the head,
        // queued ones there take the overhead at least (the first that does is the one
        // found) and those elsewhere a seek more, and a cached one elsewhere takes a seek,
        // which wins no tie against a queued request.
        if matches!(best, Some((true, _, _))) && track_to_track > 0 && track_to_track >= overhead {
            return best;
        }
        // The pick's order, (time, queued first, index): with the seed above a later
        // candidate may win a tie.
        let wins = |best: Option<(bool, usize, u64)>, queued: bool, i: usize, t: u64| {
            best.map_or(true, |(bq, bi, bt)| (t, !queued, i) < (bt, !bq, bi))
        };
        for (i, j) in self.ncq.iter().enumerate() {
            let distance = head.abs_diff(j.offset);
            if best.is_some_and(|(_, _, b)| self.job_positioned_ns(now, j, self.seek_floor.at(distance)) > b) {
                continue;
            }
            let t = self.job_positioned_ns(now, j, self.seek_ns(head, j.offset));
            if wins(best, true, i, t) {
                best = Some((true, i, t));
            }
        }
        for (i, c) in self.cache.iter().enumerate() {
            let distance = head.abs_diff(c.offset);
            if best.is_some_and(|(_, _, b)| {
                self.positioned_ns(now, c.offset, c.angle, 0, self.seek_floor.at(distance)) > b
            }) {
                continue;
            }
            let t = self.positioned_ns(now, c.offset, c.angle, 0, self.seek_ns(head, c.offset));
            if wins(best, false, i, t) {
                best = Some((false, i, t));
            }
        }
        best
    }
}

#[cfg(test)]
mod tests {
    use super::super::{Cached, Hdd, Job};
    use crate::scenario::device::HddParams;
    use crate::sim::rng::Rng;

    const MS: u64 = 1_000_000;

    /// With no track-to-track time a seek can take 0 ns, so a cached write away from the
    /// head can tie the one at the head at 0 ns, and win by its lower index: the shortcut
    /// for the write at the head must not end the pick then.
    #[test]
    fn a_write_away_from_the_head_ties_at_zero_when_seeks_can_be_free() {
        let p =
            HddParams { track_to_track_ns: 0, full_stroke_ns: 1, overhead_ns: 100_000, ..HddParams::enterprise_7200() };
        let mut d = Hdd::new(p);
        let now = 1000 * d.rotation_ns; // The platter's phase is 0, where offset 0 lies.
        d.head = (4096, now);
        d.cache.push(Cached { offset: 0, size: 4096, seq: 0, angle: d.angle(0) });
        d.cache.push(Cached { offset: 4096, size: 4096, seq: 1, angle: d.angle(4096) });
        assert_eq!(d.positioning_ns(now, 0, d.angle(0), 0), 0);
        assert_eq!(d.nearest(now), Some((false, 0, 0)));
    }

    /// The pick with its shortcuts against the definition: the least positioning time over
    /// every queued and cached request, ties to the queue and then the lower index. Random
    /// drives (sizes, speeds), heads, times and requests, clustered and spread, with
    /// repeated offsets and writes behind the head.
    #[test]
    fn the_pick_is_the_shortest_positioning_time_first() {
        let mut rng = Rng::new(11);
        for case in 0..3000 {
            let capacity = 1 + rng.below(if case % 2 == 0 { 1 << 40 } else { 1 << 24 });
            // A quarter of the drives have no track-to-track time or no command overhead, where
            // a queued request and a cached write at the head tie at 0 ns.
            let t2t = if rng.below(4) == 0 { 0 } else { rng.below(2 * MS) };
            let p = HddParams {
                rpm: 3600 + rng.below(12_000),
                capacity,
                track_to_track_ns: t2t,
                full_stroke_ns: t2t + rng.below(20 * MS),
                track_bytes: 1 + rng.below(2 << 20),
                overhead_ns: if rng.below(4) == 0 { 0 } else { rng.below(300_000) },
                ..HddParams::enterprise_7200()
            };
            let mut d = Hdd::new(p);
            let now = 1 + rng.below(10_000 * MS);
            // Half the time the head has just finished a transfer, now.
            let head_time = if rng.below(2) == 0 { now } else { rng.below(now) };
            d.head = (rng.below(capacity), head_time);
            let spot = |rng: &mut Rng, d: &Hdd| match rng.below(4) {
                0 => d.head.0,
                1 => d.head.0.saturating_add(rng.below(1 << 16)) % capacity,
                _ => rng.below(capacity),
            };
            for id in 0..rng.below(40) {
                let offset = spot(&mut rng, &d);
                let write = rng.below(3) == 0;
                // A quarter arrived after the head's last transfer ended: a write of those at
                // the head has missed its sector.
                let arrived =
                    if rng.below(4) == 0 { head_time + rng.below(now - head_time + 1) } else { rng.below(now + 1) };
                d.ncq.push(Job { id: id as u32, offset, size: 4096, arrived, write, angle: d.angle(offset) });
            }
            for seq in 0..rng.below(30) {
                let offset = spot(&mut rng, &d);
                d.cache.push(Cached { offset, size: 4096, seq, angle: d.angle(offset) });
            }
            let queued = d.ncq.iter().enumerate().map(|(i, j)| (true, i, d.job_positioning_ns(now, j)));
            let cached =
                d.cache.iter().enumerate().map(|(i, c)| (false, i, d.positioning_ns(now, c.offset, c.angle, 0)));
            let expected = queued.chain(cached).min_by_key(|&(is_queued, i, t)| (t, !is_queued, i));
            assert_eq!(d.nearest(now), expected, "case {case}");
        }
    }
}
