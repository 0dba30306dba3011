//! The simulation: state, the event loop and its work budget. The write path's parts live
//! in sibling files: `throttle.rs` (tx assignment and delay), `txg.rs` (dirty data and
//! transaction groups), `io.rs` (leaf vdev queues and devices), `clients.rs` (workloads),
//! `record.rs` (statistics and the report).

mod clients;
mod io;
mod leaf_queue;
mod legacy_throttle;
mod placement;
mod record;
mod report;
mod throttle;
mod txg;
mod zil;
mod zones;

use crate::sim::steady::SteadyTracker;
pub use legacy_throttle::LegacyTxg;
pub use placement::AllocatorReport;
pub use record::ThrottleCounters;
pub use report::{ClassReport, Invariants, Report, SeriesReport, TenantReport, TxgRow};

use super::device::AnyDevice;
use super::events::EventQueue;
use super::legacy_queue::{LegacyLimits, LegacyQueue};
use super::rng::Rng;
use super::slab::Slab;
use super::vdev_queue::{Class, Kind, Limits};
use crate::curves::{AsyncWriteParams, DelayParams};
use crate::scenario::Scenario;
use crate::scenario::{SchedulerModel, ThrottleModel};
use crate::schema::Id;
use clients::Client;
use io::{Agg, FlushOwner, LeafIo, Logical};
use leaf_queue::LeafQueue;
use legacy_throttle::LegacyState;
use record::Recorder;
use txg::TxgState;

/// What happens at an instant.
#[derive(Clone, Copy, Debug)]
enum Ev {
    /// A client thread starts its next operation.
    ClientIssue(u32),
    /// A delayed transaction's sleep ends: it is assigned to the open txg.
    ClientAssign(u32),
    /// A transaction's data has been copied in: it dirties the txg and commits.
    ClientCommit(u32),
    /// The sync thread's `zfs_txg_timeout` timer.
    SyncTimer,
    /// A device asked to be woken at this time.
    DeviceWake { leaf: u32, at: u64 },
    /// A legacy writer's one-tick delay ends (unless it was woken earlier: `gen` differs).
    LegacyTick { c: u32, gen: u32 },
    /// A writer woken from waiting for a txg to open tries to assign again.
    ClientRetry(u32),
    /// End of a report interval.
    Sample,
    /// End of the run.
    End,
}

/// Numbers from the tunables that the hot path reads.
struct Knobs {
    dirty_max: u64,
    delay: DelayParams,
    async_writes: AsyncWriteParams,
    /// Per-txg dirty bytes above which the txg is kicked to sync.
    sync_kick_bytes: u64,
    txg_timeout_ns: u64,
    limits_rotational: Limits,
    limits_non_rotating: Limits,
    legacy_queue: LegacyLimits,
}

impl Knobs {
    fn new(s: &Scenario) -> Self {
        let t = &s.tunables;
        let g = |id: Id| t.get(id);
        let g32 = |id: Id| u32::try_from(t.get(id)).unwrap_or(u32::MAX);
        let base = Limits {
            min_active: [
                g32(Id::SyncReadMinActive),
                g32(Id::SyncWriteMinActive),
                g32(Id::AsyncReadMinActive),
                g32(Id::AsyncWriteMinActive),
                g32(Id::ScrubMinActive),
            ],
            max_active: [
                g32(Id::SyncReadMaxActive),
                g32(Id::SyncWriteMaxActive),
                g32(Id::AsyncReadMaxActive),
                g32(Id::AsyncWriteMaxActive),
                g32(Id::ScrubMaxActive),
            ],
            vdev_max_active: g32(Id::VdevMaxActive),
            aggregation_limit: g(Id::AggregationLimit),
            read_gap_limit: g(Id::ReadGapLimit),
            nia_credit: g32(Id::NiaCredit),
            nia_delay: g32(Id::NiaDelay),
        };
        let delay = DelayParams::from(t);
        Knobs {
            dirty_max: g(Id::DirtyDataMax),
            delay,
            async_writes: AsyncWriteParams::from(t),
            sync_kick_bytes: g(Id::DirtyDataMax).saturating_mul(g(Id::DirtyDataSyncPercent)) / 100,
            txg_timeout_ns: g(Id::TxgTimeout).saturating_mul(1_000_000_000),
            limits_non_rotating: Limits { aggregation_limit: g(Id::AggregationLimitNonRotating), ..base.clone() },
            legacy_queue: LegacyLimits {
                max_pending: g32(Id::VdevMaxPending),
                min_pending: g32(Id::VdevMinPending),
                ramp_rate: g32(Id::VdevRampRate),
                time_shift: g32(Id::VdevTimeShift),
                // The legacy code had one aggregation limit for every device.
                aggregation_limit: g(Id::AggregationLimit),
                read_gap_limit: g(Id::ReadGapLimit),
            },
            limits_rotational: base,
        }
    }
}

/// A leaf vdev: its queue and its device.
struct Leaf {
    queue: LeafQueue,
    device: AnyDevice,
    rotational: bool,
    /// The wake-up the device asked for and that is scheduled.
    wake: Option<u64>,
}

/// A top-level vdev: its leaves (one, or a mirror's children) and its allocation cursors.
struct Top {
    leaves: Vec<usize>,
    capacity: u64,
    /// Next free offset for data (txg writes), growing from the start.
    data_cursor: u64,
    /// Next free offset for ZIL blocks, in the last tenth of the vdev.
    zil_cursor: u64,
    /// The child being resilvered, which normal reads avoid, and the resilver's next offset.
    resilvering: Option<usize>,
    resilver_cursor: u64,
}

/// A running simulation of one scenario.
pub struct Sim {
    now: u64,
    events: EventQueue<Ev>,
    rng: Rng,
    scenario: Scenario,
    k: Knobs,
    leaves: Vec<Leaf>,
    tops: Vec<Top>,
    /// Top-level vdev the allocator is filling, and bytes given to it in this rotation.
    rotor: (usize, u64),
    clients: Vec<Client>,
    txg: TxgState,
    /// `dp_last_wakeup`: delayed transactions wake at least their delay after it.
    last_wakeup: u64,
    /// When the last delayed transaction actually woke (for the invariant check).
    last_delayed_wake: Option<u64>,
    /// Writers in the hard wait (`dirty >= zfs_dirty_data_max`), in arrival order.
    hard_waiters: std::collections::VecDeque<u32>,
    leaf_ios: Slab<LeafIo>,
    logicals: Slab<Logical>,
    aggs: Slab<Agg>,
    /// Cache flushes in flight (the sync waits for all of them).
    flushes: Slab<FlushOwner>,
    rec: Recorder,
    events_processed: u64,
    /// The scrub stream: block size and each leaf's next offset.
    scrub_block: u64,
    scrub_cursor: Vec<u64>,
    /// The resilver stream's block size (0: none).
    resilver_block: u64,
    legacy: LegacyState,
    /// Set when the run is over: why it stopped early, if it did.
    ended: Option<Option<String>>,
    steady: SteadyTracker,
    zones: zones::Zones,
    placement: Option<placement::Placement>,
}

/// Device request ids at or above this are flushes; below, aggregates.
const FLUSH_ID: u32 = 1 << 31;

impl Sim {
    pub fn new(scenario: Scenario) -> Self {
        let k = Knobs::new(&scenario);
        let mut leaves = Vec::new();
        let mut tops = Vec::new();
        let capacity = scenario.pool.device.capacity();
        for _ in 0..scenario.pool.top_level_vdevs {
            let first = leaves.len();
            for _ in 0..scenario.pool.mirror {
                let queue = match scenario.models.scheduler {
                    SchedulerModel::Openzfs => LeafQueue::Openzfs(Box::default()),
                    SchedulerModel::Legacy => LeafQueue::Legacy(LegacyQueue::default()),
                };
                leaves.push(Leaf {
                    queue,
                    device: AnyDevice::of(&scenario.pool.device),
                    rotational: scenario.pool.device.rotational(),
                    wake: None,
                });
            }
            tops.push(Top {
                leaves: (first..leaves.len()).collect(),
                capacity,
                data_cursor: 0,
                zil_cursor: capacity / 10 * 9,
                resilvering: None,
                resilver_cursor: 0,
            });
        }
        let rec = Recorder::new(&scenario);
        let mut sim = Sim {
            now: 0,
            events: EventQueue::default(),
            rng: Rng::new(scenario.seed),
            clients: Vec::new(),
            txg: TxgState::new(),
            last_wakeup: 0,
            last_delayed_wake: None,
            hard_waiters: Default::default(),
            leaf_ios: Slab::default(),
            logicals: Slab::default(),
            aggs: Slab::default(),
            flushes: Slab::default(),
            rotor: (0, 0),
            k,
            leaves,
            tops,
            rec,
            events_processed: 0,
            scrub_block: 0,
            scrub_cursor: Vec::new(),
            resilver_block: 0,
            legacy: LegacyState::default(),
            ended: None,
            steady: SteadyTracker::new(scenario.steady.clone()),
            zones: zones::Zones::new(&scenario.tunables, scenario.tenants.names.len()),
            placement: None,
            scenario,
        };
        sim.placement_init();
        sim.legacy_init();
        sim.start_clients();
        sim.start_scrub();
        sim.start_resilver();
        sim.events.push(sim.scenario.report_interval_ns, Ev::Sample);
        sim.events.push(sim.scenario.duration_ns.min(sim.scenario.budget.max_simulated_ns), Ev::End);
        sim.schedule_sync_timer();
        sim
    }

    /// Runs to the end of the scenario or of the work budget, whichever comes first.
    pub fn run(mut self) -> Report {
        self.run_with_progress(&mut |_| {})
    }

    /// As [`Sim::run`], calling `progress` with the simulated time about every million events.
    pub fn run_with_progress(&mut self, progress: &mut dyn FnMut(u64)) -> Report {
        while self.advance(1_000_000) {
            progress(self.now);
        }
        self.finish()
    }

    /// Processes up to `events` events; `false` once the run is over (its end, an empty
    /// queue, or the budget). Lets a caller run in slices, report progress and stop early.
    pub fn advance(&mut self, events: u64) -> bool {
        if self.ended.is_some() {
            return false;
        }
        for _ in 0..events {
            let Some((time, ev)) = self.events.pop() else {
                self.ended = Some(None);
                return false;
            };
            if time < self.now {
                self.rec.invariants.time_went_back += 1;
            }
            self.now = time;
            self.events_processed += 1;
            if self.events_processed >= self.scenario.budget.max_events {
                self.ended = Some(Some(format!(
                    "stopped after {} events (the budget's max_events) at {:.3} s of {:.3} s simulated",
                    self.events_processed,
                    self.now as f64 / 1e9,
                    self.scenario.duration_ns as f64 / 1e9
                )));
                return false;
            }
            match ev {
                Ev::End => {
                    // The End event was queued first: the last interval's sample, due at
                    // this same instant, would otherwise never be taken.
                    if self.now % self.scenario.report_interval_ns == 0 && self.rec.last_sample() != Some(self.now) {
                        self.sample();
                    }
                    let cut = self.scenario.duration_ns > self.scenario.budget.max_simulated_ns;
                    self.ended = Some(cut.then(|| {
                        format!(
                            "stopped at {:.3} s simulated (the budget's max_simulated_time) of the {:.3} s asked for",
                            self.now as f64 / 1e9,
                            self.scenario.duration_ns as f64 / 1e9
                        )
                    }));
                    return false;
                }
                Ev::Sample => self.sample(),
                Ev::ClientIssue(c) => self.client_issue(c),
                Ev::ClientAssign(c) => self.delay_over(c),
                Ev::ClientCommit(c) => self.commit(c),
                Ev::SyncTimer => self.sync_thread_check(),
                Ev::DeviceWake { leaf, at } => self.device_wake(leaf as usize, at),
                Ev::LegacyTick { c, gen } => self.legacy_tick(c, gen),
                Ev::ClientRetry(c) => self.try_assign(c),
            }
        }
        true
    }

    /// Steady state was reached at this sample: the summaries may start afresh here, and a
    /// run until steady state ends one window later.
    fn steady_reached(&mut self) {
        let spec = self.steady.spec().clone();
        if spec.summaries_after_steady {
            self.rec.restart_summaries(self.now);
        }
        if spec.until_steady {
            let end = self.now + u64::from(spec.window) * self.scenario.report_interval_ns;
            if end < self.scenario.duration_ns.min(self.scenario.budget.max_simulated_ns) {
                self.events.push(end, Ev::End);
            }
        }
    }

    /// Simulated time reached so far, and the duration asked for [ns].
    pub fn progress(&self) -> (u64, u64) {
        (self.now, self.scenario.duration_ns.min(self.scenario.budget.max_simulated_ns))
    }

    fn legacy_throttle(&self) -> bool {
        self.scenario.models.throttle == ThrottleModel::Legacy
    }

    /// A scrub or resilver runs: the sync thread does not sleep (`dsl_scan_active`).
    fn scanning(&self) -> bool {
        self.scrub_block > 0 || self.resilver_block > 0
    }

    /// The async-write limit `vdev_queue_max_async_writes()` gives now.
    fn async_write_limit(&self) -> u32 {
        let slots = crate::curves::max_async_writes(&self.k.async_writes, self.txg.dirty_total, false);
        u32::try_from(slots).unwrap_or(u32::MAX)
    }
}

/// The leaf I/O class and kind for a request.
fn kind_of(class: Class) -> Kind {
    match class {
        Class::SyncWrite | Class::AsyncWrite => Kind::Write,
        _ => Kind::Read,
    }
}
