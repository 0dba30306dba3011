//! The lab's settings and its presets, run: the scenario a link describes keeps the
//! engine's invariants, stays within its work budget, and says when the budget stops it.

use throttle_model::link::decode;
use throttle_model::report::{self, Report};
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::scenario::lab_presets::LAB_PRESETS;
use throttle_model::sim::stats::POW2_BUCKETS;
use throttle_model::{Id, Tunables};

fn run(pairs: &[(Id, u64)]) -> Report {
    let mut t = Tunables::default();
    for &(id, v) in pairs {
        t.set(id, v).expect("in range");
    }
    report::run(scenario_from_settings(&t).expect("valid"))
}

#[test]
fn a_short_run_of_the_defaults_keeps_its_invariants() {
    // Summaries over the whole run, so that they count what the series count.
    let report = run(&[(Id::Duration, 5), (Id::Summaries, 1)]);
    assert!(report.truncated.is_none());
    assert_eq!(report.invariants.time_went_back + report.invariants.active_above_max, 0);
    assert!(report.summary.client_write.count > 0 && report.summary.client_read.count > 0);
    // The heat map holds every read finished by the last sample, one row per interval.
    let heat = &report.series.read_latency_buckets;
    assert_eq!(heat.len(), report.series.t_ns.len() * POW2_BUCKETS);
    let in_heat: u64 = heat.iter().map(|&c| u64::from(c)).sum();
    assert_eq!(in_heat, report.summary.client_read.count);
}

#[test]
fn the_work_budget_stops_a_run_and_says_so() {
    let report = run(&[(Id::EventBudget, 5_000)]);
    assert!(report.events <= 5_000);
    assert!(report.truncated.as_ref().is_some_and(|why| why.contains("5000")), "{:?}", report.truncated);
}

#[test]
fn every_lab_preset_reads_cleanly_and_runs_within_its_budget() {
    for p in LAB_PRESETS {
        let d = decode(p.link);
        assert!(d.notices.is_empty(), "{}: {:?}", p.name, d.notices);
        // It survives a link: the app's share link of it opens the same settings.
        assert_eq!(decode(&throttle_model::link::encode(&d.tunables)).tunables, d.tunables, "{}", p.name);
        let report = report::run(scenario_from_settings(&d.tunables).expect("valid"));
        assert!(report.truncated.is_none(), "{}: {:?}", p.name, report.truncated);
        assert!(report.summary.client_read.count + report.summary.client_write.count > 0, "{}", p.name);
    }
}

#[test]
fn loading_an_aged_allocator_spends_the_work_budget() {
    // Fuzzing found both: all holes made rejection sampling spin, and 8% holes on an 8 TiB
    // disk sampled ~80 million blocks before the first event was counted. Metaslabs are
    // now loaded (their holes placed) when first used, and that work counts with the events.
    for link in [
        "v=1&allocator=2010&pool_holes=100&event_budget=1000",
        "v=1&allocator=2009&pool_fill=62&pool_holes=8&disk_capacity=8T&event_budget=1000",
    ] {
        let started = std::time::Instant::now();
        let d = decode(link);
        assert!(d.notices.is_empty(), "{link}: {:?}", d.notices);
        let report = report::run(scenario_from_settings(&d.tunables).expect("valid"));
        assert!(started.elapsed().as_secs() < 10, "{link}: {:?}", started.elapsed());
        assert!(report.events <= 1_000, "{link}: {}", report.events);
        let why = report.truncated.unwrap_or_default();
        assert!(why.contains("max_events"), "{link}: {why}");
    }
    // With the default budget, the 8 TiB disk runs: only the metaslabs it writes are loaded.
    let d = decode("v=1&allocator=2009&pool_fill=62&pool_holes=8&disk_capacity=8T&duration=5");
    let report = report::run(scenario_from_settings(&d.tunables).expect("valid"));
    assert!(report.truncated.is_none(), "{:?}", report.truncated);
}

/// F5: no entry's range admits a value the run refuses. Each entry at its minimum, its
/// maximum and its "not set" value, the others at their defaults, survives a link and
/// runs' set-up, unless a cross-tunable rule (min above max and the like) names it first.
#[test]
fn every_value_a_link_can_carry_is_one_the_run_accepts() {
    for spec in throttle_model::schema::SPECS {
        // The ends, their neighbours, and points spread over the range in powers of two.
        let mut values: Vec<u64> =
            vec![spec.min, spec.min.saturating_add(1).min(spec.max), spec.max.saturating_sub(1), spec.max];
        values.extend((0..64).map(|shift| 1u64 << shift).filter(|v| (spec.min..=spec.max).contains(v)));
        values.extend(spec.off);
        values.dedup();
        for value in values.into_iter().filter(|&v| v >= spec.min || spec.off == Some(v)) {
            let mut t = Tunables::default();
            t.set(spec.id, value).unwrap_or_else(|e| panic!("{}: {e}", spec.name));
            if !throttle_model::validate::check(&t).errors.is_empty() {
                continue; // A cross-tunable rule refuses it, by name.
            }
            let d = decode(&throttle_model::link::encode(&t));
            assert!(d.notices.is_empty(), "{}={value}: {:?}", spec.name, d.notices);
            assert_eq!(d.tunables.get(spec.id), value, "{} does not survive its link", spec.name);
            if let Err(e) = scenario_from_settings(&d.tunables) {
                panic!("{}={value} is in the schema's range but refused: {e}", spec.name);
            }
        }
    }
}

#[test]
fn the_labs_workload_settings_reach_compression_read_modify_write_and_txg_waits() {
    let base = [(Id::Duration, 10), (Id::Summaries, 1), (Id::Readers, 0)];
    let with = |more: &[(Id, u64)]| run(&[&base[..], more].concat());
    // Half of each record compresses away: the devices write about half.
    let (plain, half) = (with(&[]), with(&[(Id::AsyncCompressible, 50)]));
    let ratio = half.summary.backend.write_bytes_per_s as f64 / plain.summary.backend.write_bytes_per_s as f64;
    assert!((0.45..0.6).contains(&ratio), "{ratio}");
    // 8 KiB writes into 128 KiB records none of which is cached: each reads its record first.
    let rmw = with(&[(Id::AsyncBlockSize, 8 << 10), (Id::AsyncPattern, 1), (Id::AsyncCacheHit, 0)]);
    assert!(rmw.summary.backend.read_bytes_per_s > 0, "no read-modify-write reads");
    // Sync writers that wait for their txg wait for a whole sync (data, metadata, labels
    // and their flushes), not for a log write and its flush.
    let sync = [(Id::AsyncWriters, 0), (Id::SyncWriters, 2)];
    let (zil, txg) = (with(&sync), with(&[&sync[..], &[(Id::SyncWait, 1)]].concat()));
    assert!(
        txg.summary.client_write.mean_ns > 3 * zil.summary.client_write.mean_ns,
        "txg {} ns, zil {} ns",
        txg.summary.client_write.mean_ns,
        zil.summary.client_write.mean_ns
    );
}

#[test]
fn the_labs_sync_writers_write_the_datasets_records_and_2_4_copies_small_o_dsync_writes() {
    // 8 O_DSYNC writers of 32 KiB into 128 KiB records on the default LUN. zfs-2.3.0
    // zfs_log_write(): WR_INDIRECT (32 KiB is zfs_immediate_write_sz), dmu_sync() writing
    // the whole 128 KiB record per write; zfs-2.4.0 zil_write_state(): under half the
    // block and committed, WR_COPIED, the 32 KiB in the log and the txg writing records.
    let at = |release: &str| {
        let r = Id::Release.spec().choices.iter().position(|c| *c == release).unwrap_or(0) as u64;
        let w = [(Id::AsyncWriters, 0), (Id::Readers, 0), (Id::SyncWriters, 8), (Id::SyncBlockSize, 32 << 10)];
        run(&[&w[..], &[(Id::Release, r), (Id::Duration, 10), (Id::Summaries, 1)]].concat())
    };
    let per_byte = |r: &Report, class: &str| {
        r.summary.classes[class].bytes_per_s as f64 / r.summary.client_write_bytes_per_s.max(1) as f64
    };
    let (v2_3, v2_4) = (at("2.3"), at("2.4"));
    assert!(per_byte(&v2_3, "sync_write") > 3.9, "{}", per_byte(&v2_3, "sync_write"));
    assert!(per_byte(&v2_3, "async_write") < 0.05, "{}", per_byte(&v2_3, "async_write"));
    assert!(per_byte(&v2_4, "sync_write") < 1.2, "{}", per_byte(&v2_4, "sync_write"));
    assert!(per_byte(&v2_4, "async_write") > 0.5, "{}", per_byte(&v2_4, "async_write"));
    assert!(v2_4.summary.client_write.count > v2_3.summary.client_write.count);
}

#[test]
fn the_real_system_presets_are_the_systems_they_name() {
    use throttle_model::scenario::device::DeviceSpec;
    let scenario = |name: &str| {
        let p = LAB_PRESETS.iter().find(|p| p.name == name).unwrap_or_else(|| panic!("{name}"));
        scenario_from_settings(&decode(p.link).tunables).expect("valid")
    };
    const GIB: u64 = 1 << 30;
    // Two 6-wide RAID-Z2 of HC310s.
    let s = scenario("raidz2-12");
    assert_eq!(s.pool.vdevs.iter().map(|v| (v.children, v.parity)).collect::<Vec<_>>(), vec![(6, 2); 2]);
    assert!(matches!(s.pool.device, DeviceSpec::Hdd(ref p) if p.rpm == 7200 && p.track_to_track_ns == 230_000));
    // The dirty limit derived from RAM as the release does, not typed.
    let oss = scenario("oss-0.6.5");
    assert_eq!(oss.tunables.get(Id::DirtyDataMax), 128 * GIB / 10);
    let small = scenario("small-ram-0.6.4");
    assert_eq!(small.tunables.get(Id::DirtyDataMax), 2 * GIB / 10);
    assert_eq!(small.tunables.get(Id::DirtyDataSync), 64 << 20);
    assert!(
        matches!(scenario("ceph-rbd").pool.device, DeviceSpec::Lun(ref p) if p.base_latency_ns == 10_000_000 && p.stall_per_million > 0)
    );
    assert!(scenario("slog").pool.log.is_some());
    let zvol = scenario("zvol-ssd");
    assert!(matches!(zvol.workloads[0], throttle_model::scenario::Workload::AsyncWrite { record_size: 8192, .. }));
    assert_eq!(zvol.pool.vdevs.len() * 2, 12);
    assert_eq!(scenario("scrub-limit").tunables.get(Id::ScanVdevLimit), 64 << 20);
}

#[test]
fn a_links_cpu_per_write_bounds_one_writer_and_unset_leaves_the_engines_default() {
    // One unthrottled async writer of 4 KiB: beside a 1 µs copy the call's CPU is what
    // bounds it, so 1 ms a call caps it near 1000 writes a second.
    let link = "v=1&async_writers=1&async_block_size=4K&async_rate=0&readers=0&duration=3";
    let unset = decode(link);
    let s = scenario_from_settings(&unset.tunables).expect("valid");
    assert_eq!(s.cpu_per_write_ns, None, "the engine's default; the echoed scenario as before");
    let slow = decode(&format!("{link}&cpu_per_write=1ms"));
    assert!(slow.notices.is_empty(), "{:?}", slow.notices);
    let s = scenario_from_settings(&slow.tunables).expect("valid");
    assert_eq!(s.cpu_per_write_ns, Some(1_000_000));
    let rate = |s| report::run(s).summary.client_write.count as f64 / 3.0;
    let (fast, slow) = (rate(scenario_from_settings(&unset.tunables).expect("valid")), rate(s));
    assert!(slow < 1000.0 && fast > 10.0 * slow, "{fast:.0} writes/s at the default, {slow:.0} at 1 ms");
}
