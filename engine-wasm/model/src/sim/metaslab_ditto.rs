//! A block's further copies, ditto blocks (`metaslab.c` `metaslab_alloc()`, which
//! allocates each of a block's `zp_copies` DVAs in turn with `metaslab_alloc_dva()`).
//!
//! The first copy goes where any block goes (the rotor's vdev, `metaslab_alloc.rs`). Each
//! further copy goes to the top-level vdev after the previous copy's (`mg_next`), so that
//! a block's copies sit on consecutive vdevs. On a vdev that holds none of the block's
//! copies yet, it is allocated as a first copy is there: from the vdev's primary
//! metaslab, among the data. When the class has fewer vdevs than the block has copies, a
//! copy comes back to a vdev that holds one: it goes to a metaslab activated for such
//! copies (`metaslab_group_alloc()`: `METASLAB_WEIGHT_SECONDARY`, from 0.8 a third copy
//! `METASLAB_WEIGHT_CLAIM`), apart from the block's other copies there
//! (`Release::ditto_apart`). Nothing else is allocated from that metaslab, so such copies
//! allocated one after another lie end to end, and the vdev queue may merge their writes.
//!
//! With the allocator modelled (`metaslab.rs`), the vdev's metaslabs are searched for that
//! place (`Allocator::alloc_apart`, `metaslab/apart.rs`). Without, the second and the third copies each have an
//! area of the vdev, filled from its start: the second copies' `apart` from the start of
//! the vdev and the third copies' twice as far, where `apart` is 3/16 of the vdev until 0.7
//! (an eighth, half again for a metaslab nothing was allocated from) and from 0.8 a
//! 200th, one of the metaslabs `vdev_metaslab_set_size()` aims for
//! (`zfs_vdev_default_ms_count`): the next metaslab, as a fresh vdev's weights order them.
//! Simplified: the areas stand where they started, where the kernel's secondary metaslab
//! moves on once full, and the data cursor may pass over them (the cursor keeps no free
//! space, `metaslab_alloc.rs`).

use super::vdev::AllocClass;
use super::Sim;
use crate::scenario::DittoApart;

/// `SPA_DVAS_PER_BP`: a block has at most three copies.
pub(super) const MAX_COPIES: usize = 3;
/// `zfs_vdev_default_ms_count`: the metaslabs a vdev is divided into, near enough.
const DEFAULT_MS_COUNT: u64 = 200;

/// Where a block's copies are: (top-level vdev, offset) of each of the first `n`.
#[derive(Clone, Copy, Debug)]
pub(super) struct Dvas {
    pub(super) at: [(usize, u64); MAX_COPIES],
    pub(super) n: usize,
}

impl Dvas {
    pub(super) fn as_slice(&self) -> &[(usize, u64)] {
        &self.at[..self.n]
    }
}

impl Sim {
    /// Allocates `copies` copies of a `size`-byte block of the syncing `txg` in `class`. A
    /// copy placed among the data has `gap` bytes left unallocated after it (the data the
    /// kernel allocates between metadata blocks, `spa_sync.rs`); a copy in the area of
    /// further copies has none.
    pub(super) fn place_copies(&mut self, size: u64, gap: u64, copies: u8, txg: u64, class: AllocClass) -> Dvas {
        let first = self.place_block(size + gap, None, txg, class);
        let mut dvas = Dvas { at: [first; MAX_COPIES], n: 1 };
        let (start, n) = self.classes.range(class);
        while dvas.n < usize::from(copies).min(MAX_COPIES) {
            let prev = dvas.at[dvas.n - 1].0;
            let top = start + (prev - start + 1) % n.max(1);
            // The block's copies already on that vdev.
            let mut near = [0u64; MAX_COPIES];
            let mut k = 0;
            for &(t, offset) in dvas.as_slice() {
                if t == top {
                    near[k] = offset;
                    k += 1;
                }
            }
            let offset = if k == 0 {
                let asize = self.tops[top].asize(size + gap);
                self.rotor_count(class, top, asize);
                let cursor = self.cursor_alloc(top, asize);
                if class == AllocClass::Normal {
                    self.place_on(top, size + gap, cursor, None, txg)
                } else {
                    cursor
                }
            } else {
                let asize = self.tops[top].asize(size);
                self.rotor_count(class, top, asize);
                let placed =
                    if class == AllocClass::Normal { self.place_apart(top, asize, k, &near[..k]) } else { None };
                placed.unwrap_or_else(|| self.ditto_area_alloc(top, k, asize))
            };
            dvas.at[dvas.n] = (top, offset);
            dvas.n += 1;
        }
        dvas
    }

    /// The next `asize` bytes of the area of `top` that holds its `k + 1`th copies (`k` is
    /// 1 or 2), when no allocator is modelled.
    fn ditto_area_alloc(&mut self, top: usize, k: usize, asize: u64) -> u64 {
        let t = &mut self.tops[top];
        let area = (t.capacity / 10 * 9).max(1);
        let apart = match self.scenario.models.release.ditto_apart() {
            DittoApart::Eighth => (t.capacity >> 3) + (t.capacity >> 4),
            DittoApart::OtherMetaslab => t.capacity / DEFAULT_MS_COUNT,
        };
        let base = apart.saturating_mul(k as u64) % area;
        let used = &mut t.ditto_used[(k - 1).min(1)];
        if base + *used + asize > area {
            *used = 0; // The area reached the end of the data area: from its start again.
        }
        let offset = base + *used;
        *used += asize;
        offset
    }
}

#[cfg(test)]
mod tests {
    use crate::scenario::Scenario;
    use crate::sim::vdev::AllocClass;
    use crate::sim::Sim;

    const CAPACITY: u64 = 16 << 40;

    fn sim(release: &str, vdevs: u32) -> Sim {
        let v = serde_json::json!({
            "duration": "1s",
            "models": {"release": release},
            "pool": {"top_level_vdevs": vdevs, "device": {"kind": "injected", "latency": "10ms", "capacity": CAPACITY}},
            "workloads": [{"kind": "async_write", "threads": 1, "block_size": "128K"}]
        });
        Sim::new(Scenario::from_json(&v.to_string()).expect("scenario"))
    }

    #[test]
    fn copies_on_one_vdev_go_to_areas_of_their_own_end_to_end() {
        // metaslab.c at zfs-0.8.0 to zfs-2.4.0: a copy on a vdev that holds an earlier one
        // goes to another metaslab (metaslab_is_unique()); at zfs-0.7.0, at least
        // vdev_asize >> 3 away, half again for an empty metaslab (metaslab_group_alloc()).
        for (release, apart) in [("2.2", CAPACITY / 200), ("0.7", CAPACITY * 3 / 16)] {
            let mut s = sim(release, 1);
            let a = s.place_copies(4096, 4096, 3, 4, AllocClass::Normal);
            let b = s.place_copies(4096, 4096, 3, 4, AllocClass::Normal);
            assert_eq!(a.as_slice(), [(0, 0), (0, apart), (0, 2 * apart)], "{release}");
            // First copies among the data keep their gap; further copies lie end to end.
            assert_eq!(b.as_slice(), [(0, 8192), (0, apart + 4096), (0, 2 * apart + 4096)], "{release}");
        }
    }

    #[test]
    fn each_copy_goes_to_the_vdev_after_the_previous_copys() {
        // metaslab.c metaslab_alloc_dva() (zfs-0.6.4 to zfs-2.4.0): DVA d > 0 starts at the
        // metaslab group after DVA d - 1's (mg_next). With two vdevs a MOS block's third
        // copy comes back to the first vdev, to a metaslab apart from its first copy.
        let mut s = sim("2.4", 2);
        let two = s.place_copies(4096, 4096, 2, 4, AllocClass::Normal);
        assert_eq!(two.as_slice(), [(0, 0), (1, 0)]);
        let three = s.place_copies(4096, 4096, 3, 4, AllocClass::Normal);
        assert_eq!(three.as_slice(), [(0, 8192), (1, 8192), (0, CAPACITY / 200)]);
    }

    #[test]
    fn until_2_3_every_copy_counts_towards_the_rotor_and_from_2_4_only_the_rotors_own() {
        // metaslab.c metaslab_alloc_dva() at zfs-2.3.0 adds every DVA's asize to
        // mca_aliquot; zfs-2.4.0 metaslab_class_rotate() returns when mca_rotor != mg.
        for (release, given) in [("2.3", 2 * 8192), ("2.4", 8192)] {
            let mut s = sim(release, 2);
            s.place_copies(4096, 4096, 2, 4, AllocClass::Normal);
            assert_eq!(s.rotor[0], (0, given), "{release}");
        }
        // A copy that fills the aliquot moves the rotor past its own vdev (mg_next of the
        // copy's group, zfs-2.3.0): the next block starts on vdev 0 again.
        let mut s = sim("2.3", 2);
        let aliquot = s.tops[0].aliquot;
        s.rotor[0] = (0, aliquot - 8192 - 1);
        s.place_copies(4096, 4096, 2, 4, AllocClass::Normal);
        assert_eq!(s.rotor[0], (0, 0));
    }
}
