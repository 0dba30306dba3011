//! A scenario from a customer's evidence: the lab's settings each piece of evidence
//! implies, every one with where it came from, so that a person can check and override it.
//!
//! - the release from a version line, else from which tunables a parameters dump has;
//! - the machine's RAM from arcstats (`memory_all_bytes`, else `c_max` and the release's
//!   `arc_init()` rule);
//! - tunables from a parameters dump, by the names the release knows them by;
//! - the pool from `zpool status`'s `config:` (through [`super::zpool_layout`]), a scan in
//!   progress as a scrub or resilver;
//! - dataset properties (recordsize, logbias, volblocksize, compressratio) from `zfs get`;
//! - the write rate from the txgs kstat (dirty bytes of synced txgs over the time they
//!   span), else from `zpool iostat`'s write bandwidth; readers from its read rate and
//!   latency (Little's law);
//! - the device from the `iostat -w` disk_wait histograms of the quietest report: the
//!   median read service time tells SSD from HDD and sets the figure the model uses.

use super::release::Release;
use super::zpool_layout;
use crate::evidence::iostat::{Histogram, HistogramKind, Iostat, Row};
use crate::evidence::txgs::Txgs;
use crate::evidence::{Body, Import};
use crate::schema::{Id, Kind};
use crate::tunables::Tunables;
use serde::Serialize;

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
        (t, notes)
    }
}

struct Builder {
    out: FromEvidence,
}

impl Builder {
    fn set(&mut self, id: Id, value: u64, source: String) {
        let spec = id.spec();
        let value = value.clamp(spec.min, spec.max);
        self.out.settings.retain(|s| s.name != spec.name);
        self.out.settings.push(Inferred { name: spec.name.to_string(), value: spec.format(value), source });
    }

    fn note(&mut self, text: String) {
        self.out.notes.push(text);
    }
}

fn at(file: &str, line: usize) -> String {
    format!("{file} line {line}")
}

/// The settings `import` implies.
pub fn from_evidence(import: &Import) -> FromEvidence {
    let mut b = Builder { out: FromEvidence::default() };
    let release = release(import, &mut b);
    ram(import, release, &mut b);
    params(import, release, &mut b);
    pool(import, &mut b);
    properties(import, &mut b);
    workload(import, &mut b);
    device(import, &mut b);
    b.out
}

/// The lab's release for OpenZFS `major.minor`: a 0.6 before 0.6.5 follows 0.6.4 (the
/// oldest the lab has), one newer than 2.4 follows master.
fn release_of(major: u64, minor: u64, patch: u64) -> Release {
    match (major, minor) {
        (0, 6) if patch >= 5 => Release::V0_6_5,
        (0, 0..=6) => Release::V0_6_4,
        (0, 7) => Release::V0_7,
        (0, _) => Release::V0_8,
        (1 | 2, 0) => Release::V2_0,
        (2, 1) => Release::V2_1,
        (2, 2) => Release::V2_2,
        (2, 3) => Release::V2_3,
        (2, 4) => Release::V2_4,
        _ => Release::Master,
    }
}

fn release(import: &Import, b: &mut Builder) -> Release {
    // The kernel module's version decides (userland may differ after an upgrade).
    let mut best: Option<(u8, Release, String)> = None;
    for (s, body) in import.bodies() {
        if let Body::Version(v) = body {
            for l in &v.lines {
                let rank = if l.what == "userland" { 0 } else { 1 };
                if !best.as_ref().is_some_and(|(r, _, _)| rank <= *r) {
                    let r = release_of(l.major, l.minor, l.patch);
                    let src = format!("{}: {} version {}", at(&s.file, l.line), l.what, l.version);
                    best = Some((rank, r, src));
                }
            }
        }
    }
    if let Some((_, r, src)) = best {
        b.set(Id::Release, r.index(), src);
        return r;
    }
    // No version line: the releases whose parameters agree with the dump's names.
    for (s, body) in import.bodies() {
        if let Body::Params(p) = body {
            let names: Vec<&str> = p.entries.iter().map(|e| e.name.as_str()).collect();
            let tunables = || Id::ALL.iter().copied().filter(|id| id.spec().kind == Kind::Tunable);
            let fits = |r: Release| {
                let named_absent = names.iter().filter(|n| r.tunable(n).is_some_and(|id| !r.has(id))).count()
                    + names
                        .iter()
                        .filter(|n| r.tunable(n).is_none() && Release::ALL.iter().any(|o| o.tunable(n).is_some()))
                        .count();
                // A dump of 50 or more names is taken as whole: what it lacks is absent.
                let missing = if names.len() >= 50 {
                    tunables()
                        .filter(|&id| r.has(id) && !id.spec().group.starts_with("Legacy"))
                        .filter(|id| !id.spec().name.starts_with("zfs_zone_") && id.spec().name != "zfs_delay_max_ns")
                        .filter(|&id| !names.iter().any(|n| r.tunable(n) == Some(id)))
                        .count()
                } else {
                    0
                };
                named_absent + missing
            };
            let Some(r) = Release::ALL.iter().rev().copied().min_by_key(|&r| fits(r)) else { continue };
            let range: Vec<&str> = Release::ALL.iter().filter(|&&o| fits(o) == fits(r)).map(|o| o.name()).collect();
            b.set(
                Id::Release,
                r.index(),
                format!(
                    "{}: no version line; the parameters named fit {} (newest taken)",
                    at(&s.file, s.first_line),
                    range.join(", ")
                ),
            );
            return r;
        }
    }
    // No version line or dump: the releases the printed formats allow.
    let (mut lo, mut hi, mut why) = (Release::V0_6_4, Release::Master, Vec::new());
    for (s, body) in import.bodies() {
        if let Some((a, z, what)) = format_releases(body) {
            if a.max(lo) > z.min(hi) {
                b.note(format!(
                    "{}: {what}, which disagrees with {}; the first is kept",
                    at(&s.file, s.first_line),
                    why.join(", ")
                ));
                continue;
            }
            (lo, hi) = (a.max(lo), z.min(hi));
            why.push(format!("{} ({what})", at(&s.file, s.first_line)));
        }
    }
    if why.is_empty() {
        b.note("no version line (zfs version, modinfo zfs), parameters dump or release-specific format: the release stays master".into());
        return Release::Master;
    }
    b.set(
        Id::Release,
        hi.index(),
        format!("no version line; {} allow {} to {} (newest taken)", why.join(", "), lo.name(), hi.name()),
    );
    hi
}

/// The releases a printed format allows: the txgs kstat's layout (`spa_stats.c`), the
/// `dmu_tx` counters (`dmu_tx.c`), the `-l`/`-w` columns of `zpool iostat` (`zpool_main.c`).
fn format_releases(body: &Body) -> Option<(Release, Release, String)> {
    use crate::evidence::txgs::TxgsLayout;
    match body {
        Body::Txgs(t) => Some(match t.layout {
            TxgsLayout::Old => (Release::V0_6_4, Release::V0_6_4, "the txgs kstat's 0.6.2 layout".into()),
            TxgsLayout::Kstat => {
                (Release::V0_6_4, Release::V0_7, "the txgs kstat as a raw kstat (0.6.3 to 0.7)".into())
            }
            // Header-only (0.8 on) and rows alone (0.8 on, or 0.6.3-0.7 cut) tell too little.
            TxgsLayout::Procfs => return None,
        }),
        Body::Kstat(k) if k.name == "dmu_tx" => {
            let has = |n: &str| k.get(n).is_some();
            Some(if has("dmu_tx_wrlog_delay") {
                (Release::V2_2, Release::Master, "dmu_tx counts dmu_tx_wrlog_delay (2.2 on)".into())
            } else if has("dmu_tx_dirty_frees_delay") {
                (
                    Release::V0_8,
                    Release::V2_1,
                    "dmu_tx counts dmu_tx_dirty_frees_delay but not wrlog_delay (0.8 to 2.1)".into(),
                )
            } else if has("dmu_tx_dirty_delay") {
                (
                    Release::V0_6_4,
                    Release::V0_7,
                    "dmu_tx has neither dirty_frees_delay nor wrlog_delay (0.6.3 to 0.7)".into(),
                )
            } else {
                return None;
            })
        }
        Body::Iostat(io) => {
            let columns: Vec<&str> = io
                .samples
                .iter()
                .flat_map(|s| {
                    s.histograms
                        .iter()
                        .flat_map(|h| h.columns.iter())
                        .chain(s.rows.iter().flat_map(|r| r.latency.iter().map(|c| &c.name)))
                })
                .map(String::as_str)
                .collect();
            if columns.is_empty() {
                return None;
            }
            let any = |w: &str| columns.iter().any(|c| c.starts_with(w));
            Some(if any("rebuild") {
                (Release::V2_2, Release::Master, "zpool iostat prints a rebuild column (2.2 on)".into())
            } else if any("trim") {
                (Release::V0_8, Release::V2_1, "zpool iostat prints trim but no rebuild column (0.8 to 2.1)".into())
            } else {
                (Release::V0_7, Release::V0_7, "zpool iostat's latency columns end at scrub (0.7)".into())
            })
        }
        _ => None,
    }
}

fn stat(k: &crate::evidence::kstat::Kstat, name: &str) -> Option<(u64, usize)> {
    k.stats.iter().find(|s| s.name == name).and_then(|s| u64::try_from(s.value).ok().map(|v| (v, s.line)))
}

fn ram(import: &Import, release: Release, b: &mut Builder) {
    for (s, body) in import.bodies() {
        let Body::Kstat(k) = body else { continue };
        if let Some((v, line)) = stat(k, "memory_all_bytes") {
            b.set(Id::Ram, v, format!("{}: arcstats memory_all_bytes", at(&s.file, line)));
            return;
        }
        if let Some((c_max, line)) = stat(k, "c_max") {
            // arc_c_max is the release's share of RAM unless zfs_arc_max was set.
            let arc_max_set = import.bodies().any(|(_, b)| match b {
                Body::Params(p) => p.entries.iter().any(|e| e.name == "zfs_arc_max" && e.value.trim() != "0"),
                _ => false,
            });
            if arc_max_set {
                b.note(format!(
                    "{}: arcstats c_max is zfs_arc_max, set by hand: RAM cannot be told from it",
                    at(&s.file, line)
                ));
                continue;
            }
            let ram = if release >= Release::V2_3 {
                // The larger of 5/8 of RAM and RAM less 1 GiB: the second above 8/3 GiB.
                if c_max >= (5 << 30) / 3 {
                    c_max + (1 << 30)
                } else {
                    c_max * 8 / 5
                }
            } else {
                c_max * 2
            };
            b.set(
                Id::Ram,
                ram,
                format!(
                    "{}: arcstats c_max {} is the release's default share of RAM (arc_default_max)",
                    at(&s.file, line),
                    c_max
                ),
            );
            return;
        }
    }
}

fn params(import: &Import, release: Release, b: &mut Builder) {
    for (s, body) in import.bodies() {
        let Body::Params(p) = body else { continue };
        let mut unknown = 0;
        for e in &p.entries {
            let Some(id) = release.tunable(&e.name).filter(|id| id.spec().kind == Kind::Tunable) else {
                unknown += 1;
                continue;
            };
            let text = e.value.trim();
            // /etc/system writes hex (`0x100000000`).
            let hex = text
                .strip_prefix("0x")
                .or_else(|| text.strip_prefix("0X"))
                .and_then(|h| u64::from_str_radix(h, 16).ok());
            let Some(v) = hex.or_else(|| crate::evidence::number::integer(text)) else {
                b.note(format!("{}: {} = '{}' is not a whole number", at(&s.file, e.line), e.name, e.value.trim()));
                continue;
            };
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
    let sample = io.samples.first()?;
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

fn pool(import: &Import, b: &mut Builder) {
    let has_status = import.bodies().any(|(_, body)| matches!(body, Body::Status(st) if !st.config.is_empty()));
    for (s, body) in import.bodies().filter(|_| !has_status) {
        let Body::Iostat(io) = body else { continue };
        if !io.flags.contains('v') {
            continue;
        }
        let Some((name, words, line)) = create_words(io) else { continue };
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
    for (s, body) in import.bodies() {
        let Body::Status(st) = body else { continue };
        if !st.config.is_empty() {
            match zpool_layout::parse(&st.config.join("\n")).and_then(|l| l.lab_settings()) {
                Ok(settings) => {
                    for (id, v) in settings {
                        b.set(id, v, format!("{}: zpool status config of {}", at(&s.file, s.first_line), st.pool));
                    }
                }
                Err(e) => b.note(format!("{}: pool {}: {e}", s.file, st.pool)),
            }
        }
        if let Some(scan) = st.scan.as_ref().filter(|scan| scan.in_progress) {
            let id = if scan.kind == "resilver" { Id::Resilver } else { Id::Scrub };
            b.set(id, 1, format!("{}: a {} in progress", at(&s.file, scan.line), scan.kind));
        }
    }
}

fn properties(import: &Import, b: &mut Builder) {
    for (s, body) in import.bodies() {
        let Body::Properties(p) = body else { continue };
        for r in &p.rows {
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

/// Synced txgs' dirty bytes per second over the time their births span.
fn txg_rate(t: &Txgs) -> Option<(u64, usize, usize)> {
    let synced: Vec<_> = t.rows.iter().filter(|r| r.state == "C" && r.ndirty.is_some()).collect();
    let (first, last) = (synced.first()?, synced.last()?);
    let span = last.birth.checked_sub(first.birth)?;
    if synced.len() < 3 || span == 0 {
        return None;
    }
    // The last txg's own dirty data was gathered after its birth: leave it out.
    let bytes: u128 = synced[..synced.len() - 1].iter().map(|r| u128::from(r.ndirty.unwrap_or(0))).sum();
    let rate = bytes * 1_000_000_000 / u128::from(span);
    Some((u64::try_from(rate).ok()?, first.line, last.line))
}

fn mean(values: impl Iterator<Item = u64>) -> Option<u64> {
    crate::evidence::fit::mean(&values.collect::<Vec<_>>())
}

fn workload(import: &Import, b: &mut Builder) {
    let mut rate_set = false;
    for (s, body) in import.bodies() {
        if let Body::Txgs(t) = body {
            if let Some((rate, first, last)) = txg_rate(t) {
                b.set(
                    Id::AsyncRate,
                    rate.max(1),
                    format!(
                        "{} lines {first}-{last}: dirty bytes of the synced txgs over the time their births span",
                        s.file
                    ),
                );
                rate_set = true;
            }
        }
    }
    for (s, body) in import.bodies() {
        let Body::Fio(f) = body else { continue };
        if rate_set {
            break;
        }
        // fio's own figure: what the application wrote, before any parity or metadata.
        let jobs: Vec<_> = f.jobs.iter().filter_map(|j| j.write.as_ref().map(|w| (j, w))).collect();
        let bytes: u64 = jobs.iter().map(|(_, w)| w.bytes_per_s).fold(0, u64::saturating_add);
        if bytes > 0 {
            let first = jobs.first().map_or(s.first_line, |(j, _)| j.line);
            b.set(
                Id::AsyncRate,
                bytes,
                format!("{}: fio's write bandwidth, {} job(s) together", at(&s.file, first), jobs.len()),
            );
            rate_set = true;
        }
    }
    for (s, body) in import.bodies() {
        let Body::Iostat(io) = body else { continue };
        let rows: Vec<&Row> = io.pool_rows().collect();
        if rows.is_empty() {
            continue;
        }
        let what = if io.samples.len() > 1 {
            "the mean of the reports after the first (since boot)"
        } else {
            "its one report (the average since boot)"
        };
        if !rate_set {
            if let Some(w) = mean(rows.iter().filter_map(|r| r.write_bytes)) {
                b.set(
                    Id::AsyncRate,
                    w.max(1),
                    format!("{}: zpool iostat write bandwidth, {what}; it counts parity and metadata too", s.file),
                );
                rate_set = true;
            }
        }
        let read_ops = mean(rows.iter().filter_map(|r| r.read_ops)).unwrap_or(0);
        let write_ops = mean(rows.iter().filter_map(|r| r.write_ops)).unwrap_or(0);
        if read_ops * 100 < write_ops {
            b.set(Id::Readers, 0, format!("{}: zpool iostat reads are under 1% of writes, {what}", s.file));
        } else if let Some(lat) = mean(
            rows.iter().filter_map(|r| r.latency.iter().find(|c| c.name == "total_wait read").and_then(|c| c.value)),
        ) {
            // Little's law: readers in flight = read rate x read latency, each reader one at a time.
            let readers = (u128::from(read_ops) * u128::from(lat)).div_ceil(1_000_000_000);
            b.set(
                Id::Readers,
                u64::try_from(readers).unwrap_or(u64::MAX).max(1),
                format!("{}: {read_ops} reads/s x total_wait read {lat} ns (Little's law), {what}", s.file),
            );
        }
    }
}

/// The median of a latency histogram column, as the middle of its bucket [ns].
fn median(h: &Histogram, column: &str) -> Option<u64> {
    let c = h.columns.iter().position(|n| n == column)?;
    let counts: Vec<u64> = h.buckets.iter().map(|k| k.counts.get(c).copied().flatten().unwrap_or(0)).collect();
    let at = crate::evidence::fit::median_bucket(&counts)?;
    // Bucket [2^j, 2^(j+1)) labelled by its end: its middle is 3/4 of the end.
    h.buckets.get(at).map(|k| k.bound / 4 * 3)
}

fn device(import: &Import, b: &mut Builder) {
    for (s, body) in import.bodies() {
        let Body::Iostat(io) = body else { continue };
        // The quietest report: the fewest I/Os in its histograms.
        let quiet = io
            .samples
            .iter()
            .filter_map(|smp| smp.histograms.iter().find(|h| h.kind == HistogramKind::Latency))
            .min_by_key(|h| {
                h.buckets.iter().flat_map(|k| k.counts.iter()).map(|c| u128::from(c.unwrap_or(0))).sum::<u128>()
            });
        let Some(h) = quiet else { continue };
        let (read, write) = (median(h, "disk_wait read"), median(h, "disk_wait write"));
        let Some(read) = read.or(write) else { continue };
        let src =
            |what: &str| format!("{}: zpool iostat -w disk_wait of {}, median {what}", at(&s.file, h.line), h.name);
        let ns = |v: u64| crate::units::describe_value(crate::units::Unit::Nanoseconds, v);
        if read < 1_000_000 {
            b.set(Id::Device, 1, src(&format!("read {}: an SSD", ns(read))));
            b.set(Id::SsdRead, read, src("read"));
            if let Some(w) = write {
                b.set(Id::SsdProgram, w, src("write"));
            }
        } else {
            b.set(Id::Device, 0, src(&format!("read {}: an HDD", ns(read))));
            // An HDD's random read waits a seek and half a turn; what is left of the median
            // after a 4 ms seek picks the nearest spindle speed, when it is a half turn at
            // all (2.0 to 5.6 ms, 15,000 to 5,400 rpm); longer means queueing in the drive.
            let half_turn = read.saturating_sub(4_000_000);
            if (1_500_000..=7_000_000).contains(&half_turn) {
                let rpm = [5400u64, 7200, 10_000, 15_000]
                    .into_iter()
                    .min_by_key(|&rpm| (30_000_000_000 / rpm).abs_diff(half_turn))
                    .unwrap_or(7200);
                b.set(Id::HddRpm, rpm, src("read, less a 4 ms seek, as half a turn"));
            } else {
                b.note(format!("{}: the disk_wait read median, {}, is no seek and half turn: queueing in the drive dominates this histogram, so the spindle speed is left as it is", at(&s.file, h.line), ns(read)));
            }
        }
        return;
    }
}
