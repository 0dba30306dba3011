//! The `zpool iostat -w` latency table (`zpool_main.c`), with zpool's number and time
//! formats, drawn from the report's power-of-two histograms (bucket j holds
//! [2^j, 2^(j+1)) ns).

use crate::sim::stats::POW2_BUCKETS;
use std::borrow::Borrow;
use std::collections::BTreeMap;
use std::fmt::Write;

pub use crate::evidence::number::print_nicenum as nicenum;

/// The time formatter of `zpool iostat`: divide by 1000 to `ns us ms s`, floored.
pub fn nicetime(ns: u64) -> String {
    let units = ["ns", "us", "ms", "s"];
    let mut v = ns;
    let mut i = 0;
    while v >= 1000 && i + 1 < units.len() {
        v /= 1000;
        i += 1;
    }
    format!("{v}{}", units[i])
}

/// The histograms `zpool iostat -w` prints for one pool, each with 37 buckets.
pub struct IostatColumns<'a> {
    pub total_read: &'a [u64],
    pub total_write: &'a [u64],
    pub disk_read: &'a [u64],
    pub disk_write: &'a [u64],
    pub syncq_read: &'a [u64],
    pub syncq_write: &'a [u64],
    pub asyncq_read: &'a [u64],
    pub asyncq_write: &'a [u64],
    pub scrub: &'a [u64],
}

/// Per-class power-of-two histograms (class name to buckets), as a report holds them.
pub type ClassBuckets<K> = BTreeMap<K, Vec<u64>>;

/// The `zpool iostat -w` table of a report's per-class total, queue and disk histograms;
/// scrub-class I/O counts as reads, as zpool counts it.
pub fn zpool_iostat_w_of<K: Borrow<str> + Ord>(
    pool: &str,
    total: &ClassBuckets<K>,
    queue: &ClassBuckets<K>,
    disk: &ClassBuckets<K>,
) -> String {
    let sum = |map: &ClassBuckets<K>, classes: &[&str]| -> Vec<u64> {
        (0..POW2_BUCKETS)
            .map(|j| classes.iter().map(|c| map.get(*c).and_then(|v| v.get(j)).copied().unwrap_or(0)).sum())
            .collect()
    };
    let reads = ["sync_read", "async_read", "scrub"];
    let writes = ["sync_write", "async_write"];
    let columns = [
        sum(total, &reads),
        sum(total, &writes),
        sum(disk, &reads),
        sum(disk, &writes),
        sum(queue, &["sync_read"]),
        sum(queue, &["sync_write"]),
        sum(queue, &["async_read"]),
        sum(queue, &["async_write"]),
        sum(queue, &["scrub"]),
    ];
    zpool_iostat_w(
        pool,
        &IostatColumns {
            total_read: &columns[0],
            total_write: &columns[1],
            disk_read: &columns[2],
            disk_write: &columns[3],
            syncq_read: &columns[4],
            syncq_write: &columns[5],
            asyncq_read: &columns[6],
            asyncq_write: &columns[7],
            scrub: &columns[8],
        },
    )
}

/// The `zpool iostat -w` table (ZoL 2.2+ columns; trim and rebuild are always 0 here), as
/// its first, lifetime report prints it: raw counts.
pub fn zpool_iostat_w(pool: &str, c: &IostatColumns<'_>) -> String {
    let width = pool.len().max(10);
    let mut out = String::new();
    let tops = ["total_wait", "disk_wait", "syncq_wait", "asyncq_wait"];
    let _ = write!(out, "\n{pool:<width$}");
    for t in tops {
        // Centred over two columns, the odd space on the left as zpool does it.
        let left = (12 - t.len()).div_ceil(2);
        let _ = write!(out, "  {:left$}{t:<w$}", "", w = 12 - left);
    }
    out.push('\n');
    let _ = write!(out, "{:<width$}", "latency");
    for b in ["read", "write", "read", "write", "read", "write", "read", "write", "scrub", "trim", "rebuild"] {
        let _ = write!(out, "  {b:>5}");
    }
    out.push('\n');
    let _ = writeln!(out, "{}{}", "-".repeat(width), "  -----".repeat(11));
    let zero = [0u64; POW2_BUCKETS];
    let columns = [
        c.total_read,
        c.total_write,
        c.disk_read,
        c.disk_write,
        c.syncq_read,
        c.syncq_write,
        c.asyncq_read,
        c.asyncq_write,
        c.scrub,
        &zero,
        &zero,
    ];
    for j in 0..POW2_BUCKETS {
        // Each row is labelled with its bucket's upper bound, 2^(j+1) - 1 ns.
        let _ = write!(out, "{:<width$}", nicetime((1u64 << (j + 1)) - 1));
        for col in columns {
            let _ = write!(out, "  {:>5}", nicenum(col.get(j).copied().unwrap_or(0)));
        }
        out.push('\n');
    }
    let _ = writeln!(out, "{}", "-".repeat(width + 7 * 11));
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_times_as_zpool_prints_them() {
        assert_eq!(nicetime(1_500_000), "1ms");
        assert_eq!(nicetime(999_999), "999us");
        assert_eq!(nicetime(1), "1ns");
    }

    #[test]
    fn the_iostat_table_has_37_labelled_rows() {
        let mut reads = [0u64; POW2_BUCKETS];
        reads[19] = 130;
        reads[20] = 20_000;
        let zero = [0u64; POW2_BUCKETS];
        let c = IostatColumns {
            total_read: &reads,
            total_write: &zero,
            disk_read: &reads,
            disk_write: &zero,
            syncq_read: &zero,
            syncq_write: &zero,
            asyncq_read: &zero,
            asyncq_write: &zero,
            scrub: &zero,
        };
        let text = zpool_iostat_w("tank", &c);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[1].trim_end(), "tank         total_wait     disk_wait    syncq_wait    asyncq_wait");
        assert_eq!(
            lines[2],
            "latency      read  write   read  write   read  write   read  write  scrub   trim  rebuild"
        );
        assert_eq!(lines[3], "----------  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----");
        assert_eq!(
            lines[4 + 19],
            "1ms           130      0    130      0      0      0      0      0      0      0      0"
        );
        assert_eq!(
            lines[4 + 20],
            "2ms         19.5K      0  19.5K      0      0      0      0      0      0      0      0"
        );
        assert_eq!(lines[4], "1ns             0      0      0      0      0      0      0      0      0      0      0");
        assert!(lines[4 + 36].starts_with("137s "));
        assert_eq!(lines.len(), 4 + 37 + 1);
    }
}
