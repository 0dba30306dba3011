//! What a named kstat's figures mean for the throttle: `dmu_tx`'s counters (where each is bumped
//! in `dmu_tx.c`/`txg.c`/`arc.c`), `dmu_tx_assign`'s buckets, the ARC's size and limits.

use super::*;

/// What the `dmu_tx` counters say (`module/zfs/dmu_tx.c`, `dmu_tx_stats`).
pub(super) fn dmu_tx_notes(k: &Kstat) -> Vec<String> {
    let has = |n: &str| k.get(n).is_some();
    let mut notes =
        vec!["the dmu_tx counters count since the module was loaded: two reads some seconds apart give rates"
            .to_string()];
    // dmu_tx_quota is the last counter of every release, so with it the list is whole.
    if has("dmu_tx_quota") {
        let release = if has("dmu_tx_write_limit") || has("dmu_tx_memory_inflight") {
            Some("0.6.2 or earlier (the old write throttle, with dmu_tx_write_limit)")
        } else if has("dmu_tx_wrlog_delay") {
            // dmu_tx.c: the counter came with the log-data throttle, in zfs-2.1.6 and 2.2.0.
            Some("2.1.6 or later (dmu_tx_wrlog_delay)")
        } else if has("dmu_tx_dirty_frees_delay") {
            Some("0.8 to 2.1.5 (dmu_tx_dirty_frees_delay, no dmu_tx_wrlog_delay)")
        } else if has("dmu_tx_dirty_delay") {
            Some("0.6.3 to 0.7 (the new write throttle, before dmu_tx_dirty_frees_delay)")
        } else {
            None
        };
        if let Some(r) = release {
            notes.push(format!("its counter list is that of release {r}"));
        }
    }
    let facts = [
        (
            "dmu_tx_dirty_delay",
            "transactions the write throttle delayed (dirty data above zfs_delay_min_dirty_percent)",
        ),
        ("dmu_tx_dirty_over_max", "times dirty data reached zfs_dirty_data_max and a writer waited for a txg to sync"),
        ("dmu_tx_dirty_frees_delay", "transactions delayed because too many frees were dirty"),
        ("dmu_tx_wrlog_delay", "transactions delayed by the ZIL write-log throttle"),
        ("dmu_tx_delay", "txg_delay() waits for a txg to sync (not the write throttle's sleeps)"),
        ("dmu_tx_write_limit", "transactions over the old throttle's write limit, which waited for the next txg"),
        ("dmu_tx_dirty_throttle", "ARC memory throttles (arc_tempreserve_space)"),
        ("dmu_tx_memory_reclaim", "transactions that waited for the ARC to reclaim memory"),
    ];
    for (name, what) in facts {
        if let Some(v) = k.get(name).filter(|v| *v > 0) {
            notes.push(format!("{name} {v}: {what}"));
        }
    }
    notes
}

/// What the `dmu_tx_assign` histogram says. 0.6.3 on (`module/zfs/spa_stats.c`,
/// `spa_tx_assign_add_nsecs`): the row `N ns` counts calls that took more than N/2 and at
/// most N ns, and `spa_tx_assign_update` leaves out the rows after the last non-zero one.
/// 0.6.2 (`module/zfs/dsl_pool.c`, `dsl_pool_tx_assign_add_usecs`, kstat
/// `dmu_tx_assign-<pool>`): the same in us, every row printed, the last one catching all
/// that is longer.
pub(super) fn dmu_tx_assign_notes(k: &Kstat) -> Vec<String> {
    let rows: Vec<(u128, i128)> = k.stats.iter().filter_map(|s| Some((bucket_ns(&s.name)?, s.value))).collect();
    if rows.is_empty() {
        return Vec::new();
    }
    let us = k.stats.iter().any(|s| s.name.ends_with(" us"));
    let mut notes = Vec::new();
    if us {
        notes.push("rows in us: the 0.6.2 form of this histogram (/proc/spl/kstat/zfs/dmu_tx_assign-<pool>); a row `N us` counts dmu_tx_assign() calls that took more than N/2 and at most N us, the last row all longer ones".to_string());
    } else {
        notes.push("a row `N ns` counts dmu_tx_assign() calls that took more than N/2 and at most N ns; rows after the last non-zero one are not printed".to_string());
    }
    let total: i128 = rows.iter().map(|r| r.1).sum();
    // The row of 2^30 ns (2^20 us) holds calls of more than 2^29 ns (2^19 us), about 0.5 s.
    let (from, label) = if us { ((1u128 << 20) * 1000, "1048576 us") } else { (1 << 30, "1073741824 ns") };
    let slow: i128 = rows.iter().filter(|r| r.0 >= from).map(|r| r.1).sum();
    notes
        .push(format!("{total} calls in the rows read; {slow} of them took more than 0.5 s (the rows from `{label}`)"));
    notes
}

/// The ARC's size against its target and bounds.
pub(super) fn arcstats_notes(k: &Kstat) -> Vec<String> {
    let gib = |v: i128| format!("{:.1} GiB", v as f64 / f64::from(1u32 << 30));
    let mut parts = Vec::new();
    for name in ["size", "c", "c_min", "c_max", "anon_size"] {
        if let Some(v) = k.get(name) {
            parts.push(format!("{name} {}", gib(v)));
        }
    }
    let mut notes = Vec::new();
    if !parts.is_empty() {
        notes.push(format!("ARC {}", parts.join(", ")));
    }
    if let Some(v) = k.get("memory_throttle_count").filter(|v| *v > 0) {
        notes.push(format!("memory_throttle_count {v}: writes were throttled because the ARC was short of memory"));
    }
    notes
}
