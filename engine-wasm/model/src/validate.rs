//! Checks across tunables: combinations that cannot work are errors; combinations the
//! OpenZFS source comments advise against, that the kernel handles in a way worth
//! knowing, or that the lab runs otherwise than a pool would, are warnings.
//!
//! Current OpenZFS checks none of this (plain module parameters); FreeBSD 12's sysctl
//! handlers enforced some of it. Ranges of single values are enforced by [`Tunables`].

use crate::messages;
use crate::schema::{Id, Kind, CLASS_LIMITS, MAX_LEAVES};
use crate::tunable_releases::{async_write_max_first, in_release, max_recordsize, release_name, releases_having};
use crate::tunables::Tunables;
use serde::Serialize;

/// One problem with a combination of values, naming the tunables involved.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Problem {
    pub tunables: Vec<&'static str>,
    pub message: String,
}

/// The outcome of [`check`]: errors mean the combination cannot be used.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Checked {
    pub errors: Vec<Problem>,
    pub warnings: Vec<Problem>,
}

fn problem(ids: &[Id], message: String) -> Problem {
    Problem { tunables: ids.iter().map(|id| id.spec().name).collect(), message }
}

/// Checks every cross-tunable constraint of `t`.
pub fn check(t: &Tunables) -> Checked {
    let mut out = Checked::default();
    // A minimum above its maximum works in the kernel (`vdev_queue_class_to_issue()`'s
    // first pass issues up to the minimum), and for async writes wraps the interpolation's
    // 32-bit `max − min` (`curves::AsyncWriteCurve::limit()`): warnings, not refusals.
    for (min_id, max_id) in CLASS_LIMITS {
        let (min, max) = (t.get(min_id), t.get(max_id));
        if min > max {
            let message = if min_id == Id::AsyncWriteMinActive {
                messages::async_write_min_above_max(min, max)
            } else {
                messages::min_above_max((min_id, min), (max_id, max))
            };
            out.warnings.push(problem(&[min_id, max_id], message));
        }
    }

    // vdev_queue_max_async_writes() divides by max_bytes − min_bytes only when min_bytes <=
    // dirty <= max_bytes: never with the low point above the high one, and with the two
    // equal only at that one byte (zfs_dirty_data_max of 1 MiB or more keeps distinct
    // percents at distinct bytes).
    let (lo_id, hi_id) = (Id::AsyncWriteActiveMinDirtyPercent, Id::AsyncWriteActiveMaxDirtyPercent);
    let (lo, hi) = (t.get(lo_id), t.get(hi_id));
    let max_first = async_write_max_first(t.get(Id::Release));
    if lo > hi {
        out.warnings
            .push(problem(&[lo_id, hi_id], messages::async_percents_reversed((lo_id, lo), (hi_id, hi), max_first)));
    } else if lo == hi {
        out.warnings.push(problem(&[lo_id, hi_id], messages::async_percents_equal(lo)));
    }

    let (scale, dirty_max) = (t.get(Id::DelayScale), t.get(Id::DirtyDataMax));
    if scale.checked_mul(dirty_max).is_none() {
        out.errors.push(problem(&[Id::DelayScale, Id::DirtyDataMax], messages::delay_scale_overflow(scale, dirty_max)));
    }

    let delay_min = t.get(Id::DelayMinDirtyPercent);
    if delay_min < hi {
        out.warnings
            .push(problem(&[Id::DelayMinDirtyPercent, hi_id], messages::delay_before_full_concurrency(delay_min, hi)));
    }
    // The sync kick the release has: zfs_dirty_data_sync_percent from 0.8, the absolute
    // zfs_dirty_data_sync (64 MiB) before (zfs-0.7.0 dsl_pool.c), set against the
    // low point in bytes. NOTE: zfs_dirty_data_max as given; a run left at its default
    // derives it from RAM downstream (`scenario::lab`).
    if in_release(Id::DirtyDataSyncPercent, t.get(Id::Release)) {
        let sync = t.get(Id::DirtyDataSyncPercent);
        if sync >= lo {
            out.warnings
                .push(problem(&[Id::DirtyDataSyncPercent, lo_id], messages::sync_kick_not_below_async_min(sync, lo)));
        }
    } else {
        let (sync, lo_bytes) = (t.get(Id::DirtyDataSync), dirty_max.saturating_mul(lo) / 100);
        if sync >= lo_bytes {
            let message = messages::sync_bytes_not_below_async_min(sync, lo, lo_bytes);
            out.warnings.push(problem(&[Id::DirtyDataSync, lo_id], message));
        }
    }
    // The legacy vdev_queue_io() issues a new I/O at once below zfs_vdev_min_pending,
    // before max_pending is looked at: with min 4, max_pending 1 and 2 give the same runs.
    let (min_pending, max_pending) = (t.get(Id::VdevMinPending), t.get(Id::VdevMaxPending));
    if min_pending > max_pending {
        out.warnings.push(problem(
            &[Id::VdevMinPending, Id::VdevMaxPending],
            messages::min_pending_above_max_pending(min_pending, max_pending),
        ));
    }
    // The pool: RAID-Z needs parity + 1 disks (zpool refuses fewer), the lab a bounded
    // number of leaves, and allocation classes a release that has them.
    let (tops, children, parity) = (t.get(Id::TopLevelVdevs), t.get(Id::Mirror), t.get(Id::Raidz));
    if parity > 0 && children <= parity {
        out.errors.push(problem(&[Id::Raidz, Id::Mirror], messages::raidz_too_narrow(parity, children)));
    }
    if tops * children > u64::from(MAX_LEAVES) {
        out.errors
            .push(problem(&[Id::TopLevelVdevs, Id::Mirror], messages::too_many_disks(tops, children, MAX_LEAVES)));
    }
    let releases = Id::Release.spec().choices;
    let first = releases.iter().position(|r| *r == "0.8").unwrap_or(0) as u64;
    if t.get(Id::Special) > 0 && t.get(Id::Release) < first {
        let release = releases.get(t.get(Id::Release) as usize).copied().unwrap_or("?");
        out.errors.push(problem(&[Id::Special, Id::Release], messages::special_before_0_8(release)));
    }
    // 0.7's allocation throttle gives each vdev `zfs_vdev_async_write_max_active *
    // zfs_vdev_queue_depth_pct / 100` slots from the start (`spa_sync()`), the class the sum,
    // and a write reserves a slot per copy at once (`metaslab_class_throttle_reserve()`):
    // a MOS block has 3 (`spa_max_replication()`), so with fewer every sync hangs. From 0.8
    // a sync starts each vdev at 32 anyway.
    let v0_7 = releases.iter().position(|r| *r == "0.7").map(|i| i as u64);
    let (pct, max_active) = (t.get(Id::VdevQueueDepthPct), t.get(Id::AsyncWriteMaxActive));
    let slots = (max_active.saturating_mul(pct) / 100).saturating_mul(t.get(Id::TopLevelVdevs));
    if Some(t.get(Id::Release)) == v0_7 && slots < 3 {
        out.warnings.push(problem(
            &[Id::VdevQueueDepthPct, Id::AsyncWriteMaxActive],
            messages::allocation_throttle_closed(pct, max_active, slots),
        ));
    }
    // A tunable the chosen release does not have would do nothing there: refused by name
    // (the problem names it alone, so a link's other values, the release among them, stay),
    // whatever its value: one given at master's default would still be run without it.
    let release = t.get(Id::Release);
    for &id in Id::ALL {
        if id.spec().kind == Kind::Tunable && !in_release(id, release) && t.is_given(id) {
            out.errors.push(problem(
                &[id],
                messages::not_in_release(id.spec().name, release_name(release), &releases_having(id)),
            ));
        }
    }
    // A filesystem's recordsize; its writes may be larger: zfs_write() takes them a record
    // at a time.
    let largest = max_recordsize(release);
    if t.get(Id::Dataset) == 0 && t.get(Id::Recordsize) > largest {
        let message = messages::record_above_release_max(t.get(Id::Recordsize), largest, release_name(release));
        out.errors.push(problem(&[Id::Recordsize], message));
    }
    let min_sum: u64 = CLASS_LIMITS.iter().map(|(min_id, _)| t.get(*min_id)).sum();
    let total = t.get(Id::VdevMaxActive);
    if min_sum > total {
        let mut ids: Vec<Id> = CLASS_LIMITS.iter().map(|(min_id, _)| *min_id).collect();
        ids.push(Id::VdevMaxActive);
        out.warnings.push(problem(&ids, messages::minimums_exceed_total(min_sum, total)));
    }
    out
}

/// `t` if it has no errors, else every error message joined.
pub fn require_valid(t: &Tunables) -> Result<&Tunables, crate::Error> {
    let checked = check(t);
    if checked.errors.is_empty() {
        Ok(t)
    } else {
        Err(crate::Error::Rejected(checked.errors.into_iter().map(|p| p.message).collect()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(Id, u64)]) -> Tunables {
        Tunables::with(pairs)
    }

    #[test]
    fn a_pool_zpool_would_refuse_is_refused_by_name() {
        let c = check(&with(&[(Id::Raidz, 2), (Id::Mirror, 2)]));
        assert_eq!(c.errors[0].tunables, ["raidz", "mirror"]);
        assert!(check(&with(&[(Id::Raidz, 2), (Id::Mirror, 3)])).errors.is_empty());
        let c = check(&with(&[(Id::TopLevelVdevs, 64), (Id::Mirror, 9)]));
        assert!(c.errors[0].message.contains("576"), "{}", c.errors[0].message);
        let c = check(&with(&[(Id::Special, 1), (Id::Release, 2)]));
        assert!(c.errors[0].message.contains("not in 0.7"), "{}", c.errors[0].message);
        assert!(check(&with(&[(Id::Special, 1), (Id::Release, 3)])).errors.is_empty());
    }

    /// A write larger than its block runs as the pool writes it: a file's as a transaction
    /// per record (`zfs_write()`), a zvol's as one transaction over its blocks
    /// (`zvol_write()`): nothing to say, whatever the release's default volblocksize.
    #[test]
    fn a_write_larger_than_its_block_runs_as_the_pool_writes_it() {
        let v2_1 = Id::Release.spec().choices.iter().position(|c| *c == "2.1").unwrap_or(0) as u64;
        for dataset in [0, 1] {
            let c = check(&with(&[
                (Id::Release, v2_1),
                (Id::Dataset, dataset),
                (Id::AsyncWriters, 4),
                (Id::AsyncBlockSize, 48 << 10),
                (Id::SyncWriters, 1),
                (Id::SyncBlockSize, 1 << 20),
                (Id::Recordsize, 16 << 10),
            ]));
            assert!(c.warnings.is_empty() && c.errors.is_empty(), "{dataset}: {:?} {:?}", c.warnings, c.errors);
        }
    }

    /// `zfs_max_recordsize` (`dsl_dataset.c`): 1 MiB until 2.1. A write larger than that is
    /// taken a record at a time (`zfs_write()`), so only the recordsize is refused.
    #[test]
    fn a_recordsize_past_the_releases_largest_is_refused_but_not_a_larger_write() {
        let v2_1 = Id::Release.spec().choices.iter().position(|c| *c == "2.1").unwrap_or(0) as u64;
        let c = check(&with(&[(Id::Release, v2_1), (Id::Recordsize, 2 << 20)]));
        assert_eq!(c.errors[0].tunables, ["recordsize"]);
        assert!(c.errors[0].message.contains("at most 1M"), "{}", c.errors[0].message);
        assert!(check(&with(&[(Id::Release, v2_1), (Id::Recordsize, 1 << 20)])).errors.is_empty());
        let big_writes = [(Id::Release, v2_1), (Id::SyncWriters, 1), (Id::SyncBlockSize, 2 << 20)];
        assert!(check(&with(&big_writes)).errors.is_empty());
    }

    /// `spa_sync()` at zfs-0.7.0: `mg_max_alloc_queue_depth = max_active * pct / 100`, and
    /// `metaslab_class_throttle_reserve()` reserves a slot per copy, all at once, within the
    /// class's sum of them: a MOS block's 3 copies need 3.
    #[test]
    fn a_closed_allocation_throttle_on_0_7_warns() {
        let at = |r: &str| Id::Release.spec().choices.iter().position(|c| *c == r).unwrap_or(0) as u64;
        let closed = [(Id::VdevQueueDepthPct, 29), (Id::AsyncWriteMaxActive, 10)];
        let c = check(&with(&[(Id::Release, at("0.7")), closed[0], closed[1]]));
        assert_eq!(c.warnings.len(), 1, "{c:?}");
        assert!(c.warnings[0].message.contains("2 slots") && c.warnings[0].message.contains("never finishes"), "{c:?}");
        assert!(check(&with(&[(Id::Release, at("0.7")), (Id::VdevQueueDepthPct, 30), closed[1]])).warnings.is_empty());
        let three_vdevs = [(Id::Release, at("0.7")), (Id::VdevQueueDepthPct, 10), closed[1], (Id::TopLevelVdevs, 3)];
        assert!(check(&with(&three_vdevs)).warnings.is_empty(), "one slot on each of three vdevs");
        assert!(check(&with(&[(Id::Release, at("0.8")), closed[0], closed[1]])).warnings.is_empty());
    }

    /// Every warning, at the widest values its tunables take, stays under 300 characters
    /// (what a message may be: the CLI prints them, the app shows them beside a control).
    #[test]
    fn every_warning_is_under_300_characters_at_the_widest_values() {
        let (max, min) = (|id: Id| id.spec().max, |id: Id| id.spec().min);
        let mut pairs: Vec<(Id, u64)> =
            CLASS_LIMITS.iter().flat_map(|&(lo, hi)| [(lo, max(lo)), (hi, min(hi))]).collect();
        pairs.extend([
            (Id::AsyncWriteActiveMinDirtyPercent, max(Id::AsyncWriteActiveMinDirtyPercent)),
            (Id::AsyncWriteActiveMaxDirtyPercent, min(Id::AsyncWriteActiveMaxDirtyPercent)),
            (Id::DelayMinDirtyPercent, min(Id::DelayMinDirtyPercent)),
            (Id::DirtyDataSyncPercent, max(Id::DirtyDataSyncPercent)),
            (Id::DirtyDataSync, max(Id::DirtyDataSync)),
            (Id::VdevMinPending, max(Id::VdevMinPending)),
            (Id::VdevMaxPending, min(Id::VdevMaxPending)),
            (Id::VdevMaxActive, min(Id::VdevMaxActive)),
            (Id::VdevQueueDepthPct, 0),
        ]);
        for release in ["0.7", "2.0", "2.4"] {
            let at = Id::Release.spec().choices.iter().position(|c| *c == release).unwrap_or(0) as u64;
            let mut t = with(&pairs);
            t.set(Id::Release, at).expect("a release");
            let c = check(&t);
            assert!(c.warnings.len() >= 8, "{c:?}");
            for w in c.warnings.iter().chain(&c.errors) {
                assert!(w.message.chars().count() < 300, "{} characters: {}", w.message.chars().count(), w.message);
            }
        }
    }

    /// zfs-0.6.5 and zfs-0.7.0 `dsl_pool.c`: `zfs_dirty_data_sync = 64 * 1024 * 1024`, no
    /// percent; the warning names the kick the release has, in bytes.
    #[test]
    fn before_0_8_the_sync_kick_warning_compares_zfs_dirty_data_sync_in_bytes() {
        let at = |r: &str| Id::Release.spec().choices.iter().position(|c| *c == r).unwrap_or(0) as u64;
        let lo = (Id::AsyncWriteActiveMinDirtyPercent, 20);
        let c = check(&with(&[(Id::Release, at("0.6.5")), lo]));
        assert!(c.warnings.iter().all(|w| !w.tunables.contains(&"zfs_dirty_data_sync_percent")), "{c:?}");
        assert!(c.warnings.iter().all(|w| !w.tunables.contains(&"zfs_dirty_data_sync")), "64M is below 20% of 4G");
        // 20% of 256 MiB is 51.2 MiB: 64 MiB is not below it.
        let c = check(&with(&[(Id::Release, at("0.6.5")), lo, (Id::DirtyDataMax, 256 << 20)]));
        let w = c.warnings.iter().find(|w| w.tunables[0] == "zfs_dirty_data_sync").expect("warned");
        assert!(w.message.starts_with("zfs_dirty_data_sync (64 MiB) is not below"), "{}", w.message);
        assert!(!w.message.contains("sync_percent"), "{}", w.message);
        let c = check(&with(&[(Id::Release, at("0.7")), (Id::DirtyDataSync, 1 << 30), lo]));
        assert_eq!(c.warnings[0].tunables, ["zfs_dirty_data_sync", "zfs_vdev_async_write_active_min_dirty_percent"]);
        // From 0.8 the percent, as before.
        let c = check(&with(&[(Id::Release, at("0.8")), lo]));
        assert_eq!(c.warnings[0].tunables[0], "zfs_dirty_data_sync_percent");
    }

    #[test]
    fn defaults_are_clean() {
        assert_eq!(check(&Tunables::default()), Checked::default());
    }

    #[test]
    fn legacy_min_pending_above_max_pending_warns() {
        let c = check(&with(&[(Id::VdevMaxPending, 2)]));
        assert!(c.errors.is_empty());
        assert_eq!(c.warnings.len(), 1);
        assert_eq!(c.warnings[0].tunables, ["zfs_vdev_min_pending", "zfs_vdev_max_pending"]);
        assert!(check(&with(&[(Id::VdevMaxPending, 2), (Id::VdevMinPending, 1)])).warnings.is_empty());
    }

    #[test]
    fn min_above_max_warns_naming_both_and_what_the_kernel_does() {
        let c = check(&with(&[(Id::ScrubMinActive, 4)]));
        assert!(c.errors.is_empty());
        assert_eq!(c.warnings[0].tunables, ["zfs_vdev_scrub_min_active", "zfs_vdev_scrub_max_active"]);
        let message = &c.warnings[0].message;
        assert!(message.contains("zfs_vdev_scrub_min_active (4) is above zfs_vdev_scrub_max_active (3)"));
        assert!(message.contains("up to 4 in flight"), "{message}");
        let c = check(&with(&[(Id::AsyncWriteMinActive, 12)]));
        assert!(c.errors.is_empty() && c.warnings[0].message.contains("wraps max − min in 32 bits"), "{c:?}");
    }

    #[test]
    fn async_percents_out_of_order_warn_with_each_eras_step() {
        let reversed = [(Id::AsyncWriteActiveMinDirtyPercent, 70), (Id::DirtyDataSyncPercent, 10)];
        let c = check(&with(&reversed));
        assert!(c.errors.is_empty());
        assert!(c.warnings[0].message.contains("from 2.1 it tests dirty > max_bytes first"), "{c:?}");
        let two_0 = Id::Release.spec().choices.iter().position(|r| *r == "2.0").unwrap_or(0) as u64;
        let c = check(&with(&[reversed[0], reversed[1], (Id::Release, two_0)]));
        assert!(c.warnings[0].message.contains("until 2.0 it tests dirty < min_bytes first"), "{c:?}");
        let c = check(&with(&[(Id::AsyncWriteActiveMinDirtyPercent, 60)]));
        assert!(c.errors.is_empty());
        assert!(c.warnings.iter().any(|w| w.message.contains("divides by zero")), "{c:?}");
    }

    #[test]
    fn delay_scale_overflow_is_rejected_at_the_exact_edge() {
        let d = 1u64 << 40;
        let limit = u64::MAX / d;
        assert!(check(&with(&[(Id::DirtyDataMax, d), (Id::DelayScale, limit)])).errors.is_empty());
        let c = check(&with(&[(Id::DirtyDataMax, d), (Id::DelayScale, limit + 1)]));
        assert_eq!(c.errors[0].tunables, ["zfs_delay_scale", "zfs_dirty_data_max"]);
        assert!(c.errors[0].message.contains(&format!("at or below {limit}")));
    }

    #[test]
    fn advised_against_combinations_warn_but_pass() {
        let c = check(&with(&[(Id::DelayMinDirtyPercent, 50)]));
        assert!(c.errors.is_empty());
        assert_eq!(c.warnings[0].tunables[0], "zfs_delay_min_dirty_percent");
        let c = check(&with(&[(Id::DirtyDataSyncPercent, 30)]));
        assert!(c.errors.is_empty());
        assert_eq!(c.warnings[0].tunables[0], "zfs_dirty_data_sync_percent");
        let c = check(&with(&[(Id::VdevMaxActive, 20)]));
        assert!(c.warnings[0].message.contains("add up to 24"));
        assert!(require_valid(&with(&[(Id::VdevMaxActive, 20)])).is_ok());
    }
}
