//! The vdev tree (`vdev.c`): top-level vdevs of one disk, a mirror's or RAID-Z's children,
//! each leaf a scheduler (the OpenZFS or the legacy one, behind one interface) and a device.

use super::device::AnyDevice;
use super::vdev_queue::{Class, Head, Limits, Members, Queued, VdevQueue, CLASSES};
use super::vdev_queue_legacy::{priority, LegacyLimits, LegacyQueue};
use super::{vdev_draid, vdev_raidz};
use crate::scenario::device::DeviceSpec;
use crate::scenario::{AuxClass, Release, Scenario, SchedulerModel, TopVdev};

/// A leaf vdev: its queue and its device.
pub(super) struct Leaf {
    pub(super) queue: LeafQueue,
    pub(super) device: AnyDevice,
    pub(super) rotational: bool,
    /// The wake-up the device asked for and that is scheduled.
    pub(super) wake: Option<u64>,
}

/// A top-level vdev: its leaves (one, a mirror's children or RAID-Z's) and its
/// allocation cursors.
pub(super) struct Top {
    pub(super) leaves: Vec<usize>,
    /// RAID-Z or dRAID parity; 0 for a disk or a mirror.
    pub(super) parity: u32,
    /// dRAID: its groups' data disks and its distributed spares.
    pub(super) draid: Option<(u64, u64)>,
    /// `vdev_get_ndisks() - vdev_get_nparity()` (`TopVdev::data_disks()`).
    pub(super) data_disks: u64,
    /// Its allocatable space: a leaf's for a disk or a mirror, all leaves' for RAID-Z.
    pub(super) capacity: u64,
    /// One leaf's size (labels sit at both ends of every leaf).
    pub(super) leaf_capacity: u64,
    /// `vdev_ms_shift`: log2 of its metaslabs' size ([`ms_shift`]).
    pub(super) ms_shift: u32,
    /// `mg_aliquot`: allocated bytes it takes before the rotor moves on.
    pub(super) aliquot: u64,
    /// Next free offset for data (txg writes), growing from the start.
    pub(super) data_cursor: u64,
    /// Next free offset for ZIL blocks, in the last tenth of the vdev.
    pub(super) zil_cursor: u64,
    /// Bytes of the second and third copies of blocks placed so far in their own areas,
    /// without an allocator (`metaslab_ditto.rs`).
    pub(super) ditto_used: [u64; 2],
    /// The child being resilvered, which normal reads avoid.
    pub(super) resilvering: Option<usize>,
}

impl Top {
    /// A mirror, RAID-Z or dRAID: a vdev above its leaves, not a disk that is its own.
    pub(super) fn interior(&self) -> bool {
        self.leaves.len() > 1 || self.parity > 0
    }

    /// What a block of `psize` bytes allocates here (`vdev_psize_to_asize()`).
    pub(super) fn asize(&self, psize: u64) -> u64 {
        match (self.parity, self.draid) {
            (0, _) => psize,
            (p, Some((data, _))) => vdev_draid::asize(psize, data, u64::from(p)),
            (p, None) => vdev_raidz::asize(psize, self.leaves.len() as u64, u64::from(p)),
        }
    }

    /// The columns of a block of a RAID-Z or dRAID vdev (`vdev_raidz_map_alloc()`,
    /// `vdev_draid_map_alloc()`).
    pub(super) fn columns(&self, offset: u64, size: u64) -> vdev_raidz::Columns {
        let (children, parity) = (self.leaves.len() as u64, u64::from(self.parity));
        match self.draid {
            Some((data, _)) => vdev_draid::map(offset, size, children, data, parity),
            None => vdev_raidz::map(offset, size, children, parity),
        }
    }
}

/// Where each allocation class's top-level vdevs are in the pool's list: the normal class
/// first, then the log class, then the special class.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct Classes {
    pub(super) normal: usize,
    pub(super) log: usize,
    pub(super) special: usize,
}

/// An allocation class (`metaslab_class_t`) a block can be written to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum AllocClass {
    Normal,
    Log,
    Special,
}

impl Classes {
    /// The first top-level vdev of `class` and how many it has.
    pub(super) fn range(&self, class: AllocClass) -> (usize, usize) {
        match class {
            AllocClass::Normal => (0, self.normal),
            AllocClass::Log => (self.normal, self.log),
            AllocClass::Special => (self.normal + self.log, self.special),
        }
    }
}

/// The pool's leaves and top-level vdevs, as the scenario describes them, and where each
/// class's are.
pub(super) fn tree(scenario: &Scenario) -> (Vec<Leaf>, Vec<Top>, Classes) {
    let mut leaves = Vec::new();
    let mut tops = Vec::new();
    let pool = &scenario.pool;
    // Each top-level vdev with its device and its class's vdevs.
    let mut all: Vec<(&TopVdev, &DeviceSpec, &[TopVdev])> =
        pool.vdevs.iter().map(|v| (v, &pool.device, pool.vdevs.as_slice())).collect();
    for c in [&pool.log, &pool.special].into_iter().flatten() {
        all.extend(c.vdevs.iter().map(|v| (v, &c.device, c.vdevs.as_slice())));
    }
    for (vdev, device, class) in all {
        let first = leaves.len();
        for _ in 0..vdev.children {
            let queue = match scenario.models.scheduler {
                SchedulerModel::Openzfs => LeafQueue::Openzfs(Box::default()),
                SchedulerModel::Legacy => LeafQueue::Legacy(LegacyQueue::default()),
            };
            leaves.push(Leaf { queue, device: AnyDevice::of(device), rotational: device.rotational(), wake: None });
        }
        let leaf_capacity = device.capacity();
        let aliquot = scenario.models.release.mg_aliquot(*vdev, class);
        // Parity vdevs' space is all their children's (dRAID's less its spares').
        let spares = vdev.draid.map_or(0, |d| u64::from(d.spares));
        let capacity =
            if vdev.parity == 0 { leaf_capacity } else { leaf_capacity * (u64::from(vdev.children) - spares) };
        tops.push(Top {
            leaves: (first..leaves.len()).collect(),
            parity: vdev.parity,
            draid: vdev.draid.map(|d| (u64::from(d.data), u64::from(d.spares))),
            data_disks: u64::from(vdev.data_disks()),
            capacity,
            leaf_capacity,
            ms_shift: ms_shift(capacity, scenario.models.release),
            aliquot,
            data_cursor: 0,
            zil_cursor: capacity / 10 * 9,
            ditto_used: [0; 2],
            resilvering: None,
        });
    }
    let count = |c: &Option<AuxClass>| c.as_ref().map_or(0, |c| c.vdevs.len());
    (leaves, tops, Classes { normal: pool.vdevs.len(), log: count(&pool.log), special: count(&pool.special) })
}

/// `highbit64()`: the 1-based index of the highest set bit, 0 for 0.
fn highbit(x: u64) -> u32 {
    64 - x.leading_zeros()
}

/// `vdev_metaslab_set_size()`: log2 of a metaslab's size on a top-level vdev of `asize`
/// bytes. Before 0.8 (zfs-0.6.4, zfs-0.7.0): about `metaslabs_per_vdev` (200) of them,
/// at least `SPA_MAXBLOCKSHIFT` (17 in 0.6.4, 24 from 0.6.5's large blocks). From 0.8
/// (zfs-0.8.0 to zfs-2.4.0): 512 MiB (`zfs_vdev_default_ms_shift` 29) while that gives
/// 16 to 200 of them; fewer than 16 are made 16, more than 200 made about 200, the size
/// kept within `SPA_MAXBLOCKSHIFT` and `zfs_vdev_max_ms_shift` (34) unless that passes
/// `zfs_vdev_ms_count_limit` (2^17) metaslabs.
pub(super) fn ms_shift(asize: u64, release: Release) -> u32 {
    let max_block_shift = release.spa_maxblocksize().trailing_zeros();
    if release < Release::V0_8 {
        return highbit(asize / 200).max(max_block_shift);
    }
    let (min_count, default_count, default_shift, max_shift, count_limit) = (16, 200, 29, 34, 1 << 17);
    let count = asize >> default_shift;
    let shift = if count < min_count {
        highbit(asize / min_count)
    } else if count > default_count {
        highbit(asize / default_count)
    } else {
        default_shift
    };
    if shift < max_block_shift {
        max_block_shift
    } else if shift > max_shift {
        if asize >> max_shift > count_limit {
            highbit(asize / count_limit)
        } else {
            max_shift
        }
    } else {
        shift
    }
}

pub(super) enum LeafQueue {
    Openzfs(Box<VdevQueue>),
    Legacy(LegacyQueue),
}

impl LeafQueue {
    pub fn add(&mut self, io: Queued, resilver: bool, limits: &Limits, legacy: &LegacyLimits) {
        match self {
            LeafQueue::Openzfs(q) => q.add(io, limits),
            LeafQueue::Legacy(q) => q.add(io, priority(io.class, resilver), legacy),
        }
    }

    /// How many I/Os one call of the issue path may send: one on enqueue; after a
    /// completion, as many as allowed (OpenZFS) or `zfs_vdev_ramp_rate` (legacy).
    pub fn issue_budget(&self, after_completion: bool, legacy: &LegacyLimits) -> u32 {
        match (self, after_completion) {
            (_, false) => 1,
            (LeafQueue::Openzfs(_), true) => u32::MAX,
            (LeafQueue::Legacy(_), true) => legacy.ramp_rate,
        }
    }

    /// The next I/O to send to the device, if any, its members put in `members`.
    pub fn next(
        &mut self,
        limits: &Limits,
        async_max: u32,
        after_completion: bool,
        legacy: &LegacyLimits,
        members: &mut Members,
    ) -> Option<Head> {
        match self {
            LeafQueue::Openzfs(q) => q.next_into(limits, async_max, members),
            LeafQueue::Legacy(q) => {
                let limit = if after_completion { legacy.max_pending } else { legacy.min_pending };
                q.next_into(limit, legacy, members)
            }
        }
    }

    /// The no-data I/Os the OpenZFS queue discarded (the legacy queue is never given any).
    pub fn take_discarded(&mut self) -> Vec<u32> {
        match self {
            LeafQueue::Openzfs(q) => q.take_discarded(),
            LeafQueue::Legacy(_) => Vec::new(),
        }
    }

    pub fn done(&mut self, class: Class, limits: &Limits) {
        match self {
            LeafQueue::Openzfs(q) => q.done(class, limits),
            LeafQueue::Legacy(q) => q.done(class),
        }
    }

    pub fn active(&self, class: Class) -> u32 {
        match self {
            LeafQueue::Openzfs(q) => q.active(class),
            LeafQueue::Legacy(q) => q.active(class),
        }
    }

    /// Queued in `class`, not yet issued (`zpool iostat -q`'s `pend`).
    pub fn queued(&self, class: Class) -> usize {
        match self {
            LeafQueue::Openzfs(q) => q.queued(class),
            LeafQueue::Legacy(q) => q.queued(class),
        }
    }

    /// Queued and in flight, for choosing the least busy mirror side.
    pub fn pending(&self) -> usize {
        match self {
            LeafQueue::Openzfs(q) => q.pending(),
            LeafQueue::Legacy(q) => CLASSES.iter().map(|&c| q.queued(c)).sum::<usize>() + q.pending() as usize,
        }
    }

    pub fn openzfs(&self) -> Option<&VdevQueue> {
        match self {
            LeafQueue::Openzfs(q) => Some(q),
            LeafQueue::Legacy(_) => None,
        }
    }
}
