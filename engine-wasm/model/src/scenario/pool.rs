//! The pool of a scenario: its top-level vdevs, mirror width, devices, metadata, how dirty
//! data is retired, and the metaslab allocator if one is modelled; read from the
//! scenario's `pool` object, every problem naming its field.

use super::allocator::{AllocPolicy, AllocatorSpec};
use super::device::{DeviceSpec, HddParams, LunParams, SsdParams};
use super::json_reader::{err, Obj, Read};
use crate::units::Unit;
use serde::Serialize;

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const S: u64 = 1_000_000_000;

/// How dirty data is retired as the txg's writes complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Retire {
    /// When the whole logical write is done (ZoL 2.2 and later).
    Logical,
    /// A share per physical leaf write (illumos 4045 up to ZoL 2.1).
    Physical,
}

#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Pool {
    pub top_level_vdevs: u32,
    /// Children per top-level vdev: 1 is a single disk, 2 or more a mirror.
    pub mirror: u32,
    pub device: DeviceSpec,
    /// Metadata written per txg, as a percent of its data [%].
    pub metadata_percent: u64,
    pub retire: Retire,
    /// The metaslab allocator, if modelled; without it blocks go to a sequential cursor.
    pub allocator: Option<AllocatorSpec>,
}

pub(super) fn read_pool(mut o: Obj<'_>) -> Read<Pool> {
    let top_level_vdevs = o.quantity("top_level_vdevs", Unit::Count, 1, 1, 64)? as u32;
    let mirror = o.quantity("mirror", Unit::Count, 1, 1, 8)? as u32;
    let device = match o.object("device")? {
        Some(d) => read_device(d)?,
        None => DeviceSpec::Hdd(HddParams::enterprise_7200()),
    };
    let metadata_percent = o.quantity("metadata_percent", Unit::Percent, 2, 0, 100)?;
    let retire = match o.choice("retire", &["logical", "physical"], "logical")? {
        "physical" => Retire::Physical,
        _ => Retire::Logical,
    };
    let allocator = match o.object("allocator")? {
        Some(a) => Some(read_allocator(a)?),
        None => None,
    };
    o.finish()?;
    Ok(Pool { top_level_vdevs, mirror, device, metadata_percent, retire, allocator })
}

/// The allocator: an era's policy, any of its tunables overridden, and the starting state.
fn read_allocator(mut o: Obj<'_>) -> Read<AllocatorSpec> {
    let policy = match o.choice("policy", &["2009", "2010"], "2010")? {
        "2009" => AllocPolicy::Y2009,
        _ => AllocPolicy::Y2010,
    };
    let d = AllocatorSpec::for_policy(policy);
    let df_free_pct = o.quantity("metaslab_df_free_pct", Unit::Percent, d.df_free_pct, 0, 100)?;
    let df_alloc_threshold =
        o.quantity("metaslab_df_alloc_threshold", Unit::Bytes, d.df_alloc_threshold, 512, 1 << 30)?;
    let fill_percent = o.quantity("fill", Unit::Percent, 0, 0, 100)?;
    let holes_path = o.path_of("holes");
    let holes_percent = o.quantity("holes", Unit::Percent, 0, 0, 100)?;
    if fill_percent + holes_percent > 100 {
        return err(&holes_path, "fill and holes together cannot pass 100%");
    }
    let fill_block = o.quantity("fill_block", Unit::Bytes, d.fill_block, 512, 16 * MIB)?;
    o.finish()?;
    Ok(AllocatorSpec { policy, df_free_pct, df_alloc_threshold, fill_percent, holes_percent, fill_block })
}

/// A device: a kind, a preset of that kind, and any parameter overridden by name.
fn read_device(mut o: Obj<'_>) -> Read<DeviceSpec> {
    let kind = o.choice("kind", &["hdd", "ssd", "lun"], "hdd")?;
    let preset_path = o.path_of("preset");
    let preset = o.text("preset", "")?;
    let spec = match kind {
        "hdd" => {
            if !matches!(preset.as_str(), "" | "enterprise-7200") {
                return err(&preset_path, format!("'{preset}' is not an HDD preset (enterprise-7200)"));
            }
            let d = HddParams::enterprise_7200();
            DeviceSpec::Hdd(HddParams {
                rpm: o.quantity("rpm", Unit::Count, d.rpm, 1000, 20_000)?,
                capacity: o.quantity("capacity", Unit::Bytes, d.capacity, 64 * MIB, 1 << 50)?,
                track_to_track_ns: o.quantity("track_to_track", Unit::Nanoseconds, d.track_to_track_ns, 0, S)?,
                full_stroke_ns: o.quantity("full_stroke", Unit::Nanoseconds, d.full_stroke_ns, 0, S)?,
                track_bytes: o.quantity("track_bytes", Unit::Bytes, d.track_bytes, 4 * KIB, 1 << 30)?,
                media_rate: o.quantity("media_rate", Unit::Bytes, d.media_rate, MIB, 1 << 40)?,
                interface_rate: o.quantity("interface_rate", Unit::Bytes, d.interface_rate, MIB, 1 << 40)?,
                overhead_ns: o.quantity("overhead", Unit::Nanoseconds, d.overhead_ns, 0, S)?,
                queue_depth: o.quantity("queue_depth", Unit::Count, u64::from(d.queue_depth), 1, 256)? as u32,
                cache_writes: o.quantity("cache_writes", Unit::Count, u64::from(d.cache_writes), 0, 4096)? as u32,
                age_limit_ns: o.quantity("age_limit", Unit::Nanoseconds, d.age_limit_ns, 0, 60 * S)?,
            })
        }
        "ssd" => {
            if !matches!(preset.as_str(), "" | "datacenter") {
                return err(&preset_path, format!("'{preset}' is not an SSD preset (datacenter)"));
            }
            let d = SsdParams::datacenter();
            DeviceSpec::Ssd(SsdParams {
                capacity: o.quantity("capacity", Unit::Bytes, d.capacity, 64 * MIB, 1 << 50)?,
                channels: o.quantity("channels", Unit::Count, u64::from(d.channels), 1, 64)? as u32,
                dies_per_channel: o.quantity("dies_per_channel", Unit::Count, u64::from(d.dies_per_channel), 1, 64)?
                    as u32,
                read_ns: o.quantity("read", Unit::Nanoseconds, d.read_ns, 1_000, S)?,
                program_ns: o.quantity("program", Unit::Nanoseconds, d.program_ns, 1_000, S)?,
                page_bytes: o.quantity("page_bytes", Unit::Bytes, d.page_bytes, 4 * KIB, 4 * MIB)?,
                channel_rate: o.quantity("channel_rate", Unit::Bytes, d.channel_rate, MIB, 1 << 40)?,
                overhead_ns: o.quantity("overhead", Unit::Nanoseconds, d.overhead_ns, 0, S)?,
                coalesce_ns: o.quantity("coalesce", Unit::Nanoseconds, d.coalesce_ns, 0, S)?,
            })
        }
        _ => {
            if !matches!(preset.as_str(), "" | "array-100mbs") {
                return err(&preset_path, format!("'{preset}' is not a LUN preset (array-100mbs)"));
            }
            let d = LunParams::array_100mbs();
            DeviceSpec::Lun(LunParams {
                capacity: o.quantity("capacity", Unit::Bytes, d.capacity, 64 * MIB, 1 << 50)?,
                bandwidth: o.quantity("bandwidth", Unit::Bytes, d.bandwidth, KIB, 1 << 40)?,
                base_latency_ns: o.quantity("base_latency", Unit::Nanoseconds, d.base_latency_ns, 0, S)?,
            })
        }
    };
    o.finish()?;
    Ok(spec)
}
