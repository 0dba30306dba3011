//! What each release's allocator does differently: how much a top-level vdev takes before
//! the rotor moves on (`metaslab_aliquot`, `mg_aliquot`), and where a block's further
//! copies go. Apart from `release.rs` as the allocation mechanisms are apart from the rest.

use super::{Release, KIB, MIB};
use crate::scenario::pool::TopVdev;

/// How far from a block's other copies on the same top-level vdev a further copy goes
/// (`Release::ditto_apart`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DittoApart {
    /// Until 0.7: at least an eighth of the vdev away, half as far again from a metaslab
    /// nothing was allocated from.
    Eighth,
    /// 0.8 on: in any other metaslab.
    OtherMetaslab,
}

impl Release {
    /// `metaslab_aliquot` (`metaslab.c`): 512 KiB until 2.1.0, 1 MiB in 2.2 and 2.3 and in
    /// zfs-2.1.16 (from zfs-2.1.6), 2 MiB from 2.4.
    pub fn metaslab_aliquot(self) -> u64 {
        match self {
            r if r < Release::V2_1_16 => 512 * KIB,
            Release::V2_1_16 | Release::V2_2 | Release::V2_3 => MIB,
            _ => 2 * MIB,
        }
    }

    /// `mg_aliquot` of top-level vdev `vdev` in a class of `class` (`metaslab.c`): the
    /// release's `metaslab_aliquot` times its children before 2.2 (`vdev_children`, so a
    /// 2-way mirror takes two), its data disks in 2.2 and 2.3 and zfs-2.1.16's
    /// `metaslab_group_activate()`
    /// (`vdev_get_ndisks() - vdev_get_nparity()`, one for a mirror), and from 2.4 the
    /// class's mean data disks (`metaslab_class_balance()`; its scaling by capacity is
    /// nothing for vdevs alike and left out, as is the floor of four mean allocation sizes,
    /// which stays below it).
    pub fn mg_aliquot(self, vdev: TopVdev, class: &[TopVdev]) -> u64 {
        let aliquot = self.metaslab_aliquot();
        match self {
            r if r < Release::V2_1_16 => aliquot * u64::from(vdev.children.max(1)),
            Release::V2_1_16 | Release::V2_2 | Release::V2_3 => aliquot * u64::from(vdev.data_disks().max(1)),
            _ => {
                let disks: u64 = class.iter().map(|v| u64::from(v.data_disks())).sum();
                (aliquot * disks / class.len().max(1) as u64).max(aliquot)
            }
        }
    }

    /// Where a block's further copy (a ditto block) goes on a top-level vdev that already
    /// holds one of its copies (`metaslab.c` `metaslab_group_alloc()`, activating a
    /// secondary metaslab for it). Until 0.7, a metaslab far from the others: at least
    /// `vdev_asize >> 3` (`metaslab_alloc_dva()`'s first `dshift`), half as far again for a
    /// metaslab nothing was allocated from (`target_distance`, zfs-0.6.4 and zfs-0.7.0).
    /// From 0.8, any other metaslab (`metaslab_is_unique()`, zfs-0.8.0 to zfs-2.4.0): on a
    /// fresh vdev, the next one by weight.
    pub fn ditto_apart(self) -> DittoApart {
        if self < Release::V0_8 {
            DittoApart::Eighth
        } else {
            DittoApart::OtherMetaslab
        }
    }

    /// Whether a block's further copies count towards the rotor's aliquot. Until 2.3 every
    /// DVA allocated adds its size to `mca_aliquot` and moves the rotor past its own vdev
    /// once that reaches the vdev's `mg_aliquot` (`metaslab_alloc_dva()` at zfs-0.6.4 to
    /// zfs-2.3.0). From 2.4 only an allocation on the rotor's own vdev counts
    /// (`metaslab_class_rotate()` returns when `mca_rotor != mg`: copies follow the previous
    /// copy's vdev, not the rotor).
    pub fn copies_turn_rotor(self) -> bool {
        self < Release::V2_4
    }
}
