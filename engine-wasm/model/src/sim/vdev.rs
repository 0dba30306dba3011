//! The vdev tree (`vdev.c`): top-level vdevs of one disk or a mirror's children, each
//! leaf a scheduler (the OpenZFS or the legacy one, behind one interface) and a device.

use super::device::AnyDevice;
use super::vdev_queue::{Class, Issue, Limits, Queued, VdevQueue, CLASSES};
use super::vdev_queue_legacy::{priority, LegacyLimits, LegacyQueue};
use crate::scenario::{Scenario, SchedulerModel};

/// A leaf vdev: its queue and its device.
pub(super) struct Leaf {
    pub(super) queue: LeafQueue,
    pub(super) device: AnyDevice,
    pub(super) rotational: bool,
    /// The wake-up the device asked for and that is scheduled.
    pub(super) wake: Option<u64>,
}

/// A top-level vdev: its leaves (one, or a mirror's children) and its allocation cursors.
pub(super) struct Top {
    pub(super) leaves: Vec<usize>,
    pub(super) capacity: u64,
    /// Next free offset for data (txg writes), growing from the start.
    pub(super) data_cursor: u64,
    /// Next free offset for ZIL blocks, in the last tenth of the vdev.
    pub(super) zil_cursor: u64,
    /// The child being resilvered, which normal reads avoid.
    pub(super) resilvering: Option<usize>,
}

/// The pool's leaves and top-level vdevs, as the scenario describes them.
pub(super) fn tree(scenario: &Scenario) -> (Vec<Leaf>, Vec<Top>) {
    let mut leaves = Vec::new();
    let mut tops = Vec::new();
    let capacity = scenario.pool.device.capacity();
    for _ in 0..scenario.pool.top_level_vdevs {
        let first = leaves.len();
        for _ in 0..scenario.pool.mirror {
            let queue = match scenario.models.scheduler {
                SchedulerModel::Openzfs => LeafQueue::Openzfs(Box::default()),
                SchedulerModel::Legacy => LeafQueue::Legacy(LegacyQueue::default()),
            };
            leaves.push(Leaf {
                queue,
                device: AnyDevice::of(&scenario.pool.device),
                rotational: scenario.pool.device.rotational(),
                wake: None,
            });
        }
        tops.push(Top {
            leaves: (first..leaves.len()).collect(),
            capacity,
            data_cursor: 0,
            zil_cursor: capacity / 10 * 9,
            resilvering: None,
        });
    }
    (leaves, tops)
}

pub(super) enum LeafQueue {
    Openzfs(Box<VdevQueue>),
    Legacy(LegacyQueue),
}

impl LeafQueue {
    pub fn add(&mut self, io: Queued, resilver: bool, legacy: &LegacyLimits) {
        match self {
            LeafQueue::Openzfs(q) => q.add(io),
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

    pub fn next(
        &mut self,
        limits: &Limits,
        async_max: u32,
        after_completion: bool,
        legacy: &LegacyLimits,
    ) -> Option<Issue> {
        match self {
            LeafQueue::Openzfs(q) => q.next(limits, async_max),
            LeafQueue::Legacy(q) => {
                let limit = if after_completion { legacy.max_pending } else { legacy.min_pending };
                q.next(limit, legacy)
            }
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
