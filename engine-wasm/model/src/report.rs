//! What a run produced: the [`Report`] of summaries, distributions, series, txg rows,
//! steady state, tenants and invariants, computed from what the simulation recorded, and
//! the text formats engineers already read. The room downstream of the simulation: it
//! reads `sim` and `scenario`, and neither reads it.

pub mod allocator;
pub mod export;
pub mod histograms;
pub mod kstat;
pub mod latency;
pub mod quantize;
mod rates;
pub mod steady;
pub mod summary;
pub mod tenants;
pub mod ticket;
pub mod vdevs;
pub mod zpool_iostat;

pub use allocator::AllocatorReport;
pub use histograms::Histograms;
pub use latency::Summary;
pub use steady::{MetricVerdict, SteadyReport};
pub use summary::{BackendReport, ClassReport, PicketFence, SummaryReport, ThrottleReport};
pub use tenants::TenantReport;
pub use vdevs::VdevRow;

// What the run records as it goes is reported as it is.
pub use crate::sim::record::{Invariants, TxgRow};
pub use crate::sim::series::Series;
pub use crate::sim::{LegacyTxg, SyncCause, ThrottleCounters};

use crate::scenario::Scenario;
use crate::sim::Sim;
use serde::Serialize;

/// The result of a run.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Report {
    pub engine_version: &'static str,
    pub seed: u64,
    pub events: u64,
    pub simulated_ns: u64,
    /// Why the run stopped early, if it did (the work budget).
    pub truncated: Option<String>,
    pub summary: SummaryReport,
    pub histograms: Histograms,
    pub series: Series,
    pub txgs: Vec<TxgRow>,
    /// When each metric and the run became steady, and what the summaries cover.
    pub steady: SteadyReport,
    /// Per tenant (zone), the global zone first; the kernel's own I/O counts there.
    pub tenants: Vec<TenantReport>,
    /// The metaslab allocator, when the scenario models it.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub allocator: Option<AllocatorReport>,
    /// `zpool iostat -v`'s operations and bandwidth per vdev over the summaries' time.
    pub vdevs: Vec<VdevRow>,
    pub invariants: Invariants,
    pub scenario: Scenario,
}

/// Runs `scenario` to its end (or its work budget) and reports it.
pub fn run(scenario: Scenario) -> Report {
    run_with_progress(scenario, &mut |_| {})
}

/// As [`run`], calling `progress` with the simulated time about every million events.
pub fn run_with_progress(scenario: Scenario, progress: &mut dyn FnMut(u64)) -> Report {
    let mut sim = Sim::new(scenario);
    sim.run_with_progress(progress);
    Report::of(&sim)
}

impl Report {
    /// The report of `sim` so far; a run stopped before its end says so in `truncated`. It
    /// may be taken again later in the run (partial results): it only reads the run.
    pub fn of(sim: &Sim) -> Report {
        let r = sim.recorder();
        let elapsed = (sim.now() - r.measure_from).max(1);
        Report {
            engine_version: crate::VERSION,
            seed: sim.scenario().seed,
            events: sim.events_processed(),
            simulated_ns: sim.now(),
            truncated: sim.stopped_early(),
            summary: SummaryReport::of(sim, elapsed),
            histograms: Histograms::of(r),
            series: r.series.clone(),
            txgs: r.txgs.clone(),
            steady: SteadyReport::of(sim.steady(), sim.now()),
            tenants: TenantReport::all(sim, elapsed),
            allocator: AllocatorReport::of(sim),
            vdevs: vdevs::rows(sim, elapsed),
            invariants: sim.invariants(),
            scenario: sim.scenario().clone(),
        }
    }
}
