//! The figures a report gives for one latency stream: count, mean, standard deviation,
//! percentiles and maximum [ns], from the run's accumulated statistics.

use crate::sim::stats::LatencyStats;
use serde::Serialize;

/// The figures a report gives for one stream.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Summary {
    pub count: u64,
    pub mean_ns: u64,
    pub stddev_ns: u64,
    pub p50_ns: u64,
    pub p90_ns: u64,
    pub p99_ns: u64,
    pub p999_ns: u64,
    pub max_ns: u64,
}

impl Summary {
    pub fn of(s: &LatencyStats) -> Summary {
        Summary {
            count: s.count,
            mean_ns: s.mean(),
            stddev_ns: s.stddev(),
            p50_ns: s.quantile(0.5),
            p90_ns: s.quantile(0.9),
            p99_ns: s.quantile(0.99),
            p999_ns: s.quantile(0.999),
            max_ns: s.max,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn summary_of_known_values() {
        let mut s = LatencyStats::default();
        for v in 1..=1000u64 {
            s.record(v * 1000);
        }
        let m = Summary::of(&s);
        assert_eq!(m.mean_ns, 500_500);
        assert_eq!(m.max_ns, 1_000_000);
        assert!((m.p50_ns as i64 - 500_000).abs() < 16_000, "{m:?}");
        assert!((m.p99_ns as i64 - 990_000).abs() < 32_000, "{m:?}");
        assert!((m.stddev_ns as i64 - 288_675).abs() < 10, "{m:?}");
    }
}
