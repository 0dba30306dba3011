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
