//! The discrete-event simulation of the OpenZFS write path: the run's state, its event
//! loop and its work budget. Each mechanism of the write path is a file of `sim/` named
//! for the kernel file or function it follows (see `sim/README.md`); they are methods of
//! [`Sim`] because they call each other as the kernel's do. Reads a [`Scenario`]; knows
//! nothing of how the run is reported.

pub mod bench;
mod client_waits;
mod clients;
mod dbuf;
mod dbuf_findbp;
pub mod device;
mod dmu_tx;
mod dmu_tx_check_ioerr;
mod dmu_tx_hold;
mod dmu_write_policy;
mod dmu_zfetch;
mod dmu_zfetch_0_6;
mod dsl_pool;
mod dsl_pool_tempreserve;
mod dsl_scan;
mod dsl_synctask;
pub mod events;
mod knobs;
mod lz4_zfs;
pub mod metaslab;
mod metaslab_alloc;
mod metaslab_ditto;
mod metaslab_load;
mod metaslab_offset;
mod metaslab_place;
mod metaslab_size;
mod ordered;
pub mod record;
pub mod rng;
pub mod series;
pub mod slab;
mod spa_sync;
pub mod stats;
pub mod steady;
mod txg;
mod vdev;
mod vdev_draid;
mod vdev_mirror;
pub mod vdev_queue;
pub mod vdev_queue_legacy;
mod vdev_raidz;
pub mod vdev_stats;
pub mod wide;
mod zfs_log;
mod zfs_zone;
mod zil;
mod zio;
mod zio_compress;
mod zio_dva_throttle;
mod zvol;

pub use client_waits::WaitCause;
pub use dmu_tx::ThrottleCounters;
pub use dsl_pool_tempreserve::LegacyTxg;
pub use record::{Invariants, Recorder, TxgRow};
pub use txg::SyncCause;

use crate::scenario::{Release, Scenario, ThrottleModel, Workload};
use clients::Client;
use dsl_pool_tempreserve::LegacyState;
use events::EventQueue;
use knobs::Knobs;
use rng::Rng;
use slab::Slab;
use steady::SteadyTracker;
use txg::TxgState;
use vdev::{Leaf, Top};
use zio::{Agg, FlushOwner, LeafIo, Logical};

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
    /// A ZIL commit's wait for more records to share its log block is over (the count of
    /// lwbs opened when it began).
    ZilTimeout(u32),
    /// Before 0.8: the commit writer has copied records enough to fill lwb `id`'s next log
    /// block, which goes out.
    ZilBlock(u32),
    /// Sync-task workload `w` acts (`dsl_sync_task()`).
    SyncTask(u32),
    /// A sequential reader's block was in the ARC: its copy is done.
    ReadHit(u32),
    /// Before 0.8: the scan's `delay(scan_delay)` is over; its block for this top goes out.
    ScanDelayOver(u32),
    /// End of a report interval.
    Sample,
    /// End of the run.
    End,
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
    /// The normal class's top-level vdevs are `tops[..data_tops]` (`classes.normal`).
    data_tops: usize,
    /// Where each allocation class's top-level vdevs are in `tops`.
    classes: vdev::Classes,
    /// Per class (normal, special): the top-level vdev the allocator is filling, and bytes
    /// given to it in this rotation.
    rotor: [(usize, u64); 2],
    clients: Vec<Client>,
    txg: TxgState,
    /// The dataset's intent log.
    zil: zil::Zil,
    /// The buffers dirty in each txg (`dbuf_dirty()`).
    dbufs: dbuf::Dbufs,
    /// The L1 blocks writes hold, and how many the ARC serves (`dbuf_findbp()`).
    l1: dbuf_findbp::L1s,
    /// `dp_last_wakeup`: delayed transactions wake at least their delay after it.
    last_wakeup: u64,
    /// When the last delayed transaction actually woke (for the invariant check).
    last_delayed_wake: Option<u64>,
    /// Writers in the hard wait (`dirty >= zfs_dirty_data_max`), in arrival order.
    hard_waiters: std::collections::VecDeque<u32>,
    /// The txgs of pending sync tasks (`dp_sync_tasks`).
    synctasks: Vec<u64>,
    /// Writers in `txg_wait_synced()`, and the txg each waits for.
    txg_waiters: Vec<(u32, u64)>,
    /// `spa_last_io`: when a client read or log write was last issued (pre-0.8 scans).
    scan_last_io: Option<u64>,
    leaf_ios: Slab<LeafIo>,
    /// A device call's list of completions, lent to each call in turn for its capacity
    /// (`zio::Sim::device_output` gives it back).
    spare_completed: Vec<u32>,
    logicals: Slab<Logical>,
    /// Blocks written with several copies, until every copy is (`vdev_mirror.rs`).
    blocks: Slab<vdev_mirror::Block>,
    /// The prefetcher's streams and blocks (`dmu_zfetch.rs`).
    zfetch: dmu_zfetch::Zfetch,
    /// RAID-Z reads waiting for their columns.
    column_reads: Slab<vdev_raidz::ColumnRead>,
    aggs: Slab<Agg>,
    /// Cache flushes in flight (the sync waits for all of them).
    flushes: Slab<FlushOwner>,
    rec: Recorder,
    events_processed: u64,
    /// The scrub or resilver, if one runs.
    scan: Option<dsl_scan::Scan>,
    legacy: LegacyState,
    /// Set when the run is over: why it stopped early, if it did.
    ended: Option<Option<String>>,
    steady: SteadyTracker,
    zones: zfs_zone::Zones,
    placement: Option<metaslab_alloc::Placement>,
    /// The allocation throttle of the syncing txg's async writes.
    dva: zio_dva_throttle::DvaThrottle,
}

impl Sim {
    pub fn new(scenario: Scenario) -> Self {
        let k = Knobs::new(&scenario);
        let (leaves, tops, classes) = vdev::tree(&scenario);
        let mut rec = Recorder::new(&scenario);
        let own_counts = scenario.models.release < Release::V0_7 || scenario.models.any_legacy();
        let mut in_interior = vec![false; leaves.len()];
        for t in tops.iter().filter(|t| t.interior()) {
            for &l in &t.leaves {
                in_interior[l] = true;
            }
        }
        rec.vdevs = vdev_stats::VdevStats::new(own_counts, in_interior, tops.len());
        // The steady-state window spans at least two txg timeouts, and a burst and its silence.
        let burst_period = scenario
            .workloads
            .iter()
            .filter_map(|w| match w {
                Workload::AsyncWrite { burst: Some(b), .. } => Some(b.on_ns.saturating_add(b.off_ns)),
                _ => None,
            })
            .max()
            .unwrap_or(0);
        let steady_window = steady::min_window(k.txg_timeout_ns, burst_period, scenario.report_interval_ns);
        let mut sim = Sim {
            now: 0,
            events: EventQueue::default(),
            rng: Rng::new(scenario.seed),
            clients: Vec::new(),
            txg: TxgState::new(),
            dbufs: dbuf::Dbufs::new(scenario.models.release.indirect_block_shift(), dbuf::Spread::of(&classes)),
            l1: dbuf_findbp::L1s::new(
                scenario.models.release,
                scenario.models.throttle == ThrottleModel::Legacy,
                &scenario.workloads,
                k.arc_max,
                dbuf::Spread::of(&classes),
            ),
            zil: zil::Zil::default(),
            last_wakeup: 0,
            last_delayed_wake: None,
            hard_waiters: Default::default(),
            synctasks: Vec::new(),
            txg_waiters: Vec::new(),
            scan_last_io: None,
            leaf_ios: Slab::default(),
            spare_completed: Vec::new(),
            logicals: Slab::default(),
            blocks: Slab::default(),
            column_reads: Slab::default(),
            zfetch: Default::default(),
            aggs: Slab::default(),
            flushes: Slab::default(),
            rotor: [(0, 0); 2],
            k,
            leaves,
            tops,
            data_tops: classes.normal,
            classes,
            rec,
            events_processed: 0,
            scan: None,
            legacy: LegacyState::default(),
            ended: None,
            steady: SteadyTracker::new(scenario.steady.clone(), steady_window),
            zones: zfs_zone::Zones::new(&scenario.tunables, scenario.tenants.names.len()),
            placement: None,
            dva: Default::default(),
            scenario,
        };
        sim.placement_init();
        sim.dva_throttle_init();
        sim.legacy_init();
        sim.start_clients();
        sim.scan_init();
        sim.events.push(sim.scenario.report_interval_ns, Ev::Sample);
        sim.synctask_init();
        sim.events.push(sim.scenario.duration_ns.min(sim.scenario.budget.max_simulated_ns), Ev::End);
        sim.schedule_sync_timer();
        if sim.scanning() {
            // txg_sync_thread() does not sleep while a scan is active: the first sync is now.
            sim.events.push(0, Ev::SyncTimer);
        }
        sim
    }

    /// Runs to the end of the scenario or of the work budget, whichever comes first.
    pub fn run(&mut self) {
        self.run_with_progress(&mut |_| {});
    }

    /// As [`Sim::run`], calling `progress` with the simulated time about every million events.
    pub fn run_with_progress(&mut self, progress: &mut dyn FnMut(u64)) {
        while self.advance(1_000_000) {
            progress(self.now);
        }
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
            // Loading metaslabs is work too: one unit per block it samples.
            let loading = self.placement_work();
            if self.events_processed + loading >= self.scenario.budget.max_events {
                let loaded =
                    if loading > 0 { format!(" and {loading} blocks placed loading metaslabs") } else { String::new() };
                self.ended = Some(Some(format!(
                    "stopped after {} events{loaded} (the budget's max_events) at {:.3} s of {:.3} s simulated",
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
                Ev::SyncTask(w) => self.synctask(w),
                Ev::ScanDelayOver(top) => self.scan_delay_over(top),
                Ev::ClientIssue(c) => self.client_issue(c),
                Ev::ClientAssign(c) => {
                    self.client_runs(c);
                    self.delay_over(c);
                }
                Ev::ClientCommit(c) => {
                    self.client_runs(c);
                    self.commit(c);
                }
                Ev::SyncTimer => self.sync_thread_check(),
                Ev::ZilTimeout(opened) => self.zil_timeout(opened),
                Ev::ZilBlock(id) => self.zil_block(id),
                Ev::DeviceWake { leaf, at } => self.device_wake(leaf as usize, at),
                Ev::LegacyTick { c, gen } => self.legacy_tick(c, gen),
                Ev::ReadHit(c) => self.client_read_done(c),
                Ev::ClientRetry(c) => {
                    self.client_runs(c);
                    self.try_assign(c);
                }
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
            let end = self.now + u64::from(self.steady.window()) * self.scenario.report_interval_ns;
            if end < self.scenario.duration_ns.min(self.scenario.budget.max_simulated_ns) {
                self.events.push(end, Ev::End);
            }
        }
    }

    /// Simulated time reached so far, and the duration asked for [ns].
    pub fn progress(&self) -> (u64, u64) {
        (self.now, self.scenario.duration_ns.min(self.scenario.budget.max_simulated_ns))
    }

    /// Simulated time reached so far [ns].
    pub fn now(&self) -> u64 {
        self.now
    }

    /// Events processed so far.
    pub fn events_processed(&self) -> u64 {
        self.events_processed
    }

    pub fn scenario(&self) -> &Scenario {
        &self.scenario
    }

    /// Why the run stopped before the end asked for, if it did; a run still going was
    /// stopped by its caller.
    pub fn stopped_early(&self) -> Option<String> {
        match &self.ended {
            Some(why) => why.clone(),
            None => Some(format!("stopped by the caller at {:.3} s simulated", self.now as f64 / 1e9)),
        }
    }

    /// The txg syncing now, if one is: (txg, when its sync started [ns], dirty bytes it
    /// took to sync).
    pub fn syncing_now(&self) -> Option<(u64, u64, u64)> {
        self.txg.syncing.as_ref().map(|s| (s.txg, s.start, s.ndirty))
    }

    /// What the run recorded so far.
    pub fn recorder(&self) -> &Recorder {
        &self.rec
    }

    pub fn steady(&self) -> &SteadyTracker {
        &self.steady
    }

    /// The invariant counters, with the figures of this moment of the run filled in.
    pub fn invariants(&self) -> Invariants {
        Invariants {
            dirty_at_end: self.txg.dirty_total,
            leaf_ios_outstanding: self.leaf_ios.len() as u64,
            ..self.rec.invariants.clone()
        }
    }

    /// The zone throttle's delay per call [ns] and utilisation for `tenant` now.
    pub fn zone(&self, tenant: usize) -> (u64, u64) {
        self.zones.tenants.get(tenant).map_or((0, 0), |z| (z.delay_us * 1000, z.util))
    }

    fn legacy_throttle(&self) -> bool {
        self.scenario.models.throttle == ThrottleModel::Legacy
    }
}
