//! A LUN on an array: one fixed-bandwidth path with a base latency and deep internal
//! concurrency, "a backend that sustains 100 MB/s" whatever is asked of it; a network
//! block device's rare stalls (a retransmission, a replica's hiccup) held as its tail.

use super::{transfer_ns, Device, DueQueue, Op, Output, Request};
use crate::scenario::device::LunParams;
use crate::sim::rng::Rng;

pub struct Lun {
    p: LunParams,
    /// When the path is free for the next transfer [ns].
    link_free: u64,
    /// Completions in flight.
    pending: DueQueue,
}

impl Lun {
    pub fn new(p: LunParams) -> Self {
        Lun { p, link_free: 0, pending: DueQueue::default() }
    }

    fn finish(&mut self, now: u64, out: &mut Output) {
        self.pending.drain_due(now, &mut out.completed);
        out.wake_at = self.pending.next_time();
    }
}

impl Device for Lun {
    fn submit(&mut self, now: u64, req: Request, rng: &mut Rng, out: &mut Output) {
        let bytes = if req.op == Op::Flush { 0 } else { req.size };
        let start = self.link_free.max(now);
        self.link_free = start + transfer_ns(bytes, self.p.bandwidth);
        // A request now and then is held up (the draw only when stalls are modelled, so
        // that other runs keep their stream); it does not hold the path.
        let stalled = self.p.stall_per_million > 0 && rng.below(1_000_000) < self.p.stall_per_million;
        let stall = if stalled { self.p.stall_ns } else { 0 };
        self.pending.push(self.link_free + self.p.base_latency_ns + stall, req.id);
        self.finish(now, out);
    }

    fn wake(&mut self, now: u64, _rng: &mut Rng, out: &mut Output) {
        self.finish(now, out);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sustains_its_bandwidth_under_any_concurrency() {
        let mut lun = Lun::new(LunParams::array_100mbs());
        let mut rng = Rng::new(1);
        let mut out = Output::default();
        for id in 0..100 {
            let req = Request { id, op: Op::Write, offset: 0, size: 1_000_000 };
            lun.submit(0, req, &mut rng, &mut out);
        }
        // 100 MB at 100 MB/s: the last completes after 1 s plus the base latency.
        let mut last = 0;
        while let Some(t) = out.wake_at {
            out = Output::default();
            lun.wake(t, &mut rng, &mut out);
            last = t;
        }
        assert_eq!(last, 1_000_000_000 + 500_000);
    }
}
