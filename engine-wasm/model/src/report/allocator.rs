//! The allocator's side of the report: metaslabs per vdev, the first vdev's fill at the
//! start and the end, and how the allocations went, all vdevs together.

use crate::sim::metaslab::{AllocCounters, Allocator};
use crate::sim::Sim;
use serde::Serialize;

/// The allocator's side of the report.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AllocatorReport {
    pub metaslabs_per_vdev: usize,
    /// Allocated share of each metaslab of the first top-level vdev, at the start and the
    /// end of the run [%].
    pub fill_at_start: Vec<u64>,
    pub fill_at_end: Vec<u64>,
    #[serde(flatten)]
    pub counters: AllocCounters,
}

impl AllocatorReport {
    /// The report of `sim`'s allocators, when its scenario models them.
    pub fn of(sim: &Sim) -> Option<AllocatorReport> {
        let (tops, fill_at_start) = sim.allocators()?;
        let mut counters = AllocCounters::default();
        for a in tops {
            let c = &a.counters;
            counters.first_fit += c.first_fit;
            counters.best_fit += c.best_fit;
            counters.failed += c.failed;
            counters.frees += c.frees;
            counters.switches += c.switches;
        }
        Some(AllocatorReport {
            metaslabs_per_vdev: tops.first().map_or(0, Allocator::metaslab_count),
            fill_at_start: fill_at_start.to_vec(),
            fill_at_end: tops.first().map(Allocator::fill).unwrap_or_default(),
            counters,
        })
    }
}
