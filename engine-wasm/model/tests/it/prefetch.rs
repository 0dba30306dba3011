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
