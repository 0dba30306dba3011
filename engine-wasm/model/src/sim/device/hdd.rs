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
use by_offset::{ByOffset, Placed};
use seek_floor::SeekFloor;
use std::collections::VecDeque;

mod by_offset;
mod position;
mod seek_floor;

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

impl Placed for Job {
    fn offset(&self) -> u64 {
        self.offset
    }
}

impl Placed for Cached {
    fn offset(&self) -> u64 {
        self.offset
    }
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
    ncq: ByOffset<Job>,
    /// No job in `ncq` arrived before this (`u64::MAX` when none is queued): while even
    /// this arrival is within the age limit nothing can be starved, and the pick skips the
    /// walk over the queue for the oldest job. It may lag behind removals (it is only ever
    /// lowered on arrival), and is made exact again by that walk.
    ncq_oldest: u64,
    /// Cached writes waiting for a free slot (they count against the queue depth).
    admit_wait: VecDeque<Job>,
    /// Requests beyond the queue depth, in arrival order.
    host: VecDeque<(Request, u64)>,
    /// Dirty cache contents awaiting destage.
    cache: ByOffset<Cached>,
    /// The sequence number the next write taken into the cache gets.
    next_seq: u64,
    /// Acknowledgements of cached writes in flight.
    acks: DueQueue,
    /// Flushes waiting: (id, `next_seq` when it arrived). A flush covers the writes cached
    /// before it; writes cached after it do not hold it.
    flushes: Vec<(u32, u64)>,
    /// A drive-managed SMR disk's media cache (`smr.rs`). Boxed: most drives have none,
    /// and inline it made every drive, and so every leaf's device, 88 bytes larger.
    smr: Option<Box<MediaCache>>,
    /// The floor under the seek by distance, for the pick (`seek_floor.rs`).
    seek_floor: SeekFloor,
}

impl Hdd {
    pub fn new(p: HddParams) -> Self {
        let rotation_ns = 60_000_000_000 / p.rpm.max(1);
        Hdd {
            smr: MediaCache::of(&p).map(Box::new),
            seek_floor: SeekFloor::new(&p),
            p,
            rotation_ns,
            head: (0, 0),
            busy: None,
            ncq: ByOffset::new(),
            ncq_oldest: u64::MAX,
            admit_wait: VecDeque::new(),
            host: VecDeque::new(),
            cache: ByOffset::new(),
            next_seq: 0,
            acks: DueQueue::default(),
            flushes: Vec::new(),
        }
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
            self.ncq_oldest = self.ncq_oldest.min(arrived);
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
        if self.ncq.is_empty() && self.cache.is_empty() {
            // Nothing to pick (a read's completion at queue depth one, say): skip working
            // out where the head and the platter are. (`ncq_oldest` may stay behind: it
            // only ever lets `starved` skip its walk, never skip a job.)
            return;
        }
        let starved = self.starved(now);
        // While a flush waits, the writes it covers go to the platter before other work
        // (a non-queued FLUSH CACHE holds the queue), nearest first: otherwise reads or a
        // stream of writes next to the head could keep winning and hold the flush forever.
        let covered = self.flushes.iter().map(|&(_, seq)| seq).min().unwrap_or(0);
        let flushing = if covered == 0 {
            None // No flush waits, or it covers nothing.
        } else {
            self.cache
                .iter()
                .enumerate()
                .filter(|&(_, c)| c.seq < covered)
                .map(|(i, c)| (false, i, self.positioning_ns(now, c.offset, c.angle, 0)))
                .min_by_key(|&(_, i, t)| (t, i))
        };
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

    /// The queued job that has waited past the age limit longest (the lower index of equals),
    /// if any has. Once any has, so has the oldest: that is the one to look at.
    fn starved(&mut self, now: u64) -> Option<usize> {
        if now.saturating_sub(self.ncq_oldest) <= self.p.age_limit_ns {
            return None;
        }
        let oldest = self.ncq.iter().enumerate().min_by_key(|(i, j)| (j.arrived, *i));
        self.ncq_oldest = oldest.map_or(u64::MAX, |(_, j)| j.arrived);
        oldest.filter(|(_, j)| now.saturating_sub(j.arrived) > self.p.age_limit_ns).map(|(i, _)| i)
    }

    /// Brings the drive to `now`. `flushed`: a flush has just arrived, and may already be
    /// covered.
    ///
    /// Every call leaves the drive settled: no write waits for a cache slot that is free, no
    /// request waits in the host for a queue slot that is free, no flush waits that its
    /// writes no longer hold, and the head is busy unless there is nothing to do. Between
    /// calls only time passes, and while the head's transfer runs that frees no slot and
    /// moves no flush's writes; a read or write arriving takes a slot or waits because
    /// there is none. So while the head is busy, only the acknowledgements that fell due
    /// can have changed: the rest of the walk would do nothing (most calls: each cached
    /// write's acknowledgement, and each request arriving while the head works).
    #[inline]
    fn settle(&mut self, now: u64, out: &mut Output, flushed: bool) {
        self.acks.drain_due(now, &mut out.completed);
        if let Some((end, _)) = self.busy {
            if end > now && !flushed {
                out.wake_at = earliest(self.acks.next_time(), Some(end));
                return;
            }
        }
        self.settle_all(now, out);
    }

    /// The rest of [`Self::settle`], out of line: the common early return above then
    /// costs no saving and restoring of the registers the pick needs.
    #[inline(never)]
    fn settle_all(&mut self, now: u64, out: &mut Output) {
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
        // Most calls have no flush waiting: the walk over the cache for its oldest write is
        // only needed when one is.
        let oldest = if self.flushes.is_empty() { 0 } else { self.oldest_cached() };
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
        self.settle(now, out, req.op == Op::Flush);
    }

    fn wake(&mut self, now: u64, _rng: &mut Rng, out: &mut Output) {
        self.settle(now, out, false);
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
