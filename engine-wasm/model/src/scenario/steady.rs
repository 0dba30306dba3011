//! How a scenario asks for steady state (S12) to be detected and used. The detection
//! itself is `sim/steady.rs`.

use serde::Serialize;

/// How a scenario asks for steady state to be detected and used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SteadySpec {
    /// Report intervals in the measurement window.
    pub window: u32,
    /// Metrics that must be steady, in percent of the metrics tracked (rounded up).
    pub quorum_percent: u64,
    /// Summaries cover only the time after steady state is reached (when it is).
    pub summaries_after_steady: bool,
    /// End the run one window after steady state is reached (or at the duration or budget).
    pub until_steady: bool,
}

impl Default for SteadySpec {
    fn default() -> Self {
        SteadySpec { window: 20, quorum_percent: 70, summaries_after_steady: true, until_steady: false }
    }
}
