//! Mirrors (`vdev_mirror.c`): a logical write goes to every child of its top-level vdev and
//! is done when all are (RAID-Z's to its map's columns, `vdev_raidz.rs`); a read goes to the
//! least busy child, never one being resilvered.
//! How much dirty data a finished write retires follows the scenario's `retire`.

use super::vdev_queue::{Class, Kind};
use super::zio::{Logical, Owner, Parent};
use super::Sim;
use crate::scenario::Retire;

/// A block written with several copies (DVAs): done when every copy is. The kernel's
/// write of such a block is a mirror whose children are its DVAs
/// (`vdev_mirror_map_init()`, whatever the vdevs), and its logical zio is done when all are.
pub(super) struct Block {
    /// Copies not yet written.
    left: u32,
    txg: u64,
    /// `dr_accounted`: the dirty bytes the block retires.
    accounted: u64,
    /// What its copies' physical writes retired so far.
    retired: u64,
}

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
        let l =
            Logical { children: 0, left: 0, txg, accounted, retired: 0, owner, reserved: 0, top: top as u32, size: 0 };
        self.issue_logical((top, offset), size, class, l, None)
    }

    /// Issues logical write `l` at `(top, offset)` to its leaves, its children counted here;
    /// with `per_child`, it retires that many dirty bytes per child (a copy of a block,
    /// `write_copies`). Everything it holds is set before its first leaf write is queued.
    pub(super) fn issue_logical(
        &mut self,
        (top, offset): (usize, u64),
        size: u64,
        class: Class,
        mut l: Logical,
        per_child: Option<u64>,
    ) -> u32 {
        let t = &self.tops[top];
        l.size = size;
        let counted = |l: &mut Logical, children: u32| {
            (l.children, l.left) = (children, children);
            if let Some(share) = per_child {
                l.accounted = share * u64::from(children);
            }
        };
        if t.parity == 0 || matches!(l.owner, Owner::Uberblock) {
            // The same write to every child: no list of them to build.
            counted(&mut l, t.leaves.len() as u32);
            let id = self.logicals.insert(l);
            for k in 0..self.tops[top].leaves.len() {
                let leaf = self.tops[top].leaves[k];
                self.enqueue(leaf, class, offset, size, Parent::Logical(id));
            }
            return id;
        }
        // Padding writes are children too (`io_phys_children`): done when all are.
        let writes = self.raidz_writes(top, offset, size);
        counted(&mut l, writes.len() as u32);
        let id = self.logicals.insert(l);
        for (leaf, offset, size, optional) in writes {
            if optional {
                self.enqueue_skip(leaf, class, offset, size, Parent::Logical(id));
            } else {
                self.enqueue(leaf, class, offset, size, Parent::Logical(id));
            }
        }
        id
    }

    /// The leaf writes a logical write at `(top, offset)` has (`io_phys_children`).
    fn phys_children(&self, top: usize, offset: u64, size: u64) -> u32 {
        let t = &self.tops[top];
        if t.parity == 0 {
            t.leaves.len() as u32
        } else {
            self.raidz_writes(top, offset, size).len() as u32
        }
    }

    /// A metadata block of the syncing `txg` written at each of `dvas`, each copy a logical
    /// write of its own holding `reserved` of the allocation throttle (given back as that
    /// copy is written, `zio_dva_throttle_done()` per top-level vdev write). Per physical
    /// write it retires `accounted` divided by the physical writes of all its copies
    /// (`dbuf_write_physdone()` divides by `io_phys_children`, which counts every DVA's),
    /// when the release retires per physical write; the rest when the last copy is written
    /// (`dbuf_write_done()`).
    pub(super) fn write_copies(&mut self, dvas: &[(usize, u64)], size: u64, txg: u64, accounted: u64, reserved: u64) {
        let physical = self.scenario.pool.retire == Retire::Physical;
        let total: u32 = dvas.iter().map(|&(top, offset)| self.phys_children(top, offset, size)).sum();
        let per_child = if physical { accounted / u64::from(total.max(1)) } else { 0 };
        let block = self.blocks.insert(Block { left: dvas.len() as u32, txg, accounted, retired: 0 });
        for &(top, offset) in dvas {
            let l = Logical {
                children: 0,
                left: 0,
                txg,
                accounted: 0,
                retired: 0,
                owner: Owner::Copy(block),
                reserved,
                top: top as u32,
                size: 0,
            };
            self.issue_logical((top, offset), size, Class::AsyncWrite, l, Some(per_child));
        }
    }

    /// A copy of block `id` is written, its physical writes having retired `retired`: the
    /// block is once all its copies are.
    fn copy_done(&mut self, id: u32, retired: u64) {
        let Some(b) = self.blocks.get_mut(id) else { return };
        b.left -= 1;
        b.retired += retired;
        if b.left > 0 {
            return;
        }
        let Some(b) = self.blocks.remove(id) else { return };
        self.retire(b.txg, b.accounted - b.retired);
        self.sync_write_done();
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
        // Labels and uberblocks are written leaf by leaf: no zio of the top-level vdev.
        if self.tops[l.top as usize].interior() && !matches!(l.owner, Owner::Uberblock) {
            self.rec.vdevs.top(l.top as usize, Kind::Write, l.size);
        }
        match l.owner {
            Owner::TxgData | Owner::TxgMeta => {
                // The rest (all of it when retiring per logical write, the remainder of the
                // division per physical write) goes when the whole write is done.
                self.retire(l.txg, l.accounted - l.retired);
                self.sync_write_done();
            }
            Owner::Copy(block) => self.copy_done(block, l.retired),
            Owner::Zil(c) => self.zil_part_done(c),
            Owner::Uberblock => self.uberblock_done(),
        }
    }

    /// A read of `size` bytes at `offset` of top-level vdev `top`: from its least busy child
    /// (never the one being resilvered: it lacks the data); from RAID-Z, the data columns,
    /// the read done when all are (`Parent::Columns`).
    pub(super) fn read_top(&mut self, top: usize, offset: u64, size: u64, class: Class, parent: Parent) {
        let t = &self.tops[top];
        if t.interior() {
            self.rec.vdevs.top(top, Kind::Read, size);
        }
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
