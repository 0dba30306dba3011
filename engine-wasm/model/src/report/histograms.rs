//! The report's distributions: `zpool iostat -w` power-of-two buckets per I/O class (total,
//! queue and disk wait), the clients' and the device's, and `delay-mintime`'s.

use crate::sim::record::{ClassStats, Recorder};
use crate::sim::stats::LatencyStats;
use crate::sim::vdev_queue::CLASSES;
use serde::Serialize;
use std::collections::BTreeMap;

/// `zpool iostat -w` buckets per class, and the client and delay distributions.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
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
    /// `dmu_tx_assign()` calls by time taken, in the kstat's 42 buckets (bucket i: up to 2^i ns).
    pub dmu_tx_assign: Vec<u64>,
}

impl Histograms {
    pub fn of(r: &Recorder) -> Histograms {
        let per_class = |f: fn(&ClassStats) -> &LatencyStats| -> BTreeMap<&'static str, Vec<u64>> {
            CLASSES.iter().map(|&c| (c.name(), f(&r.classes[c.index()]).pow2.to_vec())).collect()
        };
        Histograms {
            total_wait: per_class(|s| &s.total),
            queue_wait: per_class(|s| &s.queue),
            disk_wait: per_class(|s| &s.disk),
            client_write: r.client_write.pow2.to_vec(),
            client_read: r.client_read.pow2.to_vec(),
            device_read: r.device[0].pow2.to_vec(),
            device_write: r.device[1].pow2.to_vec(),
            delay_mintime: r.delay_mintime.pow2.to_vec(),
            dmu_tx_assign: r.tx_assign.to_vec(),
        }
    }
}
