//! The dynamic async-write limit: `vdev_queue_max_async_writes()` in `module/zfs/vdev_queue.c`.

use super::first_reaching;
use crate::schema::Id;
use crate::tunable_releases;
use crate::tunables::Tunables;
use serde::Serialize;

/// The tunables `vdev_queue_max_async_writes()` reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AsyncWriteParams {
    /// `zfs_dirty_data_max` [bytes].
    pub dirty_max: u64,
    /// `zfs_vdev_async_write_active_min_dirty_percent` [%].
    pub min_dirty_percent: u64,
    /// `zfs_vdev_async_write_active_max_dirty_percent` [%].
    pub max_dirty_percent: u64,
    /// `zfs_vdev_async_write_min_active` [I/Os].
    pub min_active: u64,
    /// `zfs_vdev_async_write_max_active` [I/Os].
    pub max_active: u64,
    /// The release tests the high point before the low one (2.1 on,
    /// `tunable_releases::async_write_max_first()`).
    pub max_first: bool,
}

impl From<&Tunables> for AsyncWriteParams {
    fn from(t: &Tunables) -> Self {
        AsyncWriteParams {
            dirty_max: t.get(Id::DirtyDataMax),
            min_dirty_percent: t.get(Id::AsyncWriteActiveMinDirtyPercent),
            max_dirty_percent: t.get(Id::AsyncWriteActiveMaxDirtyPercent),
            min_active: t.get(Id::AsyncWriteMinActive),
            max_active: t.get(Id::AsyncWriteMaxActive),
            max_first: tunable_releases::async_write_max_first(t.get(Id::Release)),
        }
    }
}

impl AsyncWriteParams {
    /// `min_bytes`: below it, `min_active` [bytes].
    pub fn lo_bytes(&self) -> u64 {
        self.dirty_max.wrapping_mul(self.min_dirty_percent) / 100
    }

    /// `max_bytes`: above it, `max_active` [bytes].
    pub fn hi_bytes(&self) -> u64 {
        self.dirty_max.wrapping_mul(self.max_dirty_percent) / 100
    }
}

/// Async writes allowed in flight per leaf vdev with `dirty` bytes of pool dirty data
/// (see [`AsyncWriteCurve::limit`]).
pub fn max_async_writes(p: &AsyncWriteParams, dirty: u64, pending_synctask: bool) -> u64 {
    AsyncWriteCurve::from(p).limit(dirty, pending_synctask)
}

/// The curve of [`max_async_writes`] with its two points computed: the tunables never
/// change during a run, so the simulator builds this once when it starts and each issue
/// does only the comparisons and the interpolation.
#[derive(Clone, Copy, Debug)]
pub struct AsyncWriteCurve {
    lo: u64,
    hi: u64,
    min_active: u64,
    max_active: u64,
    max_first: bool,
}

impl From<&AsyncWriteParams> for AsyncWriteCurve {
    fn from(p: &AsyncWriteParams) -> Self {
        AsyncWriteCurve {
            lo: p.lo_bytes(),
            hi: p.hi_bytes(),
            min_active: p.min_active,
            max_active: p.max_active,
            max_first: p.max_first,
        }
    }
}

impl AsyncWriteCurve {
    /// The limit at `dirty` bytes, in the kernel's order of tests and integer types.
    ///
    /// A pending sync task gives `max` (tested first until 2.0, beside the high point from
    /// 2.1). Until 2.0 `min` below the low point, then `max` above the high point; from 2.1
    /// `max` above the high point, then `min` below the low point. The two orders differ
    /// only when the low point is above the high one: a step from `min` to `max` at the
    /// low point until 2.0, past the high point from 2.1, never the interpolation.
    ///
    /// Between the points `(dirty − lo) × (max − min) / (hi − lo) + min`: the bytes are
    /// `uint64_t`, `max − min` is 32-bit (`uint32_t`, `uint_t` from 2.2) and wraps when
    /// `min > max`, the product wraps in 64 bits, and the result, stored in an `int` (until
    /// 2.1) or a `uint_t`, is compared with the 32-bit `vqc_active` as unsigned: its low 32
    /// bits. Only `lo == dirty == hi` divides by zero in the kernel; the lab gives `max`
    /// there, the level just above it (validation warns of equal percents).
    #[inline]
    pub fn limit(&self, dirty: u64, pending_synctask: bool) -> u64 {
        let (lo, hi) = (self.lo, self.hi);
        if pending_synctask {
            return self.max_active;
        }
        let (below, above) = (dirty < lo, dirty > hi);
        match (self.max_first, below, above) {
            (true, _, true) | (false, false, true) => return self.max_active,
            (_, true, _) => return self.min_active,
            _ => {}
        }
        const LOW_32: u64 = u32::MAX as u64;
        let span = self.max_active.wrapping_sub(self.min_active) & LOW_32;
        match (dirty - lo).wrapping_mul(span).checked_div(hi - lo) {
            Some(step) => step.wrapping_add(self.min_active) & LOW_32,
            None => self.max_active,
        }
    }
}

/// Where the async-write curve's landmarks fall, for annotating a plot.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AsyncWriteMarks {
    /// The low point (`..._min_dirty_percent` of `zfs_dirty_data_max`) [bytes].
    pub lo_bytes: u64,
    /// The high point (`..._max_dirty_percent`) [bytes].
    pub hi_bytes: u64,
    pub min_active: u64,
    pub max_active: u64,
}

/// The landmarks of [`max_async_writes`] for `p`.
pub fn async_write_marks(p: &AsyncWriteParams) -> AsyncWriteMarks {
    AsyncWriteMarks {
        lo_bytes: p.lo_bytes(),
        hi_bytes: p.hi_bytes(),
        min_active: p.min_active,
        max_active: p.max_active,
    }
}

/// First dirty amount at which the limit reaches `slots`, if it does below `zfs_dirty_data_max`.
pub fn first_dirty_with(p: &AsyncWriteParams, slots: u64) -> Option<u64> {
    first_reaching(0, p.dirty_max, slots, |d| max_async_writes(p, d, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn defaults() -> AsyncWriteParams {
        AsyncWriteParams::from(&Tunables::default())
    }

    fn at(p: &AsyncWriteParams, percent_x100: u64) -> u64 {
        (u128::from(p.dirty_max) * u128::from(percent_x100) / 10_000) as u64
    }

    #[test]
    fn table_of_openzfs_model_section_8_item_6() {
        let p = defaults();
        let table = [
            (0, 2),
            (2999, 2),
            (3375, 3),
            (3750, 4),
            (4125, 5),
            (4500, 6),
            // 48.75% is 7 in real arithmetic, but the kernel floors lo, hi and dirty:
            // (2 093 796 556 − 1 288 490 188) × 8 / 1 288 490 189 = 4.99999… → 6.
            (4875, 6),
            (4876, 7),
            (5000, 7),
            (5250, 8),
            (5500, 8),
            (5625, 9),
            (6000, 10),
            (10000, 10),
        ];
        for (pct, slots) in table {
            assert_eq!(max_async_writes(&p, at(&p, pct), false), slots, "at {}%", pct as f64 / 100.0);
        }
        assert_eq!(max_async_writes(&p, 0, true), 10, "a pending sync task forces the max");
    }

    #[test]
    fn legacy_min_of_one() {
        let p = AsyncWriteParams { min_active: 1, ..defaults() };
        assert_eq!(max_async_writes(&p, at(&p, 4500), false), 5);
        assert_eq!(max_async_writes(&p, at(&p, 5000), false), 7);
    }

    #[test]
    fn piecewise_ends_are_exact() {
        let p = defaults();
        let (lo, hi) = (p.lo_bytes(), p.hi_bytes());
        assert_eq!((lo, hi), (1_288_490_188, 2_576_980_377));
        assert_eq!(max_async_writes(&p, lo - 1, false), 2);
        assert_eq!(max_async_writes(&p, lo, false), 2);
        assert_eq!(max_async_writes(&p, hi, false), 10);
        assert_eq!(max_async_writes(&p, hi + 1, false), 10);
        assert_eq!(max_async_writes(&p, hi - 1, false), 9);
        assert_eq!(first_dirty_with(&p, 3), Some(1_449_551_462));
        assert_eq!(first_dirty_with(&p, 10), Some(hi));
    }

    #[test]
    fn equal_percents_step_at_their_point_and_give_max_where_the_kernel_divides_by_zero() {
        for max_first in [false, true] {
            let p = AsyncWriteParams { min_dirty_percent: 60, max_first, ..defaults() };
            assert_eq!(max_async_writes(&p, p.lo_bytes() - 1, false), 2);
            assert_eq!(max_async_writes(&p, p.lo_bytes(), false), 10);
            assert_eq!(max_async_writes(&p, p.lo_bytes() + 1, false), 10);
        }
    }

    /// `vdev_queue_max_async_writes()`: zfs-2.0.0 returns min_active on `dirty < min_bytes`
    /// before it tests `dirty > max_bytes`; zfs-2.1.0 tests `dirty > max_bytes ||
    /// spa_has_pending_synctask(spa)` first.
    #[test]
    fn with_the_low_point_above_the_high_one_each_era_steps_where_it_tests_first() {
        // Low point 60%, high point 30%: no dirty amount reaches the interpolation.
        let p = AsyncWriteParams { min_dirty_percent: 60, max_dirty_percent: 30, ..defaults() };
        let (lo, hi) = (p.lo_bytes(), p.hi_bytes());
        let until_2_0 = AsyncWriteParams { max_first: false, ..p };
        assert_eq!(max_async_writes(&until_2_0, hi + 1, false), 2, "below the low point");
        assert_eq!(max_async_writes(&until_2_0, lo - 1, false), 2);
        assert_eq!(max_async_writes(&until_2_0, lo, false), 10);
        let from_2_1 = AsyncWriteParams { max_first: true, ..p };
        assert_eq!(max_async_writes(&from_2_1, hi, false), 2);
        assert_eq!(max_async_writes(&from_2_1, hi + 1, false), 10, "above the high point");
        assert_eq!(max_async_writes(&from_2_1, 0, true), 10, "a sync task");
        assert_eq!(max_async_writes(&until_2_0, 0, true), 10);
    }

    #[test]
    fn a_minimum_above_the_maximum_wraps_the_interpolation_in_32_bits() {
        // min 10, max 4: max − min is 2^32 − 6 as uint32_t. Halfway, 644 245 094 bytes past
        // the low point: 644 245 094 × (2^32 − 6) / 1 288 490 189 + 10 = 2 147 483 653; at
        // the high point 2^32 − 6 + 10, whose low 32 bits are 4.
        let p = AsyncWriteParams { min_active: 10, max_active: 4, ..defaults() };
        let (lo, hi) = (p.lo_bytes(), p.hi_bytes());
        assert_eq!(hi - lo, 1_288_490_189);
        assert_eq!(max_async_writes(&p, lo - 1, false), 10);
        assert_eq!(max_async_writes(&p, lo, false), 10);
        assert_eq!(max_async_writes(&p, lo + (hi - lo) / 2, false), 2_147_483_653);
        assert_eq!(max_async_writes(&p, hi, false), 4);
        assert_eq!(max_async_writes(&p, hi + 1, false), 4);
    }
}
