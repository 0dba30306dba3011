//! What is simulated: a scenario's tunables, pool, devices, workloads, tenants, duration,
//! seed and work budget. Read from versioned JSON (see `docs/scenario-format.md`) into the
//! file format's types (`file.rs`), then checked and resolved into a [`Scenario`]
//! (`resolve.rs`); every problem names its field path. The room upstream of the
//! simulation: nothing here knows how a scenario is run or reported.

pub mod allocator;
pub mod device;
pub mod drives;
pub mod evidence;
pub mod file;
pub mod fio;
pub mod lab;
pub mod lab_presets;
pub mod models;
pub mod pool;
pub mod presets;
pub mod quantity;
mod read;
pub mod release;
mod resolve;
mod resolve_pool;
pub mod steady;
pub mod tenants;
mod unique_keys;
pub use unique_keys::json_value;
pub mod workload;
pub mod zpool_layout;

pub use file::ScenarioFile;
pub use models::{Era, Models, SchedulerModel, ThrottleModel};
pub use pool::{AuxClass, Pool, Retire, TopVdev, Written};
pub use read::FieldError;
pub use release::{DittoApart, LogIndirect, MinPass, Prefetch, Release, ScanSuspend, SyncKick, WriteHold, ZilIssue};
pub use steady::SteadySpec;
pub use tenants::{Tenants, GLOBAL};
pub use workload::{Burst, SyncMode, Workload};

use crate::schema::Kind;
use crate::tunables::Tunables;
use serde::Serialize;

/// The scenario format this engine reads.
pub const SCENARIO_VERSION: u64 = 1;

const S: u64 = 1_000_000_000;

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Budget {
    /// Events processed at most; past it the run stops and the report says so.
    pub max_events: u64,
    /// Simulated time at most: a longer duration stops here and the report says so [ns].
    pub max_simulated_ns: u64,
}

/// What a client write costs the CPU beyond copying its data [ns]: small, for a fast
/// production build (the reference measured 1.27 ms for `dmu_write()` and commit on a
/// debug build, which a ground-truth case sets through `system.cpu_per_write`).
pub const DEFAULT_CPU_PER_WRITE: u64 = crate::schema::CPU_PER_WRITE;

pub(crate) const DEFAULT_MAX_EVENTS: u64 = 200_000_000;
pub(crate) const DEFAULT_MAX_SIMULATED: u64 = 3600 * S;

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub seed: u64,
    pub duration_ns: u64,
    pub report_interval_ns: u64,
    pub models: Models,
    /// Physical memory [bytes]: the legacy write limit is at most a fraction of it.
    pub ram: u64,
    /// CPU time of a client write's `dmu_write()` and commit beyond its copy at 4 GB/s
    /// [ns]; `None` is the engine's default, [`DEFAULT_CPU_PER_WRITE`].
    /// NOTE: optional so that a report of a scenario that leaves it alone keeps its bytes.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cpu_per_write_ns: Option<u64>,
    /// The OpenZFS tunables that differ from their defaults, by name.
    #[serde(serialize_with = "changed_tunables")]
    #[cfg_attr(feature = "ts", ts(type = "Record<string, number>"))]
    pub tunables: Tunables,
    pub pool: Pool,
    pub workloads: Vec<Workload>,
    pub budget: Budget,
    pub steady: SteadySpec,
    pub tenants: Tenants,
}

fn changed_tunables<S: serde::Serializer>(t: &Tunables, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    for (id, v) in t.changed().filter(|(id, _)| id.spec().kind == Kind::Tunable) {
        map.serialize_entry(id.spec().name, &v)?;
    }
    map.end()
}

impl Scenario {
    /// Reads and validates scenario JSON.
    pub fn from_json(text: &str) -> Result<Scenario, FieldError> {
        ScenarioFile::read(text)?.validate()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::schema::Id;
    use device::{DeviceSpec, LunParams};

    const MIB: u64 = 1 << 20;

    #[test]
    fn an_empty_object_is_a_default_scenario() {
        let s = Scenario::from_json("{}").expect("valid");
        assert_eq!(s.duration_ns, 30 * S);
        assert_eq!(s.pool.vdevs, vec![TopVdev::DISK]);
        assert!(s.workloads.is_empty());
    }

    #[test]
    fn units_and_overrides_are_read() {
        let s = Scenario::from_json(
            r#"{"duration": "10s", "tunables": {"zfs_dirty_data_max": "1G", "zfs_txg_timeout": 10},
                "pool": {"mirror": 2, "device": {"kind": "lun", "bandwidth": "200M"}},
                "workloads": [{"kind": "async_write", "threads": 4, "block_size": "8K", "burst": {"on": "2s", "off": "3s"}}]}"#,
        )
        .expect("valid");
        assert_eq!(s.tunables.get(Id::DirtyDataMax), 1 << 30);
        assert_eq!(s.tunables.get(Id::TxgTimeout), 10);
        assert!(matches!(s.pool.device, DeviceSpec::Lun(LunParams { bandwidth, .. }) if bandwidth == 200 * MIB));
        assert!(
            matches!(&s.workloads[0], Workload::AsyncWrite { block_size: 8192, burst: Some(Burst { on_ns, .. }), .. } if *on_ns == 2 * S)
        );
    }

    #[test]
    fn errors_name_the_field_path() {
        let e = |text: &str| Scenario::from_json(text).expect_err("invalid").to_string();
        assert_eq!(
            e(r#"{"workloads": [{}, {"block_size": "4X"}]}"#),
            "workloads[1].block_size: cannot read '4X': unknown unit 'X'"
        );
        assert!(
            e(r#"{"pool": {"device": {"kind": "hdd", "rmp": 7200}}}"#).starts_with("pool.device.rmp: unknown field")
        );
        assert!(e(r#"{"tunables": {"zfs_nope": 1}}"#).starts_with("tunables.zfs_nope: unknown tunable"));
        assert!(e(r#"{"tunables": {"zfs_delay_scale": "5s"}}"#).starts_with("tunables: zfs_delay_scale"));
        assert!(e(r#"{"version": 2}"#).starts_with("version: this engine reads scenario version 1"));
        assert!(e(r#"{"workloads": [{"kind": "tape"}]}"#).starts_with("workloads[0].kind: 'tape' is not one of"));
        assert!(e("[1,2]").starts_with("expected an object"));
        assert!(e("{").starts_with("not valid JSON"));
        assert!(e(r#"{"workloads": [{"threads": 0}]}"#).starts_with("workloads[0].threads: 0 is out of range"));
    }
}
