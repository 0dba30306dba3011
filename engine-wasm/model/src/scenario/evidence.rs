//! A scenario from a customer's evidence: the lab's settings each piece of evidence
//! implies, every one with where it came from, so that a person can check and override it.
//!
//! - the release from a version line, else from which tunables a parameters dump has; a
//!   release before 0.6.3 runs the legacy throttle and scheduler (`legacy_models.rs`);
//! - the machine's RAM from arcstats (`memory_all_bytes`, else `c_max` and the release's
//!   `arc_init()` rule), else from a dump's dirty limits that rule derived (`ram.rs`);
//! - tunables from a parameters dump, by the names the release knows them by, less the
//!   dirty limits the release derives from that RAM;
//! - the pool from `zpool status`'s `config:` (through [`super::zpool_layout`]), a scan in
//!   progress as a scrub or resilver;
//! - dataset properties (recordsize, logbias, volblocksize, compressratio) of one dataset
//!   from `zfs get`;
//! - the write rate from the txgs kstat (dirty bytes of synced txgs over the time they
//!   span), else from `zpool iostat`'s write bandwidth less its log devices' (whose
//!   writes give sync writers); readers from its read rate and latency (Little's law);
//! - the device from the `iostat -w` disk_wait histograms of the quietest report: the
//!   median read service time tells SSD from HDD and sets the figure the model uses.

use super::release::Release;
use super::zpool_layout;
use crate::evidence::iostat::Iostat;
use crate::evidence::{Body, Import};
use crate::schema::{Id, Kind};
use crate::tunables::Tunables;
use serde::Serialize;

mod legacy_models;
mod log_writes;
mod pools;
mod ram;
mod rates;
mod release_formats;
mod release_names;
mod releases;
mod txg_rate;
mod which_release;

use ram::{ram, whole_number};
use rates::{device, workload};
use which_release::release;

/// One setting the evidence implies.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Inferred {
    /// The schema entry's name (`release`, `zfs_dirty_data_max`, `async_rate`).
    pub name: String,
    /// The value as a person writes it (`2.1`, `4G`, `40M`).
    pub value: String,
    /// Where it came from: the file and line, and how it was worked out.
    pub source: String,
}

/// What the evidence implies, and what it could not.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FromEvidence {
    pub settings: Vec<Inferred>,
    /// What was read but not used, or could not be used, and why.
    pub notes: Vec<String>,
}

impl FromEvidence {
    /// The lab's settings: the defaults with every inferred value applied, then
    /// `overrides` (`NAME=VALUE`); a value that cannot be applied becomes a note.
    pub fn tunables(&self, overrides: &[String]) -> (Tunables, Vec<String>) {
        let mut t = Tunables::default();
        let mut notes = Vec::new();
        for s in &self.settings {
            if let Err(e) = t.set_assignment(&format!("{}={}", s.name, s.value)) {
                notes.push(format!("{} ({}): {e}", s.name, s.source));
            }
        }
        for o in overrides {
            if let Err(e) = t.set_assignment(o) {
                notes.push(e.to_string());
            }
        }
        // An override's release may lack tunables the evidence gave under another: they
        // would do nothing there, so they are left aside, and said so.
        let release = Release::from_index(t.get(Id::Release));
        let overridden = |name: &str| overrides.iter().any(|o| o.split('=').next().map(str::trim) == Some(name));
        for s in &self.settings {
            let Some(id) = Id::from_name(&s.name).filter(|id| id.spec().kind == Kind::Tunable) else { continue };
            if !release.has(id) && !overridden(&s.name) {
                t.reset(id);
                notes.push(within_message(format!(
                    "{} ({}) is not a tunable of OpenZFS {}; left aside",
                    s.name,
                    s.source,
                    release.name()
                )));
            }
        }
        (t, notes)
    }
}

struct Builder {
    out: FromEvidence,
}

impl Builder {
    fn set(&mut self, id: Id, value: u64, source: String) {
        let spec = id.spec();
        let clamped = value.clamp(spec.min, spec.max);
        if clamped != value {
            // Said, not silent: a figure past the lab's range is often a misread.
            self.note(format!(
                "{}: {} = {value} is outside what the lab models ({}..{}); {} is used",
                source,
                spec.name,
                spec.min,
                spec.max,
                spec.format(clamped)
            ));
        }
        let value = clamped;
        self.out.settings.retain(|s| s.name != spec.name);
        let source = within_message(source);
        self.out.settings.push(Inferred { name: spec.name.to_string(), value: spec.format(value), source });
    }

    fn note(&mut self, text: String) {
        self.out.notes.push(within_message(text));
    }
}

/// `text` cut to the longest message shown, with `…`: file names and the evidence combined
/// can make a note or a source longer than a person reads.
fn within_message(text: String) -> String {
    let max = crate::messages::MAX_MESSAGE - 1;
    if text.chars().count() <= max {
        return text;
    }
    format!("{}…", text.chars().take(max - 1).collect::<String>())
}

fn at(file: &str, line: usize) -> String {
    format!("{file} line {line}")
}

/// The settings `import` implies.
pub fn from_evidence(import: &Import) -> FromEvidence {
    let mut b = Builder { out: FromEvidence::default() };
    let release = release(import, &mut b);
    legacy_models::legacy_models(import, &mut b);
    let ram = ram(import, release, &mut b);
    params(import, release, ram, &mut b);
    // One pool for the layout, the scan and the rates (`pools.rs`).
    let chosen = pools::chosen_pool(import, &mut b);
    if let Some(chosen) = &chosen {
        pool(import, chosen, &mut b);
    }
    properties(import, &mut b);
    workload(import, chosen.as_deref(), &mut b);
    device(import, &mut b);
    unsaid(&mut b);
    b.out
}

/// What the evidence did not describe and the lab keeps as it is set, said so that a run is
/// not taken for the customer's pool (the default pool is a mirror of two HDDs).
fn unsaid(b: &mut Builder) {
    let given = |ids: &[Id]| b.out.settings.iter().any(|s| ids.iter().any(|id| id.spec().name == s.name));
    let layout = given(&[Id::TopLevelVdevs, Id::Mirror, Id::Raidz]);
    let device = given(&[Id::Device]);
    if !layout {
        b.note(
            "no pool layout in the evidence (zpool status, zpool iostat -v, the zpool create line): the lab's pool stays as set"
                .to_string(),
        );
    }
    if !device {
        b.note(
            "no drive in the evidence (zpool iostat -w's disk_wait): the lab's device stays as set; choose the customer's drive"
                .to_string(),
        );
    }
}

/// What the release derives from `ram` for the dirty limits a dump may show: a value equal
/// to it was left alone, so it is no tuning. (zfs_dirty_data_max_max, zfs_dirty_data_max,
/// zfs_wrlog_data_max: twice the max from 2.2's arc_init().)
fn derived_limits(import: &Import, release: Release, ram: u64) -> [(Id, u64); 3] {
    let given_max_max = import.bodies().find_map(|(_, body)| match body {
        Body::Params(p) => {
            p.entries.iter().find(|e| e.name == "zfs_dirty_data_max_max").and_then(|e| whole_number(&e.value))
        }
        _ => None,
    });
    let (max_max, _) = release.dirty_limits(ram, None);
    let (_, max) = release.dirty_limits(ram, given_max_max.filter(|&w| w != max_max));
    [(Id::DirtyDataMaxMax, max_max), (Id::DirtyDataMax, max), (Id::WrlogDataMax, max.saturating_mul(2))]
}

fn params(import: &Import, release: Release, ram: Option<u64>, b: &mut Builder) {
    let derived = ram.map(|ram| derived_limits(import, release, ram));
    for (s, body) in import.bodies() {
        let Body::Params(p) = body else { continue };
        let mut unknown = 0;
        for e in &p.entries {
            let Some(id) = release.tunable(&e.name).filter(|id| id.spec().kind == Kind::Tunable) else {
                unknown += 1;
                continue;
            };
            if !release.has(id) {
                b.note(format!(
                    "{}: {} is not a tunable of OpenZFS {} as the lab models it; left aside",
                    at(&s.file, e.line),
                    e.name,
                    release.name()
                ));
                continue;
            }
            let Some(v) = whole_number(&e.value) else {
                b.note(format!("{}: {} = '{}' is not a whole number", at(&s.file, e.line), e.name, e.value.trim()));
                continue;
            };
            if derived.is_some_and(|d| d.contains(&(id, v))) {
                b.note(format!(
                    "{}: {} = {v} is what {} derives from the machine's RAM: no tuning",
                    at(&s.file, e.line),
                    e.name,
                    release.name()
                ));
                continue;
            }
            if id == Id::ArcMax && v == 0 {
                continue;
            }
            if !id.spec().accepts(v) {
                b.note(format!(
                    "{}: {} = {v} is outside what the lab models ({}..{})",
                    at(&s.file, e.line),
                    e.name,
                    id.spec().min,
                    id.spec().max
                ));
                continue;
            }
            b.set(id, v, format!("{}: {}", at(&s.file, e.line), e.as_written));
        }
        if unknown > 0 {
            b.note(format!("{}: {unknown} parameters the lab does not model were read and left aside", s.file));
        }
    }
}

/// The pool's `zpool create` words from the first `zpool iostat -v` report's tree: top-level
/// vdevs at depth 1 (`mirror-0`, `raidz2`, a disk), their leaves at depth 2, each class
/// (`logs`, `special`, `cache`, `spares`, `dedup`) as its keyword.
fn create_words(io: &Iostat) -> Option<(String, String, usize)> {
    // Rows of vdevs named on the command line are no pool's tree.
    let sample = io.samples.first().filter(|s| !s.vdev_title)?;
    let mut rows = sample.rows.iter();
    let pool = rows.next().filter(|r| r.depth == 0)?;
    let mut words = Vec::new();
    for r in rows {
        let header = r.read_ops.is_none() && r.write_ops.is_none() && r.class.as_deref() == Some(r.name.as_str());
        if r.depth == 0 && !header {
            break; // the next pool
        }
        if header {
            words.push(match r.name.as_str() {
                "logs" => "log".to_string(),
                "spares" => "spare".to_string(),
                other => other.to_string(),
            });
            continue;
        }
        let name = r.name.as_str();
        let group = ["mirror", "raidz", "draid"].iter().any(|g| name.starts_with(g)) && r.depth == 1;
        if group {
            // `mirror-0`, `raidz2-1`, `draid2:4d:12c:1s-0`: the type less its index.
            let kind = match name.rsplit_once('-') {
                Some((k, i)) if i.bytes().all(|c| c.is_ascii_digit()) => k,
                _ => name,
            };
            words.push(kind.to_string());
        } else {
            words.push(name.to_string());
        }
    }
    (!words.is_empty()).then(|| (pool.name.clone(), words.join(" "), sample.line))
}

fn pool(import: &Import, chosen: &str, b: &mut Builder) {
    let has_status = import.bodies().any(|(_, body)| matches!(body, Body::Status(st) if !st.config.is_empty()));
    for (s, body) in import.bodies().filter(|_| !has_status) {
        let Body::Iostat(io) = body else { continue };
        if !io.flags.contains('v') {
            continue;
        }
        if let Some(first) = io.samples.first().filter(|x| x.partial_tree) {
            b.note(format!("{}: the -v tree looks partial: no pool layout is taken from it", at(&s.file, first.line)));
            continue;
        }
        let Some((name, words, line)) = create_words(io).filter(|(name, ..)| *name == chosen) else { continue };
        match zpool_layout::parse(&words).and_then(|l| l.lab_settings()) {
            Ok(settings) => {
                for (id, v) in settings {
                    b.set(id, v, format!("{}: zpool iostat -v tree of {name}", at(&s.file, line)));
                }
            }
            Err(e) => b.note(format!("{}: pool {name} from zpool iostat -v: {e}", s.file)),
        }
        break;
    }
    let mut layout_taken = false;
    for (s, body) in import.bodies() {
        let Body::Status(st) = body else { continue };
        if st.pool != chosen {
            continue;
        }
        if !st.config.is_empty() && !std::mem::replace(&mut layout_taken, true) {
            let read = zpool_layout::parse_status_evidence(&st.config.join("\n"), st.config_line);
            match read.and_then(|(l, left_out)| Ok((l.lab_settings()?, left_out))) {
                Ok((settings, left_out)) => {
                    for (id, v) in settings {
                        b.set(id, v, format!("{}: zpool status config of {}", at(&s.file, s.first_line), st.pool));
                    }
                    for e in left_out {
                        b.note(format!("{}: pool {}: {e}", s.file, st.pool));
                    }
                }
                Err(e) => b.note(format!("{}: pool {}: {e}", s.file, st.pool)),
            }
        }
        health(st, &s.file, b);
        if let Some(scan) = st.scan.as_ref().filter(|scan| scan.in_progress) {
            let id = if scan.kind == "resilver" { Id::Resilver } else { Id::Scrub };
            b.set(id, 1, format!("{}: a {} in progress", at(&s.file, scan.line), scan.kind));
        }
    }
}

/// A pool that is not healthy is said: the lab's devices never fail, retry or time out, so
/// a degraded pool's or a failing disk's latency is not in its runs.
fn health(st: &crate::evidence::status::Status, file: &str, b: &mut Builder) {
    let state = st.state.as_deref().unwrap_or("ONLINE");
    let errors = st.errors.as_deref().unwrap_or("No known data errors").lines().next().unwrap_or("");
    if state != "ONLINE" || !errors.starts_with("No known data errors") {
        b.note(format!(
            "{file}: pool {} is {state} ({}): the lab's devices never fail, retry or time out; a failing disk's latency is not in its runs",
            st.pool,
            errors.trim_end_matches('.').trim_end_matches(", use '-v' for a list")
        ));
    }
}

/// The properties of a dataset the lab reads.
const DATASET_PROPERTIES: [&str; 6] = ["recordsize", "volblocksize", "sync", "compression", "logbias", "compressratio"];

/// The one dataset whose properties the lab takes: the lab has one dataset, and mixing two
/// (one's recordsize, another's logbias) describes neither. The one with the most of the
/// properties the lab reads, the first of equals; the others are named as not used.
fn chosen_dataset(import: &Import, b: &mut Builder) -> Option<String> {
    let mut counts: Vec<(&str, usize)> = Vec::new();
    for (_, body) in import.bodies() {
        let Body::Properties(p) = body else { continue };
        for r in p.rows.iter().filter(|r| DATASET_PROPERTIES.contains(&r.name.as_str())) {
            match counts.iter_mut().find(|(d, _)| *d == r.dataset) {
                Some((_, n)) => *n += 1,
                None => counts.push((&r.dataset, 1)),
            }
        }
    }
    let most = counts.iter().map(|c| c.1).max()?;
    let chosen = counts.iter().find(|c| c.1 == most).map(|c| c.0.to_string())?;
    if counts.len() > 1 {
        let others: Vec<&str> = counts.iter().map(|c| c.0).filter(|d| *d != chosen).take(8).collect();
        let more = if counts.len() > 9 { format!(" and {} more", counts.len() - 9) } else { String::new() };
        b.note(format!(
            "zfs get names {} datasets; the lab has one: {chosen}'s properties are used (the most it reads), not those of {}{more}",
            counts.len(),
            others.join(", ")
        ));
    }
    Some(chosen)
}

fn properties(import: &Import, b: &mut Builder) {
    let Some(dataset) = chosen_dataset(import, b) else { return };
    for (s, body) in import.bodies() {
        let Body::Properties(p) = body else { continue };
        for r in p.rows.iter().filter(|r| r.dataset == dataset) {
            let src = || format!("{}: {} {}={}", at(&s.file, r.line), r.dataset, r.name, r.value);
            match r.name.as_str() {
                "recordsize" | "volblocksize" => {
                    if let Some(v) = crate::evidence::number::nicenum(&r.value) {
                        b.set(Id::Recordsize, v, src());
                        if r.name == "volblocksize" {
                            b.set(Id::Dataset, 1, src());
                        }
                    }
                }
                "sync" if r.value.trim() != "standard" => b.note(format!(
                    "{}: sync={} is read but not modelled as such: with always, set sync_writers for the writers; with disabled, no write waits for the ZIL",
                    at(&s.file, r.line),
                    r.value.trim()
                )),
                "compression" if r.value.trim() == "off" => b.set(Id::AsyncCompressible, 0, src()),
                "logbias" => {
                    let v = u64::from(r.value.trim() == "throughput");
                    b.set(Id::Logbias, v, src());
                }
                "compressratio" => {
                    // compressratio 1.50x: compression removes 1 - 1/1.5 of each record.
                    let ratio = r.value.trim().trim_end_matches('x');
                    if let Some(th) = crate::evidence::number::decimal_thousandths(ratio).filter(|&t| t >= 1000) {
                        b.set(Id::AsyncCompressible, 100 - 100_000 / th, src());
                    }
                }
                _ => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_value_past_the_labs_range_is_said_where_it_is_clamped() {
        let mut b = Builder { out: FromEvidence::default() };
        b.set(Id::AsyncRate, u64::MAX, "t line 3: a rate".into());
        assert_eq!(b.out.settings[0].value, Id::AsyncRate.spec().format(Id::AsyncRate.spec().max));
        assert!(
            b.out.notes.iter().any(|n| n.starts_with("t line 3: a rate: async_rate = 18446744073709551615 is outside")),
            "{:?}",
            b.out.notes
        );
        b.set(Id::AsyncRate, 5, "t line 4".into());
        assert_eq!(b.out.notes.len(), 1, "a value in range is not a note");
        b.note("x".repeat(1000));
        b.set(Id::Readers, 1, "y".repeat(1000));
        assert!(b.out.notes[1].chars().count() < 300 && b.out.notes[1].ends_with('…'));
        assert!(b.out.settings.iter().all(|s| s.source.chars().count() < 300));
    }
}
