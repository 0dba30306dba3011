//! The write delay: `dmu_tx_delay()` in `module/zfs/dmu_tx.c`.

use super::first_reaching;
use crate::schema::Id;
use crate::tunables::Tunables;
use serde::Serialize;

/// The tunables `dmu_tx_delay()` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DelayParams {
    /// `zfs_dirty_data_max` [bytes].
    pub dirty_max: u64,
    /// `zfs_delay_min_dirty_percent` [%].
    pub min_dirty_percent: u64,
    /// `zfs_delay_scale` [ns].
    pub scale: u64,
    /// `zfs_delay_max_ns` [ns].
    pub max_ns: u64,
}

impl From<&Tunables> for DelayParams {
    fn from(t: &Tunables) -> Self {
        DelayParams {
            dirty_max: t.get(Id::DirtyDataMax),
            min_dirty_percent: t.get(Id::DelayMinDirtyPercent),
            scale: t.get(Id::DelayScale),
            max_ns: t.get(Id::DelayMaxNs),
        }
    }
}

impl DelayParams {
    /// `delay_min_bytes`: dirty data at and below which nothing is delayed [bytes].
    pub fn min_bytes(&self) -> u64 {
        self.dirty_max.wrapping_mul(self.min_dirty_percent) / 100
    }
}

/// The delay [ns] `dmu_tx_delay()` computes for a transaction that sees `dirty` bytes of
/// dirty data, before any credit for time already served.
///
/// C unsigned 64-bit arithmetic with truncating division, as in the kernel: zero at or
/// below the minimum, `scale × (dirty − min) / (max − dirty)` above it, capped at
/// `zfs_delay_max_ns`. At or above `zfs_dirty_data_max` current master returns the cap
/// (releases up to 2.4 assert it cannot happen: the writer first waits in `dmu_tx_wait()`).
/// The ZIL-log (`zfs_wrlog_data_max`) term of 2.2+ is not part of this curve.
pub fn delay_ns(p: &DelayParams, dirty: u64) -> u64 {
    // Same order as master: the `dirty >= max` test comes first, so with a 100% minimum the
    // limit itself still returns the cap.
    let min = p.min_bytes();
    let tx_time = if dirty >= p.dirty_max {
        p.max_ns
    } else if dirty > min {
        p.scale.wrapping_mul(dirty - min) / (p.dirty_max - dirty)
    } else {
        0
    };
    tx_time.min(p.max_ns)
}

/// Where the delay curve's landmarks fall, for annotating a plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DelayMarks {
    /// `zfs_delay_min_dirty_percent` of `zfs_dirty_data_max`: no delay at or below [bytes].
    pub min_bytes: u64,
    /// First dirty amount with a non-zero delay (truncation keeps the first few at 0) [bytes].
    pub first_delayed: Option<u64>,
    /// Where `dirty − min = max − dirty`: the delay there is about `zfs_delay_scale` [bytes].
    pub midpoint: u64,
    /// The delay at the midpoint [ns].
    pub midpoint_ns: u64,
    /// First dirty amount whose delay is the `zfs_delay_max_ns` cap [bytes].
    pub cap_start: Option<u64>,
    /// The hard limit: writers wait in `dmu_tx_wait()` at and above it [bytes].
    pub dirty_max: u64,
}

/// The landmarks of [`delay_ns`] for `p`.
pub fn delay_marks(p: &DelayParams) -> DelayMarks {
    let min = p.min_bytes();
    let f = |d| delay_ns(p, d);
    let last = p.dirty_max.saturating_sub(1);
    let midpoint = min + (p.dirty_max - min.min(p.dirty_max)) / 2;
    DelayMarks {
        min_bytes: min,
        first_delayed: first_reaching(min, last, 1, f),
        midpoint,
        midpoint_ns: f(midpoint),
        cap_start: first_reaching(min, last, p.max_ns.max(1), f),
        dirty_max: p.dirty_max,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: u64 = 4 << 30;

    fn defaults() -> DelayParams {
        DelayParams::from(&Tunables::default())
    }

    fn at(percent_x1000: u64) -> u64 {
        (u128::from(D) * u128::from(percent_x1000) / 100_000) as u64
    }

    #[test]
    fn table_of_openzfs_model_section_2_3() {
        let p = defaults();
        assert_eq!(p.min_bytes(), 2_576_980_377);
        let table = [
            (60_000, 0),
            (60_500, 6_329),
            (61_000, 12_820),
            (65_000, 71_428),
            (70_000, 166_666),
            (75_000, 300_000),
            (80_000, 499_999),
            (85_000, 833_333),
            (90_000, 1_499_999),
            (95_000, 3_499_999),
            (98_000, 9_499_999),
            (99_000, 19_499_999),
            (99_500, 39_499_999),
            (99_800, 99_499_995),
            (99_801, 100_000_000),
        ];
        for (pct, expected) in table {
            assert_eq!(delay_ns(&p, at(pct)), expected, "at {}%", pct as f64 / 1000.0);
        }
        assert_eq!(at(60_500), 2_598_455_214);
        assert_eq!(at(99_800), 4_286_377_361);
    }

    #[test]
    fn the_cap_starts_where_the_table_says() {
        let m = delay_marks(&defaults());
        assert_eq!(m.cap_start, Some(4_286_420_098));
        assert_eq!(m.min_bytes, 2_576_980_377);
        assert_eq!(m.midpoint_ns, 499_999);
        assert_eq!(delay_ns(&defaults(), 4_286_420_097), 99_999_995);
    }

    #[test]
    fn breakpoints() {
        let p = defaults();
        let min = p.min_bytes();
        assert_eq!(delay_ns(&p, min), 0);
        let first = delay_marks(&p).first_delayed.expect("some delay");
        assert_eq!(delay_ns(&p, first - 1), 0);
        assert!(delay_ns(&p, first) >= 1);
        assert_eq!(delay_ns(&p, D - 1), 100_000_000);
        assert_eq!(delay_ns(&p, D), 100_000_000);
        assert_eq!(delay_ns(&p, u64::MAX), 100_000_000);
    }

    #[test]
    fn at_a_100_percent_minimum_only_the_limit_is_delayed() {
        let p = DelayParams { min_dirty_percent: 100, ..defaults() };
        assert_eq!(delay_ns(&p, D - 1), 0);
        assert_eq!(delay_ns(&p, D), 100_000_000);
    }

    #[test]
    fn a_zero_scale_never_delays() {
        let p = DelayParams { scale: 0, ..defaults() };
        assert_eq!(delay_ns(&p, D - 1), 0);
        assert_eq!(delay_marks(&p).first_delayed, None);
    }
}
