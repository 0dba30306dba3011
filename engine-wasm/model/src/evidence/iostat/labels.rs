//! The header's labels and the columns they make: which line is a header, its tokens, the runs
//! of bottom labels under each top label, the layout they give, and `-H`'s layouts by count.

use super::*;

pub(super) fn is_bottom_word(w: &str) -> bool {
    w == "wait" || STANDALONE.contains(&w) || PAIRS.iter().any(|p| p.0 == w || p.1 == w)
}

/// The first header line of the default table (and of `-l`/`-q`, which add to it).
pub(super) fn is_stats_top(words: &[&str]) -> bool {
    ["capacity", "operations", "bandwidth"].iter().all(|l| words.contains(l))
}

/// The first header line of `-w`/`-r`: `NAME total_wait disk_wait ...`.
pub(super) fn is_histo_top(words: &[&str]) -> bool {
    !words.contains(&"capacity") && words.iter().filter(|w| HISTO_TOPS.contains(w)).count() >= 2
}

/// The second header line: its title (`pool`, `vdev`, `latency`, `req_size`) says the table.
pub(super) fn bottom_kind(words: &[&str]) -> Option<Kind> {
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
pub(super) fn is_separator(t: &str) -> bool {
    t.bytes().filter(|&b| b == b'-').count() >= 3 && t.bytes().all(|b| b == b'-' || b.is_ascii_whitespace())
}

/// A `-T u` (seconds since the epoch) or `-T d` (`date` in the locale's format, as
/// `print_timestamp()` in `lib/libspl/timestamp.c` prints it) line.
pub(super) fn is_timestamp(t: &str) -> bool {
    let t = t.trim();
    if (9..=12).contains(&t.len()) && t.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    let n = t.split_whitespace().count();
    (2..=9).contains(&n) && t.split_whitespace().any(is_clock)
}

/// `13:48:44` or `9:05` (also inside an ISO `2021-03-15T13:48:44`).
pub(super) fn is_clock(w: &str) -> bool {
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
pub(super) fn value_like(cell: &str) -> bool {
    cell == "-" || nicenum(cell).is_some() || nicetime(cell).is_some() || overflows(cell)
}

/// A well-formed nicenum past 64 bits: `16.0E` is what a negative free space (an
/// unsigned wrap-around, seen on cache devices) prints as.
pub(super) fn overflows(cell: &str) -> bool {
    let t = cell.trim_end_matches('B');
    t.strip_suffix(['E', 'e']).is_some_and(|m| decimal_thousandths(m).is_some())
}

/// `zpool iostat`'s color codes (`print_stat_color()`, 2.2 on a terminal) taken out.
pub(super) fn strip_ansi(s: &str) -> Cow<'_, str> {
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

pub(super) fn tokens(s: &str) -> Vec<Tok<'_>> {
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

pub(super) fn indent(s: &str) -> usize {
    s.chars().take_while(|c| c.is_whitespace()).count()
}

/// The runs of a bottom header line (after its title), and how many labels past them.
pub(super) fn runs<'a>(bottom: &[Tok<'a>]) -> (Vec<Run<'a>>, usize) {
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
pub(super) fn canonical_top(top: &str) -> &str {
    match top {
        "sync_queue" => "syncq_wait",
        "async_queue" => "asyncq_wait",
        t => t,
    }
}

/// Top labels for runs when the header's top line is absent: zpool's order.
pub(super) fn default_tops(kind: Kind, runs: &[Run]) -> Vec<Option<String>> {
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

pub(super) fn field_of(top: Option<&str>, bottom: &str) -> Field {
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
pub(super) fn build_layout(
    kind: Kind,
    title: &str,
    top: Option<&[Tok]>,
    bottom: &[Tok],
    no: usize,
    sink: &mut Sink,
) -> Layout {
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
pub(super) fn release_note(layout: &Layout) -> Vec<String> {
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
pub(super) fn bucket_bound(kind: HistogramKind, label: &str) -> Option<u64> {
    match kind {
        HistogramKind::Latency => {
            let v = nicetime(label)?;
            (0..63u32).map(|j| (1u64 << (j + 1)) - 1).find(|&end| end == v || floor_time(end) == v)
        }
        HistogramKind::RequestSize => nicenum(label).filter(|v| v.is_power_of_two()),
    }
}

/// `zfs_nicetime()`'s value: the time cut to its unit (ns, us, ms, s) without decimals.
pub(super) fn floor_time(ns: u64) -> u64 {
    let mut d = 1u64;
    while ns / d >= 1000 && d < 1_000_000_000 {
        d *= 1000;
    }
    ns / d * d
}

/// `-H` rows have no header: their columns by their count of values (and the command
/// line's `-l`/`-q` when pasted). 16 values are either 0.8's `-l` or 0.7's `-q`: a
/// latency prints with a unit or `-`, a queue depth without.
pub(super) fn scripted_stats_layout(
    n: usize,
    cells: &[&str],
    cmd: Option<&Command>,
    sink: &mut Sink,
) -> Option<Layout> {
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
pub(super) fn scripted_histo_layout(kind: HistogramKind, n: usize, sink: &mut Sink) -> Option<Layout> {
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
