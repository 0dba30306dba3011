//! The named drives (`scenario/drives.rs`) measured on their models as their data sheets
//! measure them, one fio-like job at a fixed queue depth: each figure the sheet gives
//! within a stated tolerance. And the mechanisms behind the variants: SMR's media cache,
//! flash garbage collection, a network block device's tail.

use throttle_model::scenario::device::DeviceSpec;
use throttle_model::scenario::drives::{drives, find};
use throttle_model::sim::device::closed_loop::{closed_loop, Load, Measured};
use throttle_model::sim::device::Op;

fn run(spec: &DeviceSpec, op: Op, size: u64, depth: u32, sequential: bool, count: u64) -> Measured {
    closed_loop(spec, Load { op, size, depth, sequential, count }, 7)
}

/// Within `tolerance` (a fraction) of the sheet's figure.
fn near(measured: f64, sheet: f64, tolerance: f64) -> bool {
    (measured / sheet - 1.0).abs() <= tolerance
}

#[test]
fn every_drive_gives_its_data_sheets_figures() {
    let mut checked = 0;
    for d in drives() {
        let Some(sheet) = d.sheet else { continue };
        // 4 KiB random reads at queue depth 1: an HDD's average seek + half a turn (the
        // mean), an SSD's or a LUN's typical latency (the median).
        let l = run(&d.spec, Op::Read, 4096, 1, false, 2000).latency;
        let read = if d.spec.kind() == "hdd" { l.mean() } else { l.quantile(0.5) } as f64;
        assert!(
            near(read, sheet.read_qd1_ns as f64, 0.15),
            "{}: QD1 read {read} ns, sheet {}",
            d.name,
            sheet.read_qd1_ns
        );
        if let Some(w) = sheet.write_qd1_ns {
            let write = run(&d.spec, Op::Write, 4096, 1, false, 2000).latency.quantile(0.5) as f64;
            assert!(near(write, w as f64, 0.4), "{}: QD1 write {write} ns, sheet {w}", d.name);
        }
        if let Some(rate) = sheet.seq_write_bytes_per_s {
            // Past any write cache: 2 GiB of 128 KiB writes, 32 outstanding.
            let m = run(&d.spec, Op::Write, 128 << 10, 32, true, 16_384).bytes_per_s() as f64;
            assert!(near(m, rate as f64, 0.2), "{}: sequential write {m} B/s, sheet {rate}", d.name);
        }
        checked += 1;
    }
    assert!(checked >= 8, "{checked} drives have sheets");
}

#[test]
fn an_smr_drive_halves_a_stream_past_its_media_cache_and_collapses_random_writes() {
    let Some(mut smr) = find("hdd", "smr-st8000dm004").map(|d| d.spec) else { panic!("the SMR preset") };
    // A smaller cache than the real 20 GB keeps the test quick; the mechanism is the same.
    if let DeviceSpec::Hdd(p) = &mut smr {
        p.smr_cache_bytes = 1 << 30;
    }
    let rate =
        |count: u64, sequential: bool, size: u64| run(&smr, Op::Write, size, 4, sequential, count).bytes_per_s() as f64;
    let (fresh, past) = (rate(512, true, 1 << 20), rate(4096, true, 1 << 20));
    // 4 GiB through a 1 GiB cache: three quarters at half speed.
    let expected = fresh / (0.25 + 0.75 * 2.0);
    assert!(near(past, expected, 0.1), "stream: {fresh} B/s fresh, {past} B/s through, expected {expected}");
    // 64 KiB random writes: each band merge reads and rewrites 32 MiB for one write.
    let cmr = find("hdd", "5400-cmr").map(|d| d.spec).expect("the CMR preset");
    let cmr_random = run(&cmr, Op::Write, 64 << 10, 4, false, 40_000).bytes_per_s() as f64;
    let smr_random = rate(40_000, false, 64 << 10);
    assert!(smr_random * 20.0 < cmr_random, "random: SMR {smr_random} B/s, CMR {cmr_random} B/s");
}

#[test]
fn garbage_collection_and_network_stalls_are_a_tail_not_a_mean() {
    // Collections hold a die before a program: writes past the cache wait behind them.
    for (kind, name, op, depth) in [("ssd", "sata-s4500", Op::Write, 32), ("lun", "iscsi-10g", Op::Read, 4)] {
        let d = find(kind, name).expect("preset");
        let m = run(&d.spec, op, 4096, depth, false, 200_000).latency;
        let mut calm = d.spec.clone();
        match &mut calm {
            DeviceSpec::Ssd(p) => p.stall_per_million = 0,
            DeviceSpec::Lun(p) => p.stall_per_million = 0,
            _ => {}
        }
        let c = run(&calm, op, 4096, depth, false, 200_000).latency;
        assert!(
            m.quantile(0.999) > 2 * c.quantile(0.999),
            "{name}: p99.9 {} vs {}",
            m.quantile(0.999),
            c.quantile(0.999)
        );
        assert!(near(m.quantile(0.5) as f64, c.quantile(0.5) as f64, 0.2), "{name}: median moved");
    }
}

#[test]
fn a_preset_is_named_by_kind_and_its_figures_stay_editable() {
    use throttle_model::scenario::Scenario;
    let s = Scenario::from_json(r#"{"pool": {"device": {"kind": "hdd", "preset": "10k-savvio", "rpm": 15000}}}"#)
        .expect("valid");
    let DeviceSpec::Hdd(p) = &s.pool.device else { panic!("an HDD") };
    assert_eq!((p.rpm, p.full_stroke_ns), (15_000, 7_810_000));
    let e = Scenario::from_json(r#"{"pool": {"device": {"kind": "ssd", "preset": "10k-savvio"}}}"#).unwrap_err();
    assert!(e.to_string().contains("not a ssd preset") && e.to_string().contains("optane-p4800x"), "{e}");
}

#[test]
fn the_labs_drive_setting_offers_every_named_drive_and_sets_what_it_leaves_at_default() {
    use throttle_model::scenario::lab::{effective, scenario_from_settings};
    use throttle_model::{Id, Tunables};
    let originals = ["enterprise-7200", "datacenter", "array-100mbs"];
    let named: Vec<&str> = drives().iter().map(|d| d.name).filter(|n| !originals.contains(n)).collect();
    assert_eq!(&Id::Drive.spec().choices[1..], named.as_slice(), "schema::DRIVES and drives() differ");
    for (i, name) in Id::Drive.spec().choices.iter().enumerate().skip(1) {
        let mut t = Tunables::default();
        t.set(Id::Drive, i as u64).expect("in range");
        let s = scenario_from_settings(&t).unwrap_or_else(|e| panic!("{name}: {e}"));
        let d = find(s.pool.device.kind(), name).expect("the drive, of the kind it set");
        assert_eq!(s.pool.device, d.spec, "{name}: the lab runs the drive as it is");
    }
    // Moved from its default, the kind's own setting still changes the drive.
    let optane = Id::Drive.spec().choices.iter().position(|c| *c == "optane-p4800x").unwrap() as u64;
    let mut t = Tunables::default();
    t.set(Id::Drive, optane).expect("in range");
    t.set(Id::SsdRead, 20_000).expect("in range");
    let e = effective(&t);
    assert_eq!((e.get(Id::Device), e.get(Id::SsdRead), e.get(Id::SsdProgram)), (1, 20_000, 6_000));
}

#[test]
fn the_labs_log_device_is_any_named_ssd_and_a_sata_one_caps_the_log_at_its_link() {
    use throttle_model::scenario::lab::scenario_from_settings;
    use throttle_model::{Id, Tunables};
    // Every choice is a named SSD of drives(), run as it is.
    for (i, name) in Id::SlogDrive.spec().choices.iter().enumerate() {
        let mut t = Tunables::default();
        t.set(Id::Slog, 1).expect("in range");
        t.set(Id::SlogDrive, i as u64).expect("in range");
        let s = scenario_from_settings(&t).unwrap_or_else(|e| panic!("{name}: {e}"));
        let log = s.pool.log.as_ref().expect("a log device");
        assert_eq!(Some(log.device.clone()), find(log.device.kind(), name).map(|d| d.spec), "{name}");
    }
    // The SATA drive writes a stream of 128 KiB log blocks at its sheet's rate, well under
    // the default model's (which no SATA link could carry).
    let stream = |name: &str| {
        let d = drives().into_iter().find(|d| d.name == name).expect("a drive");
        run(&d.spec, Op::Write, 128 << 10, 8, true, 4_000).bytes_per_s()
    };
    let (sata, model) = (stream("sata-s4500"), stream("datacenter"));
    assert!(sata < 600_000_000 && model > 2 * sata, "sata-s4500 {sata} B/s, datacenter {model} B/s");
}

#[test]
fn an_hdds_write_cache_is_a_setting_of_the_lab_and_off_each_write_waits_for_the_platter() {
    use throttle_model::scenario::lab::{effective, scenario_from_settings};
    use throttle_model::{Id, Tunables};
    let mut t = Tunables::default();
    t.set(Id::Device, 0).expect("in range");
    assert_eq!(effective(&t).get(Id::HddCacheWrites), 24, "the enterprise drive's cache");
    t.set(Id::HddCacheWrites, 0).expect("in range");
    let s = scenario_from_settings(&t).expect("valid");
    let DeviceSpec::Hdd(p) = &s.pool.device else { panic!("an HDD") };
    assert_eq!(p.cache_writes, 0);
    // At queue depth 1 a cached write returns once transferred; uncached, it waits for its
    // sector to come round.
    let mut hdd = Tunables::default();
    hdd.set(Id::Device, 0).expect("in range");
    let on = scenario_from_settings(&hdd).expect("valid").pool.device;
    let cached = run(&on, Op::Write, 4096, 1, false, 2_000).latency.mean();
    let uncached = run(&s.pool.device, Op::Write, 4096, 1, false, 2_000).latency.mean();
    assert!(uncached > 2 * cached, "cached {cached} ns, uncached {uncached} ns");
}

#[test]
fn a_drives_latency_variance_is_a_setting_of_the_lab_too() {
    use throttle_model::scenario::lab::{effective, scenario_from_settings};
    use throttle_model::{Id, Tunables};
    let index = |name: &str| Id::Drive.spec().choices.iter().position(|c| *c == name).unwrap() as u64;
    // Left at their defaults, the drive's own stalls: Ceph RBD's rare 7 ms, an SSD's
    // collections.
    let mut t = Tunables::default();
    t.set(Id::Drive, index("ceph-rbd")).expect("in range");
    let e = effective(&t);
    assert_eq!((e.get(Id::LunStallPerMillion), e.get(Id::LunStall)), (200, 7_000_000));
    // A 10 ms LUN where one I/O in ten waits 30 ms more: the device runs it so.
    t.set(Id::LunLatency, 10_000_000).expect("in range");
    t.set(Id::LunStallPerMillion, 100_000).expect("in range");
    t.set(Id::LunStall, 30_000_000).expect("in range");
    let s = scenario_from_settings(&t).expect("valid");
    let DeviceSpec::Lun(p) = &s.pool.device else { panic!("a LUN") };
    assert_eq!((p.base_latency_ns, p.stall_per_million, p.stall_ns), (10_000_000, 100_000, 30_000_000));
    let m = run(&s.pool.device, Op::Read, 4096, 4, false, 20_000).latency;
    let (p50, p95) = (m.quantile(0.5) as f64, m.quantile(0.95) as f64);
    assert!(near(p50, 10e6, 0.05) && near(p95, 40e6, 0.05), "p50 {p50} ns, p95 {p95} ns");
    // An SSD's garbage collection, likewise.
    let mut t = Tunables::default();
    t.set(Id::Drive, index("sata-s4500")).expect("in range");
    t.set(Id::SsdGcPerMillion, 5_000).expect("in range");
    t.set(Id::SsdGcStall, 2_000_000).expect("in range");
    let s = scenario_from_settings(&t).expect("valid");
    let DeviceSpec::Ssd(p) = &s.pool.device else { panic!("an SSD") };
    assert_eq!((p.stall_per_million, p.stall_ns), (5_000, 2_000_000));
}

#[test]
fn the_lab_says_where_each_value_it_runs_with_comes_from() {
    use throttle_model::scenario::lab::{derived_by, Derived};
    use throttle_model::{Id, Tunables};
    let at = |id: Id, name: &str| id.spec().choices.iter().position(|c| *c == name).unwrap() as u64;
    let mut t = Tunables::default();
    t.set(Id::Release, at(Id::Release, "0.6.5")).expect("in range");
    t.set(Id::Ram, 128 << 30).expect("in range");
    t.set(Id::Drive, at(Id::Drive, "ceph-rbd")).expect("in range");
    t.set(Id::LunLatency, 10_000_000).expect("in range");
    let by = derived_by(&t);
    // 0.6.5 derives the dirty limit from RAM; the drive gives its stalls (and its kind, a
    // LUN as the default is); a value typed is nobody's default; an untouched one its own.
    assert_eq!(by[Id::DirtyDataMax as usize], Some(Derived::Release));
    assert_eq!(by[Id::Device as usize], None);
    assert_eq!(by[Id::LunStall as usize], Some(Derived::Drive));
    assert_eq!(by[Id::LunLatency as usize], None);
    assert_eq!(by[Id::DelayScale as usize], None);
    let mut hdd = Tunables::default();
    hdd.set(Id::Drive, at(Id::Drive, "7200-hc310")).expect("in range");
    assert_eq!(derived_by(&hdd)[Id::Device as usize], Some(Derived::Drive));
    // The legacy era's historical defaults.
    t.set(Id::ThrottleModelChoice, 1).expect("in range");
    assert_eq!(derived_by(&t)[Id::ArcMax as usize], Some(Derived::Era));
}
