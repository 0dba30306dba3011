//! The pool of a scenario: its top-level vdevs (disks, mirrors, RAID-Z), a log class if it
//! has one, the devices, how dirty data is retired, and the metaslab allocator if one is
//! modelled. `zpool_layout.rs` reads a layout from a `zpool create` line or `zpool status`.

use super::allocator::AllocatorSpec;
use super::device::DeviceSpec;
use serde::{Deserialize, Serialize};

/// How dirty data is retired as the txg's writes complete.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Retire {
    /// When the whole logical write is done (ZoL 2.2 and later).
    Logical,
    /// A share per physical leaf write (illumos 4045 up to ZoL 2.1).
    Physical,
}

/// How the pool's data was written, which sets where a traversal finds its blocks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Written {
    /// Rewritten over time: a file's blocks lie all over the disk.
    #[default]
    Aged,
    /// Filled once by sequential writes (a fresh backup target, a `zfs receive`): the
    /// allocator placed each writer's consecutive blocks at ascending offsets, so a walk
    /// of the files in logical order meets them in offset order.
    Sequentially,
}

impl Written {
    fn is_aged(&self) -> bool {
        *self == Written::Aged
    }
}

/// One top-level vdev: a single disk, an n-way mirror, RAID-Z or dRAID of some parity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TopVdev {
    /// Its leaves: 1 is a single disk.
    pub children: u32,
    /// 0 for a disk or a mirror (every child holds every block), else RAID-Z's or dRAID's.
    pub parity: u32,
    /// dRAID: its redundancy groups' data disks and its distributed spares.
    pub draid: Option<Draid>,
}

/// A dRAID vdev's layout beyond its parity (`vdev_draid.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Draid {
    /// Data disks of a redundancy group (`vdc_ndata`).
    pub data: u32,
    /// Distributed spares (`vdc_nspares`).
    pub spares: u32,
}

impl TopVdev {
    pub const DISK: TopVdev = TopVdev::new(1, 0);

    /// A disk (1, 0), a mirror (n, 0) or RAID-Z (n, parity).
    pub const fn new(children: u32, parity: u32) -> TopVdev {
        TopVdev { children, parity, draid: None }
    }

    /// `vdev_get_ndisks() - vdev_get_nparity()`: the disks holding distinct data, one for
    /// a disk or a mirror (`vdev_mirror_ops` has no `vdev_op_ndisks`), dRAID's children
    /// less its spares (`vdc_ndisks`) and parity.
    pub fn data_disks(&self) -> u32 {
        match (self.parity, self.draid) {
            (0, _) => 1,
            (p, Some(d)) => self.children - d.spares - p,
            (p, None) => self.children - p,
        }
    }

    /// What `zpool status` calls it (without its index).
    pub fn kind(&self) -> String {
        match (self.parity, self.children, self.draid) {
            (0, 1, _) => "disk".into(),
            (0, _, _) => "mirror".into(),
            (p, c, Some(d)) => format!("draid{p}:{}d:{c}c:{}s", d.data, d.spares),
            (p, _, None) => format!("raidz{p}"),
        }
    }
}

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pool {
    /// The normal class's top-level vdevs, in the order they were added.
    pub vdevs: Vec<TopVdev>,
    /// The device of every leaf of the normal class.
    pub device: DeviceSpec,
    /// Log vdevs (a SLOG): the ZIL's blocks go there instead of the normal class.
    pub log: Option<AuxClass>,
    /// The special allocation class (0.8 on): metadata, and data blocks of at most
    /// `special_small_blocks`, go there (`spa_preferred_class()`).
    pub special: Option<AuxClass>,
    /// The datasets' `special_small_blocks` property [bytes]; 0 keeps data off the special class.
    pub special_small_blocks: u64,
    pub retire: Retire,
    /// The metaslab allocator, if modelled; without it blocks go to a sequential cursor.
    pub allocator: Option<AllocatorSpec>,
    /// How the data already on the pool was written: the order a scan before 0.8 reads it.
    /// NOTE: left out of a report when aged, so that those reports keep their bytes.
    #[serde(skip_serializing_if = "Written::is_aged")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Written>", optional))]
    pub written: Written,
}

/// A log or special class: its top-level vdevs and their device.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AuxClass {
    pub vdevs: Vec<TopVdev>,
    pub device: DeviceSpec,
}

impl Pool {
    /// `tops` top-level vdevs alike, each of `children` leaves with `parity`.
    pub fn alike(tops: u32, children: u32, parity: u32, device: DeviceSpec, retire: Retire) -> Pool {
        Pool {
            vdevs: vec![TopVdev::new(children, parity); tops as usize],
            device,
            log: None,
            special: None,
            special_small_blocks: 0,
            retire,
            allocator: None,
            written: Written::Aged,
        }
    }
}
