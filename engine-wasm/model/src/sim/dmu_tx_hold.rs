//! What a write's transaction holds count toward the memory it asks the ARC for
//! (`dmu_tx.c`): `dmu_tx_hold_write()` counts the write (`dmu_tx_count_write()`) and its
//! dnode (`dmu_tx_count_dnode()`), and `dmu_tx_try_assign()` adds up the holds' counts as
//! `memory`, the `lsize` that `dsl_dir_tempreserve_space()` hands to
//! `arc_tempreserve_space()`. The worst-case allocated size (`asize`, the counts inflated
//! by `spa_get_asize()`) goes only to the dataset's quota and free-space check, which the
//! lab does not model; the ARC sees the counts as they are.
//!
//! What is counted changed in 0.7.0 ([`WriteHold`]): before, each block the write
//! overwrites, whole, with every indirect block above it and the meta-dnode's path; from
//! then on, only the bytes written and a dnode.
//!
//! The legacy models count as releases before 0.7.0 do ([`LEGACY_HOLD`]).
//!
//! A file's transaction overwrites one record (`zfs_write()` takes one per record); a
//! zvol's overwrites every block of its write (`zvol_write()`): the blocks and the
//! distinct indirect blocks above them, each counted once (`dmu_tx_count_twig()` keeps the
//! last block counted at each level, `history[]`), or from 0.7.0 the bytes alone.
//!
//! Simplified: the lab's files exist at their full size (a partial write reads its record
//! first), so a write overwrites; a file has the 3 block pointers of `dbuf.rs`'s objects.
//! A synchronous writer's file has no shape in the lab (its dirty data carries no indirect
//! blocks either): it counts as one record of the write's size, and a zvol's as just the
//! blocks written.

use super::dbuf::{levels_for, meta_dnode_levels, BLKPTR_SHIFT, DNODE_BLOCK_SHIFT, DNODE_SHIFT};
use super::Sim;
use crate::scenario::{Workload, WriteHold};

/// `DNODE_MIN_SIZE` (0.7.0 on): what `dmu_tx_count_dnode()` counts, one 512-byte dnode.
const DNODE_MIN_SIZE: u64 = 1 << DNODE_SHIFT;

/// The legacy models' era (2008-2013) counted as 0.6.x does: zfs-0.4.9 `dmu_tx.c`
/// `dmu_tx_count_write()` adds each overwritten block whole with
/// `dmu_tx_count_indirects()` for the indirect blocks above it, `dmu_tx_count_dnode()` the
/// meta-dnode's path, with `DN_MAX_INDBLKSHIFT` 14 (`dnode.h`); `dmu_tx_try_assign()`
/// reserves that as `memory` in the ARC, and inflated (`spa_get_asize()`) against the
/// write limit.
pub(super) const LEGACY_HOLD: WriteHold = WriteHold::Blocks { indirect_shift: 14 };

/// The memory a write of `len` bytes counts, over `blocks` records of `record` bytes from
/// block `first` of a file of `file_records` records (a file's write: one record).
pub(super) fn write_memory(hold: WriteHold, len: u64, record: u64, file_records: u64, first: u64, blocks: u64) -> u64 {
    match hold {
        WriteHold::Bytes => len + DNODE_MIN_SIZE,
        WriteHold::Blocks { indirect_shift } => {
            let epbs = indirect_shift - BLKPTR_SHIFT;
            let last = first + blocks.max(1) - 1;
            // dmu_tx_count_twig() for each block: the block, then the indirect blocks above
            // it up to the object's top (`level >= dn_nlevels` ends the walk), each once: a
            // block whose parent was the last counted at its level stops there.
            let levels = levels_for(file_records.saturating_sub(1).max(last), epbs);
            let indirect: u64 = (1..levels)
                .map(|level| {
                    let shift = epbs * level;
                    last.checked_shr(shift).unwrap_or(0) - first.checked_shr(shift).unwrap_or(0) + 1
                })
                .sum();
            let object = record * blocks.max(1) + (indirect << indirect_shift);
            // dmu_tx_count_dnode(): `mdn->dn_datablksz + ((mdn->dn_nlevels - 1) <<
            // mdn->dn_indblkshift)`, the meta-dnode's levels as dmu_objset_create_impl()
            // set them for `DN_MAX_OBJECT` dnodes.
            let dnode = (1 << DNODE_BLOCK_SHIFT) + (u64::from(meta_dnode_levels(epbs) - 1) << indirect_shift);
            object + dnode
        }
    }
}

impl Sim {
    /// How a workload's `threads` threads count their writes' holds: as its release does
    /// (`dmu_tx_hold.rs`), or the legacy models as their era's code does (`LEGACY_HOLD`),
    /// whatever the release; and the records of the file each writes (a sequential
    /// thread's share of the region).
    pub(super) fn write_hold(&self, workload: &Workload, threads: u32) -> (WriteHold, u64) {
        let file_records = match *workload {
            Workload::AsyncWrite { record_size, sequential, region, .. } => {
                let file = if sequential { region / u64::from(threads.max(1)) } else { region };
                (file / record_size.max(1)).max(1)
            }
            _ => 1,
        };
        let hold = if self.legacy_throttle() { LEGACY_HOLD } else { self.scenario.models.release.write_hold() };
        (hold, file_records)
    }

    /// What each write of a workload's `threads` threads of `bytes`-byte writes to a file
    /// reserves in the ARC ([`Self::write_hold`]); a zvol's transactions count their own
    /// (`zvol.rs`).
    pub(super) fn workload_memory(&self, workload: &Workload, bytes: u64, threads: u32) -> u64 {
        let record = match *workload {
            Workload::AsyncWrite { record_size, .. } => record_size,
            Workload::SyncWrite { record_size, .. } => bytes.min(record_size),
            _ => bytes,
        };
        let (hold, file_records) = self.write_hold(workload, threads);
        // Each transaction holds one record's part of the write (`clients.rs` `start_write()`).
        write_memory(hold, bytes.min(record), record, file_records, 0, 1)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIB: u64 = 1 << 10;
    const OLD: WriteHold = WriteHold::Blocks { indirect_shift: 14 };

    /// zfs-0.7.0 to zfs-2.4.0 `dmu_tx_count_write()`: `txh_space_towrite += len`, and
    /// `dmu_tx_count_dnode()` adds `DNODE_MIN_SIZE`; the record does not count, partial or
    /// whole.
    #[test]
    fn from_0_7_a_write_counts_its_bytes_and_a_dnode() {
        assert_eq!(write_memory(WriteHold::Bytes, 4 * KIB, 128 * KIB, 8192, 0, 1), 4 * KIB + 512);
        assert_eq!(write_memory(WriteHold::Bytes, 128 * KIB, 128 * KIB, 8192, 0, 1), 128 * KIB + 512);
    }

    /// zfs-0.6.5 `dmu_tx_count_write()` → `dmu_tx_count_twig()` for an overwrite inside a
    /// 1 GiB file of 128 KiB records (`dn_maxblkid` 8191: 3, then 384, then 49,152 blocks
    /// addressed, 3 levels of 16 KiB indirect blocks), and `dmu_tx_count_dnode()` for a
    /// meta-dnode of 7 levels (`3 << (14 + 6 x 7)` bytes of dnodes reach 2^48 dnodes of
    /// 512 bytes): the record, two indirect blocks, the dnode block and six more.
    #[test]
    fn until_0_6_5_a_write_counts_its_record_its_indirect_blocks_and_the_dnode_path() {
        assert_eq!(meta_dnode_levels(7), 7);
        let path = 16 * KIB + 6 * 16 * KIB;
        assert_eq!(write_memory(OLD, 4 * KIB, 128 * KIB, 8192, 0, 1), 128 * KIB + 2 * 16 * KIB + path);
        // A whole record counts the same: the walk does not look at the length.
        assert_eq!(write_memory(OLD, 128 * KIB, 128 * KIB, 8192, 0, 1), 128 * KIB + 2 * 16 * KIB + path);
        // A file of one record (`dn_maxblkid == 0`) has no indirect block; of three, still
        // none; of four, one.
        assert_eq!(write_memory(OLD, 8 * KIB, 128 * KIB, 1, 0, 1), 128 * KIB + path);
        assert_eq!(write_memory(OLD, 8 * KIB, 128 * KIB, 3, 0, 1), 128 * KIB + path);
        assert_eq!(write_memory(OLD, 8 * KIB, 128 * KIB, 4, 0, 1), 128 * KIB + 16 * KIB + path);
    }
}
