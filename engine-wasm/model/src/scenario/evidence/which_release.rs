//! The release the evidence names: the kernel module's version line, else the range the
//! printed formats allow. Separate because it is the one inference the others depend on.

use super::{at, Builder};
use crate::evidence::{Body, Import};
use crate::scenario::release::Release;
use crate::schema::{Id, Kind};

/// The lab's release for OpenZFS `major.minor`: a 0.6 before 0.6.5 follows 0.6.4 (the
/// oldest the lab has), one newer than 2.4 follows master.
fn release_of(major: u64, minor: u64, patch: u64) -> Release {
    match (major, minor) {
        (0, 6) if patch >= 5 => Release::V0_6_5,
        (0, 0..=6) => Release::V0_6_4,
        (0, 7) => Release::V0_7,
        (0, _) => Release::V0_8,
        (1 | 2, 0) => Release::V2_0,
        (2, 1) => Release::V2_1,
        (2, 2) => Release::V2_2,
        (2, 3) => Release::V2_3,
        (2, 4) => Release::V2_4,
        _ => Release::Master,
    }
}

/// What a point release took from the next release, which the lab's release (its first
/// tag) lacks, read from the point releases' tags: said, so that a support engineer can
/// run the next release beside it.
fn backports(version: &str) -> Option<&'static str> {
    let version = version.trim().trim_start_matches('v');
    let numbers: Vec<u64> =
        version.split(['-', '_', '~', '+']).next()?.split('.').map_while(|p| p.parse().ok()).collect();
    match numbers.as_slice() {
        // arc.c: the 4 GiB cap of zfs_dirty_data_max_max from 0.6.5.10 (0.7's); vdev_queue.c:
        // zfs_vdev_async_write_min_active 2 from 0.6.5.11.
        [0, 6, 5, 10] => Some("0.6.5.10 caps zfs_dirty_data_max_max at 4 GiB as 0.7 does; the lab's 0.6.5 does not (set it, or compare release 0.7)"),
        [0, 6, 5, p, ..] if *p >= 11 => Some("0.6.5.11 and later cap zfs_dirty_data_max_max at 4 GiB and set zfs_vdev_async_write_min_active to 2, as 0.7 does; the lab's 0.6.5 does neither (compare release 0.7)"),
        // vdev_queue.c: the scrub's non-interactive credit and zfs_vdev_scrub_max_active 3.
        [2, 0, p, ..] if *p >= 1 => Some("2.0.1 and later have 2.1's scrub credit (zfs_vdev_nia_credit) and zfs_vdev_scrub_max_active 3; the lab's 2.0 has neither (compare release 2.1)"),
        // dsl_pool.c: zfs_wrlog_data_max and dsl_pool_need_dirty_sync() from 2.1.6.
        [2, 1, p, ..] if *p >= 6 => Some("2.1.6 and later have 2.2's log-data throttle (zfs_wrlog_data_max) and per-txg sync kick; the lab's 2.1 has neither (compare release 2.2)"),
        _ => None,
    }
}

pub(super) fn release(import: &Import, b: &mut Builder) -> Release {
    // The kernel module's version decides (userland may differ after an upgrade).
    let mut best: Option<(u8, Release, String, Option<&str>)> = None;
    for (s, body) in import.bodies() {
        if let Body::Version(v) = body {
            for l in &v.lines {
                let rank = if l.what == "userland" { 0 } else { 1 };
                if !best.as_ref().is_some_and(|(r, ..)| rank <= *r) {
                    let r = release_of(l.major, l.minor, l.patch);
                    let src = format!("{}: {} version {}", at(&s.file, l.line), l.what, l.version);
                    best = Some((rank, r, src, backports(&l.version)));
                }
            }
        }
    }
    if let Some((_, r, src, backported)) = best {
        if let Some(note) = backported {
            b.note(format!("{src}: {note}"));
        }
        b.set(Id::Release, r.index(), src);
        return r;
    }
    // No version line: the releases whose parameters agree with the dump's names.
    for (s, body) in import.bodies() {
        if let Body::Params(p) = body {
            let names: Vec<&str> = p.entries.iter().map(|e| e.name.as_str()).collect();
            let tunables = || Id::ALL.iter().copied().filter(|id| id.spec().kind == Kind::Tunable);
            let fits = |r: Release| {
                let named_absent = names.iter().filter(|n| r.tunable(n).is_some_and(|id| !r.has(id))).count()
                    + names
                        .iter()
                        .filter(|n| r.tunable(n).is_none() && Release::ALL.iter().any(|o| o.tunable(n).is_some()))
                        .count();
                // A dump of 50 or more names is taken as whole: what it lacks is absent.
                let missing = if names.len() >= 50 {
                    tunables()
                        .filter(|&id| r.has(id) && !id.spec().group.starts_with("Legacy"))
                        .filter(|id| !id.spec().name.starts_with("zfs_zone_") && id.spec().name != "zfs_delay_max_ns")
                        .filter(|&id| !names.iter().any(|n| r.tunable(n) == Some(id)))
                        .count()
                } else {
                    0
                };
                named_absent + missing
            };
            let Some(r) = Release::ALL.iter().rev().copied().min_by_key(|&r| fits(r)) else { continue };
            let range: Vec<&str> = Release::ALL.iter().filter(|&&o| fits(o) == fits(r)).map(|o| o.name()).collect();
            b.set(
                Id::Release,
                r.index(),
                format!(
                    "{}: no version line; the parameters named fit {} (newest taken)",
                    at(&s.file, s.first_line),
                    range.join(", ")
                ),
            );
            return r;
        }
    }
    // No version line or dump: the releases the printed formats allow.
    let (mut lo, mut hi, mut why) = (Release::V0_6_4, Release::Master, Vec::new());
    for (s, body) in import.bodies() {
        if let Some((a, z, what)) = format_releases(body) {
            if a.max(lo) > z.min(hi) {
                b.note(format!(
                    "{}: {what}, which disagrees with {}; the first is kept",
                    at(&s.file, s.first_line),
                    why.join(", ")
                ));
                continue;
            }
            (lo, hi) = (a.max(lo), z.min(hi));
            why.push(format!("{} ({what})", at(&s.file, s.first_line)));
        }
    }
    if why.is_empty() {
        b.note("no version line (zfs version, modinfo zfs), parameters dump or release-specific format: the release stays master".into());
        return Release::Master;
    }
    b.set(
        Id::Release,
        hi.index(),
        format!("no version line; {} allow {} to {} (newest taken)", why.join(", "), lo.name(), hi.name()),
    );
    hi
}

/// The releases a printed format allows: the txgs kstat's layout (`spa_stats.c`), the
/// `dmu_tx` counters (`dmu_tx.c`), the `-l`/`-w` columns of `zpool iostat` (`zpool_main.c`).
fn format_releases(body: &Body) -> Option<(Release, Release, String)> {
    use crate::evidence::txgs::TxgsLayout;
    match body {
        Body::Txgs(t) => Some(match t.layout {
            TxgsLayout::Old => (Release::V0_6_4, Release::V0_6_4, "the txgs kstat's 0.6.2 layout".into()),
            TxgsLayout::Kstat => {
                (Release::V0_6_4, Release::V0_7, "the txgs kstat as a raw kstat (0.6.3 to 0.7)".into())
            }
            // Header-only (0.8 on) and rows alone (0.8 on, or 0.6.3-0.7 cut) tell too little.
            TxgsLayout::Procfs => return None,
        }),
        Body::Kstat(k) if k.name == "dmu_tx" => {
            let has = |n: &str| k.get(n).is_some();
            Some(if has("dmu_tx_wrlog_delay") {
                (Release::V2_2, Release::Master, "dmu_tx counts dmu_tx_wrlog_delay (2.2 on)".into())
            } else if has("dmu_tx_dirty_frees_delay") {
                (
                    Release::V0_8,
                    Release::V2_1,
                    "dmu_tx counts dmu_tx_dirty_frees_delay but not wrlog_delay (0.8 to 2.1)".into(),
                )
            } else if has("dmu_tx_dirty_delay") {
                (
                    Release::V0_6_4,
                    Release::V0_7,
                    "dmu_tx has neither dirty_frees_delay nor wrlog_delay (0.6.3 to 0.7)".into(),
                )
            } else {
                return None;
            })
        }
        Body::Iostat(io) => {
            let columns: Vec<&str> = io
                .samples
                .iter()
                .flat_map(|s| {
                    s.histograms
                        .iter()
                        .flat_map(|h| h.columns.iter())
                        .chain(s.rows.iter().flat_map(|r| r.latency.iter().map(|c| &c.name)))
                })
                .map(String::as_str)
                .collect();
            if columns.is_empty() {
                return None;
            }
            let any = |w: &str| columns.iter().any(|c| c.starts_with(w));
            Some(if any("rebuild") {
                (Release::V2_2, Release::Master, "zpool iostat prints a rebuild column (2.2 on)".into())
            } else if any("trim") {
                (Release::V0_8, Release::V2_1, "zpool iostat prints trim but no rebuild column (0.8 to 2.1)".into())
            } else {
                (Release::V0_7, Release::V0_7, "zpool iostat's latency columns end at scrub (0.7)".into())
            })
        }
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::backports;

    #[test]
    fn a_point_release_names_what_it_took_from_the_next() {
        let note = |line: &str| backports(line).unwrap_or("");
        assert!(note("0.6.5.11-1").contains("zfs_vdev_async_write_min_active to 2"));
        assert!(note("0.6.5.10-1").starts_with("0.6.5.10 caps"));
        assert_eq!(backports("0.6.5.9-1"), None);
        assert!(note("2.1.11-1").contains("zfs_wrlog_data_max"));
        assert_eq!(backports("2.1.5-1ubuntu6~22.04.1"), None);
        assert!(note("v2.0.7").contains("zfs_vdev_nia_credit"));
        assert_eq!(backports("2.2.2-1"), None);
    }
}
