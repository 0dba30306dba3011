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

pub(super) fn release(import: &Import, b: &mut Builder) -> Release {
    // The kernel module's version decides (userland may differ after an upgrade).
    let mut best: Option<(u8, Release, String)> = None;
    for (s, body) in import.bodies() {
        if let Body::Version(v) = body {
            for l in &v.lines {
                let rank = if l.what == "userland" { 0 } else { 1 };
                if !best.as_ref().is_some_and(|(r, _, _)| rank <= *r) {
                    let r = release_of(l.major, l.minor, l.patch);
                    let src = format!("{}: {} version {}", at(&s.file, l.line), l.what, l.version);
                    best = Some((rank, r, src));
                }
            }
        }
    }
    if let Some((_, r, src)) = best {
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
