//! How `zfs_log_write()` (`zfs_log.c`) logs one write to a file, and `zvol_log_write()`
//! (`zvol.c`) one to a zvol, as each release chooses, and the log bytes it counts against
//! `zfs_wrlog_data_max` (`dsl_pool_wrlog_count()`, 2.2+).
//!
//! - **The write state**, chosen once per write from its size, its block size (a file's
//!   `z_blksz`: the record size of a file written past its first record; a zvol's
//!   `volblocksize`), whether it is committed at once, the log's place and `logbias`:
//!   WR_INDIRECT, whose data `dmu_sync()` writes in place as the whole block at commit
//!   (`zil.rs`), for the writes the release picks ([`LogIndirect`], which until 2.3 differ
//!   for a zvol); else WR_COPIED when committed at once (O_SYNC / O_DSYNC), WR_NEED_COPY
//!   when not (an fsync writer's, a buffered one's): either way the data goes into the log,
//!   and the txg writes the block again.
//! - **Log bytes, 2.2 and 2.3**: the write's bytes once, when it is logged with its data,
//!   and nothing for WR_INDIRECT (both functions alike).
//! - **Log bytes, 2.4 on**: every record's `itx_size` (the itx and its `lr_write_t` as
//!   `zil_itx_create()` allocates them, with the data of a WR_COPIED record inside), plus
//!   the data of a WR_NEED_COPY record; a copied record larger than
//!   `zil_max_copied_data()` needs a copy.
//!
//! - **Log records**: a write to a file lies in one record in the lab (`zfs_write()` takes a
//!   transaction per record), so it makes one. A zvol's transaction covers every block of
//!   its write, and `zvol_log_write()` splits it: an indirect write at block boundaries,
//!   one record a block; in 0.6.x block by block, each whole, aligned block of the write
//!   judged on its own and the parts between copied, at most `ZIL_MAX_LOG_DATA` a record;
//!   from 0.7 a copied write is one record whatever its size ([`log_records`]).

use super::zil::LogOn;
use super::Sim;
use crate::scenario::{LogIndirect, Release, SyncMode, Workload};

/// `zfs_immediate_write_sz`: the smallest write logged indirectly (0.6.x: one byte more)
/// [bytes].
pub(super) const IMMEDIATE_WRITE_SZ: u64 = 32 << 10;

/// `zvol_immediate_write_sz` (`zvol.c`, zfs-0.6.4 to zfs-2.3.0): a zvol's blocks must be
/// larger for its writes to be logged indirectly. A plain global until 2.1 and a `static
/// const` in 2.2 and 2.3, never a module parameter, so not a tunable here; 2.4 removed it
/// [bytes].
const ZVOL_IMMEDIATE_WRITE_SZ: u64 = 32 << 10;

/// `offsetof(itx_t, itx_lr)` for a 64-bit build at zfs-2.4.0 (`include/sys/zil.h`): the
/// list node (two pointers, 16), `itx_private` (8), `itx_wr_state` (an enum, 4) and
/// `itx_sync` (1) padded to 32 for the `itx_callback` pointer (8), `itx_callback_data` (8),
/// `itx_size` (8), `itx_oid` and `itx_gen` (8 each) [bytes].
const ITX_HEADER: u64 = 72;

/// `sizeof (lr_write_t)` at zfs-2.4.0: `lr_t` (four `uint64_t`), `lr_foid`, `lr_offset`,
/// `lr_length`, `lr_blkoff` (8 each) and a 128-byte `blkptr_t` [bytes].
const LR_WRITE: u64 = 192;

/// `zil_max_copied_data()` with the default `zil_maxcopied` (7680), below the space a
/// 128 KiB log block leaves (`zil_max_log_data()`) [bytes].
const MAX_COPIED: u64 = 7680;

/// `ZIL_MAX_LOG_DATA` (`zil_impl.h`, 0.6.x): the most data a copied record of a zvol's
/// write holds in 0.6.x, a 128 KiB log block less its `zil_chain_t` (a pad word, the next
/// block's pointer, `zc_nused` and the 40-byte `zio_eck_t`: 184 bytes) and one
/// `lr_write_t` [bytes].
const MAX_LOG_DATA: u64 = (128 << 10) - 184 - LR_WRITE;

/// How a write is logged (`itx_wr_state_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum WrState {
    Indirect,
    Copied,
    NeedCopy,
}

/// The write to log, as `zfs_log_write()` or `zvol_log_write()` is given it.
#[derive(Clone, Copy, Debug)]
pub(super) struct LogWrite {
    /// The write's bytes.
    pub(super) size: u64,
    /// Its block size: its file's `z_blksz`, its zvol's `volblocksize`.
    pub(super) block: u64,
    /// Where it starts in its first block (`P2PHASE(offset, blocksize)`).
    pub(super) phase: u64,
    /// It is committed at once (O_SYNC / O_DSYNC).
    pub(super) commit: bool,
    /// Where the log's blocks go.
    pub(super) log: LogOn,
    /// `logbias=throughput`.
    pub(super) throughput: bool,
    /// Written to a zvol, so logged by `zvol_log_write()`.
    pub(super) zvol: bool,
}

/// `zfs_log_write()`'s choice for write `w` under `release`, or `zvol_log_write()`'s for a
/// zvol's (`zil_write_state()` for both from 2.4). A log of its own (`LogOn::Own`: a log
/// device, or 2.4's special class taking the log) takes no indirect write with
/// `logbias=latency`; `logbias=throughput` logs every write indirectly (in 0.6.x every one
/// within its block, for a zvol every whole block: the immediate write size is then 0 and
/// the other tests stand).
pub(super) fn write_state(release: Release, w: &LogWrite) -> WrState {
    let pool = w.log != LogOn::Own;
    let rule = if w.zvol { release.zvol_log_indirect() } else { release.log_indirect() };
    // zvol_log_write(): `blocksize > zvol_immediate_write_sz`.
    let large_blocks = w.block > ZVOL_IMMEDIATE_WRITE_SZ;
    let indirect = match rule {
        LogIndirect::AboveImmediate => w.size <= w.block && (w.throughput || (pool && w.size > IMMEDIATE_WRITE_SZ)),
        LogIndirect::Immediate => w.throughput || (pool && w.size >= IMMEDIATE_WRITE_SZ),
        LogIndirect::WholeBlockAboveImmediate => {
            w.size >= w.block && w.phase == 0 && (w.throughput || (pool && large_blocks))
        }
        LogIndirect::WholeBlockOfLargeBlocks => w.throughput || (pool && w.size >= w.block && large_blocks),
        LogIndirect::HalfBlockIfCommitted => {
            w.throughput || (pool && w.size >= IMMEDIATE_WRITE_SZ && (w.size >= w.block / 2 || !w.commit))
        }
    };
    if indirect {
        WrState::Indirect
    } else if w.commit {
        WrState::Copied
    } else {
        WrState::NeedCopy
    }
}

/// One log record (itx) of a write: its bytes (`lr_length`), how it is logged, and the
/// block of the write it starts in (0 for the first).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct LogRecord {
    pub(super) len: u64,
    pub(super) state: WrState,
    pub(super) block: u64,
}

/// The log records `zfs_log_write()` or `zvol_log_write()` makes of write `w` under
/// `release`, in order. Both loop over the write: an indirect record ends at its block's
/// end (`MIN(blocksize - P2PHASE(offset, blocksize), resid)`), any other takes the rest
/// (0.7.0 on; a copied one too large for a log block is switched to WR_NEED_COPY, still
/// one record). zfs-0.6.4 and zfs-0.6.5 `zvol_log_write()` choose anew for each record: a
/// whole, aligned block logged indirectly is one record of the block, and anything else is
/// copied, `MIN(ZIL_MAX_LOG_DATA, size)` a record.
pub(super) fn log_records(release: Release, w: &LogWrite, mut each: impl FnMut(LogRecord)) {
    let block = w.block.max(1);
    let per_record = w.zvol && release.zvol_log_indirect() == LogIndirect::WholeBlockAboveImmediate;
    let state = write_state(release, w);
    let copy = if w.commit { WrState::Copied } else { WrState::NeedCopy };
    let (mut at, mut left) = (w.phase, w.size);
    while left > 0 {
        let (state, len) = if per_record {
            let rest = LogWrite { size: left, phase: at % block, ..*w };
            match write_state(release, &rest) {
                WrState::Indirect => (WrState::Indirect, block),
                _ => (copy, left.min(MAX_LOG_DATA)),
            }
        } else if state == WrState::Indirect {
            (state, left.min(block - at % block))
        } else {
            (state, left)
        };
        each(LogRecord { len, state, block: at / block });
        at += len;
        left -= len;
    }
}

/// The bytes `dsl_pool_wrlog_count()` adds for write `w` under `release`.
pub(super) fn wrlog_bytes(release: Release, w: &LogWrite) -> u64 {
    if release < Release::V2_4 {
        // The write's bytes once, unless the write state chosen for it is WR_INDIRECT.
        return if write_state(release, w) == WrState::Indirect { 0 } else { w.size };
    }
    let mut bytes = 0;
    log_records(release, w, |r| {
        bytes += match r.state {
            WrState::Indirect => ITX_HEADER + LR_WRITE,
            // itx_size: offsetof(itx_t, itx_lr) + P2ROUNDUP(sizeof (lr_write_t) + len, 8).
            WrState::Copied if r.len <= MAX_COPIED => ITX_HEADER + (LR_WRITE + r.len).next_multiple_of(8),
            // Too large for one log block: switched to WR_NEED_COPY, its data counted apart.
            WrState::Copied | WrState::NeedCopy => ITX_HEADER + LR_WRITE + r.len,
        }
    });
    bytes
}

impl Sim {
    /// The log bytes `zfs_log_write()` (a zvol's `zvol_log_write()`) counts for client
    /// `c`'s write, as the release counts them (`zfs_log.rs`).
    pub(super) fn log_record_bytes(&self, c: u32) -> u64 {
        self.log_write(c).map_or(0, |w| wrlog_bytes(self.scenario.models.release, &w))
    }

    /// Client `c`'s write as the ZIL logs it: its bytes, its block size (`z_blksz`: its
    /// record size; a zvol's volblocksize), whether it commits each write at once, whether
    /// its dataset has `logbias=throughput`, and whether that dataset is a zvol.
    pub(super) fn log_write(&self, c: u32) -> Option<LogWrite> {
        let cl = &self.clients[c as usize];
        let block = cl.shape?.record_size;
        let (commit, throughput, zvol) = match self.scenario.workloads[cl.workload] {
            Workload::SyncWrite { ref sync, logbias_throughput, zvol, .. } => {
                (*sync == SyncMode::Dsync, logbias_throughput, zvol)
            }
            // zfs_write() and zvol_write() log a buffered write too, not to be committed.
            Workload::AsyncWrite { zvol, .. } => (false, false, zvol),
            _ => (false, false, false),
        };
        let log = self.log_on(block).0;
        let phase = (cl.next_in_file - cl.tx_bytes) % block.max(1);
        Some(LogWrite { size: cl.tx_bytes, block, phase, commit, log, throughput, zvol })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(size: u64, commit: bool, log: LogOn) -> LogWrite {
        LogWrite { size, block: 128 << 10, phase: 0, commit, log, throughput: false, zvol: false }
    }

    #[test]
    fn until_2_3_the_data_of_a_write_logged_with_it_and_nothing_else() {
        for r in [Release::V2_2, Release::V2_3] {
            assert_eq!(wrlog_bytes(r, &write(4096, false, LogOn::Pool)), 4096, "WR_NEED_COPY");
            assert_eq!(wrlog_bytes(r, &write(4097, true, LogOn::Pool)), 4097, "WR_COPIED");
            assert_eq!(wrlog_bytes(r, &write(32 << 10, true, LogOn::Pool)), 0, "WR_INDIRECT");
            assert_eq!(wrlog_bytes(r, &write(1 << 20, false, LogOn::Own)), 1 << 20, "a slog copies");
            let throughput = LogWrite { throughput: true, ..write(4096, true, LogOn::Own) };
            assert_eq!(wrlog_bytes(r, &throughput), 0);
        }
    }

    #[test]
    fn from_2_4_every_records_itx_and_a_copys_data() {
        for r in [Release::V2_4, Release::Master] {
            // 72 + 192, plus the data in the record or to copy.
            assert_eq!(wrlog_bytes(r, &write(4097, true, LogOn::Pool)), 264 + 4104, "copied, 8-aligned");
            assert_eq!(wrlog_bytes(r, &write(8192, true, LogOn::Pool)), 264 + 8192, "above 7680: a copy");
            assert_eq!(wrlog_bytes(r, &write(4096, false, LogOn::Pool)), 264 + 4096);
            assert_eq!(wrlog_bytes(r, &write(128 << 10, false, LogOn::Pool)), 264, "indirect");
            // Committed and under half its block: 2.4 copies where 2.2 went indirect.
            assert_eq!(wrlog_bytes(r, &write(32 << 10, true, LogOn::Pool)), 264 + (32 << 10));
            assert_eq!(wrlog_bytes(Release::V2_3, &write(32 << 10, true, LogOn::Pool)), 0);
        }
    }

    /// `zfs_log_write()` at each tag, for a write into a 128 KiB record without a log
    /// device: 0.6.5 `resid > immediate_write_sz && resid <= z_blksz`; 0.7.0 to 2.3.0
    /// `resid >= zfs_immediate_write_sz`; 2.4.0 `zil_write_state()`, which adds
    /// `size >= blocksize / 2 || !commit`.
    #[test]
    fn which_writes_each_release_logs_indirectly() {
        use WrState::*;
        let (kib, record) = (1u64 << 10, 128u64 << 10);
        let at = |r: Release, size: u64, block: u64, commit: bool| {
            write_state(
                r,
                &LogWrite { size, block, phase: 0, commit, log: LogOn::Pool, throughput: false, zvol: false },
            )
        };
        for r in [Release::V0_6_4, Release::V0_6_5] {
            assert_eq!(at(r, 32 * kib, record, true), Copied, "0.6.x: above 32 KiB only");
            assert_eq!(at(r, 32 * kib + 1, record, true), Indirect);
            assert_eq!(at(r, 64 * kib, 32 * kib, false), NeedCopy, "0.6.x: within the block");
        }
        for r in [Release::V0_7, Release::V2_1, Release::V2_3] {
            assert_eq!(at(r, 32 * kib, record, true), Indirect, "{r:?}: 32 KiB of a 128 KiB record");
            assert_eq!(at(r, 32 * kib - 1, record, false), NeedCopy);
        }
        // 2.4: a committed write under half its block is copied; an fsync writer's is not
        // committed at once and stays indirect; half the block or more is indirect.
        assert_eq!(at(Release::V2_4, 32 * kib, record, true), Copied);
        assert_eq!(at(Release::V2_4, 32 * kib, record, false), Indirect);
        assert_eq!(at(Release::V2_4, 64 * kib, record, true), Indirect);
        assert_eq!(at(Release::V2_4, 32 * kib, 64 * kib, true), Indirect);
        // A log device takes every write's data unless logbias=throughput.
        let own = LogWrite {
            size: record,
            block: record,
            phase: 0,
            commit: true,
            log: LogOn::Own,
            throughput: false,
            zvol: false,
        };
        assert_eq!(write_state(Release::V2_3, &own), Copied);
        assert_eq!(write_state(Release::V0_6_5, &LogWrite { throughput: true, ..own }), Indirect);
    }

    /// `zvol_log_write()` (`zvol.c`) at each tag, for a zvol of 64 KiB blocks (and 32 KiB
    /// and 4 KiB ones) without a log device unless said; a file's write of the same size
    /// into the same block for contrast. 0.6.4, 0.6.5: per block, `blocksize >
    /// immediate_write_sz && !slogging && size >= blocksize` (the threshold 0 and `slogging`
    /// false under `logbias=throughput`); 0.7.0 to 2.3.0: `logbias == THROUGHPUT`, else
    /// `!spa_has_slogs() && size >= blocksize && blocksize > zvol_immediate_write_sz`
    /// (32768); 2.4.0: `zil_write_state()`, as a file's.
    #[test]
    fn a_zvol_logs_indirectly_only_whole_blocks_larger_than_32_kib_until_2_3() {
        use WrState::*;
        let kib = 1u64 << 10;
        let zvol = |size: u64, block: u64, log: LogOn, throughput: bool| LogWrite {
            size,
            block,
            phase: 0,
            commit: true,
            log,
            throughput,
            zvol: true,
        };
        let file = |w: LogWrite| LogWrite { zvol: false, ..w };
        for r in [Release::V0_7, Release::V0_8, Release::V2_0, Release::V2_1, Release::V2_2, Release::V2_3] {
            let part = zvol(48 * kib, 64 * kib, LogOn::Pool, false);
            assert_eq!(write_state(r, &part), Copied, "{r:?}: part of a block");
            assert_eq!(write_state(r, &LogWrite { commit: false, ..part }), NeedCopy, "{r:?}");
            assert_eq!(write_state(r, &file(part)), Indirect, "{r:?}: a file's, from 32 KiB");
            assert_eq!(write_state(r, &zvol(64 * kib, 64 * kib, LogOn::Pool, false)), Indirect, "{r:?}");
            // A block of 32 KiB is not larger than zvol_immediate_write_sz.
            let small = zvol(32 * kib, 32 * kib, LogOn::Pool, false);
            assert_eq!(write_state(r, &small), Copied, "{r:?}: a 32 KiB block");
            assert_eq!(write_state(r, &file(small)), Indirect, "{r:?}");
            assert_eq!(write_state(r, &zvol(64 * kib, 64 * kib, LogOn::Own, false)), Copied, "{r:?}: a slog");
            // logbias=throughput: every write, part of a small block too.
            assert_eq!(write_state(r, &zvol(2 * kib, 4 * kib, LogOn::Own, true)), Indirect, "{r:?}");
        }
        for r in [Release::V0_6_4, Release::V0_6_5] {
            let part = zvol(48 * kib, 64 * kib, LogOn::Pool, false);
            assert_eq!(write_state(r, &part), Copied, "{r:?}: part of a block");
            assert_eq!(write_state(r, &file(part)), Indirect, "{r:?}: a file's, above 32 KiB");
            assert_eq!(write_state(r, &zvol(64 * kib, 64 * kib, LogOn::Pool, false)), Indirect, "{r:?}");
            assert_eq!(write_state(r, &zvol(32 * kib, 32 * kib, LogOn::Pool, false)), Copied, "{r:?}");
            assert_eq!(write_state(r, &zvol(64 * kib, 64 * kib, LogOn::Own, false)), Copied, "{r:?}: a slog");
            // logbias=throughput: any whole block, a slog or not; part of one is copied.
            assert_eq!(write_state(r, &zvol(4 * kib, 4 * kib, LogOn::Own, true)), Indirect, "{r:?}");
            let part = zvol(2 * kib, 4 * kib, LogOn::Own, true);
            assert_eq!(write_state(r, &part), Copied, "{r:?}: part of a block");
            assert_eq!(write_state(r, &file(part)), Indirect, "{r:?}");
        }
        // 2.4 on: zil_write_state() for both, half the block when committed at once.
        for r in [Release::V2_4, Release::Master] {
            for (size, block) in [(48 * kib, 64 * kib), (32 * kib, 32 * kib), (40 * kib, 128 * kib)] {
                let w = zvol(size, block, LogOn::Pool, false);
                assert_eq!(write_state(r, &w), write_state(r, &file(w)), "{r:?}: {size} into {block}");
            }
            assert_eq!(write_state(r, &zvol(48 * kib, 64 * kib, LogOn::Pool, false)), Indirect);
            assert_eq!(write_state(r, &zvol(40 * kib, 128 * kib, LogOn::Pool, false)), Copied);
        }
    }

    /// zfs-2.2.0 and zfs-2.3.0 `zvol_log_write()` count the write's bytes when it is
    /// copied or to be copied, nothing when indirect, as `zfs_log_write()` does; which
    /// writes those are differs.
    #[test]
    fn until_2_3_a_zvol_counts_the_log_bytes_of_a_write_a_file_logs_indirectly() {
        let kib = 1u64 << 10;
        for r in [Release::V2_2, Release::V2_3] {
            let w = LogWrite {
                size: 48 * kib,
                block: 64 * kib,
                phase: 0,
                commit: false,
                log: LogOn::Pool,
                throughput: false,
                zvol: true,
            };
            assert_eq!(wrlog_bytes(r, &w), 48 * kib, "{r:?}: WR_NEED_COPY");
            assert_eq!(wrlog_bytes(r, &LogWrite { zvol: false, ..w }), 0, "{r:?}: a file's, WR_INDIRECT");
        }
    }

    /// The records of a zvol's write over several blocks, as `zvol_log_write()` makes
    /// them, as (bytes, state) pairs.
    fn records(r: Release, size: u64, block: u64, phase: u64, commit: bool, log: LogOn) -> Vec<(u64, WrState)> {
        let w = LogWrite { size, block, phase, commit, log, throughput: false, zvol: true };
        let mut out = Vec::new();
        log_records(r, &w, |rec| out.push((rec.len, rec.state)));
        out
    }

    /// zfs-0.7.0 to zfs-2.3.0 `zvol_log_write()`: the state is chosen once for the whole
    /// write; an indirect one is split at block ends (`MIN(blocksize - P2PHASE(offset,
    /// blocksize), size)`), one record a block, a copied one is one record however large
    /// (WR_NEED_COPY past `zil_max_copied_data()`). zfs-2.4.0 alike, the state from
    /// `zil_write_state()`.
    #[test]
    fn from_0_7_a_zvol_write_is_one_record_or_one_a_block_when_indirect() {
        use WrState::*;
        let kib = 1u64 << 10;
        for r in [Release::V0_7, Release::V2_1, Release::V2_3] {
            // 64 KiB into 8 KiB blocks: no block above 32 KiB, so copied, one record.
            assert_eq!(records(r, 64 * kib, 8 * kib, 0, true, LogOn::Pool), [(64 * kib, Copied)], "{r:?}");
        }
        // 2.4 asks of the write alone: 32 KiB or more and half a block, so indirect.
        assert_eq!(records(Release::V2_4, 64 * kib, 8 * kib, 0, true, LogOn::Pool), [(8 * kib, Indirect); 8]);
        assert_eq!(records(Release::V2_4, 24 * kib, 8 * kib, 0, true, LogOn::Pool), [(24 * kib, Copied)]);
        for r in [Release::V0_7, Release::V2_1, Release::V2_3, Release::V2_4] {
            // 256 KiB into 64 KiB blocks: indirect, a record a block.
            assert_eq!(records(r, 256 * kib, 64 * kib, 0, true, LogOn::Pool), [(64 * kib, Indirect); 4], "{r:?}");
            // 96 KiB from half a block in: the half, then a whole block.
            let split = records(r, 96 * kib, 64 * kib, 32 * kib, false, LogOn::Pool);
            assert_eq!(split, [(32 * kib, Indirect), (64 * kib, Indirect)], "{r:?}");
            // A log device takes the data, one record.
            assert_eq!(records(r, 256 * kib, 64 * kib, 0, false, LogOn::Own), [(256 * kib, NeedCopy)], "{r:?}");
        }
    }

    /// zfs-0.6.4 and zfs-0.6.5 `zvol_log_write()` choose for each record: indirect for a
    /// whole block at a block boundary (`size >= blocksize && offset % blocksize == 0`) of
    /// a volblocksize above `zvol_immediate_write_sz`, else copied, `MIN(ZIL_MAX_LOG_DATA,
    /// size)` (130,696 bytes: 131,072 less a 184-byte `zil_chain_t` and a 192-byte
    /// `lr_write_t`).
    #[test]
    fn until_0_6_5_a_zvol_write_is_logged_block_by_block() {
        use WrState::*;
        let kib = 1u64 << 10;
        for r in [Release::V0_6_4, Release::V0_6_5] {
            let whole = records(r, 128 * kib, 64 * kib, 0, true, LogOn::Pool);
            assert_eq!(whole, [(64 * kib, Indirect), (64 * kib, Indirect)], "{r:?}");
            // Whole blocks, then the part of one: the part is copied.
            let tail = records(r, 96 * kib, 64 * kib, 0, true, LogOn::Pool);
            assert_eq!(tail, [(64 * kib, Indirect), (32 * kib, Copied)], "{r:?}");
            // From half a block in, no record reaches a boundary: copied, 130,696 bytes at
            // most, three records for 256 KiB.
            let rest = 256 * kib - 2 * 130_696;
            let off = records(r, 256 * kib, 64 * kib, 32 * kib, false, LogOn::Pool);
            assert_eq!(off, [(130_696, NeedCopy), (130_696, NeedCopy), (rest, NeedCopy)], "{r:?}");
            // Small blocks are never indirect: 256 KiB of 8 KiB blocks, copied alike.
            let small = records(r, 256 * kib, 8 * kib, 0, true, LogOn::Pool);
            assert_eq!(small, [(130_696, Copied), (130_696, Copied), (rest, Copied)], "{r:?}");
        }
    }

    /// zfs-2.4.0 `zvol_log_write()` counts each record's `itx_size` and a WR_NEED_COPY
    /// record's data: four indirect records are four itxs of 72 + 192 bytes; zfs-2.2.0 and
    /// zfs-2.3.0 count nothing for an indirect write.
    #[test]
    fn from_2_4_a_zvol_write_counts_an_itx_a_block() {
        let kib = 1u64 << 10;
        let w = LogWrite {
            size: 256 * kib,
            block: 64 * kib,
            phase: 0,
            commit: false,
            log: LogOn::Pool,
            throughput: false,
            zvol: true,
        };
        assert_eq!(wrlog_bytes(Release::V2_4, &w), 4 * 264);
        assert_eq!(wrlog_bytes(Release::V2_3, &w), 0);
        // Copied, 24 KiB into 8 KiB blocks at once: one record, past `zil_max_copied_data()`
        // (7,680) so its data to copy; 2.3 counts the bytes.
        let copied = LogWrite { size: 24 * kib, block: 8 * kib, commit: true, ..w };
        assert_eq!(wrlog_bytes(Release::V2_4, &copied), 264 + 24 * kib);
        assert_eq!(wrlog_bytes(Release::V2_3, &copied), 24 * kib);
        // 2.4's 64 KiB into 8 KiB blocks is indirect: eight itxs.
        assert_eq!(wrlog_bytes(Release::V2_4, &LogWrite { size: 64 * kib, ..copied }), 8 * 264);
    }
}
