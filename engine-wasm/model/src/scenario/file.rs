//! The scenario file format (`docs/scenario-format.md`) as types that both read and write
//! it: every field optional (absent or null takes its default), unknown fields refused,
//! quantities in their units, `kind` choosing a workload's or a device's fields. `read.rs`
//! reads one from text; `resolve.rs` checks ranges and combinations and turns it into the
//! [`Scenario`](super::Scenario) the engine runs.

use super::models::{Era, SchedulerModel, ThrottleModel};
use super::pool::{Retire, Written};
use super::quantity::{Bytes, Count, Nanoseconds, Percent, Quantity, TunableText};
use super::release::Release;
use serde::ser::{Error as _, SerializeMap};
use serde::{Deserialize, Serialize, Serializer};
use serde_json::Value;
use std::collections::BTreeMap;

/// A struct of the format: each field optional, left out when written if unset, and any
/// field not declared refused by name.
macro_rules! file_struct {
    ($(#[$meta:meta])* $name:ident { $($(#[$field_meta:meta])* $field:ident: $ty:ty,)* }) => {
        $(#[$meta])*
        #[derive(Clone, Debug, Default, PartialEq, Deserialize, Serialize)]
        #[serde(deny_unknown_fields, expecting = "an object { ... }")]
        pub struct $name {
            $($(#[$field_meta])*
            #[serde(default, skip_serializing_if = "Option::is_none")]
            pub $field: Option<$ty>,)*
        }
    };
}

file_struct! {
    /// A whole scenario file.
    ScenarioFile {
        /// The format's version; this engine reads 1.
        version: Quantity<Count>,
        name: String,
        description: String,
        seed: Quantity<Count>,
        duration: Quantity<Nanoseconds>,
        report_interval: Quantity<Nanoseconds>,
        models: ModelsFile,
        system: SystemFile,
        /// OpenZFS tunables by name, in their own units.
        tunables: BTreeMap<String, TunableText>,
        pool: PoolFile,
        workloads: Vec<WorkloadFile>,
        budget: BudgetFile,
        steady: SteadyFile,
        /// The lab's settings as a share link's query (`v=1&zfs_delay_scale=1ms`), as
        /// `throttle-lab import --scenario` writes them: the scenario is the app's, and only
        /// `version`, `name` and `description` may be given beside it.
        lab: String,
    }
}

file_struct! {
    ModelsFile {
        throttle: ThrottleModel,
        scheduler: SchedulerModel,
        era: Era,
        release: Release,
    }
}

file_struct! {
    SystemFile {
        /// Physical memory: the legacy write limit is at most a fraction of it.
        ram: Quantity<Bytes>,
        /// CPU time of each client write beyond copying its data.
        cpu_per_write: Quantity<Nanoseconds>,
    }
}

file_struct! {
    BudgetFile {
        max_events: Quantity<Count>,
        max_simulated_time: Quantity<Nanoseconds>,
    }
}

file_struct! {
    SteadyFile {
        window: Quantity<Count>,
        quorum: Quantity<Percent>,
        summaries: Summaries,
        run_until: RunUntil,
    }
}

file_struct! {
    PoolFile {
        /// The pool as its `zpool create` line or `zpool status` has it (`zpool_layout.rs`);
        /// instead of `top_level_vdevs`, `mirror` and `raidz`.
        layout: String,
        top_level_vdevs: Quantity<Count>,
        /// Leaves per top-level vdev: a mirror's sides, or RAID-Z's width.
        mirror: Quantity<Count>,
        /// RAID-Z parity of every top-level vdev (1, 2 or 3); 0 or absent for disks and mirrors.
        raidz: Quantity<Count>,
        device: DeviceFile,
        /// The device of the log vdevs, if the layout has any (a datacentre SSD by default).
        log_device: DeviceFile,
        /// The device of the special class's vdevs, if the layout has any (a datacentre SSD).
        special_device: DeviceFile,
        /// The datasets' `special_small_blocks`: data blocks this small go to the special class.
        special_small_blocks: Quantity<Bytes>,
        retire: Retire,
        allocator: AllocatorFile,
        /// How the data on the pool was written: `aged` or `sequentially`.
        written: Written,
    }
}

file_struct! {
    AllocatorFile {
        policy: Policy,
        metaslab_df_free_pct: Quantity<Percent>,
        metaslab_df_alloc_threshold: Quantity<Bytes>,
        fill: Quantity<Percent>,
        holes: Quantity<Percent>,
        fill_block: Quantity<Bytes>,
    }
}

/// The device of every leaf; `kind` (default `hdd`) chooses the model and its fields.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DeviceFile {
    Hdd(HddFile),
    Ssd(SsdFile),
    Lun(LunFile),
    Injected(InjectedFile),
}

/// The device kinds a file may name, the first the default. The lab offers the first
/// three (`schema::DEVICE_KINDS`); `injected` is for scenario files only.
pub const DEVICE_KINDS: [&str; 4] = ["hdd", "ssd", "lun", "injected"];

file_struct! {
    HddFile {
        preset: String,
        rpm: Quantity<Count>,
        capacity: Quantity<Bytes>,
        track_to_track: Quantity<Nanoseconds>,
        full_stroke: Quantity<Nanoseconds>,
        track_bytes: Quantity<Bytes>,
        media_rate: Quantity<Bytes>,
        interface_rate: Quantity<Bytes>,
        overhead: Quantity<Nanoseconds>,
        queue_depth: Quantity<Count>,
        cache_writes: Quantity<Count>,
        age_limit: Quantity<Nanoseconds>,
        smr_cache: Quantity<Bytes>,
        smr_band: Quantity<Bytes>,
    }
}

file_struct! {
    SsdFile {
        preset: String,
        capacity: Quantity<Bytes>,
        channels: Quantity<Count>,
        dies_per_channel: Quantity<Count>,
        read: Quantity<Nanoseconds>,
        program: Quantity<Nanoseconds>,
        page_bytes: Quantity<Bytes>,
        channel_rate: Quantity<Bytes>,
        overhead: Quantity<Nanoseconds>,
        coalesce: Quantity<Nanoseconds>,
        write_cache: Quantity<Bytes>,
        power_loss_protection: bool,
        stall_per_million: Quantity<Count>,
        stall: Quantity<Nanoseconds>,
    }
}

file_struct! {
    LunFile {
        preset: String,
        capacity: Quantity<Bytes>,
        bandwidth: Quantity<Bytes>,
        base_latency: Quantity<Nanoseconds>,
        rotational: bool,
        stall_per_million: Quantity<Count>,
        stall: Quantity<Nanoseconds>,
    }
}

file_struct! {
    InjectedFile {
        capacity: Quantity<Bytes>,
        latency: Quantity<Nanoseconds>,
        lanes: Quantity<Count>,
    }
}

/// One workload; `kind` (default `async_write`) chooses its fields. Every kind may name
/// its `tenant`.
#[derive(Clone, Debug, PartialEq, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WorkloadFile {
    AsyncWrite(AsyncWriteFile),
    SyncWrite(SyncWriteFile),
    RandomRead(RandomReadFile),
    SequentialRead(SequentialReadFile),
    Scrub(ScrubFile),
    Resilver(ResilverFile),
    SyncTask(SyncTaskFile),
}

/// The workload kinds, the first the default.
pub const WORKLOAD_KINDS: [&str; 7] =
    ["async_write", "sync_write", "random_read", "sequential_read", "scrub", "resilver", "sync_task"];

file_struct! {
    AsyncWriteFile {
        tenant: String,
        threads: Quantity<Count>,
        block_size: Quantity<Bytes>,
        record_size: Quantity<Bytes>,
        pattern: Pattern,
        region: Quantity<Bytes>,
        /// Total bytes per second over all threads; 0 is as fast as admitted.
        rate: Quantity<Bytes>,
        burst: BurstFile,
        compressible: Quantity<Percent>,
        cache_hit: Quantity<Percent>,
        /// Writes to a zvol: its blocks are `volblocksize` (the release's default unless
        /// given), instead of a file's `record_size`.
        zvol: bool,
        volblocksize: Quantity<Bytes>,
    }
}

file_struct! {
    BurstFile {
        on: Quantity<Nanoseconds>,
        off: Quantity<Nanoseconds>,
    }
}

file_struct! {
    SyncWriteFile {
        tenant: String,
        threads: Quantity<Count>,
        block_size: Quantity<Bytes>,
        sync: SyncKind,
        fsync_every: Quantity<Bytes>,
        rate: Quantity<Bytes>,
        /// The dataset's `logbias`: `latency` (the default) or `throughput`.
        logbias: Logbias,
        /// The records written into, as a buffered writer's (`async_write`).
        record_size: Quantity<Bytes>,
        pattern: Pattern,
        region: Quantity<Bytes>,
        cache_hit: Quantity<Percent>,
        zvol: bool,
        volblocksize: Quantity<Bytes>,
    }
}

file_struct! {
    RandomReadFile {
        tenant: String,
        threads: Quantity<Count>,
        block_size: Quantity<Bytes>,
        working_set: Quantity<Bytes>,
        /// Percent of reads the ARC serves; the others go to the disks.
        cache_hit: Quantity<Percent>,
    }
}

file_struct! {
    SequentialReadFile {
        tenant: String,
        threads: Quantity<Count>,
        block_size: Quantity<Bytes>,
        region: Quantity<Bytes>,
    }
}

file_struct! {
    ScrubFile {
        tenant: String,
        block_size: Quantity<Bytes>,
        outstanding_per_leaf: Quantity<Count>,
    }
}

file_struct! {
    SyncTaskFile {
        tenant: String,
        every: Quantity<Nanoseconds>,
    }
}

file_struct! {
    ResilverFile {
        tenant: String,
        block_size: Quantity<Bytes>,
        outstanding: Quantity<Count>,
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Pattern {
    Sequential,
    Random,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Logbias {
    Latency,
    Throughput,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SyncKind {
    /// Every write is O_DSYNC.
    Dsync,
    /// Buffered writes and an fsync after every `fsync_every` bytes.
    Fsync,
    /// Each write waits for its txg to sync (`txg_wait_synced()`), as a Lustre OSD
    /// without a ZIL commits.
    Txg,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
pub enum Policy {
    #[serde(rename = "2009")]
    Y2009,
    #[serde(rename = "2010")]
    Y2010,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Summaries {
    AfterSteady,
    WholeRun,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum RunUntil {
    Duration,
    Steady,
}

/// Writes `fields` as one object with `"kind": kind` first, the file's form of a tagged
/// enum (read back by `read.rs`, which moves `kind` out again before serde reads it).
fn with_kind<S: Serializer>(s: S, kind: &str, fields: &impl Serialize) -> Result<S::Ok, S::Error> {
    let Value::Object(fields) = serde_json::to_value(fields).map_err(S::Error::custom)? else {
        return Err(S::Error::custom("a variant's fields are an object"));
    };
    let mut map = s.serialize_map(Some(fields.len() + 1))?;
    map.serialize_entry("kind", kind)?;
    for (name, value) in &fields {
        map.serialize_entry(name, value)?;
    }
    map.end()
}

impl Serialize for DeviceFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [hdd, ssd, lun, injected] = DEVICE_KINDS;
        match self {
            DeviceFile::Hdd(d) => with_kind(s, hdd, d),
            DeviceFile::Ssd(d) => with_kind(s, ssd, d),
            DeviceFile::Lun(d) => with_kind(s, lun, d),
            DeviceFile::Injected(d) => with_kind(s, injected, d),
        }
    }
}

impl Serialize for WorkloadFile {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let [async_write, sync_write, random_read, sequential_read, scrub, resilver, sync_task] = WORKLOAD_KINDS;
        match self {
            WorkloadFile::AsyncWrite(w) => with_kind(s, async_write, w),
            WorkloadFile::SyncWrite(w) => with_kind(s, sync_write, w),
            WorkloadFile::RandomRead(w) => with_kind(s, random_read, w),
            WorkloadFile::SequentialRead(w) => with_kind(s, sequential_read, w),
            WorkloadFile::Scrub(w) => with_kind(s, scrub, w),
            WorkloadFile::Resilver(w) => with_kind(s, resilver, w),
            WorkloadFile::SyncTask(w) => with_kind(s, sync_task, w),
        }
    }
}
