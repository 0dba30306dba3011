//! OpenZFS's delay injection as a device (`zinject -D LATENCY:LANES`): `zio_inject.c`,
//! `zio_handle_io_delay()`, called for reads and writes by `vdev_disk_io_start()` and
//! `vdev_file_io_start()`. Each of the handler's lanes serves one I/O at a time and every
//! I/O takes the same time whatever its size, so a 4 KiB label write costs as much as a
//! 128 KiB block.

use super::{Device, DueQueue, Op, Output, Request};
use crate::scenario::device::InjectedParams;
use crate::sim::rng::Rng;

pub struct Injected {
    p: InjectedParams,
    /// When each lane is next idle [ns] (`zi_lanes`).
    lane_free: Vec<u64>,
    /// The lane the next I/O takes (`zi_next_lane`).
    next_lane: usize,
    done: DueQueue,
}

impl Injected {
    pub fn new(p: InjectedParams) -> Self {
        Injected { lane_free: vec![0; p.lanes.max(1) as usize], p, next_lane: 0, done: DueQueue::default() }
    }

    fn settle(&mut self, now: u64, out: &mut Output) {
        self.done.drain_due(now, &mut out.completed);
        out.wake_at = self.done.next_time();
    }
}

impl Device for Injected {
    fn submit(&mut self, now: u64, req: Request, _rng: &mut Rng, out: &mut Output) {
        if req.op == Op::Flush {
            // `vdev_disk_io_start()` issues a flush before it reaches the delay handler,
            // and the injected leaf keeps nothing volatile: it completes at once.
            self.done.push(now, req.id);
        } else {
            // NOTE: the kernel takes lanes round robin (`zi_next_lane`), which is the lane
            // that frees first because every I/O takes the same time. The I/O completes
            // `zi_timer` after the later of now and when its lane is idle.
            let lane = self.next_lane;
            let target = self.lane_free[lane].max(now) + self.p.latency_ns;
            self.lane_free[lane] = target;
            self.next_lane = (lane + 1) % self.lane_free.len();
            self.done.push(target, req.id);
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

    const MS: u64 = 1_000_000;

    /// Submits `sizes` at time 0 and returns each I/O's completion time, by id.
    fn completions(lanes: u32, sizes: &[u64]) -> Vec<u64> {
        let mut dev = Injected::new(InjectedParams { capacity: 1 << 40, latency_ns: 10 * MS, lanes });
        let mut rng = Rng::new(1);
        let mut out = Output::default();
        for (id, &size) in sizes.iter().enumerate() {
            let req = Request { id: id as u32, op: Op::Write, offset: id as u64 * size, size };
            dev.submit(0, req, &mut rng, &mut out);
        }
        let mut done = vec![0; sizes.len()];
        while let Some(t) = out.wake_at {
            out = Output::default();
            dev.wake(t, &mut rng, &mut out);
            for &id in &out.completed {
                done[id as usize] = t;
            }
        }
        done
    }

    #[test]
    fn one_lane_serves_one_io_per_latency_whatever_its_size() {
        let sizes = [4 << 10, 128 << 10, 512, 1 << 20, 4 << 10];
        let done = completions(1, &sizes);
        let expected: Vec<u64> = (1..=sizes.len() as u64).map(|k| k * 10 * MS).collect();
        assert_eq!(done, expected);
    }

    #[test]
    fn four_lanes_serve_four_at_a_time() {
        let done = completions(4, &[128 << 10; 10]);
        let expected: Vec<u64> = (0..10).map(|i| (i / 4 + 1) * 10 * MS).collect();
        assert_eq!(done, expected);
    }

    #[test]
    fn an_idle_lane_starts_now_and_flushes_are_not_delayed() {
        let mut dev = Injected::new(InjectedParams { capacity: 1 << 40, latency_ns: 10 * MS, lanes: 1 });
        let mut rng = Rng::new(1);
        let mut out = Output::default();
        dev.submit(0, Request { id: 0, op: Op::Write, offset: 0, size: 4096 }, &mut rng, &mut out);
        out = Output::default();
        dev.submit(MS, Request { id: 1, op: Op::Flush, offset: 0, size: 0 }, &mut rng, &mut out);
        assert_eq!(out.completed, vec![1]);
        out = Output::default();
        dev.wake(10 * MS, &mut rng, &mut out);
        assert_eq!(out.completed, vec![0]);
        // The lane was idle for 20 ms: a read issued at 30 ms completes at 40 ms.
        out = Output::default();
        dev.submit(30 * MS, Request { id: 2, op: Op::Read, offset: 0, size: 4096 }, &mut rng, &mut out);
        assert_eq!(out.wake_at, Some(40 * MS));
    }
}
