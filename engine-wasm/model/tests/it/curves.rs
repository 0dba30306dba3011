//! Properties of the curves over random valid tunables, and agreement with an independent
//! implementation written from the formulas in `openzfs-model.md` (u128, no shared code).

use proptest::prelude::*;
use throttle_model::curves::{
    async_write_points, delay_marks, delay_ns, delay_points, max_async_writes, AsyncWriteParams, DelayParams,
};
use throttle_model::link::{decode, encode};
use throttle_model::validate::check;
use throttle_model::{Id, Tunables, SPECS};

const MIB: u64 = 1 << 20;
const TIB: u64 = 1 << 40;

fn delay_params() -> impl Strategy<Value = DelayParams> {
    (MIB..=TIB, 0u64..=100, 1_000u64..=10_000_000_000).prop_flat_map(|(dirty_max, min_dirty_percent, max_ns)| {
        let scale_max = (u64::MAX / dirty_max).min(100_000_000_000);
        (0..=scale_max).prop_map(move |scale| DelayParams { dirty_max, min_dirty_percent, scale, max_ns })
    })
}

fn async_params() -> impl Strategy<Value = AsyncWriteParams> {
    (MIB..=TIB, 0u64..100, 0u64..=1000, any::<bool>()).prop_flat_map(|(dirty_max, lo, min_active, max_first)| {
        ((lo + 1)..=100, min_active.max(1)..=2000).prop_map(move |(hi, max_active)| AsyncWriteParams {
            dirty_max,
            min_dirty_percent: lo,
            max_dirty_percent: hi,
            min_active,
            max_active,
            max_first,
        })
    })
}

/// Any percents and counts the schema allows, in either order.
fn any_async_params() -> impl Strategy<Value = AsyncWriteParams> {
    (MIB..=TIB, 0u64..=100, 0u64..=100, 0u64..=1000, 1u64..=1000, any::<bool>()).prop_map(
        |(dirty_max, min_dirty_percent, max_dirty_percent, min_active, max_active, max_first)| AsyncWriteParams {
            dirty_max,
            min_dirty_percent,
            max_dirty_percent,
            min_active,
            max_active,
            max_first,
        },
    )
}

/// `dmu_tx_delay()` from the formula, in u128 so nothing can wrap; a quotient of 2^63 or
/// more is negative in the kernel's `hrtime_t` and sleeps for nothing.
fn reference_delay(p: &DelayParams, dirty: u64) -> u64 {
    let (d, dirty) = (u128::from(p.dirty_max), u128::from(dirty));
    let min = d * u128::from(p.min_dirty_percent) / 100;
    let t = if dirty >= d {
        u128::from(p.max_ns)
    } else if dirty <= min {
        0
    } else {
        u128::from(p.scale) * (dirty - min) / (d - dirty)
    };
    if t >= 1 << 63 {
        return 0;
    }
    t.min(u128::from(p.max_ns)) as u64
}

/// `vdev_queue_max_async_writes()` from the formula, in u128, with each era's order of
/// tests and C's wrapping written out: `max − min` modulo 2^32, the product modulo 2^64, the
/// result's low 32 bits; the maximum where the kernel would divide by zero.
fn reference_async(p: &AsyncWriteParams, dirty: u64) -> u64 {
    let (d, dirty) = (u128::from(p.dirty_max), u128::from(dirty));
    let lo = d * u128::from(p.min_dirty_percent) / 100;
    let hi = d * u128::from(p.max_dirty_percent) / 100;
    let (min, max) = (u128::from(p.min_active), u128::from(p.max_active));
    let level = if p.max_first && dirty > hi {
        max
    } else if dirty < lo {
        min
    } else if dirty > hi || hi == lo {
        max
    } else {
        let span = (max + (1 << 32) - min) % (1 << 32);
        ((dirty - lo) * span % (1 << 64) / (hi - lo) + min) % (1 << 32)
    };
    level as u64
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn delay_agrees_with_the_reference(p in delay_params(), frac in 0u64..=1_100_000) {
        let dirty = (u128::from(p.dirty_max) * u128::from(frac) / 1_000_000) as u64;
        prop_assert_eq!(delay_ns(&p, dirty), reference_delay(&p, dirty));
    }

    #[test]
    fn delay_is_monotonic_bounded_and_capped(p in delay_params(), a in any::<u64>(), b in any::<u64>()) {
        let (a, b) = (a % (p.dirty_max + 2), b % (p.dirty_max + 2));
        let (lo, hi) = (a.min(b), a.max(b));
        // The last byte below the limit (divisor 1) may skip its delay: a quotient of 2^63
        // or more. Everywhere else the curve rises.
        let skipped = |d: u64| d + 1 == p.dirty_max && reference_delay(&p, d) == 0;
        if !skipped(hi) { prop_assert!(delay_ns(&p, lo) <= delay_ns(&p, hi)); }
        prop_assert!(delay_ns(&p, hi) <= p.max_ns);
        if lo <= p.min_bytes() && lo < p.dirty_max { prop_assert_eq!(delay_ns(&p, lo), 0); }
        prop_assert_eq!(delay_ns(&p, p.dirty_max), p.max_ns);
        let m = delay_marks(&p);
        if let Some(cap) = m.cap_start {
            prop_assert_eq!(delay_ns(&p, cap), p.max_ns);
            prop_assert!(cap == m.min_bytes || delay_ns(&p, cap - 1) < p.max_ns);
        }
    }

    #[test]
    fn async_writes_agree_with_the_reference(p in async_params(), frac in 0u64..=1_100_000) {
        let dirty = (u128::from(p.dirty_max) * u128::from(frac) / 1_000_000) as u64;
        prop_assert_eq!(max_async_writes(&p, dirty, false), reference_async(&p, dirty));
    }

    #[test]
    fn async_writes_agree_with_the_reference_for_any_percents_and_counts(p in any_async_params(), frac in 0u64..=1_100_000) {
        let dirty = (u128::from(p.dirty_max) * u128::from(frac) / 1_000_000) as u64;
        prop_assert_eq!(max_async_writes(&p, dirty, false), reference_async(&p, dirty));
        for edge in [p.lo_bytes(), p.hi_bytes()] {
            for d in [edge.saturating_sub(1), edge, edge + 1] {
                prop_assert_eq!(max_async_writes(&p, d, false), reference_async(&p, d));
            }
        }
        let a = async_write_points(&p);
        prop_assert!(a.dirty.windows(2).all(|w| w[0] < w[1]));
        for (x, y) in a.dirty.iter().zip(&a.value) { prop_assert_eq!(max_async_writes(&p, *x, false), *y); }
    }

    #[test]
    fn async_writes_are_monotonic_with_exact_ends(p in async_params(), a in any::<u64>(), b in any::<u64>()) {
        let (a, b) = (a % (p.dirty_max + 2), b % (p.dirty_max + 2));
        let (lo, hi) = (a.min(b), a.max(b));
        let f = |d| max_async_writes(&p, d, false);
        prop_assert!(f(lo) <= f(hi));
        prop_assert!(p.min_active <= f(lo) && f(hi) <= p.max_active);
        if p.lo_bytes() > 0 { prop_assert_eq!(f(p.lo_bytes() - 1), p.min_active); }
        prop_assert_eq!(f(p.lo_bytes()), p.min_active);
        prop_assert_eq!(f(p.hi_bytes()), p.max_active);
        prop_assert_eq!(f(p.hi_bytes() + 1), p.max_active);
        prop_assert_eq!(max_async_writes(&p, 0, true), p.max_active);
    }

    #[test]
    fn plotted_points_are_exact_and_sorted(p in delay_params(), q in async_params()) {
        let d = delay_points(&p, 64);
        prop_assert!(d.dirty.windows(2).all(|w| w[0] < w[1]));
        for (x, y) in d.dirty.iter().zip(&d.value) { prop_assert_eq!(delay_ns(&p, *x), *y); }
        let a = async_write_points(&q);
        prop_assert!(a.dirty.windows(2).all(|w| w[0] < w[1]));
        prop_assert!(a.value.windows(2).all(|w| w[0] <= w[1]));
        for (x, y) in a.dirty.iter().zip(&a.value) { prop_assert_eq!(max_async_writes(&q, *x, false), *y); }
    }

    #[test]
    fn links_round_trip_any_valid_state(values in proptest::collection::vec(any::<u64>(), SPECS.len())) {
        let mut t = Tunables::default();
        for (spec, v) in SPECS.iter().zip(values) {
            let value = spec.min + v % (spec.max - spec.min + 1);
            t.set(spec.id, value).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let decoded = decode(&encode(&t));
        if check(&t).errors.is_empty() {
            prop_assert_eq!(&decoded.tunables, &t);
            prop_assert!(decoded.notices.is_empty());
        } else {
            prop_assert!(check(&decoded.tunables).errors.is_empty());
            prop_assert!(!decoded.notices.is_empty());
        }
    }

    #[test]
    fn links_never_fail_on_garbage(query in ".{0,400}") {
        let d = decode(&query);
        prop_assert!(check(&d.tunables).errors.is_empty());
    }

    #[test]
    fn garbage_values_never_change_state(id in 0..SPECS.len(), text in ".{0,40}") {
        let mut t = Tunables::default();
        let spec = &SPECS[id];
        match t.set_text(spec.id, &text) {
            Ok(v) => prop_assert_eq!(t.get(spec.id), v),
            Err(_) => prop_assert_eq!(t, Tunables::default()),
        }
    }
}

#[test]
fn eighty_percent_is_the_documented_midpoint() {
    let p = DelayParams::from(&Tunables::default());
    assert_eq!(delay_ns(&p, 3_435_973_836), 499_999);
    assert_eq!(Id::from_name("zfs_delay_scale"), Some(Id::DelayScale));
}
