//! What a run records as it goes: latency statistics per I/O class, per client and per
//! tenant, the per-interval accumulators the series are sampled from (`series.rs`), the
//! `txgs` kstat rows, and counters of the invariants the engine must keep. The report
//! (`report/`) is computed from these once the run, or a slice of it, is over.

use super::client_waits::WaitCause;
use super::dmu_tx::ThrottleCounters;
use super::dsl_pool_tempreserve::LegacyTxg;
use super::series::{Interval, Series};
use super::stats::{pow2_bucket, LatencyStats};
use super::txg::SyncCause;
use super::vdev_queue::{Class, Kind, Limits, VdevQueue};
use super::vdev_stats::VdevStats;
use crate::evidence::kstat::{tx_assign_bucket, TX_ASSIGN_BUCKETS};
use crate::scenario::Scenario;
use serde::Serialize;

/// One row of the `txgs` kstat (`/proc/spl/kstat/zfs/<pool>/txgs`), times in ns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// Why its sync started (not a kstat column: the lab's own, from `txg.rs`).
    pub cause: SyncCause,
    /// The legacy throttle's figures, when it ran.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub legacy: Option<LegacyTxg>,
}

/// Counts of broken invariants (all zero in a correct run) and the figures they bound.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// Client threads found blocked with no named cause, summed over the samples.
    pub waits_without_cause: u64,
}

/// What one tenant (zone) saw at the system-call level, as vfsstat shows it.
#[derive(Default)]
pub struct TenantStats {
    pub reads: LatencyStats,
    pub writes: LatencyStats,
    pub write_bytes: u64,
    pub read_bytes: u64,
    pub delays: u64,
    pub delay_ns: u64,
    /// This interval's reads, their latency sum, and bytes written.
    pub(super) interval_reads: u64,
    pub(super) interval_read_sum: u128,
    pub(super) interval_write_bytes: u64,
}

/// One I/O class at the leaves: bytes, and latency in total, queued and at the disk.
#[derive(Default)]
pub struct ClassStats {
    pub bytes: u64,
    pub total: LatencyStats,
    pub queue: LatencyStats,
    pub disk: LatencyStats,
}

/// The run's observer: every mechanism reports what happened to it, and the report is
/// computed from its fields.
pub struct Recorder {
    pub(super) interval_ns: u64,
    pub classes: [ClassStats; 5],
    pub client_write: LatencyStats,
    pub client_read: LatencyStats,
    /// Client reads finished while a sync was writing data, and while none was.
    pub read_during_sync: LatencyStats,
    pub read_between_syncs: LatencyStats,
    pub client_fsync: LatencyStats,
    /// Each issued device I/O, issue to completion, by kind: what rw.d's io:::start/done sees.
    pub device: [LatencyStats; 2],
    pub delay_mintime: LatencyStats,
    /// `dmu_tx_assign()` calls by how long they took, as the per-pool `dmu_tx_assign`
    /// kstat counts them (`spa_tx_assign_add_nsecs()`): bucket i the smallest with
    /// 2^i >= ns, 42 of them (1 ns to 2^41 ns).
    pub tx_assign: [u64; TX_ASSIGN_BUCKETS],
    pub throttle: ThrottleCounters,
    /// Leaf I/Os and bytes completed: (reads, writes, bytes read, bytes written).
    pub io: (u64, u64, u64, u64),
    pub issued: (u64, u64),
    pub(super) now_interval: Interval,
    pub series: Series,
    pub txgs: Vec<TxgRow>,
    pub invariants: Invariants,
    /// Where the summaries start [ns].
    pub measure_from: u64,
    /// Bytes client writes copied in (what an application sees written, whatever the
    /// records and metadata they dirtied), in all and before the summaries start.
    pub client_bytes: u64,
    pub client_bytes_before: u64,
    /// Bytes client reads returned, in all and before the summaries start.
    pub client_read_bytes: u64,
    pub client_read_bytes_before: u64,
    pub io_before: (u64, u64, u64, u64),
    pub issued_before: (u64, u64),
    pub tenants: Vec<TenantStats>,
    pub tenant_names: Vec<String>,
    /// Best-fit and all allocations at the last sample.
    pub(super) alloc_at_sample: (u64, u64),
    /// Times a client began to wait, by cause (indexed as `clients::WaitCause::ALL`).
    pub waits: [u64; WaitCause::ALL.len()],
    /// The scan's bytes issued at the last sample.
    pub(super) scan_issued_at_sample: u64,
    /// Per vdev, what `zpool iostat -v` counts.
    pub vdevs: VdevStats,
}

impl Recorder {
    pub fn new(s: &Scenario) -> Self {
        Recorder {
            interval_ns: s.report_interval_ns,
            classes: Default::default(),
            client_write: LatencyStats::default(),
            client_read: LatencyStats::default(),
            read_during_sync: LatencyStats::default(),
            read_between_syncs: LatencyStats::default(),
            client_fsync: LatencyStats::default(),
            device: Default::default(),
            delay_mintime: LatencyStats::default(),
            tx_assign: [0; TX_ASSIGN_BUCKETS],
            throttle: ThrottleCounters::default(),
            io: (0, 0, 0, 0),
            issued: (0, 0),
            now_interval: Interval::default(),
            series: Series { interval_ns: s.report_interval_ns, ..Series::default() },
            txgs: Vec::new(),
            invariants: Invariants::default(),
            measure_from: 0,
            client_bytes: 0,
            client_bytes_before: 0,
            client_read_bytes: 0,
            client_read_bytes_before: 0,
            io_before: (0, 0, 0, 0),
            issued_before: (0, 0),
            tenants: s.tenants.names.iter().map(|_| TenantStats::default()).collect(),
            tenant_names: s.tenants.names.clone(),
            alloc_at_sample: (0, 0),
            waits: [0; WaitCause::ALL.len()],
            scan_issued_at_sample: 0,
            vdevs: VdevStats::default(),
        }
    }

    /// Starts the summaries and histograms afresh at `now` (steady state was reached); the
    /// series, txgs and invariants keep the whole run.
    pub fn restart_summaries(&mut self, now: u64) {
        self.classes = Default::default();
        self.client_write = LatencyStats::default();
        self.client_read = LatencyStats::default();
        self.read_during_sync = LatencyStats::default();
        self.read_between_syncs = LatencyStats::default();
        self.client_fsync = LatencyStats::default();
        self.device = Default::default();
        self.delay_mintime = LatencyStats::default();
        self.tx_assign = [0; TX_ASSIGN_BUCKETS];
        self.throttle = ThrottleCounters::default();
        // The I/O counters stay cumulative (each txg row counts its own share of them).
        self.io_before = self.io;
        self.issued_before = self.issued;
        self.vdevs.restart();
        self.measure_from = now;
        self.client_bytes_before = self.client_bytes;
        self.client_read_bytes_before = self.client_read_bytes;
        for t in &mut self.tenants {
            let (interval_reads, interval_read_sum, interval_write_bytes) =
                (t.interval_reads, t.interval_read_sum, t.interval_write_bytes);
            *t = TenantStats { interval_reads, interval_read_sum, interval_write_bytes, ..TenantStats::default() };
        }
    }

    /// The zone throttle made a call of `tenant` wait `ns`.
    pub fn zone_delay(&mut self, tenant: usize, ns: u64) {
        if let Some(t) = self.tenants.get_mut(tenant) {
            t.delays += 1;
            t.delay_ns += ns;
        }
    }

    /// The last synced txg's sync time [ns], if any txg has synced.
    pub fn last_sync_ns(&self) -> Option<u64> {
        self.txgs.last().map(|t| t.stime)
    }

    pub fn leaf_io(&mut self, class: Class, bytes: u64, total: u64, queue: u64, disk: u64) {
        self.invariants.leaf_ios_completed += 1;
        let c = &mut self.classes[class.index()];
        c.bytes += bytes;
        c.total.record(total);
        c.queue.record(queue);
        c.disk.record(disk);
        let i = &mut self.now_interval;
        i.class_sum[class.index()] += u128::from(total);
        i.class_count[class.index()] += 1;
        i.class_max[class.index()] = i.class_max[class.index()].max(total);
    }

    /// An issued I/O (possibly an aggregate of `members`) finished after `latency` ns.
    pub fn backend(&mut self, kind: Kind, bytes: u64, members: usize, latency: u64) {
        let m = members as u64;
        self.device[kind as usize].record(latency);
        match kind {
            Kind::Read => {
                self.io.0 += m;
                self.io.2 += bytes;
                self.now_interval.bytes_read += bytes;
            }
            Kind::Write => {
                self.io.1 += m;
                self.io.3 += bytes;
                self.now_interval.bytes_written += bytes;
            }
        }
        match kind {
            Kind::Read => self.issued.0 += 1,
            Kind::Write => {
                self.issued.1 += 1;
                self.now_interval.write_members += m;
                self.now_interval.write_issued += 1;
            }
        }
        self.now_interval.issued += 1;
        self.now_interval.device_sum += u128::from(latency);
    }

    /// When the last report interval was sampled.
    pub fn last_sample(&self) -> Option<u64> {
        self.series.t_ns.last().copied()
    }

    pub fn io_counters(&self) -> (u64, u64, u64, u64) {
        self.io
    }

    pub fn check_issue(&mut self, q: &VdevQueue, class: Class, limits: &Limits, async_max: u32) {
        let max = match class {
            Class::AsyncWrite => async_max,
            _ => limits.max_active[class.index()],
        }
        .max(limits.min_active[class.index()]);
        if q.active(class) > max || q.total_active() > limits.vdev_max_active {
            self.invariants.active_above_max += 1;
        }
    }

    pub fn dirtied(&mut self, bytes: u64, total: u64, dirty_max: u64) {
        self.invariants.dirtied_bytes += bytes;
        self.invariants.max_dirty_over_limit =
            self.invariants.max_dirty_over_limit.max(total.saturating_sub(dirty_max));
    }

    pub fn retired(&mut self, bytes: u64) {
        self.invariants.retired_bytes += bytes;
    }

    /// A transaction was assigned `ns` after it began asking (`dmu_tx_assign()`'s whole wait:
    /// delay, hard limit, ARC, a txg to open; the lab spends no CPU time in the call itself).
    pub fn tx_assigned(&mut self, ns: u64) {
        self.tx_assign[tx_assign_bucket(ns)] += 1;
    }

    pub fn delay_applied(&mut self, tx_time: u64, slept: u64) {
        self.delay_mintime.record(tx_time);
        self.throttle.delayed += 1;
        self.throttle.delay_total_ns += slept;
        self.now_interval.delayed += 1;
    }

    pub fn client_write(&mut self, ns: u64, bytes: u64, tenant: usize) {
        let multi = self.tenants.len() > 1;
        if let Some(t) = self.tenants.get_mut(tenant) {
            // With one tenant its latency is the clients' own, taken from them at the end.
            if multi {
                t.writes.record(ns);
            }
            t.write_bytes += bytes;
            t.interval_write_bytes += bytes;
        }
        self.client_write.record(ns);
        self.now_interval.client_bytes += bytes;
        self.now_interval.write_sum += u128::from(ns);
        self.now_interval.write_count += 1;
    }

    /// A writer thread spent `ns` waiting for `cause` (or idle) in this interval.
    pub fn writer_waited(&mut self, cause: WaitCause, ns: u64) {
        self.now_interval.writer_wait[cause as usize] += ns;
    }

    pub fn client_read(&mut self, ns: u64, during_sync: bool, tenant: usize, bytes: u64) {
        let multi = self.tenants.len() > 1;
        if let Some(t) = self.tenants.get_mut(tenant) {
            if multi {
                t.reads.record(ns);
            }
            t.read_bytes += bytes;
            t.interval_reads += 1;
            t.interval_read_sum += u128::from(ns);
        }
        self.client_read.record(ns);
        self.client_read_bytes += bytes;
        self.now_interval.client_read_bytes += bytes;
        let bucket = &mut self.now_interval.read_buckets.0[pow2_bucket(ns)];
        *bucket = bucket.saturating_add(1);
        if during_sync {
            self.read_during_sync.record(ns);
        } else {
            self.read_between_syncs.record(ns);
        }
    }

    pub fn client_fsync(&mut self, ns: u64) {
        self.client_fsync.record(ns);
    }

    pub fn txg_done(&mut self, row: TxgRow) {
        self.txgs.push(row);
    }
}
