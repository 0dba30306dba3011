//! The blocks a write reads before its transaction is assigned (`dmu_tx.c`
//! `dmu_tx_hold_write()` → `dmu_tx_count_write()` → `dmu_tx_check_ioerr()`, every tag):
//! the first block of the range when the write starts inside it or ends before its end,
//! and the last, when another, when the write ends inside it; both under one `zio_wait()`.
//! A file's transaction lies in one record, so it reads at most that; a zvol's covers its
//! whole write (`zvol.rs`), whose blocks between are overwritten whole. A block is read
//! unless it is in memory: dirty in a txg not yet synced or written by the last sync
//! (`dbuf.rs`), else an ARC hit by the workload's share (`cache_hit`). The read takes the
//! block as it lies on disk, its compressed size (`dbuf_read()` → `arc_read()`, which
//! `zio_read_bp_init()` reads and decompresses).
//!
//! The L1 blocks above the records are read with them (`dbuf_findbp.rs`).
//!
//! Simplified: no ARC; a block's place on disk is derived from its number; a second write
//! to a block whose read is in flight reads it again (the C waits for the first read).

use super::client_waits::WaitCause;
use super::vdev_queue::Class;
use super::zio::Parent;
use super::zvol::Transaction;
use super::Sim;

/// Which blocks of transaction `tx`, starting `phase` bytes into a block of `block`
/// bytes, are written in part, as block numbers within it (0 for the first).
pub(super) fn partial_blocks(tx: Transaction, phase: u64, block: u64) -> [Option<u64>; 2] {
    let first = phase > 0 || phase + tx.bytes < block;
    let last = tx.blocks > 1 && (phase + tx.bytes) % block.max(1) != 0;
    [first.then_some(0), last.then_some(tx.blocks - 1)]
}

impl Sim {
    /// The blocks client `c`'s transaction `tx` must read first: (record in the region,
    /// bytes to read) for each, a draw against `cache_hit` for each not in memory.
    pub(super) fn blocks_to_read(
        &mut self,
        c: u32,
        tx: Transaction,
        phase: u64,
        cache_hit: u64,
        compressible: u64,
    ) -> [Option<(u64, u64)>; 2] {
        let mut reads = [None; 2];
        let Some(shape) = self.clients[c as usize].shape else { return reads };
        let cl = &self.clients[c as usize];
        let (object, blkid, record) = (cl.object, cl.blkid, cl.record);
        let synced = self.txg.synced;
        for (read, nth) in reads.iter_mut().zip(partial_blocks(tx, phase, shape.record_size)) {
            let Some(nth) = nth else { continue };
            if !self.dbufs.in_memory(synced, object, blkid + nth) && self.rng.below(100) >= cache_hit {
                *read = Some((record + nth, super::zio_compress::psize(shape.record_size, compressible)));
            }
        }
        reads
    }

    /// Client `c` reads `reads` and the L1 blocks its holds need (`dbuf_findbp.rs`) before
    /// its assign, all at once; false when there are none.
    pub(super) fn read_first(&mut self, c: u32, reads: [Option<(u64, u64)>; 2]) -> bool {
        let mut l1s = std::mem::take(&mut self.clients[c as usize].l1_before);
        let n = (reads.iter().flatten().count() + l1s.len()) as u32;
        if n > 0 {
            self.clients[c as usize].reads = n;
            for (record, size) in reads.into_iter().flatten().chain(l1s.iter().copied()) {
                self.read_block(c, record, size);
            }
            self.client_waits(c, WaitCause::ReadIo);
        }
        l1s.clear();
        self.clients[c as usize].l1_before = l1s;
        n > 0
    }

    /// Client `c` reads a block of `size` bytes on disk, placed by `record`, its number in
    /// the workload's region.
    pub(super) fn read_block(&mut self, c: u32, record: u64, size: u64) {
        let tops = self.data_tops as u64;
        let top = (record % tops) as usize;
        // Where the allocator left the record when it was last written: an allocation
        // apart on a disk or a mirror, on RAID-Z anywhere its allocation unit allows
        // inside a metaslab (`metaslab_place.rs`).
        let t = &self.tops[top];
        let offset = t.rewritten_block(record / tops, t.capacity / 10 * 9, t.asize(size));
        self.read_top(top, offset, size, Class::SyncRead, Parent::Rmw(c));
    }

    /// A block a write needed is read: once all are, the write goes on to
    /// `dmu_tx_assign()`, or, if it read the L1s `dmu_write()` holds, to its copy.
    pub(super) fn rmw_read_done(&mut self, c: u32) {
        let cl = &mut self.clients[c as usize];
        cl.reads = cl.reads.saturating_sub(1);
        if cl.reads == 0 {
            if std::mem::take(&mut cl.in_dmu_write) {
                self.dmu_write(c);
            } else {
                self.begin_assign(c);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const KIB: u64 = 1 << 10;

    /// zfs-2.3.0 `dmu_tx_count_write()`: the first level-0 block when `P2PHASE(off,
    /// dn_datablksz) || len < dn_datablksz`, the last when `end != start &&
    /// P2PHASE(off + len, dn_datablksz)`, over 8 KiB blocks.
    #[test]
    fn the_first_and_last_blocks_are_read_when_written_in_part() {
        let tx = |bytes: u64, blocks: u64| Transaction { bytes, blocks };
        // 64 KiB from a block's start: eight whole blocks, none read.
        assert_eq!(partial_blocks(tx(64 * KIB, 8), 0, 8 * KIB), [None, None]);
        // 12 KiB from 4 KiB in: the rest of the first and a whole one: the first.
        assert_eq!(partial_blocks(tx(12 * KIB, 2), 4 * KIB, 8 * KIB), [Some(0), None]);
        // 12 KiB from a block's start: a whole block and half the next: the second.
        assert_eq!(partial_blocks(tx(12 * KIB, 2), 0, 8 * KIB), [None, Some(1)]);
        // 8 KiB from 4 KiB in: the ends of two blocks, both.
        assert_eq!(partial_blocks(tx(8 * KIB, 2), 4 * KIB, 8 * KIB), [Some(0), Some(1)]);
        // 4 KiB inside one block (a file's write into its record too): that block.
        assert_eq!(partial_blocks(tx(4 * KIB, 1), 2 * KIB, 8 * KIB), [Some(0), None]);
        assert_eq!(partial_blocks(tx(4 * KIB, 1), 0, 8 * KIB), [Some(0), None]);
    }
}
