//! How well the model's figures match the customer's: one figure per panel, and a plain
//! sentence saying where they agree and where they differ.

use serde::Serialize;

/// A panel's fit.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Fit {
    /// 0 to 100: the share of the two distributions that overlaps, or for a pair of
    /// medians, the smaller over the larger.
    pub percent: f64,
    pub statement: String,
}

/// The overlap of two histograms over the same buckets, normalised: Σ min(p, q) [%].
pub fn overlap(customer: &[u64], model: &[u64]) -> Option<f64> {
    let (a, b): (u128, u128) =
        (customer.iter().map(|&v| u128::from(v)).sum(), model.iter().map(|&v| u128::from(v)).sum());
    if a == 0 || b == 0 {
        return None;
    }
    let shared: f64 = customer.iter().zip(model).map(|(&p, &q)| (p as f64 / a as f64).min(q as f64 / b as f64)).sum();
    Some(shared * 100.0)
}

/// The bucket holding the median of a histogram.
pub fn median_bucket(h: &[u64]) -> Option<usize> {
    let total: u128 = h.iter().map(|&v| u128::from(v)).sum();
    let mut seen = 0u128;
    for (j, &n) in h.iter().enumerate() {
        seen += u128::from(n);
        if total > 0 && seen * 2 >= total {
            return Some(j);
        }
    }
    None
}

/// The mean of `values`, rounded down, if any.
pub fn mean(values: &[u64]) -> Option<u64> {
    let sum: u128 = values.iter().map(|&v| u128::from(v)).sum();
    (!values.is_empty()).then(|| u64::try_from(sum / values.len() as u128).unwrap_or(u64::MAX))
}

/// The median of `values` (the lower middle), if any.
pub fn median(values: &[u64]) -> Option<u64> {
    let mut v = values.to_vec();
    v.sort_unstable();
    v.get(v.len().saturating_sub(1) / 2).copied()
}

fn ratio_fit(a: u64, b: u64) -> f64 {
    if a == 0 && b == 0 {
        100.0
    } else {
        a.min(b) as f64 / a.max(b) as f64 * 100.0
    }
}

fn compare(what: &str, customer: u64, model: u64, show: impl Fn(u64) -> String) -> String {
    let r = ratio_fit(customer, model);
    let (c, m) = (customer.max(1) as f64, model.max(1) as f64);
    let verdict = if r >= 80.0 {
        "agree".to_string()
    } else if m >= 2.0 * c {
        format!("the model is {:.1}x higher", m / c)
    } else if c >= 2.0 * m {
        format!("the model is {:.1}x lower", c / m)
    } else if model > customer {
        format!("the model is {:.0}% higher", (m / c - 1.0) * 100.0)
    } else {
        format!("the model is {:.0}% lower", (1.0 - m / c) * 100.0)
    };
    format!("{what}: customer {}, model {} ({verdict})", show(customer), show(model))
}

/// Latency buckets below this one (under 1,024 ns) are one: a queue wait that short is no
/// wait, only the time to pass through the queue, which a kernel counts in hundreds of ns and
/// the model as 0.
const UNDER_A_MICROSECOND: usize = 10;

/// A latency histogram (bucket j: [2^j, 2^(j+1)) ns) with its buckets under 1,024 ns folded
/// into its first.
fn folded(h: &[u64]) -> Vec<u64> {
    let split = UNDER_A_MICROSECOND.min(h.len());
    let under: u64 = h[..split].iter().fold(0u64, |a, &v| a.saturating_add(v));
    std::iter::once(under).chain(h[split..].iter().copied()).collect()
}

/// Latency histograms of one column (`disk_wait write`): overlap and medians, waits under a
/// microsecond counted as one.
pub fn histogram(column: &str, customer: &[u64], model: &[u64]) -> Option<Fit> {
    let (customer, model) = (folded(customer), folded(model));
    let percent = overlap(&customer, &model)?;
    let (a, b) = (median_bucket(&customer)?, median_bucket(&model)?);
    let ns = |v: u64| crate::units::describe_value(crate::units::Unit::Nanoseconds, v);
    // Folded bucket j > 0 is the histogram's bucket j + 9.
    let span = |j: usize| match j {
        0 => format!("under {}", ns(1 << UNDER_A_MICROSECOND)),
        _ => format!("{}-{}", ns(1 << (j + UNDER_A_MICROSECOND - 1)), ns(1 << (j + UNDER_A_MICROSECOND))),
    };
    let medians = if a == b {
        format!("both medians {}{}", if a == 0 { "" } else { "in " }, span(a))
    } else {
        format!(
            "median customer {}, model {} ({} bucket{} {})",
            span(a),
            span(b),
            a.abs_diff(b),
            if a.abs_diff(b) == 1 { "" } else { "s" },
            if b > a { "slower" } else { "faster" }
        )
    };
    Some(Fit { percent, statement: format!("{column}: {percent:.0}% of the distributions overlap; {medians}") })
}

/// Synced txgs: median dirty bytes and sync times.
pub fn txgs(customer: &[(u64, u64)], model: &[(u64, u64)]) -> Option<Fit> {
    let (cd, cs): (Vec<u64>, Vec<u64>) = customer.iter().copied().unzip();
    let (md, ms): (Vec<u64>, Vec<u64>) = model.iter().copied().unzip();
    let (cd, cs, md, ms) = (median(&cd)?, median(&cs)?, median(&md)?, median(&ms)?);
    let bytes = |v: u64| crate::units::describe_value(crate::units::Unit::Bytes, v);
    let time = |v: u64| crate::units::describe_value(crate::units::Unit::Nanoseconds, v);
    let percent = (ratio_fit(cd, md) + ratio_fit(cs, ms)) / 2.0;
    Some(Fit {
        percent,
        statement: format!(
            "{}; {}",
            compare("median txg dirty data", cd, md, bytes),
            compare("median sync time", cs, ms, time)
        ),
    })
}

/// Mean write bandwidth over the reports.
pub fn bandwidth(customer: &[u64], model: &[u64]) -> Option<Fit> {
    let (a, b) = (mean(customer)?, mean(model)?);
    let show = |v: u64| format!("{}/s", crate::units::describe_value(crate::units::Unit::Bytes, v));
    Some(Fit { percent: ratio_fit(a, b), statement: compare("mean write bandwidth", a, b, show) })
}

/// The lab's I/O class of a `zpool iostat -q` column (`asyncq_write pend`) and whether it is
/// `pend` (queued) or `activ` (issued); trim and rebuild queues are not modelled.
pub fn queue_class(column: &str) -> Option<(&'static str, bool)> {
    let (queue, kind) = column.split_once(' ')?;
    let class = match queue {
        "syncq_read" => "sync_read",
        "syncq_write" => "sync_write",
        "asyncq_read" => "async_read",
        "asyncq_write" => "async_write",
        "scrubq_read" => "scrub",
        _ => return None,
    };
    match kind {
        "pend" => Some((class, true)),
        "activ" => Some((class, false)),
        _ => None,
    }
}

/// Queue depths per class: each `-q` column's mean beside the model's (`[name, customer,
/// model]`, in hundredths of an I/O so that means keep their fraction).
pub fn queues(rows: &[(String, u64, u64)]) -> Option<Fit> {
    if rows.is_empty() {
        return None;
    }
    // Columns empty on both sides agree trivially: they would only pad the figure.
    let used: Vec<&(String, u64, u64)> = rows.iter().filter(|&&(_, c, m)| c > 0 || m > 0).collect();
    let percent = if used.is_empty() {
        100.0
    } else {
        used.iter().map(|&&(_, c, m)| ratio_fit(c, m)).sum::<f64>() / used.len() as f64
    };
    let show = |v: u64| format!("{}.{:02}", v / 100, v % 100);
    let parts: Vec<String> =
        used.iter().map(|(n, c, m)| format!("{n} customer {} model {}", show(*c), show(*m))).collect();
    let idle = rows.len() - used.len();
    let rest = match idle {
        0 => String::new(),
        1 => " (1 other column is 0 on both sides)".to_string(),
        n => format!(" ({n} other columns are 0 on both sides)"),
    };
    Some(Fit { percent, statement: format!("queue depths (mean I/Os): {}{rest}", parts.join("; ")) })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn identical_histograms_overlap_wholly_and_disjoint_ones_not_at_all() {
        assert_eq!(overlap(&[0, 5, 5], &[0, 10, 10]), Some(100.0));
        assert_eq!(overlap(&[5, 0], &[0, 5]), Some(0.0));
        assert_eq!(overlap(&[0, 0], &[1, 1]), None);
        let at = |j: usize| (0..24).map(|i| if i == j { 10 } else { 0 }).collect::<Vec<u64>>();
        let f = histogram("disk_wait write", &at(20), &at(21)).expect("both have counts");
        assert!(f.statement.contains("1 bucket slower"), "{}", f.statement);
        assert!(f.statement.contains("median customer 1.05 ms-2.10 ms"), "{}", f.statement);
    }

    #[test]
    fn waits_under_a_microsecond_are_one_bucket() {
        // A customer's syncq_wait of 128-256 ns and the model's 0 (bucket 0) are both no wait.
        let at = |j: usize| (0..24).map(|i| if i == j { 10 } else { 0 }).collect::<Vec<u64>>();
        let f = histogram("syncq_wait read", &at(7), &at(0)).expect("both have counts");
        assert_eq!(f.percent, 100.0);
        assert!(f.statement.contains("both medians under 1.02 µs"), "{}", f.statement);
        // A microsecond apart from it is not.
        let f = histogram("syncq_wait read", &at(7), &at(10)).expect("both have counts");
        assert_eq!(f.percent, 0.0);
        assert!(f.statement.contains("model 1.02 µs-2.05 µs (1 bucket slower)"), "{}", f.statement);
    }

    #[test]
    fn queue_columns_map_to_the_labs_classes_and_fit_by_ratio() {
        assert_eq!(queue_class("asyncq_write activ"), Some(("async_write", false)));
        assert_eq!(queue_class("scrubq_read pend"), Some(("scrub", true)));
        assert_eq!(queue_class("trimq_write pend"), None);
        let f = queues(&[("asyncq_write activ".into(), 1000, 500), ("syncq_read pend".into(), 0, 0)]).expect("rows");
        assert_eq!(f.percent, 50.0);
        assert!(
            f.statement.ends_with("asyncq_write activ customer 10.00 model 5.00 (1 other column is 0 on both sides)"),
            "{}",
            f.statement
        );
    }

    #[test]
    fn txg_medians_say_which_side_is_larger() {
        let f = txgs(&[(100, 1000), (200, 2000), (300, 3000)], &[(100, 1000), (200, 4000), (300, 5000)]).expect("fits");
        assert!(f.statement.contains("median txg dirty data: customer 200 B, model 200 B (agree)"), "{}", f.statement);
        assert!(f.statement.contains("the model is 2.0x higher"), "{}", f.statement);
        assert_eq!(f.percent, 75.0);
    }
}
