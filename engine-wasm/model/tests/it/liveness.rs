//! Liveness of every built-in preset and every lab preset: each txg that starts syncing
//! finishes within a bound derived from its devices and its dirty data, txgs keep syncing
//! while there is dirty data, and no client thread waits without a named cause.
//!
//! The bound of one sync, from `spa_sync()`'s steps as the engine runs them:
//!
//! - **Writes.** The txg's dirty bytes (its records and the metadata they dirtied), all of
//!   it on the leaves of one top-level vdev in the worst case (each mirror child writes it
//!   all, in parallel), plus one 2 MiB allocation chunk. The sync queues them at once at consecutive offsets,
//!   so they leave as I/Os of the aggregation limit (with a metaslab allocator, which
//!   scatters them, of the smallest record); each I/O costs at most the device's worst
//!   service time `T(size)` (an HDD: command overhead + full-stroke seek + a whole turn +
//!   the transfer; an SSD: overhead + coalescing + every page programmed on one die + the
//!   transfer; a LUN: base latency + the transfer). Other I/O shares the device: the sync's
//!   writes hold at least `zfs_vdev_async_write_min_active` slots (1 under the legacy
//!   scheduler) against at most `C` others (reader and sync-writer threads, one I/O each,
//!   plus the scan's I/Os at the device), so they get at least `m / (m + C)` of it.
//! - **Metadata.** Each metadata block is an I/O of its own: at most one per 128 KiB of
//!   dirty data charged for indirect blocks, one per dnode block (each charged 16 KiB and
//!   coming with at least an object's 128 KiB indirect block), the objset block and the
//!   MOS passes (at most 20 in all), each at most a 128 KiB I/O.
//! - **Flushes and labels.** Two cache flushes, each destaging at most a full cache of
//!   aggregated writes, and four uberblock writes per leaf.
//! - **The scan phase** (scrub or resilver): longer than its minimum time, until the sync
//!   has run `zfs_txg_timeout` at the latest, then the scan's in-flight blocks drained.
//! - A factor of 2 for what this leaves out (NCQ reordering within the age limit, the
//!   rotor's imbalance between top-level vdevs).
//!
//! Progress: the sync thread starts a sync at most `zfs_txg_timeout` after the last one
//! started, so while dirty data is held no stretch of 2 x `zfs_txg_timeout` plus the bound
//! passes without a sync finishing.

use throttle_model::link::decode;
use throttle_model::scenario::device::DeviceSpec;
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::scenario::lab_presets::LAB_PRESETS;
use throttle_model::scenario::presets::PRESETS;
use throttle_model::scenario::{Scenario, SchedulerModel, SyncMode, Workload};
use throttle_model::sim::Sim;
use throttle_model::Id;

const MIB: u64 = 1 << 20;
const S: u64 = 1_000_000_000;

/// Worst service time of one I/O of `bytes` on the device [ns].
fn worst_io_ns(device: &DeviceSpec, bytes: u64) -> u64 {
    let transfer = |rate: u64| (u128::from(bytes) * u128::from(S) / u128::from(rate.max(1))) as u64;
    match device {
        DeviceSpec::Hdd(p) => p.overhead_ns + p.full_stroke_ns + 60 * S / p.rpm.max(1) + transfer(p.media_rate),
        DeviceSpec::Ssd(p) => {
            let pages = bytes.div_ceil(p.page_bytes.max(1)).max(1);
            p.overhead_ns + p.coalesce_ns + pages * p.program_ns.max(p.read_ns) + transfer(p.channel_rate)
        }
        DeviceSpec::Lun(p) => p.base_latency_ns + transfer(p.bandwidth),
        DeviceSpec::Injected(p) => p.latency_ns,
    }
}

/// The longest a sync of `ndirty` dirty bytes may take in scenario `s` [ns].
fn sync_bound_ns(s: &Scenario, ndirty: u64) -> u64 {
    let t = &s.tunables;
    let device = &s.pool.device;
    let legacy_queue = s.models.scheduler == SchedulerModel::Legacy;
    let mut smallest = 16 << 10; // the sync's metadata blocks
    let (mut threads, mut scan) = (0u64, None);
    for w in &s.workloads {
        match *w {
            Workload::AsyncWrite { record_size, .. } => smallest = smallest.min(record_size),
            Workload::SyncWrite { threads: n, block_size, ref sync, .. } => {
                threads += u64::from(n);
                if let SyncMode::Fsync { .. } = sync {
                    smallest = smallest.min(block_size);
                }
            }
            Workload::RandomRead { threads: n, .. } => threads += u64::from(n),
            // Demand reads, and the prefetcher's async reads ahead of them.
            Workload::SequentialRead { threads: n, .. } => threads += u64::from(n) + t.get(Id::AsyncReadMaxActive),
            Workload::Scrub { block_size, outstanding_per_leaf: n } => scan = Some((false, block_size, n)),
            Workload::Resilver { block_size, outstanding: n } => scan = Some((true, block_size, n)),
            // A sync task only pushes its txg out sooner: no I/O of its own.
            Workload::SyncTask { .. } => {}
        }
    }
    let aggregation =
        if device.rotational() { t.get(Id::AggregationLimit) } else { t.get(Id::AggregationLimitNonRotating) };
    let io = if s.pool.allocator.is_some() { smallest } else { aggregation.max(smallest) };
    let scan_at_device = match scan {
        Some((_, _, n)) if legacy_queue => u64::from(n),
        Some(_) => t.get(Id::ScrubMaxActive),
        None => 0,
    };
    let mine = if legacy_queue { 1 } else { t.get(Id::AsyncWriteMinActive).max(1) };
    let others = threads + scan_at_device;
    let share = |ns: u64| ns * (mine + others) / mine;

    let bytes = ndirty + 2 * MIB;
    let metadata = 2 * ndirty.div_ceil(128 << 10) + 20;
    let writes = share(bytes.div_ceil(io) * worst_io_ns(device, io) + metadata * worst_io_ns(device, 128 << 10));
    let cache = match device {
        DeviceSpec::Hdd(p) => u64::from(p.cache_writes).max(1),
        _ => 1,
    };
    let labels = 2 * cache * worst_io_ns(device, io) + share(4 * worst_io_ns(device, 4 << 10));
    let scan_phase = scan.map_or(0, |(resilver, block, outstanding)| {
        let min_ms = t.get(if resilver { Id::ResilverMinTimeMs } else { Id::ScrubMinTimeMs });
        let phase = (min_ms + 1) * 1_000_000;
        let phase = phase.max(t.get(Id::TxgTimeout) * S);
        let in_flight =
            if legacy_queue { u64::from(outstanding) } else { t.get(Id::ScanVdevLimit).div_ceil(block).max(1) };
        phase + share(in_flight * worst_io_ns(device, block))
    });
    2 * (writes + labels + scan_phase)
}

/// Runs `s` to its end and checks the sync bound, progress and the clients' waits.
fn check(name: &str, s: Scenario) {
    let timeout = s.tunables.get(Id::TxgTimeout) * S;
    let bound = |ndirty: u64| sync_bound_ns(&s, ndirty);
    let mut sim = Sim::new(s.clone());
    sim.run();
    let rec = sim.recorder();
    let mut most_dirty = rec.series.dirty_bytes.iter().copied().max().unwrap_or(0);
    for t in &rec.txgs {
        most_dirty = most_dirty.max(t.ndirty);
        let b = bound(t.ndirty);
        assert!(t.stime <= b, "{name}: txg {} ({} B) synced in {} ns, bound {b}", t.txg, t.ndirty, t.stime);
    }
    if let Some((txg, start, ndirty)) = sim.syncing_now() {
        let b = bound(ndirty);
        let took = sim.now() - start;
        assert!(took <= b, "{name}: txg {txg} ({ndirty} B) still syncing after {took} ns, bound {b}");
    }
    // Progress: every sample that holds dirty data has a sync end within the window before it.
    let window = 2 * timeout + bound(most_dirty);
    let ends: Vec<u64> = rec.txgs.iter().map(|t| t.birth + t.otime + t.qtime + t.wtime + t.stime).collect();
    for (&at, &dirty) in rec.series.t_ns.iter().zip(&rec.series.dirty_bytes) {
        if dirty == 0 || at <= window {
            continue;
        }
        let last = ends.iter().copied().filter(|&e| e <= at).max().unwrap_or(0);
        assert!(at - last <= window, "{name}: at {at} ns, {dirty} B dirty and no sync since {last} ns");
    }
    // Every client thread is running or waits for a named cause, at every sample and now.
    let inv = sim.invariants();
    assert_eq!(inv.waits_without_cause, 0, "{name}: client threads waited with no cause");
    let waits = sim.client_waits_now();
    assert!(waits.iter().all(Option::is_some), "{name}: {waits:?}");
}

#[test]
fn every_preset_syncs_each_txg_within_its_bound_and_keeps_making_progress() {
    for p in PRESETS {
        check(p.name, Scenario::from_json(p.json).expect("preset"));
    }
}

#[test]
fn every_lab_preset_syncs_each_txg_within_its_bound_and_keeps_making_progress() {
    for p in LAB_PRESETS {
        let d = decode(p.link);
        check(p.name, scenario_from_settings(&d.tunables).expect("valid"));
    }
}
