//! The pool of a scenario: its top-level vdevs, mirror width, devices, metadata, how dirty
//! data is retired, and the metaslab allocator if one is modelled.

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

#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Pool {
    pub top_level_vdevs: u32,
    /// Children per top-level vdev: 1 is a single disk, 2 or more a mirror.
    pub mirror: u32,
    pub device: DeviceSpec,
    pub retire: Retire,
    /// The metaslab allocator, if modelled; without it blocks go to a sequential cursor.
    pub allocator: Option<AllocatorSpec>,
}
