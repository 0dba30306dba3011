//! A floor under the seek time, looked up by distance: what lets the pick pass over a
//! candidate without working out its seek, a division and a square root whose latency
//! was most of the pick's time (a fifth of a run of random reads at queue depth 10).
//!
//! The seek time never falls as the distance grows (each of its steps, the division by
//! the capacity, the square root, the product and the truncation, keeps the order of its
//! input), so the seek of a distance in `[k << shift, (k + 1) << shift)` is at least that
//! of `k << shift`: a table of those, one entry per step, gives a floor that is never
//! above the seek itself. The pick turns it into a floor under the positioning time,
//! which never falls as the seek grows either.

use super::position::seek_ns;
use crate::scenario::device::HddParams;

/// Table entries: 8 KiB, in cache for every pick, and steps fine enough that the floor
/// is within a few tens of microseconds of the seek but for the shortest distances.
const STEPS: usize = 1024;

pub(super) struct SeekFloor {
    /// A distance's entry is `distance >> shift` (the last one for anything beyond).
    shift: u32,
    /// The seek of `k << shift`, for each entry `k`.
    floor: Box<[u64; STEPS]>,
}

impl SeekFloor {
    pub(super) fn new(p: &HddParams) -> Self {
        // The fewest bits to shift so that the capacity's entry is in the table.
        let bits = u64::BITS - p.capacity.leading_zeros();
        let shift = bits.saturating_sub(STEPS.trailing_zeros());
        let mut floor = Box::new([0; STEPS]);
        for (k, f) in floor.iter_mut().enumerate() {
            *f = seek_ns(p, (k as u64) << shift);
        }
        SeekFloor { shift, floor }
    }

    /// No more than the seek over `distance`.
    #[inline]
    pub(super) fn at(&self, distance: u64) -> u64 {
        let k = (distance >> self.shift).min(STEPS as u64 - 1);
        self.floor[k as usize]
    }
}

#[cfg(test)]
mod tests {
    use super::SeekFloor;
    use crate::scenario::device::HddParams;
    use crate::sim::device::hdd::position::seek_ns;
    use crate::sim::rng::Rng;

    /// Never above the seek, at random distances (from 0 to past the capacity) on random
    /// drives, the largest and smallest included; and close to it away from the head.
    #[test]
    fn is_never_above_the_seek() {
        let mut rng = Rng::new(9);
        for case in 0..2000 {
            let t2t = rng.below(2_000_000);
            let capacity = match case % 4 {
                0 => u64::MAX,
                1 => 1 + rng.below(1 << 20),
                _ => 1 + rng.below(1 << 44),
            };
            let p = HddParams {
                capacity,
                track_to_track_ns: t2t,
                full_stroke_ns: t2t + rng.below(20_000_000),
                ..HddParams::enterprise_7200()
            };
            let f = SeekFloor::new(&p);
            for _ in 0..200 {
                let distance = match rng.below(4) {
                    0 => rng.below(capacity.saturating_add(capacity / 2).max(1)),
                    1 => rng.below(1 << 20),
                    2 => u64::MAX - rng.below(1 << 20),
                    _ => capacity.saturating_sub(rng.below(1 << 20)),
                };
                assert!(f.at(distance) <= seek_ns(&p, distance), "case {case}, distance {distance}");
            }
        }
        // On the default drive, a tenth of the surface away or more, within 30 us.
        let p = HddParams::enterprise_7200();
        let f = SeekFloor::new(&p);
        for k in 1..=100 {
            let distance = p.capacity / 10 + (p.capacity / 100) * (k - 1) * 9 / 10;
            assert!(seek_ns(&p, distance) - f.at(distance) < 30_000, "distance {distance}");
        }
    }
}
