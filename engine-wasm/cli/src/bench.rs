//! `throttle-lab bench`: the engine's speed on every preset, beside a bare
//! event loop on the same heap in the same process, and its cost per simulated I/O at three
//! run lengths (it must grow linearly), and what the metaslab allocator costs per block it
//! places (the S11 presets run with and without it, side by side). Prints a table, or JSON
//! with `--json`.

use serde_json::{json, Value};
use std::time::Instant;
use throttle_model::report::{self, Report};
use throttle_model::scenario::presets;
use throttle_model::scenario::Scenario;
use throttle_model::sim::bench::bare_heap_loop;
use throttle_model::sim::Sim;

/// After one untimed warm-up, runs are repeated until about this much time is sampled
/// (at least 3, at most 50 runs); the fastest run is kept.
const SAMPLE_SECONDS: f64 = 0.5;

fn best_of<T>(mut f: impl FnMut() -> T) -> (f64, T) {
    let mut out = f();
    let mut best = f64::INFINITY;
    let mut spent = 0.0;
    let mut runs = 0;
    while runs < 3 || (spent < SAMPLE_SECONDS && runs < 50) {
        let start = Instant::now();
        out = f();
        let secs = start.elapsed().as_secs_f64();
        best = best.min(secs);
        spent += secs;
        runs += 1;
    }
    (best, out)
}

fn scenario(name: &str, duration: Option<&str>) -> Result<Scenario, String> {
    let p = presets::find(name).ok_or_else(|| format!("no preset {name}"))?;
    let mut v: Value = serde_json::from_str(p.json).map_err(|e| e.to_string())?;
    if let Some(d) = duration {
        v["duration"] = json!(d);
    }
    Scenario::from_json(&v.to_string()).map_err(|e| e.to_string())
}

fn measure(name: &str, duration: Option<&str>) -> Result<Value, String> {
    let s = scenario(name, duration)?;
    let (secs, report): (f64, Report) = best_of(|| report::run(s.clone()));
    let events = report.events;
    let (bare_secs, _) = best_of(|| bare_heap_loop(events, 256));
    let ios = report.invariants.leaf_ios_completed.max(1);
    Ok(json!({
        "preset": name,
        "duration": duration.unwrap_or("preset"),
        "events": events,
        "leaf_ios": ios,
        "seconds": secs,
        "events_per_s": events as f64 / secs,
        "bare_heap_events_per_s": events as f64 / bare_secs,
        "ratio_to_bare_heap": bare_secs / secs,
        "ns_per_leaf_io": secs * 1e9 / ios as f64,
    }))
}

/// The S11 preset with the allocator against the same run placing blocks at a cursor:
/// the extra time per event, over the run's events, per block placed. (The runs differ in more than placement, since the
/// offsets change the disk's work; the simulated I/O is what the allocator costs too.)
fn allocator_cost(name: &str) -> Result<Value, String> {
    let with = scenario(name, Some("30s"))?;
    let mut without = with.clone();
    without.pool.allocator = None;
    let (secs, report) = best_of(|| report::run(with.clone()));
    let (base_secs, base) = best_of(|| report::run(without.clone()));
    // Set-up: the metaslabs' starting holes are placed as each is loaded, in the run.
    let (setup, _) = best_of(|| Sim::new(with.clone()));
    let (base_setup, _) = best_of(|| Sim::new(without.clone()));
    let a = report.allocator.as_ref().ok_or("no allocator in the report")?;
    let placed = (a.counters.first_fit + a.counters.best_fit).max(1);
    Ok(json!({
        "preset": name,
        "blocks_placed": placed,
        "seconds_with": secs,
        "seconds_without": base_secs,
        "events_with": report.events,
        "events_without": base.events,
        "ns_per_event_with": secs * 1e9 / report.events.max(1) as f64,
        "ns_per_event_without": base_secs * 1e9 / base.events.max(1) as f64,
        "setup_seconds": setup - base_setup,
        // Per event, not per run: the runs simulate different numbers of events, and once
        // the allocator got cheaper the run with it could take less time in all than the
        // one without, which made a whole-run difference negative.
        "ns_per_block_placed": ((secs - setup) / report.events.max(1) as f64
            - (base_secs - base_setup) / base.events.max(1) as f64)
            * 1e9
            * report.events as f64
            / placed as f64,
    }))
}

pub fn bench(json_out: bool) -> Result<String, String> {
    let mut rows = presets::PRESETS.iter().map(|p| measure(p.name, None)).collect::<Result<Vec<_>, _>>()?;
    for d in ["15s", "30s", "60s"] {
        rows.push(measure("default", Some(d))?);
    }
    let alloc = vec![allocator_cost("s11-metaslab-2009")?, allocator_cost("s11-metaslab-2010")?];
    if json_out {
        return Ok(format!("{}\n", json!({ "engine": rows, "allocator": alloc })));
    }
    let mut out = format!(
        "{:<20} {:>8} {:>10} {:>10} {:>9} {:>12} {:>10} {:>12}\n",
        "preset", "length", "events", "leaf I/Os", "seconds", "events/s", "vs heap", "ns/leaf I/O"
    );
    for r in &rows {
        out.push_str(&format!(
            "{:<20} {:>8} {:>10} {:>10} {:>9.3} {:>12.0} {:>10.3} {:>12.0}\n",
            r["preset"].as_str().unwrap_or(""),
            r["duration"].as_str().unwrap_or(""),
            r["events"],
            r["leaf_ios"],
            r["seconds"].as_f64().unwrap_or(0.0),
            r["events_per_s"].as_f64().unwrap_or(0.0),
            r["ratio_to_bare_heap"].as_f64().unwrap_or(0.0),
            r["ns_per_leaf_io"].as_f64().unwrap_or(0.0),
        ));
    }
    out.push_str(&format!(
        "\n{:<20} {:>12} {:>14} {:>17} {:>12} {:>16}\n",
        "allocator (30 s)", "blocks", "ns/event with", "ns/event without", "set-up s", "ns/block placed"
    ));
    for r in &alloc {
        out.push_str(&format!(
            "{:<20} {:>12} {:>14.0} {:>17.0} {:>12.3} {:>16.0}\n",
            r["preset"].as_str().unwrap_or(""),
            r["blocks_placed"],
            r["ns_per_event_with"].as_f64().unwrap_or(0.0),
            r["ns_per_event_without"].as_f64().unwrap_or(0.0),
            r["setup_seconds"].as_f64().unwrap_or(0.0),
            r["ns_per_block_placed"].as_f64().unwrap_or(0.0),
        ));
    }
    Ok(out)
}
