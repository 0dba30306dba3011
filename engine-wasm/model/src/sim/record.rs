//! What a run records as it goes, and how it becomes the report (`report.rs`): per I/O
//! class, per client and per tenant, per report interval, per txg, and counters of the
//! invariants the engine must keep.

use super::dmu_tx::ThrottleCounters;
use super::report::{
    BackendReport, ClassReport, Histograms, Invariants, PicketFence, Report, SeriesReport, SummaryReport, TenantReport,
    ThrottleReport, TxgRow,
};
use super::Sim;
use crate::scenario::Scenario;
use crate::sim::stats::{pow2_bucket, LatencyStats, POW2_BUCKETS};
use crate::sim::vdev_queue::{Class, Kind, Limits, VdevQueue, CLASSES};
use std::collections::BTreeMap;

/// What one tenant (zone) saw at the system-call level, as vfsstat shows it.
#[derive(Default)]
struct TenantStats {
    reads: LatencyStats,
    writes: LatencyStats,
    write_bytes: u64,
    read_bytes: u64,
    delays: u64,
    delay_ns: u64,
    /// This interval's reads, their latency sum, and bytes written.
    interval_reads: u64,
    interval_read_sum: u128,
    interval_write_bytes: u64,
}

#[derive(Default)]
struct ClassStats {
    bytes: u64,
    total: LatencyStats,
    queue: LatencyStats,
    disk: LatencyStats,
}

/// Per-interval accumulators, reset at each sample.
#[derive(Default)]
struct Interval {
    bytes_read: u64,
    bytes_written: u64,
    delayed: u64,
    class_sum: [u128; 5],
    class_count: [u64; 5],
    class_max: [u64; 5],
    write_sum: u128,
    write_count: u64,
    client_bytes: u64,
    read_buckets: Buckets,
    /// Issued I/Os completed, and for writes the queued I/Os they carried.
    issued: u64,
    write_members: u64,
    write_issued: u64,
    /// Issue-to-completion latency of the issued I/Os completed (rw.d's view).
    device_sum: u128,
}

/// One interval's power-of-two histogram.
struct Buckets([u32; POW2_BUCKETS]);

impl Default for Buckets {
    fn default() -> Self {
        Buckets([0; POW2_BUCKETS])
    }
}

pub(super) struct Recorder {
    interval_ns: u64,
    classes: [ClassStats; 5],
    client_write: LatencyStats,
    client_read: LatencyStats,
    /// Client reads finished while a sync was writing data, and while none was.
    read_during_sync: LatencyStats,
    read_between_syncs: LatencyStats,
    client_fsync: LatencyStats,
    /// Each issued device I/O, issue to completion, by kind: what rw.d's io:::start/done sees.
    device: [LatencyStats; 2],
    delay_mintime: LatencyStats,
    pub throttle: ThrottleCounters,
    /// Leaf I/Os and bytes completed: (reads, writes, bytes read, bytes written).
    io: (u64, u64, u64, u64),
    issued: (u64, u64),
    now_interval: Interval,
    series: SeriesReport,
    txgs: Vec<TxgRow>,
    pub invariants: Invariants,
    /// Where the summaries start [ns], and the bytes dirtied before then.
    measure_from: u64,
    dirtied_before: u64,
    io_before: (u64, u64, u64, u64),
    issued_before: (u64, u64),
    tenants: Vec<TenantStats>,
    tenant_names: Vec<String>,
    /// Best-fit and all allocations at the last sample.
    alloc_at_sample: (u64, u64),
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
            throttle: ThrottleCounters::default(),
            io: (0, 0, 0, 0),
            issued: (0, 0),
            now_interval: Interval::default(),
            series: SeriesReport { interval_ns: s.report_interval_ns, ..SeriesReport::default() },
            txgs: Vec::new(),
            invariants: Invariants::default(),
            measure_from: 0,
            dirtied_before: 0,
            io_before: (0, 0, 0, 0),
            issued_before: (0, 0),
            tenants: s.tenants.names.iter().map(|_| TenantStats::default()).collect(),
            tenant_names: s.tenants.names.clone(),
            alloc_at_sample: (0, 0),
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
        self.throttle = ThrottleCounters::default();
        // The I/O counters stay cumulative (each txg row counts its own share of them).
        self.io_before = self.io;
        self.issued_before = self.issued;
        self.measure_from = now;
        self.dirtied_before = self.invariants.dirtied_bytes;
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

fn per_s(count: u64, ns: u64) -> f64 {
    if ns == 0 {
        0.0
    } else {
        (count as f64 * 1e9 / ns as f64 * 100.0).round() / 100.0
    }
}

fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        (a as f64 / b as f64 * 1000.0).round() / 1000.0
    }
}

impl Sim {
    /// End of a report interval: one row of every series.
    pub(super) fn sample(&mut self) {
        let interval = std::mem::take(&mut self.rec.now_interval);
        let span = self.rec.interval_ns;
        let active: u32 = self.leaves.iter().map(|l| l.queue.active(Class::AsyncWrite)).sum();
        let limit = self.async_write_limit();
        let s = &mut self.rec.series;
        s.t_ns.push(self.now);
        s.dirty_bytes.push(self.txg.dirty_total);
        s.read_bytes_per_s.push((u128::from(interval.bytes_read) * 1_000_000_000 / u128::from(span)) as u64);
        s.write_bytes_per_s.push((u128::from(interval.bytes_written) * 1_000_000_000 / u128::from(span)) as u64);
        s.async_write_limit.push(limit);
        s.async_writes_active.push(active);
        s.delayed_txs.push(interval.delayed);
        s.client_write_bytes_per_s.push((u128::from(interval.client_bytes) * 1_000_000_000 / u128::from(span)) as u64);
        s.client_write_mean_ns.push(mean(interval.write_sum, interval.write_count));
        for class in CLASSES {
            let i = class.index();
            s.class_mean_ns.entry(class.name()).or_default().push(mean(interval.class_sum[i], interval.class_count[i]));
            s.class_max_ns.entry(class.name()).or_default().push(interval.class_max[i]);
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
            self.events.push(self.now + span, super::Ev::Sample);
        }
    }

    /// The report of the run so far; a run stopped before its end says so in `truncated`.
    /// It may be called again later in the run.
    pub fn finish(&mut self) -> Report {
        let truncated = match &self.ended {
            Some(why) => why.clone(),
            None => Some(format!("stopped by the caller at {:.3} s simulated", self.now as f64 / 1e9)),
        };
        let elapsed = (self.now - self.rec.measure_from).max(1);
        let summaries = match (self.steady.reached_at(), self.steady.spec().summaries_after_steady) {
            (Some(at), true) => {
                format!("after steady state: {:.3} s to {:.3} s", at as f64 / 1e9, self.now as f64 / 1e9)
            }
            (None, true) => format!("the whole run ({:.3} s): steady state was not reached", self.now as f64 / 1e9),
            (_, false) => format!("the whole run ({:.3} s), as asked", self.now as f64 / 1e9),
        };
        let steady = self.steady.report(summaries);
        let allocator = self.placement_report();
        let r = &mut self.rec;
        r.invariants.dirty_at_end = self.txg.dirty_total;
        r.invariants.leaf_ios_outstanding = self.leaf_ios.len() as u64;
        let classes = CLASSES
            .iter()
            .map(|&c| {
                let s = &r.classes[c.index()];
                let report = ClassReport {
                    latency: s.total.summary(),
                    iops: per_s(s.total.count, elapsed),
                    bytes_per_s: (u128::from(s.bytes) * 1_000_000_000 / u128::from(elapsed)) as u64,
                    queue_wait_mean_ns: s.queue.mean(),
                    disk_wait_mean_ns: s.disk.mean(),
                };
                (c.name(), report)
            })
            .collect();
        let hist = |f: fn(&ClassStats) -> &LatencyStats| -> BTreeMap<&'static str, Vec<u64>> {
            CLASSES.iter().map(|&c| (c.name(), f(&r.classes[c.index()]).pow2.to_vec())).collect()
        };
        let histograms = Histograms {
            total_wait: hist(|s| &s.total),
            queue_wait: hist(|s| &s.queue),
            disk_wait: hist(|s| &s.disk),
            client_write: r.client_write.pow2.to_vec(),
            client_read: r.client_read.pow2.to_vec(),
            device_read: r.device[0].pow2.to_vec(),
            device_write: r.device[1].pow2.to_vec(),
            delay_mintime: r.delay_mintime.pow2.to_vec(),
        };
        let skip = (self.k.txg_timeout_ns / r.interval_ns.max(1)) as usize;
        let during = r.read_during_sync.quantile(0.99);
        let between = r.read_between_syncs.quantile(0.99);
        let picket_fence = PicketFence {
            write_cv: coefficient_of_variation(r.series.write_bytes_per_s.get(skip..).unwrap_or(&[])),
            read_p99_during_sync_ns: during,
            read_p99_between_syncs_ns: between,
            read_p99_ratio: if during == 0 || between == 0 { 0.0 } else { ratio(during, between) },
        };
        let tenants = r
            .tenant_names
            .iter()
            .zip(&r.tenants)
            .enumerate()
            .map(|(i, (name, t))| {
                let single = r.tenant_names.len() == 1;
                let (reads, writes) = if single { (&r.client_read, &r.client_write) } else { (&t.reads, &t.writes) };
                (i, name, t, reads, writes)
            })
            .map(|(i, name, t, reads, writes)| TenantReport {
                name: name.clone(),
                reads: reads.summary(),
                writes: writes.summary(),
                read_ops_per_s: per_s(reads.count, elapsed),
                write_ops_per_s: per_s(writes.count, elapsed),
                read_bytes_per_s: (u128::from(t.read_bytes) * 1_000_000_000 / u128::from(elapsed)) as u64,
                write_bytes_per_s: (u128::from(t.write_bytes) * 1_000_000_000 / u128::from(elapsed)) as u64,
                delays: t.delays,
                delay_total_ns: t.delay_ns,
                delay_now_ns: self.zones.tenants.get(i).map_or(0, |z| z.delay_us * 1000),
                utilization: self.zones.tenants.get(i).map_or(0, |z| z.util),
            })
            .collect();
        let summary = SummaryReport {
            measured_ns: elapsed,
            classes,
            client_write: r.client_write.summary(),
            client_write_ops_per_s: per_s(r.client_write.count, elapsed),
            client_write_bytes_per_s: (u128::from(r.invariants.dirtied_bytes - r.dirtied_before) * 1_000_000_000
                / u128::from(elapsed)) as u64,
            client_read: r.client_read.summary(),
            client_fsync: r.client_fsync.summary(),
            throttle: ThrottleReport {
                counters: r.throttle.clone(),
                delayed_fraction: ratio(r.throttle.delayed, r.throttle.transactions),
            },
            backend: BackendReport {
                device_read: r.device[0].summary(),
                device_write: r.device[1].summary(),
                read_bytes_per_s: (u128::from(r.io.2 - r.io_before.2) * 1_000_000_000 / u128::from(elapsed)) as u64,
                write_bytes_per_s: (u128::from(r.io.3 - r.io_before.3) * 1_000_000_000 / u128::from(elapsed)) as u64,
                read_iops: per_s(r.issued.0 - r.issued_before.0, elapsed),
                write_iops: per_s(r.issued.1 - r.issued_before.1, elapsed),
                write_aggregation: ratio(r.io.1 - r.io_before.1, r.issued.1 - r.issued_before.1),
            },
            picket_fence,
        };
        Report {
            engine_version: crate::VERSION,
            seed: self.scenario.seed,
            events: self.events_processed,
            simulated_ns: self.now,
            truncated,
            summary,
            histograms,
            // Cloned, not taken: a report of a run in progress (partial results) leaves the
            // run able to go on and report again.
            series: r.series.clone(),
            txgs: r.txgs.clone(),
            steady,
            tenants,
            allocator,
            invariants: r.invariants.clone(),
            scenario: self.scenario.clone(),
        }
    }
}

fn coefficient_of_variation(xs: &[u64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().map(|&x| x as f64).sum::<f64>() / n;
    if mean == 0.0 {
        return 0.0;
    }
    let var = xs.iter().map(|&x| (x as f64 - mean) * (x as f64 - mean)).sum::<f64>() / n;
    (libm::sqrt(var) / mean * 1000.0).round() / 1000.0
}

fn mean(sum: u128, count: u64) -> u64 {
    if count == 0 {
        0
    } else {
        (sum / u128::from(count)) as u64
    }
}
