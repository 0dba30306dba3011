//! Tenants (SmartOS zones): which one each workload runs in, the global zone first.

use serde::Serialize;

/// Which tenant (zone) each workload belongs to; tenant 0 is the global zone, which the
/// zone I/O throttle never delays (the kernel's own work, scrub and txg syncs, is there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tenants {
    pub names: Vec<String>,
    pub of_workload: Vec<u32>,
}

/// The name of the global zone.
pub const GLOBAL: &str = "global";

impl Tenants {
    /// Tenants in order of first appearance, the global zone first.
    pub fn from_names<'a>(per_workload: impl IntoIterator<Item = &'a str>) -> Tenants {
        let mut names = vec![GLOBAL.to_string()];
        let mut of_workload = Vec::new();
        for name in per_workload {
            let i = names.iter().position(|n| n == name).unwrap_or_else(|| {
                names.push(name.to_string());
                names.len() - 1
            });
            of_workload.push(i as u32);
        }
        Tenants { names, of_workload }
    }

    /// The tenant of workload `w` (the global zone for one out of range).
    pub fn of(&self, w: usize) -> usize {
        self.of_workload.get(w).map_or(0, |&t| t as usize)
    }
}
