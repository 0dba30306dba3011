//! The one schema of every tunable and every setting of the simulated system: name, unit,
//! default, range, meaning and history. This file is the table; what an entry is lives in
//! `spec.rs`.
//!
//! Everything else (sliders, value fields, links, validation, the CLI's `tunables` listing,
//! the TypeScript types' data) is derived from [`SPECS`]. Defaults are current OpenZFS on
//! 64-bit Linux; `history` says where older releases or illumos differed.
//!
//! NOTE: past the style's ~500 lines on purpose. The table is one macro invocation that
//! also builds the `Id` enum; split across files it would need chained macros, and an
//! entry's neighbours (its group) are what a reader compares it with.

pub use crate::spec::{Effect, Entry, Kind, Scale};
use crate::units::Unit;

/// One entry of the schema.
pub type Spec = Entry<Id>;

/// What an entry leaves unsaid: no history, no FreeBSD name, no choices.
const BASE: Spec = Spec {
    id: Id::DirtyDataMax,
    name: "",
    kind: Kind::Tunable,
    group: "",
    unit: Unit::Count,
    default: 0,
    min: 0,
    max: 0,
    off: None,
    scale: Scale::Linear,
    effect: Effect::Rerun,
    meaning: "",
    history: "",
    freebsd: None,
    choices: &[],
};

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const GIB: u64 = 1 << 30;
const TIB: u64 = 1 << 40;
const MS: u64 = 1_000_000;
const S: u64 = 1_000_000_000;

const DIRTY: &str = "Dirty data and transaction groups";
const DELAY: &str = "Write delay";
const CURVE: &str = "Async-write curve";
const QUEUES: &str = "I/O scheduler queue depths";
const AGGREGATION: &str = "I/O scheduler aggregation and scrub credit";
const SCAN: &str = "Scrub and resilver";
const LAB: &str = "Lab";
const ZIL: &str = "ZIL (intent log)";
const ZONES: &str = "Zone I/O throttle (SmartOS)";
const ZONE_HISTORY: &str = "illumos-joyent (SmartOS) only, from 2011 (the seed's Joyent post of March 2011; zfs_zone.c): set in /etc/system, held in microseconds by the kernel (the lab floors to whole microseconds). No OpenZFS on Linux or FreeBSD equivalent.";
const WORKLOAD: &str = "Workload";
const POOL: &str = "Pool";
const RUN: &str = "Models and run";
const OFF_ON: &[&str] = &["off", "on"];
const MODELS: &[&str] = &["openzfs", "legacy"];
/// The named drives the lab offers (`scenario::drives`, which a test keeps in step).
pub const DRIVES: &[&str] = &[
    "generic",
    "5400-cmr",
    "7200-hc310",
    "10k-savvio",
    "15k-cheetah",
    "smr-st8000dm004",
    "sata-s4500",
    "nvme-p4500",
    "optane-p4800x",
    "ceph-rbd",
    "iscsi-10g",
];
/// Device kinds; an entry named `<kind>_...` applies to that kind only.
pub const DEVICE_KINDS: &[&str] = &["hdd", "ssd", "lun"];
/// The OpenZFS releases the `release` setting chooses from, oldest first.
pub const RELEASES: &[&str] = &["0.6.4", "0.6.5", "0.7", "0.8", "2.0", "2.1", "2.1.16", "2.2", "2.3", "2.4", "master"];
const LEGACY_THROTTLE: &str = "Legacy write throttle (before 2013)";
const LEGACY_QUEUE: &str = "Legacy I/O scheduler (before 2013)";

/// The CPU time of a client write beyond its copy, unless set (`cpu_per_write`) [ns]:
/// small, for a fast production build.
pub const CPU_PER_WRITE: u64 = 1_000;

/// Leaves in a whole pool at most, to keep a run's set-up bounded.
pub const MAX_LEAVES: u32 = 512;

/// Largest per-class or per-vdev active count accepted (OpenZFS takes any `uint`).
const MAX_ACTIVE: u64 = 100_000;
const SINCE_4045: &str = "Since illumos 4045 / ZoL 0.6.3 (2013); before, one queue per vdev with zfs_vdev_max_pending (35, later 10) and fixed priorities.";

macro_rules! schema {
    ($( $id:ident { $($field:ident : $value:expr),* $(,)? } )*) => {
        /// Names every entry of the schema; the order is the order of [`SPECS`].
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum Id { $($id),* }

        impl Id {
            /// Every entry, in schema order.
            pub const ALL: &'static [Id] = &[$(Id::$id),*];
            pub const COUNT: usize = Id::ALL.len();
        }

        /// The schema, indexed by `Id as usize`.
        pub static SPECS: &[Spec] = &[$( Spec { id: Id::$id, $($field: $value,)* ..BASE } ),*];
    };
}

schema! {
    DirtyDataMax {
        name: "zfs_dirty_data_max", kind: Kind::Tunable, group: DIRTY, unit: Unit::Bytes,
        default: 4 * GIB, min: MIB, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most dirty (modified, not yet written) data the pool may hold; writers wait at this limit and are delayed well before it.",
        history: "Computed at module load as 10% of RAM, capped at zfs_dirty_data_max_max (arc_init()): 4 GiB on any machine with 40 GiB of RAM or more since ZoL 0.7.0, as the lab's default machine of 64 GiB has; left at its default, the lab derives it from the machine's ram and release. ZoL 0.6.3-0.6.5: 10% of RAM, capped at 25% of RAM. illumos and FreeBSD 12 and earlier: 10% of physical memory, capped at 4 GiB.",
        freebsd: Some("vfs.zfs.dirty_data_max"),
    }
    DirtyDataMaxMax {
        name: "zfs_dirty_data_max_max", kind: Kind::Tunable, group: DIRTY, unit: Unit::Bytes,
        default: 4 * GIB, min: MIB, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The cap on zfs_dirty_data_max when that is computed from RAM at module load (a zfs_dirty_data_max set explicitly is not capped). Left at its default, the lab derives it from the machine's ram: 25% of it, at most 4 GiB.",
        history: "arc_init(): 25% of RAM with no further cap in ZoL 0.6.x; at most 4 GiB (1 GiB on 32-bit kernels) since 0.7.0.",
        freebsd: Some("vfs.zfs.dirty_data_max_max"),
    }
    ArcMax {
        name: "zfs_arc_max", kind: Kind::Tunable, group: DIRTY, unit: Unit::Bytes,
        default: 0, min: 64 * MIB, max: 1 << 50, off: Some(0), scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The ARC's maximum size; 0 takes the release's default from the machine's ram. Writers also wait for the next txg when dirty data passes half of the ARC and a quarter is dirty and unwritten (arc_tempreserve_space(), the dmu_tx_dirty_throttle kstat): a small ARC caps dirty data below zfs_dirty_data_max, and the delay curve never engages.",
        history: "arc_init(): the default is half of RAM until 2.2, the larger of 5/8 of RAM and RAM less 1 GiB from 2.3 (arc_default_max() on Linux); a value of RAM or more, or below 64 MiB, is ignored. The dirty-data check (50% and 25% of arc_c) is in every release since 2008.",
        freebsd: Some("vfs.zfs.arc.max"),
    }
    DirtyDataSyncPercent {
        name: "zfs_dirty_data_sync_percent", kind: Kind::Tunable, group: DIRTY, unit: Unit::Percent,
        default: 20, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "A txg is pushed to sync early once its own dirty data exceeds this percent of zfs_dirty_data_max.",
        history: "Since ZoL 0.8.0 (OpenZFS 9617); counted per txg since 2.2.0, pool-wide before. Earlier: zfs_dirty_data_sync = 64 MiB in bytes (illumos 4045 to ZoL 0.7.x); FreeBSD 12: vfs.zfs.dirty_data_sync_pct.",
        freebsd: Some("vfs.zfs.dirty_data_sync_percent"),
    }
    DirtyDataSync {
        name: "zfs_dirty_data_sync", kind: Kind::Tunable, group: DIRTY, unit: Unit::Bytes,
        default: 64 * MIB, min: 0, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Releases before 0.8: pool-wide dirty data above this many bytes makes the next transaction kick the open txg to sync, if no txg is syncing.",
        history: "64 MiB in illumos 4045 (2013) and ZoL 0.6.3 to 0.7.x (dsl_pool_need_dirty_delay() -> txg_kick()); replaced by zfs_dirty_data_sync_percent in 0.8.0.",
        freebsd: Some("vfs.zfs.dirty_data_sync"),
    }
    TxgTimeout {
        name: "zfs_txg_timeout", kind: Kind::Tunable, group: DIRTY, unit: Unit::Seconds,
        default: 5, min: 0, max: 3600, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Seconds from the start of one txg sync to the forced start of the next; 0 means the sync thread never sleeps.",
        history: "30 s in OpenSolaris up to at least build 141; 5 s from onnv_147 (2010) on, in every OpenZFS.",
        freebsd: Some("vfs.zfs.txg.timeout"),
    }
    WrlogDataMax {
        name: "zfs_wrlog_data_max", kind: Kind::Tunable, group: ZIL, unit: Unit::Bytes,
        default: 0, min: 0, max: 64 * GIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Log data (TX_WRITE records' bytes, counted in zfs_log_write()) of unsynced txgs above which writes are delayed like dirty data and the txg is kicked to sync; 0 means twice zfs_dirty_data_max, as arc_init() sets it.",
        history: "Since 2.2.0 (dsl_pool_wrlog_count(), dmu_tx_delay()); absent before, where only dirty data throttled.",
        freebsd: Some("vfs.zfs.wrlog_data_max"),
    }
    CommitTimeoutPct {
        name: "zfs_commit_timeout_pct", kind: Kind::Tunable, group: ZIL, unit: Unit::Percent,
        default: 10, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "While other commits run, a commit waits this percent of the last log block's latency for more log records to join its block before issuing it (zil_commit_waiter_timeout(); at least 1%).",
        history: "5 from 0.8.0 to 2.2; 10 from 2.3.0. Before 0.8 one commit writer issued everything queued at once.",
        freebsd: Some("vfs.zfs.commit_timeout_pct"),
    }
    ZilSlogLimit {
        name: "zil_slog_limit", kind: Kind::Tunable, group: ZIL, unit: Unit::Bytes,
        default: MIB, min: 0, max: 1 << 50, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "With a separate log device, the next log block still goes to it while the commit's log bytes so far are under this, or the log records waiting for the next commit are under twice this; otherwise it is allocated in the main pool (USE_SLOG() in zil_lwb_write_start()). A large commit behind many waiting writers spills to the pool's disks.",
        history: "0.6.4 and 0.6.5 only (zil.c, 1 MiB; UINT64_MAX turns the check off, as any value above every commit's size does here). 0.7.0 replaced it by zil_slog_bulk: every log block stays on the log device, a bulk one written at a lower priority.",
    }
    ZilSlogBulk {
        name: "zil_slog_bulk", kind: Kind::Tunable, group: ZIL, unit: Unit::Bytes,
        default: 64 * MIB, min: 0, max: 1 << 50, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "With a separate log device, once more than this many log bytes have been committed since the ZIL last reset its count (a commit with none beside it, a waiter's timeout), its log blocks are written in the async-write class, not the sync-write class, so that a bulk of log writes leaves the device to latency-bound ones.",
        history: "From 0.7.0 (zil.c), replacing zil_slog_limit: 768 KiB until 2.2, tested as a log block opens until 2.1 (zil_lwb_write_open()) and as it is issued from 2.2 (zil_lwb_write_issue()); 64 MiB from 2.3.0, counted per burst of commits (zl_cur_size, zil_burst_done()). Absent in 0.6.x, where every log block is a sync write.",
        freebsd: Some("vfs.zfs.zil.slog_bulk"),
    }
    DelayMinDirtyPercent {
        name: "zfs_delay_min_dirty_percent", kind: Kind::Tunable, group: DELAY, unit: Unit::Percent,
        default: 60, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Writes start to be delayed once dirty data exceeds this percent of zfs_dirty_data_max.",
        history: "60 since the write throttle rewrite (illumos 4045, ZoL 0.6.3, 2013). FreeBSD 12 refused values below the async-write max dirty percent.",
        freebsd: Some("vfs.zfs.delay_min_dirty_percent"),
    }
    DelayScale {
        name: "zfs_delay_scale", kind: Kind::Tunable, group: DELAY, unit: Unit::Nanoseconds,
        default: 500_000, min: 0, max: 100 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The delay at the curve's midpoint (dirty data halfway between the delay start and the limit): roughly 1/(transactions per second) the throttle aims for.",
        history: "500,000 ns (1e9/2000) since illumos 4045 / ZoL 0.6.3. zfs_delay_scale x zfs_dirty_data_max must stay below 2^64; FreeBSD 12 enforced it.",
        freebsd: Some("vfs.zfs.delay_scale"),
    }
    DelayMaxNs {
        name: "zfs_delay_max_ns", kind: Kind::Tunable, group: DELAY, unit: Unit::Nanoseconds,
        default: 100 * MS, min: 1_000, max: 10 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Cap on one transaction's delay.",
        history: "Fixed at 100 ms in current OpenZFS (a static const, not a module parameter); a tunable global in illumos (set zfs:zfs_delay_max_ns in /etc/system). The lab keeps it adjustable to show illumos and what-if behaviour.",
        freebsd: None,
    }
    AsyncWriteActiveMinDirtyPercent {
        name: "zfs_vdev_async_write_active_min_dirty_percent", kind: Kind::Tunable, group: CURVE, unit: Unit::Percent,
        default: 30, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Below this percent of zfs_dirty_data_max, each leaf vdev gets only zfs_vdev_async_write_min_active async writes.",
        history: "30 since illumos 4045 / ZoL 0.6.3.",
        freebsd: Some("vfs.zfs.vdev.async_write_active_min_dirty_percent"),
    }
    AsyncWriteActiveMaxDirtyPercent {
        name: "zfs_vdev_async_write_active_max_dirty_percent", kind: Kind::Tunable, group: CURVE, unit: Unit::Percent,
        default: 60, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Above this percent of zfs_dirty_data_max, each leaf vdev gets zfs_vdev_async_write_max_active async writes; between the two percents the count rises linearly.",
        history: "60 since illumos 4045 / ZoL 0.6.3.",
        freebsd: Some("vfs.zfs.vdev.async_write_active_max_dirty_percent"),
    }
    VdevMaxActive {
        name: "zfs_vdev_max_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 1000, min: 1, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most I/Os in flight on one leaf vdev across all classes; below the sum of the class maximums, the minimums are served first and the rest by priority.",
        history: SINCE_4045,
        freebsd: Some("vfs.zfs.vdev.max_active"),
    }
    SyncReadMinActive {
        name: "zfs_vdev_sync_read_min_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 10, min: 0, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Sync (demand) reads each leaf vdev issues before lower classes are considered.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.sync_read_min_active"),
    }
    SyncReadMaxActive {
        name: "zfs_vdev_sync_read_max_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 10, min: 1, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most sync (demand) reads in flight on one leaf vdev.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.sync_read_max_active"),
    }
    SyncWriteMinActive {
        name: "zfs_vdev_sync_write_min_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 10, min: 0, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Sync writes (ZIL) each leaf vdev issues before lower classes are considered.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.sync_write_min_active"),
    }
    SyncWriteMaxActive {
        name: "zfs_vdev_sync_write_max_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 10, min: 1, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most sync writes (ZIL) in flight on one leaf vdev.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.sync_write_max_active"),
    }
    AsyncReadMinActive {
        name: "zfs_vdev_async_read_min_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 1, min: 0, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Async reads (prefetch) each leaf vdev issues before lower classes are considered.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.async_read_min_active"),
    }
    AsyncReadMaxActive {
        name: "zfs_vdev_async_read_max_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 3, min: 1, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most async reads (prefetch) in flight on one leaf vdev.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.async_read_max_active"),
    }
    AsyncWriteMinActive {
        name: "zfs_vdev_async_write_min_active", kind: Kind::Tunable, group: CURVE, unit: Unit::Count,
        default: 2, min: 0, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Async writes (txg sync) per leaf vdev while dirty data is below the async-write min dirty percent: the curve's low level.",
        history: "2 since ZoL 0.7.0; 1 in illumos 4045, ZoL 0.6.x, and still 1 in illumos.",
        freebsd: Some("vfs.zfs.vdev.async_write_min_active"),
    }
    AsyncWriteMaxActive {
        name: "zfs_vdev_async_write_max_active", kind: Kind::Tunable, group: CURVE, unit: Unit::Count,
        default: 10, min: 1, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Async writes (txg sync) per leaf vdev once dirty data is above the async-write max dirty percent: the curve's high level.",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.async_write_max_active"),
    }
    ScrubMinActive {
        name: "zfs_vdev_scrub_min_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 1, min: 0, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Scrub and resilver I/Os each leaf vdev issues before lower classes are considered (fewer while interactive I/O is in flight).",
        history: SINCE_4045, freebsd: Some("vfs.zfs.vdev.scrub_min_active"),
    }
    ScrubMaxActive {
        name: "zfs_vdev_scrub_max_active", kind: Kind::Tunable, group: QUEUES, unit: Unit::Count,
        default: 3, min: 1, max: MAX_ACTIVE, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most scrub and resilver I/Os in flight on one leaf vdev once interactive I/O has been idle.",
        history: "3 since ZoL 2.1.0; 2 before, and 2 in illumos (the zfs.4 man page of current master still says 2).",
        freebsd: Some("vfs.zfs.vdev.scrub_max_active"),
    }
    VdevQueueDepthPct {
        name: "zfs_vdev_queue_depth_pct", kind: Kind::Tunable, group: QUEUES, unit: Unit::Percent,
        default: 1000, min: 0, max: 100_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Releases 0.7 to 2.3: async writes a top-level vdev may have allocated and not yet written, as a percent of zfs_vdev_async_write_max_active (the allocation throttle, mg_max_alloc_queue_depth); from 2.4 the throttle counts bytes instead, four aliquots per vdev.",
        history: "1000 from 0.7.0 (the allocation throttle, zio_dva_throttle()) to 2.3; removed in 2.4, whose metaslab_class_balance() sets the limit in bytes.",
        freebsd: Some("vfs.zfs.vdev.queue_depth_pct"),
    }
    AggregationLimit {
        name: "zfs_vdev_aggregation_limit", kind: Kind::Tunable, group: AGGREGATION, unit: Unit::Bytes,
        default: MIB, min: 0, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Largest I/O that adjacent queued I/Os are merged into on a rotational leaf vdev; 0 turns aggregation off.",
        history: "1 MiB since ZoL 0.8.0 and in illumos; 128 KiB (SPA_OLD_MAXBLOCKSIZE) for every device in illumos 4045 and ZoL 0.6.x-0.7.x.",
        freebsd: Some("vfs.zfs.vdev.aggregation_limit"),
    }
    AggregationLimitNonRotating {
        name: "zfs_vdev_aggregation_limit_non_rotating", kind: Kind::Tunable, group: AGGREGATION, unit: Unit::Bytes,
        default: 128 * KIB, min: 0, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Largest merged I/O on a non-rotational leaf vdev (SSD, or a LUN reported as such).",
        history: "Since ZoL 0.8.0; before, zfs_vdev_aggregation_limit applied to every device.",
        freebsd: Some("vfs.zfs.vdev.aggregation_limit_non_rotating"),
    }
    ReadGapLimit {
        name: "zfs_vdev_read_gap_limit", kind: Kind::Tunable, group: AGGREGATION, unit: Unit::Bytes,
        default: 32 * KIB, min: 0, max: MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Reads this close together are merged, the gap read into a scratch buffer; writes merge only when exactly adjacent.",
        history: "32 KiB since OpenSolaris build 117.",
        freebsd: Some("vfs.zfs.vdev.read_gap_limit"),
    }
    NiaCredit {
        name: "zfs_vdev_nia_credit", kind: Kind::Tunable, group: AGGREGATION, unit: Unit::Count,
        default: 5, min: 0, max: 10_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Scrub and resilver I/Os allowed between interactive completions while interactive I/O is in flight.",
        history: "Since ZoL 2.1.0; before, scrub simply had its min and max active.",
        freebsd: Some("vfs.zfs.vdev.nia_credit"),
    }
    NiaDelay {
        name: "zfs_vdev_nia_delay", kind: Kind::Tunable, group: AGGREGATION, unit: Unit::Count,
        default: 5, min: 0, max: 10_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "After interactive I/O stops, scrub stays at one I/O until this many of its own have completed.",
        history: "Since ZoL 2.1.0.",
        freebsd: Some("vfs.zfs.vdev.nia_delay"),
    }
    ScrubMinTimeMs {
        name: "zfs_scrub_min_time_ms", kind: Kind::Tunable, group: SCAN, unit: Unit::Milliseconds,
        default: 750, min: 0, max: 600_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "A scrub issues I/O for at least this long in each txg's sync; after it, the sync goes on once dirty data reaches the async-write min dirty percent, someone waits for a txg, or the sync has run zfs_txg_timeout.",
        history: "750 ms on master since December 2025; 1000 ms before, back to the 2010 scan rewrite (named zfs_scan_min_time_ms until ZoL 0.8.0). Until ZoL 0.7.x the txg timeout alone also ended the scan's share of a sync, before the minimum; dirty data ended it only from ZoL 0.6.5.",
        freebsd: Some("vfs.zfs.scrub_min_time_ms"),
    }
    ResilverMinTimeMs {
        name: "zfs_resilver_min_time_ms", kind: Kind::Tunable, group: SCAN, unit: Unit::Milliseconds,
        default: 1500, min: 0, max: 600_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "As zfs_scrub_min_time_ms, for a resilver: the least time each txg's sync spends issuing resilver I/O.",
        history: "1500 ms on master since December 2025; 3000 ms before, back to the 2010 scan rewrite (ZoL 0.6.x to 2.4).",
        freebsd: Some("vfs.zfs.resilver_min_time_ms"),
    }
    ScanVdevLimit {
        name: "zfs_scan_vdev_limit", kind: Kind::Tunable, group: SCAN, unit: Unit::Bytes,
        default: 16 * MIB, min: 0, max: GIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Scrub and resilver bytes in flight per top-level vdev, times its data disks (one for a single disk or a mirror); zfs_vdev_scrub_max_active still bounds what each leaf has active.",
        history: "16 MiB since ZoL 2.2.0; 4 MiB from ZoL 0.8.0 (sorted scans) to 2.1. Before, zfs_top_maxinflight: 32 I/Os per top-level vdev (the legacy scheduler here keeps the workload's fixed outstanding count).",
        freebsd: Some("vfs.zfs.scan_vdev_limit"),
    }
    TopMaxinflight {
        name: "zfs_top_maxinflight", kind: Kind::Tunable, group: SCAN, unit: Unit::Count,
        default: 32, min: 1, max: 10_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Before 0.8: scrub and resilver blocks in flight per top-level vdev, pool-wide (dsl_scan_scrub_cb() waits while spa_scrub_inflight reaches this times the top-level vdevs).",
        history: "ZoL 0.6.x and 0.7 (dsl_scan.c); replaced by zfs_scan_vdev_limit with the sorted scan of 0.8.0.",
    }
    ScrubDelay {
        name: "zfs_scrub_delay", kind: Kind::Tunable, group: SCAN, unit: Unit::Count,
        default: 4, min: 0, max: 1_000, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Before 0.8: clock ticks a scrub waits before each block it issues while the pool has seen client I/O within zfs_scan_idle ticks (a tick is 4 ms here: Linux built with HZ=250).",
        history: "ZoL 0.6.x and 0.7 (dsl_scan.c: delay(scan_delay) in dsl_scan_scrub_cb()); gone with the sorted scan of 0.8.0.",
    }
    ResilverDelay {
        name: "zfs_resilver_delay", kind: Kind::Tunable, group: SCAN, unit: Unit::Count,
        default: 2, min: 0, max: 1_000, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Before 0.8: as zfs_scrub_delay, for a resilver.",
        history: "ZoL 0.6.x and 0.7; gone in 0.8.0.",
    }
    ScanIdle {
        name: "zfs_scan_idle", kind: Kind::Tunable, group: SCAN, unit: Unit::Count,
        default: 50, min: 0, max: 100_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Before 0.8: a pool that has seen a client read or synchronous write within this many clock ticks is busy, and the scan waits zfs_scrub_delay or zfs_resilver_delay ticks per block.",
        history: "ZoL 0.6.x and 0.7 (spa_last_io, set in zio_vdev_io_start()); gone in 0.8.0.",
    }
    WriteLimitMin {
        name: "zfs_write_limit_min", kind: Kind::Tunable, group: LEGACY_THROTTLE, unit: Unit::Bytes,
        default: 32 * MIB, min: MIB, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Smallest per-txg write limit, in inflated bytes (compared with logical bytes times the worst-case inflation).",
        history: "32 MiB from 2008 until the 2013 rewrite removed it. Used only by the legacy throttle.",
        freebsd: None,
    }
    WriteLimitShift {
        name: "zfs_write_limit_shift", kind: Kind::Tunable, group: LEGACY_THROTTLE, unit: Unit::Count,
        default: 3, min: 0, max: 20, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The per-txg write limit is at most physical memory >> this (3: an eighth of RAM), before inflation; 0 derives no maximum, which leaves the limit 0 (none) after the first sync.",
        history: "3 from 2008 until 2013 (read-only on Linux). Used only by the legacy throttle.",
        freebsd: None,
    }
    WriteLimitOverride {
        name: "zfs_write_limit_override", kind: Kind::Tunable, group: LEGACY_THROTTLE, unit: Unit::Bytes,
        default: 0, min: 0, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "If not 0, the per-txg write limit in inflated bytes, instead of the one measured from sync throughput.",
        history: "0 (off) from 2008 until 2013. Used only by the legacy throttle.",
        freebsd: None,
    }
    TxgSynctimeMs {
        name: "zfs_txg_synctime_ms", kind: Kind::Tunable, group: LEGACY_THROTTLE, unit: Unit::Milliseconds,
        default: 1000, min: 1, max: 600_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Target time to sync a txg: the write limit is the measured sync throughput times this.",
        history: "1000 ms from onnv_147 (late 2010) to 2013; 5000 ms before (zfs_txg_synctime = 5 s in the 2008 code). Used only by the legacy throttle.",
        freebsd: None,
    }
    NoWriteThrottle {
        name: "zfs_no_write_throttle", kind: Kind::Tunable, group: LEGACY_THROTTLE, unit: Unit::Count,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "1: account writes per txg but never throttle them (no 7/8 delay, no wait at the limit).",
        history: "0 from 2008 until 2013. Used only by the legacy throttle.",
        freebsd: None,
    }
    VdevMaxPending {
        name: "zfs_vdev_max_pending", kind: Kind::Tunable, group: LEGACY_QUEUE, unit: Unit::Count,
        default: 10, min: 1, max: 1000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Most I/Os the legacy scheduler keeps issued to each leaf device; beyond it they wait in ZFS's priority queue.",
        history: "35 up to OpenSolaris build 121, 10 from build 141 (bug 6891731) until 2013. Used only by the legacy scheduler.",
        freebsd: None,
    }
    VdevMinPending {
        name: "zfs_vdev_min_pending", kind: Kind::Tunable, group: LEGACY_QUEUE, unit: Unit::Count,
        default: 4, min: 1, max: 1000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "A newly queued I/O is issued at once only while fewer than this many are pending on the device.",
        history: "4 from 2008 until 2013. Used only by the legacy scheduler.",
        freebsd: None,
    }
    VdevRampRate {
        name: "zfs_vdev_ramp_rate", kind: Kind::Tunable, group: LEGACY_QUEUE, unit: Unit::Count,
        default: 2, min: 1, max: 1000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "At most this many new I/Os are issued to the device for each one that completes.",
        history: "2 from 2008 until 2013. Used only by the legacy scheduler.",
        freebsd: None,
    }
    VdevTimeShift {
        name: "zfs_vdev_time_shift", kind: Kind::Tunable, group: LEGACY_QUEUE, unit: Unit::Count,
        default: 6, min: 0, max: 63, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Deadline = (enqueue time in 10 ms ticks >> this) + priority: an I/O of priority p yields to urgent ones arriving up to p buckets later.",
        history: "6 on the lbolt tick clock (64 ticks = 0.64 s) until early 2013, then 29 on the nanosecond clock just before the rewrite. Used only by the legacy scheduler.",
        freebsd: None,
    }
    ZoneDelayEnable {
        name: "zfs_zone_delay_enable", kind: Kind::Tunable, group: ZONES, unit: Unit::Choice,
        default: 1, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The zone I/O throttle: a tenant (zone) using more than its fair share of disk time has each read and write call delayed. It only matters when workloads belong to different tenants.",
        history: ZONE_HISTORY, choices: OFF_ON,
    }
    ZoneDelayStep {
        name: "zfs_zone_delay_step", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: 5_000, min: 0, max: 10 * MS, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "How much a tenant's delay per call grows (above its fair share while the disks are busy) or shrinks at each adjustment.",
        history: ZONE_HISTORY,
    }
    ZoneDelayCeiling {
        name: "zfs_zone_delay_ceiling", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: 100_000, min: 0, max: 100 * MS, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The most a tenant's read or write call is delayed (a write may wait twice this while txgs sync faster than zfs_txg_timeout).",
        history: ZONE_HISTORY,
    }
    ZoneAdjustTime {
        name: "zfs_zone_adjust_time", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: 250 * MS, min: MS, max: 60 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "How often the tenants' utilisation and delays are recomputed (checked at each call, so an idle pool recomputes later).",
        history: ZONE_HISTORY,
    }
    ZoneCycleTime {
        name: "zfs_zone_cycle_time", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: 2 * S, min: MS, max: 600 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The window over which each tenant's reads and writes are counted (the last cycle's count, decayed by half per idle cycle).",
        history: ZONE_HISTORY,
    }
    ZoneSysAvgCycle {
        name: "zfs_zone_sys_avg_cycle", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: S, min: MS, max: 600 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The cycle of the pool-wide average read and write latencies that weigh each tenant's counts into its utilisation.",
        history: ZONE_HISTORY,
    }
    ZoneUtilThreshold {
        name: "zfs_zone_util_threshold", kind: Kind::Tunable, group: ZONES, unit: Unit::Percent,
        default: 80, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Delays grow only while the disks were busy more than this percent of the last adjustment period (and an I/O took over zfs_zone_laggard_threshold recently).",
        history: ZONE_HISTORY,
    }
    ZoneUnderutilThreshold {
        name: "zfs_zone_underutil_threshold", kind: Kind::Tunable, group: ZONES, unit: Unit::Percent,
        default: 60, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Delays shrink while the disks were busy less than this percent of the last adjustment period.",
        history: ZONE_HISTORY,
    }
    ZoneRwLatLimit {
        name: "zfs_zone_rw_lat_limit", kind: Kind::Tunable, group: ZONES, unit: Unit::Count,
        default: 10, min: 1, max: 1_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The average read and write latencies used as weights are kept within this factor of each other, so fast sequential writes cannot make slow random reads look like the heavy user.",
        history: ZONE_HISTORY,
    }
    ZoneLaggardThreshold {
        name: "zfs_zone_laggard_threshold", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: 50 * MS, min: 0, max: 60 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "An I/O slower than this is a laggard: a sign the disks are saturated rather than merely busy.",
        history: ZONE_HISTORY,
    }
    ZoneLaggardRecent {
        name: "zfs_zone_laggard_recent", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: S, min: 0, max: 600 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Delays grow only if the last laggard was within this long.",
        history: ZONE_HISTORY,
    }
    ZoneLaggardAncient {
        name: "zfs_zone_laggard_ancient", kind: Kind::Tunable, group: ZONES, unit: Unit::Nanoseconds,
        default: 5 * S, min: 0, max: 600 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Delays shrink once the last laggard is older than this.",
        history: ZONE_HISTORY,
    }
    WriteSize {
        name: "write_size", kind: Kind::Lab, group: LAB, unit: Unit::Bytes,
        default: 128 * KIB, min: 512, max: 16 * MIB, scale: Scale::Log, effect: Effect::Redraw,
        meaning: "Bytes per transaction for the delay curve's throughput readout (a recordsize-aligned write is one transaction per record).",
        history: "A lab setting, not an OpenZFS tunable: 128 KiB is the default recordsize.",
        freebsd: None,
    }
    AsyncWriters {
        name: "async_writers", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Count,
        default: 8, min: 0, max: 10_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Buffered writer threads (fio numjobs with rw=write, no fsync): each write is one transaction per record it covers, or to a zvol one over all its blocks.",
    }
    AsyncBlockSize {
        name: "async_block_size", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: 128 * KIB, min: 512, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Bytes per buffered write (fio bs): a write to a file is one transaction per record it covers (zfs_write()); one to a zvol, one transaction over all its blocks, delayed once (zvol_write()).",
    }
    AsyncRate {
        name: "async_rate", kind: Kind::Lab, group: WORKLOAD, unit: Unit::BytesPerSecond,
        default: 40 * MIB, min: 0, max: 100 * GIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Total rate the buffered writers aim for (fio rate); 0 is a closed loop, as fast as the throttle admits.",
    }
    Recordsize {
        name: "recordsize", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: 128 * KIB, min: 512, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The dataset's recordsize, or a zvol's volblocksize: a write, buffered or sync, dirties each record it covers whole, one transaction per record (a zvol's write: one transaction over all its blocks), and a sync write logged indirectly has its whole record written in place (dmu_sync); a database uses its page size.",
    }
    Dataset {
        name: "dataset", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "What the writers write to: a file system's file (recordsize), or a zvol, whose blocks are its volblocksize: recordsize left at its default takes the release's default volblocksize (8 KiB, 16 KiB from 2.2; ZVOL_DEFAULT_BLOCKSIZE).",
        choices: &["filesystem", "zvol"],
    }
    FileSize {
        name: "file_size", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: 100 * GIB, min: 4 * KIB, max: 1 << 50, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The file the writers cover (fio size); random writes rewrite its records, freeing their old copies; each sync writer thread streams its own part of it.",
    }
    AsyncPattern {
        name: "async_pattern", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Sequential writes (each thread streams its own part of a 100 GiB file) or random writes over it (fio rw=write or randwrite).",
        choices: &["sequential", "random"],
    }
    AsyncCompressible {
        name: "async_compressible", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Percent,
        default: 0, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "How much of each record compression removes (fio's buffer_compress_percentage): dirty data and the write throttle count the logical bytes, the devices write the compressed ones; a record that saves less than an eighth is written as it is (zio_write_compress()).",
    }
    AsyncCacheHit {
        name: "async_cache_hit", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Percent,
        default: 100, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Of the writes that cover part of a record, the percent whose record is in the ARC; the others read it first, before their transaction is assigned (read-modify-write, dmu_tx_check_ioerr()), and the read counts toward their delay.",
    }
    BurstOn {
        name: "burst_on", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Milliseconds,
        default: 0, min: 0, max: 3_600_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Writers run for this long, then pause for burst_off, repeatedly; 0 writes without pause.",
    }
    BurstOff {
        name: "burst_off", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Milliseconds,
        default: 0, min: 0, max: 3_600_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Silence between bursts of the buffered writers (used when burst_on is above 0).",
    }
    SyncWriters {
        name: "sync_writers", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Count,
        default: 0, min: 0, max: 10_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Writer threads that wait for stable storage: O_DSYNC on every write, or an fsync after fsync_every bytes (fio sync=1 or fsync=N).",
    }
    SyncBlockSize {
        name: "sync_block_size", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: 8 * KIB, min: 512, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Bytes per synchronous write, into records of recordsize as a buffered write's. Without a log device one of 32 KiB or more is logged indirectly, its whole record written in place; from 2.4 an O_DSYNC write under half its record is copied into the log instead (zil_write_state()). Until 2.3 a zvol logs indirectly only a write of at least its block, and only of a volblocksize above 32 KiB, one log record a block (zvol_log_write()).",
    }
    FsyncEvery {
        name: "fsync_every", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: 0, min: 0, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Sync writers write buffered and call fsync after this many bytes; 0 makes every write O_DSYNC.",
    }
    SyncRate {
        name: "sync_rate", kind: Kind::Lab, group: WORKLOAD, unit: Unit::BytesPerSecond,
        default: 0, min: 0, max: 100 * GIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Total rate the sync writers aim for (fio rate); 0 is a closed loop, each thread writing again as soon as its last write is stable.",
    }
    SyncPattern {
        name: "sync_pattern", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Sync writers each streaming their own part of the file, or writing at random over it (fio rw=write or randwrite, with sync=1 or fsync=N).",
        choices: &["sequential", "random"],
    }
    ReadPattern {
        name: "read_pattern", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Random readers over a working set that misses the cache (fio randread), or sequential readers (fio read), each streaming its own part of a 100 GiB file with the DMU prefetcher reading ahead in the async-read class (dmu_zfetch.c).",
        choices: &["random", "sequential"],
    }
    Logbias {
        name: "logbias", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The sync writers' dataset logbias: latency logs small writes' data in the ZIL (on the SLOG if there is one), throughput logs every write indirectly, its data written in place in the pool and only a record in the log (zil_write_state()).",
        choices: &["latency", "throughput"],
    }
    SyncWait {
        name: "sync_wait", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "How a sync writer makes its write stable: through the ZIL (zil_commit(), as O_DSYNC or fsync do), or by waiting for its txg to sync (txg_wait_synced(), as a Lustre OSD without a ZIL does); with txg, fsync_every is not used.",
        choices: &["zil", "txg"],
    }
    Readers {
        name: "readers", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Count,
        default: 4, min: 0, max: 10_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Random reader threads over read_working_set (fio rw=randread, iodepth=1), missing the cache but for read_cache_hit: their latency is what an application feels.",
    }
    ReadCacheHit {
        name: "read_cache_hit", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Percent,
        default: 0, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Percent of the random readers' reads the ARC serves (arcstats' demand hit ratio); the others read from the disks.",
    }
    ReadWorkingSet {
        name: "read_working_set", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: TIB, min: 4 * KIB, max: 1 << 50, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The data the random readers read from (fio size): the span of the disks their reads cover, and so how far a disk's head travels between them.",
    }
    Tenancy {
        name: "tenancy", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Whether the workloads share one tenant (zone), or each kind (buffered writers, sync writers, readers) is a tenant of its own, as the zone I/O throttle sees them.",
        choices: &["shared", "per_workload"],
    }
    ReadBlockSize {
        name: "read_block_size", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Bytes,
        default: 8 * KIB, min: 512, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Bytes per random read.",
    }
    Scrub {
        name: "scrub", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "A scrub reads every leaf sequentially in the scrub class, in each txg sync's scan phase (at least zfs_scrub_min_time_ms), zfs_scan_vdev_limit bytes in flight per top-level vdev (16 blocks under the legacy scheduler).",
        choices: OFF_ON,
    }
    Resilver {
        name: "resilver", kind: Kind::Lab, group: WORKLOAD, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "A resilver of the last child of each mirror or RAID-Z: reads from the others (every other column for RAID-Z) and writes to it in each txg sync's scan phase (at least zfs_resilver_min_time_ms), zfs_scan_vdev_limit bytes in flight per top-level vdev, 16 blocks under the legacy scheduler (needs mirror of 2 or more).",
        choices: OFF_ON,
    }
    Device {
        name: "device", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 2, min: 0, max: 2, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Every disk's kind: an enterprise 7200 rpm HDD (seeks, rotation, a command queue), a datacenter SSD (channels and dies), or an array LUN (fixed latency, shared bandwidth).",
        choices: DEVICE_KINDS,
    }
    Drive {
        name: "drive", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 10, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "A named drive with its data sheet's figures (throttle-lab drives lists each with its source): it sets the disk's kind and every parameter; the kind's own settings here still change it when moved from their defaults. generic keeps the device setting's models.",
        choices: DRIVES,
    }
    HddRpm {
        name: "hdd_rpm", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 7200, min: 1000, max: 20_000, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "HDD spindle speed: half a revolution is the mean rotational wait (4.2 ms at 7200 rpm).",
    }
    HddQueueDepth {
        name: "hdd_queue_depth", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 32, min: 1, max: 256, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Commands the HDD accepts at once and reorders (NCQ); 1 serves them in arrival order.",
    }
    HddCacheWrites {
        name: "hdd_cache_writes", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 24, min: 0, max: 256, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Writes the HDD's write-back cache holds: each is acknowledged once cached and written to the platter later, a cache flush waiting for those before it. 0 turns the cache off (hdparm -W0, sdparm --clear WCE), as some arrays and controllers do: every write waits for the platter.",
    }
    SsdRead {
        name: "ssd_read", kind: Kind::Lab, group: POOL, unit: Unit::Nanoseconds,
        default: 70_000, min: 1_000, max: S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "SSD flash page read time.",
    }
    SsdProgram {
        name: "ssd_program", kind: Kind::Lab, group: POOL, unit: Unit::Nanoseconds,
        default: 600_000, min: 1_000, max: S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "SSD flash page program (write) time, per die.",
    }
    SsdGcPerMillion {
        name: "ssd_gc_per_million", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 0, min: 0, max: 1_000_000, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "SSD garbage collection: of every million page programs, how many first wait for their die to move valid pages and erase a block (ssd_gc_stall each); the latency variance of a drive under sustained writes. 0: none.",
    }
    SsdGcStall {
        name: "ssd_gc_stall", kind: Kind::Lab, group: POOL, unit: Unit::Nanoseconds,
        default: 0, min: 0, max: 10 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "How long one garbage collection holds its die, and every program queued behind it there.",
    }
    LunBandwidth {
        name: "lun_bandwidth", kind: Kind::Lab, group: POOL, unit: Unit::BytesPerSecond,
        default: 100_000_000, min: MIB, max: TIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "What the array behind the LUN sustains, all I/Os together.",
    }
    LunLatency {
        name: "lun_latency", kind: Kind::Lab, group: POOL, unit: Unit::Nanoseconds,
        default: 5 * MS, min: 0, max: S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The LUN's fixed latency per I/O, on top of its transfer time.",
    }
    LunStallPerMillion {
        name: "lun_stall_per_million", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 0, min: 0, max: 1_000_000, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The LUN's latency variance: of every million I/Os, how many are held up lun_stall beyond lun_latency (a network retransmission, a replica's hiccup, the array's housekeeping). 0: every I/O takes its latency.",
    }
    LunStall {
        name: "lun_stall", kind: Kind::Lab, group: POOL, unit: Unit::Nanoseconds,
        default: 0, min: 0, max: 10 * S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "How long a held-up I/O waits beyond lun_latency; it does not hold up the I/Os behind it.",
    }
    DiskCapacity {
        name: "disk_capacity", kind: Kind::Lab, group: POOL, unit: Unit::Bytes,
        default: 0, min: 64 * MIB, max: 1 << 50, off: Some(0), scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Each disk's size, 64 MiB at least (room for the labels, the data area and the log area); 0 keeps the device's own (4 TB HDD, 1.92 TB SSD, 10 TB LUN). A small disk keeps an aged allocator quick to set up.",
    }
    Allocator {
        name: "allocator", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 2, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Where the txg's blocks go: a plain cursor per vdev, or the metaslab allocator of 2009/Q3 (best fit past 70% full, a sticky primary metaslab) or 2010/Q1 (96%, the 128 KiB rule).",
        choices: &["cursor", "2009", "2010"],
    }
    PoolFill {
        name: "pool_fill", kind: Kind::Lab, group: POOL, unit: Unit::Percent,
        default: 0, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "With the metaslab allocator: the share of each metaslab already allocated at the start (an aged pool).",
    }
    PoolHoles {
        name: "pool_holes", kind: Kind::Lab, group: POOL, unit: Unit::Percent,
        default: 0, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "With the metaslab allocator: free single blocks (of the recordsize) among the allocated ones at the start, as copy-on-write frees leave them; fill and holes together at most 100%.",
    }
    PoolWritten {
        name: "pool_written", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "How the data on the pool was written, which sets the order a scrub or resilver before 0.8 reads it in (its traversal walks each file's blocks in logical order): aged, rewritten over time, the blocks found all over the disk; or sequentially, filled once by sequential writes (a fresh backup target, a pool restored with zfs receive), the blocks found in offset order. From 0.8 the scan sorts its blocks by offset either way; the legacy scheduler's scan always walks in offset order.",
        choices: &["aged", "sequentially"],
    }
    TopLevelVdevs {
        name: "top_level_vdevs", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 1, min: 1, max: 64, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Top-level vdevs; writes are spread across them.",
    }
    Mirror {
        name: "mirror", kind: Kind::Lab, group: POOL, unit: Unit::Count,
        default: 1, min: 1, max: 16, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Disks per top-level vdev: 1 is a single disk, 2 or more a mirror (every write goes to each, a read to one), or RAID-Z's width when raidz is set.",
    }
    Raidz {
        name: "raidz", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 3, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Each top-level vdev as RAID-Z of this parity over its disks (mirror sets the width, at least parity + 1): a block is split over the data disks with a parity sector per row and padded to a multiple of parity + 1 sectors (vdev_raidz.c), so small blocks cost more than their size.",
        choices: &["none", "raidz1", "raidz2", "raidz3"],
    }
    Slog {
        name: "slog", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 2, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "A separate log device (SLOG) of SSDs (slog_drive), one or a mirror of two: the ZIL's blocks go there instead of the pool's disks, and every logged write is copied into the log (no indirect writes with a log device, zil_write_state()).",
        choices: &["none", "ssd", "ssd-mirror"],
    }
    SlogDrive {
        name: "slog_drive", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 3, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The log device's SSD: the ssd device's datacenter model (8 channels, about 1.7 GB/s of writes, no power-loss protection), or a named drive with its data sheet's figures (throttle-lab drives): a SATA SSD (about 490 MB/s, power-loss protection), an NVMe SSD, or Optane.",
        choices: &["datacenter", "sata-s4500", "nvme-p4500", "optane-p4800x"],
    }
    Special {
        name: "special", kind: Kind::Lab, group: POOL, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "A special allocation class (0.8 on) of a mirror of two datacenter SSDs: the txg's metadata goes there instead of the pool's disks, so do data blocks of at most special_small_blocks (spa_preferred_class()), and from 2.4, without a SLOG, the ZIL (zio_alloc_zil()).",
        choices: &["none", "ssd-mirror"],
    }
    SpecialSmallBlocks {
        name: "special_small_blocks", kind: Kind::Lab, group: POOL, unit: Unit::Bytes,
        default: 0, min: 0, max: 16 * MIB, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The datasets' special_small_blocks property: data blocks of at most this size (after compression) go to the special class; 0 keeps data off it.",
    }
    ThrottleModelChoice {
        name: "throttle_model", kind: Kind::Lab, group: RUN, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The write throttle: OpenZFS's dirty-data delay (2013 on), or the legacy write limit of 2008-2013 (stall at the limit, a tick's delay past 7/8).",
        choices: MODELS,
    }
    SchedulerModelChoice {
        name: "scheduler_model", kind: Kind::Lab, group: RUN, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The vdev I/O scheduler: OpenZFS's per-class queues (2013 on), or the legacy single queue with zfs_vdev_max_pending and fixed priorities.",
        choices: MODELS,
    }
    Release {
        name: "release", kind: Kind::Lab, group: RUN, unit: Unit::Choice,
        default: 10, min: 0, max: 10, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The OpenZFS release the OpenZFS models follow: its tunables' defaults (for tunables left at master's), which tunables exist, the sync kick, when dirty data is retired, the log-data throttle, the scrub credit, the I/O scheduler, the scan, the ZIL's log blocks and the prefetcher (throttle-lab releases lists them).",
        choices: RELEASES,
    }
    Ram {
        name: "ram", kind: Kind::Lab, group: RUN, unit: Unit::Bytes,
        default: 64 * GIB, min: 256 * MIB, max: 1 << 50, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The machine's physical memory. zfs_dirty_data_max and zfs_dirty_data_max_max left at their defaults are derived from it as the release's arc_init() does (10% of it, capped at 25% of it and from 0.7 at 4 GiB); the legacy write limit is at most an eighth of it.",
    }
    CpuPerWrite {
        name: "cpu_per_write", kind: Kind::Lab, group: RUN, unit: Unit::Nanoseconds,
        default: CPU_PER_WRITE, min: 0, max: S, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The machine's CPU time for each client write call (zfs_write()'s dmu_write() and commit) beyond copying its data at 4 GB/s: it bounds what one writer thread can do (1 µs, a fast production build; a debug build took 1.27 ms). A scenario file's system.cpu_per_write.",
    }
    LegacyEra {
        name: "legacy_era", kind: Kind::Lab, group: RUN, unit: Unit::Choice,
        default: 1, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Which legacy defaults apply to tunables left at their current defaults when a legacy model runs: 2008 (txg timeout 30 s, max_pending 35) or 2010 (5 s, 10).",
        choices: &["2008", "2010"],
    }
    Duration {
        name: "duration", kind: Kind::Lab, group: RUN, unit: Unit::Seconds,
        default: 30, min: 1, max: 3600, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Simulated time of each run (30 s shows six txg timeouts and keeps a rerun under 100 ms); samples are taken every 1/240 of it (at least 10 ms).",
    }
    SteadyWindow {
        name: "steady_window", kind: Kind::Lab, group: RUN, unit: Unit::Count,
        default: 20, min: 2, max: 100_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "Report intervals in the steady-state window: a metric is steady when, over the window, its range is within 20% of its mean and its least-squares line moves less than 10% of it (SNIA).",
    }
    SteadyQuorum {
        name: "steady_quorum", kind: Kind::Lab, group: RUN, unit: Unit::Percent,
        default: 70, min: 0, max: 100, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Share of the tracked metrics (ops, bandwidth, latency, dirty data, txg sync time, aggregation) that must be steady for the run to be: 70% is the talk's 7 of 10, 5 of these 6.",
    }
    Summaries {
        name: "summaries", kind: Kind::Lab, group: RUN, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "What the summaries and histograms cover: the time after steady state is reached (the whole run if it never is), or the whole run.",
        choices: &["after_steady", "whole_run"],
    }
    RunUntil {
        name: "run_until", kind: Kind::Lab, group: RUN, unit: Unit::Choice,
        default: 0, min: 0, max: 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "Run for the whole duration, or stop one window after steady state is reached (the duration and the work budget still bound it).",
        choices: &["duration", "steady"],
    }
    EventBudget {
        name: "event_budget", kind: Kind::Lab, group: RUN, unit: Unit::Count,
        default: 200_000_000, min: 1_000, max: 10_000_000_000, scale: Scale::Log, effect: Effect::Rerun,
        meaning: "The run's work budget: events processed at most. A run that needs more stops there and says so, so that no setting can run without end.",
    }
    Seed {
        name: "seed", kind: Kind::Lab, group: RUN, unit: Unit::Count,
        default: 1, min: 0, max: (1 << 53) - 1, scale: Scale::Linear, effect: Effect::Rerun,
        meaning: "The random seed: the same seed and settings give the same run, byte for byte.",
    }
}

impl Id {
    /// This entry's schema row.
    pub fn spec(self) -> &'static Spec {
        &SPECS[self as usize]
    }

    /// Finds an entry by its name (exact, case-sensitive like the module parameters).
    pub fn from_name(name: &str) -> Option<Id> {
        SPECS.iter().find(|s| s.name == name).map(|s| s.id)
    }
}

/// The min/max pair of every I/O class, for checks that walk them together.
pub const CLASS_LIMITS: [(Id, Id); 5] = [
    (Id::SyncReadMinActive, Id::SyncReadMaxActive),
    (Id::SyncWriteMinActive, Id::SyncWriteMaxActive),
    (Id::AsyncReadMinActive, Id::AsyncReadMaxActive),
    (Id::AsyncWriteMinActive, Id::AsyncWriteMaxActive),
    (Id::ScrubMinActive, Id::ScrubMaxActive),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn specs_are_indexed_by_id_and_names_are_unique() {
        for (i, spec) in SPECS.iter().enumerate() {
            assert_eq!(spec.id as usize, i);
            assert_eq!(Id::from_name(spec.name), Some(spec.id));
        }
        assert_eq!(Id::COUNT, SPECS.len());
    }

    #[test]
    fn every_default_lies_in_its_range() {
        for spec in SPECS {
            let in_range = spec.min <= spec.default && spec.default <= spec.max;
            assert!(in_range || spec.off == Some(spec.default), "{}", spec.name);
            // "Not set" lies outside the range, else it could not be told from a value.
            assert!(spec.off.map_or(true, |off| off < spec.min || off > spec.max), "{}", spec.name);
            assert!(!spec.meaning.is_empty(), "{}", spec.name);
            // Every OpenZFS tunable says where releases differed; a lab setting has no history.
            assert!(spec.kind == Kind::Lab || !spec.history.is_empty(), "{}", spec.name);
            assert_eq!(spec.unit == Unit::Choice, !spec.choices.is_empty(), "{}", spec.name);
            if spec.unit == Unit::Choice {
                assert_eq!(spec.min, 0, "{}", spec.name);
                assert_eq!(spec.max as usize, spec.choices.len() - 1, "{}", spec.name);
            }
        }
    }

    #[test]
    fn tunables_and_the_simulated_setup_rerun_and_view_settings_redraw() {
        for spec in SPECS {
            let expected = if spec.id == Id::WriteSize { Effect::Redraw } else { Effect::Rerun };
            assert_eq!(spec.effect, expected, "{}", spec.name);
        }
    }

    #[test]
    fn choices_read_by_name_and_write_back() {
        let device = Id::Device.spec();
        assert_eq!(device.parse("LUN"), Ok(2));
        assert_eq!(device.parse("1"), Ok(1));
        assert_eq!(device.format(2), "lun");
        assert_eq!(device.describe(0), "hdd");
        assert_eq!(device.parse("tape"), Err(crate::units::ParseProblem::NotAChoice));
        for spec in SPECS {
            assert_eq!(spec.parse(&spec.format(spec.default)), Ok(spec.default), "{}", spec.name);
            assert_eq!(spec.parse(&spec.format(spec.max)), Ok(spec.max), "{}", spec.name);
        }
    }

    #[test]
    fn freebsd_names_follow_the_module_param_scope() {
        for spec in SPECS.iter().filter(|s| s.kind == Kind::Tunable) {
            if let Some(sysctl) = spec.freebsd {
                let leaf = sysctl.rsplit('.').next().unwrap_or_default();
                assert!(spec.name.ends_with(leaf), "{} vs {sysctl}", spec.name);
            }
        }
    }
}
