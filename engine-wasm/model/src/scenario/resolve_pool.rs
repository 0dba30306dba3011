//! The pool part of resolving a scenario file (`resolve.rs`): the layout or the vdevs
//! alike, the log and special classes, the devices from their presets (`drives.rs`) and
//! overrides, and the metaslab allocator; each problem names its field.

use super::allocator::{AllocPolicy, AllocatorSpec};
use super::device::{DeviceSpec, HddParams, InjectedParams, LunParams, SsdParams};
use super::drives;
use super::file::{AllocatorFile, DeviceFile, Policy, PoolFile};
use super::pool::{AuxClass, Pool, Retire, TopVdev, Written};
use super::read::{field, text, value, value32, FieldError};
use super::release::Release;
use super::zpool_layout;

const KIB: u64 = 1 << 10;
const MIB: u64 = 1 << 20;
const S: u64 = 1_000_000_000;

pub(super) fn pool(p: PoolFile, release: Release) -> Result<Pool, FieldError> {
    let mut pool = Pool::alike(
        1,
        1,
        0,
        device(p.device.unwrap_or(DeviceFile::Hdd(Default::default())), "pool.device")?,
        Retire::Logical,
    );
    if let Some(layout) = p.layout {
        if p.top_level_vdevs.is_some() || p.mirror.is_some() || p.raidz.is_some() {
            return Err(FieldError::at(
                "pool.layout",
                "give the layout or top_level_vdevs, mirror and raidz, not both",
            ));
        }
        let layout = zpool_layout::parse(&text(Some(layout), "pool.layout", "")?)
            .map_err(|e| FieldError::at("pool.layout", e))?;
        pool.vdevs = layout.data;
        let ssd = || DeviceFile::Ssd(Default::default());
        if !layout.log.is_empty() {
            let device = device(p.log_device.unwrap_or_else(ssd), "pool.log_device")?;
            pool.log = Some(AuxClass { vdevs: layout.log, device });
        }
        if !layout.special.is_empty() {
            if release < Release::V0_8 {
                return Err(FieldError::at(
                    "pool.layout",
                    format!("allocation classes (special) came in 0.8, not in {}", release.name()),
                ));
            }
            let device = device(p.special_device.unwrap_or_else(ssd), "pool.special_device")?;
            pool.special = Some(AuxClass { vdevs: layout.special, device });
        }
    } else {
        let tops = value32(p.top_level_vdevs, "pool.top_level_vdevs", 1, 1, 64)?;
        let parity = value32(p.raidz, "pool.raidz", 0, 0, 3)?;
        let (min, default) = if parity == 0 { (1, 1) } else { (parity + 1, parity + 2) };
        let children = value32(p.mirror, "pool.mirror", default, min, zpool_layout::MAX_CHILDREN)?;
        if tops * children > crate::schema::MAX_LEAVES {
            return Err(FieldError::at(
                "pool",
                format!("{} devices; the lab models at most {}", tops * children, crate::schema::MAX_LEAVES),
            ));
        }
        pool.vdevs = vec![TopVdev::new(children, parity); tops as usize];
        if p.log_device.is_some() {
            return Err(FieldError::at("pool.log_device", "the pool has no log vdev: give it one in pool.layout"));
        }
        if p.special_device.is_some() {
            return Err(FieldError::at(
                "pool.special_device",
                "the pool has no special vdev: give it one in pool.layout",
            ));
        }
    }
    pool.special_small_blocks = value(p.special_small_blocks, "pool.special_small_blocks", 0, 0, 16 * MIB)?;
    pool.retire = p.retire.unwrap_or(release.retire());
    pool.allocator = p.allocator.map(allocator).transpose()?;
    pool.written = p.written.unwrap_or(Written::Aged);
    Ok(pool)
}

/// The allocator: an era's policy, any of its tunables overridden, and the starting state.
fn allocator(a: AllocatorFile) -> Result<AllocatorSpec, FieldError> {
    let at = |key| field("pool.allocator", key);
    let policy = match a.policy.unwrap_or(Policy::Y2010) {
        Policy::Y2009 => AllocPolicy::Y2009,
        Policy::Y2010 => AllocPolicy::Y2010,
    };
    let d = AllocatorSpec::for_policy(policy);
    let fill_percent = value(a.fill, &at("fill"), 0, 0, 100)?;
    let holes_percent = value(a.holes, &at("holes"), 0, 0, 100)?;
    if fill_percent + holes_percent > 100 {
        return Err(FieldError::at(&at("holes"), "fill and holes together cannot pass 100%"));
    }
    Ok(AllocatorSpec {
        policy,
        df_free_pct: value(a.metaslab_df_free_pct, &at("metaslab_df_free_pct"), d.df_free_pct, 0, 100)?,
        df_alloc_threshold: value(
            a.metaslab_df_alloc_threshold,
            &at("metaslab_df_alloc_threshold"),
            d.df_alloc_threshold,
            512,
            1 << 30,
        )?,
        fill_percent,
        holes_percent,
        fill_block: value(a.fill_block, &at("fill_block"), d.fill_block, 512, 16 * MIB)?,
    })
}

/// The named drive `given` of `kind` (`drives.rs`), or `default` when none is named.
fn preset(given: Option<String>, default: DeviceSpec, path: &str) -> Result<DeviceSpec, FieldError> {
    match given.as_deref() {
        None | Some("") => Ok(default),
        Some(name) => drives::find(default.kind(), name).map(|d| d.spec).ok_or_else(|| {
            FieldError::at(
                &field(path, "preset"),
                format!(
                    "'{}' is not a {} preset; the presets are {}",
                    crate::messages::shown(name),
                    default.kind(),
                    drives::names(default.kind()).join(", ")
                ),
            )
        }),
    }
}

/// A device: a kind, its preset, and any parameter overridden by name.
fn device(d: DeviceFile, path: &str) -> Result<DeviceSpec, FieldError> {
    let at = |key| field(path, key);
    // SSD garbage collection and LUN stalls alike: requests in a million.
    let per_million = |q, default| value(q, &at("stall_per_million"), default, 0, 1_000_000);
    Ok(match d {
        DeviceFile::Hdd(f) => {
            // find() keeps the kind, so the default is never taken here.
            let d = match preset(f.preset, DeviceSpec::Hdd(HddParams::enterprise_7200()), path)? {
                DeviceSpec::Hdd(d) => d,
                _ => HddParams::enterprise_7200(),
            };
            DeviceSpec::Hdd(HddParams {
                rpm: value(f.rpm, &at("rpm"), d.rpm, 1000, 20_000)?,
                capacity: value(f.capacity, &at("capacity"), d.capacity, 64 * MIB, 1 << 50)?,
                track_to_track_ns: value(f.track_to_track, &at("track_to_track"), d.track_to_track_ns, 0, S)?,
                full_stroke_ns: value(f.full_stroke, &at("full_stroke"), d.full_stroke_ns, 0, S)?,
                track_bytes: value(f.track_bytes, &at("track_bytes"), d.track_bytes, 4 * KIB, 1 << 30)?,
                media_rate: value(f.media_rate, &at("media_rate"), d.media_rate, MIB, 1 << 40)?,
                interface_rate: value(f.interface_rate, &at("interface_rate"), d.interface_rate, MIB, 1 << 40)?,
                overhead_ns: value(f.overhead, &at("overhead"), d.overhead_ns, 0, S)?,
                queue_depth: value32(f.queue_depth, &at("queue_depth"), d.queue_depth, 1, 256)?,
                cache_writes: value32(f.cache_writes, &at("cache_writes"), d.cache_writes, 0, 4096)?,
                age_limit_ns: value(f.age_limit, &at("age_limit"), d.age_limit_ns, 0, 60 * S)?,
                smr_cache_bytes: value(f.smr_cache, &at("smr_cache"), d.smr_cache_bytes, 0, 1 << 50)?,
                smr_band_bytes: value(f.smr_band, &at("smr_band"), d.smr_band_bytes.max(MIB), MIB, 1 << 34)?,
            })
        }
        DeviceFile::Ssd(f) => {
            // find() keeps the kind, so the default is never taken here.
            let d = match preset(f.preset, DeviceSpec::Ssd(SsdParams::datacenter()), path)? {
                DeviceSpec::Ssd(d) => d,
                _ => SsdParams::datacenter(),
            };
            DeviceSpec::Ssd(SsdParams {
                capacity: value(f.capacity, &at("capacity"), d.capacity, 64 * MIB, 1 << 50)?,
                channels: value32(f.channels, &at("channels"), d.channels, 1, 64)?,
                dies_per_channel: value32(f.dies_per_channel, &at("dies_per_channel"), d.dies_per_channel, 1, 64)?,
                read_ns: value(f.read, &at("read"), d.read_ns, 1_000, S)?,
                program_ns: value(f.program, &at("program"), d.program_ns, 1_000, S)?,
                page_bytes: value(f.page_bytes, &at("page_bytes"), d.page_bytes, 4 * KIB, 4 * MIB)?,
                channel_rate: value(f.channel_rate, &at("channel_rate"), d.channel_rate, MIB, 1 << 40)?,
                overhead_ns: value(f.overhead, &at("overhead"), d.overhead_ns, 0, S)?,
                coalesce_ns: value(f.coalesce, &at("coalesce"), d.coalesce_ns, 0, S)?,
                write_cache_bytes: value(f.write_cache, &at("write_cache"), d.write_cache_bytes, 0, 1 << 40)?,
                power_loss_protection: f.power_loss_protection.unwrap_or(d.power_loss_protection),
                stall_per_million: per_million(f.stall_per_million, d.stall_per_million)?,
                stall_ns: value(f.stall, &at("stall"), d.stall_ns, 0, 10 * S)?,
            })
        }
        DeviceFile::Lun(f) => {
            // find() keeps the kind, so the default is never taken here.
            let d = match preset(f.preset, DeviceSpec::Lun(LunParams::array_100mbs()), path)? {
                DeviceSpec::Lun(d) => d,
                _ => LunParams::array_100mbs(),
            };
            DeviceSpec::Lun(LunParams {
                capacity: value(f.capacity, &at("capacity"), d.capacity, 64 * MIB, 1 << 50)?,
                bandwidth: value(f.bandwidth, &at("bandwidth"), d.bandwidth, KIB, 1 << 40)?,
                base_latency_ns: value(f.base_latency, &at("base_latency"), d.base_latency_ns, 0, S)?,
                rotational: f.rotational.unwrap_or(d.rotational),
                stall_per_million: per_million(f.stall_per_million, d.stall_per_million)?,
                stall_ns: value(f.stall, &at("stall"), d.stall_ns, 0, 10 * S)?,
            })
        }
        DeviceFile::Injected(f) => {
            let d = InjectedParams::slow_leaf();
            DeviceSpec::Injected(InjectedParams {
                capacity: value(f.capacity, &at("capacity"), d.capacity, 64 * MIB, 1 << 50)?,
                latency_ns: value(f.latency, &at("latency"), d.latency_ns, 1_000, 10 * S)?,
                lanes: value32(f.lanes, &at("lanes"), d.lanes, 1, 1024)?,
            })
        }
    })
}
