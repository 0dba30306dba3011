//! Latency statistics as a run accumulates them: the power-of-two histogram `zpool iostat
//! -w` prints, a finer log-linear histogram for percentiles, and exact count, mean, stddev
//! and max. `report/latency.rs` turns one into the figures a report gives.

/// Buckets of `zpool iostat -w` (`VDEV_L_HISTO_BUCKETS`).
pub const POW2_BUCKETS: usize = 37;

/// Bucket j holds latencies in [2^j, 2^(j+1)) ns; 0 goes to bucket 0, the last is open-ended.
pub fn pow2_bucket(ns: u64) -> usize {
    if ns == 0 {
        0
    } else {
        ((63 - ns.leading_zeros()) as usize).min(POW2_BUCKETS - 1)
    }
}

/// Sub-buckets per power of two in the fine histogram (about 3% resolution).
const SUB_BITS: u32 = 5;
const SUB: u64 = 1 << SUB_BITS;
/// The widest a fine bucket is, as a fraction of the values in it (1/32 at the bottom of a
/// power of two): two percentiles closer than this may be one bucket's doing.
pub const QUANTILE_RESOLUTION: f64 = 1.0 / SUB as f64;
const FINE_BUCKETS: usize = (2 * SUB + (64 - SUB_BITS as u64 - 1) * SUB) as usize;

/// The fine bucket of `v`: the plain form of what [`buckets`] computes.
#[cfg(test)]
fn fine_bucket(v: u64) -> usize {
    if v < 2 * SUB {
        return v as usize;
    }
    let h = 63 - v.leading_zeros();
    let shift = h - SUB_BITS;
    (2 * SUB + u64::from(h - SUB_BITS - 1) * SUB + ((v >> shift) - SUB)) as usize
}

/// `(pow2_bucket(v), fine_bucket(v))` from one bit scan and without branches: with
/// `h = ⌊log2 v⌋` (0 for v of 0 or 1) and `s = h − SUB_BITS` (0 below 2^SUB_BITS), the fine
/// bucket `2·SUB + (h − SUB_BITS − 1)·SUB + (v >> s) − SUB` is `s·SUB + (v >> s)`, which is
/// `v` itself for every `v < 2·SUB` (there `s` is 0). The test checks it against both.
fn buckets(v: u64) -> (usize, usize) {
    let h = 63 - (v | 1).leading_zeros();
    let s = h.saturating_sub(SUB_BITS);
    ((h as usize).min(POW2_BUCKETS - 1), ((u64::from(s) << SUB_BITS) + (v >> s)) as usize)
}

/// The smallest value that falls in fine bucket `i`, and the bucket's width.
fn fine_range(i: usize) -> (u64, u64) {
    let i = i as u64;
    if i < 2 * SUB {
        return (i, 1);
    }
    let octave = (i - 2 * SUB) / SUB;
    let shift = octave + 1;
    let mantissa = SUB + (i - 2 * SUB) % SUB;
    (mantissa << shift, 1 << shift)
}

/// Running statistics of one latency (or delay) stream [ns].
#[derive(Clone, Debug)]
pub struct LatencyStats {
    pub count: u64,
    sum: u128,
    sum_sq: u128,
    pub max: u64,
    pub pow2: [u64; POW2_BUCKETS],
    /// Empty until the first sample: a run keeps a few dozen of these (per class, client,
    /// tenant, and again when its summaries restart at steady state), many never recorded
    /// into, and zeroing 15 KiB for each was a tenth of a short run's time.
    fine: Vec<u64>,
}

impl Default for LatencyStats {
    fn default() -> Self {
        LatencyStats { count: 0, sum: 0, sum_sq: 0, max: 0, pow2: [0; POW2_BUCKETS], fine: Vec::new() }
    }
}

impl LatencyStats {
    pub fn record(&mut self, ns: u64) {
        self.count += 1;
        self.sum += u128::from(ns);
        self.sum_sq += super::wide::square(ns);
        self.max = self.max.max(ns);
        let (pow2, fine) = buckets(ns);
        self.pow2[pow2] += 1;
        if self.fine.is_empty() {
            self.fine = vec![0; FINE_BUCKETS];
        }
        self.fine[fine] += 1;
    }

    pub fn mean(&self) -> u64 {
        if self.count == 0 {
            0
        } else {
            (self.sum / u128::from(self.count)) as u64
        }
    }

    /// Population standard deviation, as DTrace's `stddev()` computes it.
    pub fn stddev(&self) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let n = u128::from(self.count);
        let variance = (self.sum_sq * n).saturating_sub(self.sum * self.sum) / (n * n);
        (variance as f64).sqrt() as u64
    }

    /// The `q` quantile: the middle of the fine bucket holding it, never above the maximum.
    pub fn quantile(&self, q: f64) -> u64 {
        if self.count == 0 {
            return 0;
        }
        let rank = ((q * self.count as f64).ceil() as u64).clamp(1, self.count);
        let mut seen = 0;
        for (i, &c) in self.fine.iter().enumerate() {
            seen += c;
            if seen >= rank {
                let (lo, width) = fine_range(i);
                return (lo + width / 2).min(self.max);
            }
        }
        self.max
    }

    pub fn total_ns(&self) -> u128 {
        self.sum
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pow2_buckets_follow_zpool_iostat() {
        assert_eq!(pow2_bucket(0), 0);
        assert_eq!(pow2_bucket(1), 0);
        assert_eq!(pow2_bucket(1_000_000), 19);
        assert_eq!(pow2_bucket(2_500_000), 21);
        assert_eq!(pow2_bucket(u64::MAX), 36);
    }

    #[test]
    fn fine_buckets_are_contiguous_and_cover_u64() {
        for v in [0u64, 1, 63, 64, 65, 100, 1000, 1 << 40, u64::MAX] {
            let i = fine_bucket(v);
            let (lo, width) = fine_range(i);
            assert!(lo <= v && v - lo < width, "{v}: bucket {i} = [{lo}, +{width})");
        }
        assert!(fine_bucket(u64::MAX) < FINE_BUCKETS);
    }

    #[test]
    fn both_buckets_at_once_match_each_alone() {
        let mut state = 11u64;
        let mut values: Vec<u64> = (0..200).chain([u64::MAX, u64::MAX - 1, 1 << 63]).collect();
        for bits in 0..64 {
            values.extend([1u64 << bits, (1u64 << bits) - 1, (1u64 << bits) + 1]);
            for _ in 0..50 {
                state = state.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1_442_695_040_888_963_407);
                values.push(state >> (63 - bits));
            }
        }
        for v in values {
            assert_eq!(buckets(v), (pow2_bucket(v), fine_bucket(v)), "{v}");
        }
    }
}
