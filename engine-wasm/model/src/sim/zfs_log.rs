//! The log bytes `zfs_log_write()` (`zfs_log.c`) counts against `zfs_wrlog_data_max` for
//! one write (`dsl_pool_wrlog_count()`, 2.2+), as each release counts them.
//!
//! - **2.2 and 2.3** count the write's bytes once, when it is logged with its data
//!   (WR_COPIED or WR_NEED_COPY), and nothing for WR_INDIRECT. The write state is chosen
//!   in `zfs_log_write()` itself: indirect with `logbias=throughput`, or without a slog for
//!   a write of `zfs_immediate_write_sz` or more.
//! - **2.4 on** count every record's `itx_size` (the itx and its `lr_write_t` as
//!   `zil_itx_create()` allocates them, with the data of a WR_COPIED record inside), plus
//!   the data of a WR_NEED_COPY record. The state comes from `zil_write_state()`
//!   ([`indirect`]), and a copied record larger than `zil_max_copied_data()` needs a copy.
//!
//! A lab write lies in one record, so it makes one log record.

use super::zil::{indirect, LogOn, IMMEDIATE_WRITE_SZ};
use crate::scenario::Release;

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

/// How a write is logged (`itx_wr_state_t`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum WrState {
    Indirect,
    Copied,
    NeedCopy,
}

/// The write to log, as `zfs_log_write()` is given it.
#[derive(Clone, Copy, Debug)]
pub(super) struct LogWrite {
    /// The write's bytes.
    pub(super) size: u64,
    /// Its file's block size (`z_blksz`).
    pub(super) block: u64,
    /// It is committed at once (O_SYNC / O_DSYNC).
    pub(super) commit: bool,
    /// Where the log's blocks go.
    pub(super) log: LogOn,
    /// `logbias=throughput`.
    pub(super) throughput: bool,
}

/// 2.2 and 2.3 `zfs_log_write()`'s own choice (`spa_has_slogs()` is the log class: the
/// special class takes the log only from 2.4).
fn state_2_2(w: &LogWrite) -> WrState {
    if w.throughput || (w.log != LogOn::Own && w.size >= IMMEDIATE_WRITE_SZ) {
        WrState::Indirect
    } else if w.commit {
        WrState::Copied
    } else {
        WrState::NeedCopy
    }
}

/// 2.4's `zil_write_state()`, and the loop's switch of a copied record too large for one
/// log block to WR_NEED_COPY.
fn state_2_4(w: &LogWrite) -> WrState {
    if indirect(w.size, w.block, w.commit, w.log, w.throughput) {
        WrState::Indirect
    } else if w.commit && w.size <= MAX_COPIED {
        WrState::Copied
    } else {
        WrState::NeedCopy
    }
}

/// The bytes `dsl_pool_wrlog_count()` adds for write `w` under `release`.
pub(super) fn wrlog_bytes(release: Release, w: &LogWrite) -> u64 {
    if release < Release::V2_4 {
        return match state_2_2(w) {
            WrState::Indirect => 0,
            WrState::Copied | WrState::NeedCopy => w.size,
        };
    }
    match state_2_4(w) {
        WrState::Indirect => ITX_HEADER + LR_WRITE,
        // itx_size: offsetof(itx_t, itx_lr) + P2ROUNDUP(sizeof (lr_write_t) + len, 8).
        WrState::Copied => ITX_HEADER + (LR_WRITE + w.size).next_multiple_of(8),
        WrState::NeedCopy => ITX_HEADER + LR_WRITE + w.size,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write(size: u64, commit: bool, log: LogOn) -> LogWrite {
        LogWrite { size, block: 128 << 10, commit, log, throughput: false }
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
            assert_eq!(wrlog_bytes(r, &write(1 << 20, false, LogOn::Pool)), 264, "indirect");
            // Committed and under half its block: 2.4 copies where 2.2 went indirect.
            assert_eq!(wrlog_bytes(r, &write(32 << 10, true, LogOn::Pool)), 264 + (32 << 10));
            assert_eq!(wrlog_bytes(Release::V2_3, &write(32 << 10, true, LogOn::Pool)), 0);
        }
    }
}
