//! The run's summary: per I/O class, for the clients (writes, reads, fsyncs), the write
//! throttle, the backend as rw.d sees it, and how square the wave of backend writes is
//! (picket-fencing, S5), over the time the summaries cover.

use super::latency::Summary;
use super::rates::{bytes_per_s, coefficient_of_variation, per_s, ratio};
use crate::schema::Id;
use crate::sim::vdev_queue::CLASSES;
use crate::sim::{Sim, ThrottleCounters};
use serde::Serialize;
use std::collections::BTreeMap;

/// Summary of one I/O class across the run.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ClassReport {
    #[serde(flatten)]
    pub latency: Summary,
    pub iops: f64,
    pub bytes_per_s: u64,
    pub queue_wait_mean_ns: u64,
    pub disk_wait_mean_ns: u64,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ThrottleReport {
    #[serde(flatten)]
    pub counters: ThrottleCounters,
    /// Delayed transactions as a fraction of all transactions.
    pub delayed_fraction: f64,
}

#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SummaryReport {
    /// The simulated time the summaries cover [ns] (after steady state, or the whole run).
    pub measured_ns: u64,
    pub classes: BTreeMap<&'static str, ClassReport>,
    pub client_write: Summary,
    pub client_write_ops_per_s: f64,
    pub client_write_bytes_per_s: u64,
    pub client_read: Summary,
    pub client_read_bytes_per_s: u64,
    pub client_fsync: Summary,
    pub throttle: ThrottleReport,
    pub backend: BackendReport,
    pub picket_fence: PicketFence,
}

impl SummaryReport {
    /// The summary of `sim` over the `elapsed` ns the summaries cover.
    pub fn of(sim: &Sim, elapsed: u64) -> SummaryReport {
        let r = sim.recorder();
        let classes = CLASSES
            .iter()
            .map(|&c| {
                let s = &r.classes[c.index()];
                let report = ClassReport {
                    latency: Summary::of(&s.total),
                    iops: per_s(s.total.count, elapsed),
                    bytes_per_s: bytes_per_s(s.bytes, elapsed),
                    queue_wait_mean_ns: s.queue.mean(),
                    disk_wait_mean_ns: s.disk.mean(),
                };
                (c.name(), report)
            })
            .collect();
        SummaryReport {
            measured_ns: elapsed,
            classes,
            client_write: Summary::of(&r.client_write),
            client_write_ops_per_s: per_s(r.client_write.count, elapsed),
            client_write_bytes_per_s: bytes_per_s(r.client_bytes - r.client_bytes_before, elapsed),
            client_read: Summary::of(&r.client_read),
            client_read_bytes_per_s: bytes_per_s(r.client_read_bytes - r.client_read_bytes_before, elapsed),
            client_fsync: Summary::of(&r.client_fsync),
            throttle: ThrottleReport {
                counters: r.throttle.clone(),
                delayed_fraction: ratio(r.throttle.delayed, r.throttle.transactions),
            },
            backend: BackendReport {
                device_read: Summary::of(&r.device[0]),
                device_write: Summary::of(&r.device[1]),
                read_bytes_per_s: bytes_per_s(r.io.2 - r.io_before.2, elapsed),
                write_bytes_per_s: bytes_per_s(r.io.3 - r.io_before.3, elapsed),
                read_iops: per_s(r.issued.0 - r.issued_before.0, elapsed),
                write_iops: per_s(r.issued.1 - r.issued_before.1, elapsed),
                write_aggregation: ratio(r.io.1 - r.io_before.1, r.issued.1 - r.issued_before.1),
            },
            picket_fence: PicketFence::of(sim),
        }
    }
}

impl PicketFence {
    fn of(sim: &Sim) -> PicketFence {
        let r = sim.recorder();
        let s = sim.scenario();
        // The first txg timeout is left out: the first sync comes at its end whatever the load.
        let timeout_ns = s.tunables.get(Id::TxgTimeout).saturating_mul(1_000_000_000);
        let skip = (timeout_ns / s.report_interval_ns.max(1)) as usize;
        let during = r.read_during_sync.quantile(0.99);
        let between = r.read_between_syncs.quantile(0.99);
        PicketFence {
            write_cv: coefficient_of_variation(r.series.write_bytes_per_s.get(skip..).unwrap_or(&[])),
            read_p99_during_sync_ns: during,
            read_p99_between_syncs_ns: between,
            read_p99_ratio: if during == 0 || between == 0 { 0.0 } else { ratio(during, between) },
        }
    }
}
