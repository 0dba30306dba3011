//! Exact products of two 64-bit integers, without 128-bit multiplies where they can be
//! avoided. WASM has no 64x64->128 multiply: a `u128` product or quotient becomes a call to
//! a software routine (`__multi3`, `__udivti3`), which was a sixth of an HDD run's time in
//! the browser. These give the same bits as the `u128` arithmetic they replace, on every
//! target: small operands (nearly all of them: bytes, ns) take a 64-bit path, and a full
//! product is built from 32-bit halves. The same goes for a saturating multiply's overflow
//! check.

/// `(a * b / c) as u64`, computed exactly as `u128` arithmetic would; `c` of 0 counts as 1.
pub fn mul_div(a: u64, b: u64, c: u64) -> u64 {
    let c = c.max(1);
    if a.leading_zeros() + b.leading_zeros() >= 64 {
        // The product fits in 64 bits (a < 2^(64-za), b < 2^(64-zb), za + zb >= 64).
        return a * b / c;
    }
    (u128::from(a) * u128::from(b) / u128::from(c)) as u64
}

/// The full 128-bit product of `a` and `b`.
pub fn mul(a: u64, b: u64) -> u128 {
    if a.leading_zeros() + b.leading_zeros() >= 64 {
        return u128::from(a * b);
    }
    let (hi, lo) = by_parts(a, b);
    (u128::from(hi) << 64) | u128::from(lo)
}

/// `a * a` in full: one multiply natively (no test of the operand's size needed), [`mul`]'s
/// 64-bit path for the small operands of WASM.
pub fn square(a: u64) -> u128 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        u128::from(a) * u128::from(a)
    }
    #[cfg(target_arch = "wasm32")]
    mul(a, a)
}

/// The high and low 64 bits of `a * b`: one multiply natively, four 32x32->64 products in
/// WASM.
pub fn mul_halves(a: u64, b: u64) -> (u64, u64) {
    #[cfg(not(target_arch = "wasm32"))]
    {
        let m = u128::from(a) * u128::from(b);
        ((m >> 64) as u64, m as u64)
    }
    #[cfg(target_arch = "wasm32")]
    by_parts(a, b)
}

/// `a.saturating_mul(b)`. Natively that is a multiply and an overflow flag; WASM has no
/// such flag, so its overflow check became a 128-bit multiply (`__multi3`, about 1% of the
/// write-heavy presets in the browser) where operands that both fit in 32 bits, as nearly
/// all do (bytes of a write, blocks of a file), cannot overflow.
pub fn saturating_mul(a: u64, b: u64) -> u64 {
    #[cfg(not(target_arch = "wasm32"))]
    {
        a.saturating_mul(b)
    }
    #[cfg(target_arch = "wasm32")]
    saturating_small_first(a, b)
}

/// [`saturating_mul`], multiplying plainly when both operands are below 2^32 (no product of
/// two such can overflow) and with the overflow check otherwise.
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
fn saturating_small_first(a: u64, b: u64) -> u64 {
    if (a | b) >> 32 == 0 {
        a * b
    } else {
        a.saturating_mul(b)
    }
}

/// The high and low 64 bits of `a * b`, from four 32x32->64 products.
#[cfg_attr(not(any(test, target_arch = "wasm32")), allow(dead_code))]
fn by_parts(a: u64, b: u64) -> (u64, u64) {
    const LOW: u64 = 0xffff_ffff;
    let (a0, a1) = (a & LOW, a >> 32);
    let (b0, b1) = (b & LOW, b >> 32);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    // The middle column: at most 3 * (2^32 - 1), no overflow.
    let mid = (p00 >> 32) + (p01 & LOW) + (p10 & LOW);
    let lo = (p00 & LOW) | (mid << 32);
    let hi = p11 + (p01 >> 32) + (p10 >> 32) + (mid >> 32);
    (hi, lo)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Operands of every magnitude: each bit length against each, and the extremes. (Bits
    /// from splitmix64 here: the engine's `rng.rs` uses this module, and a module may not
    /// import one that imports it.)
    fn operands() -> Vec<(u64, u64)> {
        let mut state = 7u64;
        let mut next = || {
            state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
            let z = (state ^ (state >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
            let z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
            z ^ (z >> 31)
        };
        let mut out = vec![(0, 0), (u64::MAX, u64::MAX), (u64::MAX, 1), (1 << 32, 1 << 32), ((1 << 32) - 1, 1 << 32)];
        for i in 0..64 {
            for j in 0..64 {
                let a = next() >> i;
                let b = next() >> j;
                out.push((a, b));
            }
        }
        out
    }

    #[test]
    fn the_same_bits_as_u128_arithmetic() {
        for (a, b) in operands() {
            let full = u128::from(a) * u128::from(b);
            assert_eq!(mul(a, b), full, "{a} * {b}");
            assert_eq!(square(a), u128::from(a) * u128::from(a), "{a}^2");
            assert_eq!(mul_halves(a, b), ((full >> 64) as u64, full as u64), "{a} * {b}");
            assert_eq!(by_parts(a, b), ((full >> 64) as u64, full as u64), "{a} * {b}");
            let saturated = u64::try_from(full).unwrap_or(u64::MAX);
            assert_eq!(saturating_mul(a, b), saturated, "{a} * {b} saturated");
            assert_eq!(saturating_small_first(a, b), saturated, "{a} * {b} saturated");
            for c in [1, 3, 1_000_000_000, b | 1, u64::MAX] {
                assert_eq!(mul_div(a, b, c), (full / u128::from(c)) as u64, "{a} * {b} / {c}");
            }
            assert_eq!(mul_div(a, b, 0), full as u64);
        }
    }
}
