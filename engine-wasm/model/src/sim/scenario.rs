//! A scenario: tunables, pool, devices, workloads, duration, seed and work budget. Read from
//! versioned JSON (see `docs/scenario-format.md`); every problem names its field path.

use super::json_reader::{err, FieldError, Obj, Read};
pub use super::models::{Era, Models, SchedulerModel, ThrottleModel};
use super::pool::read_pool;
pub use super::pool::{Pool, Retire};
pub use super::steady::SteadySpec;
use crate::schema::{Id, Kind};
use crate::tunables::Tunables;
use crate::units::Unit;
use crate::validate::check;
use serde::Serialize;
use serde_json::Value;

/// The scenario format this engine reads.
pub const SCENARIO_VERSION: u64 = 1;

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const S: u64 = 1_000_000_000;
const MAX_THREADS: u64 = 100_000;

/// How a sync writer makes its data durable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum SyncMode {
    /// Every write is O_DSYNC: it returns once its ZIL write is on stable media.
    Dsync,
    /// Buffered writes with an fsync after every `every` bytes.
    Fsync { every: u64 },
}

/// An on/off pattern: `on_ns` at the rate, then `off_ns` of silence, repeated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Burst {
    pub on_ns: u64,
    pub off_ns: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Workload {
    /// Buffered writers: each write is one transaction within one record.
    AsyncWrite {
        threads: u32,
        block_size: u64,
        /// The dataset's recordsize: the first write into a record in a txg dirties the
        /// whole record, later ones in the same txg add nothing (`dbuf_dirty`).
        record_size: u64,
        sequential: bool,
        /// Bytes the writers cover before wrapping (the file size), split between threads
        /// when sequential.
        region: u64,
        /// Total target rate [bytes/s]; 0 = closed loop, as fast as admitted.
        rate: u64,
        burst: Option<Burst>,
    },
    SyncWrite {
        threads: u32,
        block_size: u64,
        sync: SyncMode,
        rate: u64,
    },
    /// Random reads over a working set that misses the cache.
    RandomRead {
        threads: u32,
        block_size: u64,
        working_set: u64,
    },
    /// A scrub: sequential reads of every leaf in the scrub class.
    Scrub {
        block_size: u64,
        outstanding_per_leaf: u32,
    },
    /// A resilver of each mirror's last child: reads from the others, writes to it.
    Resilver {
        block_size: u64,
        outstanding: u32,
    },
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Budget {
    /// Events processed at most; past it the run stops and the report says so.
    pub max_events: u64,
    /// Simulated time at most: a longer duration stops here and the report says so [ns].
    pub max_simulated_ns: u64,
}

const DEFAULT_MAX_EVENTS: u64 = 200_000_000;
pub(crate) const DEFAULT_MAX_SIMULATED: u64 = 3600 * S;

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Scenario {
    pub name: String,
    pub description: String,
    pub seed: u64,
    pub duration_ns: u64,
    pub report_interval_ns: u64,
    pub models: Models,
    /// Physical memory [bytes]: the legacy write limit is at most a fraction of it.
    pub ram: u64,
    #[serde(serialize_with = "changed_tunables")]
    pub tunables: Tunables,
    pub pool: Pool,
    pub workloads: Vec<Workload>,
    pub budget: Budget,
    pub steady: SteadySpec,
    pub tenants: Tenants,
}

/// Which tenant (zone) each workload belongs to; tenant 0 is the global zone, which the
/// zone I/O throttle never delays (the kernel's own work, scrub and txg syncs, is there).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
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

fn changed_tunables<S: serde::Serializer>(t: &Tunables, s: S) -> Result<S::Ok, S::Error> {
    use serde::ser::SerializeMap;
    let mut map = s.serialize_map(None)?;
    for (id, v) in t.changed().filter(|(id, _)| id.spec().kind == Kind::Tunable) {
        map.serialize_entry(id.spec().name, &v)?;
    }
    map.end()
}

impl Scenario {
    /// Parses and validates scenario JSON.
    pub fn from_json(text: &str) -> Read<Scenario> {
        if text.len() > 1 << 20 {
            return err("", "scenario larger than 1 MiB");
        }
        let value: Value = serde_json::from_str(text)
            .map_err(|e| FieldError { path: String::new(), message: format!("not valid JSON: {e}") })?;
        read_scenario(&value)
    }
}

fn read_scenario(value: &Value) -> Read<Scenario> {
    let mut o = Obj::new("", value)?;
    let version = o.quantity("version", Unit::Count, SCENARIO_VERSION, 1, u64::MAX)?;
    if version != SCENARIO_VERSION {
        return err("version", format!("this engine reads scenario version {SCENARIO_VERSION}, not {version}"));
    }
    let name = o.text("name", "unnamed")?;
    let description = o.text("description", "")?;
    let seed = o.quantity("seed", Unit::Count, 1, 0, u64::MAX)?;
    let duration_ns = o.quantity("duration", Unit::Nanoseconds, 30 * S, 1_000_000, 24 * 3600 * S)?;
    let report_interval_ns = o.quantity("report_interval", Unit::Nanoseconds, S, 1_000_000, duration_ns)?;
    if duration_ns / report_interval_ns > 100_000 {
        return err("report_interval", "more than 100000 intervals in the run; choose a longer interval");
    }
    let models = match o.object("models")? {
        Some(m) => read_models(m)?,
        None => Models { throttle: ThrottleModel::Openzfs, scheduler: SchedulerModel::Openzfs, era: Era::Y2010 },
    };
    let ram = match o.object("system")? {
        Some(mut sys) => {
            let ram = sys.quantity("ram", Unit::Bytes, 32 << 30, 256 * MIB, 1 << 50)?;
            sys.finish()?;
            ram
        }
        None => 32 << 30,
    };
    let tunables = read_tunables(&mut o, &models)?;
    let pool = match o.object("pool")? {
        Some(p) => read_pool(p)?,
        None => read_pool(Obj::new("pool", &Value::Object(Default::default()))?)?,
    };
    let mut workloads = Vec::new();
    let mut tenant_names = Vec::new();
    for (path, v) in o.array("workloads", 64)? {
        let (w, tenant) = read_workload(&path, v)?;
        workloads.push(w);
        tenant_names.push(tenant);
    }
    let tenants = Tenants::from_names(tenant_names.iter().map(String::as_str));
    let budget = match o.object("budget")? {
        Some(mut b) => {
            let max_events = b.quantity("max_events", Unit::Count, DEFAULT_MAX_EVENTS, 1, 10_000_000_000)?;
            let max_simulated_ns =
                b.quantity("max_simulated_time", Unit::Nanoseconds, DEFAULT_MAX_SIMULATED, 1_000_000, 24 * 3600 * S)?;
            b.finish()?;
            Budget { max_events, max_simulated_ns }
        }
        None => Budget { max_events: DEFAULT_MAX_EVENTS, max_simulated_ns: DEFAULT_MAX_SIMULATED },
    };
    let steady = match o.object("steady")? {
        Some(st) => read_steady(st)?,
        None => SteadySpec::default(),
    };
    o.finish()?;
    Ok(Scenario {
        name,
        description,
        seed,
        duration_ns,
        report_interval_ns,
        models,
        ram,
        tunables,
        pool,
        workloads,
        budget,
        steady,
        tenants,
    })
}

fn read_steady(mut o: Obj<'_>) -> Read<SteadySpec> {
    let d = SteadySpec::default();
    let window = o.quantity("window", Unit::Count, u64::from(d.window), 2, 100_000)? as u32;
    let quorum_percent = o.quantity("quorum", Unit::Percent, d.quorum_percent, 0, 100)?;
    let summaries_after_steady =
        o.choice("summaries", &["after_steady", "whole_run"], "after_steady")? == "after_steady";
    let until_steady = o.choice("run_until", &["duration", "steady"], "duration")? == "steady";
    o.finish()?;
    Ok(SteadySpec { window, quorum_percent, summaries_after_steady, until_steady })
}

fn read_models(mut o: Obj<'_>) -> Read<Models> {
    let throttle = match o.choice("throttle", &["openzfs", "legacy"], "openzfs")? {
        "legacy" => ThrottleModel::Legacy,
        _ => ThrottleModel::Openzfs,
    };
    let scheduler = match o.choice("scheduler", &["openzfs", "legacy"], "openzfs")? {
        "legacy" => SchedulerModel::Legacy,
        _ => SchedulerModel::Openzfs,
    };
    let era = match o.choice("era", &["2008", "2010"], "2010")? {
        "2008" => Era::Y2008,
        _ => Era::Y2010,
    };
    o.finish()?;
    Ok(Models { throttle, scheduler, era })
}

/// The tunables: defaults, then the era's historical defaults when a legacy model runs,
/// then the scenario's own values.
fn read_tunables(o: &mut Obj<'_>, models: &Models) -> Read<Tunables> {
    let mut t = Tunables::default();
    if models.any_legacy() {
        for (id, v) in models.era.defaults() {
            t.set(id, v).map_err(|e| FieldError { path: "models.era".into(), message: e.to_string() })?;
        }
    }
    for (name, v) in o.entries("tunables")? {
        let path = format!("tunables.{name}");
        let id =
            Id::from_name(&name).ok_or_else(|| FieldError { path: path.clone(), message: "unknown tunable".into() })?;
        if id.spec().kind != Kind::Tunable {
            return err(
                &path,
                "a setting of the lab's own, not an OpenZFS tunable: give it in the scenario's own fields",
            );
        }
        let text = match v {
            Value::Number(n) => n.to_string(),
            Value::String(s) => s.clone(),
            other => return err(&path, format!("expected a number or text, found {other}")),
        };
        t.set_text(id, &text).map_err(|e| FieldError { path: path.clone(), message: e.to_string() })?;
    }
    if let Some(problem) = check(&t).errors.into_iter().next() {
        return err("tunables", problem.message);
    }
    Ok(t)
}

/// A workload and the tenant (zone) it runs in.
fn read_workload(path: &str, value: &Value) -> Read<(Workload, String)> {
    let mut o = Obj::new(path, value)?;
    let tenant_path = o.path_of("tenant");
    let tenant = o.text("tenant", GLOBAL)?;
    if tenant.is_empty() || tenant.len() > 64 {
        return err(&tenant_path, "a tenant name is 1 to 64 characters");
    }
    let kind = o.choice("kind", &["async_write", "sync_write", "random_read", "scrub", "resilver"], "async_write")?;
    let block = |o: &mut Obj<'_>, default| o.quantity("block_size", Unit::Bytes, default, 512, 16 * MIB);
    let threads =
        |o: &mut Obj<'_>, default| o.quantity("threads", Unit::Count, default, 1, MAX_THREADS).map(|t| t as u32);
    let w = match kind {
        "async_write" => {
            let threads = threads(&mut o, 1)?;
            let block_size = block(&mut o, 128 * KIB)?;
            let record_path = o.path_of("record_size");
            let record_size = o.quantity("record_size", Unit::Bytes, block_size, 512, 16 * MIB)?;
            if record_size < block_size {
                return err(
                    &record_path,
                    format!("{record_size} is smaller than block_size ({block_size}): each write must fit in one record (one transaction)"),
                );
            }
            let sequential = o.choice("pattern", &["sequential", "random"], "sequential")? == "sequential";
            let region = o.quantity("region", Unit::Bytes, 100 << 30, block_size, 1 << 50)?;
            let rate = o.quantity("rate", Unit::Bytes, 0, 0, 1 << 40)?;
            let burst = match o.object("burst")? {
                Some(mut b) => {
                    let on_ns = b.quantity("on", Unit::Nanoseconds, S, 1_000_000, 24 * 3600 * S)?;
                    let off_ns = b.quantity("off", Unit::Nanoseconds, S, 0, 24 * 3600 * S)?;
                    b.finish()?;
                    Some(Burst { on_ns, off_ns })
                }
                None => None,
            };
            Workload::AsyncWrite { threads, block_size, record_size, sequential, region, rate, burst }
        }
        "sync_write" => {
            let threads = threads(&mut o, 1)?;
            let block_size = block(&mut o, 8 * KIB)?;
            let sync = match o.choice("sync", &["dsync", "fsync"], "dsync")? {
                "fsync" => {
                    SyncMode::Fsync { every: o.quantity("fsync_every", Unit::Bytes, 1 << 30, block_size, 1 << 40)? }
                }
                _ => SyncMode::Dsync,
            };
            let rate = o.quantity("rate", Unit::Bytes, 0, 0, 1 << 40)?;
            Workload::SyncWrite { threads, block_size, sync, rate }
        }
        "random_read" => {
            let threads = threads(&mut o, 1)?;
            let block_size = block(&mut o, 8 * KIB)?;
            let working_set = o.quantity("working_set", Unit::Bytes, 100 << 30, block_size, 1 << 50)?;
            Workload::RandomRead { threads, block_size, working_set }
        }
        "scrub" => {
            let block_size = block(&mut o, 128 * KIB)?;
            let outstanding_per_leaf = o.quantity("outstanding_per_leaf", Unit::Count, 16, 1, 1024)? as u32;
            Workload::Scrub { block_size, outstanding_per_leaf }
        }
        _ => {
            let block_size = block(&mut o, 128 * KIB)?;
            let outstanding = o.quantity("outstanding", Unit::Count, 16, 1, 1024)? as u32;
            Workload::Resilver { block_size, outstanding }
        }
    };
    if matches!(w, Workload::Scrub { .. } | Workload::Resilver { .. }) && tenant != GLOBAL {
        return err(&tenant_path, "a scrub or resilver is the kernel's work: it runs in the global zone");
    }
    o.finish()?;
    Ok((w, tenant))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::device::{DeviceSpec, LunParams};

    #[test]
    fn an_empty_object_is_a_default_scenario() {
        let s = Scenario::from_json("{}").expect("valid");
        assert_eq!(s.duration_ns, 30 * S);
        assert_eq!(s.pool.mirror, 1);
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
        assert!(
            e(r#"{"tunables": {"zfs_vdev_scrub_min_active": 9}}"#).starts_with("tunables: zfs_vdev_scrub_min_active")
        );
        assert!(e(r#"{"version": 2}"#).starts_with("version: this engine reads scenario version 1"));
        assert!(e(r#"{"workloads": [{"kind": "tape"}]}"#).starts_with("workloads[0].kind: 'tape' is not one of"));
        assert!(e("[1,2]").starts_with("expected an object"));
        assert!(e("{").starts_with("not valid JSON"));
        assert!(e(r#"{"workloads": [{"threads": 0}]}"#).starts_with("workloads[0].threads: 0 is out of range"));
    }
}
