//! Which OpenZFS releases have each tunable, and what a release called one that was later
//! renamed: the rows where a module parameter came, went or changed its name, read from
//! each release's tag (`zfs-0.6.4` ... `zfs-2.4.0`) and master. A tunable with no row is in
//! every release; lab settings, legacy and zone tunables are not a release's business.
//!
//! The foundation's, not `scenario::release`'s: the cross-tunable checks (`validate.rs`)
//! refuse a tunable the chosen release does not have, and the link and `--set` readers
//! take the release's own names, all upstream of the scenario.

use crate::schema::{Id, RELEASES};

/// The schema's index of a release (`release`'s choices), by name.
const fn at(name: &str) -> u64 {
    let choices = RELEASES;
    let mut i = 0;
    while i < choices.len() {
        if eq(choices[i], name) {
            return i as u64;
        }
        i += 1;
    }
    panic!("not a release of the schema");
}

const fn eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// (tunable, first release that has it, first release that no longer has it).
const RANGES: [(Id, u64, Option<u64>); 15] = [
    // dsl_pool.c: bytes until 0.7; replaced by zfs_dirty_data_sync_percent in 0.8.0.
    (Id::DirtyDataSync, 0, Some(at("0.8"))),
    (Id::DirtyDataSyncPercent, at("0.8"), None),
    // vdev_queue.c: a non-rotating aggregation limit from 0.8.0.
    (Id::AggregationLimitNonRotating, at("0.8"), None),
    // dsl_scan.c: the sequential scan's per-vdev limit from 0.8.0, and the old scan's
    // in-flight and delay parameters until then.
    (Id::ScanVdevLimit, at("0.8"), None),
    (Id::TopMaxinflight, 0, Some(at("0.8"))),
    (Id::ScrubDelay, 0, Some(at("0.8"))),
    (Id::ResilverDelay, 0, Some(at("0.8"))),
    (Id::ScanIdle, 0, Some(at("0.8"))),
    // zil.c: zfs_commit_timeout_pct from 0.8.0.
    (Id::CommitTimeoutPct, at("0.8"), None),
    // zil.c: zil_slog_limit until 0.6.5; 0.7.0 replaced it by zil_slog_bulk.
    (Id::ZilSlogLimit, 0, Some(at("0.7"))),
    (Id::ZilSlogBulk, at("0.7"), None),
    // vdev_queue.c: the scrub's non-interactive credit from 2.1.0.
    (Id::NiaCredit, at("2.1"), None),
    (Id::NiaDelay, at("2.1"), None),
    // dsl_pool.c: the log-data throttle from 2.2.0, and in zfs-2.1.16 (from 2.1.6).
    (Id::WrlogDataMax, at("2.1.16"), None),
    // vdev_queue.c: the allocation throttle's queue depth from 0.7.0, gone in 2.4.0.
    (Id::VdevQueueDepthPct, at("0.7"), Some(at("2.4"))),
];

/// Tunables a point release took from the next release, with the first point release that
/// has them: the lab's release is its first tag, which lacks them.
const POINT_RELEASES: [(Id, u64, &str); 3] = [
    // vdev_queue.c at zfs-2.0.1: 2.1's scrub credit.
    (Id::NiaCredit, at("2.0"), "2.0.1"),
    (Id::NiaDelay, at("2.0"), "2.0.1"),
    // dsl_pool.c at zfs-2.1.6: 2.2's log-data throttle (the lab's 2.1.16 has it).
    (Id::WrlogDataMax, at("2.1"), "2.1.6"),
];

/// The point release of `release` from which it has `id`, when its first tag does not.
pub fn from_point_release(id: Id, release: u64) -> Option<&'static str> {
    POINT_RELEASES.iter().find(|&&(i, r, _)| i == id && r == release).map(|&(_, _, point)| point)
}

/// Module parameters the lab does not model whose first (and last) release mark a
/// release in a parameters dump: (name, first release that has it, first that no longer
/// does, is it a parameter on every platform). Each read from the tags' `module_param()`
/// or `ZFS_MODULE_PARAM()` lines; a parameter on Linux alone says nothing by its absence
/// from a FreeBSD or macOS dump.
pub const MARKER_PARAMS: [(&str, u64, Option<u64>, bool); 6] = [
    // vdev.c: `metaslabs_per_vdev` until 0.7.x; 0.8.0 replaced it by `zfs_vdev_default_ms_count`.
    ("metaslabs_per_vdev", 0, Some(at("0.8")), true),
    ("zfs_vdev_default_ms_count", at("0.8"), None, true),
    // abd.c: scatter ABDs from 0.7.0; `abd_os.c` keeps the parameter on Linux only from 2.0.
    ("zfs_abd_scatter_enabled", at("0.7"), None, false),
    // dbuf.c: the dbuf cache's high-water mark from 0.7.0.
    ("dbuf_cache_hiwater_pct", at("0.7"), None, true),
    // arc.c: the metadata limit as a percent from 0.7.0, gone with the ARC's rework in 2.2.0.
    ("zfs_arc_meta_limit_percent", at("0.7"), Some(at("2.2")), true),
    // vdev.c: Direct I/O's write verification from 2.3.0.
    ("zfs_vdev_direct_write_verify", at("2.3"), None, true),
];

/// Does release `release` (the schema's index) have tunable `id`?
pub fn in_release(id: Id, release: u64) -> bool {
    RANGES
        .iter()
        .find(|(i, _, _)| *i == id)
        .map_or(true, |&(_, from, until)| release >= from && until.map_or(true, |u| release < u))
}

/// What release `release` called `id`, when that differs from the lab's (today's) name:
/// 0.6.x and 0.7's `zfs_scan_min_time_ms` became `zfs_scrub_min_time_ms` in 0.8.0
/// (`dsl_scan.c`).
pub fn old_name(id: Id, release: u64) -> Option<&'static str> {
    (id == Id::ScrubMinTimeMs && release < at("0.8")).then_some("zfs_scan_min_time_ms")
}

/// The tunable `name` stands for in release `release`, by its name then or now.
pub fn named_in(name: &str, release: u64) -> Option<Id> {
    let renamed = Id::ALL.iter().copied().find(|&id| old_name(id, release) == Some(name));
    renamed.or_else(|| Id::from_name(name).filter(|&id| old_name(id, release).is_none()))
}

/// Is `name` what some release called a tunable the lab names otherwise?
pub fn is_old_name(name: &str) -> bool {
    (0..RELEASES.len() as u64).any(|r| Id::ALL.iter().any(|&id| old_name(id, r) == Some(name)))
}

/// The largest record a dataset of release `release` may have: `SPA_MAXBLOCKSIZE` (128 KiB)
/// in 0.6.4 (`spa.h`, checked by `zfs_valid_proplist()`); 0.6.5 brought large blocks, up to
/// `zfs_max_recordsize` (`dsl_dataset.c`): 1 MiB until 2.1, 16 MiB from 2.2.0 on 64-bit.
pub fn max_recordsize(release: u64) -> u64 {
    if release < at("0.6.5") {
        128 << 10
    } else if release < at("2.2") {
        1 << 20
    } else {
        16 << 20
    }
}

/// `ZVOL_DEFAULT_BLOCKSIZE` (`include/sys/fs/zfs.h`): a zvol's default volblocksize in
/// release `release`, 8 KiB until 2.1, 16 KiB from 2.2. Here, upstream of the scenario, so
/// that the cross-tunable warnings can read it too.
pub fn default_volblocksize(release: u64) -> u64 {
    if release < at("2.2") {
        8 << 10
    } else {
        16 << 10
    }
}

/// Does release `release`'s `vdev_queue_max_async_writes()` test the high point
/// (`dirty > max_bytes || spa_has_pending_synctask()`) before the low one? 2.1 on; until
/// 2.0 the sync task, then `dirty < min_bytes`, then `dirty > max_bytes` (`vdev_queue.c` at
/// each tag). They differ only with the low point above the high one, which the curves
/// (`curves/async_writes.rs`) and the cross-tunable warnings need, upstream of the scenario.
pub fn async_write_max_first(release: u64) -> bool {
    release >= at("2.1")
}

/// The releases that have `id`, as a person reads them: runs of neighbours joined (`2.1.16
/// to 2.4`), the runs by commas.
pub fn releases_having(id: Id) -> String {
    let having: Vec<u64> = (0..RELEASES.len() as u64).filter(|&r| in_release(id, r)).collect();
    let mut runs: Vec<(u64, u64)> = Vec::new();
    for r in having {
        match runs.last_mut() {
            Some(run) if run.1 + 1 == r => run.1 = r,
            _ => runs.push((r, r)),
        }
    }
    let run = |&(a, b): &(u64, u64)| match b - a {
        0 => release_name(a).to_string(),
        1 => format!("{} and {}", release_name(a), release_name(b)),
        _ => format!("{} to {}", release_name(a), release_name(b)),
    };
    runs.iter().map(run).collect::<Vec<_>>().join(", ")
}

/// The release's name (`0.8`, `master`).
pub fn release_name(release: u64) -> &'static str {
    usize::try_from(release).ok().and_then(|i| RELEASES.get(i)).copied().unwrap_or("?")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_releases_having_a_tunable_read_as_runs() {
        assert_eq!(releases_having(Id::WrlogDataMax), "2.1.16 to master");
        assert_eq!(releases_having(Id::DirtyDataSync), "0.6.4 to 0.7");
        assert_eq!(releases_having(Id::NiaCredit), "2.1 to master");
    }

    #[test]
    fn tunables_come_and_go_at_their_release() {
        assert!(!in_release(Id::NiaCredit, at("2.0")));
        assert!(in_release(Id::NiaCredit, at("2.1")));
        assert!(in_release(Id::DirtyDataSync, at("0.7")));
        assert!(!in_release(Id::DirtyDataSync, at("0.8")));
        assert!(!in_release(Id::VdevQueueDepthPct, at("0.6.5")));
        assert!(in_release(Id::VdevQueueDepthPct, at("2.3")));
        assert!(!in_release(Id::VdevQueueDepthPct, at("2.4")));
        assert!(in_release(Id::DirtyDataMax, 0), "no row: every release");
        assert_eq!(max_recordsize(at("0.6.4")), 128 << 10);
        assert_eq!(max_recordsize(at("2.1")), 1 << 20);
        assert_eq!(max_recordsize(at("2.2")), 16 << 20);
        assert!(!async_write_max_first(at("2.0")) && async_write_max_first(at("2.1")));
    }

    #[test]
    fn marker_parameters_name_releases_of_the_schema_in_order() {
        for (name, from, until, _) in MARKER_PARAMS {
            assert!(Id::from_name(name).is_none(), "{name} is modelled: its row belongs in RANGES");
            assert!(until.map_or(true, |u| from < u && u < RELEASES.len() as u64), "{name}");
        }
    }

    #[test]
    fn renamed_tunables_are_found_by_their_name_then() {
        assert_eq!(named_in("zfs_scan_min_time_ms", at("0.7")), Some(Id::ScrubMinTimeMs));
        assert_eq!(named_in("zfs_scrub_min_time_ms", at("0.7")), None);
        assert_eq!(named_in("zfs_scrub_min_time_ms", at("0.8")), Some(Id::ScrubMinTimeMs));
        assert_eq!(named_in("zfs_scan_min_time_ms", at("0.8")), None);
        assert!(is_old_name("zfs_scan_min_time_ms"));
        assert!(!is_old_name("zfs_scrub_min_time_ms"));
        assert_eq!(release_name(at("0.6.5")), "0.6.5");
    }
}
