//! Drive-managed SMR: writes land in a persistent media cache (a CMR region) and are
//! merged into their shingled bands later, a band being rewritten whole after reading what
//! of it the cache does not hold. The
//! drive merges in the background while it is idle, oldest band first; when the cache is
//! full a write waits for merges to make room. A band the cache holds whole (a sequential
//! stream) costs one band write, so a stream past the cache runs at half speed; a band
//! taking one small write costs a band read and a band write: random writes past the
//! cache collapse, as users of such drives in ZFS pools (resilvers of days) found.

use super::transfer_ns;
use crate::scenario::device::HddParams;
use std::collections::{BTreeMap, VecDeque};

pub struct MediaCache {
    capacity: u64,
    band: u64,
    media_rate: u64,
    used: u64,
    /// Cached bytes of each band, and the bands in the order they were first cached.
    bands: BTreeMap<u64, u64>,
    order: VecDeque<u64>,
    /// Idle time not yet spent on a whole merge [ns].
    idle_credit: u64,
}

impl MediaCache {
    /// The media cache of a drive-managed SMR disk; `None` for a CMR disk.
    pub fn of(p: &HddParams) -> Option<MediaCache> {
        (p.smr_cache_bytes > 0).then(|| MediaCache {
            capacity: p.smr_cache_bytes,
            band: p.smr_band_bytes.max(1),
            media_rate: p.media_rate,
            used: 0,
            bands: BTreeMap::new(),
            order: VecDeque::new(),
            idle_credit: 0,
        })
    }

    /// Merging a band of which the cache holds `cached` bytes: reading the rest of it and
    /// writing it whole [ns].
    fn merge_ns(&self, cached: u64) -> u64 {
        transfer_ns(self.band - cached.min(self.band), self.media_rate) + transfer_ns(self.band, self.media_rate)
    }

    /// What merging the oldest cached band would cost [ns].
    fn next_merge_ns(&self) -> Option<u64> {
        self.order.front().map(|b| self.merge_ns(self.bands.get(b).copied().unwrap_or(0)))
    }

    /// Merges the oldest cached band; its cost [ns].
    fn merge_oldest(&mut self) -> u64 {
        let Some(band) = self.order.pop_front() else { return 0 };
        let cached = self.bands.remove(&band).unwrap_or(0);
        self.used -= cached;
        self.merge_ns(cached)
    }

    /// The head was idle `ns`: the drive merges bands while a whole merge fits.
    pub fn idle(&mut self, ns: u64) {
        self.idle_credit = self.idle_credit.saturating_add(ns);
        while let Some(cost) = self.next_merge_ns().filter(|&c| c <= self.idle_credit) {
            self.idle_credit -= cost;
            self.merge_oldest();
        }
        if self.order.is_empty() {
            self.idle_credit = 0;
        }
    }

    /// A write of `size` bytes at `offset` goes to the media cache; the time it first waits
    /// for merges that make room [ns].
    pub fn write(&mut self, offset: u64, size: u64) -> u64 {
        self.idle_credit = 0;
        let mut wait = 0;
        while self.used + size > self.capacity && !self.order.is_empty() {
            wait += self.merge_oldest();
        }
        let band = offset / self.band;
        let cached = self.bands.entry(band).or_insert(0);
        if *cached == 0 {
            self.order.push_back(band);
        }
        *cached += size;
        self.used += size;
        wait
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn drive() -> MediaCache {
        let p = HddParams { smr_cache_bytes: 64 << 20, smr_band_bytes: 16 << 20, ..HddParams::enterprise_7200() };
        MediaCache::of(&p).expect("SMR")
    }

    #[test]
    fn a_full_cache_makes_writes_wait_for_merges_sequential_ones_far_less() {
        let mut seq = drive();
        let mut random = drive();
        let band = transfer_ns(16 << 20, seq.media_rate);
        let (mut seq_wait, mut random_wait) = (0, 0);
        // 256 MiB of 1 MiB writes: sequential, or each to a band of its own.
        for i in 0..256u64 {
            seq_wait += seq.write(i << 20, 1 << 20);
            random_wait += random.write(i * (16 << 20), 1 << 20);
        }
        // Past the 64 MiB cache: one band write per 16 sequential writes; a band read (less
        // the cached megabyte) and write for every random one.
        assert_eq!(seq_wait, 12 * band);
        let merge = transfer_ns(15 << 20, random.media_rate) + band;
        assert_eq!(random_wait, (256 - 64) * merge);
        // Idle time empties the cache a whole merge at a time.
        random.idle(10 * merge + merge / 2);
        assert_eq!(random.used, 54 << 20);
        assert_eq!(random.write(0, 1 << 20), 0);
    }

    #[test]
    fn a_cmr_drive_has_none() {
        assert!(MediaCache::of(&HddParams::enterprise_7200()).is_none());
    }
}
