//! The two static curves of the OpenZFS write path, exactly as the kernel computes them,
//! plus helpers that turn them into plottable points with exact breakpoints.

mod async_writes;
mod delay;
mod points;

pub use async_writes::{async_write_marks, max_async_writes, AsyncWriteCurve, AsyncWriteMarks, AsyncWriteParams};
pub use delay::{delay_marks, delay_ns, tx_time_ns, DelayMarks, DelayParams};
pub use points::{async_write_points, delay_points, Points};

/// Smallest `x` in `lo..=hi` with `f(x) >= target`, for a non-decreasing `f`; `None` if
/// even `f(hi)` falls short. At most 65 evaluations of `f`.
pub fn first_reaching(lo: u64, hi: u64, target: u64, f: impl Fn(u64) -> u64) -> Option<u64> {
    if lo > hi || f(hi) < target {
        return None;
    }
    let (mut lo, mut hi) = (lo, hi);
    while lo < hi {
        let mid = lo + (hi - lo) / 2;
        if f(mid) >= target {
            hi = mid;
        } else {
            lo = mid + 1;
        }
    }
    Some(lo)
}
