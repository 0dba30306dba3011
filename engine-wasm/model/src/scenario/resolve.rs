//! From a scenario file to the scenario the engine runs: defaults filled in, every range
//! and every combination checked (the format's version, record and block sizes, fill and
//! holes, tenants, the report interval, the tunables together), each problem naming its
//! field path. The one place a file's values are judged.

use super::file::{
    BudgetFile, Logbias, ModelsFile, Pattern, RunUntil, ScenarioFile, SteadyFile, Summaries, SyncKind, WorkloadFile,
};
use super::models::{Era, Models, SchedulerModel, ThrottleModel};
use super::quantity::{Bytes, Quantity, TunableText};
use super::read::{field, text, value, value32, FieldError};
use super::release::Release;
use super::resolve_pool::pool;
use super::steady::SteadySpec;
use super::tenants::{Tenants, GLOBAL};
use super::workload::{Burst, SyncMode, Workload};
use super::{Budget, Scenario, DEFAULT_CPU_PER_WRITE, DEFAULT_MAX_EVENTS, DEFAULT_MAX_SIMULATED, SCENARIO_VERSION};
use crate::schema::{Id, Kind};
use crate::tunables::Tunables;
use crate::validate::check;
use std::collections::BTreeMap;

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const S: u64 = 1_000_000_000;
const DAY: u64 = 24 * 3600 * S;
const MAX_THREADS: u64 = 100_000;
const MAX_WORKLOADS: usize = 64;
const MAX_INTERVALS: u64 = 100_000;

impl ScenarioFile {
    /// The scenario this file describes, or the first problem with it.
    pub fn validate(self) -> Result<Scenario, FieldError> {
        let version = value(self.version, "version", SCENARIO_VERSION, 1, u64::MAX)?;
        if version != SCENARIO_VERSION {
            let message = format!("this engine reads scenario version {SCENARIO_VERSION}, not {version}");
            return Err(FieldError::at("version", message));
        }
        let name = text(self.name.clone(), "name", "unnamed")?;
        let description = text(self.description.clone(), "description", "")?;
        if let Some(query) = &self.lab {
            return from_lab(&self, query, name, description);
        }
        let seed = value(self.seed, "seed", 1, 0, u64::MAX)?;
        let duration_ns = value(self.duration, "duration", 30 * S, 1_000_000, DAY)?;
        let report_interval_ns = value(self.report_interval, "report_interval", S, 1_000_000, duration_ns)?;
        if duration_ns / report_interval_ns > MAX_INTERVALS {
            let message = "more than 100000 intervals in the run; choose a longer interval";
            return Err(FieldError::at("report_interval", message));
        }
        let models = models(self.models.unwrap_or_default());
        let system = self.system.unwrap_or_default();
        let ram = value(system.ram, "system.ram", Id::Ram.spec().default, 256 * MIB, 1 << 50)?;
        let cpu_per_write_ns = match system.cpu_per_write {
            None => None,
            q => Some(value(q, "system.cpu_per_write", DEFAULT_CPU_PER_WRITE, 0, S)?),
        };
        let tunables = tunables(self.tunables.unwrap_or_default(), &models, ram)?;
        let pool = pool(self.pool.unwrap_or_default(), models.release)?;
        let files = self.workloads.unwrap_or_default();
        if files.len() > MAX_WORKLOADS {
            return Err(FieldError::at("workloads", "more than 64 entries"));
        }
        let mut workloads = Vec::new();
        let mut tenant_names = Vec::new();
        let mut total_threads = 0u64;
        for (i, w) in files.into_iter().enumerate() {
            let (w, tenant) = workload(&format!("workloads[{i}]"), w, models.release)?;
            if let Workload::AsyncWrite { threads, .. }
            | Workload::SyncWrite { threads, .. }
            | Workload::RandomRead { threads, .. }
            | Workload::SequentialRead { threads, .. } = &w
            {
                // Each thread is a client allocated before the first event: bound the
                // set-up memory that the event budget cannot.
                total_threads += u64::from(*threads);
                if total_threads > MAX_THREADS {
                    let message = format!(
                        "more than {MAX_THREADS} threads in all workloads together (the limit on total threads)"
                    );
                    return Err(FieldError::at(&format!("workloads[{i}].threads"), message));
                }
            }
            workloads.push(w);
            tenant_names.push(tenant);
        }
        Ok(Scenario {
            name,
            description,
            seed,
            duration_ns,
            report_interval_ns,
            models,
            ram,
            cpu_per_write_ns,
            tunables,
            pool,
            tenants: Tenants::from_names(tenant_names.iter().map(String::as_str)),
            workloads,
            budget: budget(self.budget.unwrap_or_default())?,
            steady: steady(self.steady.unwrap_or_default())?,
        })
    }
}

fn models(m: ModelsFile) -> Models {
    Models {
        throttle: m.throttle.unwrap_or(ThrottleModel::Openzfs),
        scheduler: m.scheduler.unwrap_or(SchedulerModel::Openzfs),
        era: m.era.unwrap_or(Era::Y2010),
        release: m.release.unwrap_or_default(),
    }
}

/// The scenario's tunables: the release's defaults (and the era's, for a legacy model),
/// the dirty-data limits the release derives from `ram` unless given, then those given.
fn tunables(given: BTreeMap<String, TunableText>, models: &Models, ram: u64) -> Result<Tunables, FieldError> {
    let mut t = Tunables::default();
    // The tunables carry their release, so that the checks across them (`validate.rs`)
    // judge them by it, as they do the lab's.
    t.set(Id::Release, models.release.index()).map_err(|e| FieldError::at("models.release", e.to_string()))?;
    // Defaults, not choices: the report's echo of the scenario lists what the file gave
    // and what differs from master (tests check every release's and era's are in range).
    for (id, v) in models.release.defaults() {
        t.derive(id, v);
    }
    if models.any_legacy() {
        for (id, v) in models.era.defaults() {
            t.derive(id, v);
        }
    }
    let mut set = Vec::new();
    for (name, TunableText(text)) in given {
        let path = field("tunables", &crate::messages::shown(&name));
        let Some(id) = models.release.tunable(&name) else {
            // A name of another release: say which it is in this one.
            let message = match Id::from_name(&name).and_then(|id| models.release.old_name(id).map(|old| (id, old))) {
                Some((_, old)) => format!("called {old} in OpenZFS {} (models.release)", models.release.name()),
                None if Release::ALL.iter().any(|r| r.tunable(&name).is_some()) => {
                    format!("not a tunable of OpenZFS {} (models.release)", models.release.name())
                }
                None => "unknown tunable".to_string(),
            };
            return Err(FieldError::at(&path, message));
        };
        if id.spec().kind != Kind::Tunable {
            let message = "a setting of the lab's own, not an OpenZFS tunable: give it in the scenario's own fields";
            return Err(FieldError::at(&path, message));
        }
        if !models.release.has(id) {
            let message = format!("not a tunable of OpenZFS {} (models.release)", models.release.name());
            return Err(FieldError::at(&path, message));
        }
        t.set_text(id, &text).map_err(|e| FieldError::at(&path, e.to_string()))?;
        set.push(id);
    }
    models.release.set_dirty_limits(&mut t, ram, |id| set.contains(&id));
    if models.throttle == ThrottleModel::Legacy {
        // The legacy throttle asks the ARC of its own era (`Era::arc_max`), not the release's.
        let given = if set.contains(&Id::ArcMax) { t.get(Id::ArcMax) } else { 0 };
        t.derive(Id::ArcMax, models.era.arc_max(ram, given));
    }
    match check(&t).errors.into_iter().next() {
        Some(problem) => Err(FieldError::at("tunables", problem.message)),
        None => Ok(t),
    }
}

fn budget(b: BudgetFile) -> Result<Budget, FieldError> {
    Ok(Budget {
        max_events: value(b.max_events, "budget.max_events", DEFAULT_MAX_EVENTS, 1, 10_000_000_000)?,
        max_simulated_ns: value(
            b.max_simulated_time,
            "budget.max_simulated_time",
            DEFAULT_MAX_SIMULATED,
            1_000_000,
            DAY,
        )?,
    })
}

fn steady(s: SteadyFile) -> Result<SteadySpec, FieldError> {
    let d = SteadySpec::default();
    Ok(SteadySpec {
        window: value32(s.window, "steady.window", d.window, 2, 100_000)?,
        quorum_percent: value(s.quorum, "steady.quorum", d.quorum_percent, 0, 100)?,
        summaries_after_steady: s.summaries.unwrap_or(Summaries::AfterSteady) == Summaries::AfterSteady,
        until_steady: s.run_until.unwrap_or(RunUntil::Duration) == RunUntil::Steady,
    })
}

/// A writer's dataset as a workload gives it: a file system's `record_size`, or a zvol
/// (`zvol`, or a `volblocksize` given).
struct Dataset {
    record_size: Option<Quantity<Bytes>>,
    zvol: Option<bool>,
    volblocksize: Option<Quantity<Bytes>>,
}

impl Dataset {
    /// A zvol: said so, or given a `volblocksize`.
    fn zvol(&self) -> bool {
        self.zvol.unwrap_or(false) || self.volblocksize.is_some()
    }
}

/// The size of the records (a zvol's blocks) a writer of `block_size` bytes at `at` writes
/// into: `record_size` (the write's size unless given) for a file system, at most the
/// release's `zfs_max_recordsize`; for a zvol its `volblocksize`, the release's default
/// unless given. A write may span several: to a file, one transaction per record
/// (`zfs_write()`); to a zvol, one over all its blocks (`zvol_write()`).
fn records(at: &str, d: Dataset, block_size: u64, release: Release) -> Result<u64, FieldError> {
    let path = |key| field(at, key);
    let zvol = d.zvol();
    let record_size = if zvol {
        if d.record_size.is_some() {
            return Err(FieldError::at(&path("record_size"), "a zvol has a volblocksize, not a record_size"));
        }
        // zfs_prop.c: the default volblocksize, ZVOL_DEFAULT_BLOCKSIZE of the release.
        value(d.volblocksize, &path("volblocksize"), release.default_volblocksize(), 512, 128 * KIB)?
    } else {
        value(d.record_size, &path("record_size"), block_size, 512, 16 * MIB)?
    };
    let largest = crate::tunable_releases::max_recordsize(release.index());
    if !zvol && record_size > largest {
        let message = format!(
            "{record_size}: a record of OpenZFS {} is at most {largest} bytes (models.release; zfs_max_recordsize)",
            release.name()
        );
        let key = if d.record_size.is_some() { "record_size" } else { "block_size" };
        return Err(FieldError::at(&path(key), message));
    }
    Ok(record_size)
}

/// A workload and the tenant (zone) it runs in.
fn workload(at: &str, w: WorkloadFile, release: Release) -> Result<(Workload, String), FieldError> {
    let path = |key| field(at, key);
    let tenant = match &w {
        WorkloadFile::AsyncWrite(f) => &f.tenant,
        WorkloadFile::SyncWrite(f) => &f.tenant,
        WorkloadFile::RandomRead(f) => &f.tenant,
        WorkloadFile::SequentialRead(f) => &f.tenant,
        WorkloadFile::Scrub(f) => &f.tenant,
        WorkloadFile::Resilver(f) => &f.tenant,
        WorkloadFile::SyncTask(f) => &f.tenant,
    }
    .clone()
    .unwrap_or_else(|| GLOBAL.to_string());
    if tenant.is_empty() || tenant.len() > 64 {
        return Err(FieldError::at(&path("tenant"), "a tenant name is 1 to 64 characters"));
    }
    let threads = |t| value32(t, &path("threads"), 1, 1, MAX_THREADS as u32);
    let block = |b, default| value(b, &path("block_size"), default, 512, 16 * MIB);
    let rate = |r| value(r, &path("rate"), 0, 0, 1 << 40);
    let w = match w {
        WorkloadFile::AsyncWrite(f) => {
            let block_size = block(f.block_size, 128 * KIB)?;
            let dataset = Dataset { record_size: f.record_size, zvol: f.zvol, volblocksize: f.volblocksize };
            let zvol = dataset.zvol();
            let record_size = records(at, dataset, block_size, release)?;
            let burst = match f.burst {
                Some(b) => Some(Burst {
                    on_ns: value(b.on, &field(&path("burst"), "on"), S, 1_000_000, DAY)?,
                    off_ns: value(b.off, &field(&path("burst"), "off"), S, 0, DAY)?,
                }),
                None => None,
            };
            Workload::AsyncWrite {
                threads: threads(f.threads)?,
                block_size,
                record_size,
                sequential: f.pattern.unwrap_or(Pattern::Sequential) == Pattern::Sequential,
                region: value(f.region, &path("region"), 100 << 30, block_size, 1 << 50)?,
                rate: rate(f.rate)?,
                burst,
                compressible: value(f.compressible, &path("compressible"), 0, 0, 100)?,
                cache_hit: value(f.cache_hit, &path("cache_hit"), 100, 0, 100)?,
                zvol,
            }
        }
        WorkloadFile::SyncWrite(f) => {
            let block_size = block(f.block_size, 8 * KIB)?;
            let sync = match (f.sync.unwrap_or(SyncKind::Dsync), f.fsync_every) {
                (SyncKind::Fsync, every) => {
                    SyncMode::Fsync { every: value(every, &path("fsync_every"), 1 << 30, block_size, 1 << 40)? }
                }
                (SyncKind::Dsync, None) => SyncMode::Dsync,
                (SyncKind::Txg, None) => SyncMode::Txg,
                (SyncKind::Dsync | SyncKind::Txg, Some(_)) => {
                    let message = "only with \"sync\": \"fsync\" (a dsync or txg writer commits every write)";
                    return Err(FieldError::at(&path("fsync_every"), message));
                }
            };
            let logbias_throughput = f.logbias == Some(Logbias::Throughput);
            let dataset = Dataset { record_size: f.record_size, zvol: f.zvol, volblocksize: f.volblocksize };
            let zvol = dataset.zvol();
            Workload::SyncWrite {
                threads: threads(f.threads)?,
                block_size,
                record_size: records(at, dataset, block_size, release)?,
                sequential: f.pattern.unwrap_or(Pattern::Sequential) == Pattern::Sequential,
                region: value(f.region, &path("region"), 100 << 30, block_size, 1 << 50)?,
                cache_hit: value(f.cache_hit, &path("cache_hit"), 100, 0, 100)?,
                sync,
                rate: rate(f.rate)?,
                logbias_throughput,
                zvol,
            }
        }
        WorkloadFile::RandomRead(f) => {
            let block_size = block(f.block_size, 8 * KIB)?;
            let working_set = value(f.working_set, &path("working_set"), 100 << 30, block_size, 1 << 50)?;
            let cache_hit = value(f.cache_hit, &path("cache_hit"), 0, 0, 100)?;
            Workload::RandomRead { threads: threads(f.threads)?, block_size, working_set, cache_hit }
        }
        WorkloadFile::SequentialRead(f) => {
            let block_size = block(f.block_size, 128 * KIB)?;
            let region = value(f.region, &path("region"), 100 << 30, block_size, 1 << 50)?;
            Workload::SequentialRead { threads: threads(f.threads)?, block_size, region }
        }
        WorkloadFile::Scrub(f) => Workload::Scrub {
            block_size: block(f.block_size, 128 * KIB)?,
            outstanding_per_leaf: value32(f.outstanding_per_leaf, &path("outstanding_per_leaf"), 16, 1, 1024)?,
        },
        WorkloadFile::Resilver(f) => Workload::Resilver {
            block_size: block(f.block_size, 128 * KIB)?,
            outstanding: value32(f.outstanding, &path("outstanding"), 16, 1, 1024)?,
        },
        WorkloadFile::SyncTask(f) => {
            Workload::SyncTask { every_ns: value(f.every, &path("every"), 60 * S, S / 1000, DAY)? }
        }
    };
    if matches!(w, Workload::Scrub { .. } | Workload::Resilver { .. } | Workload::SyncTask { .. }) && tenant != GLOBAL {
        let message = "a scrub, resilver or sync task is the kernel's work: it runs in the global zone";
        return Err(FieldError::at(&path("tenant"), message));
    }
    Ok((w, tenant))
}

/// A scenario given as the lab's settings (`lab`): the app's scenario of that link, which
/// must read without a notice, and nothing else beside it but its name and description.
fn from_lab(file: &ScenarioFile, query: &str, name: String, description: String) -> Result<Scenario, FieldError> {
    let beside = [
        ("seed", file.seed.is_some()),
        ("duration", file.duration.is_some()),
        ("report_interval", file.report_interval.is_some()),
        ("models", file.models.is_some()),
        ("system", file.system.is_some()),
        ("tunables", file.tunables.is_some()),
        ("pool", file.pool.is_some()),
        ("workloads", file.workloads.is_some()),
        ("budget", file.budget.is_some()),
        ("steady", file.steady.is_some()),
    ];
    if let Some((f, _)) = beside.iter().find(|(_, given)| *given) {
        return Err(FieldError::at(
            f,
            "a scenario given as `lab` settings takes everything from them: give this in the link",
        ));
    }
    let decoded = crate::link::decode(crate::link::query_of(query));
    if !decoded.notices.is_empty() {
        return Err(FieldError::at("lab", decoded.notices.join("; ")));
    }
    let mut scenario = super::lab::scenario_from_settings(&decoded.tunables).map_err(|e| FieldError::at("lab", e))?;
    scenario.name = name;
    scenario.description = description;
    Ok(scenario)
}
