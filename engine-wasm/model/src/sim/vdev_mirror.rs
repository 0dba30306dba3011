//! Mirrors (`vdev_mirror.c`): a logical write goes to every child of its top-level vdev and
//! is done when all are (RAID-Z's to its map's columns, `vdev_raidz.rs`); a read goes to the
//! least busy child, never one being resilvered.
//! How much dirty data a finished write retires follows the scenario's `retire`.

use super::vdev_queue::Class;
use super::zio::{Logical, Owner, Parent};
use super::Sim;
use crate::scenario::Retire;

impl Sim {
    /// A logical write at `(top-level vdev, offset)`: to every child of a disk or mirror, to
    /// the columns of RAID-Z's map (`vdev_raidz.rs`); its id. Labels and uberblocks are
    /// written to every leaf at the leaf's own offset, whatever the vdev.
    pub(super) fn write_logical(
        &mut self,
        (top, offset): (usize, u64),
        size: u64,
        class: Class,
        txg: u64,
        accounted: u64,
        owner: Owner,
    ) -> u32 {
        let t = &self.tops[top];
        let top32 = top as u32;
        let logical =
            |children| Logical { children, left: children, txg, accounted, retired: 0, owner, reserved: 0, top: top32 };
        if t.parity == 0 || matches!(owner, Owner::Uberblock) {
            // The same write to every child: no list of them to build.
            let id = self.logicals.insert(logical(t.leaves.len() as u32));
            for k in 0..self.tops[top].leaves.len() {
                let leaf = self.tops[top].leaves[k];
                self.enqueue(leaf, class, offset, size, Parent::Logical(id));
            }
            return id;
        }
        // Padding writes are children too (`io_phys_children`): done when all are.
        let writes = self.raidz_writes(top, offset, size);
        let id = self.logicals.insert(logical(writes.len() as u32));
        for (leaf, offset, size, optional) in writes {
            if optional {
                self.enqueue_skip(leaf, class, offset, size, Parent::Logical(id));
            } else {
                self.enqueue(leaf, class, offset, size, Parent::Logical(id));
            }
        }
        id
    }

    pub(super) fn logical_child_done(&mut self, id: u32) {
        let physical = self.scenario.pool.retire == Retire::Physical;
        let Some(l) = self.logicals.get_mut(id) else { return };
        l.left -= 1;
        let share = if physical { l.accounted / u64::from(l.children) } else { 0 };
        l.retired += share;
        let (txg, left) = (l.txg, l.left);
        if share > 0 {
            self.retire(txg, share);
        }
        if left > 0 {
            return;
        }
        let Some(l) = self.logicals.remove(id) else { return };
        if l.reserved > 0 {
            self.dva_unreserve(l.reserved, l.top as usize);
        }
        match l.owner {
            Owner::TxgData | Owner::TxgMeta => {
                // The rest (all of it when retiring per logical write, the remainder of the
                // division per physical write) goes when the whole write is done.
                self.retire(l.txg, l.accounted - l.retired);
                self.sync_write_done();
            }
            Owner::Zil(c) => self.zil_part_done(c),
            Owner::Uberblock => self.uberblock_done(),
        }
    }

    /// A read of `size` bytes at `offset` of top-level vdev `top`: from its least busy child
    /// (never the one being resilvered: it lacks the data); from RAID-Z, the data columns,
    /// the read done when all are (`Parent::Columns`).
    pub(super) fn read_top(&mut self, top: usize, offset: u64, size: u64, class: Class, parent: Parent) {
        let t = &self.tops[top];
        if t.parity > 0 {
            let reads = self.raidz_columns(top, offset, size, false);
            return self.read_columns(reads, class, parent);
        }
        let leaves = &t.leaves;
        let n = leaves.len();
        let start = ((offset >> 20) as usize) % n.max(1);
        let leaf = (0..n)
            .map(|i| leaves[(start + i) % n])
            .filter(|&l| t.resilvering != Some(l))
            .min_by_key(|&l| self.leaves[l].queue.pending())
            .unwrap_or(leaves[0]);
        self.enqueue(leaf, class, offset, size, parent);
    }
}
