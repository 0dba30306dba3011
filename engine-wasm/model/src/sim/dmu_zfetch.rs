//! The DMU prefetcher (`dmu_zfetch.c`) for sequential readers: each reader thread has one
//! stream; an access to the block after the stream's last is a hit, and the prefetcher
//! reads ahead of it in the async-read class (`ZIO_PRIORITY_ASYNC_READ`), where it
//! competes with the txg's writes for the vdev queues. A demand read finds its block
//! cached, in flight (it waits, and the stream may reach further), or not asked for (a
//! sync read).
//!
//! The distance ahead, by release (`dmu_zfetch_prepare()`): from 2.2 it starts at the
//! access's size, doubles on each hit up to `zfetch_min_distance` (4 MiB), then grows by
//! an eighth on a hit that found its block still in flight, up to `zfetch_max_distance`
//! (64 MiB); from 0.7 to 2.1 it doubles on each hit up to `zfetch_max_distance` (8 MiB).
//! Before 0.7 the original prefetcher reads up to `zfetch_block_cap` blocks ahead
//! (`dmu_zfetch_0_6.rs`).
//!
//! Simplified: one stream per thread (no stream reaping or reordering window), no
//! indirect-block prefetch, and the ARC keeps every prefetched block until it is read.

use super::client_waits::WaitCause;
use super::dmu_zfetch_0_6::OldStream;
use super::vdev_queue::Class;
use super::zio::Parent;
use super::{Ev, Sim};
use crate::scenario::{Prefetch, Workload};
use std::collections::BTreeMap;
use std::ops::Range;

/// A prefetch stream (`zstream_t`).
#[derive(Clone, Copy, Debug)]
struct Stream {
    /// The block an access must read to hit (`zs_blkid`).
    next: u64,
    /// Prefetches are issued up to here (`zs_pf_end`).
    pf_end: u64,
    /// Bytes to prefetch ahead (`zs_pf_dist`).
    pf_dist: u64,
    /// A demand access found its block still in flight (`zs_more`).
    more: bool,
}

/// A block the prefetcher asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Fetched {
    /// Being read; `true` once a demand read waits for it.
    InFlight(bool),
    Cached,
}

#[derive(Default)]
pub(super) struct Zfetch {
    streams: BTreeMap<u32, Stream>,
    /// The streams of releases before 0.7.
    old_streams: BTreeMap<u32, OldStream>,
    blocks: BTreeMap<(u32, u64), Fetched>,
    /// Demand reads served from the prefetched blocks, and all demand reads.
    pub(super) hits: u64,
    pub(super) reads: u64,
}

impl Sim {
    /// Sequential reader `c` reads its next block of `block` bytes.
    pub(super) fn sequential_read(&mut self, c: u32, block: u64) {
        let w = self.clients[c as usize].workload;
        let Workload::SequentialRead { region, threads, .. } = self.scenario.workloads[w] else { return };
        let slice = (region / u64::from(threads.max(1))).max(block);
        let cl = &mut self.clients[c as usize];
        if cl.cursor + block > cl.file_start + slice {
            cl.cursor = cl.file_start; // The end of its part: it starts over.
        }
        let blk = cl.cursor / block;
        cl.cursor += block;
        self.zfetch_access(c, blk, block);
        self.zfetch.reads += 1;
        match self.zfetch.blocks.get(&(c, blk)).copied() {
            Some(Fetched::Cached) => {
                self.zfetch.blocks.remove(&(c, blk));
                self.zfetch.hits += 1;
                // Copied out of the ARC at 4 GB/s.
                self.events.push(self.now + block / 4, Ev::ReadHit(c));
            }
            Some(Fetched::InFlight(_)) => {
                self.zfetch.blocks.insert((c, blk), Fetched::InFlight(true));
                if let Some(s) = self.zfetch.streams.get_mut(&c) {
                    s.more = true;
                }
            }
            None => {
                let (top, offset) = self.zfetch_place(blk, block);
                self.read_top(top, offset, block, Class::SyncRead, Parent::Client(c));
                self.scan_note_client_io();
            }
        }
        self.client_waits(c, WaitCause::ReadIo);
    }

    /// Where block `blk` of the readers' files lies: blocks in turn over the normal
    /// class's top-level vdevs, an allocation apart, on RAID-Z within metaslabs
    /// (`metaslab_place.rs`).
    fn zfetch_place(&self, blk: u64, block: u64) -> (usize, u64) {
        let tops = self.data_tops.max(1) as u64;
        let top = (blk % tops) as usize;
        let t = &self.tops[top];
        (top, t.file_block(blk / tops, t.capacity / 10 * 9, t.asize(block)))
    }

    /// The block reader `c`'s stream must read next to hit, if it has a stream.
    fn zfetch_next(&self, c: u32) -> Option<u64> {
        if self.scenario.models.release.prefetch() == Prefetch::BlockCap {
            self.zfetch.old_streams.get(&c).map(OldStream::next)
        } else {
            self.zfetch.streams.get(&c).map(|s| s.next)
        }
    }

    /// A miss: reader `c`'s stream starts over at `blk`; what was fetched for the old one
    /// is dropped, except blocks a demand read waits for.
    fn zfetch_drop_fetched(&mut self, c: u32) {
        self.zfetch.blocks.retain(|&(owner, _), f| owner != c || matches!(f, Fetched::InFlight(true)));
    }

    /// `dmu_zfetch()` of releases before 0.7 for an access to `blk`.
    fn zfetch_access_0_6(&mut self, c: u32, blk: u64, block: u64) {
        let prefetched = self.zfetch.blocks.contains_key(&(c, blk));
        let Some(s) = self.zfetch.old_streams.get_mut(&c).filter(|s| s.next() == blk && s.keeps(prefetched)) else {
            self.zfetch.old_streams.insert(c, OldStream::new(blk));
            self.zfetch_drop_fetched(c);
            return;
        };
        let blocks = s.hit();
        self.prefetch(c, blocks, block);
    }

    /// `dmu_zfetch_prepare()` and `dmu_zfetch_run()` for an access to `blk`.
    fn zfetch_access(&mut self, c: u32, blk: u64, block: u64) {
        let (min_dist, max_dist, grows_by_eighths) = match self.scenario.models.release.prefetch() {
            Prefetch::BlockCap => {
                self.zfetch_access_0_6(c, blk, block);
                return;
            }
            Prefetch::Doubling { max } => (0, max, false),
            Prefetch::MinThenEighths { min, max } => (min, max, true),
        };
        let Some(s) = self.zfetch.streams.get_mut(&c).filter(|s| s.next == blk) else {
            // A miss: a new stream starts after this block; what was fetched for the old
            // one is dropped.
            self.zfetch.streams.insert(c, Stream { next: blk + 1, pf_end: blk + 1, pf_dist: 0, more: false });
            self.zfetch_drop_fetched(c);
            return;
        };
        if s.pf_dist < block {
            s.pf_dist = block;
        } else if !grows_by_eighths || s.pf_dist < min_dist {
            s.pf_dist *= 2;
        } else if s.more {
            s.pf_dist += s.pf_dist / 8;
        }
        s.more = false;
        s.pf_dist = s.pf_dist.min(max_dist);
        s.next = blk + 1;
        let start = s.pf_end.max(blk + 1);
        let end = blk + 1 + s.pf_dist / block.max(1);
        s.pf_end = s.pf_end.max(end);
        self.prefetch(c, start..end, block);
    }

    /// `dbuf_prefetch()` of each of `blocks` not already asked for, in the async-read class.
    fn prefetch(&mut self, c: u32, blocks: Range<u64>, block: u64) {
        for b in blocks {
            if self.zfetch.blocks.contains_key(&(c, b)) {
                continue;
            }
            self.zfetch.blocks.insert((c, b), Fetched::InFlight(false));
            let (top, offset) = self.zfetch_place(b, block);
            self.read_top(top, offset, block, Class::AsyncRead, Parent::Prefetch { c, blk: b });
        }
    }

    /// A prefetch read is done: the block is cached, or handed to the reader waiting for it.
    pub(super) fn prefetch_done(&mut self, c: u32, blk: u64) {
        match self.zfetch.blocks.get(&(c, blk)) {
            Some(Fetched::InFlight(true)) => {
                self.zfetch.blocks.remove(&(c, blk));
                self.client_read_done(c);
            }
            Some(Fetched::InFlight(false)) => {
                // Kept only while its stream has not passed it.
                if self.zfetch_next(c).is_some_and(|next| next <= blk) {
                    self.zfetch.blocks.insert((c, blk), Fetched::Cached);
                } else {
                    self.zfetch.blocks.remove(&(c, blk));
                }
            }
            _ => {}
        }
    }
}
