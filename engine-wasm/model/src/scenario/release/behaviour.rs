//! What a release does differently, as `throttle-lab releases` lists it and an A/B of two
//! releases shows it: each behaviour the model follows per release, and each tunable's
//! default.

use super::{DittoApart, LogIndirect, MinPass, Prefetch, Release, Retire, SyncKick, WriteHold, ZilIssue, KIB, MIB};
use crate::schema::Id;

/// One row of what differs between two releases: what, and its value in each.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Difference {
    pub what: String,
    pub a: String,
    pub b: String,
}

impl Release {
    /// Tunable `id`'s default in this release, or `None` if the release does not have it.
    pub fn default_of(self, id: Id) -> Option<u64> {
        self.has(id).then(|| self.defaults().iter().find(|(i, _)| *i == id).map_or(id.spec().default, |&(_, v)| v))
    }

    /// The behaviour that changed between releases, as (what, this release's) pairs.
    pub fn behaviour(self) -> [(&'static str, String); 20] {
        let kick = match self.sync_kick() {
            SyncKick::PoolBytes => "pool-wide, bytes, dropped while syncing",
            SyncKick::PoolPercent => "pool-wide, percent, dropped while syncing",
            SyncKick::TxgPercent => "per txg, percent, remembered",
        };
        let retire = match self.retire() {
            Retire::Physical => "per physical write",
            Retire::Logical => "per logical write",
        };
        let scheduler = match (self.min_pass(), self.queue_time_buckets(), self.elevator_from_end()) {
            (MinPass::Priority, _, false) => "priority; LBA from last start",
            (MinPass::Priority, _, true) => "priority; LBA from last end",
            (_, false, _) => "round robin; LBA order",
            (_, true, _) => "round robin; 0.5 s buckets",
        };
        let prefetch = match self.prefetch() {
            Prefetch::BlockCap => "256 blocks ahead".to_string(),
            Prefetch::Doubling { max } => format!("doubling to {} MiB", max / MIB),
            Prefetch::MinThenEighths { min, max } => {
                format!("doubling to {} MiB, then to {} MiB", min / MIB, max / MIB)
            }
        };
        let scan = match (self < Release::V0_8, self.scan_limit_per_leaf()) {
            (true, _) => "traversal order, zfs_top_maxinflight per top-level vdev",
            (false, true) => "sorted, zfs_scan_vdev_limit per leaf (1 MiB at least)",
            (false, false) => "sorted, zfs_scan_vdev_limit per data disk",
        };
        let zil = match self.zil_issue() {
            ZilIssue::Batch => "one batch at a time",
            ZilIssue::Timeout => "held until full or the commit timeout",
            ZilIssue::FirstFast => "a lone first block at once, else held",
            ZilIssue::NotParallel => "at once unless commits overlap",
        };
        let indirect = |rule: LogIndirect| match rule {
            LogIndirect::AboveImmediate => "above 32 KiB, within the block",
            LogIndirect::Immediate => "from 32 KiB",
            LogIndirect::WholeBlockAboveImmediate => "each whole block above 32 KiB; throughput: each whole block",
            LogIndirect::WholeBlockOfLargeBlocks => "a write of a block or more, of blocks above 32 KiB",
            LogIndirect::HalfBlockIfCommitted => "from 32 KiB; if committed, half the block",
        };
        let reserve = match self.write_hold() {
            WriteHold::Blocks { indirect_shift } => {
                format!("whole records, {} KiB indirect blocks, the dnode's path", (1u64 << indirect_shift) / KIB)
            }
            WriteHold::Bytes => "the bytes written and a dnode".to_string(),
        };
        let ditto = match self.ditto_apart() {
            DittoApart::Eighth => "1/8 of the vdev away at least",
            DittoApart::OtherMetaslab => "in another metaslab",
        };
        // zil.c: USE_SLOG() until 0.6.5, zil_slog_bulk from 0.7.0.
        let slog = if self.has(Id::ZilSlogLimit) {
            "zil_slog_limit: past it, to the pool's disks"
        } else {
            "zil_slog_bulk: past it, an async write"
        };
        let latency = match self.lwb_latency_old_eighths() {
            0 => "the last block's",
            6 => "averaged, 3/4 the old",
            _ => "averaged, 7/8 the old",
        };
        let bulk_at = if self.slog_bulk_at_issue() { "as the block is issued" } else { "as the block opens" };
        // vdev.c, vdev_stat_update(): every vdev counted its own zios until 0.6.5; from 0.7
        // only leaves count, and vdev_get_stats_ex_impl() sums them upwards.
        let iostat_v =
            if self < Release::V0_7 { "each block once, without parity" } else { "its children's I/O added" };
        let yes = |b: bool| if b { "yes" } else { "no" }.to_string();
        [
            ("sync kick", kick.to_string()),
            ("dirty data retired", retire.to_string()),
            ("log-data throttle", yes(self.has_wrlog_throttle())),
            ("scrub NIA credit", yes(self.has_nia_credit())),
            ("I/O scheduler", scheduler.to_string()),
            ("indirect block", format!("{} KiB", (1u64 << self.indirect_block_shift()) / KIB)),
            ("metaslab_aliquot", format!("{} KiB", self.metaslab_aliquot() / KIB)),
            ("ditto copies in the aliquot", yes(self.copies_turn_rotor())),
            ("ditto copy on the same vdev", ditto.to_string()),
            ("prefetch distance", prefetch),
            ("scrub and resilver", scan.to_string()),
            ("ZIL log block", zil.to_string()),
            ("ZIL indirect writes", indirect(self.log_indirect()).to_string()),
            ("zvol indirect writes", indirect(self.zvol_log_indirect()).to_string()),
            ("zvol write, one transaction", format!("all its blocks, at most {} MiB", self.zvol_tx_max() / MIB)),
            ("large commit with a SLOG", slog.to_string()),
            ("zil_slog_bulk tested", if self.zil_slog_bulk().is_some() { bulk_at } else { "never" }.to_string()),
            ("ZIL commit timeout's latency", latency.to_string()),
            ("ARC reserve per write", reserve),
            ("zpool iostat -v: a mirror's or RAID-Z's row", iostat_v.to_string()),
        ]
    }

    /// The behaviour that differs between this release and `other` (`Self::behaviour`).
    pub fn behaviour_differences(self, other: Release) -> Vec<Difference> {
        self.behaviour()
            .into_iter()
            .zip(other.behaviour())
            .filter(|((_, a), (_, b))| a != b)
            .map(|((what, a), (_, b))| Difference { what: what.to_string(), a, b })
            .collect()
    }

    /// What differs between this release and `other`: behaviour, then each OpenZFS
    /// tunable's default (or "absent").
    pub fn differences(self, other: Release) -> Vec<Difference> {
        let mut out = self.behaviour_differences(other);
        for spec in crate::schema::SPECS.iter().filter(|s| s.kind == crate::schema::Kind::Tunable) {
            // In the tunable's unit, as --set takes it (768K, not 786432).
            let shown = |v: Option<u64>| v.map_or_else(|| "absent".to_string(), |v| spec.format(v));
            let (a, b) = (self.default_of(spec.id), other.default_of(spec.id));
            if a != b {
                out.push(Difference { what: spec.name.to_string(), a: shown(a), b: shown(b) });
            }
            let name = |r: Release| r.old_name(spec.id).unwrap_or(spec.name).to_string();
            if self.has(spec.id) && other.has(spec.id) && name(self) != name(other) {
                out.push(Difference { what: format!("{} (name)", spec.name), a: name(self), b: name(other) });
            }
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_differences_of_two_releases_name_what_changed_and_nothing_else() {
        assert!(Release::V2_4.differences(Release::V2_4).is_empty());
        let d = Release::V2_1.differences(Release::V2_2);
        let names: Vec<&str> = d.iter().map(|d| d.what.as_str()).collect();
        assert!(names.contains(&"sync kick") && names.contains(&"zfs_wrlog_data_max"), "{names:?}");
        assert!(names.contains(&"zfs_vdev_scan_vdev_limit") || names.contains(&"zfs_scan_vdev_limit"));
        assert!(!names.contains(&"zfs_delay_scale"));
        let wrlog = d.iter().find(|d| d.what == "zfs_wrlog_data_max").expect("wrlog row");
        assert_eq!((wrlog.a.as_str(), wrlog.b.as_str()), ("absent", "0"));
    }

    /// The most a zvol's write takes in one transaction, its bio: `max_hw_sectors` of
    /// `DMU_MAX_ACCESS / 512` sectors at zfs-0.6.4 (10 MiB), `(DMU_MAX_ACCESS / 4) >> 9`
    /// of a 64 MiB `DMU_MAX_ACCESS` from zfs-0.6.5 (16 MiB).
    #[test]
    fn a_zvol_bio_is_larger_from_0_6_5() {
        let d = Release::V0_6_4.behaviour_differences(Release::V0_6_5);
        let row = d.iter().find(|d| d.what == "zvol write, one transaction").expect("row");
        assert_eq!(
            (row.a.as_str(), row.b.as_str()),
            ("all its blocks, at most 10 MiB", "all its blocks, at most 16 MiB")
        );
        assert!(!Release::V0_6_5.behaviour_differences(Release::V2_4).iter().any(|d| d.what == row.what));
    }
}
