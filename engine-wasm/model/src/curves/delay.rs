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

/// `zfs_delay_scale × (x − min) / (max − x)` for `x` below `p.dirty_max`, in the kernel's
/// unsigned 64-bit arithmetic (`zfs_delay_scale` and the bytes are `uint64_t`) with
/// truncating division; 0 at or below the minimum.
fn quotient(p: &DelayParams, x: u64) -> u64 {
    let min = p.min_bytes();
    if x > min {
        p.scale.wrapping_mul(x - min) / (p.dirty_max - x)
    } else {
        0
    }
}

/// The end of `dmu_tx_delay()`: the unsigned result is stored in `tx_time`, a signed
/// `hrtime_t` (`long long`), where 2^63 or more is negative; `MIN(tx_time,
/// zfs_delay_max_ns)` (an `hrtime_t` too) keeps it negative, and `now > tx->tx_start +
/// tx_time` then returns without sleeping. So the delay is the cap, or nothing. The same in
/// 0.6.5's `min_tx_time` and 2.2's `tx_time` (`dmu_tx.c`).
fn as_hrtime_min(tx_time: u64, max_ns: u64) -> u64 {
    // `as` is the two's-complement conversion gcc and clang make.
    let t = (tx_time as i64).min(max_ns as i64);
    u64::try_from(t).unwrap_or(0)
}

/// The delay [ns] `dmu_tx_delay()` computes for a transaction that sees `dirty` bytes of
/// dirty data, before any credit for time already served.
///
/// As the kernel computes it: zero at or below the minimum, `scale × (dirty − min) / (max −
/// dirty)` above it in unsigned 64 bits, then capped at `zfs_delay_max_ns` in the signed
/// `hrtime_t`, where a quotient of 2^63 or more skips the delay ([`as_hrtime_min`]). At or
/// above `zfs_dirty_data_max` current master returns the cap (releases up to 2.4 assert it
/// cannot happen: the writer first waits in `dmu_tx_wait()`). The ZIL-log
/// (`zfs_wrlog_data_max`) term of 2.2+ is [`tx_time_ns`]'s.
pub fn delay_ns(p: &DelayParams, dirty: u64) -> u64 {
    // Same order as master: the `dirty >= max` test comes first, so with a 100% minimum the
    // limit itself still returns the cap.
    let tx_time = if dirty >= p.dirty_max { p.max_ns } else { quotient(p, dirty) };
    as_hrtime_min(tx_time, p.max_ns)
}

/// 2.2+ `dmu_tx_delay()` with its log-data term: the dirty-data quotient, replaced by
/// `zfs_delay_max_ns` once the log data `wrlog` reaches `zfs_wrlog_data_max` (`w.dirty_max`),
/// or by the log's own quotient when that is larger, then capped as [`delay_ns`] is. The
/// `MAX()` compares a `uint64_t` with the `hrtime_t`, so as unsigned: a dirty quotient of
/// 2^63 or more wins it and skips the delay.
pub fn tx_time_ns(p: &DelayParams, dirty: u64, w: &DelayParams, wrlog: u64) -> u64 {
    let from_dirty = if dirty >= p.dirty_max { p.max_ns } else { quotient(p, dirty) };
    let tx_time = if wrlog >= w.dirty_max {
        w.max_ns
    } else if wrlog > w.min_bytes() {
        quotient(w, wrlog).max(from_dirty)
    } else {
        from_dirty
    };
    as_hrtime_min(tx_time, p.max_ns)
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
    // The curve rises to the last byte below the limit, whose divisor is 1: with a product
    // that fits 64 bits (validation refuses more) only its quotient can reach 2^63 and skip
    // the delay. The marks are searched on the rising part before it.
    let mut last = p.dirty_max.saturating_sub(1);
    if last > min && f(last) < f(last - 1) {
        last -= 1;
    }
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

    /// `dmu_tx_delay()` at zfs-0.6.5 stores the quotient in `hrtime_t min_tx_time`, at
    /// zfs-2.2.0 in `hrtime_t tx_time`; `zfs_delay_max_ns` is an `hrtime_t` at both.
    #[test]
    fn a_quotient_of_2_63_or_more_turns_negative_and_skips_the_delay() {
        // 1 TiB limit, no minimum, scale 2^23 + 1, one byte below the limit:
        // (2^23 + 1) × (2^40 − 1) / 1 = 2^63 + 2^40 − 2^23 − 1.
        let p = DelayParams { dirty_max: 1 << 40, min_dirty_percent: 0, scale: (1 << 23) + 1, max_ns: 100_000_000 };
        assert_eq!(delay_ns(&p, (1 << 40) - 1), 0);
        // 2^23 × (2^40 − 1) stays below 2^63: the cap.
        assert_eq!(delay_ns(&DelayParams { scale: 1 << 23, ..p }, (1 << 40) - 1), 100_000_000);
        // The byte before has a divisor of 2 and a quotient under 2^63: the cap.
        assert_eq!(delay_ns(&p, (1 << 40) - 2), 100_000_000);
        let m = delay_marks(&p);
        assert_eq!(delay_ns(&p, m.cap_start.expect("reaches the cap")), 100_000_000);
    }

    #[test]
    fn from_2_2_the_larger_of_the_two_quotients_compared_unsigned() {
        let p = defaults();
        let w = DelayParams { dirty_max: 2 * D, ..p };
        let (w_min, w_mid) = (w.min_bytes(), w.min_bytes() + (w.dirty_max - w.min_bytes()) / 2);
        // No log data: the dirty curve alone.
        assert_eq!(tx_time_ns(&p, at(80_000), &w, 0), 499_999);
        // Log data at its midpoint: the log's quotient (about the scale) when larger.
        assert_eq!(tx_time_ns(&p, 0, &w, w_mid), 499_999);
        assert_eq!(tx_time_ns(&p, at(90_000), &w, w_mid), 1_499_999);
        assert_eq!(tx_time_ns(&p, 0, &w, w_min), 0);
        // At zfs_wrlog_data_max: the cap, whatever the dirty data.
        assert_eq!(tx_time_ns(&p, 0, &w, w.dirty_max), 100_000_000);
        // A dirty quotient of 2^63 or more is the larger unsigned, and skips the delay
        // although the log's alone would delay.
        let big = DelayParams { dirty_max: 1 << 40, min_dirty_percent: 0, scale: (1 << 23) + 1, max_ns: 100_000_000 };
        let w = DelayParams { dirty_max: 1 << 41, ..big };
        assert_eq!(tx_time_ns(&big, (1 << 40) - 1, &w, 3 << 39), 0);
        assert_eq!(tx_time_ns(&big, (1 << 40) - 1, &w, 1 << 41), 100_000_000, "the log's cap replaces it");
    }

    #[test]
    fn a_zero_scale_never_delays() {
        let p = DelayParams { scale: 0, ..defaults() };
        assert_eq!(delay_ns(&p, D - 1), 0);
        assert_eq!(delay_marks(&p).first_delayed, None);
    }
}
