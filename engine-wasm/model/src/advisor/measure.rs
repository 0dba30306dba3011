//! What the advisor reads from each candidate's report: the figures a symptom minimises
//! and a guard keeps, each one number, or nothing when the run has nothing to measure it
//! by (no readers, no scan). Read from the report's summaries over the whole run, and from
//! its series for what the application sees over time.

use crate::report::Report;
use crate::scenario::Workload;
use serde::Serialize;
use std::collections::BTreeMap;

/// A figure the advisor compares between runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Metric {
    /// Client write latency, p99 [ns].
    WriteLatency,
    /// Client write latency, p99.9 [ns]: the slowest writes, where stalls show.
    WriteStall,
    /// The first second's client write throughput over the sustained one (the run's
    /// second half): how far "fast, then slow" falls [ratio].
    Cliff,
    /// Client write throughput over the run's second half [bytes/s]: what the writers
    /// sustain once dirty data has filled, not the burst into empty memory.
    WriteThroughput,
    /// Client read latency, p99 [ns].
    ReadLatency,
    /// Scrub or resilver I/O issued in the scrub class [bytes/s]: how fast the scan goes.
    ScanRate,
    /// The sync-write class's latency at the vdevs (the ZIL's log writes that O_DSYNC and
    /// fsync callers wait on), p99 [ns].
    SyncWriteLatency,
    /// The longest txg sync, one still syncing at the end counted to the end [ns]: a sync
    /// held long (by a scan's minimum time, say) leaves dirty data waiting behind it.
    TxgSync,
}

/// Which way is better.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Better {
    Lower,
    Higher,
}

/// What a metric's numbers are in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MeasureUnit {
    Nanoseconds,
    BytesPerSecond,
    Ratio,
}

/// A metric as the app lists it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MetricInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub label: &'static str,
    pub better: Better,
    pub unit: MeasureUnit,
}

/// Every metric, in the order tables show them.
pub const METRICS: [Metric; 8] = [
    Metric::WriteLatency,
    Metric::WriteStall,
    Metric::Cliff,
    Metric::WriteThroughput,
    Metric::ReadLatency,
    Metric::ScanRate,
    Metric::SyncWriteLatency,
    Metric::TxgSync,
];

impl Metric {
    /// The name the command line and the app use.
    pub fn name(self) -> &'static str {
        match self {
            Metric::WriteLatency => "write-latency",
            Metric::WriteStall => "write-stall",
            Metric::Cliff => "cliff",
            Metric::WriteThroughput => "write-throughput",
            Metric::ReadLatency => "read-latency",
            Metric::ScanRate => "scan-rate",
            Metric::SyncWriteLatency => "sync-write-latency",
            Metric::TxgSync => "txg-sync",
        }
    }

    pub fn from_name(name: &str) -> Option<Metric> {
        METRICS.into_iter().find(|m| m.name() == name)
    }

    /// What it is, short enough for an axis.
    pub fn title(self) -> &'static str {
        match self {
            Metric::WriteLatency => "client write p99",
            Metric::WriteStall => "client write p99.9",
            Metric::Cliff => "first second over sustained writes",
            Metric::WriteThroughput => "sustained client writes",
            Metric::ReadLatency => "client read p99",
            Metric::ScanRate => "scan rate",
            Metric::SyncWriteLatency => "sync write p99",
            Metric::TxgSync => "longest txg sync",
        }
    }

    /// A label for a table's column, at most 14 characters.
    pub fn label(self) -> &'static str {
        match self {
            Metric::WriteLatency => "write p99",
            Metric::WriteStall => "write p99.9",
            Metric::Cliff => "fast/sustained",
            Metric::WriteThroughput => "write rate",
            Metric::ReadLatency => "read p99",
            Metric::ScanRate => "scan rate",
            Metric::SyncWriteLatency => "sync write p99",
            Metric::TxgSync => "longest sync",
        }
    }

    pub fn unit(self) -> MeasureUnit {
        match self {
            Metric::WriteThroughput | Metric::ScanRate => MeasureUnit::BytesPerSecond,
            Metric::Cliff => MeasureUnit::Ratio,
            _ => MeasureUnit::Nanoseconds,
        }
    }

    pub fn info(self) -> MetricInfo {
        MetricInfo {
            name: self.name(),
            title: self.title(),
            label: self.label(),
            better: self.better(),
            unit: self.unit(),
        }
    }

    pub fn better(self) -> Better {
        match self {
            Metric::WriteThroughput | Metric::ScanRate => Better::Higher,
            _ => Better::Lower,
        }
    }

    /// Its value in `m`, if the run measured it.
    pub fn of(self, m: &Measures) -> Option<f64> {
        m.0.get(&self).copied()
    }

    /// `value` for reading, in the metric's unit (`82.8 ms`, `100.3 MB/s`, `2.4x`).
    pub fn show(self, value: f64) -> String {
        match self {
            Metric::WriteThroughput | Metric::ScanRate => format!("{:.1} MB/s", value / 1e6),
            Metric::Cliff if value >= 1e4 => format!("{value:.1e}x"),
            Metric::Cliff => format!("{value:.2}x"),
            _ if value >= 1e9 => format!("{:.2} s", value / 1e9),
            _ if value >= 1e6 => format!("{:.1} ms", value / 1e6),
            _ => format!("{:.0} us", value / 1e3),
        }
    }

    /// The smallest gain ([`Self::gain`]) the metric can tell from none: a percentile is
    /// read from a histogram whose buckets are up to 1/32 of their values wide, so two runs
    /// closer than that may differ only by where a bucket's edge fell; the other metrics
    /// are exact sums and times.
    pub fn resolution(self) -> f64 {
        match self {
            Metric::WriteLatency | Metric::WriteStall | Metric::ReadLatency | Metric::SyncWriteLatency => {
                crate::sim::stats::QUANTILE_RESOLUTION
            }
            _ => 0.0,
        }
    }

    /// How much better `value` is than `base`, as a signed fraction of `base` (positive:
    /// better); 0 when `base` is 0.
    pub fn gain(self, base: f64, value: f64) -> f64 {
        if base == 0.0 {
            return 0.0;
        }
        match self.better() {
            Better::Lower => (base - value) / base,
            Better::Higher => (value - base) / base,
        }
    }
}

/// One run's figures by metric; a metric is missing where the run had nothing to measure
/// it by.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Measures(pub BTreeMap<Metric, f64>);

impl Measures {
    pub fn of(r: &Report) -> Measures {
        let s = &r.summary;
        let writes = s.client_write.count > 0;
        let workloads = &r.scenario.workloads;
        let scans = workloads.iter().any(|w| matches!(w, Workload::Scrub { .. } | Workload::Resilver { .. }));
        let sync_writers = workloads.iter().any(|w| matches!(w, Workload::SyncWrite { .. }));
        let class = |name: &str| s.classes.get(name);
        let (first, sustained) = first_and_sustained(&r.series.client_write_bytes_per_s, r.series.interval_ns);
        let mut m = BTreeMap::new();
        let mut put = |metric: Metric, value: Option<f64>| {
            if let Some(v) = value {
                m.insert(metric, v);
            }
        };
        let p = |ns: u64| writes.then_some(ns as f64);
        put(Metric::WriteLatency, p(s.client_write.p99_ns));
        put(Metric::WriteStall, p(s.client_write.p999_ns));
        // A run whose writers stalled outright has a sustained rate of 0: the fall is from
        // the first second to (almost) nothing, so at least the first second's bytes over
        // one byte a second.
        put(Metric::Cliff, (writes && first > 0.0).then(|| first / sustained.max(1.0)));
        put(Metric::WriteThroughput, writes.then_some(sustained));
        put(Metric::ReadLatency, (s.client_read.count > 0).then_some(s.client_read.p99_ns as f64));
        put(Metric::ScanRate, scans.then(|| class("scrub").map_or(0.0, |c| c.bytes_per_s as f64)));
        put(
            Metric::SyncWriteLatency,
            class("sync_write").filter(|c| sync_writers && c.latency.count > 0).map(|c| c.latency.p99_ns as f64),
        );
        put(Metric::TxgSync, longest_sync(r));
        Measures(m)
    }
}

/// The longest txg sync of the run [ns], a sync still going at the end counted from the
/// first sample that saw it syncing (a report interval early at most); `None` if no txg
/// synced or started syncing.
fn longest_sync(r: &Report) -> Option<f64> {
    let done = r.txgs.iter().map(|t| t.stime).max();
    let s = &r.series;
    let going = match s.syncing_txg.last() {
        Some(&txg) if txg != 0 => {
            let first = s.syncing_txg.iter().position(|&t| t == txg).unwrap_or(0);
            let since = s.t_ns.get(first).map_or(0, |t| t.saturating_sub(s.interval_ns));
            Some(r.simulated_ns.saturating_sub(since))
        }
        _ => None,
    };
    done.max(going).map(|ns| ns as f64)
}

/// The mean client write throughput of the first second's intervals and of the second
/// half's [bytes/s] (as the app's application panel takes the first second).
fn first_and_sustained(bytes_per_s: &[u64], interval_ns: u64) -> (f64, f64) {
    let mean = |v: &[u64]| if v.is_empty() { 0.0 } else { v.iter().map(|&b| b as f64).sum::<f64>() / v.len() as f64 };
    let n = bytes_per_s.len();
    let first_n = (1_000_000_000 / interval_ns.max(1)).clamp(1, n.max(1) as u64) as usize;
    (mean(&bytes_per_s[..first_n.min(n)]), mean(&bytes_per_s[n / 2..]))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_gains_follow_the_direction() {
        for m in METRICS {
            assert_eq!(Metric::from_name(m.name()), Some(m));
        }
        assert!((Metric::ReadLatency.gain(100.0, 80.0) - 0.2).abs() < 1e-12);
        assert!((Metric::ScanRate.gain(100.0, 80.0) + 0.2).abs() < 1e-12);
        assert_eq!(Metric::ScanRate.gain(0.0, 80.0), 0.0);
    }

    #[test]
    fn the_first_second_and_the_second_half() {
        // 10 intervals of 250 ms: the first four are the first second.
        let v = [900, 900, 900, 900, 100, 100, 100, 100, 100, 100];
        assert_eq!(first_and_sustained(&v, 250_000_000), (900.0, 100.0));
        assert_eq!(first_and_sustained(&[], 250_000_000), (0.0, 0.0));
        // Intervals longer than a second: the first one stands for it.
        assert_eq!(first_and_sustained(&[5, 1, 1], 2_000_000_000), (5.0, 1.0));
    }
}
