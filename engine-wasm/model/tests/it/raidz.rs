//! RAID-Z (`vdev_raidz.c`): a block's sectors, its parity and its padding spread over the
//! children; reads read the data columns, scrubs every column, a resilver rebuilds one.

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

fn run(pool: Value, workloads: Value) -> Report {
    let v = json!({"duration": "20s", "steady": {"summaries": "whole_run"}, "pool": pool, "workloads": workloads});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn lun() -> Value {
    json!({"kind": "lun", "bandwidth": "400M"})
}

/// Bytes the devices wrote for each byte a client wrote, `rate` of `block` writes.
fn write_cost(pool: Value, block: &str) -> f64 {
    let w = json!([{"kind": "async_write", "threads": 4, "block_size": block, "rate": "20M"}]);
    let r = run(pool, w);
    r.summary.backend.write_bytes_per_s as f64 / r.summary.client_write_bytes_per_s as f64
}

#[test]
fn raidz_writes_data_and_parity_and_small_blocks_pay_more() {
    let disk = write_cost(json!({"device": lun()}), "128K");
    let z2 = write_cost(json!({"mirror": 6, "raidz": 2, "device": lun()}), "128K");
    // 128 KiB on RAID-Z2 of 6: 32 data sectors, 16 parity (vdev_raidz_psize_to_asize()).
    assert!((z2 / disk - 1.5).abs() < 0.08, "128K: {z2:.3} vs {disk:.3} per client byte");
    // 8 KiB: 2 data + 2 parity sectors written (and 2 of padding allocated, not written).
    let disk8 = write_cost(json!({"device": lun()}), "8K");
    let z2_8 = write_cost(json!({"mirror": 6, "raidz": 2, "device": lun()}), "8K");
    assert!((z2_8 / disk8 - 2.0).abs() < 0.15, "8K: {z2_8:.3} vs {disk8:.3}");
    // RAID-Z1 of 5 writes 128 KiB as 32 + 8 sectors.
    let z1 = write_cost(json!({"mirror": 5, "raidz": 1, "device": lun()}), "128K");
    assert!((z1 / disk - 1.25).abs() < 0.08, "RAID-Z1: {z1:.3}");
}

#[test]
fn a_raidz_read_reads_its_data_columns_and_waits_for_all() {
    let reads = json!([{"kind": "random_read", "threads": 4, "block_size": "128K"}]);
    let r = run(json!({"mirror": 6, "raidz": 2, "device": lun()}), reads);
    let b = &r.summary.backend;
    // Four 32 KiB leaf reads for every 128 KiB the clients read; no parity.
    let per_io = b.read_bytes_per_s as f64 / b.read_iops;
    assert!((per_io - 32768.0).abs() < 1.0, "{per_io} bytes per leaf read");
    let client = r.summary.client_read.count as f64 * 131072.0 / (r.summary.measured_ns as f64 / 1e9);
    assert!((b.read_bytes_per_s as f64 / client - 1.0).abs() < 0.02, "{} vs {client}", b.read_bytes_per_s);
    // A client read is as slow as its slowest column.
    assert!(r.summary.client_read.mean_ns >= b.device_read.mean_ns);
}

#[test]
fn a_scrub_reads_every_column_and_a_resilver_rebuilds_one() {
    let pool = json!({"mirror": 6, "raidz": 2, "device": lun()});
    let scrub = run(pool.clone(), json!([{"kind": "scrub"}]));
    let resilver = run(pool, json!([{"kind": "resilver"}]));
    let (s, r) = (&scrub.summary.backend, &resilver.summary.backend);
    assert!(s.read_bytes_per_s > 0 && s.write_bytes_per_s < s.read_bytes_per_s / 100, "a scrub only reads");
    // The resilver reads five columns of each block and writes the sixth: a fifth as much.
    let ratio = r.write_bytes_per_s as f64 / r.read_bytes_per_s as f64;
    assert!((ratio - 0.2).abs() < 0.03, "resilver writes {ratio:.3} of what it reads");
}

#[test]
fn a_layout_line_gives_the_pool_and_its_log_takes_the_zil() {
    let sync = json!([{"kind": "sync_write", "threads": 4, "block_size": "64K", "sync": "dsync"}]);
    let hdd = json!({"kind": "hdd"});
    let plain = run(json!({"layout": "zpool create tank raidz2 a b c d e f", "device": hdd}), sync.clone());
    let slog = run(json!({"layout": "raidz2 a b c d e f log mirror n1 n2", "device": hdd}), sync);
    let (p, s) = (&plain.summary.client_write, &slog.summary.client_write);
    // A log on SSDs takes the commits off the HDDs: much faster, and every record copied
    // into the log (no indirect writes with a log device, zil_write_state()).
    assert!(s.mean_ns * 4 < p.mean_ns, "with a log {} ns, without {} ns", s.mean_ns, p.mean_ns);
    let e = Scenario::from_json(r#"{"pool": {"layout": "mirror a", "mirror": 2}}"#).unwrap_err().to_string();
    assert!(e.contains("pool.layout"), "{e}");
    let e = Scenario::from_json(r#"{"pool": {"layout": "mirror a b log raidz c d"}}"#).unwrap_err().to_string();
    assert!(e.contains("pool.layout") && e.contains("word 5") && e.contains("log vdev"), "{e}");
    let e = Scenario::from_json(r#"{"pool": {"raidz": 2, "mirror": 2}}"#).unwrap_err().to_string();
    assert!(e.contains("pool.mirror"), "{e}");
}

/// `block` writes (random 8K or sequential 128K) to a RAID-Z2 of HDDs, with a special
/// class or not.
fn with_special(special: &str, small: &str, block: &str) -> Report {
    let (rate, pattern) = if block == "8K" { ("2M", "random") } else { ("40M", "sequential") };
    let v = json!({"duration": "30s", "steady": {"summaries": "whole_run"},
        "pool": {"layout": format!("raidz2 a b c d e f {special}"), "device": {"kind": "hdd"},
                 "special_small_blocks": small},
        "workloads": [{"kind": "async_write", "threads": 4, "block_size": block, "rate": rate, "pattern": pattern,
                       "region": "64G"}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn the_special_class_takes_metadata_and_small_blocks_off_the_disks() {
    let sync_time = |r: &Report| r.txgs.iter().map(|t| t.stime).sum::<u64>() as f64 / r.txgs.len().max(1) as f64;
    let plain = with_special("", "0", "8K");
    let special = with_special("special mirror s1 s2", "0", "8K");
    // Random writes dirty an indirect block each: that metadata (and the dnodes and the
    // MOS) goes to the SSDs, and the syncs end sooner.
    assert!(sync_time(&special) < 0.6 * sync_time(&plain), "{} vs {}", sync_time(&special), sync_time(&plain));
    // 128 KiB records at 40 MB/s: on the HDDs unless special_small_blocks takes them; there
    // they cost a mirror's 2x instead of RAID-Z2's 1.5x.
    let (hdd, ssd) =
        (with_special("special mirror s1 s2", "64K", "128K"), with_special("special mirror s1 s2", "128K", "128K"));
    let bytes = |r: &Report| r.summary.backend.write_bytes_per_s as f64 / r.summary.client_write_bytes_per_s as f64;
    assert!((bytes(&ssd) - bytes(&hdd) - 0.5).abs() < 0.1, "{} vs {}", bytes(&ssd), bytes(&hdd));
    let e = Scenario::from_json(r#"{"models": {"release": "0.7"}, "pool": {"layout": "a special b"}}"#).unwrap_err();
    assert!(e.to_string().contains("came in 0.8"), "{e}");
}

#[test]
fn from_2_4_the_zil_goes_to_the_special_class_when_there_is_no_log() {
    let commit = |release: &str| {
        let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
            "pool": {"layout": "raidz2 a b c d e f special mirror s1 s2", "device": {"kind": "hdd"}},
            "workloads": [{"kind": "sync_write", "threads": 2, "block_size": "4K", "sync": "dsync"}]});
        report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))).summary.client_write.mean_ns
    };
    // zio_alloc_zil(): 2.3 tries the log class, then the normal one (HDDs); 2.4 the
    // special class before the normal one (SSDs).
    let (old, new) = (commit("2.3"), commit("2.4"));
    assert!(new * 4 < old, "2.4 {new} ns, 2.3 {old} ns per commit");
}

#[test]
fn draid_writes_whole_rows_so_small_blocks_cost_a_row_each() {
    let draid = json!({"layout": "draid2:8d:1s:11c a b c d e f g h i j k", "device": lun()});
    let disk = write_cost(json!({"device": lun()}), "128K");
    // 128 KiB: 32 data sectors in 4 rows of 8 + 2: 1.25x.
    let big = write_cost(draid.clone(), "128K");
    assert!((big / disk - 1.25).abs() < 0.08, "128K: {big:.3} vs {disk:.3}");
    // 8 KiB: 2 data sectors in one row of 10: 5x, where RAID-Z2 wrote 2x.
    let disk8 = write_cost(json!({"device": lun()}), "8K");
    let small = write_cost(draid, "8K");
    assert!((small / disk8 - 5.0).abs() < 0.4, "8K: {small:.3} vs {disk8:.3}");
}

#[test]
fn logbias_throughput_writes_the_data_in_place_even_with_a_log() {
    let commit = |logbias: &str| {
        let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"},
            "pool": {"layout": "raidz2 a b c d e f log mirror n1 n2", "device": {"kind": "hdd"}},
            "workloads": [{"kind": "sync_write", "threads": 2, "block_size": "4K", "sync": "dsync", "logbias": logbias}]});
        report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}"))).summary
    };
    let (latency, throughput) = (commit("latency"), commit("throughput"));
    // The SLOG takes the data with logbias=latency; with throughput every 4 KiB write goes
    // to the HDDs in place (dmu_sync()) and only its record to the log.
    assert!(
        throughput.client_write.mean_ns > 4 * latency.client_write.mean_ns,
        "throughput {} ns, latency {} ns",
        throughput.client_write.mean_ns,
        latency.client_write.mean_ns
    );
}

/// Random 8 KiB reads of existing blocks on a 6-wide RAID-Z2 of HDDs: each reads two data
/// columns, and since the blocks lie at multiples of 3 sectors inside metaslabs of their
/// own starts (`metaslab_place.rs`), each child holds those columns for a third of the
/// blocks: the six disks serve them as three would, where a block placed every 6 sectors
/// from the start of the vdev always began on column 0 and left four disks idle (the
/// pool then read about as fast as one disk). Per-disk rates fall with the shallower
/// queue, so the bound is loose: at least half again as fast as one disk.
#[test]
fn random_reads_of_a_raidz2_use_all_its_disks() {
    let hdd = json!({"preset": "7200-hc310"});
    let reads = json!([{"kind": "random_read", "threads": 16, "block_size": "8K"}]);
    let rate = |r: &Report| r.summary.client_read.count as f64 / (r.summary.measured_ns as f64 / 1e9);
    let one = rate(&run(json!({"device": hdd}), reads.clone()));
    let z2 = rate(&run(json!({"mirror": 6, "raidz": 2, "device": hdd}), reads));
    assert!(z2 > 1.5 * one, "RAID-Z2 of 6: {z2:.0} reads/s, one disk {one:.0}");
}
