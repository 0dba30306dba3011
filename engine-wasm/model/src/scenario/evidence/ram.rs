//! The machine's RAM, which the lab derives the dirty limits from: arcstats'
//! `memory_all_bytes`, else `c_max` as the release's share of it, else the dirty limits of
//! a parameters dump read back through `arc_init()`'s rule. Without it the lab keeps its
//! default RAM and a customer's untouched `zfs_dirty_data_max` looks like a tuning.
//!
//! `arc_init()` (`arc.c`; Linux `arc_os.c` for memory hot-plug) sets, when neither was
//! given: `zfs_dirty_data_max_max = allmem * zfs_dirty_data_max_max_percent / 100`
//! (25), at most 4 GiB from 0.7.0 on 64-bit (no cap before), and `zfs_dirty_data_max =
//! allmem * zfs_dirty_data_max_percent / 100` (10), at most the former. `allmem` is whole
//! pages (`physmem * PAGESIZE`, `arc_all_memory()`), so a derived value is that of a
//! multiple of 4 KiB: one set by hand rarely is.

use super::{at, Builder};
use crate::evidence::{Body, Import};
use crate::scenario::release::Release;
use crate::schema::Id;

/// Pages are at least 4 KiB (larger pages are multiples of it).
const PAGE: u64 = 4096;

/// The machine's RAM, from the first evidence that gives it, set with its source.
pub(super) fn ram(import: &Import, release: Release, b: &mut Builder) -> Option<u64> {
    from_arcstats(import, release, b).or_else(|| from_dirty_limits(import, release, b))
}

fn stat(k: &crate::evidence::kstat::Kstat, name: &str) -> Option<(u64, usize)> {
    k.stats.iter().find(|s| s.name == name).and_then(|s| u64::try_from(s.value).ok().map(|v| (v, s.line)))
}

/// Arcstats' figures of RAM: `memory_all_bytes`, else `c_max` as the release's share of it.
fn from_arcstats(import: &Import, release: Release, b: &mut Builder) -> Option<u64> {
    for (s, body) in import.bodies() {
        let Body::Kstat(k) = body else { continue };
        if let Some((v, line)) = stat(k, "memory_all_bytes") {
            b.set(Id::Ram, v, format!("{}: arcstats memory_all_bytes", at(&s.file, line)));
            return Some(v);
        }
        if let Some((c_max, line)) = stat(k, "c_max") {
            // arc_c_max is the release's share of RAM unless zfs_arc_max was set.
            let arc_max_set = import.bodies().any(|(_, b)| match b {
                Body::Params(p) => p.entries.iter().any(|e| e.name == "zfs_arc_max" && e.value.trim() != "0"),
                _ => false,
            });
            if arc_max_set {
                b.note(format!(
                    "{}: arcstats c_max is zfs_arc_max, set by hand: RAM cannot be told from it",
                    at(&s.file, line)
                ));
                continue;
            }
            let ram = if release >= Release::V2_3 {
                // The larger of 5/8 of RAM and RAM less 1 GiB: the second above 8/3 GiB.
                if c_max >= (5 << 30) / 3 {
                    c_max + (1 << 30)
                } else {
                    c_max * 8 / 5
                }
            } else {
                c_max * 2
            };
            b.set(
                Id::Ram,
                ram,
                format!(
                    "{}: arcstats c_max {} is the release's default share of RAM (arc_default_max)",
                    at(&s.file, line),
                    c_max
                ),
            );
            return Some(ram);
        }
    }
    None
}

/// A parameter's whole-number value, decimal or hex (`/etc/system` writes `0x100000000`).
pub(super) fn whole_number(text: &str) -> Option<u64> {
    let text = text.trim();
    let hex = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"));
    match hex {
        Some(h) => u64::from_str_radix(h, 16).ok(),
        None => crate::evidence::number::integer(text),
    }
}

/// A parameter of a dump of a running system's values (a settings file's lines were set
/// by someone, not derived): (value, file, line).
fn param<'a>(import: &'a Import, name: &str) -> Option<(u64, &'a str, usize)> {
    import.bodies().find_map(|(s, body)| match body {
        Body::Params(p) if !p.configured => p
            .entries
            .iter()
            .find(|e| e.name == name)
            .and_then(|e| Some((whole_number(&e.value)?, s.file.as_str(), e.line))),
        _ => None,
    })
}

/// The RAM that `percent`% of gives `value` by integer division: `lo..=hi` bytes.
fn share_of(value: u64, percent: u64) -> (u128, u128) {
    let (v, p) = (u128::from(value), u128::from(percent));
    ((v * 100).div_ceil(p), ((v + 1) * 100 - 1) / p)
}

/// RAM from `zfs_dirty_data_max` and `zfs_dirty_data_max_max` of a dump, where they are
/// what the release derives (default percents, below their caps) and agree on a machine
/// of whole pages.
fn from_dirty_limits(import: &Import, release: Release, b: &mut Builder) -> Option<u64> {
    let max = param(import, "zfs_dirty_data_max").filter(|m| m.0 > 0);
    let max_max = param(import, "zfs_dirty_data_max_max").filter(|m| m.0 > 0);
    let (_, file, line) = max.or(max_max)?;
    for (name, default) in [("zfs_dirty_data_max_percent", 10), ("zfs_dirty_data_max_max_percent", 25)] {
        if let Some((p, f, l)) = param(import, name).filter(|p| p.0 != default) {
            b.note(format!(
                "{}: {name} = {p} is not the default {default}: RAM is not inferred from the dirty limits",
                at(f, l)
            ));
            return None;
        }
    }
    let cap = (release >= Release::V0_7).then_some(4u64 << 30);
    let mut range: (u128, u128) = (0, u128::MAX);
    let mut used = Vec::new();
    if let Some((w, f, l)) = max_max {
        if cap == Some(w) {
            b.note(format!(
                "{}: zfs_dirty_data_max_max is {}'s 4 GiB cap: it says only that RAM is 16 GiB or more",
                at(f, l),
                release.name()
            ));
        } else if cap.is_some_and(|c| w > c) {
            let (lo, _) = share_of(w, 25);
            b.note(format!("{}: zfs_dirty_data_max_max = {w} is above {}'s 4 GiB cap: set by hand, or a release before 0.7 (no cap) on {lo} bytes of RAM; RAM is not inferred from it", at(f, l), release.name()));
        } else {
            let r = share_of(w, 25);
            range = (range.0.max(r.0), range.1.min(r.1));
            used.push(format!("zfs_dirty_data_max_max {w} (25%)"));
        }
    }
    if let Some((v, f, l)) = max {
        // At its cap, zfs_dirty_data_max is the cap's, not 10% of RAM.
        let at_cap = max_max.map_or(cap == Some(v), |m| m.0 == v);
        if at_cap {
            b.note(format!(
                "{}: zfs_dirty_data_max {v} is at its cap (zfs_dirty_data_max_max): RAM is not told by it",
                at(f, l)
            ));
        } else {
            let r = share_of(v, 10);
            range = (range.0.max(r.0), range.1.min(r.1));
            used.push(format!("zfs_dirty_data_max {v} (10%)"));
        }
    }
    if used.is_empty() {
        return None;
    }
    // The smallest whole number of pages in the range: none, and the values were set by hand.
    let ram = range.0.div_ceil(u128::from(PAGE)) * u128::from(PAGE);
    if ram > range.1 {
        b.note(format!("{}: {} fit no machine of whole 4 KiB pages as arc_init() derives them: set by hand, so RAM is not inferred from them", at(file, line), used.join(" and ")));
        return None;
    }
    let ram = u64::try_from(ram).ok()?;
    let source = format!(
        "{}: {} of RAM as {}'s arc_init() derives them, on whole 4 KiB pages",
        at(file, line),
        used.join(" and "),
        release.name()
    );
    b.note(format!(
        "{file}: RAM ({}) is inferred from the dirty limits, as no arcstats gave it; with it they are no tuning",
        crate::units::describe_value(crate::units::Unit::Bytes, ram)
    ));
    b.set(Id::Ram, ram, source);
    Some(ram)
}
