//! The run's time series: one value per report interval, as columns, sampled from the
//! recorder's per-interval accumulators at the end of each interval; the steady-state
//! tracker reads each row as it is taken.

use super::client_waits::WaitCause;
use super::stats::POW2_BUCKETS;
use super::vdev_queue::{Class, CLASSES};
use super::{Ev, Sim};
use serde::Serialize;
use std::collections::BTreeMap;

/// One value per report interval, as columns; `t_ns` is each interval's end.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Series {
    pub interval_ns: u64,
    pub t_ns: Vec<u64>,
    pub dirty_bytes: Vec<u64>,
    pub read_bytes_per_s: Vec<u64>,
    pub write_bytes_per_s: Vec<u64>,
    /// Where the release's `zpool iostat` counts a mirror's or RAID-Z's writes once per
    /// block (until 0.6.5, illumos): the pool row's write bandwidth, which is not the
    /// leaves' (`write_bytes_per_s`, the pool row from 0.7). Empty otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub pool_write_bytes_per_s: Vec<u64>,
    pub async_write_limit: Vec<u32>,
    pub async_writes_active: Vec<u32>,
    pub delayed_txs: Vec<u64>,
    pub client_write_bytes_per_s: Vec<u64>,
    /// Bytes client reads returned per second (the read calls that finished in the
    /// interval, ARC hits included): what the reading program sees.
    pub client_read_bytes_per_s: Vec<u64>,
    pub client_write_mean_ns: Vec<u64>,
    pub class_mean_ns: BTreeMap<&'static str, Vec<u64>>,
    pub class_max_ns: BTreeMap<&'static str, Vec<u64>>,
    /// Per class, the I/Os queued and issued on all leaves at the interval's end, as
    /// `zpool iostat -q` prints the pool's `pend` and `activ` (instantaneous, not averaged).
    pub class_pending: BTreeMap<&'static str, Vec<u32>>,
    pub class_active: BTreeMap<&'static str, Vec<u32>>,
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
    // `default` tells the TypeScript type that the field may be absent; it is only written.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub alloc_best_fit_percent: Vec<u64>,
    /// Client reads finished in each interval by power-of-two latency bucket, flat: the
    /// interval's [`POW2_BUCKETS`] counts one after another (a latency heat map).
    pub read_latency_buckets: Vec<u32>,
    /// The writer threads' time in each interval by what they were doing or waiting for
    /// (`WaitCause`, by name; `idle` between calls) [ns]: per interval the causes sum to
    /// the interval times the writer threads. Empty with no writers.
    pub writer_wait_ns: BTreeMap<&'static str, Vec<u64>>,
    /// With a scrub or resilver: bytes it issued per second, and its progress as `zpool
    /// status` computes it (issued of the bytes to examine, in percent), to four decimals
    /// where the command prints two, so that a long scan's progress is not a staircase.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scan_issued_bytes_per_s: Vec<u64>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub scan_percent_done: Vec<f64>,
}

/// Per-interval accumulators, reset at each sample.
#[derive(Default)]
pub(super) struct Interval {
    pub(super) bytes_read: u64,
    pub(super) bytes_written: u64,
    pub(super) delayed: u64,
    pub(super) class_sum: [u128; 5],
    pub(super) class_count: [u64; 5],
    pub(super) class_max: [u64; 5],
    pub(super) write_sum: u128,
    pub(super) write_count: u64,
    pub(super) client_bytes: u64,
    pub(super) client_read_bytes: u64,
    pub(super) read_buckets: Buckets,
    /// The writers' time by cause (indexed as `WaitCause::ALL`) [ns].
    pub(super) writer_wait: [u64; WaitCause::ALL.len()],
    /// Issued I/Os completed, and for writes the queued I/Os they carried.
    pub(super) issued: u64,
    pub(super) write_members: u64,
    pub(super) write_issued: u64,
    /// Issue-to-completion latency of the issued I/Os completed (rw.d's view).
    pub(super) device_sum: u128,
}

/// One interval's power-of-two histogram.
pub(super) struct Buckets(pub(super) [u32; POW2_BUCKETS]);

impl Default for Buckets {
    fn default() -> Self {
        Buckets([0; POW2_BUCKETS])
    }
}

impl Sim {
    /// End of a report interval: one row of every series.
    pub(super) fn sample(&mut self) {
        self.check_waits();
        self.writer_waits_to_sample();
        let writers = self.writers();
        let scan = self.scan_progress();
        let interval = std::mem::take(&mut self.rec.now_interval);
        let span = self.rec.interval_ns;
        let pool_written = std::mem::take(&mut self.rec.vdevs.interval_pool_written);
        let active: u32 = self.leaves.iter().map(|l| l.queue.active(Class::AsyncWrite)).sum();
        let limit = self.async_write_limit();
        let s = &mut self.rec.series;
        s.t_ns.push(self.now);
        s.dirty_bytes.push(self.txg.dirty_total);
        s.read_bytes_per_s.push((u128::from(interval.bytes_read) * 1_000_000_000 / u128::from(span)) as u64);
        s.write_bytes_per_s.push((u128::from(interval.bytes_written) * 1_000_000_000 / u128::from(span)) as u64);
        if self.rec.vdevs.own_counts {
            s.pool_write_bytes_per_s.push((u128::from(pool_written) * 1_000_000_000 / u128::from(span)) as u64);
        }
        s.async_write_limit.push(limit);
        s.async_writes_active.push(active);
        s.delayed_txs.push(interval.delayed);
        s.client_write_bytes_per_s.push((u128::from(interval.client_bytes) * 1_000_000_000 / u128::from(span)) as u64);
        s.client_write_mean_ns.push(mean(interval.write_sum, interval.write_count));
        s.client_read_bytes_per_s
            .push((u128::from(interval.client_read_bytes) * 1_000_000_000 / u128::from(span)) as u64);
        if writers > 0 {
            for cause in WaitCause::ALL {
                s.writer_wait_ns.entry(cause.name()).or_default().push(interval.writer_wait[cause as usize]);
            }
        }
        if let Some((to_examine, issued, _)) = scan {
            let this = issued - std::mem::replace(&mut self.rec.scan_issued_at_sample, issued);
            s.scan_issued_bytes_per_s.push((u128::from(this) * 1_000_000_000 / u128::from(span)) as u64);
            // zpool_main.c, print_scan_scrub_resilver_status(): issued / total_i.
            let done = if to_examine == 0 { 100.0 } else { issued as f64 / to_examine as f64 * 100.0 };
            s.scan_percent_done.push((done * 10_000.0).round() / 10_000.0);
        }
        for class in CLASSES {
            let i = class.index();
            s.class_mean_ns.entry(class.name()).or_default().push(mean(interval.class_sum[i], interval.class_count[i]));
            s.class_max_ns.entry(class.name()).or_default().push(interval.class_max[i]);
            let pending: usize = self.leaves.iter().map(|l| l.queue.queued(class)).sum();
            let active: u32 = self.leaves.iter().map(|l| l.queue.active(class)).sum();
            s.class_pending.entry(class.name()).or_default().push(u32::try_from(pending).unwrap_or(u32::MAX));
            s.class_active.entry(class.name()).or_default().push(active);
        }
        s.open_txg.push(self.txg.open);
        s.syncing_txg.push(self.txg.syncing_txg());
        s.read_latency_buckets.extend_from_slice(&interval.read_buckets.0);
        s.ops_per_s.push((u128::from(interval.issued) * 1_000_000_000 / u128::from(span)) as u64);
        let (sum, count) = (interval.device_sum, interval.issued);
        s.latency_mean_ns.push(mean(sum, count));
        let aggregation =
            (interval.write_issued > 0).then(|| interval.write_members as f64 / interval.write_issued as f64);
        s.write_aggregation.push(aggregation.map_or(0.0, |a| (a * 1000.0).round() / 1000.0));
        // Steady-state metrics; an interval with no I/O of a kind has no latency or aggregation.
        let bandwidth =
            (u128::from(interval.bytes_read + interval.bytes_written) * 1_000_000_000 / u128::from(span)) as f64;
        let sample = [
            Some(*s.ops_per_s.last().unwrap_or(&0) as f64),
            Some(bandwidth),
            (count > 0).then(|| mean(sum, count) as f64),
            Some(self.txg.dirty_total as f64),
            self.rec.last_sync_ns().map(|ns| ns as f64),
            aggregation,
        ];
        if self.placement.is_some() {
            let (best, all) = self.best_fit_allocations();
            let (best0, all0) = self.rec.alloc_at_sample;
            self.rec.alloc_at_sample = (best, all);
            let share = (best - best0) * 100 / (all - all0).max(1);
            self.rec.series.alloc_best_fit_percent.push(share);
        }
        let per_s = |n: u64| (u128::from(n) * 1_000_000_000 / u128::from(span)) as u64;
        for (i, name) in self.rec.tenant_names.iter().enumerate() {
            let t = &mut self.rec.tenants[i];
            let zone = self.zones.tenants.get(i);
            let s = &mut self.rec.series;
            s.tenant_read_ops_per_s.entry(name.clone()).or_default().push(per_s(t.interval_reads));
            s.tenant_read_mean_ns.entry(name.clone()).or_default().push(mean(t.interval_read_sum, t.interval_reads));
            s.tenant_write_bytes_per_s.entry(name.clone()).or_default().push(per_s(t.interval_write_bytes));
            s.tenant_delay_ns.entry(name.clone()).or_default().push(zone.map_or(0, |z| z.delay_us * 1000));
            s.tenant_utilization.entry(name.clone()).or_default().push(zone.map_or(0, |z| z.util));
            (t.interval_reads, t.interval_read_sum, t.interval_write_bytes) = (0, 0, 0);
        }
        if self.steady.push(self.now, sample) {
            self.steady_reached();
        }
        if self.now + span <= self.scenario.duration_ns {
            self.events.push(self.now + span, Ev::Sample);
        }
    }
}

fn mean(sum: u128, count: u64) -> u64 {
    if count == 0 {
        0
    } else {
        (sum / u128::from(count)) as u64
    }
}
