//! Whether a `-v` tree is whole: a pool's row against the sum of its top-level vdevs' rows.
//!
//! In every release the pool's operations and bandwidth are its top-level vdevs' summed:
//! before 0.7 `vdev_get_stats()` adds the root's children's counts to the root's (which
//! counts no zio of its own: `vdev_stat_update()` returns early for it), and from 0.7
//! `vdev_get_stats_ex_impl()` sums every child through `vdev_get_child_stat()` (both in
//! `module/zfs/vdev.c`, zfs-0.6.1 to zfs-2.2.0). The root's children are the normal,
//! `logs`, `special` and `dedup` top-level vdevs; `cache` and `spares` are not among them.
//! A mirror's or RAID-Z's own row is its leaves' sum only from 0.7, so leaves are not
//! compared here. A tree whose top-level rows add up to clearly less than its pool's is
//! missing some: a paste cut short.

use super::*;
use crate::evidence::number::print_nicenum;

/// A figure of a row: operations or bandwidth.
type Figure = fn(&Row) -> Option<u64>;

/// The figures compared: (name for messages, the row's value).
const FIGURES: [(&str, Figure); 4] = [
    ("read operations", |r| r.read_ops),
    ("write operations", |r| r.write_ops),
    ("read bandwidth", |r| r.read_bytes),
    ("write bandwidth", |r| r.write_bytes),
];

/// How far a printed figure may be from the value behind it: `zfs_nicenum()` keeps three
/// significant digits (1%), and an operations count is cut to a whole number (1).
fn slack(v: u64) -> u64 {
    v / 100 + 1
}

/// The first pool section of `rows` whose top-level vdevs add up to less than its pool
/// row: a sentence saying so, for the report's notes.
pub(super) fn short_tree(rows: &[Row]) -> Option<String> {
    let mut at = 0;
    while let Some(pool) = rows.get(at) {
        let end = rows.iter().skip(at + 1).position(|r| r.depth == 0).map_or(rows.len(), |k| at + 1 + k);
        let tops: Vec<&Row> = rows
            .get(at + 1..end)
            .unwrap_or(&[])
            .iter()
            .filter(|r| r.depth == 1 && r.class.as_deref() != Some(r.name.as_str()))
            .filter(|r| !matches!(r.class.as_deref(), Some("cache" | "spares")))
            .collect();
        if pool.depth == 0 && pool.class.is_none() && !tops.is_empty() {
            if let Some(msg) = short_by(pool, &tops) {
                return Some(msg);
            }
        }
        at = end;
    }
    None
}

fn short_by(pool: &Row, tops: &[&Row]) -> Option<String> {
    for (what, get) in FIGURES {
        let Some(whole) = get(pool) else { continue };
        let parts: Option<Vec<u64>> = tops.iter().map(|r| get(r)).collect();
        let Some(parts) = parts else { continue };
        let sum = parts.iter().fold(0u64, |a, &v| a.saturating_add(v));
        let tolerance = parts.iter().fold(slack(whole), |a, &v| a.saturating_add(slack(v)));
        if whole > sum.saturating_add(tolerance) {
            return Some(format!(
                "line {}: the -v tree of {} looks partial: its {} top-level vdev rows add up to {} of the pool's {} {what}, and the pool row is their sum in every release (vdev.c); the rest of the tree was not pasted",
                pool.line,
                pool.name,
                tops.len(),
                print_nicenum(sum),
                print_nicenum(whole)
            ));
        }
    }
    None
}
