//! Golden summaries of the presets (rounded, deterministic) and one full report that the
//! WASM build must reproduce byte for byte. A mismatch writes `NAME-changed.json` beside
//! the golden; run with `UPDATE_GOLDEN=1` to accept a deliberate change.

use serde_json::{json, Value};
use std::path::PathBuf;
use throttle_model::report::Summary;
use throttle_model::report::{self, Report};
use throttle_model::scenario::presets::PRESETS;
use throttle_model::scenario::Scenario;

fn golden_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../tests/golden")
}

/// Three significant figures: readable, and stable against changes that do not matter.
fn sig3(v: u64) -> u64 {
    if v < 1000 {
        return v;
    }
    let scale = 10u64.pow(v.ilog10() - 2);
    (v + scale / 2) / scale * scale
}

fn latency(s: &Summary) -> Value {
    json!({"count": s.count, "mean_ns": sig3(s.mean_ns), "p50_ns": sig3(s.p50_ns), "p99_ns": sig3(s.p99_ns), "max_ns": sig3(s.max_ns)})
}

fn summary(r: &Report) -> Value {
    let s = &r.summary;
    let b = &s.backend;
    json!({
        "events": r.events,
        "txgs": r.txgs.len(),
        "client_write": latency(&s.client_write),
        "client_read": latency(&s.client_read),
        "throttle": {"transactions": s.throttle.counters.transactions, "delayed": s.throttle.counters.delayed,
                     "hard_waits": s.throttle.counters.hard_waits},
        "backend": {"write_bytes_per_s": sig3(b.write_bytes_per_s), "read_bytes_per_s": sig3(b.read_bytes_per_s),
                    "device_write": latency(&b.device_write), "device_read": latency(&b.device_read)},
        "dirty_at_end": sig3(r.invariants.dirty_at_end),
        "steady": {"reached_at_ns": r.steady.reached_at_ns, "summaries": r.steady.summaries},
    })
}

fn check(name: &str, actual: &str) {
    let path = golden_dir().join(format!("{name}.json"));
    if std::env::var("UPDATE_GOLDEN").as_deref() == Ok("1") {
        std::fs::write(&path, actual).expect("write golden");
        return;
    }
    let expected = std::fs::read_to_string(&path).unwrap_or_default();
    if expected != actual {
        let changed = golden_dir().join(format!("{name}-changed.json"));
        std::fs::write(&changed, actual).expect("write changed");
        panic!("{name} differs from {}; see {} (UPDATE_GOLDEN=1 accepts it)", path.display(), changed.display());
    }
}

#[test]
fn preset_summaries_match_their_goldens() {
    for p in PRESETS {
        let r = report::run(Scenario::from_json(p.json).expect("preset"));
        let text = serde_json::to_string_pretty(&summary(&r)).expect("json") + "\n";
        check(&format!("presets/{}", p.name), &text);
    }
}

#[test]
fn the_determinism_fixtures_give_the_golden_report_bytes() {
    for (fixture, golden) in
        [("determinism", "determinism-report"), ("determinism-legacy", "determinism-legacy-report")]
    {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(format!("../../tests/fixtures/{fixture}.json"));
        let text = std::fs::read_to_string(path).expect("fixture");
        let r = report::run(Scenario::from_json(&text).expect("fixture scenario"));
        check(golden, &(serde_json::to_string(&r).expect("json") + "\n"));
    }
}

/// FNV-1a over 64 bits: what the WASM side recomputes over the same report bytes.
fn fnv1a64(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}

/// Seeded scenarios across the engine's parts: releases, models, devices, layouts and
/// workloads of every kind, two simulated seconds each.
fn identity_scenarios() -> Vec<Value> {
    let mut rng = throttle_model::sim::rng::Rng::new(2026);
    let mut pick = |options: &[&str]| options[rng.below(options.len() as u64) as usize].to_string();
    let mut out = Vec::new();
    for i in 0..40 {
        let device = pick(&["hdd", "ssd", "lun", "injected"]);
        let release = pick(&["0.6.5", "0.7", "0.8", "2.1", "2.2", "2.3", "2.4", "master"]);
        let models = pick(&["openzfs", "openzfs", "legacy"]);
        let block = pick(&["8K", "32K", "128K", "1M"]);
        let pattern = pick(&["sequential", "random"]);
        let dirty = pick(&["64M", "256M", "1G"]);
        let second = pick(&["sync_write", "random_read", "scrub", "resilver", "none"]);
        let sync = pick(&["dsync", "fsync"]);
        let mut workloads = vec![json!({"kind": "async_write", "threads": 1 + i % 8, "block_size": block,
                                         "pattern": pattern, "region": "4G"})];
        match second.as_str() {
            "sync_write" => workloads.push(json!({"kind": "sync_write", "threads": 1 + i % 4, "sync": sync})),
            "random_read" => workloads.push(json!({"kind": "random_read", "threads": 2})),
            "scrub" | "resilver" => workloads.push(json!({"kind": second})),
            _ => {}
        }
        out.push(json!({
            "name": format!("identity-{i}"), "seed": i, "duration": "2s", "report_interval": "100ms",
            "models": {"release": release, "throttle": models, "scheduler": models},
            "tunables": {"zfs_dirty_data_max": dirty},
            "pool": {"mirror": 1 + i % 2, "top_level_vdevs": 1 + i % 3, "device": {"kind": device}},
            "workloads": workloads
        }));
    }
    out
}

#[test]
fn seeded_scenarios_give_the_fingerprints_the_wasm_build_must_match() {
    let rows: Vec<Value> = identity_scenarios()
        .into_iter()
        .map(|v| {
            let report = report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")));
            let text = serde_json::to_string(&report).expect("json");
            json!({"scenario": v, "length": text.len(), "fnv1a64": format!("{:016x}", fnv1a64(text.as_bytes()))})
        })
        .collect();
    check("identity", &format!("{}\n", serde_json::to_string_pretty(&rows).expect("json")));
}
