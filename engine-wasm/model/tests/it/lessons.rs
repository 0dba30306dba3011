//! The guided lessons: every file of `lessons/` ships and nothing else does, each cites
//! sections that exist, each walks without a person at the seed it ships with and at
//! others (so no threshold is tuned to one run), and a broken lesson fails the walk.

use std::collections::BTreeSet;
use std::path::PathBuf;
use throttle_model::lesson::links::compose;
use throttle_model::lesson::{catalogue, lessons, walk, Lesson, LessonWalk};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn shipped(name: &str) -> Lesson {
    lessons().expect("lessons read").into_iter().find(|l| l.name == name).unwrap_or_else(|| panic!("{name}"))
}

/// What went wrong in a walk, for a failure message.
fn described(w: &LessonWalk) -> String {
    let mut out = format!("{}: {:?}\n", w.name, w.problems);
    for s in &w.steps {
        out.push_str(&format!("  {}: {:?}\n", s.title, s.problems));
        for c in s.at_start.iter().chain(&s.after_solution).flat_map(|c| &c.conditions) {
            out.push_str(&format!("    {} {} {:?} {}\n", c.label, c.actual_text, c.op, c.target_text));
        }
    }
    out
}

#[test]
fn every_lesson_file_ships_and_every_shipped_lesson_is_a_file() {
    let mut on_disk = BTreeSet::new();
    for entry in std::fs::read_dir(root().join("lessons")).expect("lessons/ is readable") {
        let path = entry.expect("entry").path();
        assert_eq!(path.extension().and_then(|e| e.to_str()), Some("json"), "{path:?} is no lesson file");
        let stem = path.file_stem().and_then(|s| s.to_str()).expect("a name").to_string();
        let text = std::fs::read_to_string(&path).expect("readable");
        let embedded = catalogue::FILES.iter().find(|(s, _)| *s == stem).map(|(_, t)| *t);
        assert_eq!(embedded, Some(text.as_str()), "lessons/{stem}.json is not embedded as it is on disk");
        on_disk.insert(stem);
    }
    let embedded: BTreeSet<String> = catalogue::FILES.iter().map(|(s, _)| s.to_string()).collect();
    assert_eq!(embedded, on_disk);
    assert!(on_disk.len() >= 10, "{} lessons", on_disk.len());
}

/// The headings of a Markdown file, without their `#`s.
fn headings(text: &str) -> Vec<String> {
    text.lines().filter(|l| l.starts_with('#')).map(|l| l.trim_start_matches('#').trim().to_string()).collect()
}

#[test]
fn each_cite_names_a_section_that_exists() {
    let model = headings(&std::fs::read_to_string(root().join("../../docs/model.md")).expect("docs/model.md"));
    // The reference lives beside the repository (`../shared/docs/`), where the project keeps it.
    let reference =
        std::fs::read_to_string(root().join("../../../shared/docs/openzfs-model.md")).ok().map(|t| headings(&t));
    if reference.is_none() {
        eprintln!("shared/docs/openzfs-model.md is not beside the repository: its cites are checked by name only");
    }
    for lesson in lessons().expect("lessons read") {
        assert!(
            lesson.cites.iter().any(|c| c.doc == "docs/model.md"),
            "{}: cites no section of docs/model.md",
            lesson.name
        );
        for cite in &lesson.cites {
            let sections = match cite.doc.as_str() {
                "docs/model.md" => Some(&model),
                _ => reference.as_ref(),
            };
            if let Some(sections) = sections {
                assert!(
                    sections.contains(&cite.section),
                    "{}: no section '{}' in {}",
                    lesson.name,
                    cite.section,
                    cite.doc
                );
            }
        }
    }
}

#[test]
fn every_lesson_walks_at_its_seed_and_at_two_others() {
    for seed in [1, 2, 3] {
        for mut lesson in lessons().expect("lessons read") {
            lesson.link = compose(&[&lesson.link, &format!("seed={seed}")]).expect("composes");
            let walked = walk(&lesson, &mut |_| {});
            assert!(walked.passed(), "seed {seed}: {}", described(&walked));
            assert_eq!(walked.steps.len(), lesson.steps.len());
        }
    }
}

#[test]
fn a_broken_lesson_fails_the_walk_and_says_where() {
    // A target out of reach: the solution no longer achieves it.
    let mut out_of_reach = shipped("fast-then-slow");
    out_of_reach.steps[2].check.all[0].value = 50.0;
    let w = walk(&out_of_reach, &mut |_| {});
    assert!(!w.passed());
    assert_eq!(w.steps[2].problems, ["the check fails after the step's solution"], "{}", described(&w));
    assert!(w.steps[..2].iter().all(|s| s.passed()));

    // The solution removed: the step now claims to look only, and its check fails at its start.
    let mut no_solution = shipped("slog");
    no_solution.steps[1].solution.clear();
    let w = walk(&no_solution, &mut |_| {});
    assert!(!w.passed());
    assert_eq!(w.steps[1].problems, ["a step that only looks must pass at its start"], "{}", described(&w));

    // A check that holds before the learner does anything tests nothing.
    let mut trivial = shipped("long-syncs");
    trivial.steps[2].check.all[0].value = 1e12;
    let w = walk(&trivial, &mut |_| {});
    assert_eq!(w.steps[2].problems, ["the check passes before the learner does anything"], "{}", described(&w));

    // A figure the report does not have.
    let mut missing = shipped("slog");
    missing.steps[0].check.all[0].metric = "/summary/client_write/p42_ns".into();
    let w = walk(&missing, &mut |_| {});
    assert!(w.steps[0].problems.iter().any(|p| p.contains("no 'p42_ns'")), "{}", described(&w));

    // A lesson that is wrong before any run is not run.
    let mut unknown = shipped("slog");
    unknown.steps[1].solution = "slog=floppy".into();
    let w = walk(&unknown, &mut |_| {});
    assert!(w.steps.is_empty() && w.problems.iter().any(|p| p.starts_with("steps[1].solution")), "{:?}", w.problems);
}

#[test]
fn a_step_starts_where_the_one_before_ended() {
    let lesson = shipped("small-ram");
    let start = |i| lesson.step_start(i).expect("composes");
    assert_eq!(
        start(0),
        "v=1&release=0.6.4&ram=2G&drive=7200-hc310&mirror=2&async_writers=8&async_rate=0&readers=2&duration=30"
    );
    // A later value takes the earlier one's place.
    assert!(start(2).contains("&async_rate=5M&readers=2&duration=30"), "{}", start(2));
    assert!(start(3).contains("async_rate=0") && start(3).ends_with("&zfs_dirty_data_max=1G"), "{}", start(3));
    assert_eq!(lesson.step_solved(3), lesson.step_start(4));
    assert_eq!(lesson.step_start(5), None);
}
