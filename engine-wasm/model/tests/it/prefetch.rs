//! Sequential readers and the DMU prefetcher (`dmu_zfetch.c`): reads ahead in the
//! async-read class, so a streaming reader mostly finds its blocks in the ARC.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

fn run(kind: &str, release: &str, writers: u32) -> Report {
    let mut workloads = vec![json!({"kind": kind, "threads": 2, "block_size": "128K"})];
    if writers > 0 {
        workloads.push(json!({"kind": "async_write", "threads": writers, "block_size": "128K"}));
    }
    let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
        "pool": {"top_level_vdevs": 2, "device": {"kind": "hdd"}}, "workloads": workloads});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn a_streaming_reader_reads_ahead_in_the_async_read_class_and_mostly_hits() {
    let (seq, random) = (run("sequential_read", "2.4", 0), run("random_read", "2.4", 0));
    let (s, r) = (&seq.summary, &random.summary);
    // The prefetcher's reads are async reads; the random readers' are sync reads.
    assert!(
        s.classes["async_read"].latency.count > 10 * s.classes["sync_read"].latency.count,
        "{:?}",
        s.classes.keys()
    );
    assert_eq!(r.classes.get("async_read").map_or(0, |c| c.latency.count), 0);
    // Most demand reads are copies out of the ARC: the median read is far below a disk's.
    assert!(
        s.client_read.p50_ns * 20 < s.backend.device_read.p50_ns,
        "{} vs {}",
        s.client_read.p50_ns,
        s.backend.device_read.p50_ns
    );
    assert!(s.client_read.count > 10 * r.client_read.count, "{} vs {}", s.client_read.count, r.client_read.count);
}

#[test]
fn writers_compete_with_the_prefetcher_for_the_disks() {
    let (alone, busy) = (run("sequential_read", "2.4", 0), run("sequential_read", "2.4", 8));
    assert!(busy.summary.client_read.count * 10 < alone.summary.client_read.count * 9, "no competition seen");
    assert_eq!(busy.invariants.waits_without_cause + busy.invariants.active_above_max, 0);
}

/// Before 0.7 the prefetcher's cap is `zfetch_block_cap` blocks (256), not 8 MiB
/// (`dmu_zfetch_dofetch()` of 0.6.5 against `dmu_zfetch()` of 0.7.0): with 1 MiB records
/// it keeps hundreds of reads queued ahead where 0.7 keeps eight, so each waits that much
/// longer in the queue for the same read rate.
#[test]
fn before_0_7_the_prefetcher_reads_its_block_cap_ahead() {
    let run = |release: &str| {
        let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
            "pool": {"device": {"kind": "hdd"}},
            "workloads": [{"kind": "sequential_read", "threads": 1, "block_size": "1M"}]});
        report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
    };
    let (old, new) = (run("0.6.5"), run("0.7"));
    let wait = |r: &Report| r.summary.classes["async_read"].latency.p50_ns;
    assert!(wait(&old) > 20 * wait(&new), "{} vs {}", wait(&old), wait(&new));
    // The disk reads as fast either way.
    let reads = |r: &Report| r.summary.client_read.count;
    assert!(reads(&old).abs_diff(reads(&new)) * 20 < reads(&new), "{} vs {}", reads(&old), reads(&new));
    assert_eq!(old.invariants.waits_without_cause + old.invariants.active_above_max, 0);
}
