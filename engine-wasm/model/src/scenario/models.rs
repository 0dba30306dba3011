//! Which models run: the OpenZFS or the legacy (2008-2013) write throttle and scheduler,
//! chosen independently, and the historical era the legacy ones follow.

use super::release::Release;
use crate::schema::Id;
use serde::{Deserialize, Serialize};

/// Which write throttle runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum ThrottleModel {
    /// The dirty-data delay of 2013 on (illumos 4045, ZoL 0.6.3).
    Openzfs,
    /// "Write throttle 1.0" (2008-2013): a per-txg write limit from measured throughput.
    Legacy,
}

/// Which I/O scheduler runs on each leaf.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum SchedulerModel {
    /// Per-class queues with min/max active (`vdev_queue.c` since 2013).
    Openzfs,
    /// One deadline queue with fixed priorities and `zfs_vdev_max_pending`.
    Legacy,
}

/// The historical release a legacy model follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum Era {
    /// OpenSolaris up to build 121 (2008-2009): 5 s sync target, 30 s txg timeout,
    /// inflation x6, throughput in bytes/s, 35 pending I/Os per device.
    #[serde(rename = "2008")]
    Y2008,
    /// onnv_147 (late 2010) to the 2013 rewrite: 1 s sync target, 5 s timeout,
    /// inflation x24, throughput in bytes/ms, 10 pending I/Os per device.
    #[serde(rename = "2010")]
    Y2010,
}

impl Era {
    /// Worst-case allocated/logical ratio (`spa_get_asize()`) the legacy throttle counts in.
    pub fn inflation(self) -> u64 {
        match self {
            Era::Y2008 => 6,
            Era::Y2010 => 24,
        }
    }

    /// `arc_init()`'s `arc_c_max` of the era (zfs-0.4.9 and zfs-0.5.2 `arc.c`, as in
    /// OpenSolaris): `zfs_arc_max` when above 64 MiB and below RAM, else the larger of 3/4
    /// of RAM (`arc_c * 6`, `arc_c` an eighth of RAM) and RAM less 1 GiB (`arc_c * 8 - 1 GiB`
    /// when that is at least 1 GiB, else `arc_c_min`: a quarter of `arc_c`, at least 64 MiB).
    pub fn arc_max(self, ram: u64, zfs_arc_max: u64) -> u64 {
        if zfs_arc_max > 64 << 20 && zfs_arc_max < ram {
            return zfs_arc_max;
        }
        let arc_c = ram.min(1 << 50) / 8;
        let all_but_1g = if arc_c * 8 >= 1 << 30 { arc_c * 8 - (1 << 30) } else { (arc_c / 4).max(64 << 20) };
        (arc_c * 6).max(all_but_1g)
    }

    /// The era's defaults for the tunables it changed.
    pub(crate) fn defaults(self) -> [(Id, u64); 5] {
        let (timeout, synctime, pending) = match self {
            Era::Y2008 => (30, 5000, 35),
            Era::Y2010 => (5, 1000, 10),
        };
        [
            (Id::TxgTimeout, timeout),
            (Id::TxgSynctimeMs, synctime),
            (Id::VdevMaxPending, pending),
            // SPA_MAXBLOCKSIZE was 128 KiB: the aggregation limit for every device.
            (Id::AggregationLimit, 128 << 10),
            (Id::AggregationLimitNonRotating, 128 << 10),
        ]
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Models {
    pub throttle: ThrottleModel,
    pub scheduler: SchedulerModel,
    /// Used when either model is legacy: historical defaults and behaviour.
    pub era: Era,
    /// The OpenZFS release the OpenZFS models follow.
    /// NOTE: left out of a report when it is master, so that those reports keep their bytes.
    #[serde(skip_serializing_if = "is_master")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Release>", optional))]
    pub release: Release,
}

fn is_master(r: &Release) -> bool {
    *r == Release::Master
}

impl Models {
    pub fn any_legacy(&self) -> bool {
        self.throttle == ThrottleModel::Legacy || self.scheduler == SchedulerModel::Legacy
    }
}
