//! `throttle-lab lessons` and `throttle-lab lessons check [NAME]`: the guided lessons, and
//! each walked without a person, every condition with its measured figure.

use crate::progress::progress;
use std::fmt::Write;
use throttle_model::lesson::{self, ConditionCheck, LessonWalk, StepCheck};

/// What a command prints, and whether it found a failure (exit status 1).
pub struct Reply {
    pub text: String,
    pub failed: bool,
}

/// Each lesson's name, steps and title; with `--json`, the lessons as their files hold them.
pub fn list(json: bool) -> Result<String, String> {
    let lessons = lesson::lessons()?;
    if json {
        return serde_json::to_string(&lessons).map(|s| s + "\n").map_err(|e| e.to_string());
    }
    let mut out = String::new();
    for l in &lessons {
        let _ = writeln!(out, "{:<16} {} steps  {}", l.name, l.steps.len(), l.title);
    }
    Ok(out)
}

/// Walks the lesson `name` (a shipped one, or a lesson file being written: `PATH.json`),
/// or every lesson; fails if any step does.
pub fn check(name: Option<&str>) -> Result<Reply, String> {
    let lessons = match name {
        Some(path) if path.ends_with(".json") => vec![from_file(path)?],
        Some(name) => vec![lesson::find(name)?],
        None => lesson::lessons()?,
    };
    let mut out = String::new();
    let mut failed = 0;
    for l in &lessons {
        let walked = lesson::walk(l, &mut |step| progress(format_args!("{}: {step}", l.name)));
        failed += usize::from(!walked.passed());
        print_walk(&mut out, &walked);
    }
    let _ = writeln!(out, "{} of {} lessons pass", lessons.len() - failed, lessons.len());
    Ok(Reply { text: out, failed: failed > 0 })
}

/// A lesson file that does not ship yet, read as the shipped ones are (its name must be
/// its file's stem).
fn from_file(path: &str) -> Result<lesson::Lesson, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {path}: {e}"))?;
    let stem = std::path::Path::new(path).file_stem().and_then(|s| s.to_str()).unwrap_or_default();
    lesson::catalogue::parse_file(path, stem, &text)
}

fn print_walk(out: &mut String, w: &LessonWalk) {
    let _ = writeln!(out, "{}: {}", w.name, w.title);
    for p in &w.problems {
        let _ = writeln!(out, "  problem: {p}");
    }
    for (i, step) in w.steps.iter().enumerate() {
        let how = if step.looks_only() { "looks" } else { "acts" };
        let _ = writeln!(out, "  step {} ({how}): {}", i + 1, step.title);
        if let Some(at_start) = &step.at_start {
            let expect = if step.looks_only() { "must pass" } else { "must fail" };
            print_check(out, &format!("at its start ({expect})"), at_start);
        }
        if let Some(after) = &step.after_solution {
            print_check(out, &format!("with its solution {} (must pass)", step.solution), after);
        }
        for p in &step.problems {
            let _ = writeln!(out, "    problem: {p}");
        }
        let _ = writeln!(out, "    {}", if step.passed() { "PASS" } else { "FAIL" });
    }
    let _ = writeln!(out, "  {}\n", if w.passed() { "PASS" } else { "FAIL" });
}

fn print_check(out: &mut String, when: &str, check: &StepCheck) {
    let _ = writeln!(out, "    {when}: {}", if check.passed { "passes" } else { "fails" });
    for c in &check.conditions {
        let _ = writeln!(out, "      {} {}", if c.passed { "yes" } else { "no " }, condition(c));
    }
}

/// `label: figure op target`, the figure as B's value or B against A.
fn condition(c: &ConditionCheck) -> String {
    let figure = match c.vs_a {
        Some(lesson::VsA::Ratio) => "B/A ",
        Some(lesson::VsA::Difference) => "B-A ",
        None => "",
    };
    format!("{}: {figure}{} {} {}", c.label, c.actual_text, c.op.symbol(), c.target_text)
}
