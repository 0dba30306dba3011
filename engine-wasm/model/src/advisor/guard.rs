//! What must not get worse: a metric and how much worse than the baseline it may get, in
//! percent of the baseline's value. A guard the baseline did not measure (no readers for a
//! read guard, no scan for a scan guard) holds trivially and says so.

use super::measure::{Better, Measures, Metric, METRICS};
use serde::Serialize;

/// A metric that may get at most `tolerance_percent` worse than the baseline's.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Guard {
    pub metric: Metric,
    pub tolerance_percent: u32,
}

/// The tolerance when a guard is named without one [%].
pub const DEFAULT_TOLERANCE: u32 = 10;

impl Guard {
    /// `NAME` or `NAME:PCT` (`scan-rate:5`, `read-latency:10%`).
    pub fn parse(text: &str) -> Result<Guard, String> {
        let (name, pct) = match text.split_once(':') {
            Some((n, p)) => (n.trim(), Some(p.trim().trim_end_matches('%'))),
            None => (text.trim(), None),
        };
        let metric = Metric::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = METRICS.iter().map(|m| m.name()).collect();
            format!("unknown guard '{}' (one of {})", crate::messages::shown(name), names.join(", "))
        })?;
        let tolerance_percent = match pct {
            None => DEFAULT_TOLERANCE,
            Some(p) => p.parse::<u32>().ok().filter(|&p| p <= 1000).ok_or_else(|| {
                format!("guard {name}: '{}' is not a whole percent from 0 to 1000", crate::messages::shown(p))
            })?,
        };
        Ok(Guard { metric, tolerance_percent })
    }

    /// The worst value the guard allows against a baseline of `base`.
    pub fn limit(&self, base: f64) -> f64 {
        let t = f64::from(self.tolerance_percent) / 100.0;
        match self.metric.better() {
            Better::Lower => base * (1.0 + t),
            Better::Higher => base * (1.0 - t).max(0.0),
        }
    }

    /// Why `m` breaks this guard against `base`, or `None` if it holds.
    pub fn broken(&self, base: &Measures, m: &Measures) -> Option<String> {
        let b = self.metric.of(base)?;
        let limit = self.limit(b);
        let title = self.metric.title();
        match (self.metric.of(m), self.metric.better()) {
            (None, _) => Some(format!("{title} not measured")),
            (Some(v), Better::Lower) if v > limit => Some(self.said(b, v)),
            (Some(v), Better::Higher) if v < limit => Some(self.said(b, v)),
            _ => None,
        }
    }

    /// How far past its tolerance `m` is, as a fraction of the baseline's value (0 within
    /// it; 1 when `m` did not measure what the baseline did).
    pub fn excess(&self, base: &Measures, m: &Measures) -> f64 {
        let Some(b) = self.metric.of(base) else { return 0.0 };
        let Some(v) = self.metric.of(m) else { return 1.0 };
        let past = match self.metric.better() {
            Better::Lower => v - self.limit(b),
            Better::Higher => self.limit(b) - v,
        };
        if b == 0.0 {
            return if past > 0.0 { 1.0 } else { 0.0 };
        }
        (past / b).max(0.0)
    }

    fn said(&self, base: f64, v: f64) -> String {
        let m = self.metric;
        format!(
            "{} {} -> {} ({}, more than {}% worse)",
            m.title(),
            m.show(base),
            m.show(v),
            change(base, v),
            self.tolerance_percent
        )
    }
}

/// `+12%` or `-3%`: how `v` differs from `base`.
pub fn change(base: f64, v: f64) -> String {
    if base == 0.0 {
        return if v == 0.0 { "same".into() } else { "from nothing".into() };
    }
    format!("{:+.0}%", (v - base) / base * 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reads(ns: f64) -> Measures {
        Measures([(Metric::ReadLatency, ns)].into())
    }

    #[test]
    fn parses_a_name_and_a_tolerance() {
        assert_eq!(Guard::parse("scan-rate"), Ok(Guard { metric: Metric::ScanRate, tolerance_percent: 10 }));
        assert_eq!(Guard::parse("read-latency:25%").map(|g| g.tolerance_percent), Ok(25));
        assert!(Guard::parse("speed").is_err_and(|e| e.contains("write-throughput")));
        assert!(Guard::parse("scan-rate:lots").is_err_and(|e| e.contains("'lots'")));
    }

    #[test]
    fn a_guard_holds_within_its_tolerance_and_names_what_broke_it() {
        let g = Guard { metric: Metric::ReadLatency, tolerance_percent: 10 };
        assert_eq!(g.broken(&reads(100e6), &reads(110e6)), None);
        let why = g.broken(&reads(100e6), &reads(111e6)).expect("broken");
        assert!(why.contains("100.0 ms -> 111.0 ms (+11%"), "{why}");
        // Not measured in the baseline: nothing to keep.
        assert_eq!(g.broken(&Measures::default(), &reads(1e9)), None);
        let scan = Guard { metric: Metric::ScanRate, tolerance_percent: 10 };
        let rate = |v| Measures([(Metric::ScanRate, v)].into());
        assert!(scan.broken(&rate(70e6), &rate(0.0)).is_some(), "a stopped scan is a cost");
        assert_eq!(scan.broken(&rate(70e6), &rate(63e6)), None);
        assert_eq!(scan.excess(&rate(70e6), &rate(63e6)), 0.0);
        assert!((scan.excess(&rate(100e6), &rate(0.0)) - 0.9).abs() < 1e-12);
        assert!((g.excess(&reads(100e6), &reads(130e6)) - 0.2).abs() < 1e-12);
    }
}
