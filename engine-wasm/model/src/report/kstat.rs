//! Kstats as Linux prints them (`spl-kstat.c`): `name type data`, then one row per stat,
//! `%-31s %-4d` and the value. Only the per-pool `dmu_tx_assign` histogram here
//! (`spa_stats.c`: 42 rows named `N ns`, N = 2^i, the count of calls that took up to N ns).

use crate::evidence::kstat::TX_ASSIGN_BUCKETS;
use std::fmt::Write;

/// `KSTAT_DATA_UINT64`.
const UINT64: u32 = 4;

/// `/proc/spl/kstat/zfs/<pool>/dmu_tx_assign` of these counts.
pub fn dmu_tx_assign(counts: &[u64]) -> String {
    let mut out = format!("{:<31} {:<4} {}\n", "name", "type", "data");
    for i in 0..TX_ASSIGN_BUCKETS {
        let name = format!("{} ns", 1u64 << i);
        let _ = writeln!(out, "{name:<31} {UINT64:<4} {}", counts.get(i).copied().unwrap_or(0));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bucket_is_printed_under_its_upper_bound() {
        let mut counts = vec![0; TX_ASSIGN_BUCKETS];
        counts[10] = 7;
        let text = dmu_tx_assign(&counts);
        assert_eq!(text.lines().count(), 43);
        assert!(
            text.starts_with("name                            type data\n1 ns                            4    0\n"),
            "{text}"
        );
        assert!(text.contains("\n1024 ns                         4    7\n"), "{text}");
        assert!(text.ends_with("2199023255552 ns                4    0\n"), "{text}");
    }
}
