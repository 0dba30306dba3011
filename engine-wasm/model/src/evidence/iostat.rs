//! `zpool iostat` (`cmd/zpool/zpool_main.c`): the default columns, `-v` trees, `-l`
//! latencies, `-q` queues, `-w` latency and `-r` request-size histograms, `-p` exact and
//! `-H` scripted forms, interval samples and several pools.
//!
//! The table is read by its header, never by fixed widths: `print_iostat_header_impl()`
//! prints a line of top labels (`capacity operations bandwidth total_wait ...`), each
//! centred over its columns, then a line of bottom labels (`pool alloc free read write
//! ...`), then dashes. Bottom labels come in known runs (`alloc free`, `read write`, `pend
//! activ`, `ind agg`, or a lone `wait`), and each run sits under one top label, in order;
//! so combined flags (`-lq`) and every release's set of columns map by the labels printed.
//! Only when the count of top labels and runs disagree (a mangled paste) are runs matched
//! to the nearest top label by character position. `-H` prints no header: its columns
//! are inferred from the count of values and the flags of a pasted command line.

use super::number::{decimal_thousandths, integer, nicenum, nicetime};
use super::{Line, Parsed};
use serde::Serialize;
use std::borrow::Cow;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Iostat {
    /// The flags the report shows, as letters of `zpool iostat`'s options: `v` `l` `q`
    /// `w` `r` `p` `H` (from the headers read, or from the command line when pasted).
    pub flags: String,
    /// The interval in seconds, when the command line gave one.
    pub interval_s: Option<u64>,
    /// One report each: the first of an interval run is the average since boot or import.
    pub samples: Vec<Sample>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sample {
    pub line: usize,
    /// The `-T d`/`-T u` timestamp line before the report, as printed.
    pub timestamp: Option<String>,
    pub rows: Vec<Row>,
    pub histograms: Vec<Histogram>,
}

/// One pool or vdev line of the table.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Row {
    pub line: usize,
    pub name: String,
    /// 0 for a pool, 1 for a top-level vdev (or a class's header), 2 for its leaves, ...
    pub depth: u32,
    /// The section of `-v` the row is in: `logs`, `cache`, `spares`, `special`,
    /// `dedup`; `None` for the pool and its normal class.
    pub class: Option<String>,
    pub alloc: Option<u64>,
    pub free: Option<u64>,
    /// Operations per second (or since boot, averaged) [ops/s].
    pub read_ops: Option<u64>,
    pub write_ops: Option<u64>,
    /// Bandwidth [bytes/s].
    pub read_bytes: Option<u64>,
    pub write_bytes: Option<u64>,
    /// `-l` columns, named by top and bottom label (`total_wait read`, `scrub wait`) [ns].
    pub latency: Vec<Column>,
    /// `-q` columns, named by top and bottom label (`asyncq_write pend`) [I/Os].
    pub queues: Vec<Column>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Column {
    pub name: String,
    /// `None` where the table printed `-` for a class header line's capacity.
    pub value: Option<u64>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HistogramKind {
    /// `-w`: 37 power-of-two latency buckets, labelled by their end (`1ns` .. `137s`).
    #[default]
    Latency,
    /// `-r`: request sizes, labelled by their start (`512` .. `16M`).
    RequestSize,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Histogram {
    pub line: usize,
    /// The pool or vdev whose histogram this is.
    pub name: String,
    pub kind: HistogramKind,
    /// One per count column, named by top and bottom label (`total_wait read`,
    /// `async_write ind`, `scrub`).
    pub columns: Vec<String>,
    pub buckets: Vec<Bucket>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bucket {
    pub label: String,
    /// Latency: the bucket's end, 2^(j+1) - 1 ns; request size: its start in bytes.
    pub bound: u64,
    /// One per column; `None` where the cell could not be read.
    pub counts: Vec<Option<u64>>,
}

// ---------------------------------------------------------------------------------------
// The labels `zpool_main.c` prints (`iostat_top_labels`, `iostat_bottom_labels`,
// `histo_to_title`), across releases.

/// Bottom labels printed in pairs under one top label.
const PAIRS: [(&str, &str); 4] = [("alloc", "free"), ("read", "write"), ("pend", "activ"), ("ind", "agg")];
/// `-w`'s bottom labels that have no top label over them.
const STANDALONE: [&str; 3] = ["scrub", "trim", "rebuild"];
/// The `-v` section headers (`print_iostat_dashes(cb, 0, class_name[n])` and `"cache"`);
/// `spares` is not printed by iostat today, but a paste may carry it.
const CLASSES: [&str; 5] = ["logs", "cache", "spares", "special", "dedup"];
/// Top labels of the `-w` and `-r` tables (the pool or vdev name comes first on that line).
const HISTO_TOPS: [&str; 10] = [
    "total_wait",
    "disk_wait",
    "syncq_wait",
    "asyncq_wait",
    "sync_queue",
    "async_queue",
    "sync_read",
    "sync_write",
    "async_read",
    "async_write",
];
/// Top labels in the order zpool prints them, for a header whose top line is missing and
/// for `-H` (no header at all): the default group's `read write` runs, then `-l`'s.
const STATS_READ_WRITE: [&str; 6] = ["operations", "bandwidth", "total_wait", "disk_wait", "syncq_wait", "asyncq_wait"];
const LATENCY_WAITS: [&str; 3] = ["scrub", "trim", "rebuild"];
const QUEUE_TOPS: [&str; 7] =
    ["syncq_read", "syncq_write", "asyncq_read", "asyncq_write", "scrubq_read", "trimq_write", "rebuildq_write"];
const L_HISTO_TOPS: [&str; 4] = ["total_wait", "disk_wait", "syncq_wait", "asyncq_wait"];
const RQ_HISTO_TOPS: [&str; 7] = ["sync_read", "sync_write", "async_read", "async_write", "scrub", "trim", "rebuild"];
/// `-H` rows: (`-l` columns, `-q` columns) of each release: 0.7 (9, 10), 0.8 to 2.1
/// (10, 12), 2.2 on (11, 14); a row has the 6 default values plus these.
const SCRIPTED_COMBOS: [(usize, usize); 10] =
    [(0, 0), (9, 0), (10, 0), (11, 0), (0, 10), (0, 12), (0, 14), (9, 10), (10, 12), (11, 14)];
/// The flags [`Iostat::flags`] reports, in its order.
const FLAG_LETTERS: [char; 7] = ['v', 'l', 'q', 'w', 'r', 'p', 'H'];

fn is_top_word(w: &str) -> bool {
    matches!(w, "capacity" | "operations" | "bandwidth" | "scrub" | "trim" | "rebuild")
        || HISTO_TOPS.contains(&w)
        || QUEUE_TOPS.contains(&w)
        || ["_wait", "_queue", "_read", "_write"].iter().any(|s| w.len() > s.len() && w.ends_with(s))
}

fn is_bottom_word(w: &str) -> bool {
    w == "wait" || STANDALONE.contains(&w) || PAIRS.iter().any(|p| p.0 == w || p.1 == w)
}

/// The first header line of the default table (and of `-l`/`-q`, which add to it).
fn is_stats_top(words: &[&str]) -> bool {
    ["capacity", "operations", "bandwidth"].iter().all(|l| words.contains(l))
}

/// The first header line of `-w`/`-r`: `NAME total_wait disk_wait ...`.
fn is_histo_top(words: &[&str]) -> bool {
    !words.contains(&"capacity") && words.iter().filter(|w| HISTO_TOPS.contains(w)).count() >= 2
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Stats,
    Histo(HistogramKind),
}

/// The second header line: its title (`pool`, `vdev`, `latency`, `req_size`) says the table.
fn bottom_kind(words: &[&str]) -> Option<Kind> {
    let (first, rest) = words.split_first()?;
    match *first {
        "pool" | "vdev" if rest.get(..2) == Some(&["alloc", "free"][..]) => Some(Kind::Stats),
        "latency"
            if rest.len() >= 2
                && rest.iter().all(|w| matches!(*w, "read" | "write" | "scrub" | "trim" | "rebuild")) =>
        {
            Some(Kind::Histo(HistogramKind::Latency))
        }
        "req_size" if rest.len() >= 2 && rest.iter().all(|w| matches!(*w, "ind" | "agg")) => {
            Some(Kind::Histo(HistogramKind::RequestSize))
        }
        _ => None,
    }
}

/// A line of dashes (the header's underline, the `-v` separator, a histogram's end).
fn is_separator(t: &str) -> bool {
    t.bytes().filter(|&b| b == b'-').count() >= 3 && t.bytes().all(|b| b == b'-' || b.is_ascii_whitespace())
}

/// A `-T u` (seconds since the epoch) or `-T d` (`date` in the locale's format, as
/// `print_timestamp()` in `lib/libspl/timestamp.c` prints it) line.
fn is_timestamp(t: &str) -> bool {
    let t = t.trim();
    if (9..=12).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let n = t.split_whitespace().count();
    (2..=9).contains(&n) && t.split_whitespace().any(is_clock)
}

/// `13:48:44` or `9:05` (also inside an ISO `2021-03-15T13:48:44`).
fn is_clock(w: &str) -> bool {
    let w = w.trim_end_matches([',', '.']);
    let w = w.rsplit('T').next().unwrap_or(w);
    let mut parts = w.split(':');
    let digits = |p: Option<&str>, lo: usize, hi: usize| {
        p.is_some_and(|p| (lo..=hi).contains(&p.len()) && p.bytes().all(|b| b.is_ascii_digit()))
    };
    let (h, m, s, more) = (parts.next(), parts.next(), parts.next(), parts.next());
    digits(h, 1, 2) && digits(m, 2, 2) && (s.is_none() || digits(s, 2, 2)) && more.is_none()
}

/// A cell `print_one_stat()` could have printed: a nicenum, a nicetime, `-`.
fn value_like(cell: &str) -> bool {
    cell == "-" || nicenum(cell).is_some() || nicetime(cell).is_some() || overflows(cell)
}

/// A well-formed nicenum past 64 bits: `16.0E` is what a negative free space (an
/// unsigned wrap-around, seen on cache devices) prints as.
fn overflows(cell: &str) -> bool {
    let t = cell.trim_end_matches('B');
    t.strip_suffix(['E', 'e']).is_some_and(|m| decimal_thousandths(m).is_some())
}

/// `zpool iostat`'s color codes (`print_stat_color()`, 2.2 on a terminal) taken out.
fn strip_ansi(s: &str) -> Cow<'_, str> {
    if !s.contains('\x1b') {
        return Cow::Borrowed(s);
    }
    let mut out = String::with_capacity(s.len());
    let mut chars = s.chars();
    while let Some(c) = chars.next() {
        if c != '\x1b' {
            out.push(c);
            continue;
        }
        let mut rest = chars.clone();
        if rest.next() == Some('[') {
            chars = rest;
            for d in chars.by_ref() {
                if d.is_ascii_alphabetic() {
                    break;
                }
            }
        }
    }
    Cow::Owned(out)
}

/// A word of a line, with where it starts: its byte offset and character column.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    byte: usize,
    col: usize,
}

impl Tok<'_> {
    fn end(&self) -> usize {
        self.col + self.text.chars().count()
    }
}

fn tokens(s: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut start: Option<(usize, usize)> = None;
    for (col, (b, c)) in s.char_indices().enumerate() {
        if c.is_whitespace() {
            if let Some((sb, sc)) = start.take() {
                out.push(Tok { text: &s[sb..b], byte: sb, col: sc });
            }
        } else if start.is_none() {
            start = Some((b, col));
        }
    }
    if let Some((sb, sc)) = start {
        out.push(Tok { text: &s[sb..], byte: sb, col: sc });
    }
    out
}

fn indent(s: &str) -> usize {
    s.chars().take_while(|c| c.is_whitespace()).count()
}

// ---------------------------------------------------------------------------------------
// A table's columns.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Alloc,
    Free,
    ReadOps,
    WriteOps,
    ReadBytes,
    WriteBytes,
    Latency,
    Queue,
    /// A column the lab does not know (a later release's, `-c`'s): skipped.
    Unknown,
}

#[derive(Clone, Debug)]
struct Col {
    name: String,
    field: Field,
}

#[derive(Clone, Debug)]
struct Layout {
    kind: Kind,
    /// `pool`, `vdev`, `latency` or `req_size`.
    title: String,
    cols: Vec<Col>,
    /// Bottom labels past the known ones (`-c` script columns): their cells are not read.
    extras: usize,
}

impl Layout {
    /// The labels of a row, for messages: `pool alloc free read write ...`.
    fn labels(&self) -> String {
        let mut s = self.title.clone();
        for (i, c) in self.cols.iter().enumerate() {
            if i == 8 && self.cols.len() > 10 {
                s.push_str(" ...");
                break;
            }
            s.push(' ');
            s.push_str(c.name.rsplit(' ').next().unwrap_or(&c.name));
        }
        s
    }

    fn count(&self, field: Field) -> usize {
        self.cols.iter().filter(|c| c.field == field).count()
    }
}

/// A run of bottom labels under one top label (or, for `-w`'s `scrub trim rebuild`, alone).
struct Run<'a> {
    labels: Vec<&'a str>,
    lo: usize,
    hi: usize,
    needs_top: bool,
}

/// The runs of a bottom header line (after its title), and how many labels past them.
fn runs<'a>(bottom: &[Tok<'a>]) -> (Vec<Run<'a>>, usize) {
    let mut out = Vec::new();
    let mut i = 0;
    while let Some(t) = bottom.get(i) {
        let w = t.text;
        let pair = PAIRS.iter().find(|p| p.0 == w).and_then(|p| bottom.get(i + 1).filter(|n| n.text == p.1));
        if let Some(n) = pair {
            out.push(Run { labels: vec![w, n.text], lo: t.col, hi: n.end(), needs_top: true });
            i += 2;
        } else if w == "wait" || PAIRS.iter().any(|p| p.0 == w || p.1 == w) {
            out.push(Run { labels: vec![w], lo: t.col, hi: t.end(), needs_top: true });
            i += 1;
        } else if STANDALONE.contains(&w) {
            out.push(Run { labels: vec![w], lo: t.col, hi: t.end(), needs_top: false });
            i += 1;
        } else {
            break;
        }
    }
    (out, bottom.len() - i)
}

/// 0.7 printed `-w`'s queue columns as `sync_queue`/`async_queue`; 0.8 renamed them.
fn canonical_top(top: &str) -> &str {
    match top {
        "sync_queue" => "syncq_wait",
        "async_queue" => "asyncq_wait",
        t => t,
    }
}

/// Top labels for runs when the header's top line is absent: zpool's order.
fn default_tops(kind: Kind, runs: &[Run]) -> Vec<Option<String>> {
    let (mut rw, mut wait, mut pend, mut ind) = (0, 0, 0, 0);
    let next = |list: &[&str], n: &mut usize| {
        let t = list.get(*n).map(|s| s.to_string());
        *n += 1;
        t
    };
    runs.iter()
        .map(|r| {
            if !r.needs_top {
                return None;
            }
            match (kind, r.labels.first().copied().unwrap_or("")) {
                (Kind::Stats, "alloc" | "free") => Some("capacity".to_string()),
                (Kind::Stats, "read" | "write") => next(&STATS_READ_WRITE, &mut rw),
                (Kind::Stats, "wait") => next(&LATENCY_WAITS, &mut wait),
                (Kind::Stats, "pend" | "activ") => next(&QUEUE_TOPS, &mut pend),
                (Kind::Histo(HistogramKind::Latency), "read" | "write") => next(&L_HISTO_TOPS, &mut rw),
                (Kind::Histo(HistogramKind::RequestSize), "ind" | "agg") => next(&RQ_HISTO_TOPS, &mut ind),
                _ => None,
            }
        })
        .collect()
}

fn field_of(top: Option<&str>, bottom: &str) -> Field {
    match (top, bottom) {
        (_, "alloc") => Field::Alloc,
        (_, "free") => Field::Free,
        (Some("operations"), "read") => Field::ReadOps,
        (Some("operations"), "write") => Field::WriteOps,
        (Some("bandwidth"), "read") => Field::ReadBytes,
        (Some("bandwidth"), "write") => Field::WriteBytes,
        (_, "pend" | "activ") => Field::Queue,
        (_, "wait") => Field::Latency,
        (Some(t), "read" | "write") if t.ends_with("_wait") => Field::Latency,
        _ => Field::Unknown,
    }
}

/// The columns of a header: `top` is its first line's labels (without a histogram's
/// name), `bottom` its second line's after the title.
fn build_layout(kind: Kind, title: &str, top: Option<&[Tok]>, bottom: &[Tok], no: usize, sink: &mut Sink) -> Layout {
    let (runs, extras) = runs(bottom);
    let needing: Vec<usize> = (0..runs.len()).filter(|&i| runs.get(i).is_some_and(|r| r.needs_top)).collect();
    let tops: Vec<Option<String>> = match top {
        Some(tops) if tops.len() == needing.len() => {
            let mut it = tops.iter();
            runs.iter().map(|r| if r.needs_top { it.next().map(|t| t.text.to_string()) } else { None }).collect()
        }
        Some(tops) if !tops.is_empty() => {
            sink.note(format!(
                "a header's {} top labels do not match its {} column groups (first at line {no}); each group was given the top label nearest to it",
                tops.len(),
                needing.len()
            ));
            runs.iter()
                .map(|r| {
                    if !r.needs_top {
                        return None;
                    }
                    // Centres doubled, to stay in integers.
                    let centre = r.lo + r.hi;
                    tops.iter().min_by_key(|t| (t.col + t.end()).abs_diff(centre)).map(|t| t.text.to_string())
                })
                .collect()
        }
        _ => default_tops(kind, &runs),
    };
    if tops.iter().flatten().any(|t| t == "sync_queue" || t == "async_queue") {
        sink.note(
            "the sync_queue/async_queue columns (ZoL 0.7's names) are named syncq_wait/asyncq_wait here, as 0.8 renamed them"
                .to_string(),
        );
    }
    let mut cols = Vec::new();
    for (run, top) in runs.iter().zip(&tops) {
        let top = top.as_deref().map(canonical_top);
        for &b in &run.labels {
            let name = top.map_or_else(|| b.to_string(), |t| format!("{t} {b}"));
            let field = if kind == Kind::Stats { field_of(top, b) } else { Field::Unknown };
            if kind == Kind::Stats && field == Field::Unknown {
                sink.note(format!("the column '{name}' is not one the lab reads; its values are skipped"));
            }
            cols.push(Col { name, field });
        }
    }
    if extras > 0 {
        let names: Vec<&str> = bottom.iter().rev().take(extras).rev().map(|t| t.text).collect();
        sink.note(format!("the columns after the known ones ({}, from -c) are not read", names.join(" ")));
    }
    Layout { kind, title: title.to_string(), cols, extras }
}

/// The release a layout's set of columns implies (the labels each tag prints).
fn release_note(layout: &Layout) -> Vec<String> {
    let mut out = Vec::new();
    let n = layout.cols.len();
    match layout.kind {
        Kind::Stats => {
            let l = layout.count(Field::Latency);
            let q = layout.count(Field::Queue);
            let lr = match l {
                9 => Some("ZoL 0.7 (scrub wait, no trim)"),
                10 => Some("OpenZFS 0.8 to 2.1 (trim wait, no rebuild)"),
                11 => Some("OpenZFS 2.2 or later (rebuild wait)"),
                _ => None,
            };
            let qr = match q {
                10 => Some("ZoL 0.7 (no trimq_write)"),
                12 => Some("OpenZFS 0.8 to 2.1 (trimq_write, no rebuildq_write)"),
                14 => Some("OpenZFS 2.2 or later (rebuildq_write)"),
                _ => None,
            };
            if let Some(r) = lr {
                out.push(format!("the {l} -l latency columns are those of {r}"));
            }
            if let Some(r) = qr {
                out.push(format!("the {q} -q queue columns are those of {r}"));
            }
        }
        Kind::Histo(HistogramKind::Latency) => {
            let r = match n {
                9 => Some("ZoL 0.7 (scrub, no trim)"),
                10 => Some("OpenZFS 0.8 to 2.1 (trim, no rebuild)"),
                11 => Some("OpenZFS 2.2 or later (rebuild)"),
                _ => None,
            };
            if let Some(r) = r {
                out.push(format!("the {n} -w latency histogram columns are those of {r}"));
            }
        }
        Kind::Histo(HistogramKind::RequestSize) => {
            let r = match n {
                10 => Some("ZoL 0.7 (no trim)"),
                12 => Some("OpenZFS 0.8 to 2.1 (trim, no rebuild)"),
                14 => Some("OpenZFS 2.2 or later (rebuild)"),
                _ => None,
            };
            if let Some(r) = r {
                out.push(format!("the {n} -r request-size histogram columns are those of {r}"));
            }
        }
    }
    out
}

/// The bucket a histogram row's label names: its end in ns for latency
/// (`print_iostat_histo()`: `(1 << (j + 1)) - 1` through `zfs_nicetime()`, which floors:
/// `1023` prints `1us`), its start in bytes for request sizes (`1 << j`, `512` .. `16M`).
/// `-H` prints the raw integer; both are read.
fn bucket_bound(kind: HistogramKind, label: &str) -> Option<u64> {
    match kind {
        HistogramKind::Latency => {
            let v = nicetime(label)?;
            (0..63u32).map(|j| (1u64 << (j + 1)) - 1).find(|&end| end == v || floor_time(end) == v)
        }
        HistogramKind::RequestSize => nicenum(label).filter(|v| v.is_power_of_two()),
    }
}

/// `zfs_nicetime()`'s value: the time cut to its unit (ns, us, ms, s) without decimals.
fn floor_time(ns: u64) -> u64 {
    let mut d = 1u64;
    while ns / d >= 1000 && d < 1_000_000_000 {
        d *= 1000;
    }
    ns / d * d
}

/// `-H` rows have no header: their columns by their count of values (and the command
/// line's `-l`/`-q` when pasted). 16 values are either 0.8's `-l` or 0.7's `-q`: a
/// latency prints with a unit or `-`, a queue depth without.
fn scripted_stats_layout(n: usize, cells: &[&str], cmd: Option<&Command>, sink: &mut Sink) -> Option<Layout> {
    let mut cands: Vec<(usize, usize)> = SCRIPTED_COMBOS.iter().copied().filter(|(l, q)| 6 + l + q == n).collect();
    if let Some(c) = cmd {
        let (fl, fq) = (c.has('l'), c.has('q'));
        let fit: Vec<(usize, usize)> = cands.iter().copied().filter(|&(l, q)| (l > 0) == fl && (q > 0) == fq).collect();
        if !fit.is_empty() {
            cands = fit;
        }
    }
    let (l, q) = match cands.as_slice() {
        [] => return None,
        [one] => *one,
        [..] => {
            let timed = cells.iter().skip(6).any(|c| *c == "-" || c.ends_with('s'));
            let pick = if timed { (10, 0) } else { (0, 10) };
            sink.note(format!(
                "-H rows of {n} values are either 0.8's -l or 0.7's -q columns; they were read as {}",
                if timed { "-l (a cell is a time)" } else { "-q (no cell is a time)" }
            ));
            pick
        }
    };
    let mut bottom = vec!["alloc", "free", "read", "write", "read", "write"];
    bottom.extend(
        ["read", "write", "read", "write", "read", "write", "read", "write", "wait", "wait", "wait"].iter().take(l),
    );
    bottom.extend(["pend", "activ"].iter().cycle().take(q));
    let toks: Vec<Tok> = bottom.iter().map(|t| Tok { text: t, byte: 0, col: 0 }).collect();
    Some(build_layout(Kind::Stats, "pool", None, &toks, 0, sink))
}

/// `-H` histogram columns by their count: `-w` 9 (0.7), 10 (0.8), 11 (2.2); `-r` 10, 12, 14.
fn scripted_histo_layout(kind: HistogramKind, n: usize, sink: &mut Sink) -> Option<Layout> {
    let bottom: Vec<&str> = match kind {
        HistogramKind::Latency if (9..=11).contains(&n) => {
            ["read", "write"].iter().cycle().take(8).chain(STANDALONE.iter().take(n - 8)).copied().collect()
        }
        HistogramKind::RequestSize if matches!(n, 10 | 12 | 14) => {
            ["ind", "agg"].iter().cycle().take(n).copied().collect()
        }
        _ => return None,
    };
    let toks: Vec<Tok> = bottom.iter().map(|t| Tok { text: t, byte: 0, col: 0 }).collect();
    let title = if kind == HistogramKind::Latency { "latency" } else { "req_size" };
    Some(build_layout(Kind::Histo(kind), title, None, &toks, 0, sink))
}

// ---------------------------------------------------------------------------------------
// The command line.

/// What a pasted `zpool iostat ...` command line says.
#[derive(Clone, Debug, Default, PartialEq)]
struct Command {
    /// Option letters, as given (`v l q w r p H y T ...`).
    flags: String,
    /// The interval in thousandths of a second (`zpool iostat [pool ...] [interval [count]]`).
    interval: Option<u64>,
    /// The interval as typed.
    interval_text: String,
    /// Pools or vdevs named.
    names: Vec<String>,
}

impl Command {
    fn has(&self, c: char) -> bool {
        self.flags.contains(c)
    }
}

fn is_zpool(w: &str) -> bool {
    let w = w.trim_start_matches(['$', '#', '%', '>']);
    let base = w.rsplit(['/', '\\']).next().unwrap_or(w);
    base == "zpool" || base.eq_ignore_ascii_case("zpool.exe")
}

/// The `zpool iostat` command in a line (a shell prompt's, or a pasted heading), read as
/// its `getopt()` string `c:gLPT:vyhplqrwnH` (`zpool_do_iostat()`) reads it.
fn command(text: &str) -> Option<Command> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.windows(2).position(|w| matches!(w, [z, i] if is_zpool(z) && i.eq_ignore_ascii_case("iostat")))?;
    let mut c = Command::default();
    let mut operands: Vec<&str> = Vec::new();
    let mut k = at + 2;
    let mut only_operands = false;
    while let Some(&w) = words.get(k) {
        k += 1;
        if w.starts_with(['|', '>', ';', '&']) || w.starts_with("2>") || w == "||" {
            break;
        }
        if !only_operands && w == "--" {
            only_operands = true;
            continue;
        }
        if only_operands || w.len() < 2 || !w.starts_with('-') {
            operands.push(w);
            continue;
        }
        for (p, ch) in w.char_indices().skip(1) {
            c.flags.push(ch);
            if ch == 'T' || ch == 'c' {
                // An option with an argument: the rest of the word, or the next word (a
                // quoted `-c` script runs to its closing quote).
                if w.len() == p + ch.len_utf8() {
                    let arg = words.get(k).copied().unwrap_or("");
                    k += 1;
                    if let Some(q) = arg.chars().next().filter(|q| *q == '\'' || *q == '"') {
                        if arg.len() == 1 || !arg.ends_with(q) {
                            while let Some(w) = words.get(k) {
                                k += 1;
                                if w.ends_with(q) {
                                    break;
                                }
                            }
                        }
                    }
                }
                break;
            }
        }
    }
    // `get_interval_count()`: a trailing number is the interval; two are interval, count.
    let nums = operands.iter().rev().take_while(|w| decimal_thousandths(w).is_some()).count().min(2);
    let split = operands.len() - nums;
    if let Some(iv) = operands.get(split).filter(|_| nums > 0) {
        c.interval = decimal_thousandths(iv);
        c.interval_text = iv.to_string();
    }
    c.names = operands.iter().take(split).map(|s| s.to_string()).collect();
    Some(c)
}

// ---------------------------------------------------------------------------------------
// Opening a block.

fn next_nonblank(lines: &[Line], from: usize, within: usize) -> Option<usize> {
    (from..lines.len().min(from + within)).find(|&j| lines.get(j).is_some_and(|l| !l.text.trim().is_empty()))
}

fn words_of(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// A `-w`/`-r` title line: its second line (`latency ...`/`req_size ...`) follows within
/// a few lines (pastes add blank lines between them).
fn histo_top_at(lines: &[Line], i: usize) -> bool {
    let Some(l) = lines.get(i) else { return false };
    let t = strip_ansi(l.text);
    is_histo_top(&words_of(&t))
        && next_nonblank(lines, i + 1, 3).and_then(|j| lines.get(j)).is_some_and(|n| {
            let t = strip_ansi(n.text);
            matches!(bottom_kind(&words_of(&t)), Some(Kind::Histo(_)))
        })
}

/// A `-H` row: a name and a known count of values, TAB separated.
fn scripted_row_sig(text: &str) -> bool {
    if !text.contains('\t') {
        return false;
    }
    let fields: Vec<&str> = text.split('\t').map(str::trim).filter(|f| !f.is_empty()).collect();
    let Some((first, rest)) = fields.split_first() else { return false };
    let n = rest.len();
    SCRIPTED_COMBOS.iter().any(|(l, q)| 6 + l + q == n)
        && integer(first).is_none()
        && !value_like(first)
        && rest.iter().all(|c| value_like(c))
}

/// A `-H` histogram row: a raw bucket label (`1`, `3`, ... or `512`, `1024`, ...) and its
/// counts, TAB separated.
fn scripted_bucket_sig(text: &str) -> bool {
    if !text.contains('\t') {
        return false;
    }
    let fields: Vec<&str> = text.split('\t').map(str::trim).filter(|f| !f.is_empty()).collect();
    let Some((first, rest)) = fields.split_first() else { return false };
    let Some(label) = integer(first).filter(|&v| v >= 1) else { return false };
    let latency = label.checked_add(1).is_some_and(u64::is_power_of_two) && (9..=11).contains(&rest.len());
    let size = label >= 512 && label.is_power_of_two() && matches!(rest.len(), 10 | 12 | 14);
    (latency || size) && rest.iter().all(|c| nicenum(c).is_some())
}

/// Does line `i` open a block of this format? On the header's first line (`capacity
/// operations bandwidth ...`, or `NAME total_wait disk_wait ...` / `NAME sync_read ...`
/// when `latency`/`req_size` follows), on its second when the first is missing, on a
/// `-T` timestamp or a line of dashes just before a header, and on `-H` rows.
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    opens_at(lines, i, true)
}

/// [`opens`]; `command` also opens on a `zpool iostat ...` line a shell prompt does not
/// mark (`### zpool iostat -q 1`, a PowerShell prompt) when a header follows it.
fn opens_at(lines: &[Line], i: usize, command_line: bool) -> bool {
    let Some(line) = lines.get(i) else { return false };
    let text = strip_ansi(line.text);
    let t = text.trim();
    if t.is_empty() {
        return false;
    }
    // Every header line holds one of these; most lines of a paste hold none.
    if ["capacity", "alloc", "_wait", "_queue", "sync_", "latency", "req_size"].iter().any(|k| t.contains(k)) {
        let words = words_of(t);
        if is_stats_top(&words) || bottom_kind(&words) == Some(Kind::Stats) {
            return true;
        }
        if is_histo_top(&words) {
            return histo_top_at(lines, i);
        }
        if matches!(bottom_kind(&words), Some(Kind::Histo(_))) && words.len() >= 9 {
            return true;
        }
    }
    if command_line && t.contains("iostat") && command(t).is_some() {
        return next_nonblank(lines, i + 1, 3).is_some_and(|j| opens_at(lines, j, false));
    }
    if is_timestamp(t) || is_separator(t) {
        return next_nonblank(lines, i + 1, 2).is_some_and(|j| {
            let n = lines.get(j).map_or(Cow::Borrowed(""), |l| strip_ansi(l.text));
            is_stats_top(&words_of(&n))
                || histo_top_at(lines, j)
                || (is_timestamp(t) && (scripted_row_sig(&n) || scripted_name_at(lines, j)))
        });
    }
    scripted_row_sig(&text) || scripted_name_at(lines, i)
}

/// `-H -w`/`-r`: a vdev's name alone on its line, its bucket rows after it.
fn scripted_name_at(lines: &[Line], i: usize) -> bool {
    let Some(l) = lines.get(i) else { return false };
    let t = l.text.trim();
    !t.is_empty()
        && !t.contains(char::is_whitespace)
        && integer(t).is_none()
        && lines.get(i + 1).is_some_and(|n| scripted_bucket_sig(n.text))
}

// ---------------------------------------------------------------------------------------
// Reading a block.

/// Notes and problems as they are found.
#[derive(Default)]
struct Sink {
    notes: Vec<String>,
    problems: Vec<(usize, String)>,
    overflows: usize,
}

impl Sink {
    fn note(&mut self, s: String) {
        if self.notes.len() < 64 && !self.notes.contains(&s) {
            self.notes.push(s);
        }
    }

    fn problem(&mut self, no: usize, s: String) {
        self.problems.push((no, s));
    }

    /// A count or size cell (`zfs_nicenum()`, or `-p`'s integer).
    fn size(&mut self, no: usize, col: &str, cell: &str) -> Option<u64> {
        if let Some(v) = nicenum(cell) {
            return Some(v);
        }
        if overflows(cell) {
            self.overflows += 1;
            if self.overflows <= 3 {
                self.note(format!(
                    "line {no}: {col} {cell} is past 64 bits: a negative value wrapped around (seen on cache devices); kept as unknown"
                ));
            }
        } else {
            self.problem(no, format!("column '{col}': expected a number like 512, 2.37K or 11,4T, found '{cell}'"));
        }
        None
    }

    fn time(&mut self, no: usize, col: &str, cell: &str) -> Option<u64> {
        let v = nicetime(cell);
        if v.is_none() {
            self.problem(
                no,
                format!("column '{col}': expected a latency like 336ns, 41ms, 12345 (ns) or -, found '{cell}'"),
            );
        }
        v
    }
}

struct PendingTop {
    no: usize,
    text: String,
    histo: bool,
}

#[derive(Default)]
struct Parser {
    out: Iostat,
    sink: Sink,
    cur: Sample,
    /// The current header's columns.
    layout: Option<Layout>,
    /// Rows are read without a header (`-H`, or a paste that lost it).
    scripted: bool,
    /// The `-H` rows' layout and its count of values.
    scripted_layout: Option<(usize, Layout)>,
    /// Where a pool's name starts: a row's depth is its indentation past it, by 2
    /// (`print_vdev_stats()` indents each level by 2). Taken from the first row under a
    /// header, always a pool, so that a paste that shifted the rows reads the same.
    base_indent: usize,
    base_pending: bool,
    /// A row of the block was indented past its pool: the indentation is trusted.
    indent_seen: bool,
    /// The current pool's row (an index into the sample's rows), until a separator.
    section_start: Option<usize>,
    /// `-v` rows that lost their indentation in the paste: depth from the capacity cells.
    flat: bool,
    class: Option<String>,
    /// The last histogram of the sample still takes rows (its closing line not yet seen).
    histo_open: bool,
    /// A `-H` histogram's name line, waiting for its rows.
    scripted_name: Option<(usize, String)>,
    pending_top: Option<PendingTop>,
    /// The header's dashes come next: their width tells `-p`.
    expect_dashes: bool,
    cmd: Option<Command>,
    flags: Vec<char>,
    timestamps: usize,
}

impl Parser {
    fn flag(&mut self, c: char) {
        if !self.flags.contains(&c) {
            self.flags.push(c);
        }
    }

    fn sample_empty(&self) -> bool {
        self.cur.rows.is_empty() && self.cur.histograms.is_empty()
    }

    /// A new report starts at line `no` (a header, a repeated pool, a repeated histogram).
    fn boundary(&mut self, no: usize) {
        if !self.sample_empty() {
            let done = std::mem::take(&mut self.cur);
            self.out.samples.push(done);
            self.cur.line = no;
        } else if self.cur.timestamp.is_none() {
            self.cur.line = no;
        }
        self.class = None;
        self.histo_open = false;
        self.section_start = None;
    }

    fn touch(&mut self, no: usize) {
        if self.cur.line == 0 {
            self.cur.line = no;
        }
    }

    fn timestamp(&mut self, no: usize, t: &str) {
        if !self.sample_empty() {
            let done = std::mem::take(&mut self.cur);
            self.out.samples.push(done);
        }
        // A timestamp right after another is an empty report (`-y`'s first): replaced.
        self.cur = Sample { line: no, timestamp: Some(t.to_string()), ..Sample::default() };
        self.class = None;
        self.histo_open = false;
        self.timestamps += 1;
    }

    fn unmatched_top(&mut self) {
        if let Some(p) = self.pending_top.take() {
            let expected = if p.histo {
                "the header's second line (latency read write ... or req_size ind agg ...)"
            } else {
                "the header's second line (pool alloc free read write read write ...)"
            };
            self.sink.problem(p.no, format!("a header line without its second line: expected {expected} after it"));
        }
    }

    fn line(&mut self, block: &[Line], texts: &[Cow<str>], i: usize) -> usize {
        let Some(no) = block.get(i).map(|l| l.no) else { return 0 };
        let text: &str = texts.get(i).map_or("", |c| c.as_ref());
        let t = text.trim();
        if t.is_empty() {
            return 0;
        }
        if is_separator(t) {
            self.dashes(t);
            return 0;
        }
        let words = words_of(t);
        if is_stats_top(&words) {
            self.unmatched_top();
            let (joined, extra) = join_wrapped(texts, i, |w| w.iter().all(|x| is_top_word(x)));
            self.boundary(no);
            self.pending_top = Some(PendingTop { no, text: joined, histo: false });
            return extra;
        }
        if let Some(kind) = bottom_kind(&words) {
            let (joined, extra) =
                join_wrapped(texts, i, |w| bottom_kind(w).is_none() && w.iter().all(|x| is_bottom_word(x)));
            self.header(no, &joined, kind);
            return extra;
        }
        if is_histo_top(&words) {
            self.unmatched_top();
            self.pending_top = Some(PendingTop { no, text: text.to_string(), histo: true });
            return 0;
        }
        self.unmatched_top();
        if is_timestamp(t) {
            self.timestamp(no, t);
            return 0;
        }
        if let Some(cmd) = Some(t).filter(|t| t.contains("iostat")).and_then(command) {
            self.boundary(no);
            self.cmd = Some(cmd);
            return 0;
        }
        if !self.scripted {
            match self.layout.as_ref().map(|l| l.kind) {
                Some(Kind::Stats) => return self.stats_row(no, texts, i),
                Some(Kind::Histo(kind)) => {
                    self.histo_row(no, kind, text);
                    return 0;
                }
                None => {}
            }
        }
        self.scripted_line(no, texts, i);
        0
    }

    fn dashes(&mut self, t: &str) {
        if self.expect_dashes {
            // `-p` widens the columns (`default_column_width()`; histograms to their
            // widest count): any dash run but the name's not 5 wide means exact numbers.
            self.expect_dashes = false;
            if t.split_whitespace().skip(1).any(|d| d.len() != 5) {
                self.flag('p');
            }
            return;
        }
        // A histogram's closing line (`print_solid_separator()`), or the end of a pool's
        // `-v` tree (`print_iostat()` prints a separator after each pool).
        self.histo_open = false;
        self.section_start = None;
    }

    fn header(&mut self, no: usize, bottom_text: &str, kind: Kind) {
        let mut top = self.pending_top.take();
        if let Some(p) = top.as_ref().filter(|p| p.histo != matches!(kind, Kind::Histo(_))) {
            self.sink.problem(p.no, "a header line that does not fit the one after it".to_string());
            top = None;
        }
        let btoks = tokens(bottom_text);
        let title = btoks.first().map_or("", |t| t.text);
        let bottom = btoks.get(1..).unwrap_or(&[]);
        let top_toks = top.as_ref().map(|p| tokens(&p.text)).unwrap_or_default();
        let mut name = None;
        let tops: Option<&[Tok]> = match (&top, kind) {
            (None, _) => None,
            (Some(_), Kind::Stats) => Some(&top_toks),
            (Some(_), Kind::Histo(_)) => match top_toks.split_first() {
                Some((first, rest)) if !HISTO_TOPS.contains(&first.text) => {
                    name = Some(first.text.to_string());
                    Some(rest)
                }
                _ => Some(&top_toks),
            },
        };
        if top.is_none() {
            self.sink.note(format!(
                "a header's first line is missing (first at line {no}); its columns are named in the order zpool prints them"
            ));
        }
        let layout = build_layout(kind, title, tops, bottom, no, &mut self.sink);
        for n in release_note(&layout) {
            self.sink.note(n);
        }
        if kind == Kind::Stats
            && layout.cols.len() == 6
            && top.as_ref().is_some_and(|p| p.text.contains("operations    bandwidth"))
        {
            // `print_iostat_header()` before 0.7 printed a fixed line with four spaces
            // here; `print_iostat_labels()` since centres the labels (five spaces).
            self.sink.note(
                "the header's spacing is that of ZoL 0.6.x or earlier (or illumos-derived ZFS): before -l/-q/-w/-r existed"
                    .to_string(),
            );
        }
        match kind {
            Kind::Stats => {
                if top.is_none() {
                    self.boundary(no);
                }
                if layout.count(Field::Latency) > 0 {
                    self.flag('l');
                }
                if layout.count(Field::Queue) > 0 {
                    self.flag('q');
                }
            }
            Kind::Histo(hk) => {
                self.flag(if hk == HistogramKind::Latency { 'w' } else { 'r' });
                let line = top.as_ref().map_or(no, |p| p.no);
                let name =
                    name.or_else(|| self.cmd.as_ref().and_then(|c| c.names.first().cloned())).unwrap_or_default();
                if self.cur.histograms.first().is_some_and(|h| h.name == name) {
                    self.boundary(line);
                }
                self.touch(line);
                let columns = layout.cols.iter().map(|c| c.name.clone()).collect();
                self.cur.histograms.push(Histogram { line, name, kind: hk, columns, buckets: Vec::new() });
                self.histo_open = true;
            }
        }
        self.base_indent = indent(bottom_text);
        self.base_pending = kind == Kind::Stats;
        self.section_start = None;
        self.layout = Some(layout);
        self.scripted = false;
        self.expect_dashes = true;
        self.class = None;
    }

    fn stats_row(&mut self, no: usize, texts: &[Cow<str>], i: usize) -> usize {
        self.expect_dashes = false;
        let Some(layout) = self.layout.take() else { return 0 };
        let consumed = self.stats_row_in(&layout, no, texts, i);
        self.layout = Some(layout);
        consumed
    }

    fn stats_row_in(&mut self, layout: &Layout, no: usize, texts: &[Cow<str>], i: usize) -> usize {
        let text: &str = texts.get(i).map_or("", |c| c.as_ref());
        let n = layout.cols.len();
        let toks = tokens(text);
        let expected = || format!("expected a row of {} columns ({}), found {}", n + 1, layout.labels(), toks.len());
        if toks.len() < n + 1 {
            // A row wrapped by the terminal or the paste: its values go on on the next line.
            let next: Vec<&str> = texts.get(i + 1).map(|t| t.split_whitespace().collect()).unwrap_or_default();
            let fits = layout.extras == 0
                && toks.len() >= 2
                && !next.is_empty()
                && next.iter().all(|c| value_like(c))
                && toks.len() - 1 + next.len() == n;
            let Some(first) = toks.first().filter(|_| fits) else {
                self.sink.problem(no, expected());
                return 0;
            };
            let cells: Vec<&str> = toks.iter().skip(1).map(|t| t.text).chain(next).collect();
            self.add_row(layout, no, first.text, Some(indent(text)), &cells);
            return 1;
        }
        let (name, cells): (&str, Vec<&str>) = if layout.extras > 0 {
            (toks.first().map_or("", |t| t.text), toks.iter().skip(1).take(n).map(|t| t.text).collect())
        } else {
            // A name with spaces: everything before the last n cells.
            let k = toks.len() - n;
            if toks.iter().take(k).skip(1).any(|t| value_like(t.text)) {
                self.sink.problem(no, expected());
                return 0;
            }
            let start = toks.first().map_or(0, |t| t.byte);
            let end = toks.get(k - 1).map_or(start, |t| t.byte + t.text.len());
            (text.get(start..end).unwrap_or(""), toks.iter().skip(k).map(|t| t.text).collect())
        };
        self.add_row(layout, no, name, Some(indent(text)), &cells);
        0
    }

    /// A pool, vdev or class row; `indent` is `None` for `-H` (no indentation printed).
    fn add_row(&mut self, layout: &Layout, no: usize, name: &str, indent: Option<usize>, cells: &[&str]) {
        let class_header = CLASSES.contains(&name) && cells.iter().all(|c| *c == "-");
        if let Some(ind) = indent.filter(|_| self.base_pending && !class_header) {
            self.base_indent = ind;
            self.base_pending = false;
        }
        let mut depth = if class_header {
            1
        } else {
            indent.map_or(0, |ind| u32::try_from(ind.saturating_sub(self.base_indent).div_ceil(2)).unwrap_or(u32::MAX))
        };
        if class_header {
            self.class = Some(name.to_string());
            self.flag('v');
        } else if depth == 0 {
            // A pool: the report starts again when the first pool of this one repeats
            // (interval rows printed without a header between them).
            if self.cur.rows.first().is_some_and(|r| r.depth == 0 && r.name == name) {
                self.boundary(no);
            }
            // A second unindented row before the pool's separator, in a `-v` paste
            // whose indentation was lost (a leaf's `-` capacity says so even without the
            // command line): `print_iostat_default()` prints capacity only for vdevs
            // with space, so those are top-level and the others leaves.
            let cell = |f: Field| layout.cols.iter().position(|c| c.field == f).and_then(|j| cells.get(j).copied());
            let leaf =
                cell(Field::Alloc) == Some("-") || (cell(Field::Alloc) == Some("0") && cell(Field::Free) == Some("0"));
            let in_tree =
                indent.is_some() && self.section_start.is_some() && !self.indent_seen && layout.title != "vdev";
            if in_tree && !self.flat && (leaf || self.cmd.as_ref().is_some_and(|c| c.has('v'))) {
                self.flat = true;
                self.reflow_section();
                self.sink.note(
                    "the -v rows carry no indentation (lost in the paste): a vdev's depth was taken from its capacity (top-level vdevs have one, leaves print -)"
                        .to_string(),
                );
            }
            if in_tree && self.flat {
                depth = if leaf { 2 } else { 1 };
                self.flag('v');
            } else {
                // A pool (or, until a leaf shows the tree is flat, a row taken for one).
                self.class = None;
                if self.section_start.is_none() {
                    self.section_start = Some(self.cur.rows.len());
                }
            }
        } else {
            self.indent_seen = true;
            self.flag('v');
        }
        self.touch(no);
        let mut row = Row { line: no, name: name.to_string(), depth, class: self.class.clone(), ..Row::default() };
        for (col, &cell) in layout.cols.iter().zip(cells) {
            let sink = &mut self.sink;
            // `print_iostat_default()`: vdevs without space (leaves) print `-` for capacity.
            let size = |sink: &mut Sink, dash_none: bool| {
                if class_header || (dash_none && cell == "-") {
                    None
                } else {
                    sink.size(no, &col.name, cell)
                }
            };
            match col.field {
                Field::Alloc => row.alloc = size(sink, true),
                Field::Free => row.free = size(sink, true),
                Field::ReadOps => row.read_ops = size(sink, false),
                Field::WriteOps => row.write_ops = size(sink, false),
                Field::ReadBytes => row.read_bytes = size(sink, false),
                Field::WriteBytes => row.write_bytes = size(sink, false),
                Field::Latency => {
                    // `zfs_nicetime()` always prints a unit; a bare number is `-p`'s ns.
                    let raw = cell.bytes().all(|b| b.is_ascii_digit());
                    let value = if class_header { None } else { sink.time(no, &col.name, cell) };
                    row.latency.push(Column { name: col.name.clone(), value });
                    if raw && !class_header {
                        self.flag('p');
                    }
                }
                Field::Queue => {
                    let value = size(sink, false);
                    row.queues.push(Column { name: col.name.clone(), value });
                }
                Field::Unknown => {}
            }
        }
        self.cur.rows.push(row);
    }

    /// The rows of the current pool read so far as pools become its vdevs (a flat `-v`).
    fn reflow_section(&mut self) {
        let Some(start) = self.section_start else { return };
        let mut class: Option<String> = None;
        for r in self.cur.rows.iter_mut().skip(start + 1) {
            if r.class.as_deref() == Some(r.name.as_str()) && r.read_ops.is_none() {
                class = r.class.clone();
                continue;
            }
            r.depth = if r.alloc.is_none() || (r.alloc == Some(0) && r.free == Some(0)) { 2 } else { 1 };
            r.class = class.clone();
        }
        self.class = class;
    }

    fn histo_row(&mut self, no: usize, kind: HistogramKind, text: &str) {
        self.expect_dashes = false;
        let toks = tokens(text);
        let Some(layout) = self.layout.as_ref() else { return };
        let n = layout.cols.len();
        let open = self.histo_open && !self.cur.histograms.is_empty();
        if !open {
            self.sink.problem(
                no,
                format!(
                    "a histogram row after its histogram's closing line: expected a header ({}) before it",
                    layout.labels()
                ),
            );
            return;
        }
        let Some((label, cells)) = toks.split_first().filter(|(_, c)| c.len() == n) else {
            let msg = format!("expected a bucket row of {} columns ({}), found {}", n + 1, layout.labels(), toks.len());
            self.sink.problem(no, msg);
            return;
        };
        let Some(bound) = bucket_bound(kind, label.text) else {
            let expected = if kind == HistogramKind::Latency {
                "a latency bucket (1ns 3ns 7ns ... 1us 2us ... 137s)"
            } else {
                "a request size bucket (512 1K 2K ... 16M)"
            };
            self.sink.problem(no, format!("expected {expected} first, found '{}'", label.text));
            return;
        };
        // `zfs_nicenum()` prints 1024 and more with a suffix: a bare one is `-p`.
        if cells.iter().any(|c| integer(c.text).is_some_and(|v| v >= 1024)) {
            self.flag('p');
        }
        let cells: Vec<&str> = cells.iter().map(|c| c.text).collect();
        self.push_bucket(no, label.text, bound, &cells);
    }

    /// A bucket row into the sample's last histogram, its cells read as counts.
    fn push_bucket(&mut self, no: usize, label: &str, bound: u64, cells: &[&str]) {
        let Some(h) = self.cur.histograms.last_mut() else { return };
        let counts = h.columns.iter().zip(cells).map(|(name, c)| self.sink.size(no, name, c)).collect();
        h.buckets.push(Bucket { label: label.to_string(), bound, counts });
    }

    /// Lines without a header: `-H` rows (TAB separated, no header, `print_one_stat()`),
    /// its histograms (a name line, then `label\tcount...`), or rows that lost their header.
    fn scripted_line(&mut self, no: usize, texts: &[Cow<str>], i: usize) {
        let text: &str = texts.get(i).map_or("", |c| c.as_ref());
        let tabbed = text.contains('\t');
        let fields: Vec<&str> = if tabbed {
            text.split('\t').map(str::trim).filter(|f| !f.is_empty()).collect()
        } else {
            text.split_whitespace().collect()
        };
        let Some((&first, rest)) = fields.split_first() else { return };
        let next_is_bucket = || {
            texts.get(i + 1..).unwrap_or(&[]).iter().take(3).find(|t| !t.trim().is_empty()).is_some_and(|t| {
                let f: Vec<&str> = t.split_whitespace().collect();
                f.first().is_some_and(|l| integer(l).is_some()) && f.len() >= 10
            })
        };
        // A bucket's label is 2^k - 1 (latency) or 2^k (size); `-g` prints vdevs by
        // their guid, also an integer, in a stats row.
        let bucket = integer(first)
            .filter(|&v| v >= 1)
            .is_some_and(|v| v.checked_add(1).is_some_and(u64::is_power_of_two) || v.is_power_of_two())
            && (9..=14).contains(&rest.len());
        if rest.is_empty() && next_is_bucket() {
            self.scripted_name = Some((no, first.to_string()));
        } else if bucket {
            self.scripted_bucket(no, first, rest, tabbed);
        } else if rest.len() >= 6 && rest.iter().all(|c| value_like(c)) {
            self.scripted_row(no, first, rest, tabbed);
        } else {
            let expected = match &self.layout {
                Some(l) if !self.scripted => format!("a row of {} columns ({})", l.cols.len() + 1, l.labels()),
                _ => "a zpool iostat header (capacity operations bandwidth ...), a pool or vdev row, a histogram row or a -T timestamp".to_string(),
            };
            self.sink.problem(no, format!("not a zpool iostat line: expected {expected}"));
        }
    }

    fn scripted_row(&mut self, no: usize, name: &str, cells: &[&str], tabbed: bool) {
        let n = cells.len();
        if self.scripted_layout.as_ref().map(|(k, _)| *k) != Some(n) {
            let Some(layout) = scripted_stats_layout(n, cells, self.cmd.as_ref(), &mut self.sink) else {
                self.sink.problem(
                    no,
                    format!(
                        "expected a -H row: a name and 6, 15, 16, 17, 18, 20, 25, 28 or 31 values, found {n} values"
                    ),
                );
                return;
            };
            for note in release_note(&layout) {
                self.sink.note(note);
            }
            self.scripted_layout = Some((n, layout));
        }
        self.scripted = true;
        self.base_indent = 0;
        self.histo_open = false;
        if tabbed {
            self.flag('H');
        } else {
            self.sink.note(
                "rows without a header (and not TAB separated as -H prints them): their columns were inferred from their count of values"
                    .to_string(),
            );
        }
        let Some((_, layout)) = self.scripted_layout.take() else { return };
        if layout.count(Field::Latency) > 0 {
            self.flag('l');
        }
        if layout.count(Field::Queue) > 0 {
            self.flag('q');
        }
        self.add_row(&layout, no, name, None, cells);
        self.scripted_layout = Some((n, layout));
    }

    fn scripted_bucket(&mut self, no: usize, label: &str, cells: &[&str], tabbed: bool) {
        let v = integer(label).unwrap_or(0);
        let kind = if v.checked_add(1).is_some_and(u64::is_power_of_two) {
            HistogramKind::Latency
        } else if v.is_power_of_two() {
            HistogramKind::RequestSize
        } else {
            self.sink.problem(
                no,
                format!("expected a -H histogram row: a bucket (1, 3, 7, ... ns or 512, 1024, ... bytes) first, found '{label}'"),
            );
            return;
        };
        let n = cells.len();
        let fits = self.scripted && self.histo_open && self.scripted_name.is_none();
        let continues = fits
            && self.cur.histograms.last().is_some_and(|h| {
                h.kind == kind && h.columns.len() == n && h.buckets.last().map_or(true, |b| b.bound < v)
            });
        if !continues {
            let Some(layout) = scripted_histo_layout(kind, n, &mut self.sink) else {
                self.sink.problem(
                    no,
                    format!("expected a -H histogram row: a bucket and 9 to 11 latency or 10, 12 or 14 request-size counts, found {n} counts"),
                );
                return;
            };
            for note in release_note(&layout) {
                self.sink.note(note);
            }
            let (line, name) = self
                .scripted_name
                .take()
                .unwrap_or_else(|| (no, self.cmd.as_ref().and_then(|c| c.names.first().cloned()).unwrap_or_default()));
            if self.cur.histograms.first().is_some_and(|h| h.name == name) {
                self.boundary(line);
            }
            self.touch(line);
            let columns = layout.cols.iter().map(|c| c.name.clone()).collect();
            self.cur.histograms.push(Histogram { line, name, kind, columns, buckets: Vec::new() });
            self.histo_open = true;
            self.scripted = true;
            self.flag(if kind == HistogramKind::Latency { 'w' } else { 'r' });
        }
        if tabbed {
            self.flag('H');
        }
        self.push_bucket(no, label, v, cells);
    }

    fn finish(mut self) -> Parsed<Iostat> {
        self.unmatched_top();
        if let Some((no, name)) = self.scripted_name.take() {
            self.sink.problem(no, format!("'{name}' alone on a line: expected a -H histogram's rows after it"));
        }
        if !self.sample_empty() {
            let done = std::mem::take(&mut self.cur);
            self.out.samples.push(done);
        }
        let cmd = self.cmd.take().unwrap_or_default();
        let mut notes = Vec::new();
        // The columns printed say -l -q -w -r better than a command line (users paste a
        // wrong one); -v -p -H are not always visible, so the command line adds them.
        let read_any = !self.out.samples.is_empty();
        let shown: String = ['l', 'q', 'w', 'r'].iter().filter(|c| self.flags.contains(c)).collect();
        let typed: String = ['l', 'q', 'w', 'r'].iter().filter(|c| cmd.has(**c)).collect();
        if read_any && !cmd.flags.is_empty() && shown != typed {
            notes.push(format!(
                "the command line's options ({}) do not match the columns printed ({}); the output was read as printed",
                if typed.is_empty() { "none of -l -q -w -r".to_string() } else { format!("-{typed}") },
                if shown.is_empty() { "the default ones".to_string() } else { format!("-{shown}") }
            ));
        }
        for c in cmd.flags.chars() {
            if matches!(c, 'v' | 'p' | 'H') || (!read_any && FLAG_LETTERS.contains(&c)) {
                self.flag(c);
            }
        }
        self.out.flags = FLAG_LETTERS.iter().filter(|c| self.flags.contains(c)).collect();
        if let Some(t) = cmd.interval {
            if t % 1000 == 0 {
                self.out.interval_s = Some(t / 1000);
            } else {
                notes.push(format!("the interval is {} s, not a whole number of seconds", cmd.interval_text));
            }
        }
        let samples = &self.out.samples;
        let several = samples.len() > 1 || cmd.interval.is_some();
        let y = cmd.has('y');
        if samples.iter().any(|s| !s.rows.is_empty()) {
            notes.push(
                if y {
                    "-y: the report since boot was left out; every report is a per-second rate over its interval"
                } else if several {
                    "the first report is the average since boot or import (unless -y was given); the others are per-second rates over each interval"
                } else {
                    "the report is the average since boot or import (unless -y was given): operations and bandwidth per second"
                }
                .to_string(),
            );
        }
        if samples.iter().any(|s| !s.histograms.is_empty()) {
            notes.push(
                if y {
                    "-y: every histogram report holds per-second rates over its interval (rounded down), not I/O counts"
                } else if several {
                    "the first histogram report counts every I/O since boot or import (unless -y was given); with an interval the later ones are per-second rates (rounded down), not counts"
                } else {
                    "the histogram counts are I/Os since boot or import (no interval was given)"
                }
                .to_string(),
            );
        }
        if samples.iter().any(|s| s.rows.iter().any(|r| !r.queues.is_empty())) {
            notes.push(
                "the -q pend/activ columns are the queues' depths when the report was printed, not averages"
                    .to_string(),
            );
        }
        if samples.iter().any(|s| s.rows.iter().any(|r| !r.latency.is_empty())) {
            notes.push(
                "the -l latencies are averages over each report's interval, taken from power-of-two histograms (each I/O at its bucket's midpoint)"
                    .to_string(),
            );
        }
        if self.out.flags.contains('p') {
            notes.push("exact numbers (-p): sizes in bytes, latencies in ns".to_string());
        }
        if self.out.flags.contains('H') && self.out.flags.contains('v') {
            notes.push(
                "-H prints vdev names without indentation or class lines: every row's depth is 0 and its class unknown"
                    .to_string(),
            );
        }
        match self.timestamps {
            0 => {}
            1 => notes.push("the report carries a -T timestamp".to_string()),
            n => notes.push(format!("{n} reports carry a -T timestamp")),
        }
        notes.append(&mut self.sink.notes);
        Parsed { value: self.out, notes, problems: self.sink.problems }
    }
}

/// A header line and the lines it wrapped onto (each holding only more labels).
fn join_wrapped(texts: &[Cow<str>], i: usize, more: impl Fn(&[&str]) -> bool) -> (String, usize) {
    let mut s = texts.get(i).map_or(String::new(), |t| t.to_string());
    let mut extra = 0;
    while let Some(next) = texts.get(i + 1 + extra).filter(|t| !t.trim().is_empty()) {
        let w = words_of(next);
        if extra >= 4 || !more(&w) {
            break;
        }
        s.push_str("  ");
        s.push_str(next.trim());
        extra += 1;
    }
    (s, extra)
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Iostat> {
    let texts: Vec<Cow<str>> = block.iter().map(|l| strip_ansi(l.text)).collect();
    let mut p = Parser::default();
    let mut i = 0;
    if let Some(first) = block.first() {
        if let Some(cmd) = command(first.text) {
            p.cmd = Some(cmd);
            i = 1;
        } else if super::prompt::prompt(first.text).is_some() {
            i = 1;
        }
    }
    while i < block.len() {
        i += 1 + p.line(block, &texts, i);
    }
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line<'_>> {
        text.lines().enumerate().map(|(i, t)| Line { no: i + 1, text: t }).collect()
    }

    fn opened(text: &str) -> Vec<usize> {
        let ls = lines(text);
        (0..ls.len()).filter(|&i| opens(&ls, i)).map(|i| i + 1).collect()
    }

    #[test]
    fn opens_on_headers_only() {
        let stats = "              capacity     operations     bandwidth\npool        alloc   free   read  write   read  write\n----------  -----  -----  -----  -----  -----  -----\ntank        1.00T  2.00T     10     20   1.0M   2.0M\n";
        assert_eq!(opened(stats), [1, 2]);
        let w = "\ntank         total_wait     disk_wait    syncq_wait    asyncq_wait\nlatency      read  write   read  write   read  write   read  write  scrub   trim  rebuild\n----------  -----\n1ns             0      0      0      0      0      0      0      0      0      0      0\n";
        assert_eq!(opened(w), [2, 3]);
        let r = "lnec-ost01    sync_read    sync_write    async_read    async_write      scrub         trim\n\nreq_size      ind    agg    ind    agg    ind    agg    ind    agg    ind    agg    ind    agg\n";
        assert_eq!(opened(r), [1, 3]);
        // A -T timestamp or a separator opens only right before a header.
        assert_eq!(opened(&format!("Mon Mar 15 13:48:44 MST 2021\n{stats}")), [1, 2, 3]);
        assert_eq!(opened(&format!("1615841324\n\n{stats}")), [1, 3, 4]);
        assert_eq!(opened(&format!("----------  -----\n{stats}")), [1, 2, 3]);
        // Names that are not a -w title: the word `latency` must follow.
        assert!(opened("tank total_wait disk_wait\nsomething else\n").is_empty());
    }

    #[test]
    fn does_not_open_on_other_formats() {
        let others = "\
  pool: tank
 state: ONLINE
  scan: resilvered 1.2G in 00:10:05 with 0 errors
config:

\tNAME        STATE     READ WRITE CKSUM
\ttank        ONLINE       0     0     0
\t  mirror-0  ONLINE       0     0     0
errors: No known data errors
5 1 0x01 11 528 2058200957 2095734345211
name                            type data
dmu_tx_assigned                 4    1234
txg      birth            state ndirty       nread        nwritten     reads    writes   otime        qtime        wtime        stime
18530    5116620568013    C     67108864     0            71446528     0        628      1000147927   11437        41224        626838455
NAME    SIZE  ALLOC   FREE  CKPOINT  EXPANDSZ   FRAG    CAP  DEDUP    HEALTH  ALTROOT
bckpool  capacity                       7%                             -
tank\tsize\t10G\t-
zfs_dirty_data_max\t4294967296
           value  ------------- Distribution ------------- count
  write: IOPS=1234, BW=4936KiB/s (5054kB/s)(289MiB/60001msec); 0 zone resets
Sun Mar 14 00:26:04 2021
--------------------------------------------------------
1615841324
";
        assert!(opened(others).is_empty(), "{:?}", opened(others));
    }

    #[test]
    fn opens_on_scripted_output() {
        assert_eq!(opened("tank\t1.20T\t2.40T\t10\t20\t1.1M\t2.2M\n"), [1]);
        assert_eq!(opened("tank\n1\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\n3\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\n"), [1]);
        // Too few values, or not values.
        assert!(opened("tank\t1.20T\t2.40T\t10\n").is_empty());
        assert!(opened("tank\tcompression\ton\tlocal\tx\ty\tz\n").is_empty());
    }

    #[test]
    fn command_lines_as_getopt_reads_them() {
        let c = command("root@host:~# zpool iostat -vlTd pool2 5").unwrap();
        assert_eq!((c.flags.as_str(), c.interval, c.names.as_slice()), ("vlT", Some(5000), &["pool2".to_string()][..]));
        let c = command("# zpool iostat zpool1-store1 -q -l 1").unwrap();
        assert_eq!((c.flags.as_str(), c.interval), ("ql", Some(1000)));
        let c = command("$ zpool iostat -c 'echo a=1' -v tank 2 3 | tee out").unwrap();
        assert_eq!((c.flags.as_str(), c.interval, c.names.as_slice()), ("cv", Some(2000), &["tank".to_string()][..]));
        let c = command("PS C:\\Windows\\system32> C:\\tools\\zfs\\zpool.exe iostat -r 5").unwrap();
        assert_eq!((c.flags.as_str(), c.interval), ("r", Some(5000)));
        let c = command("$ sudo /sbin/zpool iostat -T u -y 0.5").unwrap();
        assert_eq!((c.flags.as_str(), c.interval), ("Ty", Some(500)));
        assert!(command("$ zpool status -v").is_none());
    }

    #[test]
    fn every_latency_label_names_its_bucket() {
        // As zfs_nicetime() prints each bucket's end, 2^(j+1) - 1 ns (FORMATS.md, -w).
        let labels = [
            "1ns", "3ns", "7ns", "15ns", "31ns", "63ns", "127ns", "255ns", "511ns", "1us", "2us", "4us", "8us", "16us",
            "32us", "65us", "131us", "262us", "524us", "1ms", "2ms", "4ms", "8ms", "16ms", "33ms", "67ms", "134ms",
            "268ms", "536ms", "1s", "2s", "4s", "8s", "17s", "34s", "68s", "137s",
        ];
        for (j, label) in labels.into_iter().enumerate() {
            let end = (1u64 << (j + 1)) - 1;
            assert_eq!(bucket_bound(HistogramKind::Latency, label), Some(end), "{label}");
            assert_eq!(bucket_bound(HistogramKind::Latency, &end.to_string()), Some(end));
        }
        assert_eq!(bucket_bound(HistogramKind::Latency, "5ns"), None);
        assert_eq!(bucket_bound(HistogramKind::Latency, "137s"), Some((1 << 37) - 1));
        for (label, start) in [("512", 512), ("1K", 1024), ("128K", 128 << 10), ("16M", 16 << 20), ("4096", 4096)] {
            assert_eq!(bucket_bound(HistogramKind::RequestSize, label), Some(start));
        }
        assert_eq!(bucket_bound(HistogramKind::RequestSize, "3K"), None);
    }

    #[test]
    fn timestamps_and_clocks() {
        assert!(is_timestamp("Mon Mar 15 13:48:44 MST 2021"));
        assert!(is_timestamp("Mo 15. Mär 13:48:44 CET 2021"));
        assert!(is_timestamp("2021-03-15 13:48:44"));
        assert!(is_timestamp("1615841324"));
        assert!(!is_timestamp("pci-0000:00:1f.2-ata-1"));
        assert!(!is_timestamp("tank 1.00T 2.00T 10 20 1.0M 2.0M"));
        assert!(!is_timestamp("12345"));
    }

    #[test]
    fn colour_codes_are_dropped() {
        assert_eq!(strip_ansi("\u{1b}[1;34m1.00T\u{1b}[0m  2"), "1.00T  2");
        assert_eq!(strip_ansi("plain"), "plain");
        assert_eq!(strip_ansi("\u{1b}"), "");
    }

    #[test]
    fn columns_by_position_when_the_top_labels_do_not_match() {
        // A top line that lost `operations`: the runs take their nearest top label.
        let top = "              capacity                    bandwidth    total_wait";
        let bottom = "pool        alloc   free   read  write   read  write   read  write";
        let (t, b) = (tokens(top), tokens(bottom));
        let mut sink = Sink::default();
        let l = build_layout(Kind::Stats, "pool", Some(&t), b.get(1..).unwrap(), 2, &mut sink);
        let names: Vec<&str> = l.cols.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names[4..], ["bandwidth read", "bandwidth write", "total_wait read", "total_wait write"]);
        assert!(sink.notes.iter().any(|n| n.contains("nearest")));
    }

    #[test]
    fn garbage_never_panics() {
        let texts = [
            "capacity operations bandwidth\npool alloc free\n\u{1b}[\n-\t\t\n1\t\n",
            "pool alloc free read write read write\nx\n  -  -  -  -  -  -  -\nlogs - - - - - -\n",
            "x total_wait disk_wait\nlatency read write\n1ns 1\n137s 99999999999999999999E\n",
            "tank\n1\t2\n\n512\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10\n",
            "$ zpool iostat -T\n$ zpool iostat -c '\n",
            "req_size ind agg\n16M x y\n18446744073709551615\t1\t1\t1\t1\t1\t1\t1\t1\t1\n",
        ];
        for t in texts {
            let _ = parse(&lines(t));
        }
    }
}
