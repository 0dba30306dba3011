//! A flash SSD: dies on parallel channels, page reads and page programs, and a write buffer
//! that coalesces writes into flash pages. A page is programmed once it is full or its
//! oldest write has waited `coalesce_ns`, so a deep queue fills pages at once and a lone
//! write waits for company: deeper queues raise throughput and can lower write latency
//! (the seed's point about SSDs).
//!
//! A drive with a write cache acknowledges a write once it is in DRAM while the cache has
//! room, and programs it later; with power-loss protection a cache flush then has nothing
//! to wait for. Garbage collection holds a die now and then before a program (the tail of
//! write and read latency that a preconditioned drive shows).

use super::{earliest, transfer_ns, Device, DueQueue, Op, Output, Request};
use crate::scenario::device::SsdParams;
use crate::sim::rng::Rng;

/// A write's share of the open page.
#[derive(Clone, Copy, Debug)]
struct Part {
    id: u32,
    /// True for the write's last part: it completes when this page is programmed, unless
    /// the cache acknowledged it.
    last: bool,
    acked: bool,
    bytes: u64,
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
    /// Acknowledged bytes in the write cache, and when programs will free them.
    cached: u64,
    freeing: std::collections::VecDeque<(u64, u64)>,
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
            cached: 0,
            freeing: Default::default(),
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

    fn write(&mut self, now: u64, req: Request, rng: &mut Rng) {
        while let Some(&(_, bytes)) = self.freeing.front().filter(|&&(t, _)| t <= now) {
            self.cached = self.cached.saturating_sub(bytes);
            self.freeing.pop_front();
        }
        let size = req.size.max(1);
        // With a write cache, a write is acknowledged once it is in DRAM: now if there is
        // room, else when programs have freed enough (a full cache paces writes to the
        // flash, it does not make them wait for their own program).
        let mut room_at = None;
        if size <= self.p.write_cache_bytes {
            // Bytes that programs must free first (writes acknowledged ahead count as cached).
            let mut owed = (self.cached + size).saturating_sub(self.p.write_cache_bytes);
            let mut at = now;
            for &(end, bytes) in &self.freeing {
                if owed == 0 {
                    break;
                }
                owed = owed.saturating_sub(bytes);
                at = at.max(end);
            }
            room_at = (owed == 0).then_some(at);
        }
        let acked = room_at.is_some();
        if let Some(at) = room_at {
            self.cached += size;
            self.complete_at(at + self.p.overhead_ns + transfer_ns(size, self.p.channel_rate), req.id);
        }
        let mut left = size;
        while left > 0 {
            if self.open.is_empty() {
                self.open_since = now;
            }
            let room = self.p.page_bytes.max(1) - self.open_bytes;
            let take = room.min(left);
            left -= take;
            self.open_bytes += take;
            let bytes = if acked { take } else { 0 };
            self.open.push(Part { id: req.id, last: left == 0, acked, bytes });
            if self.open_bytes >= self.p.page_bytes {
                self.program(now, rng);
            }
        }
    }

    /// Programs the open page on the die that frees first, after a garbage collection on
    /// that die now and then.
    fn program(&mut self, now: u64, rng: &mut Rng) {
        if self.open.is_empty() {
            return;
        }
        let (die, _) = self.die_free.iter().enumerate().min_by_key(|&(i, &t)| (t, i)).unwrap_or((0, &0));
        let mut start = (now + self.p.overhead_ns).max(self.die_free[die]);
        // The draw only when collections are modelled, so that other runs keep their stream.
        if self.p.stall_per_million > 0 && rng.below(1_000_000) < self.p.stall_per_million {
            start += self.p.stall_ns;
        }
        let end = start + self.p.program_ns;
        self.die_free[die] = end;
        self.programmed_until = self.programmed_until.max(end);
        let mut freed = 0;
        for part in std::mem::take(&mut self.open) {
            freed += part.bytes;
            if part.last && !part.acked {
                self.complete_at(end, part.id);
            }
        }
        if freed > 0 {
            self.freeing.push_back((end, freed));
        }
        self.open_bytes = 0;
    }

    fn settle(&mut self, now: u64, rng: &mut Rng, out: &mut Output) {
        if !self.open.is_empty() && now >= self.open_since + self.p.coalesce_ns {
            self.program(now, rng);
        }
        self.done.drain_due(now, &mut out.completed);
        let deadline = (!self.open.is_empty()).then_some(self.open_since + self.p.coalesce_ns);
        out.wake_at = earliest(self.done.next_time(), deadline);
    }
}

impl Device for Ssd {
    fn submit(&mut self, now: u64, req: Request, rng: &mut Rng, out: &mut Output) {
        match req.op {
            Op::Read => self.read(now, req),
            Op::Write => self.write(now, req, rng),
            // With power-loss protection the cache is as safe as flash.
            Op::Flush if self.p.power_loss_protection => self.complete_at(now + self.p.overhead_ns, req.id),
            Op::Flush => {
                self.program(now, rng);
                let t = self.programmed_until.max(now);
                self.complete_at(t, req.id);
            }
        }
        self.settle(now, rng, out);
    }

    fn wake(&mut self, now: u64, rng: &mut Rng, out: &mut Output) {
        self.settle(now, rng, out);
    }
}
