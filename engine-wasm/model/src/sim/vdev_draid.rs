//! dRAID (`vdev_draid.c`): fixed-width redundancy groups of `data` + `parity` columns
//! spread over all children, with spare capacity distributed among them. Unlike RAID-Z a
//! block fills whole rows of its group: `vdev_draid_psize_to_asize()` rounds it up to a
//! multiple of the data disks, and every column of those rows is written, so a small
//! block costs a whole row of `data + parity` sectors.
//!
//! Simplified: a group's columns are consecutive children from a rotating start rather
//! than `vdev_draid_logical_to_physical()`'s permutations (the same spread of load), a
//! child's offset is the block's logical offset over the children, and a rebuild writes
//! the lost column to its own child as a healing resilver does (not to distributed spare
//! space as a sequential rebuild would).

use super::vdev_raidz::{Column, Columns, SECTOR_SHIFT};

/// `vdev_draid_psize_to_asize()`: whole rows of the group, `data + parity` sectors each.
pub(super) fn asize(psize: u64, data: u64, parity: u64) -> u64 {
    let sectors = ((psize.max(1) - 1) >> SECTOR_SHIFT) + 1;
    (sectors.div_ceil(data) * (data + parity)) << SECTOR_SHIFT
}

/// The columns of a block of `size` bytes at logical `offset` of a dRAID vdev of
/// `children` (spares included): `parity` parity columns first, then `data` data columns,
/// each `rows` sectors.
pub(super) fn map(offset: u64, size: u64, children: u64, data: u64, parity: u64) -> Columns {
    let width = data + parity;
    let rows = size.max(1).div_ceil(1 << SECTOR_SHIFT).div_ceil(data);
    // The block's first row of its group, counted in rows of `width` columns.
    let group_row = (offset >> SECTOR_SHIFT) / width;
    let start = (group_row * width) % children;
    let child_offset = ((group_row * width / children) * rows) << SECTOR_SHIFT;
    (0..width)
        .map(|c| Column {
            child: ((start + c) % children) as u32,
            offset: child_offset,
            size: rows << SECTOR_SHIFT,
            parity: c < parity,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    const K: u64 = 1 << SECTOR_SHIFT;

    #[test]
    fn a_block_takes_whole_rows_of_its_group() {
        // draid2:8d: 4 KiB is one row of 10 sectors; 128 KiB four rows of 10.
        assert_eq!(asize(K, 8, 2), 10 * K);
        assert_eq!(asize(128 << 10, 8, 2), 40 * K);
        // 36 KiB = 9 sectors: two rows.
        assert_eq!(asize(36 << 10, 8, 2), 20 * K);
    }

    #[test]
    fn every_column_of_the_rows_is_written_on_a_child_of_its_own() {
        for &offset in &[0u64, 10 * K, 70 * K, 4000 * K] {
            let cols = map(offset, 128 << 10, 21, 8, 2);
            assert_eq!(cols.len(), 10);
            assert_eq!(cols.iter().filter(|c| c.parity).count(), 2);
            assert!(cols.iter().all(|c| c.size == 4 * K));
            let mut children: Vec<u32> = cols.iter().map(|c| c.child).collect();
            children.sort_unstable();
            children.dedup();
            assert_eq!(children.len(), 10);
        }
        // Groups rotate over the children.
        assert_ne!(map(0, K, 21, 8, 2)[0].child, map(10 * K, K, 21, 8, 2)[0].child);
    }
}
