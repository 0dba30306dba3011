//! What `zpool iostat -v` counts per vdev: operations and bytes read and written
//! (`vdev_stat_update()` and `vdev_get_stats()` in `vdev.c`).
//!
//! A leaf counts each I/O it completes as issued: an aggregate once, with its size, and
//! not the queued I/Os it carried (`vdev_queue_aggregate()` marks them
//! `ZIO_FLAG_IO_BYPASS`, which `vdev_stat_update()` skips). Above the leaves the releases
//! differ:
//!
//! - **0.7 on**: only leaves count ("the bytes/ops/histograms are recorded at the leaf
//!   level", `vdev_stat_update()`); every other vdev, the pool included, shows the sum of
//!   its children (`vdev_get_stats_ex_impl()`, `vdev_get_child_stat()`). A mirror's row is
//!   its sides' writes added, RAID-Z's includes parity and padding.
//! - **Until 0.6.5, and illumos of the legacy models' years**: every vdev counts its own
//!   zios, so a mirror or RAID-Z vdev counts each block read or written once, with its
//!   physical size and before aggregation; the pool's row is the sum of its top-level
//!   vdevs, log and special ones included (`vdev_get_stats()`: `if (vd == rvd)`). A
//!   single-disk top-level vdev is its own leaf. A resilver's repair write is a child zio
//!   of the mirror or RAID-Z zio, counted by the leaf alone.
//!
//! The kernel counts at `zio_done()`. Leaves are counted here as their I/O completes; a
//! mirror's or RAID-Z's own write as its last child completes, its own read as it is issued
//! (a read's parent does not know its vdev), which differs only by the reads in flight at
//! the ends of the measured window.

use super::vdev_queue::Kind;
use super::Sim;

/// Operations and bytes, read and written, counted since the run began.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub ops: [u64; 2],
    pub bytes: [u64; 2],
}

impl Counts {
    fn add(&mut self, kind: Kind, bytes: u64) {
        let k = kind as usize;
        self.ops[k] += 1;
        self.bytes[k] += bytes;
    }

    /// These counts less `before`'s.
    pub fn since(&self, before: &Counts) -> Counts {
        Counts {
            ops: [self.ops[0] - before.ops[0], self.ops[1] - before.ops[1]],
            bytes: [self.bytes[0] - before.bytes[0], self.bytes[1] - before.bytes[1]],
        }
    }

    fn plus(mut self, other: &Counts) -> Counts {
        for k in 0..2 {
            self.ops[k] += other.ops[k];
            self.bytes[k] += other.bytes[k];
        }
        self
    }
}

/// The counts of every leaf, and of each top-level vdev's own zios, kept from the start
/// with a copy taken where the summaries start.
#[derive(Clone, Debug, Default)]
pub struct VdevStats {
    /// Whether mirrors and RAID-Z count their own zios (until 0.6.5 and the legacy years).
    pub own_counts: bool,
    pub leaves: Vec<Counts>,
    /// Each top-level vdev's own zios (only counted when `own_counts`).
    pub tops: Vec<Counts>,
    pub leaves_before: Vec<Counts>,
    pub tops_before: Vec<Counts>,
    /// Per leaf: whether it is a child of a mirror, RAID-Z or dRAID (else a disk that is
    /// its own top-level vdev).
    in_interior: Vec<bool>,
    /// Bytes written this report interval as the pool's row counts them.
    pub(super) interval_pool_written: u64,
}

/// One vdev's counts over the measured window: a top-level vdev and its leaves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TopCounts {
    /// The index of its first leaf in the pool (leaves are numbered in pool order).
    pub first_leaf: usize,
    /// A mirror, RAID-Z or dRAID (with leaves of its own), not a disk that is its own leaf.
    pub interior: bool,
    pub top: Counts,
    pub leaves: Vec<Counts>,
}

impl VdevStats {
    /// `in_interior` per leaf: whether it is a child of a mirror, RAID-Z or dRAID.
    pub fn new(own_counts: bool, in_interior: Vec<bool>, tops: usize) -> Self {
        let leaves = in_interior.len();
        VdevStats {
            own_counts,
            leaves: vec![Counts::default(); leaves],
            tops: vec![Counts::default(); tops],
            leaves_before: vec![Counts::default(); leaves],
            tops_before: vec![Counts::default(); tops],
            in_interior,
            interval_pool_written: 0,
        }
    }

    /// A leaf completed an issued I/O (an aggregate counts once).
    pub(super) fn leaf(&mut self, leaf: usize, kind: Kind, bytes: u64) {
        if let Some(c) = self.leaves.get_mut(leaf) {
            c.add(kind, bytes);
        }
        // The pool row's own series is kept only where it is not the leaves' sum; there a
        // disk that is its own top-level vdev counts in it, a mirror's or RAID-Z's leaf not.
        if self.own_counts && kind == Kind::Write && !self.in_interior.get(leaf).copied().unwrap_or(false) {
            self.interval_pool_written += bytes;
        }
    }

    /// A mirror's or RAID-Z's own zio (a block read or written), where the release counts it.
    pub(super) fn top(&mut self, top: usize, kind: Kind, bytes: u64) {
        if !self.own_counts {
            return;
        }
        if let Some(c) = self.tops.get_mut(top) {
            c.add(kind, bytes);
        }
        if kind == Kind::Write {
            self.interval_pool_written += bytes;
        }
    }

    /// The summaries start afresh here.
    pub(super) fn restart(&mut self) {
        self.leaves_before.clone_from(&self.leaves);
        self.tops_before.clone_from(&self.tops);
    }

    /// Each top-level vdev's row and its leaves' over the measured window, `members`
    /// giving each top-level vdev's leaves; `interior` tells a mirror, RAID-Z or dRAID
    /// (whose row the release counts its own way) from a single disk (its own leaf).
    pub fn window(&self, members: &[(&[usize], bool)]) -> Vec<TopCounts> {
        let leaf = |i: usize| match (self.leaves.get(i), self.leaves_before.get(i)) {
            (Some(now), Some(before)) => now.since(before),
            _ => Counts::default(),
        };
        members
            .iter()
            .enumerate()
            .map(|(t, &(members, interior))| {
                let leaves: Vec<Counts> = members.iter().map(|&i| leaf(i)).collect();
                let top = match (self.own_counts && interior, self.tops.get(t), self.tops_before.get(t)) {
                    (true, Some(now), Some(before)) => now.since(before),
                    _ => leaves.iter().fold(Counts::default(), |sum, c| sum.plus(c)),
                };
                TopCounts { first_leaf: members.first().copied().unwrap_or(0), interior, top, leaves }
            })
            .collect()
    }
}

impl Sim {
    /// Each top-level vdev's counts and its leaves' over the measured window, in the
    /// pool's order: the normal class, then the log class, then the special class.
    pub fn vdev_counts(&self) -> Vec<TopCounts> {
        let members: Vec<(&[usize], bool)> = self.tops.iter().map(|t| (t.leaves.as_slice(), t.interior())).collect();
        self.rec.vdevs.window(&members)
    }

    /// Whether mirrors and RAID-Z count their own zios (until 0.6.5, and illumos).
    pub fn vdev_own_counts(&self) -> bool {
        self.rec.vdevs.own_counts
    }
}

/// The pool's row: the sum of its top-level vdevs' (`vdev_get_stats()` on the root).
pub fn pool_row(tops: &[TopCounts]) -> Counts {
    tops.iter().fold(Counts::default(), |sum, t| sum.plus(&t.top))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn from_0_7_a_mirror_is_its_sides_added() {
        let mut s = VdevStats::new(false, vec![true, true], 1);
        s.top(0, Kind::Write, 128 << 10); // not counted: only leaves count
        s.leaf(0, Kind::Write, 1 << 20);
        s.leaf(1, Kind::Write, 1 << 20);
        let w = s.window(&[(&[0, 1], true)]);
        assert_eq!(w[0].top.ops, [0, 2]);
        assert_eq!(w[0].top.bytes, [0, 2 << 20]);
        assert_eq!(pool_row(&w).bytes[1], 2 << 20);
    }

    #[test]
    fn until_0_6_5_a_mirror_counts_its_own_blocks() {
        let mut s = VdevStats::new(true, vec![true, true, false], 2);
        for _ in 0..8 {
            s.top(0, Kind::Write, 128 << 10);
        }
        // The sides wrote the 8 blocks as one aggregate each.
        s.leaf(0, Kind::Write, 1 << 20);
        s.leaf(1, Kind::Write, 1 << 20);
        // A single-disk log vdev is its own leaf.
        s.leaf(2, Kind::Write, 64 << 10);
        assert_eq!(s.interval_pool_written, (1 << 20) + (64 << 10));
        let w = s.window(&[(&[0, 1], true), (&[2], false)]);
        assert_eq!(w[0].top.ops, [0, 8]);
        assert_eq!(w[0].leaves[0].ops, [0, 1]);
        assert_eq!(w[1].top.bytes, [0, 64 << 10]);
        let pool = pool_row(&w);
        assert_eq!(pool.ops, [0, 9]);
        assert_eq!(pool.bytes, [0, (1 << 20) + (64 << 10)]);
    }

    #[test]
    fn the_window_starts_where_the_summaries_do() {
        let mut s = VdevStats::new(false, vec![false], 1);
        s.leaf(0, Kind::Read, 4096);
        s.restart();
        s.leaf(0, Kind::Read, 8192);
        let w = s.window(&[(&[0], false)]);
        assert_eq!(w[0].top, Counts { ops: [1, 0], bytes: [8192, 0] });
        assert_eq!((w[0].first_leaf, w[0].interior), (0, false));
    }
}
