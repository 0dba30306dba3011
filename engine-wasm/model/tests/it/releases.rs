//! The OpenZFS release a scenario follows: its defaults, its tunables, and the behaviour
//! that changed between releases, each from the release's own source.

use serde_json::{json, Value};
use throttle_model::link::decode;
use throttle_model::report::{self, Report};
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::scenario::{Release, Retire, Scenario};
use throttle_model::{validate, Id, Tunables};

fn scenario(v: &Value) -> Scenario {
    Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))
}

fn run(v: &Value) -> Report {
    report::run(scenario(v))
}

#[test]
fn a_tunable_the_release_does_not_have_is_refused_by_name() {
    let v = json!({"models": {"release": "2.1"}, "tunables": {"zfs_wrlog_data_max": "1G"}});
    let e = Scenario::from_json(&v.to_string()).expect_err("refused").to_string();
    assert!(e.starts_with("tunables.zfs_wrlog_data_max: not a tunable of OpenZFS 2.1"), "{e}");
    let v = json!({"models": {"release": "0.8"}, "tunables": {"zfs_dirty_data_sync": "64M"}});
    assert!(Scenario::from_json(&v.to_string()).is_err());
    let v = json!({"models": {"release": "0.7"}, "tunables": {"zfs_dirty_data_sync": "32M"}});
    assert_eq!(scenario(&v).tunables.get(Id::DirtyDataSync), 32 << 20);
}

#[test]
fn a_link_or_a_set_naming_a_tunable_the_release_does_not_have_is_refused_by_name() {
    // A link keeps the rest, its release among them, and says what it left out.
    let d = decode("v=1&release=0.8&zfs_vdev_nia_credit=7&zfs_txg_timeout=9");
    assert_eq!(d.tunables.get(Id::NiaCredit), Id::NiaCredit.spec().default);
    assert_eq!(d.tunables.get(Id::TxgTimeout), 9);
    assert_eq!(Release::from_index(d.tunables.get(Id::Release)), Release::V0_8);
    let named = |notices: &[String], text: &str| notices.iter().any(|n| n.starts_with(text));
    assert!(named(&d.notices, "zfs_vdev_nia_credit is not a tunable of OpenZFS 0.8"), "{:?}", d.notices);
    // Settings (the CLI's --set, the app's controls): refused, not run without effect.
    let mut t = Tunables::default();
    t.set_assignments(&["release=2.1".into(), "zfs_wrlog_data_max=1G".into()]).expect("in range");
    let e = &validate::check(&t).errors[0];
    assert_eq!(e.tunables, ["zfs_wrlog_data_max"], "the release itself is not what is wrong");
    assert!(e.message.starts_with("zfs_wrlog_data_max is not a tunable of OpenZFS 2.1"), "{}", e.message);
    assert!(scenario_from_settings(&t).is_err());
    t.set_assignments(&["release=2.2".into()]).expect("in range");
    assert!(validate::check(&t).errors.is_empty());
    // At master's default too: given, it would still be run without effect.
    let d = decode("v=1&release=0.7&zfs_scan_vdev_limit=16M");
    assert!(named(&d.notices, "zfs_scan_vdev_limit is not a tunable of OpenZFS 0.7"), "{:?}", d.notices);
    assert!(!d.tunables.is_given(Id::ScanVdevLimit));
    assert!(validate::check(&d.tunables).errors.is_empty());
    let mut t = Tunables::default();
    t.set_assignments(&["release=0.7".into(), "zfs_scan_vdev_limit=16M".into()]).expect("in range");
    assert_eq!(validate::check(&t).errors[0].tunables, ["zfs_scan_vdev_limit"]);
    // Removed in 2.4.0 (vdev_queue.c), and present until then.
    let d = decode("v=1&release=2.3&zfs_vdev_queue_depth_pct=500");
    assert_eq!((d.tunables.get(Id::VdevQueueDepthPct), d.notices.len()), (500, 0));
    let d = decode("v=1&release=2.4&zfs_vdev_queue_depth_pct=500");
    assert!(named(&d.notices, "zfs_vdev_queue_depth_pct is not a tunable of OpenZFS 2.4"), "{:?}", d.notices);
    // zil.c: zil_slog_bulk from zfs-0.7.0; zfs-0.6.5 has zil_slog_limit in its place.
    let d = decode("v=1&release=0.6.5&zil_slog_bulk=1M");
    assert!(named(&d.notices, "zil_slog_bulk is not a tunable of OpenZFS 0.6.5"), "{:?}", d.notices);
    let mut t = Tunables::default();
    t.set_assignments(&["release=0.6.5".into(), "zil_slog_bulk=1M".into()]).expect("in range");
    assert_eq!(validate::check(&t).errors[0].tunables, ["zil_slog_bulk"]);
    let v = json!({"models": {"release": "0.6.5"}, "tunables": {"zil_slog_bulk": "1M"}});
    assert!(Scenario::from_json(&v.to_string()).is_err());
    let d = decode("v=1&release=0.7&zil_slog_bulk=1M");
    assert_eq!((d.tunables.get(Id::ZilSlogBulk), d.notices.len()), (1 << 20, 0));
}

#[test]
fn a_link_or_a_set_may_use_the_releases_own_name_of_a_renamed_tunable() {
    for link in ["v=1&zfs_scan_min_time_ms=2000&release=0.7", "v=1&release=0.6.5&zfs_scan_min_time_ms=2000"] {
        let d = decode(link);
        assert_eq!((d.tunables.get(Id::ScrubMinTimeMs), d.notices.len()), (2000, 0), "{link}: {:?}", d.notices);
    }
    let d = decode("v=1&zfs_scan_min_time_ms=2000&release=0.8");
    assert_eq!(d.tunables.get(Id::ScrubMinTimeMs), Id::ScrubMinTimeMs.spec().default);
    assert!(d.notices[0].contains("not a tunable's name in OpenZFS 0.8"), "{:?}", d.notices);
    let mut t = Tunables::default();
    t.set_assignments(&["zfs_scan_min_time_ms=2000".into(), "release=0.7".into()]).expect("0.7's name");
    assert_eq!(t.get(Id::ScrubMinTimeMs), 2000);
    let e = Tunables::default().set_assignments(&["zfs_scan_min_time_ms=2000".into()]).expect_err("renamed");
    assert_eq!(e.to_string(), "zfs_scan_min_time_ms: not a tunable's name in OpenZFS master (release)");
}

#[test]
fn a_release_gives_its_defaults_and_how_it_retires_dirty_data() {
    let s = scenario(&json!({"models": {"release": "0.6.5"}}));
    assert_eq!(s.tunables.get(Id::AsyncWriteMinActive), 1);
    assert_eq!(s.tunables.get(Id::AggregationLimit), 128 << 10);
    assert_eq!(s.pool.retire, Retire::Physical);
    let s = scenario(&json!({"models": {"release": "2.2"}}));
    assert_eq!(s.tunables.get(Id::ScanVdevLimit), 16 << 20);
    assert_eq!(s.tunables.get(Id::CommitTimeoutPct), 5);
    assert_eq!(s.pool.retire, Retire::Logical);
    // A value given in the file wins over the release's default.
    let s = scenario(&json!({"models": {"release": "0.6.5"}, "tunables": {"zfs_vdev_async_write_min_active": 3}}));
    assert_eq!(s.tunables.get(Id::AsyncWriteMinActive), 3);
}

/// Txg sizes of a 200 MB/s writer on an SSD with a 30 s timeout: only the sync kick ends
/// a txg.
fn txg_sizes(release: &str) -> Vec<u64> {
    let v = json!({"duration": "20s", "models": {"release": release}, "tunables": {"zfs_txg_timeout": 30},
        "pool": {"device": {"kind": "ssd"}},
        "workloads": [{"kind": "async_write", "threads": 4, "block_size": "128K", "rate": "200M"}]});
    run(&v).txgs.iter().skip(1).map(|t| t.ndirty).collect()
}

#[test]
fn before_0_8_a_txg_syncs_at_64_mib_of_pool_dirty_data_and_from_0_8_at_a_percent() {
    // 0.7: dp_dirty_total > zfs_dirty_data_sync (64 MiB) as a transaction asks to be
    // assigned quiesces the open txg if nothing syncs: txgs of a little over 64 MiB. A kick
    // while one quiesces is remembered (txg_kick() had no txg_is_quiescing() test until
    // OpenZFS 9464, in 0.8.0), so the txg opened behind it quiesces at once, nearly empty:
    // the small txgs between large ones that 9464's txg.d output shows.
    let old = txg_sizes("0.7");
    let (large, small): (Vec<u64>, Vec<u64>) = old.iter().partition(|&&n| n > 64 << 20);
    assert!(large.len() > 10 && large.iter().all(|&n| n < 80 << 20), "{old:?}");
    assert!(!small.is_empty() && small.iter().all(|&n| n < 8 << 20), "{old:?}");
    // master: the txg's own dirty data past 20% of zfs_dirty_data_max (4 GiB): ~820 MB.
    let new = txg_sizes("master");
    assert!(!new.is_empty() && new.iter().all(|&n| n > 800 << 20), "{new:?}");
}

#[test]
fn before_2_2_there_is_no_log_data_throttle() {
    let v = |release: &str| {
        json!({"duration": "5s", "models": {"release": release}, "pool": {"device": {"kind": "ssd"}},
            "tunables": {"zfs_dirty_data_max": "32M"},
            "workloads": [{"kind": "async_write", "threads": 8, "block_size": "8K", "record_size": "8K",
                           "pattern": "random", "region": "1M"}]})
    };
    // zfs_wrlog_data_max is twice zfs_dirty_data_max (64 MiB): 2.2 delays the rewrites.
    assert!(run(&v("2.2")).summary.throttle.counters.wrlog_delays > 0);
    assert_eq!(run(&v("2.1")).summary.throttle.counters.wrlog_delays, 0);
}

#[test]
fn the_app_setting_picks_the_release_as_a_scenario_file_does() {
    let d = decode("v=1&release=0.6.5");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    let s = scenario_from_settings(&d.tunables).expect("valid");
    assert_eq!(s.tunables.get(Id::AsyncWriteMinActive), 1);
    assert_eq!(s.pool.retire, Retire::Physical);
    assert_eq!(s.models.release.name(), "0.6.5");
}

#[test]
fn before_2_2_the_sync_thread_goes_on_at_once_while_the_pool_is_over_the_sync_threshold() {
    // 64 writers at the hard limit of a one-lane leaf: when a sync ends, the next txg is
    // already over the threshold, and `txg_sync_thread()` (0.8-2.1: `dp_dirty_total <
    // zfs_dirty_data_max * zfs_dirty_data_sync_percent / 100` in its wait loop) quiesces it
    // at once; it does not wait for a writer to kick it. 2.2 remembers the kicks instead.
    for release in ["0.7", "2.1", "2.2"] {
        let r = run(&json!({"duration": "60s", "models": {"release": release},
            "tunables": {"zfs_dirty_data_max": "256M"},
            "pool": {"device": {"kind": "injected", "latency": "10ms", "lanes": 1}},
            "workloads": [{"kind": "async_write", "threads": 64, "block_size": "128K"}]}));
        assert!(r.txgs.len() >= 3, "{release}: {} txgs", r.txgs.len());
        for w in r.txgs.windows(2) {
            let ended = w[0].birth + w[0].otime + w[0].qtime + w[0].wtime + w[0].stime;
            let next_quiesce = w[1].birth + w[1].otime;
            assert!(
                next_quiesce <= ended,
                "{release}: txg {} quiesced {} ns after the sync",
                w[1].txg,
                next_quiesce - ended
            );
        }
    }
}

#[test]
fn the_machines_ram_gives_the_dirty_limits_as_the_releases_arc_init_does() {
    const GIB: u64 = 1 << 30;
    let limits = |v: Value| {
        let s = scenario(&v);
        (s.tunables.get(Id::DirtyDataMax), s.tunables.get(Id::DirtyDataMaxMax))
    };
    // 2.4 on 16 GiB: 10% of RAM; on 64 GiB (the default machine) the 4 GiB cap.
    assert_eq!(limits(json!({"system": {"ram": "16G"}})), (16 * GIB / 10, 4 * GIB));
    assert_eq!(limits(json!({})), (4 * GIB, 4 * GIB));
    // 0.6.5 had no 4 GiB cap: 10% of 128 GiB.
    assert_eq!(limits(json!({"models": {"release": "0.6.5"}, "system": {"ram": "128G"}})), (128 * GIB / 10, 32 * GIB));
    // Set explicitly, the maximum wins whatever the RAM; an explicit max_max caps the derived one.
    assert_eq!(limits(json!({"system": {"ram": "16G"}, "tunables": {"zfs_dirty_data_max": "8G"}})).0, 8 * GIB);
    let v = json!({"system": {"ram": "64G"}, "tunables": {"zfs_dirty_data_max_max": "1G"}});
    assert_eq!(limits(v), (GIB, GIB));
    // The lab's own setting does the same, and what it runs is what the curves draw.
    for (link, max) in [("v=1&ram=16G", 16 * GIB / 10), ("v=1&ram=16G&zfs_dirty_data_max=2G", 2 * GIB)] {
        let d = decode(link);
        assert!(d.notices.is_empty(), "{:?}", d.notices);
        let s = scenario_from_settings(&d.tunables).expect("valid");
        assert_eq!(s.tunables.get(Id::DirtyDataMax), max, "{link}");
        assert_eq!(throttle_model::scenario::lab::effective(&d.tunables).get(Id::DirtyDataMax), max);
        assert_eq!(s.ram, 16 * GIB);
    }
    // And the run holds it: 32 writers into a 100 MB/s LUN hold dirty data in the delay
    // zone of the 8 GiB machine's 819 MiB, and well above it on the default 64 GiB machine.
    let peak = |ram: &str| {
        let r = run(&json!({"duration": "20s", "system": {"ram": ram},
            "pool": {"device": {"kind": "lun"}},
            "workloads": [{"kind": "async_write", "threads": 32, "block_size": "128K"}]}));
        r.series.dirty_bytes.iter().copied().max().unwrap_or(0)
    };
    let small = peak("8G");
    assert!(small > 8 * GIB / 10 * 6 / 10 && small <= 8 * GIB / 10 + (1 << 20), "{small}");
    assert!(peak("64G") > 2 * small, "{small}");
}

#[test]
fn a_renamed_tunable_is_read_under_the_releases_own_name() {
    // 0.7 called zfs_scrub_min_time_ms zfs_scan_min_time_ms (dsl_scan.c, renamed in 0.8.0).
    let v = json!({"models": {"release": "0.7"}, "tunables": {"zfs_scan_min_time_ms": "2000"}});
    assert_eq!(scenario(&v).tunables.get(Id::ScrubMinTimeMs), 2000);
    let v = json!({"models": {"release": "0.7"}, "tunables": {"zfs_scrub_min_time_ms": "2000"}});
    let e = Scenario::from_json(&v.to_string()).expect_err("refused").to_string();
    assert!(e.ends_with("called zfs_scan_min_time_ms in OpenZFS 0.7 (models.release)"), "{e}");
    let v = json!({"models": {"release": "2.1"}, "tunables": {"zfs_scan_min_time_ms": "2000"}});
    let e = Scenario::from_json(&v.to_string()).expect_err("refused").to_string();
    assert!(e.ends_with("not a tunable of OpenZFS 2.1 (models.release)"), "{e}");
    let v = json!({"tunables": {"zfs_no_such_thing": "1"}});
    assert!(Scenario::from_json(&v.to_string()).expect_err("refused").to_string().ends_with("unknown tunable"));
}

/// `dbuf_dirty()` charges each indirect block it dirties its full size: 16 KiB before 0.7
/// (`DN_MAX_INDBLKSHIFT` 14 in `include/sys/dnode.h` of zfs-0.6.4 and zfs-0.6.5), 128 KiB
/// from zfs-0.7.0 (17). Random 128 KiB writes over a 64 GiB file each land under an L1
/// of their own (a 16 KiB L1 maps 16 MiB, 4,096 of them; a 128 KiB one 128 MiB, 512), so
/// each write costs its record and about one L1: 144 KiB on 0.6.5 and 256 KiB on 0.7,
/// less what L1s shared within a txg save.
#[test]
fn before_0_7_indirect_blocks_are_16k_and_charged_as_such() {
    let per_write = |release: &str| {
        let v = json!({"duration": "3s", "models": {"release": release}, "pool": {"device": {"kind": "ssd"}},
            "workloads": [{"kind": "async_write", "threads": 4, "block_size": "128K", "record_size": "128K",
                           "pattern": "random", "region": "64G", "rate": "16M"}]});
        let r = run(&v);
        r.invariants.dirtied_bytes as f64 / r.summary.client_write.count as f64 / 1024.0
    };
    let (old, new) = (per_write("0.6.5"), per_write("0.7"));
    assert!((140.0..150.0).contains(&old), "0.6.5: {old:.1} KiB dirtied a write");
    assert!((200.0..260.0).contains(&new), "0.7: {new:.1} KiB dirtied a write");
    assert_eq!(Release::V0_6_4.indirect_block_shift(), 14);
    assert_eq!(Release::V0_7.indirect_block_shift(), 17);
}
