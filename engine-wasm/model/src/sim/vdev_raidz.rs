//! RAID-Z (`vdev_raidz.c`): how much a block allocates (`vdev_raidz_psize_to_asize()`) and
//! which child gets which sectors (`vdev_raidz_map_alloc()`). A write goes to every column
//! that holds sectors, data and parity, and is done when all are; a normal read reads the
//! data columns only, a scrub or resilver every column (`vdev_raidz_io_start_read_row()`).
//!
//! A write's padding ("skip") sectors are written too, there only to help the children's
//! queues aggregate (`skips()`). Simplified: no RAID-Z expansion (the logical width is the
//! physical one).

use super::vdev_queue::Class;
use super::zio::Parent;
use super::Sim;

/// The sector size: ashift 12, as the lab's allocation unit (`zio_compress.rs`).
pub(super) const SECTOR_SHIFT: u32 = 12;

/// `vdev_raidz_psize_to_asize()`: the bytes a block of `psize` allocates on a RAID-Z vdev of
/// `cols` children with `nparity` parity: its data sectors, a parity sector per row, and
/// padding to a multiple of `nparity + 1` sectors so that no hole too small to use is left.
pub(super) fn asize(psize: u64, cols: u64, nparity: u64) -> u64 {
    let mut sectors = ((psize.max(1) - 1) >> SECTOR_SHIFT) + 1;
    sectors += nparity * ((sectors + cols - nparity - 1) / (cols - nparity));
    (sectors.div_ceil(nparity + 1) * (nparity + 1)) << SECTOR_SHIFT
}

/// One column of a block's map: the child, the byte offset on it, the bytes, and whether
/// it holds parity.
/// A block's columns, and its leaf I/Os: held in place up to 16 (a RAID-Z or dRAID group of
/// up to 16 children), so that a block's read or write allocates nothing.
pub(super) type Columns = smallvec::SmallVec<[Column; 16]>;
pub(super) type LeafIos = smallvec::SmallVec<[(usize, u64, u64); 16]>;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Column {
    pub(super) child: u32,
    pub(super) offset: u64,
    pub(super) size: u64,
    pub(super) parity: bool,
}

/// `vdev_raidz_map_alloc()`: the columns of a block of `size` bytes at `offset` of the
/// RAID-Z vdev's space, the parity columns first; columns without sectors are left out.
pub(super) fn map(offset: u64, size: u64, dcols: u64, nparity: u64) -> Columns {
    let b = offset >> SECTOR_SHIFT;
    let s = size.div_ceil(1 << SECTOR_SHIFT);
    let f = b % dcols;
    let o = (b / dcols) << SECTOR_SHIFT;
    // q sectors on every column, one more on the bc "big columns" holding the remainder.
    let q = s / (dcols - nparity);
    let r = s - q * (dcols - nparity);
    let bc = if r == 0 { 0 } else { r + nparity };
    let acols = if q == 0 { bc } else { dcols };
    let mut cols: Columns = (0..acols)
        .map(|c| {
            let (col, coff) = if f + c >= dcols { (f + c - dcols, o + (1 << SECTOR_SHIFT)) } else { (f + c, o) };
            let sectors = if c < bc { q + 1 } else { q };
            Column { child: col as u32, offset: coff, size: sectors << SECTOR_SHIFT, parity: c < nparity }
        })
        .collect();
    // Single parity swaps the first two columns' places every other megabyte, an on-disk
    // format requirement kept since the first RAID-Z.
    if nparity == 1 && offset & (1 << 20) != 0 && cols.len() >= 2 {
        let (a, b) = (cols[0], cols[1]);
        (cols[0].child, cols[0].offset) = (b.child, b.offset);
        (cols[1].child, cols[1].offset) = (a.child, a.offset);
    }
    cols.retain(|c| c.size > 0);
    cols
}

/// Padding sectors of a block, `(child, offset)`: at most `nparity`.
pub(super) type Skips = smallvec::SmallVec<[(u32, u64); 3]>;

/// The padding sectors of a block of `size` bytes at `offset` (`vdev_raidz_map_alloc()`,
/// identical at zfs-0.6.4 to zfs-2.4.0): `rm_nskip` sectors that round the allocation up to
/// a multiple of `nparity + 1`, from column `rm_skipstart = bc` on, wrapping to column 0
/// at `rm_scols`, each just past its column's sectors (`rc_offset + rc_size`; a column
/// past `acols` has none). Single parity's odd-megabyte swap of columns 0 and 1 moves
/// a skip start of 0 to 1, so that the sector stays with the same child.
pub(super) fn skips(offset: u64, size: u64, dcols: u64, nparity: u64) -> Skips {
    let b = offset >> SECTOR_SHIFT;
    let s = size.div_ceil(1 << SECTOR_SHIFT);
    let (f, o) = (b % dcols, (b / dcols) << SECTOR_SHIFT);
    let q = s / (dcols - nparity);
    let r = s - q * (dcols - nparity);
    let bc = if r == 0 { 0 } else { r + nparity };
    let tot = s + nparity * (q + u64::from(r != 0));
    let nskip = tot.div_ceil(nparity + 1) * (nparity + 1) - tot;
    let (acols, scols) =
        if q == 0 { (bc, dcols.min(bc.div_ceil(nparity + 1) * (nparity + 1))) } else { (dcols, dcols) };
    let swap = nparity == 1 && offset & (1 << 20) != 0;
    let mut skipstart = bc;
    if swap && skipstart == 0 {
        skipstart = 1;
    }
    // Column c's child, offset and sectors, after the swap.
    let column = |c: u64| {
        let c2 = if swap && c < 2 { 1 - c } else { c };
        let (child, coff) = if f + c2 >= dcols { (f + c2 - dcols, o + (1 << SECTOR_SHIFT)) } else { (f + c2, o) };
        let sectors = if c >= acols {
            0
        } else if c < bc {
            q + 1
        } else {
            q
        };
        (child as u32, coff, sectors << SECTOR_SHIFT)
    };
    (0..nskip)
        .map(|i| {
            let c = (skipstart + i) % scols;
            let (child, coff, bytes) = column(c);
            (child, coff + bytes)
        })
        .collect()
}

/// A RAID-Z write's leaf writes: `(leaf, offset, size, optional)`.
pub(super) type Writes = smallvec::SmallVec<[(usize, u64, u64, bool); 16]>;

/// The leaf writes of a block: its columns, and each padding sector `(leaf, offset)`. Up
/// to 2.1 every padding sector is its own one-sector optional write (zfs-0.6.4 to 2.0
/// `vdev_raidz_io_start()`, 2.1 `vdev_raidz_io_start_write()`). From 2.2 a column with
/// data writes its padding sector as one more sector of its own write
/// (`vdev_raidz_map_alloc_write()`, to spare the child's queue lock), and only a column
/// with no data gets the optional write (2.2 `vdev_raidz_io_start_write()`, 2.4
/// `raidz_start_skip_writes()`).
pub(super) fn with_padding(writes: &mut Writes, skips: impl Iterator<Item = (usize, u64)>, in_column: bool) {
    for (leaf, at) in skips {
        match writes.iter_mut().find(|w| w.0 == leaf && w.1 + w.2 == at) {
            Some(w) if in_column => w.2 += 1 << SECTOR_SHIFT,
            _ => writes.push((leaf, at, 1 << SECTOR_SHIFT, true)),
        }
    }
}

/// A RAID-Z read of several columns: those not yet done, and who waits for the whole block.
pub(super) struct ColumnRead {
    left: u32,
    pub(super) parent: Parent,
}

impl Sim {
    /// The leaf I/Os of a block of RAID-Z vdev `top`: `(leaf, offset, size)` of every column
    /// with sectors, or of its data columns only (a normal read). A read needing a column of
    /// the child being resilvered reads a parity column in its place (reconstruction).
    pub(super) fn raidz_columns(&self, top: usize, offset: u64, size: u64, parity: bool) -> LeafIos {
        let t = &self.tops[top];
        let cols = t.columns(offset, size);
        let leaf = |c: &Column| t.leaves[c.child as usize];
        if parity {
            return cols.iter().map(|c| (leaf(c), c.offset, c.size)).collect();
        }
        let missing = cols.iter().any(|c| !c.parity && t.resilvering == Some(leaf(c)));
        cols.iter()
            .filter(|c| {
                if missing {
                    t.resilvering != Some(leaf(c)) && (!c.parity || c.child == cols[0].child)
                } else {
                    !c.parity
                }
            })
            .map(|c| (leaf(c), c.offset, c.size))
            .collect()
    }

    /// A RAID-Z write of the block at `offset`: its columns and padding as leaf writes
    /// ([`with_padding`]). The legacy queue has no use for optional I/Os, and dRAID pads
    /// with real sectors of its own: both get the columns alone.
    pub(super) fn raidz_writes(&self, top: usize, offset: u64, size: u64) -> Writes {
        let t = &self.tops[top];
        // Built once, in place: a list of 16 writes is half a kilobyte, and each copy of it
        // from one list type to another was a memcpy per block written.
        let mut writes: Writes =
            t.columns(offset, size).iter().map(|c| (t.leaves[c.child as usize], c.offset, c.size, false)).collect();
        let legacy = t.leaves.first().is_some_and(|&l| self.leaves[l].queue.openzfs().is_none());
        if t.draid.is_some() || legacy {
            return writes;
        }
        let skips = skips(offset, size, t.leaves.len() as u64, u64::from(t.parity));
        let leaf_skips = skips.into_iter().map(|(child, at)| (t.leaves[child as usize], at));
        with_padding(&mut writes, leaf_skips, self.scenario.models.release.raidz_padding_in_column());
        writes
    }

    /// Issues a block's column reads; `parent` hears once, when all are done.
    pub(super) fn read_columns(&mut self, reads: LeafIos, class: Class, parent: Parent) {
        let parent = if reads.len() == 1 {
            parent
        } else {
            Parent::Columns(self.column_reads.insert(ColumnRead { left: reads.len() as u32, parent }))
        };
        for (leaf, offset, size) in reads {
            self.enqueue(leaf, class, offset, size, parent);
        }
    }

    /// One column of read `id` is done; the block is once all are.
    pub(super) fn column_read_done(&mut self, id: u32) {
        let Some(r) = self.column_reads.get_mut(id) else { return };
        r.left -= 1;
        if r.left == 0 {
            if let Some(r) = self.column_reads.remove(id) {
                self.leaf_io_parent_done(r.parent);
            }
        }
    }

    /// The column of a block that lands on `leaf`, if the block has one there (a resilver
    /// rewrites just that column).
    pub(super) fn raidz_column_on(&self, top: usize, offset: u64, size: u64, leaf: usize) -> Option<(u64, u64)> {
        let t = &self.tops[top];
        t.columns(offset, size).into_iter().find(|c| t.leaves[c.child as usize] == leaf).map(|c| (c.offset, c.size))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn padding_is_optional_until_2_1_and_joins_a_data_columns_write_from_2_2() {
        // 20 KiB on RAID-Z1 of 4 at 0: columns (child, sectors) 0:2 1:2 2:2 3:1 (q=1, bc=3);
        // the padding sector is child 3's second row, just past its column.
        let cols: Writes = map(0, 5 * K, 4, 1).iter().map(|c| (c.child as usize, c.offset, c.size, false)).collect();
        let sk = || skips(0, 5 * K, 4, 1).into_iter().map(|(c, at)| (c as usize, at));
        let mut old = cols.clone();
        with_padding(&mut old, sk(), false);
        assert_eq!(old.len(), 5);
        assert_eq!(old[4], (3, K, K, true));
        let mut new = cols;
        with_padding(&mut new, sk(), true);
        assert_eq!(new.len(), 4);
        assert_eq!(new[3], (3, 0, 2 * K, false));
        // 8 KiB on RAID-Z2 of 6: children 4 and 5 hold no data, so 2.2 on still writes
        // their padding as optional I/Os.
        let mut new: Writes = map(0, 2 * K, 6, 2).iter().map(|c| (c.child as usize, c.offset, c.size, false)).collect();
        let sk = skips(0, 2 * K, 6, 2).into_iter().map(|(c, at)| (c as usize, at));
        with_padding(&mut new, sk, true);
        assert_eq!(new.iter().filter(|w| w.3).map(|w| (w.0, w.1)).collect::<Vec<_>>(), vec![(4, 0), (5, 0)]);
    }

    #[test]
    fn skips_fill_the_allocation_past_the_columns() {
        // zfs-0.6.4..2.4.0 vdev_raidz_map_alloc(): 8 KiB on RAID-Z2 of 6 at sector 0:
        // s=2, q=0, r=2, bc=4, tot=4, nskip=2, scols=min(6, 6)=6: children 4 and 5,
        // row 0, columns with no sectors.
        assert_eq!(skips(0, 2 * K, 6, 2).to_vec(), vec![(4, 0), (5, 0)]);
        // 8 KiB on RAID-Z1 of 5 at sector 4 (an input no preset uses): f=4, bc=3,
        // tot=3, nskip=1, scols=min(5, 4)=4: column 3 is child 2 of row 1.
        assert_eq!(skips(4 * K, 2 * K, 5, 1).to_vec(), vec![(2, K)]);
        // 20 KiB on RAID-Z1 of 4 (3 data): q=1, r=2, bc=3, tot=5+2=7, nskip=1: column 3
        // (child 3), past its one sector.
        assert_eq!(skips(0, 5 * K, 4, 1).to_vec(), vec![(3, K)]);
        // 12 KiB on RAID-Z1 of 4: q=1, r=0, bc=0, tot=4, no padding.
        assert!(skips(0, 3 * K, 4, 1).is_empty());
        // 12 KiB on RAID-Z1 of 3 in an odd megabyte (sector 256, f=1, row 85): q=1, r=1,
        // bc=2, tot=3+2=5, nskip=1 from column 2, child 0 of row 86, past its one sector.
        assert_eq!(skips(1 << 20, 3 * K, 3, 1).to_vec(), vec![(0, 85 * K + 2 * K)]);
        // Padding plus columns is the allocation, and never lands on a column's sectors.
        for &(dcols, nparity) in &[(3u64, 1u64), (5, 1), (6, 2), (11, 3), (4, 3)] {
            for &size in &[K, 3 * K, 8 * K, 20 * K, 128 << 10] {
                for &start in &[0u64, 7, 1 << 8] {
                    let (cols, sk) = (map(start * K, size, dcols, nparity), skips(start * K, size, dcols, nparity));
                    let written: u64 = cols.iter().map(|c| c.size).sum();
                    assert_eq!(written + sk.len() as u64 * K, asize(size, dcols, nparity));
                    for &(child, off) in &sk {
                        assert!(!cols.iter().any(|c| c.child == child && off >= c.offset && off < c.offset + c.size));
                    }
                }
            }
        }
    }

    const K: u64 = 1 << SECTOR_SHIFT;

    #[test]
    fn asize_pads_to_a_multiple_of_parity_plus_one() {
        // One sector on RAID-Z1 of 5: data + parity = 2 sectors.
        assert_eq!(asize(512, 5, 1), 2 * K);
        // 128 KiB = 32 sectors on RAID-Z2 of 6 (4 data): 8 rows, 16 parity, 48 sectors.
        assert_eq!(asize(128 << 10, 6, 2), 48 * K);
        // 8 KiB on RAID-Z2 of 6: 2 data + 2 parity = 4, padded to 6 sectors: a third
        // parity and padding, the known cost of small blocks on RAID-Z.
        assert_eq!(asize(8 << 10, 6, 2), 6 * K);
        // 128 KiB on RAID-Z1 of 4 (3 data): 32 data + 11 parity = 43, padded to 44.
        assert_eq!(asize(128 << 10, 4, 1), 44 * K);
        // RAID-Z3 of 11: 20 KiB = 5 sectors, + 3 parity = 8, a multiple of 4.
        assert_eq!(asize(20 << 10, 11, 3), 8 * K);
    }

    #[test]
    fn a_map_covers_the_allocation_with_data_and_parity() {
        for &(dcols, nparity) in &[(3u64, 1u64), (5, 1), (6, 2), (11, 3), (4, 3)] {
            for &size in &[K, 3 * K, 8 * K, 20 * K, 128 << 10, 1 << 20] {
                for &start in &[0u64, 7, 1 << 8, 1 << 20 >> SECTOR_SHIFT] {
                    let offset = start * K;
                    let cols = map(offset, size, dcols, nparity);
                    let data: u64 = cols.iter().filter(|c| !c.parity).map(|c| c.size).sum();
                    let parity: u64 = cols.iter().filter(|c| c.parity).map(|c| c.size).sum();
                    assert_eq!(data, size, "{dcols}/{nparity} {size}");
                    // A parity sector per row, the widest column's rows.
                    let rows = cols.iter().map(|c| c.size).max().unwrap() / K;
                    assert_eq!(parity, nparity * rows * K);
                    // Within the allocation: what is not written is padding.
                    assert!(data + parity <= asize(size, dcols, nparity));
                    assert!(asize(size, dcols, nparity) - data - parity < (nparity + 1) * K);
                    // Each child at most once, each column where the rotation puts it.
                    let mut seen: Vec<u32> = cols.iter().map(|c| c.child).collect();
                    seen.sort_unstable();
                    seen.dedup();
                    assert_eq!(seen.len(), cols.len());
                    assert!(cols.iter().all(|c| u64::from(c.child) < dcols && c.offset >= (offset / K / dcols) * K));
                }
            }
        }
    }

    #[test]
    fn a_map_starts_at_the_blocks_sector_and_wraps_to_the_next_row() {
        // Sector 7 of RAID-Z1 of 5: first column 2, row 1; 4 data sectors + 1 parity.
        let cols = map(7 * K, 4 * K, 5, 1);
        let at: Vec<(u32, u64, bool)> = cols.iter().map(|c| (c.child, c.offset / K, c.parity)).collect();
        assert_eq!(at, vec![(2, 1, true), (3, 1, false), (4, 1, false), (0, 2, false), (1, 2, false)]);
        // In an odd megabyte single parity swaps the first two columns: sector 263 starts
        // at column 3, so parity goes to child 4 and the first data to child 3.
        let swapped = map((1 << 20) + 7 * K, 4 * K, 5, 1);
        assert_eq!((swapped[0].child, swapped[0].parity), (4, true));
        assert_eq!((swapped[1].child, swapped[1].parity), (3, false));
        // Double parity never swaps.
        assert_eq!(map((1 << 20) + 7 * K, 4 * K, 5, 2)[0].child, 3);
    }
}
