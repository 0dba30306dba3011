//! What each release does differently on a write's way in: the indirect block size its
//! buffers are charged, what a transaction's holds count toward the ARC's reserve, a zvol's
//! default block size and the most one of its transactions covers, and which writes the
//! ZIL logs indirectly, to a file and to a zvol; and how much of the ARC may hold the
//! indirect blocks a write's holds read, and when they read them.

use super::{Release, MIB};

/// Which writes the ZIL logs indirectly (WR_INDIRECT: `dmu_sync()` writes the whole block
/// in place and the log holds a pointer), on a pool whose log has no device of its own and
/// with `logbias=latency` (`logbias=throughput` logs every write indirectly, a log device
/// none of them, except as a variant says). A file's writes are logged by `zfs_log_write()`
/// (`zfs_log.c`), a zvol's by `zvol_log_write()` (`zvol.c`), whose rules differ until 2.3.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LogIndirect {
    /// A file, 0.6.x: more than `zfs_immediate_write_sz` and no more than the block
    /// (`resid > immediate_write_sz && resid <= zp->z_blksz`).
    AboveImmediate,
    /// A file, 0.7 to 2.3: `zfs_immediate_write_sz` or more, whatever the block.
    Immediate,
    /// A zvol, 0.6.x: a whole, aligned block, of a `volblocksize` above
    /// `zvol_immediate_write_sz`; under `logbias=throughput` that threshold is 0 and a log
    /// device does not count, but a write of part of a block is still copied.
    WholeBlockAboveImmediate,
    /// A zvol, 0.7 to 2.3: a write of at least its block, of a `volblocksize` above
    /// `zvol_immediate_write_sz`, whatever the write's own size; `logbias=throughput`
    /// logs every write indirectly, as a file's.
    WholeBlockOfLargeBlocks,
    /// Both from 2.4 (`zil_write_state()`): `zfs_immediate_write_sz` or more and, for a
    /// write committed at once (O_SYNC / O_DSYNC), at least half its block: a smaller one is
    /// copied into the log, so that its next neighbour does not write the block again.
    HalfBlockIfCommitted,
}

/// What `dmu_tx_hold_write()` counts toward a write's memory estimate, the `memory` that
/// `dmu_tx_try_assign()` hands `dsl_dir_tempreserve_space()` and so
/// `arc_tempreserve_space()` (`dmu_tx.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WriteHold {
    /// Until 0.6.5: every block the write overwrites, whole (`dn_datablksz`), and each
    /// indirect block above it, of `1 << indirect_shift` bytes (`dmu_tx_count_twig()`, as
    /// `txh_space_tooverwrite` or `_towrite`); and the meta-dnode's data block with one
    /// indirect block per level below its top (`dmu_tx_count_dnode()`). `memory` is
    /// towrite + tooverwrite + tohold.
    Blocks { indirect_shift: u32 },
    /// 0.7.0 on: the bytes written (`dmu_tx_count_write()`) and `DNODE_MIN_SIZE`
    /// (`dmu_tx_count_dnode()`); `memory` is towrite + tohold.
    Bytes,
}

impl Release {
    /// `zfs_default_ibs`, the indirect block size as a shift (`DN_MAX_INDBLKSHIFT` in
    /// `include/sys/dnode.h`): 16 KiB (14) in 0.6.4 and 0.6.5, 128 KiB (17) from 0.7.0.
    /// Every dirtied indirect block is charged its full size (`dbuf_dirty()`), so 0.6.x
    /// charges an eighth as much above each record, and its objects grow a level sooner.
    pub fn indirect_block_shift(self) -> u32 {
        match self {
            Release::V0_6_4 | Release::V0_6_5 => 14,
            _ => 17,
        }
    }

    /// `ZVOL_DEFAULT_BLOCKSIZE` (`include/sys/fs/zfs.h`): a zvol's default volblocksize,
    /// 8 KiB until 2.1, 16 KiB from 2.2.
    pub fn default_volblocksize(self) -> u64 {
        crate::tunable_releases::default_volblocksize(self.index())
    }

    /// The most one `zvol_write()` transaction covers [bytes]: a bio (a request in 0.6.4)
    /// is one transaction over every block it touches, and the block layer makes none
    /// larger than the queue's `max_hw_sectors`, which the zvol sets in
    /// `__zvol_create_minor()` (`zvol.c`; `zvol_os_create_minor()` in `zvol_os.c` from
    /// 2.0, `zvol_queue_limits_init()` from 2.3): at zfs-0.6.4 `DMU_MAX_ACCESS / 512`
    /// sectors with `DMU_MAX_ACCESS` 10 MiB (`dmu.h`), so 10 MiB; from zfs-0.6.5
    /// `(DMU_MAX_ACCESS / 4) >> 9` sectors with `DMU_MAX_ACCESS` 64 MiB, so 16 MiB. From
    /// zfs-0.7.0 `zvol_write()` also splits a bio into transactions of at most
    /// `DMU_MAX_ACCESS >> 1` (32 MiB), which no bio reaches.
    pub fn zvol_tx_max(self) -> u64 {
        match self {
            Release::V0_6_4 => 10 * MIB,
            _ => 16 * MIB,
        }
    }

    /// What a write's transaction holds count toward its memory estimate ([`WriteHold`]).
    /// zfs-0.6.4 and zfs-0.6.5 `dmu_tx.c` `dmu_tx_count_write()` walk the blocks the write
    /// overwrites and count each with its indirect blocks (`DN_MAX_INDBLKSHIFT`, the default
    /// indirect block size, is 14 there); zfs-0.7.0 rewrote it to count the bytes written
    /// alone, as every later tag does.
    pub fn write_hold(self) -> WriteHold {
        if self < Release::V0_7 {
            WriteHold::Blocks { indirect_shift: self.indirect_block_shift() }
        } else {
            WriteHold::Bytes
        }
    }

    /// Which writes are logged indirectly ([`LogIndirect`]): `zfs_log.c` `zfs_log_write()`
    /// at zfs-0.6.4 and zfs-0.6.5 (`resid > immediate_write_sz`, `resid <= zp->z_blksz`),
    /// zfs-0.7.0 to zfs-2.3.0 (`resid >= zfs_immediate_write_sz`, no block test), and
    /// `zil.c` `zil_write_state()` from zfs-2.4.0 (`size >= blocksize / 2 || !commit`).
    pub fn log_indirect(self) -> LogIndirect {
        match self {
            r if r < Release::V0_7 => LogIndirect::AboveImmediate,
            r if r < Release::V2_4 => LogIndirect::Immediate,
            _ => LogIndirect::HalfBlockIfCommitted,
        }
    }

    /// Which writes to a zvol are logged indirectly ([`LogIndirect`]): `zvol.c`
    /// `zvol_log_write()` at zfs-0.6.4 and zfs-0.6.5 decides per block of the write
    /// (`blocksize > immediate_write_sz && !slogging && size >= blocksize && offset %
    /// blocksize == 0`, the threshold 0 under `logbias=throughput`), at zfs-0.7.0 to
    /// zfs-2.3.0 once per write (`logbias == THROUGHPUT`, else `!spa_has_slogs() && size >=
    /// blocksize && blocksize > zvol_immediate_write_sz`), so the default volblocksize (8
    /// KiB, 16 KiB from 2.2) never logs indirectly; from zfs-2.4.0 it asks
    /// `zil_write_state()` as `zfs_log_write()` does.
    pub fn zvol_log_indirect(self) -> LogIndirect {
        match self {
            r if r < Release::V0_7 => LogIndirect::WholeBlockAboveImmediate,
            r if r < Release::V2_4 => LogIndirect::WholeBlockOfLargeBlocks,
            _ => LogIndirect::HalfBlockIfCommitted,
        }
    }

    /// The share of `arc_c_max` the ARC's metadata may take [percent], which bounds how
    /// many of a file's level-1 indirect blocks stay cached (`dbuf_findbp.rs`). zfs-0.6.4
    /// `arc.c` `arc_init()`: `arc_meta_limit = (3 * arc_c_max) / 4`; zfs-0.6.5 the same
    /// (at least `arc_meta_min`, 16 MiB); zfs-0.7.0 to zfs-2.1.16 `arc_tuning_update()`:
    /// `zfs_arc_meta_limit_percent` (75) of `arc_c_max`. zfs-2.2.0 removed the limit:
    /// `arc_evict()` splits the ARC between data and metadata by `arc_meta`, a fraction
    /// `arc_init()` starts at a quarter and `arc_evict_adj()` moves up with metadata ghost
    /// hits and down with data ghost hits divided by `zfs_arc_meta_balance / 100` (5). A
    /// writer whose L1 blocks do not fit re-reads evicted L1s (metadata ghost hits) while
    /// its whole-block writes read no data, so the fraction climbs toward all of the ARC:
    /// taken as 100, the bound it approaches.
    pub fn arc_meta_percent(self) -> u64 {
        if self >= Release::V2_2 {
            100
        } else {
            75
        }
    }

    /// Whether the ARC keeps blocks as they lie on disk, compressed (`zfs_compressed_arc_
    /// enabled`, default on since zfs-0.7.0 added it, `arc.c`): an LZ4-compressed L1 then
    /// takes its physical size of the metadata share, not its full size.
    pub fn compressed_arc(self) -> bool {
        self >= Release::V0_7
    }

    /// Whether a write reads every level-1 block above the records it overwrites before its
    /// transaction is assigned. zfs-0.6.4 and zfs-0.6.5 `dmu_tx.c` `dmu_tx_count_write()`
    /// holds each level-0 block it overwrites (`dbuf_hold_impl(dn, 0, start, ...)`, to count
    /// it with `dmu_tx_count_twig()`), and `dbuf.c` `dbuf_findbp()` reads the block's parent
    /// L1 at once (`dbuf_read(*parentp, NULL, ...)`, no parent zio: it waits). zfs-0.7.0
    /// dropped that walk: from then only the L1 above a level-0 block `dmu_tx_check_ioerr()`
    /// holds (one written in part) and the L1s strictly between the write's first and last
    /// (its `for (i = (start >> shft) + 1; i < end >> shft; i++)` loop) are read before the
    /// assign; the others are read by `dmu_write()`'s `dmu_buf_hold_array_by_dnode()` →
    /// `dbuf_hold()` → `dbuf_findbp()`, after it, while the transaction holds its txg.
    pub fn reads_every_l1_before_assign(self) -> bool {
        self < Release::V0_7
    }
}
