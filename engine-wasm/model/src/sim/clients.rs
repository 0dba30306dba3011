//! Client threads, described the way fio describes jobs: buffered and synchronous writers
//! and random readers, calling `write()`, `fsync()` and `read()` (`zfs_vnops.c`). A write
//! to a file is one transaction per record it covers; one to a zvol, one over all its
//! blocks (`zvol.rs`). A synchronous writer's write is a buffered one (`zfs_write()` holds,
//! reads and dirties the record alike whatever the open flags) followed by its commit.

use super::client_waits::WaitCause;
use super::vdev_queue::Class;
use super::zio::Parent;
use super::zvol::{transaction, ZvolShape};
use super::{Ev, Sim};
use crate::scenario::{Burst, SyncMode, Workload};

/// What a writer's calls read of its workload (a buffered or a synchronous writer's: both
/// write through `dmu_write()`), copied from the scenario once at the start (a run's
/// scenario never changes), so that each write does not match on the workload again.
#[derive(Clone, Copy)]
pub(super) struct AsyncShape {
    pub(super) block_size: u64,
    pub(super) record_size: u64,
    sequential: bool,
    pub(super) region: u64,
    cache_hit: u64,
    pub(super) compressible: u64,
    /// A zvol's writer: what its transactions need (`zvol.rs`).
    zvol: Option<ZvolShape>,
}

pub(super) struct Client {
    pub(super) workload: usize,
    /// The tenant (zone) this thread runs in.
    pub(super) tenant: usize,
    /// The zone throttle's delay for the current call is served: go on with it.
    zone_delay_served: bool,
    /// When the current operation started [ns].
    op_start: u64,
    /// `tx_start`: when the current transaction was created [ns].
    pub tx_start: u64,
    /// When its `dmu_tx_assign()` began, after any read its holds needed [ns].
    pub assign_start: u64,
    /// Delayed once already (`tx_dirty_delayed`), and the delay it was given [ns].
    pub delayed: bool,
    pub tx_time: u64,
    pub txg: u64,
    /// Bytes the current transaction copies in: the call's, or its part in one record
    /// when it spans several (`zfs_write()` takes a transaction per record).
    pub tx_bytes: u64,
    /// The records it covers: one for a file's, each block of the bio for a zvol's.
    pub(super) blocks: u64,
    /// Reads it waits for before its assign (`dmu_tx_check_ioerr.rs`), or after it.
    pub(super) reads: u32,
    /// The L1 blocks its transaction reads before its assign and after it, in
    /// `dmu_write()` (`dbuf_findbp.rs`): (record for placement, bytes on disk).
    pub(super) l1_before: Vec<(u64, u64)>,
    pub(super) l1_after: Vec<(u64, u64)>,
    /// Its reads are `dmu_write()`'s, after the assign: once done, it copies.
    pub(super) in_dmu_write: bool,
    /// Bytes of the current call still to write after this transaction, and where they
    /// start (in the region, and in the thread's file).
    left: u64,
    next_offset: u64,
    pub(super) next_in_file: u64,
    /// What the current transaction asks the ARC to reserve (`reserve_bytes()`): the same
    /// for each of a file's, each zvol transaction's own.
    memory: u64,
    /// The (first) record the current transaction lands in: in the workload's region (the
    /// allocator's key), and in the thread's own object (`dbuf.rs`).
    pub(super) record: u64,
    pub(super) blkid: u64,
    /// The object it writes (`dbuf.rs`).
    pub(super) object: u64,
    /// Where a sequential writer's share of the region starts, and its next offset.
    pub(super) file_start: u64,
    pub(super) cursor: u64,
    /// Rate pacing: the earliest start of the next operation [ns].
    next_allowed: u64,
    since_fsync: u64,
    in_fsync: bool,
    /// Legacy throttle: inflated bytes reserved, a txg hold already taken, and the one-tick
    /// delay in progress (with a generation that tells a stale timer from the live one).
    pub(super) reserved: u64,
    pub(super) held: bool,
    pub(super) sleeping: bool,
    pub(super) tick_gen: u32,
    /// Why the thread is not running, if it is not (`None` only while it runs), and since
    /// when [ns] (the writers' time by cause is integrated from it).
    pub(super) wait: Option<WaitCause>,
    pub(super) wait_since: u64,
    /// A writer thread (buffered or synchronous), whose time the series splits by cause.
    pub(super) writer: bool,
    /// A sync writer: its writes are committed through the ZIL, or wait for their txg.
    commits: bool,
    /// Its writes are logged for `zil_commit()` (O_DSYNC or fsync): each makes an itx.
    logs: bool,
    /// The workload's pacing, copied at the start: the interval between a thread's calls
    /// at its rate (0: as fast as admitted), and its on/off pattern.
    pace_ns: u64,
    burst: Option<Burst>,
    /// A writer's workload figures (`None` for readers).
    pub(super) shape: Option<AsyncShape>,
    /// An fsync writer's bytes between `fsync()` calls.
    fsync_every: Option<u64>,
}

impl Client {
    /// An fsync writer's call is an `fsync()` once it has written `every` bytes since its
    /// last.
    fn fsync_due(&self) -> bool {
        self.fsync_every.is_some_and(|every| self.since_fsync >= every)
    }

    /// The bytes of the current call: a writer's whole write, however many transactions
    /// it took; anyone else's transaction.
    fn call_bytes(&self) -> u64 {
        self.shape.map_or(self.tx_bytes, |s| s.block_size)
    }
}

impl Sim {
    pub(super) fn start_clients(&mut self) {
        for (w, workload) in self.scenario.workloads.iter().enumerate() {
            let (threads, bytes) = match *workload {
                Workload::AsyncWrite { threads, block_size, .. }
                | Workload::SyncWrite { threads, block_size, .. }
                | Workload::RandomRead { threads, block_size, .. }
                | Workload::SequentialRead { threads, block_size, .. } => (threads, block_size),
                Workload::Scrub { .. } | Workload::Resilver { .. } | Workload::SyncTask { .. } => continue,
            };
            let slice = match *workload {
                Workload::AsyncWrite { region, sequential: true, .. }
                | Workload::SyncWrite { region, sequential: true, .. }
                | Workload::SequentialRead { region, .. } => region / u64::from(threads.max(1)),
                _ => 0,
            };
            // A random workload's threads share one object; a sequential thread has its own.
            let sequential = matches!(
                *workload,
                Workload::AsyncWrite { sequential: true, .. } | Workload::SyncWrite { sequential: true, .. }
            );
            let first = self.clients.len() as u32;
            let (pace_ns, burst) = pacing(workload);
            let zvol = match *workload {
                Workload::AsyncWrite { zvol: true, .. } | Workload::SyncWrite { zvol: true, .. } => {
                    let (hold, file_records) = self.write_hold(workload, threads);
                    Some(ZvolShape::new(self.scenario.models.release, hold, file_records))
                }
                _ => None,
            };
            let shape = match *workload {
                Workload::AsyncWrite {
                    block_size, record_size, sequential, region, cache_hit, compressible, ..
                } => Some(AsyncShape { block_size, record_size, sequential, region, cache_hit, compressible, zvol }),
                Workload::SyncWrite { block_size, record_size, sequential, region, cache_hit, .. } => {
                    Some(AsyncShape { block_size, record_size, sequential, region, cache_hit, compressible: 0, zvol })
                }
                _ => None,
            };
            let memory = self.workload_memory(workload, bytes, threads);
            for t in 0..threads {
                let c = self.clients.len() as u32;
                self.clients.push(Client {
                    workload: w,
                    tenant: self.scenario.tenants.of(w),
                    zone_delay_served: false,
                    op_start: 0,
                    tx_start: 0,
                    assign_start: 0,
                    delayed: false,
                    tx_time: 0,
                    txg: 0,
                    tx_bytes: bytes,
                    blocks: 1,
                    reads: 0,
                    l1_before: Vec::new(),
                    l1_after: Vec::new(),
                    in_dmu_write: false,
                    left: 0,
                    next_offset: 0,
                    next_in_file: 0,
                    memory,
                    record: 0,
                    blkid: 0,
                    object: 1 + u64::from(if sequential { c } else { first }),
                    file_start: slice * u64::from(t),
                    cursor: slice * u64::from(t),
                    next_allowed: 0,
                    since_fsync: 0,
                    in_fsync: false,
                    reserved: 0,
                    held: false,
                    sleeping: false,
                    tick_gen: 0,
                    wait: Some(WaitCause::Idle),
                    wait_since: 0,
                    writer: matches!(*workload, Workload::AsyncWrite { .. } | Workload::SyncWrite { .. }),
                    commits: matches!(*workload, Workload::SyncWrite { .. }),
                    logs: matches!(
                        *workload,
                        Workload::SyncWrite { sync: SyncMode::Dsync | SyncMode::Fsync { .. }, .. }
                    ),
                    pace_ns,
                    burst: burst.clone(),
                    shape,
                    fsync_every: match *workload {
                        Workload::SyncWrite { sync: SyncMode::Fsync { every }, .. } => Some(every),
                        _ => None,
                    },
                });
                self.events.push(0, Ev::ClientIssue(c));
            }
        }
    }

    /// Client `c` starts its next operation, if its burst and rate allow it now.
    pub(super) fn client_issue(&mut self, c: u32) {
        self.client_runs(c);
        let cl = &mut self.clients[c as usize];
        if std::mem::take(&mut cl.zone_delay_served) {
            self.client_call(c);
            return;
        }
        if let Some(b) = &cl.burst {
            let phase = self.now % (b.on_ns + b.off_ns);
            if phase >= b.on_ns {
                self.events.push(self.now - phase + b.on_ns + b.off_ns, Ev::ClientIssue(c));
                self.client_waits(c, WaitCause::Idle);
                return;
            }
        }
        if cl.pace_ns > 0 {
            if cl.next_allowed > self.now {
                let at = cl.next_allowed;
                self.events.push_ordered(at, Ev::ClientIssue(c));
                self.client_waits(c, WaitCause::Idle);
                return;
            }
            cl.next_allowed = self.now + cl.pace_ns;
        }
        cl.op_start = self.now;
        if !cl.fsync_due() {
            // The zone I/O throttle delays each read and logical write call of a tenant
            // above its fair share (zfs_zone_io_throttle()). Clients are readers or writers.
            let (tenant, write) = (cl.tenant, cl.writer);
            let wait = self.zones.throttle(tenant, write, self.now);
            if wait > 0 {
                self.rec.zone_delay(tenant, wait);
                self.clients[c as usize].zone_delay_served = true;
                self.events.push(self.now + wait, Ev::ClientIssue(c));
                self.client_waits(c, WaitCause::ZoneDelay);
                return;
            }
        }
        self.client_call(c);
    }

    /// The call itself, once any pacing and zone delay are past.
    fn client_call(&mut self, c: u32) {
        let cl = &self.clients[c as usize];
        if cl.fsync_due() {
            self.fsync(c);
            return;
        }
        // A writer (the common call) goes straight to its write.
        if cl.shape.is_none() {
            match self.scenario.workloads[cl.workload] {
                Workload::RandomRead { block_size, working_set, cache_hit, .. } => {
                    // The ARC serves its share (the draw only when it serves any, so that
                    // other runs keep their stream): a copy out of memory at 4 GB/s.
                    if cache_hit > 0 && self.rng.below(100) < cache_hit {
                        self.events.push(self.now + block_size / 4, Ev::ReadHit(c));
                        self.client_waits(c, WaitCause::ReadIo);
                    } else {
                        self.random_read(c, block_size, working_set);
                    }
                    return;
                }
                Workload::SequentialRead { block_size, .. } => {
                    self.sequential_read(c, block_size);
                    return;
                }
                _ => {}
            }
        }
        self.start_write(c);
    }

    /// Called from `client_call()` alone: inlined there, one call frame fewer per write.
    #[inline(always)]
    fn start_write(&mut self, c: u32) {
        let mut reads = [None; 2];
        if let Some(AsyncShape { block_size, record_size, sequential, region, cache_hit, compressible, zvol }) =
            self.clients[c as usize].shape
        {
            let (offset, in_file, remaining) = if self.clients[c as usize].left > 0 {
                let cl = &self.clients[c as usize];
                (cl.next_offset, cl.next_in_file, cl.left)
            } else if sequential {
                let cl = &mut self.clients[c as usize];
                let at = cl.cursor;
                cl.cursor = if at + 2 * block_size > region { 0 } else { at + block_size };
                (at, at.saturating_sub(cl.file_start), block_size)
            } else {
                let at = self.rng.below(region / block_size) * block_size;
                (at, at, block_size)
            };
            // zfs_write(): one transaction for the call's bytes within one record; a call
            // that spans records goes on with the next once this one commits. zvol_write():
            // one over all the blocks of its bio (`zvol.rs`).
            let phase = in_file % record_size;
            let tx = transaction(zvol.as_ref(), remaining, phase, record_size);
            let cl = &mut self.clients[c as usize];
            cl.tx_bytes = tx.bytes;
            cl.blocks = tx.blocks;
            cl.left = remaining - tx.bytes;
            cl.next_offset = offset + tx.bytes;
            cl.next_in_file = in_file + tx.bytes;
            cl.record = offset / record_size;
            cl.blkid = in_file / record_size;
            if let Some(z) = zvol {
                cl.memory = z.memory(tx.bytes, record_size, cl.blkid, tx.blocks);
            }
            // dmu_tx_hold_write() → dmu_tx_check_ioerr(): the blocks it writes in part are
            // read first unless in memory (`dmu_tx_check_ioerr.rs`).
            if cache_hit < 100 {
                reads = self.blocks_to_read(c, tx, phase, cache_hit, compressible);
            }
            // dbuf_findbp(): the L1 blocks above its records, unless in memory, before the
            // assign or in dmu_write() after it (`dbuf_findbp.rs`).
            if self.l1.may_read() {
                self.l1_reads(c, tx, phase, sequential);
            }
        }
        // dmu_tx_create(): the transaction's clock starts before the read, so the delay
        // later subtracts the time the read took.
        let cl = &mut self.clients[c as usize];
        cl.tx_start = self.now;
        cl.delayed = false;
        self.rec.throttle.transactions += 1;
        if !self.read_first(c, reads) {
            self.begin_assign(c);
        }
    }

    /// `dmu_tx_assign()` is called: its clock (the `dmu_tx_assign` kstat's) starts here.
    pub(super) fn begin_assign(&mut self, c: u32) {
        self.clients[c as usize].assign_start = self.now;
        self.try_assign(c);
    }

    /// Dirty bytes the assigned transaction adds to `txg` for the `nth` record it covers,
    /// the record's and its new metadata's (`dbuf.rs`): a whole record the first time it is
    /// dirtied in that txg (`dr_accounted = db_size`), by this thread or any other, nothing
    /// after; a sync writer's as a buffered one's.
    pub(super) fn dirty_charge(&mut self, c: u32, txg: u64, nth: u64) -> (u64, u64) {
        let cl = &self.clients[c as usize];
        match cl.shape {
            Some(AsyncShape { record_size, .. }) => self.dbufs.dirty(txg, cl.object, cl.blkid + nth, record_size),
            None => (cl.tx_bytes, 0),
        }
    }

    /// What client `c`'s transaction reserves in the ARC (`dmu_tx_try_assign()`'s
    /// `memory`).
    pub(super) fn reserve_bytes(&self, c: u32) -> u64 {
        self.clients[c as usize].memory
    }

    /// Whether client `c` logs its writes for `zil_commit()` (O_DSYNC or fsync), and if so
    /// the `nth` block its last transaction went into: (object, block id).
    pub(super) fn logged_block(&self, c: u32, nth: u64) -> Option<(u64, u64)> {
        let cl = self.clients.get(c as usize)?;
        cl.logs.then_some((cl.object, cl.blkid + nth))
    }

    /// The identity of the `nth` record client `c`'s last transaction wrote, for a writer:
    /// the same key for the same record of the same file, so a rewrite frees the old copy.
    pub(super) fn record_key(&self, c: u32, nth: u64) -> Option<u64> {
        let cl = self.clients.get(c as usize)?;
        cl.shape.is_some().then_some(((cl.workload as u64) << 48) | (cl.record + nth))
    }

    /// The transaction committed: a buffered write returns; an O_DSYNC write commits the ZIL.
    pub(super) fn client_committed(&mut self, c: u32) {
        // A call spanning records (a zvol's, bios) goes on with its next transaction at once.
        if self.clients[c as usize].left > 0 {
            self.start_write(c);
            return;
        }
        // A buffered write (the common case) returns at once.
        if self.clients[c as usize].commits {
            let w = self.clients[c as usize].workload;
            if let Workload::SyncWrite { sync: SyncMode::Dsync, .. } = self.scenario.workloads[w] {
                self.client_waits(c, WaitCause::ZilCommit);
                self.zil_log(c);
                return;
            }
            if let Workload::SyncWrite { sync: SyncMode::Txg, .. } = self.scenario.workloads[w] {
                // txg_wait_synced(dp, txg): asks the sync thread for that txg and sleeps.
                let txg = self.clients[c as usize].txg;
                self.client_waits(c, WaitCause::TxgSync);
                self.txg_waiters.push((c, txg));
                self.txg_wait_synced(txg);
                return;
            }
        }
        self.write_returns(c);
    }

    /// A write call returns (an fsync writer's without a commit of its own). Called from
    /// `client_committed()` alone: inlined there.
    #[inline(always)]
    fn write_returns(&mut self, c: u32) {
        let cl = &mut self.clients[c as usize];
        let bytes = cl.call_bytes();
        cl.since_fsync += bytes;
        let latency = self.now - cl.op_start;
        self.rec.client_write(latency, bytes, cl.tenant);
        self.events.push(self.now, Ev::ClientIssue(c));
        self.client_waits(c, WaitCause::Idle);
    }

    /// `fsync()`: commits everything the client wrote since its last commit.
    fn fsync(&mut self, c: u32) {
        self.clients[c as usize].in_fsync = true;
        self.client_waits(c, WaitCause::ZilCommit);
        self.zil_log(c);
    }

    /// Txg `synced` is on disk: the writers waiting for it (or an earlier one) return.
    pub(super) fn txg_waiters_synced(&mut self, synced: u64) {
        let (done, waiting): (Vec<_>, Vec<_>) = self.txg_waiters.drain(..).partition(|&(_, t)| t <= synced);
        self.txg_waiters = waiting;
        for (c, _) in done {
            self.zil_done(c);
        }
    }

    pub(super) fn zil_done(&mut self, c: u32) {
        let cl = &mut self.clients[c as usize];
        let latency = self.now - cl.op_start;
        if cl.in_fsync {
            cl.in_fsync = false;
            cl.since_fsync = 0;
            self.rec.client_fsync(latency);
        } else {
            let (bytes, tenant) = (cl.call_bytes(), cl.tenant);
            self.rec.client_write(latency, bytes, tenant);
        }
        self.events.push(self.now, Ev::ClientIssue(c));
        self.client_waits(c, WaitCause::Idle);
    }

    fn random_read(&mut self, c: u32, block: u64, working_set: u64) {
        let tops = self.data_tops as u64;
        let top = self.rng.below(tops) as usize;
        let t = &self.tops[top];
        let asize = t.asize(block);
        let span = (working_set / tops).min(t.capacity / 10 * 9).max(asize);
        // One draw, over the places an existing block can lie (`metaslab_place.rs`).
        let offset = t.block_place(self.rng.below(t.block_places(span, asize)), asize);
        self.read_top(top, offset, block, Class::SyncRead, Parent::Client(c));
        self.scan_note_client_io();
        self.client_waits(c, WaitCause::ReadIo);
    }

    pub(super) fn client_read_done(&mut self, c: u32) {
        let latency = self.now - self.clients[c as usize].op_start;
        let during_sync = self.txg.writing_sync();
        let cl = &self.clients[c as usize];
        // A reader's block size, like a writer's, is its tx_bytes.
        let (tenant, bytes) = (cl.tenant, cl.tx_bytes);
        self.rec.client_read(latency, during_sync, tenant, bytes);
        self.events.push(self.now, Ev::ClientIssue(c));
        self.client_waits(c, WaitCause::Idle);
    }
}

/// A workload's pacing: each thread's interval between calls at its rate (0 when it has
/// none), bytes x threads x 1e9 / rate, without 128-bit division where it fits
/// (`wide.rs`), at least 1 ns; and its on/off pattern.
fn pacing(workload: &Workload) -> (u64, Option<Burst>) {
    let (rate, threads, bytes, burst) = match workload {
        Workload::AsyncWrite { rate, threads, block_size, burst, .. } => (*rate, *threads, *block_size, burst.clone()),
        Workload::SyncWrite { rate, threads, block_size, .. } => (*rate, *threads, *block_size, None),
        _ => (0, 0, 0, None),
    };
    if rate == 0 {
        return (0, burst);
    }
    let interval = match u64::try_from(super::wide::mul(bytes, u64::from(threads))) {
        Ok(per_round) => super::wide::mul_div(per_round, 1_000_000_000, rate),
        Err(_) => (u128::from(bytes) * u128::from(threads) * 1_000_000_000 / u128::from(rate)) as u64,
    };
    (interval.max(1), burst)
}
