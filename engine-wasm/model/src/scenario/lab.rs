//! The scenario the lab's settings describe: the same tunables, workload, pool, models,
//! duration and seed that a link carries, so that a link, the app and the CLI's
//! `run --link` all simulate exactly the same system.

use super::allocator::{AllocPolicy, AllocatorSpec};
use super::device::{DeviceSpec, HddParams, LunParams, SsdParams};
use super::drives::{drives, Drive};
use super::models::{Era, Models, SchedulerModel, ThrottleModel};
use super::release::Release;
use super::{
    AuxClass, Budget, Burst, Pool, Scenario, SteadySpec, SyncMode, Tenants, TopVdev, Workload, DEFAULT_MAX_SIMULATED,
    GLOBAL,
};
use crate::schema::{Id, DEVICE_KINDS, SPECS};
use crate::tunables::Tunables;
use crate::validate::check;

const KIB: u64 = 1 << 10;
/// The smallest disk a scenario file accepts too.
const MS: u64 = 1_000_000;
const S: u64 = 1_000_000_000;
/// The working set of the random readers: far larger than any cache.
const READ_WORKING_SET: u64 = 1 << 40;
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
        DeviceSpec::Hdd(p) => vec![(Id::HddRpm, p.rpm), (Id::HddQueueDepth, u64::from(p.queue_depth))],
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
        cpu_per_write_ns: None,
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
    pool.log = log.map(|v| AuxClass { vdevs: vec![v], device: ssd() });
    if t.get(Id::Special) == 1 {
        pool.special = Some(AuxClass { vdevs: vec![TopVdev::new(2, 0)], device: ssd() });
    }
    pool.special_small_blocks = t.get(Id::SpecialSmallBlocks);
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
        // the file, its records in the ARC when partly written.
        out.push(Workload::SyncWrite {
            threads: threads(Id::SyncWriters),
            block_size,
            record_size: get(Id::Recordsize),
            sequential: true,
            region: get(Id::FileSize).max(block_size),
            cache_hit: 100,
            sync,
            rate: 0,
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
                working_set: READ_WORKING_SET.max(block_size),
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
mod tests {
    use super::*;

    fn with(pairs: &[(Id, u64)]) -> Tunables {
        Tunables::with(pairs)
    }

    #[test]
    fn defaults_describe_steady_writers_and_readers_on_a_lun() {
        let s = scenario_from_settings(&Tunables::default()).expect("valid");
        assert_eq!(s.duration_ns, 30 * S);
        assert_eq!(s.report_interval_ns, 125 * MS);
        assert_eq!(s.pool.vdevs, vec![crate::scenario::TopVdev::DISK]);
        assert!(
            matches!(s.pool.device, DeviceSpec::Lun(LunParams { base_latency_ns, .. }) if base_latency_ns == 5 * MS)
        );
        assert_eq!(s.workloads.len(), 2);
        assert!(matches!(s.workloads[0], Workload::AsyncWrite { threads: 8, rate, .. } if rate == 40 << 20));
        assert!(matches!(s.workloads[1], Workload::RandomRead { threads: 4, block_size: 8192, .. }));
    }

    #[test]
    fn every_workload_and_device_is_reachable() {
        let t = with(&[
            (Id::SyncWriters, 2),
            (Id::FsyncEvery, 1 << 20),
            (Id::Scrub, 1),
            (Id::Resilver, 1),
            (Id::Mirror, 2),
            (Id::LunBandwidth, 50 << 20),
            (Id::BurstOn, 2000),
            (Id::BurstOff, 3000),
        ]);
        let s = scenario_from_settings(&t).expect("valid");
        assert_eq!(s.workloads.len(), 5);
        assert!(matches!(s.pool.device, DeviceSpec::Lun(LunParams { bandwidth, .. }) if bandwidth == 50 << 20));
        assert!(matches!(&s.workloads[0], Workload::AsyncWrite { burst: Some(Burst { on_ns, off_ns }), .. }
            if *on_ns == 2 * S && *off_ns == 3 * S));
        assert!(
            matches!(s.workloads[1], Workload::SyncWrite { sync: SyncMode::Fsync { every }, .. } if every == 1 << 20)
        );
    }

    #[test]
    fn legacy_models_take_era_defaults_only_where_the_user_left_the_default() {
        let t = with(&[(Id::ThrottleModelChoice, 1), (Id::LegacyEra, 0), (Id::VdevMaxPending, 4)]);
        let s = scenario_from_settings(&t).expect("valid");
        assert_eq!(s.tunables.get(Id::TxgTimeout), 30);
        assert_eq!(s.tunables.get(Id::VdevMaxPending), 4);
        let openzfs = scenario_from_settings(&with(&[(Id::LegacyEra, 0)])).expect("valid");
        assert_eq!(openzfs.tunables.get(Id::TxgTimeout), 5);
    }

    /// zfs-0.4.9 and zfs-0.5.2 `arc.c`, arc_init(): arc_c = RAM / 8, arc_c_max =
    /// MAX(arc_c * 6, arc_c * 8 - 1 GiB) (arc_c_min, at least 64 MiB, under 1 GiB of RAM),
    /// zfs_arc_max in force when above 64 MiB and below RAM.
    #[test]
    fn the_legacy_throttle_asks_an_arc_of_its_era() {
        const G: u64 = 1 << 30;
        assert_eq!(Era::Y2010.arc_max(2 * G, 0), 3 * G / 2, "3/4 of 2 GiB beats 1 GiB");
        assert_eq!(Era::Y2008.arc_max(64 * G, 0), 63 * G, "all but 1 GiB");
        assert_eq!(Era::Y2010.arc_max(G / 2, 0), 3 * G / 8, "3/4 beats arc_c_min");
        assert_eq!(Era::Y2010.arc_max(8 * G, G), G, "zfs_arc_max");
        assert_eq!(Era::Y2010.arc_max(8 * G, 64 << 20), 7 * G, "zfs_arc_max must pass 64 MiB");
        let legacy = with(&[(Id::ThrottleModelChoice, 1), (Id::Ram, 2 * G)]);
        assert_eq!(scenario_from_settings(&legacy).expect("valid").tunables.get(Id::ArcMax), 3 * G / 2);
        let given = with(&[(Id::ThrottleModelChoice, 1), (Id::Ram, 2 * G), (Id::ArcMax, G)]);
        assert_eq!(scenario_from_settings(&given).expect("valid").tunables.get(Id::ArcMax), G);
        let file = r#"{"system": {"ram": "2G"}, "models": {"throttle": "legacy"}}"#;
        assert_eq!(Scenario::from_json(file).expect("valid").tunables.get(Id::ArcMax), 3 * G / 2);
        // The OpenZFS throttle keeps the release's.
        let openzfs = scenario_from_settings(&with(&[(Id::SchedulerModelChoice, 1), (Id::Ram, 2 * G)])).expect("valid");
        assert_ne!(openzfs.tunables.get(Id::ArcMax), 3 * G / 2);
    }

    #[test]
    fn a_value_set_to_the_current_default_is_kept_where_the_release_or_ram_has_another() {
        let v2_1 = Release::V2_1.index();
        let following = effective(&with(&[(Id::Release, v2_1)]));
        assert_eq!(following.get(Id::ScanVdevLimit), 4 << 20, "dsl_scan.c at zfs-2.1.0");
        let kept = effective(&with(&[(Id::Release, v2_1), (Id::ScanVdevLimit, 16 << 20)]));
        assert_eq!(kept.get(Id::ScanVdevLimit), 16 << 20);
        // 0.6.5 derives 10% of the 64 GiB machine, with no 4 GiB cap: 4 GiB set stays 4 GiB.
        let v0_6_5 = Release::V0_6_5.index();
        assert_eq!(effective(&with(&[(Id::Release, v0_6_5)])).get(Id::DirtyDataMax), 6_871_947_673);
        let four = effective(&with(&[(Id::Release, v0_6_5), (Id::DirtyDataMax, 4 << 30)]));
        assert_eq!(four.get(Id::DirtyDataMax), 4 << 30);
    }

    #[test]
    fn the_report_interval_follows_the_duration() {
        assert_eq!(scenario_from_settings(&with(&[(Id::Duration, 1)])).expect("valid").report_interval_ns, 10 * MS);
        assert_eq!(scenario_from_settings(&with(&[(Id::Duration, 600)])).expect("valid").report_interval_ns, 2500 * MS);
    }

    #[test]
    fn lab_settings_stay_out_of_the_scenarios_tunables() {
        let s = scenario_from_settings(&with(&[(Id::Readers, 9), (Id::DirtyDataMax, 1 << 30)])).expect("valid");
        let json = serde_json::to_value(&s).expect("serializes");
        // zfs_arc_max is what the release derives from the 64 GiB machine: RAM less 1 GiB.
        assert_eq!(
            json["tunables"],
            serde_json::json!({ "zfs_dirty_data_max": 1u64 << 30, "zfs_arc_max": 63u64 << 30 })
        );
    }

    #[test]
    fn the_allocator_settings_describe_an_aged_pool_and_refuse_too_much() {
        let t = with(&[(Id::Allocator, 1), (Id::PoolFill, 62), (Id::PoolHoles, 8), (Id::DiskCapacity, 64 << 30)]);
        let s = scenario_from_settings(&t).expect("valid");
        let a = s.pool.allocator.expect("an allocator");
        assert_eq!((a.policy, a.fill_percent, a.holes_percent, a.df_free_pct), (AllocPolicy::Y2009, 62, 8, 30));
        assert_eq!(s.pool.device.capacity(), 64 << 30);
        let e = scenario_from_settings(&with(&[(Id::Allocator, 2), (Id::PoolFill, 95), (Id::PoolHoles, 8)]));
        assert!(e.is_err_and(|e| e.contains("pool_fill")));
        // Below 64 MiB the schema itself refuses a capacity (0 means the device's own).
        let mut t = Tunables::default();
        assert!(t.set(Id::DiskCapacity, 1 << 20).is_err() && t.set(Id::DiskCapacity, 0).is_ok());
        assert!(scenario_from_settings(&Tunables::default()).expect("valid").pool.allocator.is_none());
    }

    #[test]
    fn combinations_that_cannot_work_are_refused() {
        // 5 s × 4 GiB overflows the delay arithmetic's 64 bits.
        let problem = scenario_from_settings(&with(&[(Id::DelayScale, 5_000_000_000)])).expect_err("refused");
        assert!(problem.contains("zfs_delay_scale"), "{problem}");
    }

    #[test]
    fn differences_name_what_changed() {
        let a = Tunables::default();
        let b = with(&[(Id::Readers, 9), (Id::DelayScale, 1_000_000)]);
        assert_eq!(difference_lines(&a, &b), vec!["zfs_delay_scale: 500us → 1ms", "readers: 4 → 9"]);
        assert!(difference_lines(&a, &a).is_empty());
    }

    #[test]
    fn a_change_of_release_says_what_the_release_does_differently() {
        let at = |r: Release| with(&[(Id::Release, r.index())]);
        let lines = difference_lines(&at(Release::V2_1), &at(Release::V2_2));
        assert_eq!(lines[0], "release: 2.1 → 2.2");
        assert!(lines.contains(&"release's log-data throttle: no → yes".to_string()), "{lines:?}");
        assert_eq!(lines.len(), 1 + Release::V2_1.behaviour_differences(Release::V2_2).len());
    }
}
