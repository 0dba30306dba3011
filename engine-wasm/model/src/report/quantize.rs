//! DTrace's `quantize()` and `lquantize()` aggregations as text (`dt_consume.c`), drawn
//! from the report's power-of-two histograms (bucket j holds [2^j, 2^(j+1)) ns).

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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::stats::{pow2_bucket, POW2_BUCKETS};

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
}
