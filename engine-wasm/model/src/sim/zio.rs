//! Leaf I/O as the ZIO pipeline carries it (`zio.c`, `vdev_queue.c`): through each leaf's
//! vdev queue to its device and back. Every enqueue issues at most one I/O and every
//! completion issues as many as the queue allows, as `vdev_queue_io()` and
//! `vdev_queue_io_done()` do; `zio_flush()` asks a device for a cache flush.

use super::device::{Device, Op, Output, Request};
use super::vdev_queue::{Class, Kind, Members, Queued};
use super::{Ev, Sim};

/// Device request ids at or above this are flushes; below, aggregates.
const FLUSH_ID: u32 = 1 << 31;

/// The leaf I/O class and kind for a request.
fn kind_of(class: Class) -> Kind {
    match class {
        Class::SyncWrite | Class::AsyncWrite => Kind::Write,
        _ => Kind::Read,
    }
}

/// Who is waiting for a leaf I/O.
#[derive(Clone, Copy, Debug)]
pub(super) enum Parent {
    /// A client's read.
    Client(u32),
    /// A writer's read of the record it writes part of (read-modify-write).
    Rmw(u32),
    /// The prefetcher's read of block `blk` for sequential reader `c` (`dmu_zfetch.rs`).
    Prefetch { c: u32, blk: u64 },
    /// One child of a logical write (a mirror writes every child).
    Logical(u32),
    /// One column of a RAID-Z read (`vdev_raidz.rs`), whose parent hears when all are done.
    Columns(u32),
    /// A scrub block's read of one child (the block's id in the scan).
    Scrub(u32),
    /// The resilver of top-level vdev `top`: the read of `offset`, or its write to the new side.
    Resilver { top: u32, offset: u64, write: bool },
}

pub(super) struct LeafIo {
    class: Class,
    size: u64,
    enqueued: u64,
    issued: u64,
    parent: Parent,
}

/// Who waits for a cache flush.
#[derive(Clone, Copy, Debug)]
pub(super) enum FlushOwner {
    /// The syncing txg.
    Sync,
    /// A ZIL log write block's flush.
    Zil(u32),
}

/// What a logical write belongs to.
#[derive(Clone, Copy, Debug)]
pub(super) enum Owner {
    /// A record of the syncing txg.
    TxgData,
    /// Metadata written by the sync: what `dbuf_dirty()` charged for it (`dbuf.rs`), or
    /// nothing for blocks dirtied in syncing context (the objset block, the MOS).
    TxgMeta,
    /// One copy of a metadata block of the sync written with several (`vdev_mirror.rs`):
    /// the block's id among the blocks being written.
    Copy(u32),
    /// A ZIL log write block's write (a log block or an indirect record).
    Zil(u32),
    /// The uberblock that ends a sync.
    Uberblock,
}

/// A logical write: done when every child (mirror side) is done.
pub(super) struct Logical {
    pub(super) children: u32,
    pub(super) left: u32,
    pub(super) txg: u64,
    /// `dr_accounted`: dirty bytes this write retires [bytes].
    pub(super) accounted: u64,
    pub(super) retired: u64,
    pub(super) owner: Owner,
    /// What it holds of the allocation throttle, given back when it is done.
    pub(super) reserved: u64,
    /// Its top-level vdev (for the throttle's per-vdev slots).
    pub(super) top: u32,
    /// Its size at the top-level vdev (set as it is issued).
    pub(super) size: u64,
}

/// An issued I/O, possibly several queued I/Os merged.
pub(super) struct Agg {
    leaf: usize,
    /// The tenant (zone) it is counted to: a client's read or ZIL write, else the kernel's.
    tenant: usize,
    class: Class,
    kind: Kind,
    bytes: u64,
    issued: u64,
    members: Members,
}

impl Sim {
    /// The async-write limit `vdev_queue_max_async_writes()` gives now.
    pub(super) fn async_write_limit(&self) -> u32 {
        let slots = self.k.async_write_curve.limit(self.txg.dirty_total, self.synctask_pending());
        u32::try_from(slots).unwrap_or(u32::MAX)
    }

    pub(super) fn enqueue(&mut self, leaf: usize, class: Class, offset: u64, size: u64, parent: Parent) {
        self.enqueue_io(leaf, class, offset, size, parent, false);
    }

    /// A RAID-Z padding write (`vdev_raidz.rs`): one sector, `ZIO_FLAG_NODATA |
    /// ZIO_FLAG_OPTIONAL`, a child of the logical write like its columns.
    pub(super) fn enqueue_skip(&mut self, leaf: usize, class: Class, offset: u64, size: u64, parent: Parent) {
        self.enqueue_io(leaf, class, offset, size, parent, true);
    }

    fn enqueue_io(&mut self, leaf: usize, class: Class, offset: u64, size: u64, parent: Parent, optional: bool) {
        let id = self.leaf_ios.insert(LeafIo { class, size, enqueued: self.now, issued: 0, parent });
        self.rec.invariants.leaf_ios_submitted += 1;
        // Resilver writes travel in the scrub class but are writes.
        let kind = if matches!(parent, Parent::Resilver { write: true, .. }) { Kind::Write } else { kind_of(class) };
        let resilver = matches!(parent, Parent::Resilver { .. });
        // Scrub and resilver I/Os (a repair write too) carry the scan's flags.
        let scan = class == Class::Scrub || resilver;
        let q = Queued { id, class, kind, offset, size, enqueued: self.now, scan, optional, nodata: optional };
        let l = &mut self.leaves[leaf];
        let limits = if l.rotational { &self.k.limits_rotational } else { &self.k.limits_non_rotating };
        l.queue.add(q, resilver, limits, &self.k.legacy_queue);
        self.issue(leaf, false);
    }

    /// Sends what the leaf's queue lets go to its device: one I/O on enqueue; after a
    /// completion, as many as the scheduler allows.
    fn issue(&mut self, leaf: usize, after_completion: bool) {
        let mut budget = self.leaves[leaf].queue.issue_budget(after_completion, &self.k.legacy_queue);
        while budget > 0 {
            budget -= 1;
            // The async-write curve is the OpenZFS scheduler's; the legacy one has no use for it.
            let openzfs = self.leaves[leaf].queue.openzfs().is_some();
            let async_max = if openzfs { self.async_write_limit() } else { 0 };
            let l = &mut self.leaves[leaf];
            let limits = if l.rotational { &self.k.limits_rotational } else { &self.k.limits_non_rotating };
            let mut members = Members::new();
            let issue = l.queue.next(limits, async_max, after_completion, &self.k.legacy_queue, &mut members);
            let discarded = l.queue.take_discarded();
            let Some(issue) = issue else {
                self.complete_discarded(discarded);
                break;
            };
            if let Some(q) = l.queue.openzfs() {
                self.rec.check_issue(q, issue.class, limits, async_max);
            }
            for &m in &members {
                if let Some(io) = self.leaf_ios.get_mut(m) {
                    io.issued = self.now;
                }
            }
            let op = if issue.kind == Kind::Read { Op::Read } else { Op::Write };
            let tenant = if self.zones.active { members.first().map_or(0, |&m| self.tenant_of(m)) } else { 0 };
            self.zones.io_start(self.now);
            let agg = Agg {
                leaf,
                tenant,
                class: issue.class,
                kind: issue.kind,
                bytes: issue.size,
                issued: self.now,
                members,
            };
            let id = self.aggs.insert(agg);
            let req = Request { id, op, offset: issue.offset, size: issue.size };
            let mut out = self.output();
            self.leaves[leaf].device.submit(self.now, req, &mut self.rng, &mut out);
            self.device_output(leaf, &mut out);
            self.complete_discarded(discarded);
        }
    }

    /// Padding writes the queue discarded complete at once, as `zio_vdev_io_bypass()` has
    /// them: no device I/O, no latency to record. Inlined for the common case, none (every
    /// pool but RAID-Z): the call cost 1.5% of a mirror's run.
    #[inline]
    fn complete_discarded(&mut self, discarded: Vec<u32>) {
        if !discarded.is_empty() {
            self.complete_discarded_ids(discarded);
        }
    }

    #[inline(never)]
    fn complete_discarded_ids(&mut self, discarded: Vec<u32>) {
        for id in discarded {
            if let Some(io) = self.leaf_ios.remove(id) {
                self.rec.invariants.leaf_ios_completed += 1;
                self.leaf_io_parent_done(io.parent);
            }
        }
    }

    /// `zio_flush()`: asks the leaf's device to put what it has cached on stable media.
    pub(super) fn flush(&mut self, leaf: usize, owner: FlushOwner) {
        let id = self.flushes.insert(owner) | FLUSH_ID;
        let mut out = self.output();
        let req = Request { id, op: Op::Flush, offset: 0, size: 0 };
        self.leaves[leaf].device.submit(self.now, req, &mut self.rng, &mut out);
        self.device_output(leaf, &mut out);
    }

    pub(super) fn device_wake(&mut self, leaf: usize, at: u64) {
        if self.leaves[leaf].wake != Some(at) {
            return; // Superseded by a later request from the device.
        }
        self.leaves[leaf].wake = None;
        let mut out = self.output();
        self.leaves[leaf].device.wake(self.now, &mut self.rng, &mut out);
        self.device_output(leaf, &mut out);
    }

    /// An empty output for a device call, with the spare list's capacity.
    fn output(&mut self) -> Output {
        Output { completed: std::mem::take(&mut self.spare_completed), wake_at: None }
    }

    /// What a device call produced. `out` is passed by reference, not moved: the device
    /// has just written its fields one by one, and a move reads them back in wider pieces,
    /// which the processor cannot forward from its pending stores (a stall on every device
    /// call, some 3% of a resilver's run).
    fn device_output(&mut self, leaf: usize, out: &mut Output) {
        if out.wake_at != self.leaves[leaf].wake {
            self.leaves[leaf].wake = out.wake_at;
            if let Some(at) = out.wake_at {
                self.events.push(at, Ev::DeviceWake { leaf: leaf as u32, at });
            }
        }
        let completed = !out.completed.is_empty();
        // Handling a completion can call the device again (with a list of its own).
        for &id in &out.completed {
            if id >= FLUSH_ID {
                match self.flushes.remove(id - FLUSH_ID) {
                    Some(FlushOwner::Sync) => self.sync_flush_done(),
                    Some(FlushOwner::Zil(c)) => self.zil_flush_done(c),
                    None => self.rec.invariants.completed_twice += 1,
                }
            } else {
                self.agg_done(id);
            }
        }
        out.completed.clear();
        if out.completed.capacity() > self.spare_completed.capacity() {
            self.spare_completed = std::mem::take(&mut out.completed);
        }
        if completed {
            self.issue(leaf, true);
        }
    }

    fn agg_done(&mut self, id: u32) {
        let Some(agg) = self.aggs.remove(id) else {
            self.rec.invariants.completed_twice += 1;
            return;
        };
        let limits =
            if self.leaves[agg.leaf].rotational { &self.k.limits_rotational } else { &self.k.limits_non_rotating };
        self.leaves[agg.leaf].queue.done(agg.class, limits);
        self.rec.backend(agg.kind, agg.bytes, agg.members.len(), self.now - agg.issued);
        self.rec.vdevs.leaf(agg.leaf, agg.kind, agg.bytes);
        self.zones.io_done(agg.tenant, agg.kind == Kind::Read, agg.issued, self.now);
        for m in agg.members {
            self.leaf_io_done(m);
        }
    }

    /// The tenant a leaf I/O is counted to (`io_zoneid`).
    fn tenant_of(&self, id: u32) -> usize {
        let client = |c: u32| self.clients.get(c as usize).map_or(0, |cl| cl.tenant);
        let parent = match self.leaf_ios.get(id).map(|io| io.parent) {
            Some(Parent::Columns(r)) => self.column_reads.get(r).map(|r| r.parent),
            p => p,
        };
        match parent {
            Some(Parent::Client(c) | Parent::Prefetch { c, .. }) => client(c),
            Some(Parent::Logical(l)) => match self.logicals.get(l).map(|l| l.owner) {
                Some(Owner::Zil(lwb)) => self.zil_tenant(lwb),
                _ => 0,
            },
            _ => 0,
        }
    }

    fn leaf_io_done(&mut self, id: u32) {
        let Some(io) = self.leaf_ios.remove(id) else {
            self.rec.invariants.completed_twice += 1;
            return;
        };
        self.rec.leaf_io(io.class, io.size, self.now - io.enqueued, io.issued - io.enqueued, self.now - io.issued);
        self.leaf_io_parent_done(io.parent);
    }

    /// What a leaf I/O was for is done (for a RAID-Z read, once all its columns are).
    pub(super) fn leaf_io_parent_done(&mut self, parent: Parent) {
        match parent {
            Parent::Client(c) => self.client_read_done(c),
            Parent::Rmw(c) => self.rmw_read_done(c),
            Parent::Prefetch { c, blk } => self.prefetch_done(c, blk),
            Parent::Logical(l) => self.logical_child_done(l),
            Parent::Columns(id) => self.column_read_done(id),
            Parent::Scrub(id) => self.scrub_read_done(id),
            Parent::Resilver { top, offset, write } => self.resilver_step(top as usize, offset, write),
        }
    }
}
