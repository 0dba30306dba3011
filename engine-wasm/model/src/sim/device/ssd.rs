//! A flash SSD: dies on parallel channels, page reads and page programs, and a write buffer
//! that coalesces writes into flash pages. A page is programmed once it is full or its
//! oldest write has waited `coalesce_ns`, so a deep queue fills pages at once and a lone
//! write waits for company: deeper queues raise throughput and can lower write latency
//! (the seed's point about SSDs).

use super::{earliest, transfer_ns, Device, DueQueue, Op, Output, Request};
use crate::scenario::device::SsdParams;
use crate::sim::rng::Rng;

/// A write's share of the open page.
#[derive(Clone, Copy, Debug)]
struct Part {
    id: u32,
    /// True for the write's last part: it completes when this page is programmed.
    last: bool,
}

pub struct Ssd {
    p: SsdParams,
    die_free: Vec<u64>,
    channel_free: Vec<u64>,
    open: Vec<Part>,
    open_bytes: u64,
    open_since: u64,
    /// When everything programmed so far is on flash [ns].
    programmed_until: u64,
    done: DueQueue,
}

impl Ssd {
    pub fn new(p: SsdParams) -> Self {
        let dies = (p.channels.max(1) * p.dies_per_channel.max(1)) as usize;
        Ssd {
            die_free: vec![0; dies],
            channel_free: vec![0; p.channels.max(1) as usize],
            p,
            open: Vec::new(),
            open_bytes: 0,
            open_since: 0,
            programmed_until: 0,
            done: DueQueue::default(),
        }
    }

    fn complete_at(&mut self, t: u64, id: u32) {
        self.done.push(t, id);
    }

    /// The die holding `offset`'s page: pages are striped over dies, channel first.
    fn die_of(&self, offset: u64) -> usize {
        let page = offset / self.p.page_bytes.max(1);
        (page.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 32) as usize % self.die_free.len()
    }

    fn read(&mut self, now: u64, req: Request) {
        let pages = req.size.div_ceil(self.p.page_bytes.max(1)).max(1);
        let mut end = now;
        for k in 0..pages {
            let die = self.die_of(req.offset + k * self.p.page_bytes);
            let channel = die % self.channel_free.len();
            let start = (now + self.p.overhead_ns).max(self.die_free[die]);
            self.die_free[die] = start + self.p.read_ns;
            let bytes = self.p.page_bytes.min(req.size - (k * self.p.page_bytes).min(req.size)).max(1);
            let t = self.die_free[die].max(self.channel_free[channel]) + transfer_ns(bytes, self.p.channel_rate);
            self.channel_free[channel] = t;
            end = end.max(t);
        }
        self.complete_at(end, req.id);
    }

    fn write(&mut self, now: u64, req: Request) {
        let mut left = req.size.max(1);
        while left > 0 {
            if self.open.is_empty() {
                self.open_since = now;
            }
            let room = self.p.page_bytes.max(1) - self.open_bytes;
            let take = room.min(left);
            left -= take;
            self.open_bytes += take;
            self.open.push(Part { id: req.id, last: left == 0 });
            if self.open_bytes >= self.p.page_bytes {
                self.program(now);
            }
        }
    }

    /// Programs the open page on the die that frees first.
    fn program(&mut self, now: u64) {
        if self.open.is_empty() {
            return;
        }
        let (die, _) = self.die_free.iter().enumerate().min_by_key(|&(i, &t)| (t, i)).unwrap_or((0, &0));
        let start = (now + self.p.overhead_ns).max(self.die_free[die]);
        let end = start + self.p.program_ns;
        self.die_free[die] = end;
        self.programmed_until = self.programmed_until.max(end);
        for part in std::mem::take(&mut self.open) {
            if part.last {
                self.complete_at(end, part.id);
            }
        }
        self.open_bytes = 0;
    }

    fn settle(&mut self, now: u64, out: &mut Output) {
        if !self.open.is_empty() && now >= self.open_since + self.p.coalesce_ns {
            self.program(now);
        }
        self.done.drain_due(now, &mut out.completed);
        let deadline = (!self.open.is_empty()).then_some(self.open_since + self.p.coalesce_ns);
        out.wake_at = earliest(self.done.next_time(), deadline);
    }
}

impl Device for Ssd {
    fn submit(&mut self, now: u64, req: Request, _rng: &mut Rng, out: &mut Output) {
        match req.op {
            Op::Read => self.read(now, req),
            Op::Write => self.write(now, req),
            Op::Flush => {
                self.program(now);
                let t = self.programmed_until.max(now);
                self.complete_at(t, req.id);
            }
        }
        self.settle(now, out);
    }

    fn wake(&mut self, now: u64, _rng: &mut Rng, out: &mut Output) {
        self.settle(now, out);
    }
}
