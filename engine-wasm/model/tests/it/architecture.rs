//! The house's shape, checked on the crate's own sources: input -> simulation -> output ->
//! lessons and advice. The foundation (schema, units, tunables, ...) is upstream of every room;
//! `evidence/` (what a customer's system printed) is upstream of `scenario/`, which is
//! upstream of `sim/`, which is upstream of `report/`, which is upstream of `lesson/`
//! (guided lessons, checked on reports), which is upstream of `advisor/` (a sweep of tunables). A module may import only from its
//! own room, rooms upstream of it and the foundation, and no modules import each other in
//! a cycle. `checker.rs` reads the sources; the tests below first prove that it sees a
//! violation on a tiny crate made up for the purpose, then run it on the real one.

mod checker;

use checker::{cycles, downstream_imports, Crate, Graph};
use std::path::{Path, PathBuf};

fn files(pairs: &[(&str, &str)]) -> Vec<(String, String)> {
    pairs.iter().map(|(f, t)| (f.to_string(), t.to_string())).collect()
}

fn sources_under(dir: &Path, root: &Path, out: &mut Vec<(String, String)>) {
    let mut entries: Vec<PathBuf> =
        std::fs::read_dir(dir).expect("src is readable").map(|e| e.expect("entry").path()).collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            sources_under(&path, root, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            let name = path.strip_prefix(root).expect("under src").to_string_lossy().replace('\\', "/");
            out.push((name, std::fs::read_to_string(&path).expect("readable")));
        }
    }
}

/// The model crate's import graph, from `src/`.
fn the_crate() -> (usize, Graph) {
    let src = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    sources_under(&src, &src, &mut out);
    (out.len(), Crate::new(&out).graph())
}

#[test]
fn the_checker_finds_a_cycle_and_an_import_against_the_pipe() {
    let krate = Crate::new(&files(&[
        ("lib.rs", "pub mod schema; pub mod spec; pub mod sim; pub mod report;"),
        ("schema.rs", "use crate::spec::Entry;\npub enum Id {}"),
        ("spec.rs", "pub struct Entry { pub id: crate::schema::Id }"),
        ("sim.rs", "mod txg;\npub struct Sim;"),
        ("sim/txg.rs", "use super::Sim;\nfn f(_: crate::report::Report) {}"),
        ("report.rs", "use crate::sim::Sim;\npub struct Report;"),
    ]));
    let graph = krate.graph();
    assert_eq!(cycles(&graph), vec![vec!["schema".to_string(), "spec".to_string()]]);
    let wrong = downstream_imports(&graph);
    assert_eq!(wrong.len(), 1, "{wrong:?}");
    assert!(wrong[0].starts_with("sim::txg (sim) imports report (report)"), "{wrong:?}");
}

#[test]
fn the_checker_follows_groups_relative_paths_reexports_and_tests() {
    let krate = Crate::new(&files(&[
        ("lib.rs", "pub mod units; pub mod messages; pub mod scenario; pub mod sim;\npub use messages::Error;"),
        ("units.rs", "pub enum Unit {}"),
        ("messages.rs", "pub enum Error {}"),
        ("scenario.rs", "pub mod pool;\npub use pool::Pool;\nuse crate::{units::Unit, Error};"),
        ("scenario/pool.rs", "pub struct Pool;"),
        (
            "sim.rs",
            "mod a;\nmod b;\nuse crate::scenario::Pool;\n// use crate::report::Report;\nconst S: &str = \"crate::report::X\";\n#[cfg(test)]\nmod tests {\n    use super::*;\n    use crate::scenario::{self as s};\n}",
        ),
        ("sim/a.rs", "use super::b::{self, B};\nfn f(c: char) -> char { if c == '{' { '}' } else { c } }"),
        ("sim/b.rs", "pub struct B<'a>(&'a str);\nfn g() { super::super::units::Unit::f(); }"),
    ]));
    let graph = krate.graph();
    let edges = |from: &str| graph.get(from).map(|t| t.keys().cloned().collect::<Vec<_>>()).unwrap_or_default();
    assert_eq!(edges("scenario"), ["messages", "units"], "re-exports followed, children left out");
    assert_eq!(edges("sim"), ["scenario", "scenario::pool"], "comments, strings and own children left out");
    assert_eq!(edges("sim::a"), ["sim::b"]);
    assert_eq!(edges("sim::b"), ["units"]);
    assert!(cycles(&graph).is_empty());
    assert!(downstream_imports(&graph).is_empty());
}

#[test]
fn the_crate_has_no_import_cycles() {
    let (files, graph) = the_crate();
    // Not a vacuous pass: the sources were found and their imports read.
    assert!(files > 40, "{files} source files");
    assert!(graph.get("report").is_some_and(|t| t.contains_key("sim")), "report reads the run");
    assert!(graph.get("sim::txg").is_some_and(|t| t.contains_key("sim")), "a mechanism reads the Sim");
    let found = cycles(&graph);
    assert!(found.is_empty(), "modules that import each other: {found:?}");
}

#[test]
fn every_room_imports_only_from_itself_upstream_rooms_and_the_foundation() {
    let (_, graph) = the_crate();
    assert!(graph.get("scenario::lab").is_some_and(|t| t.contains_key("schema")));
    assert!(graph.get("lesson::walk").is_some_and(|t| t.contains_key("report")), "a lesson reads reports");
    assert!(graph.get("advisor::search").is_some_and(|t| t.contains_key("report")), "the advisor reads reports");
    let wrong = downstream_imports(&graph);
    assert!(
        wrong.is_empty(),
        "imports against the pipe foundation <- evidence <- scenario <- sim <- report <- lesson <- advisor:\n{}",
        wrong.join("\n")
    );
}
