//! What a scenario runs: workloads described the way fio describes jobs (buffered and
//! synchronous writers, random readers) and the kernel's own scrub and resilver.

use serde::Serialize;

/// How a sync writer makes its data durable.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "mode", rename_all = "lowercase")]
pub enum SyncMode {
    /// Every write is O_DSYNC: it returns once its ZIL write is on stable media.
    Dsync,
    /// Buffered writes with an fsync after every `every` bytes.
    Fsync { every: u64 },
    /// Each write waits for its txg to sync: `txg_wait_synced()` after the commit, as a
    /// Lustre OSD without a ZIL does for a sync request. Nothing goes to the ZIL.
    Txg,
}

/// An on/off pattern: `on_ns` at the rate, then `off_ns` of silence, repeated.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Burst {
    pub on_ns: u64,
    pub off_ns: u64,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Workload {
    /// Buffered writers: a file's write is one transaction per record it covers
    /// (`zfs_write()`), a zvol's one over all its blocks (`zvol_write()`).
    AsyncWrite {
        threads: u32,
        block_size: u64,
        /// The dataset's recordsize: the first write into a record in a txg dirties the
        /// whole record, later ones in the same txg add nothing (`dbuf_dirty`).
        record_size: u64,
        sequential: bool,
        /// Bytes the writers cover before wrapping (the file size), split between threads
        /// when sequential.
        region: u64,
        /// Total target rate [bytes/s]; 0 = closed loop, as fast as admitted.
        rate: u64,
        burst: Option<Burst>,
        /// Percent of each record that compression removes (fio's
        /// `buffer_compress_percentage`); 0: incompressible.
        compressible: u64,
        /// Percent of partly written records found in the ARC; the others are read before
        /// the write (read-modify-write). 100: always cached.
        cache_hit: u64,
        /// Writes to a zvol (`record_size` its volblocksize): logged, not to be committed,
        /// by `zvol_log_write()`, whose choice of log record differs from a file's until
        /// 2.3, and which counts their log bytes against `zfs_wrlog_data_max` (2.2+).
        zvol: bool,
    },
    /// Writers that make their data durable (O_DSYNC, fsync, or by waiting for the txg).
    /// Their writes go through the same `dmu_write()` path as buffered ones: into records
    /// of `record_size`, read first when partly written and not cached, each record dirtied
    /// whole (`dbuf_dirty`).
    SyncWrite {
        threads: u32,
        block_size: u64,
        /// The dataset's recordsize (a zvol's volblocksize): also the block size
        /// `zfs_log_write()` chooses each write's log record by, and the block
        /// `dmu_sync()` writes whole for one logged indirectly.
        record_size: u64,
        /// Sequential (each thread its own part of `region`) or random over `region`.
        sequential: bool,
        region: u64,
        /// Percent of partly written records found in the ARC; the others are read before
        /// the write (read-modify-write). 100: always cached.
        cache_hit: u64,
        sync: SyncMode,
        rate: u64,
        /// The dataset's `logbias=throughput`: every record is logged indirectly, its data
        /// written in place rather than into the log (`zil_write_state()`).
        logbias_throughput: bool,
        /// Writes to a zvol (`record_size` its volblocksize): logged by `zvol_log_write()`,
        /// which until 2.3 logs indirectly only whole blocks larger than 32 KiB.
        zvol: bool,
    },
    /// Random reads over a working set, `cache_hit` percent of them served by the ARC.
    RandomRead { threads: u32, block_size: u64, working_set: u64, cache_hit: u64 },
    /// Sequential readers (fio `rw=read`): each thread streams its own part of `region`,
    /// and the DMU's prefetcher reads ahead of it (`dmu_zfetch.rs`).
    SequentialRead { threads: u32, block_size: u64, region: u64 },
    /// A scrub: sequential reads of every leaf in the scrub class.
    Scrub {
        block_size: u64,
        /// Blocks in flight per top-level vdev under the legacy scheduler (each reads every
        /// leaf of its vdev); the OpenZFS scheduler uses `zfs_scan_vdev_limit` instead.
        outstanding_per_leaf: u32,
    },
    /// An administrative action (`zfs snapshot`, a property change) every `every_ns`: a
    /// sync task (`dsl_sync_task()`) queued in the open txg, whose caller waits for that
    /// txg to sync (`txg_wait_synced()`), so the txg is pushed out at once; while it is
    /// pending, async writes go at `zfs_vdev_async_write_max_active`
    /// (`spa_has_pending_synctask()` in `vdev_queue_max_async_writes()`).
    SyncTask { every_ns: u64 },
    /// A resilver of each mirror's last child: reads from the others, writes to it.
    Resilver {
        block_size: u64,
        /// Blocks in flight per top-level vdev under the legacy scheduler; the OpenZFS
        /// scheduler uses `zfs_scan_vdev_limit` instead.
        outstanding: u32,
    },
}
