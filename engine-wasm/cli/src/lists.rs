//! What the lab offers, listed: `throttle-lab releases [--diff A B]`, `presets` and
//! `drives`.

use std::fmt::Write;
use throttle_model::messages::escaped;
use throttle_model::scenario::lab_presets::LAB_PRESETS;
use throttle_model::scenario::presets::PRESETS;
use throttle_model::scenario::release::Difference;
use throttle_model::scenario::{drives, Release, Scenario};
use throttle_model::sim::device::closed_loop::{closed_loop, Load};
use throttle_model::sim::device::Op;

/// `throttle-lab releases [--diff A B]`.
pub fn releases(diff: &[String]) -> Result<String, String> {
    let release = |name: &str| {
        Release::from_name(name).ok_or_else(|| {
            let names: Vec<&str> = Release::ALL.iter().map(|r| r.name()).collect();
            format!("unknown release '{}' (one of {})", escaped(name, false), names.join(", "))
        })
    };
    let mut out = String::new();
    match diff {
        [] => {
            // The labels' column as wide as the longest label, so every value lines up.
            let width = Release::ALL.iter().flat_map(|r| r.behaviour()).map(|(what, _)| what.len()).max().unwrap_or(0);
            for r in Release::ALL {
                let _ = writeln!(out, "{}", r.name());
                for (what, value) in r.behaviour() {
                    let _ = writeln!(out, "  {what:<width$}  {value}");
                }
            }
        }
        [a, b] => {
            let (ra, rb) = (release(a)?, release(b)?);
            let rows = ra.differences(rb);
            if rows.is_empty() {
                let _ = writeln!(out, "{} and {}: no differences in defaults or behaviour", ra.name(), rb.name());
                return Ok(out);
            }
            // Columns as wide as their longest entry: a behaviour's text can be long.
            let width = |f: fn(&Difference) -> &str, head: &str| {
                rows.iter().map(|d| f(d).len()).chain([head.len()]).max().unwrap_or(0)
            };
            let (w0, w1) = (width(|d| &d.what, ""), width(|d| &d.a, ra.name()));
            let _ = writeln!(out, "{:<w0$}  {:<w1$}  {}", "", ra.name(), rb.name());
            for d in rows {
                let _ = writeln!(out, "{:<w0$}  {:<w1$}  {}", d.what, d.a, d.b);
            }
        }
        _ => return Err("--diff takes two releases, for example --diff 2.1 2.4".into()),
    }
    Ok(out)
}

/// The scenario files (`run --preset NAME`), then the app's starting points with the
/// symptom each shows and its source (`run --link`; the lessons open them).
pub fn presets_list() -> String {
    let mut out = String::from("Scenario files (run --preset NAME):\n");
    for p in PRESETS {
        let description = Scenario::from_json(p.json).map(|s| s.description).unwrap_or_default();
        let _ = writeln!(out, "{:<22} {}", p.name, description);
    }
    out.push_str("\nThe app's starting points (run --link 'LINK'), by the symptom each shows, and their sources:\n");
    for p in LAB_PRESETS {
        let _ = writeln!(out, "{:<22} {}", p.name, p.title);
        let _ = writeln!(out, "{:<22} {}", "", p.source);
        let _ = writeln!(out, "{:<22} {}", "", p.link);
    }
    out
}

/// Each named drive: its kind, title and source, and the figures its sheet gives beside
/// what its model measures under the same load (`sim::device::closed_loop`).
pub fn drives_list() -> String {
    let mut out = String::new();
    for d in drives::drives() {
        let _ = writeln!(out, "{:<18} {:<4} {}", d.name, d.spec.kind(), d.title);
        // The source, wrapped under the title.
        let mut line = String::new();
        for word in d.source.split_whitespace() {
            if !line.is_empty() && line.len() + word.len() > 64 {
                let _ = writeln!(out, "{:>23} {line}", "");
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(word);
        }
        let _ = writeln!(out, "{:>23} {line}", "");
        let Some(sheet) = d.sheet else { continue };
        let run =
            |op, size, depth, sequential, count| closed_loop(&d.spec, Load { op, size, depth, sequential, count }, 7);
        let read = run(Op::Read, 4096, 1, false, 2000).latency;
        let read = if d.spec.kind() == "hdd" { read.mean() } else { read.quantile(0.5) };
        let us = |ns: u64| format!("{:.1} us", ns as f64 / 1e3);
        let _ =
            writeln!(out, "{:>23} 4 KiB read, QD1:  sheet {:>10}, model {:>10}", "", us(sheet.read_qd1_ns), us(read));
        if let Some(w) = sheet.write_qd1_ns {
            let write = run(Op::Write, 4096, 1, false, 2000).latency.quantile(0.5);
            let _ = writeln!(out, "{:>23} 4 KiB write, QD1: sheet {:>10}, model {:>10}", "", us(w), us(write));
        }
        if let Some(rate) = sheet.seq_write_bytes_per_s {
            let m = run(Op::Write, 128 << 10, 32, true, 16_384).bytes_per_s();
            let mb = |b: u64| format!("{} MB/s", b / 1_000_000);
            let _ = writeln!(out, "{:>23} sequential write:  sheet {:>10}, model {:>10}", "", mb(rate), mb(m));
        }
    }
    out
}
