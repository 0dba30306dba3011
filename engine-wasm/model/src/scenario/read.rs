//! Reads a scenario from its JSON value, field by field, every problem naming its path.

use super::json_reader::{err, FieldError, Obj, Read};
use super::models::{Era, Models, SchedulerModel, ThrottleModel};
use super::pool::read_pool;
use super::steady::SteadySpec;
use super::tenants::{Tenants, GLOBAL};
use super::workload::{Burst, SyncMode, Workload};
use super::{Budget, Scenario, DEFAULT_MAX_EVENTS, DEFAULT_MAX_SIMULATED, SCENARIO_VERSION};
use crate::schema::{Id, Kind};
use crate::tunables::Tunables;
use crate::units::Unit;
use crate::validate::check;
use serde_json::Value;

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const S: u64 = 1_000_000_000;
const MAX_THREADS: u64 = 100_000;

pub(super) fn read_scenario(value: &Value) -> Read<Scenario> {
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
