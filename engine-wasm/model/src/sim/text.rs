//! The text formats engineers already read: DTrace's `quantize()` aggregation
//! (`dt_consume.c`) and the `zpool iostat -w` latency table (`zpool_main.c`), drawn from the
//! report's power-of-two histograms (bucket j holds [2^j, 2^(j+1)) ns).

use super::stats::POW2_BUCKETS;
use std::borrow::Borrow;
use std::collections::BTreeMap;
use std::fmt::Write;

/// DTrace `quantize()` text of power-of-two `buckets`: the header, then rows from one
/// bucket before the first non-zero one to one after the last, each `@` bar 40 wide scaled
/// to the total. Empty when every bucket is zero.
pub fn quantize(buckets: &[u64]) -> String {
    distribution(buckets, |j| (1u128 << j).to_string())
}

/// DTrace `lquantize(x, base, limit, step)` text of `values`: an underflow row `< base`,
/// one row per step, an overflow row `>= limit`, trimmed like [`quantize`] to one row
/// either side of the non-zero ones. Empty when there are no values or `step` is 0.
pub fn lquantize(values: &[u64], base: u64, limit: u64, step: u64) -> String {
    if values.is_empty() || step == 0 || limit <= base {
        return String::new();
    }
    let levels = ((limit - base) / step) as usize;
    let top = base + levels as u64 * step;
    // Row 0 is the underflow, rows 1..=levels the steps, row levels + 1 the overflow.
    let mut rows = vec![0u64; levels + 2];
    for &v in values {
        let row = if v < base {
            0
        } else if v >= top {
            levels + 1
        } else {
            1 + ((v - base) / step) as usize
        };
        rows[row] += 1;
    }
    let label = |row: usize| match row {
        0 => format!("< {base}"),
        r if r == levels + 1 => format!(">= {top}"),
        r => (base + (r as u64 - 1) * step).to_string(),
    };
    distribution(&rows, label)
}

/// The rows of a DTrace aggregation from one before the first non-zero row to one after
/// the last, each `@` bar 40 wide scaled to the total.
fn distribution(rows: &[u64], label: impl Fn(usize) -> String) -> String {
    let Some(first) = rows.iter().position(|&c| c > 0) else { return String::new() };
    let last = rows.iter().rposition(|&c| c > 0).unwrap_or(first);
    let hi = (last + 1).min(rows.len() - 1);
    let total: u64 = rows.iter().sum();
    let mut out = format!("{:>16} {:>41} {:<9}\n", "value", "------------- Distribution -------------", "count");
    for (j, &count) in rows.iter().enumerate().take(hi + 1).skip(first.saturating_sub(1)) {
        // depth = floor(count * 40 / total + 0.5), in integers.
        let depth = ((u128::from(count) * 80 + u128::from(total)) / (2 * u128::from(total))) as usize;
        let _ = writeln!(out, "{:>16} |{:<40} {:<9}", label(j), "@".repeat(depth.min(40)), count);
    }
    out
}

/// `zfs_nicenum()`: powers of 1024 with `K M G T P E`, exact multiples as integers,
/// otherwise the most decimals (2, 1, 0) that fit in 5 characters; zero is `0`.
pub fn nicenum(n: u64) -> String {
    let units = ["", "K", "M", "G", "T", "P", "E"];
    let mut i = 0;
    let mut v = n;
    while v >= 1024 && i + 1 < units.len() {
        v /= 1024;
        i += 1;
    }
    if i == 0 || n % (1u64 << (10 * i)) == 0 {
        return format!("{v}{}", units[i]);
    }
    let x = n as f64 / (1u64 << (10 * i)) as f64;
    for decimals in [2, 1, 0] {
        let s = format!("{x:.decimals$}{}", units[i]);
        if s.len() <= 5 {
            return s;
        }
    }
    format!("{v}{}", units[i])
}

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
    use crate::sim::stats::pow2_bucket;

    #[test]
    fn lquantize_rows_run_from_the_underflow_to_the_overflow() {
        let text = lquantize(&[1, 1, 2, 3, 3, 3, 3, 40], 0, 30, 1);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "           value  ------------- Distribution ------------- count    ");
        assert_eq!(lines[1], "               0 |                                         0        ");
        assert_eq!(lines[2], "               1 |@@@@@@@@@@                               2        ");
        assert_eq!(lines[3], "               2 |@@@@@                                    1        ");
        assert_eq!(lines[4], "               3 |@@@@@@@@@@@@@@@@@@@@                     4        ");
        assert_eq!(lines[5], "               4 |                                         0        ");
        assert_eq!(lines[31], "           >= 30 |@@@@@                                    1        ");
        assert_eq!(lines.len(), 32);
        let under = lquantize(&[5], 10, 20, 5);
        assert_eq!(under.lines().nth(1), Some("            < 10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        "));
        assert_eq!(under.lines().count(), 3);
        assert_eq!(lquantize(&[], 0, 30, 1), "");
        assert_eq!(lquantize(&[1], 0, 30, 0), "");
    }

    #[test]
    fn quantize_matches_the_synthetic_example_of_openzfs_model_section_6_4() {
        let mut b = [0u64; POW2_BUCKETS];
        for (n, v) in [(10, 12_820u64), (40, 166_666), (30, 499_999), (15, 1_499_999), (5, 19_499_999)] {
            b[pow2_bucket(v)] += n;
        }
        let text = quantize(&b);
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "           value  ------------- Distribution ------------- count    ");
        assert_eq!(lines[1], "            4096 |                                         0        ");
        assert_eq!(lines[2], "            8192 |@@@@                                     10       ");
        assert!(lines.contains(&"          131072 |@@@@@@@@@@@@@@@@                         40       "));
        assert!(lines.contains(&"          262144 |@@@@@@@@@@@@                             30       "));
        assert!(lines.contains(&"         1048576 |@@@@@@                                   15       "));
        assert!(lines.contains(&"        16777216 |@@                                       5        "));
        assert_eq!(lines.last(), Some(&"        33554432 |                                         0        "));
        // Zero rows between are printed: 4096 through 33554432 is 14 rows.
        assert_eq!(lines.len(), 1 + 14);
        assert_eq!(quantize(&[0; 4]), "");
    }

    #[test]
    fn numbers_and_times_as_zpool_prints_them() {
        assert_eq!(nicenum(0), "0");
        assert_eq!(nicenum(10 * 1024), "10K");
        assert_eq!(nicenum(1536), "1.50K");
        assert_eq!(nicenum(10_300), "10.1K");
        assert_eq!(nicenum(1_048_575), "1024K");
        assert_eq!(nicenum(123_000_000), "117M");
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
