//! Scrub and resilver (`dsl_scan.c`): a scrub reads every leaf sequentially in the scrub
//! class, `outstanding_per_leaf` I/Os in flight; a resilver reads each block of a mirror
//! from a healthy child and writes it to the new one. While either runs the sync thread
//! does not sleep (`dsl_scan_active()`).

use super::vdev_queue::Class;
use super::zio::Parent;
use super::Sim;
use crate::scenario::Workload;

impl Sim {
    /// A scrub or resilver runs: the sync thread does not sleep (`dsl_scan_active`).
    pub(super) fn scanning(&self) -> bool {
        self.scrub_block > 0 || self.resilver_block > 0
    }

    pub(super) fn start_scrub(&mut self) {
        let scrub = self.scenario.workloads.iter().find_map(|w| match *w {
            Workload::Scrub { block_size, outstanding_per_leaf } => Some((block_size, outstanding_per_leaf)),
            _ => None,
        });
        let Some((block, outstanding)) = scrub else { return };
        self.scrub_block = block;
        self.scrub_cursor = vec![0; self.leaves.len()];
        for leaf in 0..self.leaves.len() {
            for _ in 0..outstanding {
                self.scrub_next(leaf);
            }
        }
    }

    /// A resilver of each mirror's last child: `outstanding` blocks in flight, each read from
    /// a healthy side and then written to the new one, in the scrub class (OpenZFS) or at
    /// resilver priority (legacy).
    pub(super) fn start_resilver(&mut self) {
        let resilver = self.scenario.workloads.iter().find_map(|w| match *w {
            Workload::Resilver { block_size, outstanding } => Some((block_size, outstanding)),
            _ => None,
        });
        let Some((block, outstanding)) = resilver else { return };
        self.resilver_block = block;
        for top in 0..self.tops.len() {
            if self.tops[top].leaves.len() < 2 {
                continue;
            }
            self.tops[top].resilvering = self.tops[top].leaves.last().copied();
            for _ in 0..outstanding {
                self.resilver_read(top);
            }
        }
    }

    fn resilver_read(&mut self, top: usize) {
        let block = self.resilver_block;
        let t = &mut self.tops[top];
        let offset = t.resilver_cursor;
        t.resilver_cursor = if offset + 2 * block > t.capacity / 10 * 9 { 0 } else { offset + block };
        let parent = Parent::Resilver { top: top as u32, offset, write: false };
        self.read_top(top, offset, block, Class::Scrub, parent);
    }

    /// A resilver read finished (write the block to the new side) or a write did (next block).
    pub(super) fn resilver_step(&mut self, top: usize, offset: u64, write: bool) {
        if write {
            self.resilver_read(top);
        } else if let Some(target) = self.tops[top].resilvering {
            let parent = Parent::Resilver { top: top as u32, offset, write: true };
            self.enqueue(target, Class::Scrub, offset, self.resilver_block, parent);
        }
    }

    pub(super) fn scrub_next(&mut self, leaf: usize) {
        let capacity = self.scenario.pool.device.capacity() / 10 * 9;
        let offset = self.scrub_cursor[leaf];
        self.scrub_cursor[leaf] = if offset + 2 * self.scrub_block > capacity { 0 } else { offset + self.scrub_block };
        self.enqueue(leaf, Class::Scrub, offset, self.scrub_block, Parent::Scrub(leaf));
    }
}
