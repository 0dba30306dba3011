//! A hard disk: seek time that grows with the square root of the distance, rotational
//! position from the spindle speed, media and interface transfer rates, a command overhead,
//! an on-board write-back cache destaged by the head, and a command queue (NCQ) that serves
//! the request with the shortest positioning time first unless one has waited too long.
//!
//! The reordering is what the seed measured: at one outstanding random read the latency is
//! seek + half a turn, roughly normal; at ten, throughput rises but a few requests far from
//! the head keep losing and wait up to the age bound.

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
}

#[derive(Clone, Copy, Debug)]
enum Work {
    /// A queued read, or a write when the cache is off: completes `Job::id`.
    Media(Job),
    /// Writing a cached write to the platter; its cache slot was freed when it was picked.
    Destage,
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
    /// Dirty cache contents awaiting destage: (offset, size).
    cache: Vec<(u64, u64)>,
    /// Acknowledgements of cached writes in flight.
    acks: DueQueue,
    /// Flushes waiting for the cache to empty.
    flushes: Vec<u32>,
}

impl Hdd {
    pub fn new(p: HddParams) -> Self {
        let rotation_ns = 60_000_000_000 / p.rpm.max(1);
        Hdd {
            p,
            rotation_ns,
            head: (0, 0),
            busy: None,
            ncq: Vec::new(),
            admit_wait: VecDeque::new(),
            host: VecDeque::new(),
            cache: Vec::new(),
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
        self.p.track_to_track_ns + (span * libm::sqrt(fraction)) as u64
    }

    /// Time from `now` until the head is over `offset`, ready to transfer.
    fn positioning_ns(&self, now: u64, offset: u64, overhead: u64) -> u64 {
        let (head_offset, head_time) = self.head;
        if offset == head_offset && head_time == now {
            return overhead; // The next sector is already under the head.
        }
        let arrive = now + overhead + self.seek_ns(head_offset, offset);
        let period = self.rotation_ns.max(1);
        let target = (offset % self.p.track_bytes.max(1)) * period / self.p.track_bytes.max(1);
        let wait = (target + period - arrive % period) % period;
        arrive + wait - now
    }

    /// Cache slots in use, counting the write being destaged until it is on the platter.
    fn cached(&self) -> usize {
        self.cache.len() + usize::from(matches!(self.busy, Some((_, Work::Destage))))
    }

    fn occupancy(&self) -> usize {
        self.ncq.len() + self.admit_wait.len() + usize::from(matches!(self.busy, Some((_, Work::Media(_)))))
    }

    fn accept(&mut self, now: u64, req: Request, arrived: u64) {
        let job = Job { id: req.id, offset: req.offset, size: req.size, arrived };
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
        self.cache.push((job.offset, job.size));
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
        let pick = match starved {
            Some(i) => Some((true, i, self.positioning_ns(now, self.ncq[i].offset, self.p.overhead_ns))),
            None => {
                let queued = self
                    .ncq
                    .iter()
                    .enumerate()
                    .map(|(i, j)| (true, i, self.positioning_ns(now, j.offset, self.p.overhead_ns)));
                let cached =
                    self.cache.iter().enumerate().map(|(i, &(o, _))| (false, i, self.positioning_ns(now, o, 0)));
                queued.chain(cached).min_by_key(|&(is_queued, i, t)| (t, !is_queued, i))
            }
        };
        let Some((is_queued, i, positioning)) = pick else {
            return;
        };
        let (work, offset, size) = if is_queued {
            let job = self.ncq.swap_remove(i);
            (Work::Media(job), job.offset, job.size)
        } else {
            let (offset, size) = self.cache.swap_remove(i);
            (Work::Destage, offset, size)
        };
        let end = now + positioning + transfer_ns(size, self.p.media_rate);
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
        self.start_head(now);
        if self.cached() == 0 && self.acks.is_empty() && self.admit_wait.is_empty() {
            out.completed.append(&mut self.flushes);
        }
        out.wake_at = earliest(self.acks.next_time(), self.busy.map(|(t, _)| t));
    }
}

impl Device for Hdd {
    fn submit(&mut self, now: u64, req: Request, _rng: &mut Rng, out: &mut Output) {
        match req.op {
            Op::Flush => self.flushes.push(req.id),
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
    use crate::sim::stats::LatencyStats;

    /// Keeps `depth` random 4 KiB requests outstanding over the whole surface for `n`
    /// completions, as the seed's fio-style experiment did.
    fn closed_loop(op: Op, depth: u32, n: u64) -> LatencyStats {
        let p = HddParams::enterprise_7200();
        let capacity = p.capacity;
        let mut disk = Hdd::new(p);
        let mut rng = Rng::new(42);
        let mut stats = LatencyStats::default();
        let mut issued_at = vec![0u64; depth as usize];
        let mut out = Output::default();
        let submit = |disk: &mut Hdd, rng: &mut Rng, id: u32, now: u64, out: &mut Output| {
            let offset = rng.below(capacity / 4096) * 4096;
            disk.submit(now, Request { id, op, offset, size: 4096 }, rng, out);
        };
        for id in 0..depth {
            submit(&mut disk, &mut rng, id, 0, &mut out);
        }
        let mut now = 0;
        while stats.count < n {
            let done = std::mem::take(&mut out.completed);
            for id in done {
                stats.record(now - issued_at[id as usize]);
                issued_at[id as usize] = now;
                submit(&mut disk, &mut rng, id, now, &mut out);
            }
            if out.completed.is_empty() {
                now = out.wake_at.expect("a busy disk asks to be woken");
                disk.wake(now, &mut rng, &mut out);
            }
        }
        stats
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

    #[test]
    fn cached_writes_are_faster_than_reads() {
        let mean = closed_loop(Op::Write, 1, 4000).mean();
        assert!((3 * MS..7 * MS).contains(&mean), "mean {mean}");
        let max = closed_loop(Op::Write, 10, 20000).max;
        assert!(max < 200 * MS, "max {max}");
    }
}
