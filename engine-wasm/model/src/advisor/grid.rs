//! The values a sweep tries for one tunable: a deterministic grid around the value the
//! baseline runs with (the release's default, or what was set), `span` steps each side,
//! within the schema's range. Sizes, times and counts step by a factor (sizes and times by
//! 4, counts and seconds by 2, so that a few steps span what a tuner would try); percents
//! by 10 points. A size or time stepped away from an odd base (a dirty limit derived from
//! RAM) is rounded to whole MiB, KiB, ms or µs, as a person would set it.

use crate::schema::Id;
use crate::spec::Scale;
use crate::units::Unit;

/// How one step moves a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    Times(u64),
    Plus(u64),
}

/// The step of `id`'s grid.
pub fn step(id: Id) -> Step {
    let spec = id.spec();
    match spec.unit {
        Unit::Percent => Step::Plus(10),
        Unit::Bytes | Unit::BytesPerSecond | Unit::Nanoseconds | Unit::Milliseconds => Step::Times(4),
        _ if spec.scale == Scale::Log || spec.unit == Unit::Count => Step::Times(2),
        _ => Step::Plus(((spec.max - spec.min) / 10).max(1)),
    }
}

/// `id`'s grid around `base`, ascending, `base` included, every value in range.
pub fn grid(id: Id, base: u64, span: u32) -> Vec<u64> {
    let spec = id.spec();
    let mut out = vec![base];
    match step(id) {
        Step::Plus(d) => {
            for k in 1..=u64::from(span) {
                out.push(base.saturating_sub(k * d).max(spec.min));
                out.push(base.saturating_add(k * d).min(spec.max));
            }
        }
        Step::Times(f) => {
            // From 0 a factor goes nowhere: step up from the smallest positive value.
            let (mut up, mut down) = (base.max(1), base);
            for _ in 0..span {
                up = up.saturating_mul(f).min(spec.max);
                down /= f;
                out.push(up);
                out.push(down.max(spec.min));
            }
            if base == 0 {
                out.push(1u64.clamp(spec.min, spec.max));
            }
        }
    }
    let unit = spec.unit;
    for v in out.iter_mut().skip(1) {
        *v = rounded(unit, *v);
    }
    out.retain(|&v| spec.accepts(v));
    out.sort_unstable();
    out.dedup();
    out
}

/// `v` to the nearest whole unit a person would type: MiB or KiB for sizes of 16 of them
/// or more, ms or µs likewise for times.
fn rounded(unit: Unit, v: u64) -> u64 {
    let steps: &[u64] = match unit {
        Unit::Bytes | Unit::BytesPerSecond => &[1 << 20, 1 << 10],
        Unit::Nanoseconds => &[1_000_000, 1_000],
        _ => &[],
    };
    match steps.iter().find(|&&s| v >= 16 * s) {
        Some(&s) => (v + s / 2) / s * s,
        None => v,
    }
}

/// A value between `a` and `b` on the grid's own scale (the geometric mean for a factor),
/// for the fine pass; `None` if there is no whole value strictly between them.
pub fn between(id: Id, a: u64, b: u64) -> Option<u64> {
    let (lo, hi) = (a.min(b), a.max(b));
    let mid = match step(id) {
        Step::Plus(_) => lo + (hi - lo) / 2,
        // isqrt(lo * hi) without overflow: in u128.
        Step::Times(_) if lo > 0 => isqrt(u128::from(lo) * u128::from(hi)),
        Step::Times(_) => hi / 2,
    };
    (mid > lo && mid < hi).then_some(mid)
}

fn isqrt(n: u128) -> u64 {
    // Newton's method on integers: exact floor of the square root.
    if n < 2 {
        return n as u64;
    }
    let mut x = n;
    let mut y = x.div_ceil(2);
    while y < x {
        x = y;
        y = (x + n / x) / 2;
    }
    x as u64
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;

    #[test]
    fn sizes_step_by_four_counts_by_two_percents_by_ten() {
        let g = grid(Id::DirtyDataMax, 4096 * MIB, 2);
        assert_eq!(g, [256 * MIB, 1024 * MIB, 4096 * MIB, 16384 * MIB, 65536 * MIB]);
        assert_eq!(grid(Id::AsyncWriteMaxActive, 10, 3), [1, 2, 5, 10, 20, 40, 80]);
        assert_eq!(grid(Id::DelayMinDirtyPercent, 60, 3), [30, 40, 50, 60, 70, 80, 90]);
        assert_eq!(grid(Id::DelayMinDirtyPercent, 10, 2), [0, 10, 20, 30]);
    }

    #[test]
    fn values_stepped_from_an_odd_base_are_rounded_as_a_person_would_set_them() {
        // 10% of 2 GiB, as 0.6.4 derives zfs_dirty_data_max; the base itself stays.
        let base = (2u64 << 30) / 10;
        assert_eq!(grid(Id::DirtyDataMax, base, 2), [13_107 << 10, 51 * MIB, base, 819 * MIB, 3277 * MIB]);
        assert_eq!(
            grid(Id::DelayScale, 500_000, 3),
            [7_812, 31_000, 125_000, 500_000, 2_000_000, 8_000_000, 32_000_000]
        );
    }

    #[test]
    fn the_range_bounds_the_grid_and_zero_steps_up() {
        // zfs_vdev_scrub_max_active starts at 1; zfs_vdev_scrub_min_active may be 0.
        assert_eq!(grid(Id::ScrubMaxActive, 3, 2), [1, 3, 6, 12]);
        assert_eq!(grid(Id::ScrubMinActive, 1, 2), [0, 1, 2, 4]);
        assert_eq!(grid(Id::ScrubMinActive, 0, 2), [0, 1, 2, 4]);
        let top = Id::ScanVdevLimit.spec().max;
        assert_eq!(grid(Id::ScanVdevLimit, top, 1), [top / 4, top]);
    }

    #[test]
    fn between_is_on_the_grids_scale() {
        assert_eq!(between(Id::DirtyDataMax, 256 * MIB, 1024 * MIB), Some(512 * MIB));
        assert_eq!(between(Id::DelayMinDirtyPercent, 60, 70), Some(65));
        assert_eq!(between(Id::AsyncWriteMaxActive, 2, 1), None);
        assert_eq!(between(Id::ScrubMinActive, 0, 1), None);
        assert_eq!(isqrt(u128::from(u64::MAX) * u128::from(u64::MAX)), u64::MAX);
    }
}
