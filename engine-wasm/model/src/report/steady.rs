//! The steady-state report (S12): when each metric and the run became steady, and what
//! the summaries cover, in words.

use crate::sim::steady::{SteadyTracker, METRICS};
use serde::Serialize;

/// When a metric, and the run, became steady.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MetricVerdict {
    pub name: &'static str,
    /// The end of the first window in which the metric was steady [ns], if any.
    pub steady_at_ns: Option<u64>,
    /// Intervals in which the metric could not be collected.
    pub failed_intervals: u64,
    /// Steady in the last window of the run.
    pub steady_at_end: bool,
    /// The end of the first interval in which it had data (collected and not zero) [ns]:
    /// no window starting before it counts.
    pub data_from_ns: Option<u64>,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SteadyReport {
    /// The window in force [intervals]: the one asked for, or two `zfs_txg_timeout` periods
    /// if that is longer.
    pub window: u32,
    /// The window the scenario asked for [intervals].
    pub window_asked: u32,
    pub quorum: u32,
    pub metrics: Vec<MetricVerdict>,
    /// The end of the first window in which a quorum of metrics was steady [ns].
    pub reached_at_ns: Option<u64>,
    /// What the summaries cover, in words.
    pub summaries: String,
}

impl SteadyReport {
    /// What `tracker` found by `now` [ns].
    pub fn of(tracker: &SteadyTracker, now: u64) -> SteadyReport {
        let summaries = match (tracker.reached_at(), tracker.spec().summaries_after_steady) {
            (Some(at), true) => format!("after steady state: {:.3} s to {:.3} s", at as f64 / 1e9, now as f64 / 1e9),
            (None, true) => format!("the whole run ({:.3} s): steady state was not reached", now as f64 / 1e9),
            (_, false) => format!("the whole run ({:.3} s), as asked", now as f64 / 1e9),
        };
        SteadyReport {
            window: tracker.window(),
            window_asked: tracker.spec().window,
            quorum: tracker.quorum(),
            metrics: METRICS
                .iter()
                .enumerate()
                .map(|(m, &name)| {
                    let (steady_at_ns, failed_intervals, steady_at_end) = tracker.verdict(m);
                    let data_from_ns = tracker.first_data_at(m);
                    MetricVerdict { name, steady_at_ns, failed_intervals, steady_at_end, data_from_ns }
                })
                .collect(),
            reached_at_ns: tracker.reached_at(),
            summaries,
        }
    }
}
