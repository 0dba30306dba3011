//! The drive's queued requests and cached writes, each list with an index from offset to
//! place, for the first question of every pick: is one of them where the head is? A
//! destage of a txg's contiguous writes, or a scan's next read, nearly always finds one,
//! and walking the lists for it took a sixth of the drive's instructions in a resilver.
//!
//! The index keeps, for each bucket of offsets, how many items hash there and the xor of
//! their places. A bucket holding one item gives its place; with none, nothing is at that
//! offset; with more, the list is walked as before. So the answer is always the walk's:
//! the first place with an item at the offset.

use std::ops::Deref;

/// An item at an offset on the platter.
pub(super) trait Placed {
    fn offset(&self) -> u64;
}

const BUCKETS: usize = 256;

fn bucket(offset: u64) -> usize {
    // Fibonacci hashing: offsets in any stride (4 KiB, 128 KiB, 1 MiB) spread over the
    // buckets.
    (offset.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 56) as usize
}

pub(super) struct ByOffset<T> {
    items: Vec<T>,
    /// Per bucket: how many items hash there, and the xor of their places. Places fit in
    /// 32 bits: the lists are bounded by the drive's queue depth and cache slots (`u32`).
    buckets: Box<[(u32, u32); BUCKETS]>,
}

impl<T: Placed> ByOffset<T> {
    pub(super) fn new() -> Self {
        ByOffset { items: Vec::new(), buckets: Box::new([(0, 0); BUCKETS]) }
    }

    pub(super) fn push(&mut self, item: T) {
        let b = &mut self.buckets[bucket(item.offset())];
        b.0 += 1;
        b.1 ^= self.items.len() as u32;
        self.items.push(item);
    }

    /// As [`Vec::swap_remove`]: the last item takes the removed one's place.
    pub(super) fn swap_remove(&mut self, i: usize) -> T {
        let last = self.items.len() - 1;
        let item = self.items.swap_remove(i);
        let b = &mut self.buckets[bucket(item.offset())];
        b.0 -= 1;
        b.1 ^= i as u32;
        if i != last {
            let moved = &mut self.buckets[bucket(self.items[i].offset())];
            moved.1 ^= (last ^ i) as u32;
        }
        item
    }

    /// The first place with an item at `offset` for which `also` holds: the same as
    /// `self.iter().position(|x| x.offset() == offset && also(x))`.
    pub(super) fn position_at(&self, offset: u64, also: impl Fn(&T) -> bool) -> Option<usize> {
        let (count, places) = self.buckets[bucket(offset)];
        match count {
            0 => None,
            1 => {
                let i = places as usize;
                let x = &self.items[i];
                (x.offset() == offset && also(x)).then_some(i)
            }
            _ => self.items.iter().position(|x| x.offset() == offset && also(x)),
        }
    }
}

impl<T> Deref for ByOffset<T> {
    type Target = [T];

    fn deref(&self) -> &[T] {
        &self.items
    }
}

#[cfg(test)]
mod tests {
    use super::{ByOffset, Placed};
    use crate::sim::rng::Rng;

    impl Placed for (u64, u64) {
        fn offset(&self) -> u64 {
            self.0
        }
    }

    /// Against the walk, after random pushes and removals, with offsets drawn from small
    /// sets (repeats, and more items than buckets) and from anywhere, and a condition.
    #[test]
    fn finds_what_the_walk_finds() {
        let mut rng = Rng::new(21);
        for case in 0..300 {
            let mut list = ByOffset::new();
            let spread = [4, 64, 1000, u64::MAX][case % 4];
            let stride = [1, 512, 4096, 1 << 17][rng.below(4) as usize];
            for step in 0..2000 {
                if list.is_empty() || rng.below(5) < 3 {
                    list.push((rng.below(spread).wrapping_mul(stride), rng.below(4)));
                } else {
                    let i = rng.below(list.len() as u64) as usize;
                    let want = list[i];
                    assert_eq!(list.swap_remove(i), want);
                }
                let probe = match rng.below(3) {
                    0 if !list.is_empty() => list[rng.below(list.len() as u64) as usize].0,
                    _ => rng.below(spread).wrapping_mul(stride),
                };
                let tag = rng.below(4);
                let walk = list.iter().position(|x| x.0 == probe && x.1 != tag);
                assert_eq!(list.position_at(probe, |x| x.1 != tag), walk, "case {case}, step {step}");
            }
        }
    }
}
