//! A leaf's scheduler: the OpenZFS one or the legacy one, behind one interface.

use crate::sim::legacy_queue::{priority, LegacyLimits, LegacyQueue};
use crate::sim::vdev_queue::{Class, Issue, Limits, Queued, VdevQueue};

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
            LeafQueue::Legacy(q) => {
                crate::sim::vdev_queue::CLASSES.iter().map(|&c| q.queued(c)).sum::<usize>() + q.pending() as usize
            }
        }
    }

    pub fn openzfs(&self) -> Option<&VdevQueue> {
        match self {
            LeafQueue::Openzfs(q) => Some(q),
            LeafQueue::Legacy(_) => None,
        }
    }
}
