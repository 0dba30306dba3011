//! Where a block's further copy goes on a vdev that holds its earlier ones
//! (`metaslab_group_alloc()` with `METASLAB_WEIGHT_SECONDARY`): the allocator's side of
//! the ditto rule that `metaslab_ditto.rs` applies across vdevs.

use super::{Allocator, Metaslab};

impl Allocator {
    /// `metaslab_group_alloc()` of a block's `k + 1`th copy (`k` is 1 or 2) on a vdev that
    /// holds its earlier copies at offsets `near`: from the metaslab active for such copies
    /// while it has room and lies far enough from them, else from the heaviest metaslab
    /// that does, which becomes the active one. Far enough is `vdev_asize >> dshift`
    /// (`metaslab_alloc_dva()`), half as far again for a metaslab nothing was allocated
    /// from (`target_distance`), measured in whole metaslabs (`metaslab_distance()`);
    /// `dshift` starts at 3 and grows while nothing is found, and a distance within one
    /// metaslab is none. `None` when no metaslab has room.
    pub fn alloc_apart(&mut self, size: u64, k: usize, near: &[u64], work: &mut u64) -> Option<u64> {
        let shift = self.ms_shift;
        let asize = (self.metaslabs.len() as u64) << shift;
        let slot = k.clamp(1, 2) - 1;
        let far = |ms: &[Metaslab], i: usize, distance: u64| {
            let target = distance + if ms[i].used { 0 } else { distance >> 1 };
            near.iter().all(|&o| ((i.abs_diff((o >> shift) as usize) as u64) << shift) >= target)
        };
        let mut dshift = 3;
        loop {
            let distance = match asize >> dshift {
                d if d <= 1 << shift => 0,
                d => d,
            };
            if let Some(s) = self.secondary[slot] {
                if far(&self.metaslabs, s, distance) && self.metaslabs[s].loaded {
                    if let Some(offset) = self.alloc_in(s, size) {
                        return Some(offset);
                    }
                }
            }
            for i in self.by_weight(size) {
                if !far(&self.metaslabs, i, distance) {
                    continue;
                }
                if !self.load(i, work) {
                    return None;
                }
                if let Some(offset) = self.alloc_in(i, size) {
                    self.secondary[slot] = Some(i);
                    return Some(offset);
                }
            }
            if distance == 0 {
                self.counters.failed += 1;
                return None;
            }
            dshift += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::tests::{aged, spec, WORK};

    const K: u64 = 1 << 10;
    const M: u64 = 1 << 20;

    #[test]
    fn further_copies_go_far_from_the_others_in_a_metaslab_of_their_own() {
        // metaslab.c (2009, and zfs-0.6.4 to zfs-0.7.0) metaslab_alloc_dva(): a copy on a
        // vdev holding an earlier one wants vdev_asize >> 3, and metaslab_group_alloc() half
        // again from a metaslab with nothing allocated; the secondary metaslab it activates
        // takes the next such copies, end to end.
        let mut a = aged(200 * 16 * M, spec(0, 0));
        let size = 1u64 << a.ms_shift;
        let asize = a.metaslabs.len() as u64 * size;
        let first = a.alloc(4 * K, &mut { WORK }).expect("room");
        assert_eq!(first, 0, "the lowest LBA weighs most");
        let apart = (asize / 8 + asize / 16).div_ceil(size);
        let second = a.alloc_apart(4 * K, 1, &[first], &mut { WORK }).expect("room");
        assert_eq!(second, apart * size);
        assert_eq!(a.alloc_apart(4 * K, 1, &[4 * K], &mut { WORK }), Some(second + 4 * K));
        // A third copy keeps as far from both.
        assert_eq!(a.alloc_apart(4 * K, 2, &[first, second], &mut { WORK }), Some(2 * apart * size));
    }
}
