//! Which kstat a block is, when its header does not say: from the names of its rows, or
//! from the paths the prompt's command names. Guesses about the block, kept apart from
//! reading its rows.

use super::{bucket_ns, Stat, ARC_NAMES};

/// The kstat its rows belong to: `dmu_tx_*` counters, `N ns` buckets, ARC names.
pub(super) fn from_rows(stats: &[Stat]) -> Option<&'static str> {
    let n = stats.len();
    if n == 0 {
        return None;
    }
    let count = |f: &dyn Fn(&str) -> bool| stats.iter().filter(|s| f(&s.name)).count();
    if count(&|s| s.starts_with("dmu_tx_")) * 2 > n {
        Some("dmu_tx")
    } else if count(&|s| bucket_ns(s).is_some()) * 2 > n {
        Some("dmu_tx_assign")
    } else if count(&|s| {
        ARC_NAMES.contains(&s)
            || s.starts_with("demand_")
            || s.starts_with("l2_")
            || s.starts_with("mru_")
            || s.starts_with("mfu_")
    }) > 0
    {
        Some("arcstats")
    } else {
        None
    }
}

/// (name, pool) of each kstat path the prompt's command names: `/proc/spl/kstat/zfs/tank/
/// dmu_tx_assign`, the 0.6.2 era's `/proc/spl/kstat/zfs/dmu_tx_assign-tank`, `tank/
/// dmu_tx_assign` relative to it, or a FreeBSD `kstat.zfs.tank.misc.dmu_tx_assign`.
pub(super) fn prompt_names(prompt: &str) -> Vec<(String, Option<String>)> {
    let mut out = Vec::new();
    for token in prompt.split_whitespace() {
        let token = token.trim_matches(|c| c == '"' || c == '\'' || c == ';' || c == '|');
        if token.starts_with('-') || token.contains(['*', '?', '$', '{']) {
            continue;
        }
        if let Some(rest) = token.strip_prefix("kstat.") {
            let parts: Vec<&str> = rest.split('.').collect();
            if let Some(i) = parts.iter().position(|p| *p == "misc") {
                if let Some(name) = parts.get(i + 1) {
                    let pool = if i > 1 { Some(parts[1..i].join(".")) } else { None };
                    out.push((name.to_string(), pool));
                }
            }
            continue;
        }
        let parts: Vec<&str> = token.split('/').filter(|p| !p.is_empty()).collect();
        let Some((&last, dirs)) = parts.split_last() else { continue };
        let under_zfs = token.contains("/kstat/zfs/");
        if !under_zfs && !last.starts_with("dmu_tx") && last != "arcstats" {
            continue;
        }
        if under_zfs && dirs.last() == Some(&"kstat") {
            continue;
        }
        let dir_pool = dirs.last().filter(|d| **d != "zfs").map(|d| d.to_string());
        if let Some((_, pool)) = last.split_once('-').filter(|(n, _)| n.starts_with("dmu_tx_assign")) {
            out.push(("dmu_tx_assign".to_string(), Some(pool.to_string())));
        } else {
            out.push((last.to_string(), dir_pool));
        }
    }
    out
}
