//! The prefetcher of releases before 0.7.0: the original `dmu_zfetch.c` (0.6.4, 0.6.5),
//! which 0.7.0 replaced ("zfs prefetch code needs work", illumos 5987). Its stream is a
//! window of the blocks read so far (`zst_offset`, `zst_len`, at most `zfetch_block_cap`
//! blocks) with a prefetch head (`zst_ph_offset`) and a cap (`zst_cap`) that doubles on
//! every hit up to `zfetch_block_cap`. The cap is in blocks, not bytes: with 1 MiB records
//! a stream reads up to 256 MiB ahead, where 0.7 to 2.1 stop at `zfetch_max_distance`
//! (8 MiB).
//!
//! Only the forward sequential case is modelled (the lab's sequential readers read one
//! block after another); strided and backward streams and `dmu_zfetch_colinear()` are not.

use std::ops::Range;

/// `zfetch_block_cap`: the most blocks a stream covers and fetches ahead (0.6.5's
/// default; not a tunable of the lab).
pub(super) const BLOCK_CAP: u64 = 256;

/// A `zstream_t` in the forward direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct OldStream {
    offset: u64,
    len: u64,
    stride: u64,
    ph_offset: u64,
    cap: u64,
}

impl OldStream {
    /// `dmu_zfetch()` found no stream for a one-block access to `blk`: a new one covers
    /// that block, with a cap of one.
    pub(super) fn new(blk: u64) -> Self {
        Self { offset: blk, len: 1, stride: 1, ph_offset: blk + 1, cap: 1 }
    }

    /// The block a forward sequential access must read to hit (`zst_offset + zst_len`).
    pub(super) fn next(&self) -> u64 {
        self.offset + self.len
    }

    /// Whether an access to the next block with `prefetched` (the block was cached or in
    /// flight: `dbuf_read()` passes `DB_RF_CACHED` or a dbuf not `DB_UNCACHED`) keeps the
    /// stream: `dmu_zfetch_find()` resets a stream longer than a block whose next block
    /// was not prefetched.
    pub(super) fn keeps(&self, prefetched: bool) -> bool {
        prefetched || self.len <= 1
    }

    /// `dmu_zfetch_find()`'s forward case and `dmu_zfetch_dofetch()` for an access to
    /// [`Self::next`]: the window grows by the block (sliding once it holds
    /// `zfetch_block_cap`), the cap doubles, and prefetches of a window's length each go
    /// from the prefetch head until it passes the window's end plus the cap. Returns the
    /// blocks to prefetch (the chunks are contiguous: the stride is the window's length).
    pub(super) fn hit(&mut self) -> Range<u64> {
        self.len += 1;
        if self.len > BLOCK_CAP {
            let diff = self.len - BLOCK_CAP;
            self.offset += diff;
            self.len -= diff;
        }
        self.stride = self.stride.max(self.len);
        self.cap = BLOCK_CAP.min(2 * self.cap);
        let start = self.ph_offset.max(self.offset + self.stride);
        let limit = self.offset + self.len + self.cap * self.stride / self.len;
        let mut tail = start;
        while tail < limit {
            tail += self.stride;
        }
        // The last chunk is a window's length from the one before it: it ends at `tail`.
        self.ph_offset = tail;
        start..tail
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Worked by hand from 0.6.5's `dmu_zfetch_find()` and `dmu_zfetch_dofetch()`: a reader
    /// of one block at a time from block 0.
    #[test]
    fn the_distance_doubles_with_the_cap_and_chunks_of_the_window() {
        let mut s = OldStream::new(0);
        // Access 1: len 2, cap 2, head max(1, 0 + 2) = 2, limit 0 + 2 + 2 = 4: blocks 2, 3.
        assert_eq!((s.next(), s.hit()), (1, 2..4));
        // Access 2: len 3, cap 4, head 4, limit 0 + 3 + 4 = 7: blocks 4 to 6.
        assert_eq!((s.next(), s.hit()), (2, 4..7));
        // Access 3: len 4, cap 8, head 7, limit 12: chunks of 4 at 7 and 11.
        assert_eq!((s.next(), s.hit()), (3, 7..15));
        // Access 4: len 5, cap 16, head 15, limit 21: chunks of 5 at 15 and 20.
        assert_eq!((s.next(), s.hit()), (4, 15..25));
    }

    #[test]
    fn a_long_stream_reads_a_window_to_two_windows_ahead() {
        let mut s = OldStream::new(0);
        for _ in 0..2000 {
            let at = s.next();
            let r = s.hit();
            assert!(r.end - at <= 2 * BLOCK_CAP + 1, "{at}: {r:?}");
            assert!(r.end > at + BLOCK_CAP || at < BLOCK_CAP, "{at}: {r:?}");
        }
        assert_eq!(s.len, BLOCK_CAP, "the window slides at the cap");
    }

    #[test]
    fn a_stream_longer_than_a_block_resets_when_its_block_was_not_prefetched() {
        let mut s = OldStream::new(7);
        assert!(s.keeps(false), "a one-block stream is kept");
        s.hit();
        assert!(!s.keeps(false));
        assert!(s.keeps(true));
    }
}
