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
