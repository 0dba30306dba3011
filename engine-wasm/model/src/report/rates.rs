//! Rates and ratios as the report rounds them: per second over the time measured, to two
//! decimals; ratios to three; and the coefficient of variation of a series.

/// `count` over `ns`, per second, to two decimals.
pub fn per_s(count: u64, ns: u64) -> f64 {
    if ns == 0 {
        0.0
    } else {
        (count as f64 * 1e9 / ns as f64 * 100.0).round() / 100.0
    }
}

/// `bytes` over `ns`, in whole bytes per second (floored, exact).
pub fn bytes_per_s(bytes: u64, ns: u64) -> u64 {
    (u128::from(bytes) * 1_000_000_000 / u128::from(ns.max(1))) as u64
}

/// `a / b` to three decimals; 0 when `b` is 0.
pub fn ratio(a: u64, b: u64) -> f64 {
    if b == 0 {
        0.0
    } else {
        (a as f64 / b as f64 * 1000.0).round() / 1000.0
    }
}

/// Standard deviation over mean, to three decimals; 0 for no values or a zero mean.
pub fn coefficient_of_variation(xs: &[u64]) -> f64 {
    if xs.is_empty() {
        return 0.0;
    }
    let n = xs.len() as f64;
    let mean = xs.iter().map(|&x| x as f64).sum::<f64>() / n;
    if mean == 0.0 {
        return 0.0;
    }
    let var = xs.iter().map(|&x| (x as f64 - mean) * (x as f64 - mean)).sum::<f64>() / n;
    (var.sqrt() / mean * 1000.0).round() / 1000.0
}
