//! The symptoms a customer comes with, each with the metric it minimises, the tunables that
//! bear on it (each with the OpenZFS mechanism through which it does), and the guards it
//! suggests. A tunable is swept only where it acts: in a release that has it, under the
//! models that read it, on the devices and scans it governs.

use super::measure::Metric;
use crate::scenario::lab::effective;
use crate::scenario::Release;
use crate::schema::Id;
use crate::tunables::Tunables;
use serde::Serialize;

/// What must hold for a tunable to act on a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Need {
    /// The OpenZFS write throttle (`dmu_tx_delay()`), not the legacy one.
    OpenzfsThrottle,
    LegacyThrottle,
    /// The OpenZFS vdev scheduler (`vdev_queue.c`), not the legacy one.
    OpenzfsScheduler,
    LegacyScheduler,
    /// A rotating leaf (HDD): `zfs_vdev_aggregation_limit` (before 0.8, every leaf).
    Rotating,
    /// A non-rotating leaf (SSD, LUN): `zfs_vdev_aggregation_limit_non_rotating`.
    NonRotating,
    Scrub,
    Resilver,
}

/// A tunable a symptom sweeps, and how it bears on the symptom.
#[derive(Clone, Copy, Debug)]
pub struct Lever {
    pub id: Id,
    pub needs: &'static [Need],
    /// The OpenZFS function it acts in, and how.
    pub mechanism: &'static str,
}

/// A symptom: what the customer sees.
#[derive(Clone, Copy, Debug)]
pub struct Symptom {
    pub name: &'static str,
    pub title: &'static str,
    pub metric: Metric,
    pub levers: &'static [Lever],
    /// Guards to keep when none are given: (metric, tolerance [%]).
    pub guards: &'static [(Metric, u32)],
    /// The run must have a scrub or a resilver.
    pub needs_scan: bool,
}

use Need::*;

const DIRTY_MAX: Lever = Lever {
    id: Id::DirtyDataMax,
    needs: &[OpenzfsThrottle],
    mechanism: "dmu_tx.c dmu_tx_wait()/dmu_tx_delay(): the hard limit a writer waits at, and the span the delay curve is scaled to; smaller fills sooner and delays sooner",
};
const DELAY_MIN: Lever = Lever {
    id: Id::DelayMinDirtyPercent,
    needs: &[OpenzfsThrottle],
    mechanism: "dmu_tx.c dmu_tx_delay(): where delays start; lower spreads the delay over more writes before dirty data reaches the hard limit",
};
const DELAY_SCALE: Lever = Lever {
    id: Id::DelayScale,
    needs: &[OpenzfsThrottle],
    mechanism: "dmu_tx.c dmu_tx_delay(): how steeply the delay grows (the delay at the midpoint of the curve)",
};
const SYNC_PERCENT: Lever = Lever {
    id: Id::DirtyDataSyncPercent,
    // The legacy throttle has no dirty-data kick: txgs close on the timer or the limit.
    needs: &[OpenzfsThrottle],
    mechanism: "dsl_pool.c dsl_pool_need_dirty_sync() (0.8 on): a txg syncs before its timeout once this much is dirty, so syncs are smaller and more frequent",
};
const SYNC_BYTES: Lever = Lever {
    id: Id::DirtyDataSync,
    needs: &[OpenzfsThrottle],
    mechanism: "dsl_pool.c dsl_pool_need_dirty_delay() -> txg_kick() (before 0.8): the same early sync, in bytes",
};
const ASYNC_MAX: Lever = Lever {
    id: Id::AsyncWriteMaxActive,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_max_async_writes(): async writes in flight per leaf once dirty data is high: how fast a sync drains, and how much a read queues behind",
};
const ASYNC_MIN: Lever = Lever {
    id: Id::AsyncWriteMinActive,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_max_async_writes(): async writes in flight per leaf while dirty data is low, the start of the ramp",
};
const ASYNC_MIN_DIRTY: Lever = Lever {
    id: Id::AsyncWriteActiveMinDirtyPercent,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_max_async_writes(): the dirty data at which async writes start ramping up from their minimum",
};
const AGGREGATION: Lever = Lever {
    id: Id::AggregationLimit,
    needs: &[OpenzfsScheduler, Rotating],
    mechanism: "vdev_queue.c vdev_queue_aggregate(): the largest merged I/O on a rotating leaf; larger writes hold the head longer per I/O",
};
const AGGREGATION_NONROT: Lever = Lever {
    id: Id::AggregationLimitNonRotating,
    needs: &[OpenzfsScheduler, NonRotating],
    mechanism: "vdev_queue.c vdev_queue_aggregate(): the largest merged I/O on a non-rotating leaf",
};
const TXG_TIMEOUT: Lever = Lever {
    id: Id::TxgTimeout,
    needs: &[],
    mechanism: "txg.c txg_sync_thread(): a txg syncs at the latest this long after the last one started",
};
const MAX_PENDING: Lever = Lever {
    id: Id::VdevMaxPending,
    needs: &[LegacyScheduler],
    mechanism: "vdev_queue.c vdev_queue_io_to_issue() (2008-2013): I/Os issued to each leaf at once; more keeps the disk busier and makes a read wait behind more",
};
const SYNCTIME: Lever = Lever {
    id: Id::TxgSynctimeMs,
    needs: &[LegacyThrottle],
    mechanism: "dsl_pool.c dsl_pool_tempreserve_space() (2008-2013): the per-txg write limit is the measured sync throughput times this target; at the limit writers wait for the next txg",
};
const SCRUB_MAX: Lever = Lever {
    id: Id::ScrubMaxActive,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_class_max_active(): scrub and resilver I/Os in flight per leaf",
};
const SCRUB_MIN: Lever = Lever {
    id: Id::ScrubMinActive,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_class_min_active(): scrub I/Os each leaf issues whatever else is queued; at 0 a busy pool issues none, and the scan stops",
};
const SCAN_LIMIT: Lever = Lever {
    id: Id::ScanVdevLimit,
    needs: &[OpenzfsScheduler],
    mechanism: "dsl_scan.c scan_exec_io(): scan bytes in flight per top-level vdev (q_maxinflight_bytes)",
};
const NIA_CREDIT: Lever = Lever {
    id: Id::NiaCredit,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_class_max_active(): scrub I/Os let through between interactive completions while the leaf is busy",
};
const NIA_DELAY: Lever = Lever {
    id: Id::NiaDelay,
    needs: &[OpenzfsScheduler],
    mechanism: "vdev_queue.c vdev_queue_class_max_active(): interactive completions after which scrub ramps up to its max; higher keeps scrub at its min longer",
};
const SCRUB_TIME: Lever = Lever {
    id: Id::ScrubMinTimeMs,
    needs: &[Scrub],
    mechanism: "dsl_scan.c scan_io_queue_check_suspend(): the least time each txg's sync spends issuing scrub I/O",
};
const RESILVER_TIME: Lever = Lever {
    id: Id::ResilverMinTimeMs,
    needs: &[Resilver],
    mechanism: "dsl_scan.c scan_io_queue_check_suspend(): the least time each txg's sync spends issuing resilver I/O",
};
const SCRUB_DELAY: Lever = Lever {
    id: Id::ScrubDelay,
    needs: &[OpenzfsScheduler, Scrub],
    mechanism:
        "dsl_scan.c dsl_scan_scrub_cb() (before 0.8): ticks the scan sleeps before each block while clients are busy",
};
const RESILVER_DELAY: Lever = Lever {
    id: Id::ResilverDelay,
    needs: &[OpenzfsScheduler, Resilver],
    mechanism:
        "dsl_scan.c dsl_scan_scrub_cb() (before 0.8): ticks a resilver sleeps before each block while clients are busy",
};
const TOP_MAXINFLIGHT: Lever = Lever {
    id: Id::TopMaxinflight,
    needs: &[OpenzfsScheduler],
    mechanism: "dsl_scan.c dsl_scan_scrub_cb() (before 0.8): scan blocks in flight per top-level vdev",
};
const SCAN_IDLE: Lever = Lever {
    id: Id::ScanIdle,
    needs: &[OpenzfsScheduler],
    mechanism: "dsl_scan.c dsl_scan_scrub_cb() (before 0.8): how recent a client I/O must be for the pool to count as busy and the scan to sleep",
};

/// Every symptom the advisor knows.
pub const SYMPTOMS: &[Symptom] = &[
    Symptom {
        name: "write-stalls",
        title: "Writes stall: some write calls take far longer than the rest",
        metric: Metric::WriteStall,
        levers: &[DIRTY_MAX, DELAY_MIN, DELAY_SCALE, SYNC_PERCENT, SYNC_BYTES, ASYNC_MAX, SYNCTIME, MAX_PENDING],
        guards: &[(Metric::WriteThroughput, 10)],
        needs_scan: false,
    },
    Symptom {
        name: "fast-then-slow",
        title: "Writes start fast, then slow down to the pool's pace",
        metric: Metric::Cliff,
        levers: &[DIRTY_MAX, DELAY_MIN, DELAY_SCALE, SYNCTIME],
        guards: &[(Metric::WriteThroughput, 10), (Metric::WriteLatency, 25)],
        needs_scan: false,
    },
    Symptom {
        name: "reads-during-syncs",
        title: "Reads are slow while a txg syncs",
        metric: Metric::ReadLatency,
        levers: &[ASYNC_MAX, ASYNC_MIN, SYNC_PERCENT, SYNC_BYTES, AGGREGATION, AGGREGATION_NONROT, MAX_PENDING],
        guards: &[(Metric::WriteThroughput, 10)],
        needs_scan: false,
    },
    Symptom {
        name: "scan-hurts-reads",
        title: "A scrub or resilver makes reads slow",
        metric: Metric::ReadLatency,
        levers: &[
            SCRUB_MAX,
            SCRUB_MIN,
            SCAN_LIMIT,
            NIA_CREDIT,
            NIA_DELAY,
            SCRUB_TIME,
            RESILVER_TIME,
            SCRUB_DELAY,
            RESILVER_DELAY,
            TOP_MAXINFLIGHT,
            SCAN_IDLE,
            MAX_PENDING,
        ],
        guards: &[(Metric::ScanRate, 10), (Metric::TxgSync, 50)],
        needs_scan: true,
    },
    Symptom {
        name: "low-throughput",
        title: "Writes are slower than the pool should take",
        metric: Metric::WriteThroughput,
        levers: &[
            ASYNC_MAX,
            ASYNC_MIN_DIRTY,
            DIRTY_MAX,
            DELAY_MIN,
            AGGREGATION,
            AGGREGATION_NONROT,
            TXG_TIMEOUT,
            SYNCTIME,
            MAX_PENDING,
        ],
        guards: &[(Metric::ReadLatency, 10)],
        needs_scan: false,
    },
];

impl Symptom {
    pub fn find(name: &str) -> Option<&'static Symptom> {
        SYMPTOMS.iter().find(|s| s.name == name)
    }

    /// The levers that act on a run of `t`: present in its release, read by its models, on
    /// its devices and scan.
    pub fn levers_for(&self, t: &Tunables) -> Vec<Lever> {
        let e = effective(t);
        let release = Release::from_index(t.get(Id::Release));
        let holds = |need: &Need| match need {
            OpenzfsThrottle => e.get(Id::ThrottleModelChoice) == 0,
            LegacyThrottle => e.get(Id::ThrottleModelChoice) == 1,
            OpenzfsScheduler => e.get(Id::SchedulerModelChoice) == 0,
            LegacyScheduler => e.get(Id::SchedulerModelChoice) == 1,
            // Before 0.8 zfs_vdev_aggregation_limit applied to every leaf.
            Rotating => e.get(Id::Device) == 0 || release < Release::V0_8,
            NonRotating => e.get(Id::Device) != 0,
            Scrub => e.get(Id::Scrub) == 1,
            Resilver => e.get(Id::Resilver) == 1,
        };
        self.levers.iter().filter(|l| release.has(l.id) && l.needs.iter().all(holds)).copied().collect()
    }
}

/// A symptom as the app lists it.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SymptomInfo {
    pub name: &'static str,
    pub title: &'static str,
    pub metric: Metric,
    /// The tunables it may sweep (in some release and models), by name.
    pub tunables: Vec<&'static str>,
    /// Its suggested guards: (metric, tolerance [%]).
    pub guards: Vec<(Metric, u32)>,
}

/// What the app lists: the symptoms, and every metric a symptom or a guard can name.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Catalog {
    pub symptoms: Vec<SymptomInfo>,
    pub metrics: Vec<super::measure::MetricInfo>,
    /// The metrics the app offers as guards, in its order.
    pub guards: Vec<Metric>,
}

/// What a customer would not want to lose while tuning: the app's guard choices (any metric
/// can be a guard on the command line).
pub const GUARD_METRICS: [Metric; 6] = [
    Metric::WriteThroughput,
    Metric::WriteLatency,
    Metric::ReadLatency,
    Metric::ScanRate,
    Metric::SyncWriteLatency,
    Metric::TxgSync,
];

pub fn catalog() -> Catalog {
    Catalog {
        symptoms: SYMPTOMS.iter().map(SymptomInfo::from).collect(),
        metrics: super::measure::METRICS.iter().map(|m| m.info()).collect(),
        guards: GUARD_METRICS.to_vec(),
    }
}

impl From<&Symptom> for SymptomInfo {
    fn from(s: &Symptom) -> SymptomInfo {
        SymptomInfo {
            name: s.name,
            title: s.title,
            metric: s.metric,
            tunables: s.levers.iter().map(|l| l.id.spec().name).collect(),
            guards: s.guards.to_vec(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with(pairs: &[(Id, u64)]) -> Tunables {
        Tunables::with(pairs)
    }

    fn names(levers: &[Lever]) -> Vec<&'static str> {
        levers.iter().map(|l| l.id.spec().name).collect()
    }

    #[test]
    fn only_the_releases_own_tunables_under_the_models_that_read_them() {
        let scan = Symptom::find("scan-hurts-reads").expect("known");
        let master = names(&scan.levers_for(&with(&[(Id::Scrub, 1)])));
        assert!(master.contains(&"zfs_scan_vdev_limit") && master.contains(&"zfs_vdev_nia_credit"), "{master:?}");
        assert!(!master.contains(&"zfs_scrub_delay") && !master.contains(&"zfs_resilver_min_time_ms"), "{master:?}");
        // 0.7: no zfs_scan_vdev_limit or NIA, but the scan delay and zfs_top_maxinflight.
        let old = names(&scan.levers_for(&with(&[(Id::Scrub, 1), (Id::Release, Release::V0_7.index())])));
        assert!(old.contains(&"zfs_scrub_delay") && old.contains(&"zfs_top_maxinflight"), "{old:?}");
        assert!(!old.contains(&"zfs_scan_vdev_limit") && !old.contains(&"zfs_vdev_nia_delay"), "{old:?}");
        // The legacy scheduler reads zfs_vdev_max_pending and none of the class limits.
        let legacy = names(&scan.levers_for(&with(&[(Id::Scrub, 1), (Id::SchedulerModelChoice, 1)])));
        assert!(legacy.contains(&"zfs_vdev_max_pending") && !legacy.contains(&"zfs_vdev_scrub_max_active"));
        let stalls = Symptom::find("write-stalls").expect("known");
        let v064 = names(&stalls.levers_for(&with(&[(Id::Release, Release::V0_6_4.index())])));
        assert!(v064.contains(&"zfs_dirty_data_sync") && !v064.contains(&"zfs_dirty_data_sync_percent"));
    }

    #[test]
    fn each_symptom_sweeps_its_own_metric_and_guards_others() {
        for s in SYMPTOMS {
            assert!(!s.levers.is_empty(), "{}", s.name);
            assert!(s.guards.iter().all(|(m, _)| GUARD_METRICS.contains(m)), "{}: the app offers its guards", s.name);
            assert!(s.guards.iter().all(|(m, _)| *m != s.metric), "{}", s.name);
            assert!(s.levers.iter().all(|l| !l.mechanism.is_empty() && l.id.spec().kind == crate::spec::Kind::Tunable));
        }
    }
}
