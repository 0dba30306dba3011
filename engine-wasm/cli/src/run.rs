//! `throttle-lab run`: simulate a scenario and print its report.

use crate::progress::progress;
use std::fmt::Write;
use throttle_model::messages::escaped;
use throttle_model::report::quantize::quantize;
use throttle_model::report::zpool_iostat::zpool_iostat_w_of;
use throttle_model::report::{self, Report, Summary};
use throttle_model::scenario::presets;
use throttle_model::scenario::Scenario;
use throttle_model::spec::Kind;
use throttle_model::Id;

/// The scenario text for a file path or a preset name (with `--fio`, the defaults if neither).
pub fn load(file: Option<&str>, preset: Option<&str>, fio: bool) -> Result<String, String> {
    match (file, preset) {
        (Some(_), Some(_)) => Err("give a scenario file or --preset, not both".into()),
        (None, None) if fio => Ok("{}".into()),
        (None, Some(name)) => presets::find(name)
            .map(|p| p.json.to_string())
            .ok_or_else(|| format!("no preset '{name}' (throttle-lab presets lists them)")),
        (Some(path), None) => std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}")),
        (None, None) => Err("run needs a scenario file or --preset NAME".into()),
    }
}

/// A fio job file's text: at most `fio`'s limit, and UTF-8 (a problem names its line).
pub fn read_fio(path: &str) -> Result<String, String> {
    let shown = escaped(path, false);
    let limit = throttle_model::scenario::fio::MAX_TEXT;
    let file = std::fs::File::open(path).map_err(|e| format!("cannot read {shown}: {e}"))?;
    let mut bytes = Vec::new();
    // One byte past the limit is enough to know the file is too large (and /dev/zero ends).
    std::io::Read::read_to_end(&mut std::io::Read::take(file, limit as u64 + 1), &mut bytes)
        .map_err(|e| format!("cannot read {shown}: {e}"))?;
    if bytes.len() > limit {
        return Err(format!("fio: {shown} is larger than 1 MiB; a fio job file is read up to 1 MiB"));
    }
    String::from_utf8(bytes).map_err(|e| {
        let good = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = good.iter().filter(|&&b| b == b'\n').count() + 1;
        format!("fio: {shown}: line {line} is not UTF-8 text")
    })
}

/// The scenario a share link describes (its fragment, query or the whole link, read as the
/// app reads its address: `link::query_of`): the configuration
/// being edited, or the pinned one, with a fio job file's workloads if given (as the app
/// takes a pasted one: onto the link's settings, before `--set`). The link's notices go to
/// stderr, as the app shows them.
pub fn simulate_link(
    link: &str,
    pinned: bool,
    fio: Option<&str>,
    sets: &[String],
    until_steady: bool,
) -> Result<Report, String> {
    let decoded = throttle_model::link::decode(throttle_model::link::query_of(link));
    for notice in &decoded.notices {
        eprintln!("throttle-lab: link: {}", escaped(notice, true));
    }
    let mut t = match (pinned, decoded.pinned) {
        (false, _) => decoded.tunables,
        (true, Some(a)) => a,
        (true, None) => return Err("--pinned: this link has no pinned configuration (pinned=1)".into()),
    };
    if let Some(text) = fio {
        let jobs = throttle_model::scenario::fio::translate(text).map_err(|e| format!("fio: {e}"))?;
        for note in &jobs.notes {
            eprintln!("throttle-lab: fio: {}", escaped(note, true));
        }
        let unnamed = jobs.workloads.iter().any(|w| is_writer(w) && w.get("zvol").is_none());
        if unnamed && t.get(Id::Dataset) == 1 {
            eprintln!("throttle-lab: fio: a job names no filename: its writes go to the link's zvol");
        }
        for (id, v) in jobs.lab_settings().map_err(|e| format!("fio: {e}"))? {
            if id == Id::Dataset && t.get(id) != v {
                // Said, not silent: the link's dataset was the one being examined.
                let was = id.spec().format(t.get(id));
                let now = id.spec().format(v);
                eprintln!(
                    "throttle-lab: fio: the job's filename writes a {now}: the link's dataset ({was}) is replaced"
                );
            }
            t.set(id, v).map_err(|e| format!("fio: {e}"))?;
        }
    }
    t.set_assignments(sets).map_err(|e| e.to_string())?;
    let mut scenario = throttle_model::scenario::lab::scenario_from_settings(&t)?;
    warn(&throttle_model::validate::check(&t));
    scenario.steady.until_steady |= until_steady;
    let total = scenario.duration_ns as f64 / 1e9;
    Ok(report::run_with_progress(scenario, &mut |now| {
        progress(format_args!("{:.1} s of {total:.1} s simulated", now as f64 / 1e9))
    }))
}

/// Combinations the kernel runs but its source advises against (or that hang it, as the
/// kernel would): said on stderr, as the app shows them beside the controls.
fn warn(checked: &throttle_model::validate::Checked) {
    for warning in &checked.warnings {
        eprintln!("throttle-lab: warning: {}", escaped(&warning.message, true));
    }
}

/// What the command line changes in a scenario before it runs.
pub struct Overrides<'a> {
    pub seed: Option<u64>,
    /// `legacy` or `openzfs`, for both the throttle and the scheduler.
    pub models: Option<&'a str>,
    /// `NAME=VALUE` tunables, applied after the scenario's own.
    pub sets: &'a [String],
    /// Stop one window after steady state (or at the duration or budget).
    pub until_steady: bool,
    /// A fio job file's text, whose jobs replace the scenario's workloads.
    pub fio: Option<String>,
}

/// Runs the scenario; progress goes to a terminal on stderr about every million events.
pub fn simulate(text: &str, o: &Overrides<'_>) -> Result<Report, String> {
    let mut value = throttle_model::scenario::json_value(text).map_err(|e| format!("scenario: not valid JSON: {e}"))?;
    if let Some(models) = o.models {
        if !matches!(models, "legacy" | "openzfs") {
            return Err(format!("--models takes legacy or openzfs, not '{models}'"));
        }
        // Set before reading, so that the era's historical defaults apply only to legacy runs.
        if !value.get("models").is_some_and(serde_json::Value::is_object) {
            value["models"] = serde_json::json!({});
        }
        value["models"]["throttle"] = models.into();
        value["models"]["scheduler"] = models.into();
    }
    if let Some(text) = &o.fio {
        let jobs = throttle_model::scenario::fio::translate(text).map_err(|e| format!("fio: {e}"))?;
        for note in &jobs.notes {
            eprintln!("throttle-lab: fio: {}", escaped(note, true));
        }
        let mut workloads = jobs.workloads;
        // A job naming no file writes to the scenario's dataset: a zvol if its writers were.
        if writes_zvol(&value) {
            for w in workloads.iter_mut().filter(|w| is_writer(w) && w.get("zvol").is_none()) {
                w["zvol"] = true.into();
            }
        }
        // The scenario's dataset keeps its recordsize: the job's writes go into its records
        // (a larger write spans several).
        if let Some(record) = dataset_record_size(&value) {
            for w in workloads.iter_mut().filter(|w| is_writer(w) && w.get("record_size").is_some()) {
                w["record_size"] = record.into();
            }
        }
        value["workloads"] = serde_json::Value::Array(workloads);
        if let Some(s) = jobs.duration_s {
            value["duration"] = format!("{s}s").into();
        }
    }
    let mut scenario = Scenario::from_json(&value.to_string()).map_err(|e| format!("scenario: {e}"))?;
    for assignment in o.sets {
        let (id, v) = scenario.tunables.set_assignment(assignment).map_err(|e| e.to_string())?;
        // The lab's own settings describe the app's single workload; a scenario file says
        // all that itself. The run's length, budget and seed, and the CPU a write costs
        // (system.cpu_per_write), apply to any scenario; the rest would be ignored
        // silently, so it is refused.
        match id {
            Id::Duration => scenario.duration_ns = v.saturating_mul(1_000_000_000),
            Id::EventBudget => scenario.budget.max_events = v,
            Id::Seed => scenario.seed = v,
            Id::CpuPerWrite => scenario.cpu_per_write_ns = Some(v),
            _ if id.spec().kind == Kind::Lab => {
                return Err(format!(
                    "--set {}: a setting of the app's lab; a scenario file describes this itself (edit the file, or use run --link)",
                    id.spec().name
                ))
            }
            _ => {}
        }
    }
    let checked = throttle_model::validate::check(&scenario.tunables);
    if let Some(problem) = checked.errors.first() {
        return Err(problem.message.clone());
    }
    warn(&checked);
    if let Some(seed) = o.seed {
        scenario.seed = seed;
    }
    scenario.steady.until_steady |= o.until_steady;
    let total = scenario.duration_ns as f64 / 1e9;
    Ok(report::run_with_progress(scenario, &mut |now| {
        progress(format_args!("{:.1} s of {total:.1} s simulated", now as f64 / 1e9))
    }))
}

/// A workload that writes into records: a buffered or a sync writer.
fn is_writer(w: &serde_json::Value) -> bool {
    w["kind"] == "async_write" || w["kind"] == "sync_write"
}

/// The `record_size` of the scenario's first writer that gives one, if any.
/// Whether the scenario's first writer writes a zvol.
fn writes_zvol(scenario: &serde_json::Value) -> bool {
    let workloads = scenario["workloads"].as_array().into_iter().flatten();
    workloads.filter(|w| is_writer(w)).take(1).any(|w| w["zvol"] == true)
}

fn dataset_record_size(scenario: &serde_json::Value) -> Option<u64> {
    let workloads = scenario["workloads"].as_array()?;
    let writer = workloads.iter().find(|w| is_writer(w) && w.get("record_size").is_some())?;
    match &writer["record_size"] {
        serde_json::Value::Number(n) => n.as_u64(),
        serde_json::Value::String(text) => {
            throttle_model::units::parse_value(throttle_model::units::Unit::Bytes, text).ok()
        }
        _ => None,
    }
}

fn ms(ns: u64) -> String {
    format!("{:.2} ms", ns as f64 / 1e6)
}

fn line(out: &mut String, name: &str, s: &Summary, per_s: f64) {
    if s.count > 0 {
        let _ = writeln!(
            out,
            "{name:<14} {:>10} {:>11} {:>11} {:>11} {:>11} {:>11} {:>10.1}/s",
            s.count,
            ms(s.mean_ns),
            ms(s.stddev_ns),
            ms(s.p50_ns),
            ms(s.p99_ns),
            ms(s.max_ns),
            per_s
        );
    }
}

/// A person's summary of a report, in the spirit of the seed's rw.d output.
pub fn human(r: &Report) -> String {
    let mut out = String::new();
    let secs = r.simulated_ns as f64 / 1e9;
    let measured = r.summary.measured_ns as f64 / 1e9;
    let m = &r.scenario.models;
    let _ = writeln!(
        out,
        "{}: {:.1} s simulated, {} events, seed {}; throttle {:?}, scheduler {:?}",
        r.scenario.name, secs, r.events, r.seed, m.throttle, m.scheduler
    );
    if let Some(why) = &r.truncated {
        let _ = writeln!(out, "TRUNCATED: {why}");
    }
    let st = &r.steady;
    let steady_metrics = st.metrics.iter().filter(|m| m.steady_at_end).count();
    let _ = match st.reached_at_ns {
        Some(at) => writeln!(
            out,
            "steady state: reached at {:.3} s ({} of {} metrics needed, over {} intervals){}; summaries cover {}",
            at as f64 / 1e9,
            st.quorum,
            st.metrics.len(),
            st.window,
            if r.scenario.steady.until_steady { ", run stopped one window later" } else { "" },
            st.summaries
        ),
        None => writeln!(
            out,
            "steady state: not reached{} ({} of {} metrics steady at the end, {} needed); summaries cover {}",
            if r.scenario.steady.until_steady { " before the duration or the budget ran out" } else { "" },
            steady_metrics,
            st.metrics.len(),
            st.quorum,
            st.summaries
        ),
    };
    let _ = writeln!(
        out,
        "\n{:<14} {:>10} {:>11} {:>11} {:>11} {:>11} {:>11} {:>12}",
        "", "count", "avg", "stddev", "p50", "p99", "max", "rate"
    );
    line(&mut out, "client write", &r.summary.client_write, r.summary.client_write_ops_per_s);
    let per = |count: u64| if measured > 0.0 { count as f64 / measured } else { 0.0 };
    line(&mut out, "client read", &r.summary.client_read, per(r.summary.client_read.count));
    line(&mut out, "client fsync", &r.summary.client_fsync, per(r.summary.client_fsync.count));
    for (name, c) in &r.summary.classes {
        line(&mut out, name, &c.latency, c.iops);
    }
    let b = &r.summary.backend;
    let _ = writeln!(out, "\ndevice I/Os (rw.d's view: issue to completion, after aggregation):");
    line(&mut out, "write", &b.device_write, b.write_iops);
    line(&mut out, "read", &b.device_read, b.read_iops);
    let t = &r.summary.throttle;
    let _ = writeln!(
        out,
        "\nthrottle: {} transactions, {} delayed ({:.1}%), {} hard-limit waits, {:.1} s of delay in all",
        t.counters.transactions,
        t.counters.delayed,
        t.delayed_fraction * 100.0,
        t.counters.hard_waits,
        t.counters.delay_total_ns as f64 / 1e9
    );
    let arc = t.counters.arc_dirty_throttles + t.counters.arc_memory_reserves;
    if arc > 0 {
        let _ = writeln!(
            out,
            "          {arc} waited for the next txg with the ARC full of dirty data (dmu_tx_dirty_throttle)"
        );
    }
    let _ = writeln!(
        out,
        "backend: {:.1} MB/s written ({:.0} IOPS, {:.1} queued writes per issued write), {:.1} MB/s read ({:.0} IOPS)",
        b.write_bytes_per_s as f64 / 1e6,
        b.write_iops,
        b.write_aggregation,
        b.read_bytes_per_s as f64 / 1e6,
        b.read_iops
    );
    if t.counters.legacy_delays_7_8 + t.counters.legacy_limit_waits > 0 {
        let _ = writeln!(
            out,
            "legacy throttle: {} writes delayed a tick past 7/8 of the limit, {} waited for the next txg at the limit",
            t.counters.legacy_delays_7_8, t.counters.legacy_limit_waits
        );
    }
    let p = &r.summary.picket_fence;
    // A p99 of 0 is no read at all in that part (a sync that only scans, say).
    let ms = |ns: u64| if ns == 0 { "none".to_string() } else { format!("{:.1} ms", ns as f64 / 1e6) };
    let _ = writeln!(
        out,
        "picket fence: backend write CV {:.3}; client read p99 {} while a txg sync writes, {} otherwise",
        p.write_cv,
        ms(p.read_p99_during_sync_ns),
        ms(p.read_p99_between_syncs_ns)
    );
    if r.tenants.len() > 1 {
        let _ = writeln!(
            out,
            "tenants (vfsstat's view): {:>8} {:>9} {:>8} {:>9} {:>9} {:>8}",
            "r/s", "read_t", "w/s", "Mw/s", "max read", "delay"
        );
        for t in &r.tenants {
            let _ = writeln!(
                out,
                "  {:<23} {:>8.1} {:>6.1} ms {:>8.1} {:>9.1} {:>6.0} ms {:>5} us",
                t.name,
                t.read_ops_per_s,
                t.reads.mean_ns as f64 / 1e6,
                t.write_ops_per_s,
                t.write_bytes_per_s as f64 / 1e6,
                t.reads.max_ns as f64 / 1e6,
                t.delay_now_ns / 1000
            );
        }
    }
    if let Some(a) = &r.allocator {
        let c = &a.counters;
        let all = (c.first_fit + c.best_fit).max(1);
        let mean = |f: &[u64]| f.iter().sum::<u64>() as f64 / f.len().max(1) as f64;
        let _ = writeln!(
            out,
            "allocator: {} metaslabs per vdev; {} first fit, {} best fit ({:.1}%), {} frees, {} metaslab switches; mean fill {:.1}% -> {:.1}%, fullest {}%",
            a.metaslabs_per_vdev,
            c.first_fit,
            c.best_fit,
            c.best_fit as f64 * 100.0 / all as f64,
            c.frees,
            c.switches,
            mean(&a.fill_at_start),
            mean(&a.fill_at_end),
            a.fill_at_end.iter().max().copied().unwrap_or(0)
        );
    }
    let _ = writeln!(out, "txgs: {} synced", r.txgs.len());
    for t in r.txgs.iter().take(5) {
        let _ = writeln!(
            out,
            "  txg {:>4}: {:>6} MB dirty, sync took {:.2} seconds",
            t.txg,
            t.ndirty / 1_000_000,
            t.stime as f64 / 1e9
        );
    }
    out
}

/// The `zpool iostat -v` table of the run, over the time the summaries cover.
pub fn vdevs(r: &Report) -> String {
    let secs = r.summary.measured_ns as f64 / 1e9;
    let table = throttle_model::report::vdevs::zpool_iostat_v(&r.vdevs);
    format!("\n# zpool iostat -v (per second, over the {secs:.1} s the summaries cover)\n{table}")
}

/// The report's histograms as engineers read them: `quantize()` text for the delays and
/// client writes, and the pool's `zpool iostat -w` table (scrub-class I/O counted as reads).
pub fn histograms(r: &Report) -> String {
    let h = &r.histograms;
    let mut out = String::new();
    for (title, buckets) in [
        ("delays applied, ns  (dtrace -n 'delay-mintime { @ = quantize(arg2); }')", &h.delay_mintime),
        ("client write latency, ns  (quantize)", &h.client_write),
        ("client read latency, ns  (quantize)", &h.client_read),
    ] {
        let text = quantize(buckets);
        if !text.is_empty() {
            let _ = write!(out, "\n{title}\n\n{text}");
        }
    }
    let table = zpool_iostat_w_of(&r.scenario.name, &h.total_wait, &h.queue_wait, &h.disk_wait);
    let _ = write!(out, "\n# zpool iostat -w (the whole run){table}");
    let kstat = throttle_model::report::kstat::dmu_tx_assign(&h.dmu_tx_assign);
    let _ = write!(out, "\n# cat /proc/spl/kstat/zfs/{}/dmu_tx_assign\n{kstat}", r.scenario.name);
    out
}
