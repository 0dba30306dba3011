//! `zpool iostat -v` of the run: operations and bandwidth per vdev over the time the
//! summaries cover, in the command's rows (`print_vdev_stats()` in `zpool_main.c`), counted
//! as the chosen release counts them (`sim/vdev_stats.rs`).
//!
//! Rows come in the command's order: the pool, its normal top-level vdevs each followed by
//! its leaves, then a header line per allocation class (`special`, then `logs`) and that
//! class's vdevs. From 0.7 a mirror or RAID-Z vdev is named with its id (`mirror-0`,
//! `raidz2-1`: `VDEV_NAME_TYPE_ID`); before, by its type alone. The lab's leaves have no
//! device paths: they are `disk0`, `disk1`, ... in pool order.
//!
//! Each row has a key naming its place in the tree, the same as the customer's rows get
//! (`evidence/overlay.rs`), so that the two can be set side by side whatever the names:
//! `pool`, `0` (the first normal top-level vdev), `0/2` (its third leaf), `logs`, `logs/0`.

use super::rates::{bytes_per_s, per_s};
use super::zpool_iostat::nicenum;
use crate::scenario::{Scenario, TopVdev};
use crate::sim::vdev_stats::{pool_row, Counts, TopCounts};
use crate::sim::Sim;
use serde::{Deserialize, Serialize};
use std::fmt::Write;

/// One row of `zpool iostat -v`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VdevRow {
    /// Its place in the pool: `pool`, `0`, `0/2`, `logs`, `logs/0`, `logs/0/1`.
    pub key: String,
    pub name: String,
    /// 0 for the pool, 1 for a top-level vdev or a class's header, 2 for a leaf.
    pub depth: u32,
    /// The class section it is in (`logs`, `special`); `None` for the normal class.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default)]
    pub class: Option<String>,
    /// Operations and bandwidth per second; `None` on a class's header line (dashes).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(default)]
    pub rates: Option<VdevRates>,
}

#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VdevRates {
    pub read_ops_per_s: f64,
    pub write_ops_per_s: f64,
    pub read_bytes_per_s: u64,
    pub write_bytes_per_s: u64,
}

impl VdevRates {
    fn of(c: &Counts, elapsed: u64) -> VdevRates {
        VdevRates {
            read_ops_per_s: per_s(c.ops[0], elapsed),
            write_ops_per_s: per_s(c.ops[1], elapsed),
            read_bytes_per_s: bytes_per_s(c.bytes[0], elapsed),
            write_bytes_per_s: bytes_per_s(c.bytes[1], elapsed),
        }
    }
}

/// A top-level vdev's name as `zpool iostat -v` prints it (`zpool_vdev_name()`); a disk's
/// is its leaf's.
fn top_name(v: &TopVdev, id: usize, type_id: bool, first_leaf: usize) -> String {
    let kind = match (v.children, v.parity, v.draid) {
        (1, 0, None) => return format!("disk{first_leaf}"),
        (_, 0, None) => "mirror".to_string(),
        (_, p, None) => format!("raidz{p}"),
        // `vdev_draid_config_generate()`'s name: parity, data, children, spares.
        (c, p, Some(d)) => format!("draid{p}:{}d:{c}c:{}s", d.data, d.spares),
    };
    if type_id {
        format!("{kind}-{id}")
    } else {
        kind
    }
}

/// The rows of `zpool iostat -v` for the run of `sim` over `elapsed` ns.
pub fn rows(sim: &Sim, elapsed: u64) -> Vec<VdevRow> {
    // The releases whose mirrors count their own zios are those before type ids in names.
    rows_of(sim.scenario(), &sim.vdev_counts(), !sim.vdev_own_counts(), elapsed)
}

/// The rows for `scenario`'s pool from its top-level vdevs' `counts` (pool order);
/// `type_id` names mirrors and RAID-Z with their id (0.7 on).
pub fn rows_of(scenario: &Scenario, counts: &[TopCounts], type_id: bool, elapsed: u64) -> Vec<VdevRow> {
    let pool = &scenario.pool;
    let row = |key: String, name: String, depth: u32, class: Option<&'static str>, c: Option<&Counts>| VdevRow {
        key,
        name,
        depth,
        class: class.map(str::to_string),
        rates: c.map(|c| VdevRates::of(c, elapsed)),
    };
    let mut out = vec![row("pool".into(), scenario.name.clone(), 0, None, Some(&pool_row(counts)))];
    // (class, its vdevs, their first index among the pool's top-level vdevs)
    let log_at = pool.vdevs.len();
    let special_at = log_at + pool.log.as_ref().map_or(0, |c| c.vdevs.len());
    let mut sections: Vec<(Option<&'static str>, &[TopVdev], usize)> = vec![(None, &pool.vdevs, 0)];
    // zpool_main.c, class_name[]: dedup, special, then logs.
    if let Some(s) = &pool.special {
        sections.push((Some("special"), &s.vdevs, special_at));
    }
    if let Some(l) = &pool.log {
        sections.push((Some("logs"), &l.vdevs, log_at));
    }
    for (class, vdevs, at) in sections {
        let prefix = match class {
            Some(name) => {
                out.push(row(name.to_string(), name.to_string(), 1, Some(name), None));
                format!("{name}/")
            }
            None => String::new(),
        };
        for (i, v) in vdevs.iter().enumerate() {
            let t = at + i;
            let Some(c) = counts.get(t) else { continue };
            let key = format!("{prefix}{i}");
            out.push(row(key.clone(), top_name(v, t, type_id, c.first_leaf), 1, class, Some(&c.top)));
            if c.interior {
                for (j, leaf) in c.leaves.iter().enumerate() {
                    out.push(row(format!("{key}/{j}"), format!("disk{}", c.first_leaf + j), 2, class, Some(leaf)));
                }
            }
        }
    }
    out
}

/// The table as `zpool iostat -v` prints it: names indented two spaces a level, capacity
/// as dashes (the lab's pools start empty and keep no space maps), operations rounded,
/// bandwidth in `zfs_nicenum()`'s form.
pub fn zpool_iostat_v(rows: &[VdevRow]) -> String {
    let width = rows.iter().map(|r| r.name.len() + 2 * r.depth as usize).max().unwrap_or(4).max(10);
    let mut s = String::new();
    let dashes = |s: &mut String| {
        let _ = writeln!(s, "{}  -----  -----  -----  -----  -----  -----", "-".repeat(width));
    };
    let _ = writeln!(s, "{:w$}    capacity     operations     bandwidth", "", w = width);
    let _ = writeln!(s, "{:w$}  alloc   free   read  write   read  write", "pool", w = width);
    dashes(&mut s);
    for r in rows {
        let name = format!("{}{}", "  ".repeat(r.depth as usize), r.name);
        let name = if r.class.is_some() && r.rates.is_none() { r.name.clone() } else { name };
        let _ = write!(s, "{name:width$}      -      -");
        match r.rates {
            None => {
                let _ = writeln!(s, "      -      -      -      -");
            }
            Some(v) => {
                let ops = |x: f64| nicenum(x.round() as u64);
                let _ = writeln!(
                    s,
                    "  {:>5}  {:>5}  {:>5}  {:>5}",
                    ops(v.read_ops_per_s),
                    ops(v.write_ops_per_s),
                    nicenum(v.read_bytes_per_s),
                    nicenum(v.write_bytes_per_s)
                );
            }
        }
    }
    dashes(&mut s);
    s
}
