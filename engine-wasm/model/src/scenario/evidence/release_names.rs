//! The releases a module-parameters dump allows by the names it holds. A name counts for
//! the releases that have it. A name missing counts against a release that has it only
//! when the dump is evidently whole: when it holds every parameter the lab knows that all
//! releases have. A grep, an excerpt or a dump cut short lacks some of those, and then
//! what it lacks says nothing. Only names whose releases the lab knows count: the
//! tunables it models (`tunable_releases.rs`) and a few marker parameters.

use super::at;
use super::releases::{Clue, Releases};
use crate::evidence::params::Params;
use crate::evidence::Section;
use crate::scenario::release::Release;
use crate::schema::{Id, Kind};
use crate::tunable_releases::MARKER_PARAMS;

/// A tunable that is some release's module parameter: legacy (before OpenZFS) and SmartOS
/// zone tunables are no release's, and `zfs_delay_max_ns` is a constant, not a parameter.
fn is_release_param(id: Id) -> bool {
    let spec = id.spec();
    spec.kind == Kind::Tunable
        && !spec.group.starts_with("Legacy")
        && !spec.name.starts_with("zfs_zone_")
        && id != Id::DelayMaxNs
}

/// The releases that have a parameter called `name`, when the lab knows them.
fn having(name: &str) -> Option<Releases> {
    if let Some(&(_, from, until, _)) = MARKER_PARAMS.iter().find(|m| m.0 == name) {
        return Some(Releases::of(|r| r.index() >= from && until.map_or(true, |u| r.index() < u)));
    }
    let known = Release::ALL.iter().any(|r| r.tunable(name).is_some_and(is_release_param));
    known.then(|| Releases::of(|r| r.tunable(name).is_some_and(|id| is_release_param(id) && r.has(id))))
}

/// The names release `r` has: its modelled parameters by its own names, and the markers
/// it has (those on Linux alone only for a Linux dump).
fn names_of(r: Release, linux: bool) -> Vec<&'static str> {
    let modelled = Id::ALL
        .iter()
        .copied()
        .filter(|&id| is_release_param(id) && r.has(id))
        .map(move |id| r.old_name(id).unwrap_or(id.spec().name));
    let markers = MARKER_PARAMS
        .iter()
        .filter(move |m| (m.3 || linux) && r.index() >= m.1 && m.2.map_or(true, |u| r.index() < u))
        .map(|m| m.0);
    modelled.chain(markers).collect()
}

/// The parameters every release has by one name: a whole dump holds them all.
fn in_every_release() -> Vec<&'static str> {
    let all = Release::ALL;
    Id::ALL
        .iter()
        .copied()
        .filter(|&id| is_release_param(id) && all.iter().all(|r| r.has(id) && r.old_name(id).is_none()))
        .map(|id| id.spec().name)
        .collect()
}

/// What the dump's names allow; `None` when they allow every release.
pub(super) fn names_clue(s: &Section, p: &Params) -> Option<Clue> {
    let names: Vec<&str> = p.entries.iter().map(|e| e.name.as_str()).collect();
    // A release before 0.6.3 shares names with every later one, but only it has the old
    // throttle's: the oldest release the lab has is the nearest (`legacy_models.rs`).
    if names.iter().any(|n| super::legacy_models::OLD_THROTTLE.contains(n)) {
        let oldest = Releases::range(Release::V0_6_4, Release::V0_6_4);
        let why = format!("{} (the old write throttle's parameters: 0.6.2 or before)", at(&s.file, s.first_line));
        return Some(Clue { allows: oldest, why });
    }
    let whole = in_every_release().iter().all(|n| names.contains(n));
    let linux = !matches!(p.style.as_str(), "freebsd_sysctl" | "macos_sysctl");
    let present: Vec<Releases> = names.iter().filter_map(|n| having(n)).collect();
    // Misfits rather than a strict intersection: one odd name (a build with a backport)
    // should not leave no release at all.
    let misfits = |r: Release| {
        let lacking = present.iter().filter(|set| !set.contains(r)).count();
        let missing = if whole { names_of(r, linux).iter().filter(|n| !names.contains(n)).count() } else { 0 };
        lacking + missing
    };
    let fewest = Release::ALL.iter().map(|&r| misfits(r)).min()?;
    let allows = Releases::of(|r| misfits(r) == fewest);
    if allows == Releases::ALL {
        return None;
    }
    let how = if whole {
        "a whole dump, so what it lacks counts too"
    } else {
        "a partial dump, so only the names it holds count"
    };
    Some(Clue {
        allows,
        why: format!("{} (its parameters fit {}: {how})", at(&s.file, s.first_line), allows.describe()),
    })
}
