//! A hard disk: seek time that grows with the square root of the distance, rotational
//! position from the spindle speed, media and interface transfer rates, a command overhead,
//! an on-board write-back cache destaged by the head, and a command queue (NCQ) that serves
//! the request with the shortest positioning time first unless one has waited too long.
//! A cache flush (SYNCHRONIZE CACHE / FLUSH CACHE, what `zio_flush()` sends) covers the
//! writes cached before it arrived: the drive destages those first, and the flush
//! completes once they are on the platter, whatever has been cached since.
//!
//! The reordering is what the seed measured: at one outstanding random read the latency is
//! seek + half a turn, roughly normal; at ten, throughput rises but a few requests far from
//! the head keep losing and wait up to the age bound.

use super::smr::MediaCache;
use super::{earliest, transfer_ns, Device, DueQueue, Op, Output, Request};
use crate::scenario::device::HddParams;
use crate::sim::rng::Rng;
use std::collections::VecDeque;

#[derive(Clone, Copy, Debug)]
struct Job {
    id: u32,
    offset: u64,
    size: u64,
    arrived: u64,
    /// A write with the cache off (the only writes the queue holds).
    write: bool,
    /// Where in a turn its first sector passes under the head ([`Hdd::angle`]).
    angle: u64,
}

/// A write in the cache, awaiting destage.
#[derive(Clone, Copy, Debug)]
struct Cached {
    offset: u64,
    size: u64,
    /// Its order of arrival in the cache: flushes cover the writes cached before them.
    seq: u64,
    angle: u64,
}

#[derive(Clone, Copy, Debug)]
enum Work {
    /// A queued read, or a write when the cache is off: completes `Job::id`.
    Media(Job),
    /// Writing a cached write (its sequence number) to the platter; its cache slot was
    /// freed when it was picked.
    Destage(u64),
}

pub struct Hdd {
    p: HddParams,
    rotation_ns: u64,
    /// Offset just past the last transfer, and when that transfer ended.
    head: (u64, u64),
    busy: Option<(u64, Work)>,
    /// Reads (and writes, with the cache off) in the drive's queue.
    ncq: Vec<Job>,
    /// Cached writes waiting for a free slot (they count against the queue depth).
    admit_wait: VecDeque<Job>,
    /// Requests beyond the queue depth, in arrival order.
    host: VecDeque<(Request, u64)>,
    /// Dirty cache contents awaiting destage.
    cache: Vec<Cached>,
    /// The sequence number the next write taken into the cache gets.
    next_seq: u64,
    /// Acknowledgements of cached writes in flight.
    acks: DueQueue,
    /// Flushes waiting: (id, `next_seq` when it arrived). A flush covers the writes cached
    /// before it; writes cached after it do not hold it.
    flushes: Vec<(u32, u64)>,
    /// A drive-managed SMR disk's media cache (`smr.rs`).
    smr: Option<MediaCache>,
}

impl Hdd {
    pub fn new(p: HddParams) -> Self {
        let rotation_ns = 60_000_000_000 / p.rpm.max(1);
        Hdd {
            smr: MediaCache::of(&p),
            p,
            rotation_ns,
            head: (0, 0),
            busy: None,
            ncq: Vec::new(),
            admit_wait: VecDeque::new(),
            host: VecDeque::new(),
            cache: Vec::new(),
            next_seq: 0,
            acks: DueQueue::default(),
            flushes: Vec::new(),
        }
    }

    fn seek_ns(&self, from: u64, to: u64) -> u64 {
        let distance = from.abs_diff(to);
        if distance == 0 {
            return 0;
        }
        let fraction = (distance as f64 / self.p.capacity.max(1) as f64).min(1.0);
        let span = self.p.full_stroke_ns.saturating_sub(self.p.track_to_track_ns) as f64;
        self.p.track_to_track_ns + (span * fraction.sqrt()) as u64
    }

    /// Where in a turn the sector at `offset` passes under the head, in ns after the
    /// track's start: fixed by the offset, so computed once when a request arrives rather
    /// than for every pick it takes part in.
    fn angle(&self, offset: u64) -> u64 {
        let track = self.p.track_bytes.max(1);
        (offset % track) * self.rotation_ns.max(1) / track
    }

    /// Time from `now` until the head is over `offset` (at `angle` in the turn), ready to
    /// transfer.
    fn positioning_ns(&self, now: u64, offset: u64, angle: u64, overhead: u64) -> u64 {
        self.positioned_ns(now, offset, angle, overhead, self.seek_ns(self.head.0, offset))
    }

    /// [`Self::positioning_ns`] with the seek to `offset` already known. Never less than
    /// `overhead + seek`, which is what lets a pick pass over far candidates.
    fn positioned_ns(&self, now: u64, offset: u64, angle: u64, overhead: u64, seek: u64) -> u64 {
        let (head_offset, head_time) = self.head;
        if offset == head_offset && head_time == now {
            return overhead; // The next sector is already under the head.
        }
        let arrive = now + overhead + seek;
        let period = self.rotation_ns.max(1);
        // Both below one period, so the wait to the target is one subtraction, wrapped.
        let phase = arrive % period;
        let wait = if angle >= phase { angle - phase } else { angle + period - phase };
        arrive + wait - now
    }

    /// As [`Self::positioning_ns`], for a queued job. With the cache off, a write that
    /// arrived once the previous write was done, to the sector right after it, has missed
    /// that sector: it passed under the head while the host turned the command around, so
    /// the write waits for it to come round again (about a revolution per write at queue
    /// depth 1: ~110 writes/s at 7200 rpm, what pools draining to disks with their write
    /// cache off show). Reads are spared by the drive's read-ahead.
    fn job_positioning_ns(&self, now: u64, job: &Job) -> u64 {
        self.job_positioned_ns(now, job, self.seek_ns(self.head.0, job.offset))
    }

    fn job_positioned_ns(&self, now: u64, job: &Job, seek: u64) -> u64 {
        let (head_offset, head_time) = self.head;
        // A head that has not transferred yet (time 0) has missed nothing.
        if !(job.write && head_time > 0 && job.offset == head_offset && job.arrived >= head_time) {
            return self.positioned_ns(now, job.offset, job.angle, self.p.overhead_ns, seek);
        }
        let period = self.rotation_ns.max(1);
        let ready = now + self.p.overhead_ns;
        let turns = (ready - head_time).div_ceil(period).max(1);
        head_time + turns * period - now
    }

    /// The farthest a candidate with this `overhead` may be from the head and still be
    /// positioned within `best` ns (its overhead and seek alone no more): past it the seek
    /// needs no square root to lose. [`Self::seek_ns`] inverted with a margin of 1e-9, far
    /// above the rounding of its three floating-point steps, so no candidate that could win
    /// is passed over.
    fn reach(&self, best: u64, overhead: u64) -> u64 {
        let Some(within) = best.checked_sub(overhead + self.p.track_to_track_ns) else {
            return 0; // Only a request right at the head (no seek) could still compete.
        };
        // Seeks of more than `within` after the track-to-track time lose: (span * sqrt(f))
        // as u64 > within, that is span * sqrt(f) >= within + 1.
        let span = self.p.full_stroke_ns.saturating_sub(self.p.track_to_track_ns) as f64;
        let need = within as f64 + 1.0;
        if need > span {
            return u64::MAX; // Even a full stroke is short enough.
        }
        let fraction = (need / span) * (need / span);
        let distance = fraction * self.p.capacity.max(1) as f64 * (1.0 + 1e-9) + 1.0;
        if distance >= u64::MAX as f64 {
            u64::MAX
        } else {
            distance as u64
        }
    }

    /// Shortest positioning time first over the queue, then the cache (ties to the queue,
    /// then the lower index). Candidates whose overhead and seek alone exceed the best so far
    /// are passed over: their full positioning time could only be longer, and beyond
    /// [`Self::reach`] that is known from the distance alone.
    fn nearest(&self, now: u64) -> Option<(bool, usize, u64)> {
        let mut best: Option<(bool, usize, u64)> = None;
        let mut reach = u64::MAX;
        let head = self.head.0;
        for (i, j) in self.ncq.iter().enumerate() {
            if head.abs_diff(j.offset) > reach {
                continue;
            }
            let seek = self.seek_ns(head, j.offset);
            if best.is_some_and(|(_, _, b)| self.p.overhead_ns + seek > b) {
                continue;
            }
            let t = self.job_positioned_ns(now, j, seek);
            if best.map_or(true, |(_, _, b)| t < b) {
                best = Some((true, i, t));
                reach = self.reach(t, self.p.overhead_ns);
            }
        }
        reach = best.map_or(u64::MAX, |(_, _, b)| self.reach(b, 0));
        for (i, c) in self.cache.iter().enumerate() {
            if head.abs_diff(c.offset) > reach {
                continue;
            }
            let seek = self.seek_ns(head, c.offset);
            if best.is_some_and(|(_, _, b)| seek > b) {
                continue;
            }
            let t = self.positioned_ns(now, c.offset, c.angle, 0, seek);
            if best.map_or(true, |(_, _, b)| t < b) {
                best = Some((false, i, t));
                reach = self.reach(t, 0);
            }
        }
        best
    }

    /// Cache slots in use, counting the write being destaged until it is on the platter.
    fn cached(&self) -> usize {
        self.cache.len() + usize::from(matches!(self.busy, Some((_, Work::Destage(_)))))
    }

    /// The oldest write still cached or being destaged (`next_seq` if none): every flush
    /// that arrived after it was cached waits for it.
    fn oldest_cached(&self) -> u64 {
        let destaging = match self.busy {
            Some((_, Work::Destage(seq))) => seq,
            _ => self.next_seq,
        };
        self.cache.iter().map(|c| c.seq).fold(destaging, u64::min)
    }

    fn occupancy(&self) -> usize {
        self.ncq.len() + self.admit_wait.len() + usize::from(matches!(self.busy, Some((_, Work::Media(_)))))
    }

    fn accept(&mut self, now: u64, req: Request, arrived: u64) {
        let job = Job {
            id: req.id,
            offset: req.offset,
            size: req.size,
            arrived,
            write: req.op == Op::Write,
            angle: self.angle(req.offset),
        };
        if req.op == Op::Write && self.p.cache_writes > 0 {
            if self.cached() < self.p.cache_writes as usize && self.admit_wait.is_empty() {
                self.take_into_cache(now, job);
            } else {
                self.admit_wait.push_back(job);
            }
        } else {
            self.ncq.push(job);
        }
    }

    fn take_into_cache(&mut self, now: u64, job: Job) {
        self.cache.push(Cached { offset: job.offset, size: job.size, seq: self.next_seq, angle: job.angle });
        self.next_seq += 1;
        let ack = now + self.p.overhead_ns + transfer_ns(job.size, self.p.interface_rate);
        self.acks.push(ack, job.id);
    }

    /// Chooses and starts the head's next job, if it is idle and has work.
    fn start_head(&mut self, now: u64) {
        if self.busy.is_some() {
            return;
        }
        let starved = self
            .ncq
            .iter()
            .enumerate()
            .filter(|(_, j)| now.saturating_sub(j.arrived) > self.p.age_limit_ns)
            .min_by_key(|(i, j)| (j.arrived, *i))
            .map(|(i, _)| i);
        // While a flush waits, the writes it covers go to the platter before other work
        // (a non-queued FLUSH CACHE holds the queue), nearest first: otherwise reads or a
        // stream of writes next to the head could keep winning and hold the flush forever.
        let covered = self.flushes.iter().map(|&(_, seq)| seq).min().unwrap_or(0);
        let flushing = self
            .cache
            .iter()
            .enumerate()
            .filter(|&(_, c)| c.seq < covered)
            .map(|(i, c)| (false, i, self.positioning_ns(now, c.offset, c.angle, 0)))
            .min_by_key(|&(_, i, t)| (t, i));
        let pick = match (starved, flushing) {
            (Some(i), _) => Some((true, i, self.job_positioning_ns(now, &self.ncq[i]))),
            (None, Some(destage)) => Some(destage),
            (None, None) => self.nearest(now),
        };
        let Some((is_queued, i, positioning)) = pick else {
            return;
        };
        let (work, offset, size) = if is_queued {
            let job = self.ncq.swap_remove(i);
            (Work::Media(job), job.offset, job.size)
        } else {
            let c = self.cache.swap_remove(i);
            (Work::Destage(c.seq), c.offset, c.size)
        };
        // An SMR disk merges bands while idle, and a write may first wait for merges.
        let mut merges = 0;
        if let Some(m) = self.smr.as_mut() {
            m.idle(now.saturating_sub(self.head.1));
            if matches!(work, Work::Destage(_) | Work::Media(Job { write: true, .. })) {
                merges = m.write(offset, size);
            }
        }
        let end = now + positioning + merges + transfer_ns(size, self.p.media_rate);
        self.head = (offset + size, end);
        self.busy = Some((end, work));
    }

    fn settle(&mut self, now: u64, out: &mut Output) {
        self.acks.drain_due(now, &mut out.completed);
        if let Some((end, work)) = self.busy {
            if end <= now {
                self.busy = None;
                if let Work::Media(job) = work {
                    out.completed.push(job.id);
                }
            }
        }
        while self.cached() < self.p.cache_writes as usize {
            let Some(job) = self.admit_wait.pop_front() else {
                break;
            };
            self.take_into_cache(now, job);
        }
        while self.occupancy() < self.p.queue_depth as usize {
            let Some((req, arrived)) = self.host.pop_front() else {
                break;
            };
            self.accept(now, req, arrived);
        }
        let oldest = self.oldest_cached();
        if self.flushes.iter().any(|&(_, seq)| seq <= oldest) {
            out.completed.extend(self.flushes.iter().filter(|&&(_, seq)| seq <= oldest).map(|&(id, _)| id));
            self.flushes.retain(|&(_, seq)| seq > oldest);
        }
        self.start_head(now);
        out.wake_at = earliest(self.acks.next_time(), self.busy.map(|(t, _)| t));
    }
}

impl Device for Hdd {
    fn submit(&mut self, now: u64, req: Request, _rng: &mut Rng, out: &mut Output) {
        match req.op {
            Op::Flush => self.flushes.push((req.id, self.next_seq)),
            _ if self.occupancy() < self.p.queue_depth as usize => self.accept(now, req, now),
            _ => self.host.push_back((req, now)),
        }
        self.settle(now, out);
    }

    fn wake(&mut self, now: u64, _rng: &mut Rng, out: &mut Output) {
        self.settle(now, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::device::DeviceSpec;
    use crate::sim::device::closed_loop::Load;
    use crate::sim::stats::LatencyStats;

    /// Keeps `depth` random 4 KiB requests outstanding over the whole surface for `n`
    /// completions, as the seed's fio-style experiment did.
    fn closed_loop(op: Op, depth: u32, n: u64) -> LatencyStats {
        let load = Load { op, size: 4096, depth, sequential: false, count: n };
        super::super::closed_loop::closed_loop(&DeviceSpec::Hdd(HddParams::enterprise_7200()), load, 42).latency
    }

    const MS: u64 = 1_000_000;

    /// Just past the reach, overhead and seek alone already lose: checked at the boundary,
    /// where rounding would show.
    #[test]
    fn past_the_reach_the_seek_alone_loses() {
        let mut rng = Rng::new(5);
        let mut checked = 0;
        for _ in 0..20_000 {
            let t2t = rng.below(2 * MS);
            let p = HddParams {
                capacity: 1 + rng.below(1 << 42),
                track_to_track_ns: t2t,
                full_stroke_ns: t2t + 1 + rng.below(20 * MS),
                ..HddParams::enterprise_7200()
            };
            let d = Hdd::new(p);
            let overhead = rng.below(300_000);
            let best = rng.below(25 * MS);
            let reach = d.reach(best, overhead);
            for past in [1, 2, 3, 1 + rng.below(1000)] {
                let Some(distance) = reach.checked_add(past) else { continue };
                assert!(overhead + d.seek_ns(0, distance) > best, "reach {reach}, distance {distance}, best {best}");
                checked += 1;
            }
        }
        assert!(checked > 10_000);
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
            let t2t = rng.below(2 * MS);
            let p = HddParams {
                rpm: 3600 + rng.below(12_000),
                capacity,
                track_to_track_ns: t2t,
                full_stroke_ns: t2t + rng.below(20 * MS),
                track_bytes: 1 + rng.below(2 << 20),
                overhead_ns: rng.below(300_000),
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
                let arrived = rng.below(now + 1);
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

    #[test]
    fn one_outstanding_read_takes_a_seek_and_half_a_turn() {
        let s = closed_loop(Op::Read, 1, 4000);
        let (mean, p50) = (s.mean(), s.quantile(0.5));
        assert!((11 * MS..13 * MS).contains(&mean), "mean {mean}");
        // Roughly normal: the median sits near the mean.
        assert!(p50.abs_diff(mean) < MS, "mean {mean}, p50 {p50}");
    }

    #[test]
    fn ten_outstanding_reads_go_faster_but_starve_a_few() {
        let one = closed_loop(Op::Read, 1, 4000).mean();
        let ten = closed_loop(Op::Read, 10, 20000);
        let (mean, p50, p90, max) = (ten.mean(), ten.quantile(0.5), ten.quantile(0.9), ten.max);
        let iops = |mean_ns: u64, depth: u64| depth * 1_000_000_000 / mean_ns.max(1);
        assert!(iops(mean, 10) * 2 > iops(one, 1) * 3, "one: mean {one}; ten: mean {mean}");
        // Exponential-like: the mean well above the median, p90 in the seed's range, a long tail.
        assert!(mean > p50 * 5 / 4, "mean {mean}, p50 {p50}");
        assert!((100 * MS..=200 * MS).contains(&p90), "p90 {p90}");
        assert!(max > 300 * MS, "max {max}");
    }

    /// Runs `disk` until `flush` completes (or `until`), replacing each completed stream
    /// write (ids from 100) with the next sequential 128 KiB one, so the cache never drains.
    fn stream_until_flushed(disk: &mut Hdd, rng: &mut Rng, mut out: Output, flush: u32, until: u64) -> Option<u64> {
        let (mut next, mut offset, mut now) = (101u32, (1u64 << 30) + (128 << 10), 0);
        loop {
            for id in std::mem::take(&mut out.completed) {
                if id == flush {
                    return Some(now);
                }
                if id >= 100 {
                    disk.submit(now, Request { id: next, op: Op::Write, offset, size: 128 << 10 }, rng, &mut out);
                    next += 1;
                    offset += 128 << 10;
                }
            }
            if !out.completed.is_empty() {
                continue;
            }
            now = out.wake_at?;
            if now > until {
                return None;
            }
            disk.wake(now, rng, &mut out);
        }
    }

    #[test]
    fn a_flush_waits_for_the_writes_cached_before_it_not_for_later_ones() {
        // N writes spread over the disk are cached, a stream starts and a flush arrives;
        // the stream keeps the cache full. The flush covers the N (and the stream's first
        // write): it completes once they are on the platter, each costing at most a
        // full-stroke seek, a turn, the command overhead and a 128 KiB transfer.
        for (n, cache, depth) in [(4u32, 24u32, 32u32), (10, 16, 8), (20, 32, 32)] {
            let p = HddParams { cache_writes: cache, queue_depth: depth, ..HddParams::enterprise_7200() };
            let worst =
                p.overhead_ns + p.full_stroke_ns + 60_000_000_000 / p.rpm + transfer_ns(128 << 10, p.media_rate);
            let capacity = p.capacity;
            let mut disk = Hdd::new(p);
            let mut rng = Rng::new(7);
            let mut out = Output::default();
            for id in 0..n {
                let offset = capacity / u64::from(n + 1) * u64::from(id + 1) / 4096 * 4096;
                disk.submit(0, Request { id, op: Op::Write, offset, size: 8 << 10 }, &mut rng, &mut out);
            }
            disk.submit(0, Request { id: 100, op: Op::Write, offset: 1 << 30, size: 128 << 10 }, &mut rng, &mut out);
            disk.submit(0, Request { id: 99, op: Op::Flush, offset: 0, size: 0 }, &mut rng, &mut out);
            let bound = u64::from(n + 1) * worst;
            let done = stream_until_flushed(&mut disk, &mut rng, out, 99, 100 * bound);
            let done = done.unwrap_or_else(|| panic!("{n} writes, cache {cache}: the flush never completed"));
            assert!(done <= bound, "{n} writes, cache {cache}: the flush took {done} ns, bound {bound}");
        }
    }

    /// Writes per second of `n` sequential 128 KiB writes at queue depth 1, each issued
    /// when the previous one completes, on a 7200 rpm disk with `cache_writes` slots.
    fn sequential_writes_per_s(cache_writes: u32, n: u32) -> f64 {
        let mut disk = Hdd::new(HddParams { cache_writes, ..HddParams::enterprise_7200() });
        let mut rng = Rng::new(1);
        let size = 128 << 10;
        let (mut now, mut done) = (0, 0);
        let mut out = Output::default();
        disk.submit(now, Request { id: 0, op: Op::Write, offset: 0, size }, &mut rng, &mut out);
        while done < n {
            if out.completed.is_empty() {
                now = out.wake_at.expect("a write in flight asks for a wake-up");
                out = Output::default();
                disk.wake(now, &mut rng, &mut out);
                continue;
            }
            done += out.completed.len() as u32;
            out = Output::default();
            let req = Request { id: done, op: Op::Write, offset: u64::from(done) * size, size };
            disk.submit(now, req, &mut rng, &mut out);
        }
        f64::from(n) * 1e9 / now as f64
    }

    #[test]
    fn with_the_cache_off_each_sequential_write_loses_a_revolution() {
        let p = HddParams::enterprise_7200();
        let revolutions_per_s = p.rpm as f64 / 60.0;
        // Each write waits a revolution, then transfers: 1 / (8.33 ms + 0.73 ms) ≈ 110/s.
        let one_turn_ns = 60e9 / p.rpm as f64 + (128 << 10) as f64 * 1e9 / p.media_rate as f64;
        let off = sequential_writes_per_s(0, 200);
        assert!(off <= revolutions_per_s && (off - 1e9 / one_turn_ns).abs() < 2.0, "cache off: {off}/s");
        let on = sequential_writes_per_s(24, 200);
        assert!(on > 5.0 * off, "cache on: {on}/s, off: {off}/s");
    }

    #[test]
    fn cached_writes_are_faster_than_reads() {
        let mean = closed_loop(Op::Write, 1, 4000).mean();
        assert!((3 * MS..7 * MS).contains(&mean), "mean {mean}");
        let max = closed_loop(Op::Write, 10, 20000).max;
        assert!(max < 200 * MS, "max {max}");
    }
}
