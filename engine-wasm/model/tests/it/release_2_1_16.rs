//! Release 2.1.16, the last of the 2.1 series: its defaults and module parameters read
//! from the zfs-2.1.16 tag, the log-data throttle it took from 2.2 (at zfs-2.1.6), and
//! the releases its version strings and links name.

use serde_json::{json, Value};
use throttle_model::evidence::import;
use throttle_model::link::{decode, encode};
use throttle_model::report::{self, Report};
use throttle_model::scenario::evidence::from_evidence;
use throttle_model::scenario::{Release, Scenario};
use throttle_model::Id;

const MIB: u64 = 1 << 20;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// zfs-2.1.16: `dsl_scan.c` `zfs_scan_vdev_limit = 16 << 20` (4 MiB at zfs-2.1.0);
/// `zil.c` `zfs_commit_timeout_pct = 5`; `vdev_queue.c` `zfs_vdev_scrub_max_active = 3`
/// and `zfs_vdev_nia_credit = 5`; `dsl_pool.c` `zfs_wrlog_data_max = 0` with its
/// `ZFS_MODULE_PARAM` (none at zfs-2.1.0), left for `arc_init()` to derive.
#[test]
fn the_defaults_of_2_1_16_are_its_tags() {
    let r = Release::V2_1_16;
    assert_eq!(r.default_of(Id::ScanVdevLimit), Some(16 * MIB));
    assert_eq!(Release::V2_1.default_of(Id::ScanVdevLimit), Some(4 * MIB));
    assert_eq!(r.default_of(Id::CommitTimeoutPct), Some(5));
    assert_eq!(r.default_of(Id::ScrubMaxActive), Some(3));
    assert_eq!(r.default_of(Id::NiaCredit), Some(5));
    assert_eq!(r.default_of(Id::WrlogDataMax), Some(0));
    assert_eq!(Release::V2_1.default_of(Id::WrlogDataMax), None);
    // dsl_pool.c: the sync percent's module parameter, not 0.7's bytes.
    assert_eq!((r.default_of(Id::DirtyDataSyncPercent), r.default_of(Id::DirtyDataSync)), (Some(20), None));
    // vdev_queue.c: zfs_vdev_queue_depth_pct is still a parameter (gone at zfs-2.4.0).
    assert_eq!(r.default_of(Id::VdevQueueDepthPct), Some(1000));
    assert!(Release::V2_1 < r && r < Release::V2_2);
}

/// 32 O_DSYNC writers of 8 KiB rewriting a 1 MiB file through a SLOG (an SSD) on a pool
/// disk of 50 ms, `release`, with `tunables`: the log data (each write copied into the
/// log, `WR_COPIED`) far outgrows the dirty data (1 MiB a txg), and a txg's sync is slow.
fn dsync_rewrites(release: &str, tunables: Value) -> Report {
    run(&json!({"duration": "10s", "models": {"release": release}, "tunables": tunables,
        "pool": {"layout": "a log b", "device": {"kind": "injected", "latency": "50ms", "lanes": 1}},
        "workloads": [{"kind": "sync_write", "threads": 32, "block_size": "8K", "record_size": "8K",
                       "sync": "dsync", "pattern": "random", "region": "1M"}]}))
}

/// zfs-2.1.16 `dmu_tx.c` `dmu_tx_delay()` / `dmu_tx_wait()`: a transaction is delayed once
/// `dsl_pool_need_wrlog_delay()` finds the pool's log data above
/// `zfs_delay_min_dirty_percent` (60) of `zfs_wrlog_data_max`, which `arc.c` `arc_init()`
/// derives as twice `zfs_dirty_data_max` when it is 0. zfs-2.1.0 has none of it: the
/// same writers are never delayed, and write as fast as the SLOG takes them.
#[test]
fn the_log_data_throttle_delays_sync_writers_from_2_1_16_not_2_1() {
    let dirty = json!({"zfs_dirty_data_max": "32M"});
    let old = dsync_rewrites("2.1", dirty.clone());
    assert_eq!(old.summary.throttle.counters.wrlog_delays, 0);
    assert_eq!(old.summary.throttle.counters.sent_to_delay, 0);
    let new = dsync_rewrites("2.1.16", dirty);
    let t = &new.summary.throttle.counters;
    assert!(t.wrlog_delays > 1000 && t.sent_to_delay == 0, "{t:?}");
    let rate = |r: &Report| r.summary.client_write_bytes_per_s;
    assert!(rate(&new) < rate(&old) / 4, "{} against {} B/s", rate(&new), rate(&old));
    // Derived, not set: the same run as zfs_wrlog_data_max = 2 x 32 MiB given.
    let given = dsync_rewrites("2.1.16", json!({"zfs_dirty_data_max": "32M", "zfs_wrlog_data_max": "64M"}));
    assert_eq!(given.summary.throttle.counters.wrlog_delays, t.wrlog_delays);
    assert_eq!(rate(&given), rate(&new));
    // And a larger limit set holds the writers back less.
    let larger = dsync_rewrites("2.1.16", json!({"zfs_dirty_data_max": "32M", "zfs_wrlog_data_max": "1G"}));
    assert!(rate(&larger) > rate(&new) * 4, "{} against {} B/s", rate(&larger), rate(&new));
}

#[test]
fn a_link_names_2_1_16_and_takes_its_log_data_limit() {
    let d = decode("v=1&release=2.1.16&zfs_wrlog_data_max=256M");
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    assert_eq!(Release::from_index(d.tunables.get(Id::Release)), Release::V2_1_16);
    assert_eq!(d.tunables.get(Id::WrlogDataMax), 256 * MIB);
    assert_eq!(encode(&d.tunables), "v=1&zfs_wrlog_data_max=256M&release=2.1.16");
    // 2.1 (zfs-2.1.0) still has no such parameter.
    let d = decode("v=1&release=2.1&zfs_wrlog_data_max=256M");
    assert!(d.notices.iter().any(|n| n.starts_with("zfs_wrlog_data_max is not a tunable of OpenZFS 2.1 ")));
    let v = json!({"models": {"release": "2.1.16"}, "tunables": {"zfs_wrlog_data_max": "256M"}});
    let s = Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!((s.models.release, s.tunables.get(Id::WrlogDataMax)), (Release::V2_1_16, 256 * MIB));
}

/// The kernel module's version: 2.1.6 and later (zfs-2.1.6 brought the log-data
/// throttle) follow 2.1.16, 2.1.0 to 2.1.5 follow 2.1.
#[test]
fn a_2_1_version_string_names_2_1_or_2_1_16() {
    for (text, expected) in [
        ("zfs-2.1.5-1ubuntu6~22.04.1\nzfs-kmod-2.1.5-1ubuntu6~22.04.1\n", "2.1"),
        ("zfs-2.1.14-1\nzfs-kmod-2.1.14-1\n", "2.1.16"),
        ("zfs-2.1.6-1\nzfs-kmod-2.1.6-1\n", "2.1.16"),
        ("zfs-2.1.16-1\nzfs-kmod-2.1.16-1\n", "2.1.16"),
        ("zfs-2.1.0-1\nzfs-kmod-2.1.0-1\n", "2.1"),
    ] {
        let f = from_evidence(&import(&[("zfs_version.txt", text)]));
        let release = f.settings.iter().find(|s| s.name == "release").map(|s| s.value.as_str());
        assert_eq!(release, Some(expected), "{text}");
    }
}
