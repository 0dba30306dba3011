//! What a lesson must be before anyone walks it, without running it: a preset that
//! exists, links the app's decoder reads without a notice, controls that are schema
//! entries, a solution that moves only the step's controls, panels the app has, checks
//! whose pointers are well formed, cites of known documents. Whether each pointer
//! resolves, and whether each check tests what the step asks, takes runs (`walk`).

use super::format::{Lesson, Step};
use super::links::{parts, settings};
use super::metric::check_form;
use crate::scenario::lab_presets::LAB_PRESETS;
use crate::schema::Id;

/// The app's panels a step may show large, by their `data-panel` id (a test of the app
/// reads the ids from its views and checks this list against them).
pub const PANELS: &[&str] = &[
    "async-write-curve",
    "delay-curve",
    "application",
    "writer-waits",
    "txg-timeline",
    "dirty",
    "picket-fence",
    "scan",
    "queue-depths",
    "latency",
    "txgs",
    "allocator",
    "steady",
    "summary",
];

/// The documents a lesson may cite: the model's own page, and the reference it follows.
pub const DOCS: &[&str] = &["docs/model.md", "shared/docs/openzfs-model.md"];

/// Every problem of `lesson`, each naming where it is (`steps[2].controls: ...`).
pub fn problems(lesson: &Lesson) -> Vec<String> {
    let mut out = Vec::new();
    let mut need = |what: &str, text: &str| {
        if text.trim().is_empty() {
            out.push(format!("{what}: empty"));
        }
    };
    need("title", &lesson.title);
    need("summary", &lesson.summary);
    need("tell_the_customer", &lesson.tell_the_customer);
    if !LAB_PRESETS.iter().any(|p| p.name == lesson.preset) {
        out.push(format!("preset: no lab preset '{}'", lesson.preset));
    }
    if let Err(e) = parts(&lesson.link).and_then(|_| settings(&lesson.link)) {
        out.push(format!("link: {e}"));
    }
    if lesson.cites.is_empty() {
        out.push("cites: a lesson cites the section of the model's documents that explains it".into());
    }
    for (i, cite) in lesson.cites.iter().enumerate() {
        if !DOCS.contains(&cite.doc.as_str()) {
            out.push(format!("cites[{i}].doc: '{}' is not one of {}", cite.doc, DOCS.join(", ")));
        }
        if cite.section.trim().is_empty() {
            out.push(format!("cites[{i}].section: empty"));
        }
    }
    if lesson.steps.is_empty() {
        out.push("steps: a lesson has at least one step".into());
    }
    for (i, step) in lesson.steps.iter().enumerate() {
        out.extend(step_problems(step).into_iter().map(|p| format!("steps[{i}].{p}")));
    }
    out
}

fn step_problems(step: &Step) -> Vec<String> {
    let mut out = Vec::new();
    for (what, text) in [("title", &step.title), ("text", &step.text), ("hint", &step.hint)] {
        if text.trim().is_empty() {
            out.push(format!("{what}: empty"));
        }
    }
    if !PANELS.contains(&step.panel.as_str()) {
        out.push(format!("panel: '{}' is not one of {}", step.panel, PANELS.join(", ")));
    }
    for (i, name) in step.controls.iter().enumerate() {
        if Id::from_name(name).is_none() {
            out.push(format!("controls[{i}]: no schema entry '{name}'"));
        }
    }
    match parts(&step.solution).and_then(|p| settings(&step.solution).map(|_| p)) {
        Err(e) => out.push(format!("solution: {e}")),
        Ok(moved) => {
            for (name, _) in moved.iter().filter(|(name, _)| !step.controls.contains(name)) {
                out.push(format!("solution: moves '{name}', which is not among the step's controls"));
            }
        }
    }
    if step.check.all.is_empty() {
        out.push("check.all: a step checks at least one figure".into());
    }
    for (i, c) in step.check.all.iter().enumerate() {
        if let Err(e) = check_form(&c.metric, c.reduce) {
            out.push(format!("check.all[{i}].metric: {e}"));
        }
        if !c.value.is_finite() {
            out.push(format!("check.all[{i}].value: not a finite number"));
        }
        if c.label.trim().is_empty() {
            out.push(format!("check.all[{i}].label: empty"));
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::catalogue::lessons;

    #[test]
    fn every_shipped_lesson_is_well_formed() {
        for lesson in lessons().expect("lessons read") {
            assert_eq!(problems(&lesson), Vec::<String>::new(), "{}", lesson.name);
        }
    }

    #[test]
    fn names_each_problem_where_it_is() {
        let mut lesson = lessons().expect("lessons read").remove(0);
        lesson.preset = "nope".into();
        lesson.link = "duration=lots".into();
        lesson.cites[0].doc = "README.md".into();
        lesson.steps[0].panel = "nowhere".into();
        lesson.steps[0].controls.push("zfs_nope".into());
        lesson.steps[1].solution = "zfs_txg_timeout=1".into();
        lesson.steps[1].check.all[0].metric = "/txgs/*/stime".into();
        let found = problems(&lesson);
        for expected in [
            "preset: no lab preset 'nope'",
            "link: 'duration=lots': duration",
            "cites[0].doc: 'README.md'",
            "steps[0].panel: 'nowhere'",
            "steps[0].controls[",
            "steps[1].solution: moves 'zfs_txg_timeout'",
            "steps[1].check.all[0].metric: '/txgs/*/stime' has a '*'",
        ] {
            assert!(found.iter().any(|p| p.starts_with(expected)), "{expected} not in {found:#?}");
        }
    }
}
