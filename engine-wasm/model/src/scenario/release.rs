//! The OpenZFS release the OpenZFS models follow: its tunables' defaults, which tunables
//! it has, and the behaviour that changed between releases. Each value is read from the
//! release's tag of the OpenZFS repository (`zfs-0.6.4` ... `zfs-2.4.0`), or from master;
//! the file and function are named beside it. One point release stands beside the x.y.0
//! tags: 2.1.16, the last of the 2.1 series, which took much of 2.2's write path in its
//! point releases (2.1.6 to 2.1.12) and which many systems still run. Which tunables each release has, and its
//! names for them, are the foundation's (`tunable_releases.rs`).

use super::pool::Retire;
use crate::schema::Id;
use crate::tunable_releases;
use crate::tunables::Tunables;
use serde::{Deserialize, Serialize};

mod allocation;
mod behaviour;
mod write_path;
pub use allocation::DittoApart;
pub use behaviour::Difference;
pub use write_path::{LogIndirect, WriteHold};

/// An OpenZFS release, by its first tag (2.1.16: by its own, the series' last).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Release {
    #[serde(rename = "0.6.4")]
    V0_6_4,
    #[serde(rename = "0.6.5")]
    V0_6_5,
    #[serde(rename = "0.7")]
    V0_7,
    #[serde(rename = "0.8")]
    V0_8,
    #[serde(rename = "2.0")]
    V2_0,
    #[serde(rename = "2.1")]
    V2_1,
    /// zfs-2.1.16, the last 2.1: 2.1's scheduler, retirement and tunables with 2.2's
    /// log-data throttle, sync kick, prefetcher, scan suspension and allocator.
    #[serde(rename = "2.1.16")]
    V2_1_16,
    #[serde(rename = "2.2")]
    V2_2,
    #[serde(rename = "2.3")]
    V2_3,
    #[serde(rename = "2.4")]
    V2_4,
    /// OpenZFS master of late 2026: the schema's defaults.
    #[default]
    #[serde(rename = "master")]
    Master,
}

/// What makes a txg sync before its timeout.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SyncKick {
    /// Before 0.8: pool-wide dirty data above `zfs_dirty_data_sync` bytes, checked as
    /// each transaction asks to be assigned (`dsl_pool_need_dirty_delay()` →
    /// `txg_kick()`), which quiesces the open txg only while no txg syncs or quiesces.
    PoolBytes,
    /// 0.8 to 2.1: the same, above `zfs_dirty_data_sync_percent` of the max.
    PoolPercent,
    /// 2.1.16 (from 2.1.6), 2.2 on: the txg's own dirty data above `zfs_dirty_data_sync_percent`, checked as
    /// it grows (`dsl_pool_dirty_space()` → `dsl_pool_need_dirty_sync()`), and the kick is
    /// remembered (`tx_sync_txg_waiting`) while a txg syncs.
    TxgPercent,
}

/// How far the DMU prefetcher reads ahead of a sequential stream (`dmu_zfetch.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Prefetch {
    /// Until 0.6.5, the original prefetcher: a cap that doubles per hit up to
    /// `zfetch_block_cap` (256) blocks, whatever their size.
    BlockCap,
    /// 0.7 to 2.1: the distance doubles per hit up to `zfetch_max_distance` (8 MiB).
    Doubling { max: u64 },
    /// 2.1.16 (from 2.1.6), 2.2 on: doubling up to `zfetch_min_distance` (4 MiB), then an eighth more on a hit
    /// that found its block in flight, up to `zfetch_max_distance` (64 MiB).
    MinThenEighths { min: u64, max: u64 },
}

/// `vdev_queue_class_to_issue()`'s first pass, over the classes below their minimum.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum MinPass {
    /// Until 2.0: in priority order, so a class below its minimum waits while a higher one
    /// is below its own.
    Priority,
    /// 2.1 and 2.1.16: round robin from the class after the last one issued (`vq_last_prio`), which
    /// stays as it was when nothing is issued.
    RoundRobin,
    /// 2.2 on: the same, but when I/O is queued and no class may issue, `vq_last_prio` is
    /// set past the last class, so the next pass starts from the first.
    RoundRobinResets,
}

/// When a scan phase stops issuing for the syncing txg (`dsl_scan_check_suspend()` before
/// 0.8, `scan_io_queue_check_suspend()` from 0.8, `dsl_scan.c`). "Min time": the phase
/// has run more than `zfs_scrub_min_time_ms` (or `zfs_resilver_min_time_ms`) whole ms.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ScanSuspend {
    /// 0.6.4: the phase has run more than `zfs_txg_timeout` whole seconds; or min time and
    /// someone waits for a txg (`txg_sync_waiting()`).
    Timeout,
    /// 0.6.5, 0.7: the phase has run `zfs_txg_timeout` seconds; or min time and someone
    /// waits or `dp_dirty_total * 100 / zfs_dirty_data_max` has reached
    /// `zfs_vdev_async_write_active_min_dirty_percent`.
    TimeoutOrDirtyPercent,
    /// 0.8 to 2.1: min time, and the dirty percent as above, someone waiting, or the whole
    /// sync (`spa_sync_starttime`) has run `zfs_txg_timeout` seconds.
    DirtyPercent,
    /// 2.1.16 (from 2.1.6), 2.2 on: as 0.8, with dirty bytes against `zfs_dirty_data_max * pct / 100`
    /// (`dirty_min_bytes`) instead of the percent.
    DirtyBytes,
}

/// When `zil_commit()` writes out the log block its records went into (`zil.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ZilIssue {
    /// Until 0.7: one committing thread at a time writes everything committed so far
    /// (`zl_writer`) and waits for its blocks and flushes; the others wait for its batch
    /// to finish (`zl_cv_batch`), then the next of them writes what came meanwhile.
    Batch,
    /// 0.8 to 2.1: the lwb is left open for more records (`zil_process_commit_list()`)
    /// and written when full or when a waiter's timeout, `zfs_commit_timeout_pct` of the
    /// last lwb's latency, passes (`zil_commit_waiter_timeout()`).
    Timeout,
    /// 2.1.16 (from 2.1.10) and 2.2: written at once by a commit that opened it with no earlier lwb in flight when
    /// that timeout would be under `zil_min_commit_timeout` (5 µs) or the lwb is nearly
    /// full; else as 0.8. The latency is averaged, 7/8 the old.
    FirstFast,
    /// 2.3 on: written at once unless commits run in parallel (`zl_parallel`); else as 0.8.
    NotParallel,
}

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;

impl Release {
    pub const ALL: [Release; 11] = [
        Release::V0_6_4,
        Release::V0_6_5,
        Release::V0_7,
        Release::V0_8,
        Release::V2_0,
        Release::V2_1,
        Release::V2_1_16,
        Release::V2_2,
        Release::V2_3,
        Release::V2_4,
        Release::Master,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Release::V0_6_4 => "0.6.4",
            Release::V0_6_5 => "0.6.5",
            Release::V0_7 => "0.7",
            Release::V0_8 => "0.8",
            Release::V2_0 => "2.0",
            Release::V2_1 => "2.1",
            Release::V2_1_16 => "2.1.16",
            Release::V2_2 => "2.2",
            Release::V2_3 => "2.3",
            Release::V2_4 => "2.4",
            Release::Master => "master",
        }
    }

    pub fn from_name(name: &str) -> Option<Release> {
        Release::ALL.into_iter().find(|r| r.name() == name)
    }

    /// The release's position among the lab's choices (the `release` setting's value).
    pub fn index(self) -> u64 {
        Release::ALL.iter().position(|&r| r == self).unwrap_or(Release::ALL.len() - 1) as u64
    }

    pub fn from_index(i: u64) -> Release {
        usize::try_from(i).ok().and_then(|i| Release::ALL.get(i).copied()).unwrap_or_default()
    }

    /// zfs-2.1.16 kicks as 2.2.0 does: `dsl_pool.c` `dsl_pool_dirty_space()` tests the txg's
    /// own dirty bytes (`dsl_pool_need_dirty_sync()`) and `txg.c` `txg_kick()` records the
    /// txg in `tx_sync_txg_waiting` (both from zfs-2.1.6).
    pub fn sync_kick(self) -> SyncKick {
        match self {
            Release::V0_6_4 | Release::V0_6_5 | Release::V0_7 => SyncKick::PoolBytes,
            Release::V0_8 | Release::V2_0 | Release::V2_1 => SyncKick::PoolPercent,
            _ => SyncKick::TxgPercent,
        }
    }

    /// When a written block's dirty data is retired: per physical write
    /// (`dbuf_write_physdone()`, until 2.1, and zfs-2.1.16's `dbuf.c` still has it) or when
    /// the logical write is done (`dbuf_write_done()`, 2.2 on, when `io_physdone` was
    /// removed).
    pub fn retire(self) -> Retire {
        if self < Release::V2_2 {
            Retire::Physical
        } else {
            Retire::Logical
        }
    }

    /// The ZIL log-data throttle (`zfs_wrlog_data_max`, `dsl_pool_wrlog_count()`): 2.2 on,
    /// and 2.1.16: zfs-2.1.16 `dmu_tx.c` `dmu_tx_delay()` delays by the larger of the dirty
    /// and the log-data excess, `dsl_pool.c` counts the log bytes per txg, `arc.c`
    /// `arc_init()` derives the limit (from zfs-2.1.6).
    pub fn has_wrlog_throttle(self) -> bool {
        self >= Release::V2_1_16
    }

    /// `txg_kick()` asks for the open txg to quiesce even while another quiesces (it then
    /// follows as soon as that one is handed to the sync thread): until 0.8.0 added the
    /// `!txg_is_quiescing(dp)` test (`txg.c`, OpenZFS 9464).
    pub fn kicks_while_quiescing(self) -> bool {
        self < Release::V0_8
    }

    /// The prefetcher's distances, read from `dmu_zfetch.c` at each tag (64-bit kernels):
    /// zfs-2.1.16 has 2.2.0's `dmu_zfetch_prepare()` and distances (from zfs-2.1.6).
    pub fn prefetch(self) -> Prefetch {
        match self {
            r if r < Release::V0_7 => Prefetch::BlockCap,
            r if r < Release::V2_1_16 => Prefetch::Doubling { max: 8 * MIB },
            _ => Prefetch::MinThenEighths { min: 4 * MIB, max: 64 * MIB },
        }
    }

    /// The scrub class's non-interactive credit (`zfs_vdev_nia_credit`, `_delay`): 2.1 on.
    pub fn has_nia_credit(self) -> bool {
        self >= Release::V2_1
    }

    /// `vdev_queue_class_to_issue()`'s pass over the classes below their minimum
    /// (`vdev_queue.c` at each tag: a plain `for (p = 0; ...)` loop until 2.0.0; zfs-2.1.16
    /// never resets `vq_last_prio`, as 2.1.0).
    pub fn min_pass(self) -> MinPass {
        match self {
            r if r < Release::V2_1 => MinPass::Priority,
            Release::V2_1 | Release::V2_1_16 => MinPass::RoundRobin,
            _ => MinPass::RoundRobinResets,
        }
    }

    /// The LBA-ordered classes (async, scrub) queue by time bucket, then offset
    /// (`vdev_queue_to_compare()`, `VDQ_T_SHIFT`): 2.2 on. Before, and in zfs-2.1.16, by
    /// offset alone (`vdev_queue_offset_compare()`).
    pub fn queue_time_buckets(self) -> bool {
        self >= Release::V2_2
    }

    /// `vdev_queue_aggregate()` merges only inside the issuing class's own queue, and not
    /// for the sync classes (`zio->io_priority == ZIO_PRIORITY_SYNC_READ || ..._WRITE`
    /// returns NULL): 0.6.4. From 0.6.5 it walks `vdev_queue_type_tree()`, every class of
    /// the I/O's type.
    pub fn aggregates_per_class(self) -> bool {
        self < Release::V0_6_5
    }

    /// When `zil_commit()` writes out the open log block ([`ZilIssue`]; `zil.c`,
    /// `zil_process_commit_list()` at each tag, and `zil_commit()` before 0.8). zfs-2.1.16
    /// writes a lone first lwb at once as 2.2.0 does (`first`, `zil_min_commit_timeout`,
    /// from zfs-2.1.10).
    pub fn zil_issue(self) -> ZilIssue {
        match self {
            r if r < Release::V0_8 => ZilIssue::Batch,
            r if r < Release::V2_1_16 => ZilIssue::Timeout,
            Release::V2_1_16 | Release::V2_2 => ZilIssue::FirstFast,
            _ => ZilIssue::NotParallel,
        }
    }

    /// When `zil_slog_bulk` is tested against the log bytes counted (`zl_cur_used`): as
    /// the lwb opens (`zil.c` `zil_lwb_write_open()` until 2.1, zfs-2.1.16 too) or as it is
    /// issued (`zil_lwb_write_issue()`, 2.2 on, once 2.2 opened lwbs before their buffer).
    pub fn slog_bulk_at_issue(self) -> bool {
        self >= Release::V2_2
    }

    /// How `zil_lwb_flush_vdevs_done()` keeps `zl_last_lwb_latency`, the base of the commit
    /// timeout, as the old value's weight in eighths beside the newest lwb's latency: the
    /// newest alone (0) until 2.1; `(old * 3 + t) / 4` (6) in zfs-2.1.16 (from zfs-2.1.10);
    /// `(old * 7 + t) / 8` (7) from zfs-2.2.0.
    pub fn lwb_latency_old_eighths(self) -> u64 {
        match self {
            r if r < Release::V2_1_16 => 0,
            Release::V2_1_16 => 6,
            _ => 7,
        }
    }

    /// The default of `zil_slog_bulk` (`zil.c`): past this many log bytes committed since
    /// the ZIL last reset its count, an lwb on a log device is written in the async-write
    /// class. None until 0.6.5 (every lwb a sync write); 768 KiB from 0.7.0, 64 MiB from
    /// 2.3.0. The run reads the tunable (`Id::ZilSlogBulk`), which [`Release::defaults`]
    /// sets from this.
    pub fn zil_slog_bulk(self) -> Option<u64> {
        match self {
            r if r < Release::V0_7 => None,
            r if r < Release::V2_3 => Some(768 * KIB),
            _ => Some(64 * MIB),
        }
    }

    /// `vdev_queue_aggregate()`'s forward walk lets an optional I/O (RAID-Z padding) carry
    /// an aggregate past the aggregation limit, up to the largest block: from 0.7.0
    /// (`IO_SPAN(first, dio) <= limit || (dio->io_flags & ZIO_FLAG_OPTIONAL)`); in 0.6.4
    /// and 0.6.5 the limit binds them too.
    pub fn optional_past_aggregation_limit(self) -> bool {
        self >= Release::V0_7
    }

    /// Where a RAID-Z write puts its padding sectors (`vdev_raidz.c`): up to 2.1, every
    /// one as its own optional I/O (`vdev_raidz_io_start()`, 2.1's
    /// `vdev_raidz_io_start_write()`); from 2.2 a column holding data writes its padding
    /// sector as part of its own write (`vdev_raidz_map_alloc_write()`), and only columns
    /// with no data get an optional I/O.
    pub fn raidz_padding_in_column(self) -> bool {
        self >= Release::V2_2
    }

    /// `SPA_MAXBLOCKSIZE` (`spa.h`), the cap `vdev_queue_aggregate()` puts on the
    /// aggregation limit: 128 KiB in 0.6.4, 16 MiB once 0.6.5 brought large blocks (0.7 to
    /// 2.1 cap at `spa_maxblocksize()`, the same 16 MiB with the `large_blocks` feature a
    /// new pool enables).
    pub fn spa_maxblocksize(self) -> u64 {
        if self < Release::V0_6_5 {
            128 * KIB
        } else {
            16 * MIB
        }
    }

    /// Where the elevator of `vdev_queue_io_to_issue()` resumes: at the end of the last
    /// I/O issued (`vq_last_offset = zio->io_offset + zio->io_size`), 0.8 on; before,
    /// just after its start (`vq_last_offset = zio->io_offset`, searched from `+ 1`).
    pub fn elevator_from_end(self) -> bool {
        self >= Release::V0_8
    }

    /// When a scan phase stops issuing (`dsl_scan.c` at each tag; zfs-2.1.16's
    /// `dsl_scan_check_suspend()` and `scan_io_queue_check_suspend()` test
    /// `dirty_min_bytes` as 2.2.0's, from zfs-2.1.6).
    pub fn scan_suspend(self) -> ScanSuspend {
        match self {
            Release::V0_6_4 => ScanSuspend::Timeout,
            Release::V0_6_5 | Release::V0_7 => ScanSuspend::TimeoutOrDirtyPercent,
            Release::V0_8 | Release::V2_0 | Release::V2_1 => ScanSuspend::DirtyPercent,
            _ => ScanSuspend::DirtyBytes,
        }
    }

    /// The sorted scan's in-flight bytes per top-level vdev (`q_maxinflight_bytes`,
    /// `dsl_scan.c`) count its readable leaves, at least 1 MiB
    /// (`dsl_scan_count_leaves()`, `scan_io_queues_run_one()`): 0.8 and 2.0. From 2.1,
    /// its data disks, at least one byte (`vdev_get_ndisks() - vdev_get_nparity()`).
    pub fn scan_limit_per_leaf(self) -> bool {
        matches!(self, Release::V0_8 | Release::V2_0)
    }

    /// Is tunable `id` a module parameter of this release? Lab settings, legacy and zone
    /// tunables are not the release's business (`tunable_releases.rs` has the table).
    pub fn has(self, id: Id) -> bool {
        tunable_releases::in_release(id, self.index())
    }

    /// `arc_init()`: `zfs_dirty_data_max_max` and `zfs_dirty_data_max` for a machine with
    /// `ram` bytes (64-bit), when neither is set: 25% of RAM, at most 4 GiB from 0.7.0
    /// (no cap before); and 10% of RAM, at most the former. `max_max` given (set
    /// explicitly) caps the derived maximum instead.
    pub fn dirty_limits(self, ram: u64, max_max: Option<u64>) -> (u64, u64) {
        // `allmem * zfs_dirty_data_max_max_percent / 100` and `_max_percent` (25, 10 in
        // dsl_pool.c) in 64 bits: the lab's RAM is at most 2^50 bytes, so no overflow.
        let ram = ram.min(1 << 50);
        let (quarter, tenth) = (ram * 25 / 100, ram * 10 / 100);
        let max_max = max_max.unwrap_or(if self >= Release::V0_7 { quarter.min(4 << 30) } else { quarter });
        (max_max, tenth.min(max_max))
    }

    /// `arc_init()`'s `arc_c_max` for a machine with `ram` bytes: `zfs_arc_max` when it is
    /// at least 64 MiB and below RAM (else ignored, as the kernel warns), or the release's
    /// `arc_default_max()`: half of RAM until 2.2, the larger of 5/8 of RAM and RAM less
    /// 1 GiB from 2.3 (Linux `arc_os.c`).
    pub fn arc_max(self, ram: u64, zfs_arc_max: u64) -> u64 {
        if (64 << 20..ram).contains(&zfs_arc_max) {
            return zfs_arc_max;
        }
        let ram = ram.min(1 << 50);
        if self >= Release::V2_3 {
            (ram * 5 / 8).max(ram.saturating_sub(1 << 30))
        } else {
            ram / 2
        }
    }

    /// Sets `zfs_dirty_data_max_max`, and `zfs_dirty_data_max` unless `given` says it was
    /// set, as `arc_init()` derives them from `ram` ([`Self::dirty_limits`]); a
    /// `zfs_dirty_data_max_max` that was set caps the derived maximum. `zfs_arc_max`
    /// becomes the ARC's maximum the release derives ([`Self::arc_max`]).
    pub fn set_dirty_limits(self, t: &mut Tunables, ram: u64, given: impl Fn(Id) -> bool) {
        t.derive(Id::ArcMax, self.arc_max(ram, t.get(Id::ArcMax)));
        let max_max = given(Id::DirtyDataMaxMax).then(|| t.get(Id::DirtyDataMaxMax));
        let (max_max, max) = self.dirty_limits(ram, max_max);
        t.derive(Id::DirtyDataMaxMax, max_max);
        if !given(Id::DirtyDataMax) {
            // Within the entry's range: RAM's range keeps 10% of it at 25.6 MiB or more.
            t.derive(Id::DirtyDataMax, max.max(Id::DirtyDataMax.spec().min));
        }
    }

    /// What the release calls a tunable it has under another name (`tunable_releases.rs`).
    pub fn old_name(self, id: Id) -> Option<&'static str> {
        tunable_releases::old_name(id, self.index())
    }

    /// The tunable `name` stands for in this release, by its name then or now.
    pub fn tunable(self, name: &str) -> Option<Id> {
        tunable_releases::named_in(name, self.index())
    }

    /// The release's defaults where they differ from master's (the schema's).
    pub fn defaults(self) -> Vec<(Id, u64)> {
        let mut d = Vec::new();
        // dsl_scan.c: 1000 / 3000 ms from 0.8 (scrub) and 0.6 (resilver) to 2.4.0; master
        // lowered them to 750 / 1500.
        if self != Release::Master {
            d.push((Id::ScrubMinTimeMs, 1000));
            d.push((Id::ResilverMinTimeMs, 3000));
        }
        // vdev_queue.c: 1 until 0.6.5, 2 from 0.7.0.
        if self < Release::V0_7 {
            d.push((Id::AsyncWriteMinActive, 1));
        }
        // vdev_queue.c: 2 until 2.0, 3 from 2.1.0.
        if self < Release::V2_1 {
            d.push((Id::ScrubMaxActive, 2));
        }
        // vdev_queue.c: SPA_OLD_MAXBLOCKSIZE (128 KiB) until 0.7, 1 MiB from 0.8.0 (and a
        // separate non-rotating limit, 128 KiB, from 0.8.0).
        if self < Release::V0_8 {
            d.push((Id::AggregationLimit, 128 * KIB));
        }
        // dsl_scan.c: 4 MiB from 0.8.0 to 2.1.0, 16 MiB from 2.2.0 and in zfs-2.1.16 (from
        // zfs-2.1.12).
        if self < Release::V2_1_16 {
            d.push((Id::ScanVdevLimit, 4 * MIB));
        }
        // zil.c: 5 from 0.8.0 to 2.2, 10 from 2.3.0.
        if self < Release::V2_3 {
            d.push((Id::CommitTimeoutPct, 5));
        }
        // zil.c: zil_slog_bulk 768 KiB from 0.7.0 to 2.2, 64 MiB from 2.3.0.
        if let Some(bulk) = self.zil_slog_bulk().filter(|&b| b != Id::ZilSlogBulk.spec().default) {
            d.push((Id::ZilSlogBulk, bulk));
        }
        // A tunable the release does not have keeps master's default: nothing reads it.
        d.retain(|&(id, _)| self.has(id));
        d
    }
}

#[cfg(test)]
mod tests;
