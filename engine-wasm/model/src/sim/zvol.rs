//! A zvol's write as `zvol_write()` takes it (`zvol.c` until 0.8, `zvol_os.c` from 2.0):
//! one transaction over every block the bio covers. It holds the whole range
//! (`dmu_tx_hold_write(tx, ZVOL_OBJ, off, bytes)`), so the throttle weighs and delays it
//! once (`dmu_tx_assign()`), `dmu_write_uio_dnode()` dirties each block in that one
//! transaction, `zvol_log_write()` logs it (`zfs_log.rs` splits it into records) and an
//! O_DSYNC write commits the log once, after it. A file's write is the other way round:
//! `zfs_write()` takes a transaction per record (`clients.rs`).
//!
//! A bio is at most the queue's `max_hw_sectors` (`Release::zvol_tx_max()`), so a larger
//! call goes on as the next transaction once this one commits, as its next bio.
//!
//! A write that starts or ends inside a block reads that block first unless it is in
//! memory (`dmu_tx_check_ioerr.rs`); the blocks between are overwritten whole.
//!
//! Simplified: the block layer's own limit on a request (the queue's `max_sectors_kb`,
//! which the kernel, not OpenZFS, sets below `max_hw_sectors`) does not split a call; the
//! zvol's threads write their own objects as a file system's do (`dbuf.rs`).

use crate::scenario::{Release, WriteHold};

/// What a zvol writer's transactions need of its workload, taken once at the start.
#[derive(Clone, Copy)]
pub(super) struct ZvolShape {
    /// The most one transaction covers [bytes].
    max: u64,
    /// How its holds count toward the ARC's reserve, and the blocks of the object it
    /// writes (`dmu_tx_hold.rs`).
    hold: WriteHold,
    file_records: u64,
}

/// One transaction of a write: its bytes, and the blocks it covers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Transaction {
    pub(super) bytes: u64,
    pub(super) blocks: u64,
}

impl ZvolShape {
    pub(super) fn new(release: Release, hold: WriteHold, file_records: u64) -> ZvolShape {
        ZvolShape { max: release.zvol_tx_max(), hold, file_records }
    }

    /// What the transaction covering `blocks` blocks of `block` bytes from block `first`
    /// asks the ARC to reserve, `len` of its bytes written (`dmu_tx_hold.rs`).
    pub(super) fn memory(&self, len: u64, block: u64, first: u64, blocks: u64) -> u64 {
        super::dmu_tx_hold::write_memory(self.hold, len, block, self.file_records, first, blocks)
    }
}

/// The next transaction of a call with `left` bytes still to write, `phase` bytes into a
/// block of `block` bytes: a zvol's covers as many blocks as its bio, a file's the rest of
/// its record (`zfs_write()`: `MIN(n, max_blksz - P2PHASE(woff, max_blksz))`).
pub(super) fn transaction(zvol: Option<&ZvolShape>, left: u64, phase: u64, block: u64) -> Transaction {
    match zvol {
        Some(z) => {
            let bytes = left.min(z.max);
            Transaction { bytes, blocks: (phase + bytes).div_ceil(block.max(1)) }
        }
        None => Transaction { bytes: left.min(block - phase), blocks: 1 },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIB: u64 = 1 << 10;

    fn zvol(release: Release) -> ZvolShape {
        ZvolShape::new(release, release.write_hold(), 1 << 20)
    }

    /// zfs-2.3.0 `zvol_write()`: one transaction for the bio (`MIN(uio_resid,
    /// DMU_MAX_ACCESS >> 1)` is the whole of it): 64 KiB into 8 KiB blocks, aligned, is
    /// one transaction of 8 blocks; a file's is one of its record's part (`zfs_write()`).
    #[test]
    fn a_zvol_write_is_one_transaction_over_its_blocks() {
        let z = zvol(Release::V2_3);
        assert_eq!(transaction(Some(&z), 64 * KIB, 0, 8 * KIB), Transaction { bytes: 64 * KIB, blocks: 8 });
        assert_eq!(transaction(None, 64 * KIB, 0, 8 * KIB), Transaction { bytes: 8 * KIB, blocks: 1 });
        assert_eq!(transaction(None, 64 * KIB, 2 * KIB, 8 * KIB), Transaction { bytes: 6 * KIB, blocks: 1 });
        // Not at a block's start: 12 KiB from 4 KiB in covers two blocks, 8 KiB from 4 KiB
        // in two, 4 KiB from 2 KiB in one.
        assert_eq!(transaction(Some(&z), 12 * KIB, 4 * KIB, 8 * KIB).blocks, 2);
        assert_eq!(transaction(Some(&z), 8 * KIB, 4 * KIB, 8 * KIB).blocks, 2);
        assert_eq!(transaction(Some(&z), 4 * KIB, 2 * KIB, 8 * KIB).blocks, 1);
    }

    /// The queue's `max_hw_sectors` bounds a bio: zfs-0.6.4 `DMU_MAX_ACCESS / 512` sectors
    /// of a 10 MiB `DMU_MAX_ACCESS`, so a 16 MiB call is a 10 MiB transaction and then
    /// a 6 MiB one; from zfs-0.6.5 `(DMU_MAX_ACCESS / 4) >> 9` of 64 MiB, 16 MiB, one.
    #[test]
    fn a_bio_is_at_most_the_queues_max_hw_sectors() {
        let tx = transaction(Some(&zvol(Release::V0_6_4)), 16 << 20, 0, 8 * KIB);
        assert_eq!(tx, Transaction { bytes: 10 << 20, blocks: 1280 });
        for r in [Release::V0_6_5, Release::V0_7, Release::V2_4] {
            let tx = transaction(Some(&zvol(r)), 16 << 20, 0, 8 * KIB);
            assert_eq!(tx, Transaction { bytes: 16 << 20, blocks: 2048 }, "{r:?}");
        }
    }

    /// What the range holds: from zfs-0.7.0 `dmu_tx_count_write()` counts the bytes
    /// (`txh_space_towrite += len`) and `dmu_tx_count_dnode()` a 512-byte dnode. At
    /// zfs-0.6.5 it walks every block (`dmu_tx_count_twig()`): eight 8 KiB blocks under one
    /// 16 KiB L1 of a 1 GiB zvol (131,072 blocks: three levels of indirect blocks, 128
    /// pointers each), the L1, L2 and L3 above them once, and the meta-dnode's path (its
    /// 16 KiB dnode block and six indirect blocks).
    #[test]
    fn a_transaction_holds_every_block_it_covers_and_each_indirect_block_once() {
        let bytes = ZvolShape::new(Release::V2_1, Release::V2_1.write_hold(), 131_072);
        assert_eq!(bytes.memory(64 * KIB, 8 * KIB, 0, 8), 64 * KIB + 512);
        let old = ZvolShape::new(Release::V0_6_5, Release::V0_6_5.write_hold(), 131_072);
        let path = 16 * KIB + 6 * 16 * KIB;
        assert_eq!(old.memory(64 * KIB, 8 * KIB, 8, 8), 64 * KIB + 3 * 16 * KIB + path);
        // Across an L1 boundary (128 blocks of 8 KiB): two L1s, one L2 and one L3.
        assert_eq!(old.memory(16 * KIB, 8 * KIB, 127, 2), 16 * KIB + 4 * 16 * KIB + path);
        // 16 MiB: 2048 blocks under 16 L1s, one L2, one L3.
        assert_eq!(old.memory(16 << 20, 8 * KIB, 0, 2048), (16 << 20) + 18 * 16 * KIB + path);
    }
}
