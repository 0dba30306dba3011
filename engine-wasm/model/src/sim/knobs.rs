//! The numbers the hot path reads, taken once from the scenario's tunables: the dirty-data
//! limits, the delay and async-write curves' parameters and points, the sync kick, and each
//! kind of leaf's scheduler limits.

use super::vdev_queue::Limits;
use super::vdev_queue_legacy::LegacyLimits;
use crate::curves::{AsyncWriteCurve, AsyncWriteParams, DelayParams};
use crate::scenario::{Scenario, SyncKick};
use crate::schema::Id;

/// A Linux clock tick (`delay()`, `ddi_get_lbolt64()`) [ns]: 4 ms, HZ=250 as Debian and
/// Ubuntu build their kernels.
const LINUX_TICK_NS: u64 = 4_000_000;

/// `zfs_vdev_write_gap_limit` (vdev_queue.c): 4 KiB at every tag from 0.6.4 to 2.4.0. Not
/// a scenario tunable: it only bounds the stretch of an aggregate over RAID-Z padding
/// writes (`VdevQueue::aggregate`), never a gap writes merge across.
const WRITE_GAP_LIMIT: u64 = 4 << 10;

/// Numbers from the tunables that the hot path reads.
pub(super) struct Knobs {
    pub(super) dirty_max: u64,
    /// `arc_c_max`, the ARC at its target when warm [bytes].
    pub(super) arc_max: u64,
    pub(super) delay: DelayParams,
    /// `vdev_queue_max_async_writes()`'s curve, its two points computed once (the tunables
    /// never change in a run).
    pub(super) async_write_curve: AsyncWriteCurve,
    /// `delay.min_bytes()` and `wrlog.min_bytes()`, the dirty and log bytes above which a
    /// transaction is delayed, computed once with the same integer operations.
    pub(super) delay_min_bytes: u64,
    pub(super) wrlog_min_bytes: u64,
    /// Half and a quarter of `arc_max` (`arc_tempreserve_space()`'s limits), as
    /// `arc_max * 50 / 100` and `arc_max * 25 / 100` as release builds compute them.
    pub(super) arc_half: u64,
    pub(super) arc_quarter: u64,
    /// What kicks a txg to sync early, by release, and the dirty bytes above which it does
    /// (per txg from 2.2, pool-wide before).
    pub(super) sync_kick: SyncKick,
    pub(super) sync_kick_bytes: u64,
    /// Before 0.8 a kick while a txg quiesces is remembered (`Release::kicks_while_quiescing`).
    pub(super) kick_while_quiescing: bool,
    pub(super) txg_timeout_ns: u64,
    pub(super) limits_rotational: Limits,
    pub(super) limits_non_rotating: Limits,
    pub(super) legacy_queue: LegacyLimits,
    /// `zfs_scrub_min_time_ms`, `zfs_resilver_min_time_ms` [ms].
    pub(super) scrub_min_time_ms: u64,
    pub(super) resilver_min_time_ms: u64,
    /// `zfs_scan_vdev_limit`: scan bytes in flight per data disk of a top-level vdev.
    pub(super) scan_vdev_limit: u64,
    /// Before 0.8: `zfs_top_maxinflight`, and the scan's delay per block while the pool is
    /// busy (`zfs_scrub_delay`, `zfs_resilver_delay`) and the busy window (`zfs_scan_idle`),
    /// in ns.
    pub(super) top_maxinflight: u64,
    pub(super) scrub_delay_ns: u64,
    pub(super) resilver_delay_ns: u64,
    pub(super) scan_idle_ns: u64,
    /// Dirty data at which a scan phase may stop early: from 2.2 in bytes
    /// (`scan_io_queue_check_suspend()`'s `dirty_min_bytes`), before as a percent of
    /// `zfs_dirty_data_max` (`zfs_vdev_async_write_active_min_dirty_percent`).
    pub(super) scan_dirty_min_bytes: u64,
    pub(super) scan_dirty_min_percent: u64,
    /// The log-data throttle (2.2+): the delay curve over `zfs_wrlog_data_max` (0: twice
    /// `zfs_dirty_data_max`, as `arc_init()` sets it) instead of `zfs_dirty_data_max`.
    pub(super) wrlog: DelayParams,
    /// Per-txg log bytes above which the txg is kicked to sync (`dsl_pool_wrlog_count()`).
    pub(super) wrlog_kick_bytes: u64,
    pub(super) commit_timeout_pct: u64,
    /// `zil_slog_limit` (0.6.4 and 0.6.5; none from 0.7.0, which has `zil_slog_bulk`).
    pub(super) zil_slog_limit: Option<u64>,
    /// `zil_slog_bulk` (0.7 on; none before, when every log block is a sync write).
    pub(super) zil_slog_bulk: Option<u64>,
    /// The log-data throttle exists (2.2+).
    pub(super) wrlog_enabled: bool,
}

impl Knobs {
    pub fn new(s: &Scenario) -> Self {
        let t = &s.tunables;
        let g = |id: Id| t.get(id);
        let g32 = |id: Id| u32::try_from(t.get(id)).unwrap_or(u32::MAX);
        let base = Limits {
            min_active: [
                g32(Id::SyncReadMinActive),
                g32(Id::SyncWriteMinActive),
                g32(Id::AsyncReadMinActive),
                g32(Id::AsyncWriteMinActive),
                g32(Id::ScrubMinActive),
            ],
            max_active: [
                g32(Id::SyncReadMaxActive),
                g32(Id::SyncWriteMaxActive),
                g32(Id::AsyncReadMaxActive),
                g32(Id::AsyncWriteMaxActive),
                g32(Id::ScrubMaxActive),
            ],
            vdev_max_active: g32(Id::VdevMaxActive),
            aggregation_limit: g(Id::AggregationLimit),
            read_gap_limit: g(Id::ReadGapLimit),
            write_gap_limit: WRITE_GAP_LIMIT,
            optional_past_limit: s.models.release.optional_past_aggregation_limit(),
            max_block: s.models.release.spa_maxblocksize(),
            per_class_aggregation: s.models.release.aggregates_per_class(),
            nia_credit: g32(Id::NiaCredit),
            nia_delay: g32(Id::NiaDelay),
            nia: s.models.release.has_nia_credit(),
            min_pass: s.models.release.min_pass(),
            time_buckets: s.models.release.queue_time_buckets(),
            elevator_from_end: s.models.release.elevator_from_end(),
        };
        let delay = DelayParams::from(t);
        let wrlog_max = match g(Id::WrlogDataMax) {
            0 => g(Id::DirtyDataMax).saturating_mul(2),
            set => set,
        };
        let wrlog = DelayParams { dirty_max: wrlog_max, ..delay };
        let arc_max = g(Id::ArcMax);
        Knobs {
            dirty_max: g(Id::DirtyDataMax),
            delay_min_bytes: delay.min_bytes(),
            wrlog_min_bytes: wrlog.min_bytes(),
            arc_half: arc_max.wrapping_mul(50) / 100,
            arc_quarter: arc_max.wrapping_mul(25) / 100,
            // The tunables carry the release (`resolve.rs`), and with it the order of tests.
            async_write_curve: AsyncWriteCurve::from(&AsyncWriteParams::from(t)),
            arc_max,
            delay,
            sync_kick: s.models.release.sync_kick(),
            kick_while_quiescing: s.models.release.kicks_while_quiescing(),
            sync_kick_bytes: match s.models.release.sync_kick() {
                SyncKick::PoolBytes => g(Id::DirtyDataSync),
                SyncKick::PoolPercent | SyncKick::TxgPercent => {
                    g(Id::DirtyDataMax).saturating_mul(g(Id::DirtyDataSyncPercent)) / 100
                }
            },
            wrlog_enabled: s.models.release.has_wrlog_throttle(),
            txg_timeout_ns: g(Id::TxgTimeout).saturating_mul(1_000_000_000),
            // One aggregation limit for every device before 0.8.0.
            limits_non_rotating: Limits {
                aggregation_limit: if s.models.release.has(Id::AggregationLimitNonRotating) {
                    g(Id::AggregationLimitNonRotating)
                } else {
                    g(Id::AggregationLimit)
                },
                ..base.clone()
            },
            legacy_queue: LegacyLimits {
                max_pending: g32(Id::VdevMaxPending),
                min_pending: g32(Id::VdevMinPending),
                ramp_rate: g32(Id::VdevRampRate),
                time_shift: g32(Id::VdevTimeShift),
                // The legacy code had one aggregation limit for every device.
                aggregation_limit: g(Id::AggregationLimit),
                read_gap_limit: g(Id::ReadGapLimit),
            },
            limits_rotational: base,
            scrub_min_time_ms: g(Id::ScrubMinTimeMs),
            resilver_min_time_ms: g(Id::ResilverMinTimeMs),
            scan_vdev_limit: g(Id::ScanVdevLimit),
            top_maxinflight: g(Id::TopMaxinflight),
            scrub_delay_ns: g(Id::ScrubDelay).saturating_mul(LINUX_TICK_NS),
            resilver_delay_ns: g(Id::ResilverDelay).saturating_mul(LINUX_TICK_NS),
            scan_idle_ns: g(Id::ScanIdle).saturating_mul(LINUX_TICK_NS),
            scan_dirty_min_bytes: g(Id::DirtyDataMax).saturating_mul(g(Id::AsyncWriteActiveMinDirtyPercent)) / 100,
            scan_dirty_min_percent: g(Id::AsyncWriteActiveMinDirtyPercent),
            wrlog,
            wrlog_kick_bytes: wrlog_max.saturating_mul(g(Id::DirtyDataSyncPercent) + 10) / 200,
            // Before 0.8.0 the ZIL had no commit timeout (`zil.c`): its batches
            // (`ZilIssue::Batch`) wait for none, so this 5% (the tunable's first default)
            // is never used.
            commit_timeout_pct: if s.models.release.has(Id::CommitTimeoutPct) {
                g(Id::CommitTimeoutPct).max(1)
            } else {
                5
            },
            zil_slog_limit: s.models.release.has(Id::ZilSlogLimit).then(|| g(Id::ZilSlogLimit)),
            zil_slog_bulk: s.models.release.has(Id::ZilSlogBulk).then(|| g(Id::ZilSlogBulk)),
        }
    }
}
