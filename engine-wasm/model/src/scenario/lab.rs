//! The scenario the lab's settings describe: the same tunables, workload, pool, models,
//! duration and seed that a link carries, so that a link, the app and the CLI's
//! `run --link` all simulate exactly the same system.

use super::allocator::{AllocPolicy, AllocatorSpec};
use super::device::{DeviceSpec, HddParams, LunParams, SsdParams};
use super::drives::{drives, find, Drive};
use super::models::{Era, Models, SchedulerModel, ThrottleModel};
use super::release::Release;
use super::{
    AuxClass, Budget, Burst, Pool, Scenario, SteadySpec, SyncMode, Tenants, TopVdev, Workload, Written,
    DEFAULT_MAX_SIMULATED, GLOBAL,
};
use crate::schema::{Id, DEVICE_KINDS, SPECS};
use crate::tunables::Tunables;
use crate::validate::check;

const KIB: u64 = 1 << 10;
/// The smallest disk a scenario file accepts too.
const MS: u64 = 1_000_000;
const S: u64 = 1_000_000_000;
/// Samples per run, so that a panel has the same resolution at any duration.
const SAMPLES_PER_RUN: u64 = 240;
const MIN_REPORT_INTERVAL: u64 = 10 * MS;
/// Blocks in flight per top-level vdev of a scrub or resilver under the legacy scheduler,
/// as the scenario format's defaults (the OpenZFS scheduler uses `zfs_scan_vdev_limit`).
const SCAN_OUTSTANDING: u32 = 16;

/// The tunables a run of `t` uses: those not given (`Tunables::is_given`: never set, and at
/// their current, master, default) take the release's defaults, `zfs_dirty_data_max` and `zfs_dirty_data_max_max` the values the
/// release derives from the machine's RAM, and when a legacy model runs the era's
/// historical ones, as a scenario file's do; a named `drive` gives the device's kind and
/// the figures of the kind's settings left at their defaults. The app draws its curves and
/// says "Runs with" from these.
pub fn effective(t: &Tunables) -> Tunables {
    let mut tunables = t.clone();
    for stage in STAGES {
        stage.apply(t, &mut tunables);
    }
    tunables
}

/// Where a value a run uses comes from when it is not the one set: the stages of
/// [`effective`], in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Derived {
    /// The chosen release's default, or its derivation from the machine's RAM.
    Release,
    /// The named drive's figure.
    Drive,
    /// The legacy era's historical default.
    Era,
}

const STAGES: [Derived; 3] = [Derived::Release, Derived::Drive, Derived::Era];

impl Derived {
    /// What the app says of it: "the default of {this}".
    pub fn name(self) -> &'static str {
        match self {
            Derived::Release => "the chosen release (with the machine's ram)",
            Derived::Drive => "the chosen drive",
            Derived::Era => "the legacy era",
        }
    }

    /// This stage of [`effective`] for the settings `t`, onto `tunables`.
    fn apply(self, t: &Tunables, tunables: &mut Tunables) {
        let at_default = |t: &Tunables, id: Id| !t.is_given(id);
        let release = Release::from_index(t.get(Id::Release));
        match self {
            Derived::Release => {
                for (id, v) in release.defaults() {
                    if at_default(tunables, id) {
                        tunables.derive(id, v);
                    }
                }
                release.set_dirty_limits(tunables, t.get(Id::Ram), |id| !at_default(t, id));
                if t.get(Id::Dataset) == 1 && at_default(t, Id::Recordsize) {
                    // A zvol's blocks are the release's default volblocksize.
                    tunables.derive(Id::Recordsize, release.default_volblocksize());
                }
            }
            Derived::Drive => {
                let Some(d) = drive(t) else { return };
                // The drive sets the kind, and the kind's settings left at their defaults.
                let kind = DEVICE_KINDS.iter().position(|k| *k == d.spec.kind()).unwrap_or(0);
                tunables.derive(Id::Device, kind as u64);
                for (id, v) in drive_figures(&d.spec) {
                    if at_default(t, id) {
                        // Every drive's figures lie inside these settings' ranges (a test checks).
                        tunables.derive(id, v);
                    }
                }
            }
            Derived::Era => {
                if t.get(Id::ThrottleModelChoice) != 1 && t.get(Id::SchedulerModelChoice) != 1 {
                    return;
                }
                let era = if t.get(Id::LegacyEra) == 0 { Era::Y2008 } else { Era::Y2010 };
                for (id, v) in era.defaults() {
                    if at_default(tunables, id) {
                        // Era defaults lie inside their tunables' ranges (checked by a test).
                        tunables.derive(id, v);
                    }
                }
                if t.get(Id::ThrottleModelChoice) == 1 {
                    // The legacy throttle asks the ARC of its own era (`Era::arc_max`).
                    let given = if at_default(t, Id::ArcMax) { 0 } else { t.get(Id::ArcMax) };
                    tunables.derive(Id::ArcMax, era.arc_max(t.get(Id::Ram), given));
                }
            }
        }
    }
}

/// Per tunable, in schema order, the stage of [`effective`] that last changed the value a
/// run of `t` uses, if one did: what the app names beside a control that runs with another
/// value than the one it shows.
pub fn derived_by(t: &Tunables) -> Vec<Option<Derived>> {
    let mut by = vec![None; Id::ALL.len()];
    let mut tunables = t.clone();
    for stage in STAGES {
        let before = tunables.clone();
        stage.apply(t, &mut tunables);
        for &id in Id::ALL {
            if tunables.get(id) != before.get(id) {
                by[id as usize] = Some(stage);
            }
        }
    }
    by
}

/// The figures of a drive that the lab's settings of its kind hold.
fn drive_figures(spec: &DeviceSpec) -> Vec<(Id, u64)> {
    match spec {
        DeviceSpec::Hdd(p) => vec![
            (Id::HddRpm, p.rpm),
            (Id::HddQueueDepth, u64::from(p.queue_depth)),
            (Id::HddCacheWrites, u64::from(p.cache_writes)),
        ],
        DeviceSpec::Ssd(p) => vec![
            (Id::SsdRead, p.read_ns),
            (Id::SsdProgram, p.program_ns),
            (Id::SsdGcPerMillion, p.stall_per_million),
            (Id::SsdGcStall, p.stall_ns),
        ],
        DeviceSpec::Lun(p) => vec![
            (Id::LunBandwidth, p.bandwidth),
            (Id::LunLatency, p.base_latency_ns),
            (Id::LunStallPerMillion, p.stall_per_million),
            (Id::LunStall, p.stall_ns),
        ],
        DeviceSpec::Injected(_) => Vec::new(),
    }
}

/// The scenario of `t`'s lab settings, with `t`'s tunables; the first problem if the
/// tunables cannot work together.
///
/// Tunables still at their current (master) default take the release's defaults, and when
/// a legacy model runs the era's historical ones, as a scenario file's do.
pub fn scenario_from_settings(t: &Tunables) -> Result<Scenario, String> {
    if let Some(problem) = check(t).errors.into_iter().next() {
        return Err(problem.message);
    }
    let get = |id: Id| t.get(id);
    let models = Models {
        throttle: if get(Id::ThrottleModelChoice) == 1 { ThrottleModel::Legacy } else { ThrottleModel::Openzfs },
        scheduler: if get(Id::SchedulerModelChoice) == 1 { SchedulerModel::Legacy } else { SchedulerModel::Openzfs },
        era: if get(Id::LegacyEra) == 0 { Era::Y2008 } else { Era::Y2010 },
        release: Release::from_index(get(Id::Release)),
    };
    let tunables = effective(t);
    let pool = Pool { allocator: allocator(t)?, ..pool(&tunables) };
    let workloads = workloads(&tunables);
    let duration_ns = get(Id::Duration) * S;
    let report_interval_ns = (duration_ns / SAMPLES_PER_RUN / MS * MS).max(MIN_REPORT_INTERVAL);
    Ok(Scenario {
        name: "lab".into(),
        description: String::new(),
        seed: get(Id::Seed),
        duration_ns,
        report_interval_ns,
        models,
        ram: get(Id::Ram),
        // Left unset, the engine's default, and the scenario echoed as before.
        cpu_per_write_ns: t.is_given(Id::CpuPerWrite).then(|| get(Id::CpuPerWrite)),
        tunables,
        pool,
        tenants: tenants(t, &workloads),
        workloads,
        budget: Budget { max_events: get(Id::EventBudget), max_simulated_ns: DEFAULT_MAX_SIMULATED },
        steady: SteadySpec {
            window: get(Id::SteadyWindow) as u32,
            quorum_percent: get(Id::SteadyQuorum),
            summaries_after_steady: get(Id::Summaries) == 0,
            until_steady: get(Id::RunUntil) == 1,
        },
    })
}

/// The named drive the `drive` setting picks, if not `generic`.
fn drive(t: &Tunables) -> Option<Drive> {
    let name = Id::Drive.spec().choices.get(t.get(Id::Drive) as usize).copied().unwrap_or("generic");
    drives().into_iter().find(|d| d.name == name)
}

/// The pool of `t`, its effective values (`effective()`: a named drive's figures in the
/// settings it left at their defaults).
fn pool(t: &Tunables) -> Pool {
    let base = drive(t).map(|d| d.spec);
    let mut device = match (t.get(Id::Device), base) {
        (0, base) => DeviceSpec::Hdd(HddParams {
            rpm: t.get(Id::HddRpm),
            queue_depth: t.get(Id::HddQueueDepth) as u32,
            cache_writes: t.get(Id::HddCacheWrites) as u32,
            ..match base {
                Some(DeviceSpec::Hdd(p)) => p,
                _ => HddParams::enterprise_7200(),
            }
        }),
        (1, base) => DeviceSpec::Ssd(SsdParams {
            read_ns: t.get(Id::SsdRead),
            program_ns: t.get(Id::SsdProgram),
            stall_per_million: t.get(Id::SsdGcPerMillion),
            stall_ns: t.get(Id::SsdGcStall),
            ..match base {
                Some(DeviceSpec::Ssd(p)) => p,
                _ => SsdParams::datacenter(),
            }
        }),
        (_, base) => DeviceSpec::Lun(LunParams {
            bandwidth: t.get(Id::LunBandwidth),
            base_latency_ns: t.get(Id::LunLatency),
            stall_per_million: t.get(Id::LunStallPerMillion),
            stall_ns: t.get(Id::LunStall),
            ..match base {
                Some(DeviceSpec::Lun(p)) => p,
                _ => LunParams::array_100mbs(),
            }
        }),
    };
    if t.get(Id::DiskCapacity) > 0 {
        device.set_capacity(t.get(Id::DiskCapacity));
    }
    let retire = Release::from_index(t.get(Id::Release)).retire();
    let (tops, children, parity) = (t.get(Id::TopLevelVdevs) as u32, t.get(Id::Mirror) as u32, t.get(Id::Raidz) as u32);
    // validate::check() has refused RAID-Z narrower than its parity, too many leaves and a
    // special class before 0.8.
    let mut pool = Pool::alike(tops, children, parity, device, retire);
    let log = match t.get(Id::Slog) {
        1 => Some(TopVdev::DISK),
        2 => Some(TopVdev::new(2, 0)),
        _ => None,
    };
    let ssd = || DeviceSpec::Ssd(SsdParams::datacenter());
    let slog = Id::SlogDrive.spec().choices.get(t.get(Id::SlogDrive) as usize).copied().unwrap_or("datacenter");
    let slog = find("ssd", slog).map_or_else(ssd, |d| d.spec);
    pool.log = log.map(|v| AuxClass { vdevs: vec![v], device: slog });
    if t.get(Id::Special) == 1 {
        pool.special = Some(AuxClass { vdevs: vec![TopVdev::new(2, 0)], device: ssd() });
    }
    pool.special_small_blocks = t.get(Id::SpecialSmallBlocks);
    pool.written = if t.get(Id::PoolWritten) == 1 { Written::Sequentially } else { Written::Aged };
    pool
}

fn workloads(t: &Tunables) -> Vec<Workload> {
    let get = |id: Id| t.get(id);
    let threads = |id: Id| get(id) as u32;
    let mut out = Vec::new();
    if get(Id::AsyncWriters) > 0 {
        let block_size = get(Id::AsyncBlockSize);
        let burst =
            (get(Id::BurstOn) > 0).then(|| Burst { on_ns: get(Id::BurstOn) * MS, off_ns: get(Id::BurstOff) * MS });
        out.push(Workload::AsyncWrite {
            threads: threads(Id::AsyncWriters),
            block_size,
            record_size: get(Id::Recordsize),
            sequential: get(Id::AsyncPattern) == 0,
            region: get(Id::FileSize).max(block_size),
            rate: get(Id::AsyncRate),
            burst,
            compressible: get(Id::AsyncCompressible),
            cache_hit: get(Id::AsyncCacheHit),
            zvol: get(Id::Dataset) == 1,
        });
    }
    if get(Id::SyncWriters) > 0 {
        let block_size = get(Id::SyncBlockSize);
        let sync = match (get(Id::SyncWait), get(Id::FsyncEvery)) {
            (1, _) => SyncMode::Txg,
            (_, 0) => SyncMode::Dsync,
            (_, every) => SyncMode::Fsync { every: every.max(block_size) },
        };
        let logbias_throughput = get(Id::Logbias) == 1;
        // The same dataset as the buffered writers': each thread streams its own part of
        // the file (or writes at random over it), its records in the ARC when partly
        // written (async_cache_hit is the buffered writers' alone).
        out.push(Workload::SyncWrite {
            threads: threads(Id::SyncWriters),
            block_size,
            record_size: get(Id::Recordsize),
            sequential: get(Id::SyncPattern) == 0,
            region: get(Id::FileSize).max(block_size),
            cache_hit: 100,
            sync,
            rate: get(Id::SyncRate),
            logbias_throughput,
            zvol: get(Id::Dataset) == 1,
        });
    }
    if get(Id::Readers) > 0 {
        let block_size = get(Id::ReadBlockSize);
        if get(Id::ReadPattern) == 1 {
            out.push(Workload::SequentialRead {
                threads: threads(Id::Readers),
                block_size,
                region: get(Id::FileSize).max(block_size),
            });
        } else {
            out.push(Workload::RandomRead {
                threads: threads(Id::Readers),
                block_size,
                working_set: get(Id::ReadWorkingSet).max(block_size),
                cache_hit: get(Id::ReadCacheHit),
            });
        }
    }
    if get(Id::Scrub) == 1 {
        out.push(Workload::Scrub { block_size: 128 * KIB, outstanding_per_leaf: SCAN_OUTSTANDING });
    }
    if get(Id::Resilver) == 1 {
        out.push(Workload::Resilver { block_size: 128 * KIB, outstanding: SCAN_OUTSTANDING });
    }
    out
}

/// The metaslab allocator the settings ask for, if any.
fn allocator(t: &Tunables) -> Result<Option<AllocatorSpec>, String> {
    let policy = match t.get(Id::Allocator) {
        1 => AllocPolicy::Y2009,
        2 => AllocPolicy::Y2010,
        _ => return Ok(None),
    };
    let (fill, holes) = (t.get(Id::PoolFill), t.get(Id::PoolHoles));
    if fill + holes > 100 {
        return Err(format!("pool_fill ({fill}%) and pool_holes ({holes}%) together pass 100% of a metaslab"));
    }
    let block = t.get(Id::Recordsize).max(512);
    Ok(Some(AllocatorSpec {
        fill_percent: fill,
        holes_percent: holes,
        fill_block: block,
        ..AllocatorSpec::for_policy(policy)
    }))
}

/// One tenant for every workload, or one per kind of workload (the kernel's own, scrub and
/// resilver, in the global zone either way).
fn tenants(t: &Tunables, workloads: &[Workload]) -> Tenants {
    let per_workload = t.get(Id::Tenancy) == 1;
    Tenants::from_names(workloads.iter().map(|w| match w {
        Workload::Scrub { .. } | Workload::Resilver { .. } | Workload::SyncTask { .. } => GLOBAL,
        _ if !per_workload => "lab",
        Workload::AsyncWrite { .. } => "writers",
        Workload::SyncWrite { .. } => "sync_writers",
        Workload::RandomRead { .. } | Workload::SequentialRead { .. } => "readers",
    }))
}

/// `name: A → B` for each entry that differs between two settings, in schema order, values
/// as a person writes them: what an A/B comparison and its ticket list. A change of release is followed by what that release does
/// differently (`Release::behaviour_differences`): the values alone would not say.
pub fn difference_lines(a: &Tunables, b: &Tunables) -> Vec<String> {
    let mut out = Vec::new();
    for s in SPECS.iter().filter(|s| a.get(s.id) != b.get(s.id)) {
        out.push(format!("{}: {} → {}", s.name, s.format(a.get(s.id)), s.format(b.get(s.id))));
        if s.id == Id::Release {
            let (ra, rb) = (Release::from_index(a.get(s.id)), Release::from_index(b.get(s.id)));
            let behaviour = ra.behaviour_differences(rb).into_iter();
            out.extend(behaviour.map(|d| format!("release's {}: {} → {}", d.what, d.a, d.b)));
        }
    }
    out
}

#[cfg(test)]
mod tests;
