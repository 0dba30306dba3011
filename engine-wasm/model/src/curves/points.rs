//! Plottable points of the curves: exact values at chosen dirty amounts, with every
//! breakpoint included, so a line through them is the curve a reader can trust.

use super::async_writes::{first_dirty_with, max_async_writes, AsyncWriteParams};
use super::delay::{delay_marks, delay_ns, DelayParams};

/// Points of a curve: `dirty[i]` bytes give `value[i]` (ns or I/O slots).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Points {
    pub dirty: Vec<u64>,
    pub value: Vec<u64>,
}

impl Points {
    fn push(&mut self, dirty: u64, value: u64) {
        if self.dirty.last().is_some_and(|&last| dirty <= last) {
            return;
        }
        self.dirty.push(dirty);
        self.value.push(value);
    }
}

/// Levels drawn at most; above this many slots between min and max the staircase is
/// sampled at evenly spaced levels (each point still exact).
const MAX_STEPS: u64 = 2048;

/// Points sampled between the two dirty points when the curve is not a staircase.
const WRAPPED_SAMPLES: u64 = 256;

/// The async-write staircase from 0 to `zfs_dirty_data_max`: one point where each level
/// starts (draw with a step-after line).
pub fn async_write_points(p: &AsyncWriteParams) -> Points {
    let f = |d| max_async_writes(p, d, false);
    let mut out = Points::default();
    out.push(0, f(0));
    if p.min_active > p.max_active {
        // The interpolation wraps (`AsyncWriteCurve::limit()`): no staircase to search for
        // levels, so the ends of each piece and evenly spaced points between the two
        // dirty points, each exact.
        let (lo, hi) = (p.lo_bytes(), p.hi_bytes());
        let (a, b) = (lo.min(hi), lo.max(hi));
        let mut marks = vec![a, a.saturating_add(1)];
        marks.extend((1..WRAPPED_SAMPLES).map(|i| a + (b - a) / WRAPPED_SAMPLES * i));
        marks.extend([b, b.saturating_add(1), p.dirty_max]);
        marks.sort_unstable();
        for d in marks.into_iter().filter(|&d| d <= p.dirty_max) {
            out.push(d, f(d));
        }
        return out;
    }
    let (low, high) = (p.min_active.min(p.max_active), p.max_active.max(p.min_active));
    let stride = ((high - low) / MAX_STEPS).max(1);
    let mut level = low.saturating_add(1);
    while level <= high {
        if let Some(d) = first_dirty_with(p, level) {
            out.push(d, f(d));
        }
        level = level.saturating_add(stride);
    }
    if let Some(d) = first_dirty_with(p, high) {
        out.push(d, f(d));
    }
    out.push(p.dirty_max, f(p.dirty_max));
    out
}

/// The delay curve from 0 to `zfs_dirty_data_max` with about `n` points, spaced
/// geometrically in the distance to the limit, where the curve bends.
pub fn delay_points(p: &DelayParams, n: usize) -> Points {
    let marks = delay_marks(p);
    let f = |d| delay_ns(p, d);
    let mut out = Points::default();
    out.push(0, 0);
    let min = marks.min_bytes.min(p.dirty_max);
    out.push(min, f(min));
    // Distances to the limit, from D − min down to where the cap starts (or 1 byte).
    let far = p.dirty_max - min;
    let near = marks.cap_start.map_or(1, |c| p.dirty_max - c).max(1);
    if far > near {
        let n = n.max(2);
        let ratio = (near as f64 / far as f64).powf(1.0 / (n - 1) as f64);
        let mut gap = far as f64;
        for _ in 0..n {
            let d = p.dirty_max - (gap.round() as u64).clamp(near, far);
            out.push(d, f(d));
            gap *= ratio;
        }
    }
    for d in [marks.first_delayed, Some(marks.midpoint), marks.cap_start].into_iter().flatten() {
        insert_sorted(&mut out, d, f(d));
    }
    out.push(p.dirty_max, f(p.dirty_max));
    out
}

fn insert_sorted(points: &mut Points, dirty: u64, value: u64) {
    let at = points.dirty.partition_point(|&d| d < dirty);
    if points.dirty.get(at) != Some(&dirty) {
        points.dirty.insert(at, dirty);
        points.value.insert(at, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Tunables;

    #[test]
    fn staircase_has_one_point_per_level() {
        let p = AsyncWriteParams::from(&Tunables::default());
        let pts = async_write_points(&p);
        assert_eq!(pts.value, [2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
        assert_eq!(pts.dirty[1], 1_449_551_462);
        assert_eq!(*pts.dirty.last().unwrap_or(&0), 4 << 30);
    }

    #[test]
    fn huge_spans_are_sampled_but_still_exact() {
        let p = AsyncWriteParams { max_active: 100_000, ..AsyncWriteParams::from(&Tunables::default()) };
        let pts = async_write_points(&p);
        assert!(pts.dirty.len() < 2100);
        for (d, v) in pts.dirty.iter().zip(&pts.value) {
            assert_eq!(max_async_writes(&p, *d, false), *v);
        }
    }

    #[test]
    fn a_wrapped_curve_is_sampled_exactly_with_both_ends() {
        let p = AsyncWriteParams { min_active: 10, max_active: 4, ..AsyncWriteParams::from(&Tunables::default()) };
        let pts = async_write_points(&p);
        assert!(pts.dirty.windows(2).all(|w| w[0] < w[1]));
        for (d, v) in pts.dirty.iter().zip(&pts.value) {
            assert_eq!(max_async_writes(&p, *d, false), *v);
        }
        assert!(pts.dirty.contains(&p.lo_bytes()) && pts.dirty.contains(&(p.hi_bytes() + 1)));
        assert!(pts.value.iter().any(|&v| v > 1 << 31), "the wrapped span");
        assert_eq!(pts.value.last(), Some(&4));
    }

    #[test]
    fn delay_points_are_exact_sorted_and_hit_the_marks() {
        let p = DelayParams::from(&Tunables::default());
        let pts = delay_points(&p, 256);
        assert!(pts.dirty.windows(2).all(|w| w[0] < w[1]));
        for (d, v) in pts.dirty.iter().zip(&pts.value) {
            assert_eq!(delay_ns(&p, *d), *v);
        }
        assert!(pts.dirty.contains(&4_286_420_098), "cap start");
        assert!(pts.dirty.len() > 200);
    }
}
