//! Steady-state detection as the SNIA criteria define it and the array-level talk applies it
//! (seed 004, S12): over a window of N report intervals a metric y is steady when
//! max(y) − min(y) ≤ 20% of mean(y) and the least-squares line's excursion across the
//! window ≤ 10% of mean(y). The run is steady once a quorum of its metrics is. A metric whose
//! collection fails (no value in an interval of the window) counts as steady, as the talk's
//! tool does, but only once it has had data: a window must begin at or after the first
//! interval in which the metric was collected and not zero (before the first txg syncs, a
//! pool's write bandwidth of 0 or a sync time never measured is flat, and says nothing). And
//! the window spans at least two `zfs_txg_timeout` periods whatever the scenario asks: a
//! shorter one can sit between two syncs and call the quiet between them steady. For the
//! same reason it spans a bursty workload's whole on/off period: a window inside the
//! silence between bursts is flat at nothing, and summaries from there had no client
//! write at all.

use crate::scenario::steady::SteadySpec;

/// The range limit and the slope (excursion) limit, in percent of the window's mean.
const RANGE_PERCENT: f64 = 20.0;
const EXCURSION_PERCENT: f64 = 10.0;

/// The metrics tracked, in report order.
pub const METRICS: [&str; 6] =
    ["ops_per_s", "bandwidth_bytes_per_s", "latency_mean_ns", "dirty_bytes", "txg_sync_ns", "write_aggregation"];

/// The SNIA verdict on one window of values; `None` anywhere is a failed collection (steady).
pub fn window_is_steady(ys: &[Option<f64>]) -> bool {
    let Some(values) = ys.iter().copied().collect::<Option<Vec<f64>>>() else { return true };
    if values.is_empty() {
        return true;
    }
    let n = values.len() as f64;
    let mean = values.iter().sum::<f64>() / n;
    let (min, max) = values.iter().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), &v| (lo.min(v), hi.max(v)));
    let range_ok = max - min <= RANGE_PERCENT / 100.0 * mean.abs();
    // Least squares over x = 0..n-1: the fitted line's change from the first x to the last.
    let x_mean = (n - 1.0) / 2.0;
    let (sxy, sxx) = values.iter().enumerate().fold((0.0, 0.0), |(sxy, sxx), (i, &y)| {
        let dx = i as f64 - x_mean;
        (sxy + dx * (y - mean), sxx + dx * dx)
    });
    let slope = if sxx > 0.0 { sxy / sxx } else { 0.0 };
    let excursion = (slope * (n - 1.0)).abs();
    range_ok && excursion <= EXCURSION_PERCENT / 100.0 * mean.abs()
}

/// Follows the metrics interval by interval and says when the run becomes steady.
#[derive(Clone, Debug)]
pub struct SteadyTracker {
    spec: SteadySpec,
    /// The window in force: the spec's, widened to two txg timeouts [intervals].
    window: u32,
    quorum: u32,
    /// Per metric, the first interval with data (collected and not zero).
    first_data: Vec<Option<usize>>,
    first_data_at: Vec<Option<u64>>,
    values: Vec<Vec<Option<f64>>>,
    steady_now: Vec<bool>,
    steady_at: Vec<Option<u64>>,
    failed: Vec<u64>,
    reached_at: Option<u64>,
}

/// The fewest report intervals of `interval_ns` that span two txg timeouts of
/// `txg_timeout_ns` and a workload's on/off period of `burst_period_ns` (at least 2).
pub fn min_window(txg_timeout_ns: u64, burst_period_ns: u64, interval_ns: u64) -> u32 {
    let span = (u128::from(txg_timeout_ns) * 2).max(u128::from(burst_period_ns));
    let intervals = span.div_ceil(u128::from(interval_ns.max(1)));
    u32::try_from(intervals).unwrap_or(u32::MAX).max(2)
}

impl SteadyTracker {
    /// Tracks `spec`'s metrics over a window of at least `min_window` intervals ([`min_window`]).
    pub fn new(spec: SteadySpec, min_window: u32) -> Self {
        let n = METRICS.len();
        // 7 of 10 scaled to the metrics in use, rounded up: 5 of 6 at the default 70%.
        let quorum = ((n as u64 * spec.quorum_percent).div_ceil(100)).clamp(1, n as u64) as u32;
        SteadyTracker {
            window: spec.window.max(min_window).max(2),
            spec,
            quorum,
            first_data: vec![None; n],
            first_data_at: vec![None; n],
            values: vec![Vec::new(); n],
            steady_now: vec![false; n],
            steady_at: vec![None; n],
            failed: vec![0; n],
            reached_at: None,
        }
    }

    pub fn spec(&self) -> &SteadySpec {
        &self.spec
    }

    /// The window in force [intervals]: the spec's, or two txg timeouts if that is longer.
    pub fn window(&self) -> u32 {
        self.window
    }

    /// The metrics of the interval ending at `t_ns`, in [`METRICS`] order. True when this
    /// interval is the one in which the run first became steady.
    pub fn push(&mut self, t_ns: u64, sample: [Option<f64>; 6]) -> bool {
        let window = self.window as usize;
        for (m, value) in sample.into_iter().enumerate() {
            let ys = &mut self.values[m];
            if self.first_data[m].is_none() && value.is_some_and(|v| v != 0.0) {
                self.first_data[m] = Some(ys.len());
                self.first_data_at[m] = Some(t_ns);
            }
            ys.push(value);
            if value.is_none() {
                self.failed[m] += 1;
            }
            // A whole window, all of it from the metric's first data on.
            let start = ys.len().checked_sub(window);
            let has_data = matches!((start, self.first_data[m]), (Some(s), Some(first)) if first <= s);
            self.steady_now[m] = has_data && window_is_steady(&ys[ys.len() - window..]);
            if self.steady_now[m] && self.steady_at[m].is_none() {
                self.steady_at[m] = Some(t_ns);
            }
        }
        let steady = self.steady_now.iter().filter(|&&s| s).count() as u32;
        if self.reached_at.is_none() && steady >= self.quorum {
            self.reached_at = Some(t_ns);
            return true;
        }
        false
    }

    pub fn reached_at(&self) -> Option<u64> {
        self.reached_at
    }

    /// Metrics that must be steady for the run to be.
    pub fn quorum(&self) -> u32 {
        self.quorum
    }

    /// Per metric, in [`METRICS`] order: the end of the first window in which it was
    /// steady [ns], the intervals in which it could not be collected, and whether it was
    /// steady in the last window.
    pub fn verdict(&self, m: usize) -> (Option<u64>, u64, bool) {
        (self.steady_at[m], self.failed[m], self.steady_now[m])
    }

    /// The end of the first interval in which metric `m` had data [ns], if any did.
    pub fn first_data_at(&self, m: usize) -> Option<u64> {
        self.first_data_at.get(m).copied().flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn some(v: &[f64]) -> Vec<Option<f64>> {
        v.iter().map(|&x| Some(x)).collect()
    }

    #[test]
    fn the_snia_range_and_excursion_limits() {
        // Range 18% of the mean, no trend: steady.
        assert!(window_is_steady(&some(&[91.0, 109.0, 91.0, 109.0, 100.0])));
        // Range 22% of the mean: not steady.
        assert!(!window_is_steady(&some(&[89.0, 111.0, 89.0, 111.0, 100.0])));
        // A ramp 95..105 (range 10%) is within the range limit but its fitted line moves
        // 10 over a mean of 100 (10%): just steady; 94..106 moves 12%: not.
        assert!(window_is_steady(&some(&[95.0, 97.5, 100.0, 102.5, 105.0])));
        assert!(!window_is_steady(&some(&[94.0, 97.0, 100.0, 103.0, 106.0])));
        // All zero: steady (no range, no slope).
        assert!(window_is_steady(&some(&[0.0; 5])));
        // A failed collection counts as steady.
        assert!(window_is_steady(&[Some(1.0), None, Some(1000.0)]));
    }

    #[test]
    fn the_run_is_steady_once_a_quorum_of_metrics_is() {
        let mut t = SteadyTracker::new(SteadySpec { window: 3, ..SteadySpec::default() }, 2);
        assert_eq!(t.quorum, 5);
        // Four metrics flat from the start, one (latency) ramping, and the sync time first
        // collected in the second interval: four steady at the third sample, the fifth (a
        // window of data of its own) at the fourth, when the run is.
        let mut reached = Vec::new();
        for i in 0..6u64 {
            let ramp = Some(10.0 * (i as f64 + 1.0));
            let sync = (i > 0).then_some(2.0);
            reached.push(t.push(i * 10, [Some(5.0), Some(7.0), ramp, Some(1.0), sync, Some(8.0)]));
        }
        assert_eq!(reached, [false, false, false, true, false, false]);
        assert_eq!(t.reached_at(), Some(30));
        assert_eq!(t.verdict(2).0, None);
        assert_eq!((t.verdict(4).0, t.verdict(4).1), (Some(30), 1));
        assert_eq!(t.first_data_at(4), Some(10));
        assert_eq!(t.verdict(0).0, Some(20));
    }

    #[test]
    fn a_metric_is_never_steady_before_it_has_data() {
        let mut t = SteadyTracker::new(SteadySpec { window: 3, ..SteadySpec::default() }, 2);
        // Never collected, or collected as zero: flat, and never steady.
        for i in 0..10u64 {
            t.push(i, [None, Some(0.0), Some(0.0), None, None, None]);
        }
        assert!((0..6).all(|m| t.verdict(m).0.is_none()), "{t:?}");
        assert_eq!(t.reached_at(), None);
        assert_eq!(t.first_data_at(1), None);
        // Data from interval 10 on: steady once a whole window of it is in (interval 12),
        // though the window before was as flat.
        for i in 10..13u64 {
            t.push(i, [None, Some(4.0), Some(0.0), None, None, None]);
        }
        assert_eq!(t.first_data_at(1), Some(10));
        assert_eq!(t.verdict(1).0, Some(12));
        assert_eq!(t.verdict(2).0, None, "zero all along");
        // A gap after data counts as steady, as the talk's tool counts it.
        let mut g = SteadyTracker::new(SteadySpec { window: 3, ..SteadySpec::default() }, 2);
        for (i, v) in [Some(5.0), None, Some(5.0)].into_iter().enumerate() {
            g.push(i as u64, [v; 6]);
        }
        assert_eq!(g.verdict(0).0, Some(2));
    }

    #[test]
    fn the_window_spans_two_txg_timeouts() {
        const S: u64 = 1_000_000_000;
        assert_eq!(min_window(5 * S, 0, S / 10), 100);
        assert_eq!(min_window(5 * S, 0, S), 10);
        assert_eq!(min_window(5 * S, 0, 300_000_000), 34, "rounded up: 33 intervals are 9.9 s");
        assert_eq!(min_window(0, 0, S), 2);
        // 3 s on and 37 s off: the window holds a whole burst and its silence.
        assert_eq!(min_window(5 * S, 40 * S, S), 40);
        assert_eq!(min_window(u64::MAX, 0, 1), u32::MAX);
        let spec = |window| SteadySpec { window, ..SteadySpec::default() };
        assert_eq!(SteadyTracker::new(spec(20), min_window(5 * S, 0, S / 10)).window(), 100);
        assert_eq!(SteadyTracker::new(spec(40), min_window(5 * S, 0, S)).window(), 40);
        // A run at 100 ms intervals, flat from the start: not steady before 100 intervals.
        let mut t = SteadyTracker::new(spec(20), min_window(5 * S, 0, S / 10));
        let at = (1..=200u64).find(|&i| t.push(i * S / 10, [Some(3.0); 6])).map(|i| i * S / 10);
        assert_eq!(at, Some(10 * S));
    }

    #[test]
    fn quorum_scales_with_the_percent() {
        let q = |p| SteadyTracker::new(SteadySpec { quorum_percent: p, ..SteadySpec::default() }, 2).quorum;
        assert_eq!((q(0), q(50), q(70), q(100)), (1, 3, 5, 6));
    }
}
