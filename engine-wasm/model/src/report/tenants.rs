//! Per tenant (zone), across the run, at the system-call level (vfsstat's view): the global
//! zone first, the kernel's own I/O counted there.

use super::latency::Summary;
use super::rates::{bytes_per_s, per_s};
use crate::sim::Sim;
use serde::Serialize;

/// One tenant (zone) across the run, at the system-call level.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TenantReport {
    pub name: String,
    pub reads: Summary,
    pub writes: Summary,
    pub read_ops_per_s: f64,
    pub write_ops_per_s: f64,
    pub read_bytes_per_s: u64,
    pub write_bytes_per_s: u64,
    /// Calls the zone throttle delayed, and the time they slept [ns].
    pub delays: u64,
    pub delay_total_ns: u64,
    /// The throttle's delay per call at the end [ns] and the last utilisation computed.
    pub delay_now_ns: u64,
    pub utilization: u64,
}

impl TenantReport {
    /// Every tenant of `sim`, over the `elapsed` ns the summaries cover.
    pub fn all(sim: &Sim, elapsed: u64) -> Vec<TenantReport> {
        let r = sim.recorder();
        let single = r.tenant_names.len() == 1;
        r.tenant_names
            .iter()
            .zip(&r.tenants)
            .enumerate()
            .map(|(i, (name, t))| {
                // With one tenant its latency is the clients' own (the recorder keeps no copy).
                let (reads, writes) = if single { (&r.client_read, &r.client_write) } else { (&t.reads, &t.writes) };
                let (delay_now_ns, utilization) = sim.zone(i);
                TenantReport {
                    name: name.clone(),
                    reads: Summary::of(reads),
                    writes: Summary::of(writes),
                    read_ops_per_s: per_s(reads.count, elapsed),
                    write_ops_per_s: per_s(writes.count, elapsed),
                    read_bytes_per_s: bytes_per_s(t.read_bytes, elapsed),
                    write_bytes_per_s: bytes_per_s(t.write_bytes, elapsed),
                    delays: t.delays,
                    delay_total_ns: t.delay_ns,
                    delay_now_ns,
                    utilization,
                }
            })
            .collect()
    }
}
