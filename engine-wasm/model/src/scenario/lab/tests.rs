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
    assert!(matches!(s.pool.device, DeviceSpec::Lun(LunParams { base_latency_ns, .. }) if base_latency_ns == 5 * MS));
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
    assert!(matches!(s.workloads[1], Workload::SyncWrite { sync: SyncMode::Fsync { every }, .. } if every == 1 << 20));
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
    assert_eq!(json["tunables"], serde_json::json!({ "zfs_dirty_data_max": 1u64 << 30, "zfs_arc_max": 63u64 << 30 }));
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
