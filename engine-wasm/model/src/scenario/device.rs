//! The device of every leaf, as a scenario gives it: a kind (HDD, SSD, LUN, injected) and its
//! parameters, starting from each kind's preset. The models themselves are in `sim/device/`.

use serde::Serialize;

/// The parameters of a device of any kind, as a scenario gives them.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum DeviceSpec {
    Hdd(HddParams),
    Ssd(SsdParams),
    Lun(LunParams),
    Injected(InjectedParams),
}

impl DeviceSpec {
    /// Sets the disk's size (the lab's `disk_capacity`).
    pub fn set_capacity(&mut self, bytes: u64) {
        match self {
            DeviceSpec::Hdd(p) => p.capacity = bytes,
            DeviceSpec::Ssd(p) => p.capacity = bytes,
            DeviceSpec::Lun(p) => p.capacity = bytes,
            DeviceSpec::Injected(p) => p.capacity = bytes,
        }
    }

    /// The kind's name, as a scenario file's `kind` gives it.
    pub fn kind(&self) -> &'static str {
        match self {
            DeviceSpec::Hdd(_) => "hdd",
            DeviceSpec::Ssd(_) => "ssd",
            DeviceSpec::Lun(_) => "lun",
            DeviceSpec::Injected(_) => "injected",
        }
    }

    pub fn capacity(&self) -> u64 {
        match self {
            DeviceSpec::Hdd(p) => p.capacity,
            DeviceSpec::Ssd(p) => p.capacity,
            DeviceSpec::Lun(p) => p.capacity,
            DeviceSpec::Injected(p) => p.capacity,
        }
    }

    /// Rotational media: picks `zfs_vdev_aggregation_limit` over the non-rotating limit
    /// (`vdev_queue.c`, `vdev_queue_aggregate()`, by `vd->vdev_nonrot`, which Linux takes
    /// from the block device's rotational flag in `vdev_disk_open()`).
    pub fn rotational(&self) -> bool {
        match self {
            DeviceSpec::Hdd(_) => true,
            DeviceSpec::Lun(p) => p.rotational,
            DeviceSpec::Ssd(_) | DeviceSpec::Injected(_) => false,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct HddParams {
    /// Spindle speed [revolutions per minute].
    pub rpm: u64,
    /// Addressable bytes.
    pub capacity: u64,
    /// Seek to the next track [ns].
    pub track_to_track_ns: u64,
    /// Seek across the whole surface [ns].
    pub full_stroke_ns: u64,
    /// Bytes per track: maps an offset to its angular position.
    pub track_bytes: u64,
    /// Sustained media transfer rate [bytes/s].
    pub media_rate: u64,
    /// Host interface rate, for writes taken into the cache [bytes/s].
    pub interface_rate: u64,
    /// Command processing per request [ns].
    pub overhead_ns: u64,
    /// Requests the drive accepts and may reorder (NCQ depth); more wait in the host.
    pub queue_depth: u32,
    /// Writes the write-back cache holds before new writes wait; 0 turns the cache off.
    pub cache_writes: u32,
    /// A queued request older than this is served next, whatever its position [ns].
    pub age_limit_ns: u64,
    /// Drive-managed SMR: the persistent media cache (a CMR region) that takes writes
    /// before they are merged into their shingled bands [bytes]; 0 for a CMR drive.
    pub smr_cache_bytes: u64,
    /// Drive-managed SMR: a shingled band, read and rewritten whole to merge what the
    /// media cache holds of it [bytes].
    pub smr_band_bytes: u64,
}

impl HddParams {
    /// A 7200 rpm enterprise drive, calibrated to the seed's measurements (S8).
    pub fn enterprise_7200() -> Self {
        HddParams {
            rpm: 7200,
            capacity: 4_000_000_000_000,
            track_to_track_ns: 800_000,
            full_stroke_ns: 14_500_000,
            track_bytes: 1 << 20,
            media_rate: 180_000_000,
            interface_rate: 550_000_000,
            overhead_ns: 100_000,
            queue_depth: 32,
            cache_writes: 24,
            age_limit_ns: 700_000_000,
            smr_cache_bytes: 0,
            smr_band_bytes: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SsdParams {
    /// Addressable bytes.
    pub capacity: u64,
    pub channels: u32,
    pub dies_per_channel: u32,
    /// Reading one page into the die's register [ns].
    pub read_ns: u64,
    /// Programming one page [ns].
    pub program_ns: u64,
    /// Flash page [bytes].
    pub page_bytes: u64,
    /// Per-channel transfer rate [bytes/s].
    pub channel_rate: u64,
    /// Controller processing per request [ns].
    pub overhead_ns: u64,
    /// A partly filled page is programmed after its first write waited this long [ns].
    pub coalesce_ns: u64,
    /// DRAM that takes writes before they are programmed: a write is acknowledged once it is
    /// in it while it has room [bytes]; 0 acknowledges each write when programmed.
    pub write_cache_bytes: u64,
    /// Power-loss protection: what the DRAM holds is safe, so a cache flush completes at
    /// once (datacentre drives); without it a flush waits for everything to be programmed.
    pub power_loss_protection: bool,
    /// Garbage collection: of every million page programs, how many first wait for their
    /// die to relocate valid pages and erase a block.
    pub stall_per_million: u64,
    /// How long such a collection holds the die [ns].
    pub stall_ns: u64,
}

impl SsdParams {
    /// A datacentre SATA/SAS-class SSD.
    pub fn datacenter() -> Self {
        SsdParams {
            capacity: 1_920_000_000_000,
            channels: 8,
            dies_per_channel: 4,
            read_ns: 70_000,
            program_ns: 600_000,
            page_bytes: 32 << 10,
            channel_rate: 400_000_000,
            overhead_ns: 15_000,
            coalesce_ns: 200_000,
            write_cache_bytes: 0,
            power_loss_protection: false,
            stall_per_million: 0,
            stall_ns: 0,
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LunParams {
    /// Addressable bytes.
    pub capacity: u64,
    /// Sustained bandwidth, reads and writes together [bytes/s].
    pub bandwidth: u64,
    /// Latency added to every request after its transfer [ns].
    pub base_latency_ns: u64,
    /// The LUN reports itself rotational, so the rotational aggregation limit applies.
    /// NOTE: false by default, as LUNs have always been modelled (the non-rotating limit);
    /// arrays report either, depending on their firmware.
    pub rotational: bool,
    /// Of every million requests, how many are held up (a network retransmission, a
    /// replica's hiccup, the array's own housekeeping).
    pub stall_per_million: u64,
    /// How long such a request is held up beyond its base latency [ns].
    pub stall_ns: u64,
}

impl LunParams {
    /// The seed's backend: 100 MB/s sustained, 0.5 ms base latency.
    pub fn array_100mbs() -> Self {
        LunParams {
            capacity: 10_000_000_000_000,
            bandwidth: 100_000_000,
            base_latency_ns: 500_000,
            rotational: false,
            stall_per_million: 0,
            stall_ns: 0,
        }
    }
}

/// OpenZFS's own slow leaf, `zinject -D LATENCY:LANES` (`zio_inject.c`,
/// `zio_handle_io_delay()`): `lanes` lanes, each serving one read or write at a time, each
/// taking `latency_ns` whatever its size.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InjectedParams {
    /// Addressable bytes.
    pub capacity: u64,
    /// What every read or write takes on its lane [ns] (`zi_timer`).
    pub latency_ns: u64,
    /// I/Os served at once (`zi_nlanes`).
    pub lanes: u32,
}

impl InjectedParams {
    /// One lane of 10 ms on a 4 TB leaf, the reference's slow leaf.
    pub fn slow_leaf() -> Self {
        InjectedParams { capacity: 4_000_000_000_000, latency_ns: 10_000_000, lanes: 1 }
    }
}
