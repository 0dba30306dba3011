//! Where the blocks that reads find already on disk lie. The model keeps no block pointers,
//! so a read of an existing block (a random reader's, a partial write's read-modify-write,
//! a prefetch stream's, a scan's) is given an offset here; the write allocator's own
//! cursor (`metaslab_alloc.rs`) is not.
//!
//! On a single disk, a mirror or dRAID blocks lie an allocation apart from the start of
//! the vdev, as before. On RAID-Z the offset also picks the children that hold the data
//! (`vdev_raidz_map_alloc()`: the first column is `(offset >> ashift) % children`), so
//! it follows what the allocator leaves there. Every RAID-Z allocation is a multiple of
//! `nparity + 1` sectors (`vdev_raidz_asize()`, zfs-0.6.4 to zfs-2.4.0), carved from a
//! metaslab that starts at `id << vdev_ms_shift` (`metaslab_init()`), the shift set by
//! `vdev_metaslab_set_size()` (`vdev::ms_shift()`). So a block starts a multiple of
//! `nparity + 1` sectors into its metaslab and does not straddle two; with the
//! metaslabs' starts and the positions inside them, its first column takes every value
//! over a working set of several metaslabs. Had blocks lain an allocation apart from the
//! start of the vdev, a 6-wide RAID-Z2's 8 KiB blocks (6 sectors) would all have started
//! on column 0 and been read from children 2 and 3 alone.
//!
//! Simplified: blocks are not kept from overlapping (a random read's block is one place of
//! many, not one of a list), and the metaslab starts are those of an unexpanded vdev.

use super::vdev::Top;
use super::vdev_raidz::SECTOR_SHIFT;

/// A fixed mix of a block's number (SplitMix64's finalizer), for placing a file's blocks
/// that were rewritten at random and so lie where the allocator happened to be.
fn mix(n: u64) -> u64 {
    let mut z = n.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Top {
    /// A RAID-Z vdev's metaslab size and allocation unit (`nparity + 1` sectors), when a
    /// block of `asize` bytes fits a metaslab; `None` where blocks lie an allocation apart
    /// from the start (a disk, a mirror, dRAID).
    fn raidz_layout(&self, asize: u64) -> Option<(u64, u64)> {
        let ms = 1u64.checked_shl(self.ms_shift)?;
        let raidz = self.parity > 0 && self.draid.is_none() && asize > 0 && asize <= ms;
        raidz.then(|| (ms, u64::from(self.parity + 1) << SECTOR_SHIFT))
    }

    /// How many places a block of `asize` bytes can start at in the first `span` bytes, at
    /// least 1: every allocation apart, or on RAID-Z every allocation unit of every
    /// metaslab where the block fits before the metaslab's end.
    pub(super) fn block_places(&self, span: u64, asize: u64) -> u64 {
        let Some((ms, unit)) = self.raidz_layout(asize) else { return (span / asize.max(1)).max(1) };
        let in_ms = |bytes: u64| if bytes >= asize { (bytes - asize) / unit + 1 } else { 0 };
        ((span / ms) * in_ms(ms) + in_ms(span % ms)).max(1)
    }

    /// The offset of place `n` of [`Top::block_places`].
    pub(super) fn block_place(&self, n: u64, asize: u64) -> u64 {
        let Some((ms, unit)) = self.raidz_layout(asize) else { return n * asize };
        let per_ms = (ms - asize) / unit + 1;
        (n / per_ms) * ms + (n % per_ms) * unit
    }

    /// Where block `n` of a file written at random over the first `span` bytes lies: a
    /// fixed place of [`Top::block_places`] for each block on RAID-Z; on other vdevs, as
    /// before, the file's blocks an allocation apart in order, wrapping at `span`.
    pub(super) fn rewritten_block(&self, n: u64, span: u64, asize: u64) -> u64 {
        if self.raidz_layout(asize).is_none() {
            return self.file_block(n, span, asize);
        }
        self.block_place(mix(n) % self.block_places(span, asize), asize)
    }

    /// Where block `n` of a file written in order over the first `span` bytes lies,
    /// wrapping at `span`: one after another an allocation apart, on RAID-Z going on at the
    /// next metaslab's start where the next block would pass a metaslab's end.
    pub(super) fn file_block(&self, n: u64, span: u64, asize: u64) -> u64 {
        let asize = asize.max(1);
        let i = n % self.file_blocks(span, asize).max(1);
        let Some((ms, _)) = self.raidz_layout(asize) else { return i * asize };
        let per_ms = ms / asize;
        (i / per_ms) * ms + (i % per_ms) * asize
    }

    /// How many blocks of `asize` bytes [`Top::file_block`] lays in the first `span` bytes.
    pub(super) fn file_blocks(&self, span: u64, asize: u64) -> u64 {
        let asize = asize.max(1);
        let Some((ms, _)) = self.raidz_layout(asize) else { return span / asize };
        (span / ms) * (ms / asize) + (span % ms) / asize
    }

    /// The offset of the block after the one of `asize` bytes at `offset`, in a walk of
    /// blocks laid as [`Top::file_block`] lays them.
    pub(super) fn next_block(&self, offset: u64, asize: u64) -> u64 {
        let next = offset + asize;
        match self.raidz_layout(asize) {
            Some((ms, _)) if next % ms + asize > ms => next.next_multiple_of(ms),
            _ => next,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Release;
    use crate::sim::vdev::ms_shift;
    use crate::sim::vdev_raidz;

    const K: u64 = 1 << SECTOR_SHIFT;
    const GIB: u64 = 1 << 30;
    const TB: u64 = 1_000_000_000_000;

    fn top(children: u32, parity: u32, ms_shift: u32) -> Top {
        Top {
            leaves: (0..children as usize).collect(),
            parity,
            draid: None,
            data_disks: u64::from(children - parity),
            capacity: 4 * TB * u64::from(children),
            leaf_capacity: 4 * TB,
            aliquot: 0,
            data_cursor: 0,
            zil_cursor: 0,
            ms_shift,
            ditto_used: [0; 2],
            resilvering: None,
        }
    }

    #[test]
    fn metaslab_sizes_follow_vdev_metaslab_set_size() {
        // 6 x 4 TB: 24 TB / 200 is 120 GB, past 16 GiB: 2^34, 1397 metaslabs.
        assert_eq!(ms_shift(24 * TB, Release::V2_2), 34);
        // 50 GiB: 100 metaslabs of 512 MiB.
        assert_eq!(ms_shift(50 * GIB, Release::V2_2), 29);
        // 3 GiB: 12 of 256 MiB (at least 16 asked for, `highbit64()` of a sixteenth).
        assert_eq!(ms_shift(3 * GIB, Release::V0_8), 28);
        // Before 0.8, about 200 whatever the size: 24 TB / 200 is 2^36.8.
        assert_eq!(ms_shift(24 * TB, Release::V0_7), 37);
        assert_eq!(ms_shift(GIB, Release::V0_6_4), 23);
        assert_eq!(ms_shift(GIB, Release::V0_6_5), 24);
    }

    #[test]
    fn disks_and_mirrors_keep_blocks_an_allocation_apart() {
        let t = top(2, 0, 34);
        assert_eq!(t.block_places(100 * K, 3 * K), 33);
        assert_eq!(t.block_place(7, 3 * K), 21 * K);
        assert_eq!(t.file_block(40, 100 * K, 3 * K), 7 * 3 * K);
        assert_eq!(t.rewritten_block(40, 100 * K, 3 * K), 7 * 3 * K);
        assert_eq!(t.next_block(21 * K, 3 * K), 24 * K);
    }

    #[test]
    fn raidz_blocks_start_an_allocation_unit_apart_inside_their_metaslabs() {
        // 6-wide RAID-Z2, 256 KiB metaslabs (64 sectors): 8 KiB allocates 6 sectors, and
        // starts at sector 0, 3, ..., 57 of a metaslab: 20 places in each.
        let t = top(6, 2, 18);
        let asize = t.asize(8 << 10);
        assert_eq!(asize, 6 * K);
        assert_eq!(t.block_places(2 * 64 * K, asize), 40);
        assert_eq!(t.block_places(64 * K + 10 * K, asize), 20 + 2);
        assert_eq!(t.block_place(19, asize), 57 * K);
        assert_eq!(t.block_place(20, asize), 64 * K);
        for n in 0..t.block_places(1 << 30, asize) {
            let at = t.block_place(n, asize);
            assert_eq!((at % (64 * K)) % (3 * K), 0);
            assert!(at % (64 * K) + asize <= 64 * K, "block {n} at {at} straddles two metaslabs");
        }
        // A file in order: 10 blocks of 6 sectors to a metaslab, the 11th at the next.
        assert_eq!(t.file_blocks(2 * 64 * K + 13 * K, asize), 10 + 10 + 2);
        assert_eq!(t.file_block(9, GIB, asize), 54 * K);
        assert_eq!(t.file_block(10, GIB, asize), 64 * K);
        assert_eq!(t.next_block(54 * K, asize), 64 * K);
        assert_eq!(t.next_block(48 * K, asize), 54 * K);
    }

    /// Over the 6-wide RAID-Z2 of 4 TB disks (16 GiB metaslabs, 2^22 sectors, which is 4
    /// modulo 6), metaslab starts give first columns 0, 4 and 2 in turn, and the places
    /// inside a metaslab (multiples of 3 sectors) add 0 or 3: each of the 6 columns is the
    /// first for a sixth of the places, so each child holds data (columns 2 and 3 of
    /// the block's map) for a third of the blocks, a sixth of the data columns read.
    #[test]
    fn raidz_first_columns_cover_every_child() {
        let t = top(6, 2, ms_shift(24 * TB, Release::V2_2));
        let asize = t.asize(8 << 10);
        let span = 60 << 34; // 60 metaslabs: a multiple of 3, so the starts are even.
        let places = t.block_places(span, asize);
        let mut rng = crate::sim::rng::Rng::new(3);
        let (mut first, mut data) = ([0u64; 6], [0u64; 6]);
        let n = 60_000;
        for _ in 0..n {
            let at = t.block_place(rng.below(places), asize);
            first[((at >> SECTOR_SHIFT) % 6) as usize] += 1;
            for c in vdev_raidz::map(at, 8 << 10, 6, 2).iter().filter(|c| !c.parity) {
                data[c.child as usize] += 1;
            }
        }
        for (child, (&f, &d)) in first.iter().zip(&data).enumerate() {
            assert!(f.abs_diff(n / 6) < n / 6 / 10, "column {child} first for {f} of {n} blocks");
            assert!(d.abs_diff(2 * n / 6) < 2 * n / 6 / 10, "child {child} holds data of {d} of {n} blocks");
        }
    }
}

#[cfg(test)]
mod runs {
    use crate::scenario::Scenario;
    use crate::sim::Sim;

    /// The reads each leaf was sent by a run of 16 random readers of `block` over `pool`.
    fn leaf_reads(pool: serde_json::Value, block: &str) -> Vec<u64> {
        let v = serde_json::json!({
            "duration": "2s",
            "models": {"release": "2.2"},
            "pool": pool,
            "workloads": [{"kind": "random_read", "threads": 16, "block_size": block}]
        });
        let mut sim = Sim::new(Scenario::from_json(&v.to_string()).expect("scenario"));
        sim.run();
        // Issued reads per leaf, as `zpool iostat -v` counts them (an aggregate once).
        sim.rec.vdevs.leaves.iter().map(|c| c.ops[0]).collect()
    }

    /// A 6-wide RAID-Z2 of 4 TB disks under random 8 KiB reads over the default 1 TiB:
    /// every read reads two data columns, and with every first column as likely
    /// (`tests::raidz_first_columns_cover_every_child`) each child is a data column of a
    /// third of the blocks: a sixth of the leaf reads each.
    #[test]
    fn random_reads_of_a_raidz2_reach_every_child() {
        let device = serde_json::json!({"kind": "injected", "latency": "1ms", "capacity": 4_000_000_000_000u64});
        let reads = leaf_reads(serde_json::json!({"mirror": 6, "raidz": 2, "device": device}), "8K");
        let total: u64 = reads.iter().sum();
        assert!(total > 3000, "{total} leaf reads");
        for (child, &r) in reads.iter().enumerate() {
            let share = r as f64 / total as f64;
            assert!((share - 1.0 / 6.0).abs() < 0.15 / 6.0, "child {child}: {r} of {total} leaf reads");
        }
    }
}
