//! The report a run produces: the `txgs` kstat rows, invariant counters, summaries per
//! I/O class, for clients and per tenant, `zpool iostat -w` histograms, and one row per
//! report interval (columns). `record.rs` fills them in.

use super::dmu_tx::ThrottleCounters;
use super::metaslab_alloc::AllocatorReport;
use super::LegacyTxg;
use crate::scenario::Scenario;
use crate::sim::stats::Summary;
use crate::sim::steady::SteadyReport;
use serde::Serialize;
use std::collections::BTreeMap;

/// One row of the `txgs` kstat (`/proc/spl/kstat/zfs/<pool>/txgs`), times in ns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TxgRow {
    pub txg: u64,
    pub birth: u64,
    pub state: &'static str,
    pub ndirty: u64,
    pub nread: u64,
    pub nwritten: u64,
    pub reads: u64,
    pub writes: u64,
    pub otime: u64,
    pub qtime: u64,
    pub wtime: u64,
    pub stime: u64,
    /// The legacy throttle's figures, when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub legacy: Option<LegacyTxg>,
}

/// Counts of broken invariants (all zero in a correct run) and the figures they bound.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct Invariants {
    pub time_went_back: u64,
    pub completed_twice: u64,
    pub txg_out_of_order: u64,
    pub wakeups_too_close: u64,
    /// Issues that left a class above the limit in force when it was issued.
    pub active_above_max: u64,
    /// Most dirty data ever above `zfs_dirty_data_max` [bytes].
    pub max_dirty_over_limit: u64,
    /// Bytes clients dirtied, bytes retired, and dirty data left at the end.
    pub dirtied_bytes: u64,
    pub retired_bytes: u64,
    pub dirty_at_end: u64,
    /// Leaf I/Os queued, completed, and still queued or in flight at the end.
    pub leaf_ios_submitted: u64,
    pub leaf_ios_completed: u64,
    pub leaf_ios_outstanding: u64,
}

/// One tenant (zone) across the run, at the system-call level.
#[derive(Clone, Debug, Serialize)]
pub struct TenantReport {
    pub name: String,
    pub reads: Summary,
    pub writes: Summary,
    pub read_ops_per_s: f64,
    pub write_ops_per_s: f64,
    pub read_bytes_per_s: u64,
    pub write_bytes_per_s: u64,
    /// Calls the zone throttle delayed, and the time they slept [ns].
    pub delays: u64,
    pub delay_total_ns: u64,
    /// The throttle's delay per call at the end [ns] and the last utilisation computed.
    pub delay_now_ns: u64,
    pub utilization: u64,
}

/// Summary of one I/O class across the run.
#[derive(Clone, Debug, Serialize)]
pub struct ClassReport {
    #[serde(flatten)]
    pub latency: Summary,
    pub iops: f64,
    pub bytes_per_s: u64,
    pub queue_wait_mean_ns: u64,
    pub disk_wait_mean_ns: u64,
}

#[derive(Clone, Debug, Serialize)]
pub struct ThrottleReport {
    #[serde(flatten)]
    pub counters: ThrottleCounters,
    /// Delayed transactions as a fraction of all transactions.
    pub delayed_fraction: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct BackendReport {
    /// Latency of each issued read and write at the device (rw.d's view).
    pub device_read: Summary,
    pub device_write: Summary,
    pub read_bytes_per_s: u64,
    pub write_bytes_per_s: u64,
    pub read_iops: f64,
    pub write_iops: f64,
    /// Queued I/Os per issued I/O, for writes: how much aggregation merged.
    pub write_aggregation: f64,
}

/// How square the wave of backend writes is ("picket-fencing", S5).
#[derive(Clone, Debug, Serialize)]
pub struct PicketFence {
    /// Coefficient of variation of backend write throughput over the report intervals
    /// (after the first txg timeout): near 0 is smooth, near 1 or above a square wave.
    pub write_cv: f64,
    /// p99 of client reads that finished while a sync was writing, and while none was.
    pub read_p99_during_sync_ns: u64,
    pub read_p99_between_syncs_ns: u64,
    /// The first over the second (0 when either is missing).
    pub read_p99_ratio: f64,
}

#[derive(Clone, Debug, Serialize)]
pub struct SummaryReport {
    /// The simulated time the summaries cover [ns] (after steady state, or the whole run).
    pub measured_ns: u64,
    pub classes: BTreeMap<&'static str, ClassReport>,
    pub client_write: Summary,
    pub client_write_ops_per_s: f64,
    pub client_write_bytes_per_s: u64,
    pub client_read: Summary,
    pub client_fsync: Summary,
    pub throttle: ThrottleReport,
    pub backend: BackendReport,
    pub picket_fence: PicketFence,
}

/// `zpool iostat -w` buckets per class, and the client and delay distributions.
#[derive(Clone, Debug, Serialize)]
pub struct Histograms {
    pub total_wait: BTreeMap<&'static str, Vec<u64>>,
    pub queue_wait: BTreeMap<&'static str, Vec<u64>>,
    pub disk_wait: BTreeMap<&'static str, Vec<u64>>,
    pub client_write: Vec<u64>,
    pub client_read: Vec<u64>,
    /// Each issued device read and write, issue to completion (rw.d's `io:::start`/`done`).
    pub device_read: Vec<u64>,
    pub device_write: Vec<u64>,
    /// `delay-mintime`'s tx_time of every transaction that slept.
    pub delay_mintime: Vec<u64>,
}

/// One value per report interval, as columns; `t_ns` is each interval's end.
#[derive(Clone, Debug, Default, Serialize)]
pub struct SeriesReport {
    pub interval_ns: u64,
    pub t_ns: Vec<u64>,
    pub dirty_bytes: Vec<u64>,
    pub read_bytes_per_s: Vec<u64>,
    pub write_bytes_per_s: Vec<u64>,
    pub async_write_limit: Vec<u32>,
    pub async_writes_active: Vec<u32>,
    pub delayed_txs: Vec<u64>,
    pub client_write_bytes_per_s: Vec<u64>,
    pub client_write_mean_ns: Vec<u64>,
    pub class_mean_ns: BTreeMap<&'static str, Vec<u64>>,
    pub class_max_ns: BTreeMap<&'static str, Vec<u64>>,
    pub open_txg: Vec<u64>,
    pub syncing_txg: Vec<u64>,
    /// Issued I/Os completed per second, all kinds.
    pub ops_per_s: Vec<u64>,
    /// Mean issue-to-completion latency of the device I/Os completed in the interval, reads
    /// and writes (rw.d's and iostat's view; 0: none).
    pub latency_mean_ns: Vec<u64>,
    /// Queued writes per issued write in the interval (0: no write issued).
    pub write_aggregation: Vec<f64>,
    /// Per tenant (zone) by name: reads per second, their mean latency, bytes written per
    /// second at the system-call level (vfsstat's r/s, read_t and Mw/s), the zone
    /// throttle's delay per call and the tenant's utilisation at the interval's end.
    pub tenant_read_ops_per_s: BTreeMap<String, Vec<u64>>,
    pub tenant_read_mean_ns: BTreeMap<String, Vec<u64>>,
    pub tenant_write_bytes_per_s: BTreeMap<String, Vec<u64>>,
    pub tenant_delay_ns: BTreeMap<String, Vec<u64>>,
    pub tenant_utilization: BTreeMap<String, Vec<u64>>,
    /// With the metaslab allocator: the share of the interval's allocations made by best
    /// fit [%].
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub alloc_best_fit_percent: Vec<u64>,
    /// Client reads finished in each interval by power-of-two latency bucket, flat: the
    /// interval's [`POW2_BUCKETS`] counts one after another (a latency heat map).
    pub read_latency_buckets: Vec<u32>,
}

/// The result of a run.
#[derive(Clone, Debug, Serialize)]
pub struct Report {
    pub engine_version: &'static str,
    pub seed: u64,
    pub events: u64,
    pub simulated_ns: u64,
    /// Why the run stopped early, if it did (the work budget).
    pub truncated: Option<String>,
    pub summary: SummaryReport,
    pub histograms: Histograms,
    pub series: SeriesReport,
    pub txgs: Vec<TxgRow>,
    /// When each metric and the run became steady, and what the summaries cover.
    pub steady: SteadyReport,
    /// Per tenant (zone), the global zone first; the kernel's own I/O counts there.
    pub tenants: Vec<TenantReport>,
    /// The metaslab allocator, when the scenario models it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub allocator: Option<AllocatorReport>,
    pub invariants: Invariants,
    pub scenario: Scenario,
}
