//! A ticket-ready Markdown summary of an A/B comparison: what changed, what got better,
//! what got worse, with figures. It reads the two runs' summaries as the report's JSON
//! gives them (`Report.summary`), so that the CLI and the app, which holds reports as
//! parsed JSON, write the same text from one place; a figure a summary lacks is left out.

use crate::units::{describe_value, Unit};
use serde_json::Value;
use std::fmt::Write;

#[derive(Clone, Copy, PartialEq, Eq)]
enum Better {
    Lower,
    Higher,
}

#[derive(Clone, Copy)]
enum Shown {
    Ns,
    BytesPerS,
    Fraction,
    Count,
}

/// The figures a ticket compares: where each is in the summary, its unit, which way is better.
const METRICS: [(&str, &[&str], Shown, Better); 12] = [
    ("client write p99", &["client_write", "p99_ns"], Shown::Ns, Better::Lower),
    ("client write mean", &["client_write", "mean_ns"], Shown::Ns, Better::Lower),
    ("client write throughput", &["client_write_bytes_per_s"], Shown::BytesPerS, Better::Higher),
    ("client read p99", &["client_read", "p99_ns"], Shown::Ns, Better::Lower),
    ("client read mean", &["client_read", "mean_ns"], Shown::Ns, Better::Lower),
    ("fsync p99", &["client_fsync", "p99_ns"], Shown::Ns, Better::Lower),
    ("read p99 while a txg sync writes", &["picket_fence", "read_p99_during_sync_ns"], Shown::Ns, Better::Lower),
    ("backend write throughput", &["backend", "write_bytes_per_s"], Shown::BytesPerS, Better::Higher),
    ("backend write variation (CV)", &["picket_fence", "write_cv"], Shown::Fraction, Better::Lower),
    ("transactions delayed", &["throttle", "delayed_fraction"], Shown::Fraction, Better::Lower),
    ("hard-limit waits", &["throttle", "counters", "hard_waits"], Shown::Count, Better::Lower),
    ("ARC dirty-data waits", &["throttle", "counters", "arc_dirty_throttles"], Shown::Count, Better::Lower),
];

/// Changes smaller than this share of the larger value are "about the same" [%].
const SAME_PERCENT: f64 = 2.0;

fn at(v: &Value, path: &[&str]) -> Option<f64> {
    path.iter().try_fold(v, |v, k| v.get(k)).and_then(Value::as_f64).filter(|x| x.is_finite())
}

fn show(x: f64, how: Shown) -> String {
    match how {
        Shown::Ns => describe_value(Unit::Nanoseconds, x.max(0.0) as u64),
        Shown::BytesPerS => format!("{}/s", describe_value(Unit::Bytes, x.max(0.0) as u64)),
        Shown::Fraction if x <= 1.0 => format!("{:.1}%", x * 100.0),
        Shown::Fraction => format!("{x:.2}"),
        Shown::Count => format!("{x:.0}"),
    }
}

/// The Markdown for runs `a` and `b` (their `summary` JSON), labelled, with the settings
/// that differ (`name: A → B`) and the link that reproduces them.
pub fn ticket(a: &Value, b: &Value, labels: (&str, &str), changes: &[String], link: Option<&str>) -> String {
    let (la, lb) = labels;
    let mut rows = Vec::new();
    let (mut better, mut worse, mut same) = (Vec::new(), Vec::new(), Vec::new());
    for (name, path, how, good) in METRICS {
        let (Some(x), Some(y)) = (at(a, path), at(b, path)) else { continue };
        if x == 0.0 && y == 0.0 {
            continue;
        }
        let change = if x == 0.0 { f64::INFINITY } else { (y - x) / x * 100.0 };
        let larger = x.abs().max(y.abs());
        let tiny = (y - x).abs() * 100.0 <= SAME_PERCENT * larger;
        let delta = if change.is_infinite() { "new".to_string() } else { format!("{change:+.0}%") };
        let line = format!("{name} ({} → {}, {delta})", show(x, how), show(y, how));
        if tiny {
            same.push(name.to_string());
        } else if (y < x) == (good == Better::Lower) {
            better.push(line);
        } else {
            worse.push(line);
        }
        rows.push(format!("| {name} | {} | {} | {delta} |", show(x, how), show(y, how)));
    }
    let mut out = String::new();
    let _ = writeln!(out, "### Throttle Lab: {la} against {lb}\n");
    let _ = writeln!(out, "**What changed** ({la} → {lb}):");
    if changes.is_empty() {
        let _ = writeln!(out, "- nothing: the same settings");
    }
    for c in changes {
        let _ = writeln!(out, "- `{}`", c.replace('`', "'"));
    }
    let list = |out: &mut String, title: &str, items: &[String]| {
        let _ = writeln!(out, "\n**{title}:**");
        if items.is_empty() {
            let _ = writeln!(out, "- none");
        }
        for i in items {
            let _ = writeln!(out, "- {i}");
        }
    };
    list(&mut out, &format!("Better in {lb}"), &better);
    list(&mut out, &format!("Worse in {lb}"), &worse);
    if !same.is_empty() {
        let _ = writeln!(out, "\nAbout the same (within {SAME_PERCENT:.0}%): {}.", same.join(", "));
    }
    let _ = writeln!(out, "\n| figure | {la} | {lb} | change |\n|---|---|---|---|");
    for r in rows {
        let _ = writeln!(out, "{r}");
    }
    if let Some(l) = link {
        let _ = writeln!(out, "\nReproduce both runs: {l}");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn lower_latency_is_better_higher_throughput_too_and_small_moves_are_the_same() {
        let a = json!({ "client_write": { "p99_ns": 10_000_000, "mean_ns": 1_000_000 }, "client_write_bytes_per_s": 100 << 20, "throttle": { "delayed_fraction": 0.5 } });
        let b = json!({ "client_write": { "p99_ns": 5_000_000, "mean_ns": 1_010_000 }, "client_write_bytes_per_s": 50 << 20, "throttle": { "delayed_fraction": 0.5 } });
        let t = ticket(&a, &b, ("A", "B"), &["zfs_delay_scale: 500us → 1ms".into()], Some("#v=1"));
        assert!(t.contains("**Better in B:**\n- client write p99 (10 ms → 5 ms, -50%)"), "{t}");
        assert!(t.contains("**Worse in B:**\n- client write throughput (100 MiB/s → 50 MiB/s, -50%)"), "{t}");
        assert!(t.contains("About the same (within 2%): client write mean, transactions delayed."), "{t}");
        assert!(t.contains("- `zfs_delay_scale: 500us → 1ms`") && t.ends_with("Reproduce both runs: #v=1\n"), "{t}");
    }
}
