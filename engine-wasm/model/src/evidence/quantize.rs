//! Power-of-two histograms as DTrace's `quantize()` and `lquantize()` print them
//! (`value  ------------- Distribution ------------- count`) and bpftrace's `hist()`
//! (`[4K, 8K)   2 |@@@@  |`): the seed documents' scripts and the lab's own output.
//!
//! DTrace (`dt_consume.c`, `dt_print_quantize`/`dt_print_lquantize`) prints each
//! aggregation key on a line of its own, then the header and rows `%16lld |<bar> %-9lld`:
//! the value is the bucket's lower bound (quantize buckets are [v, 2v), lquantize ones a
//! step wide, with `< base` and `>= limit` rows for what falls outside). bpftrace
//! (`output.cpp`) prints `@map[key]:` then rows `[lo, hi)  count |<bar>|`, with `[0]`
//! and `[1]` for single values, `(..., 0)` and `[limit, ...)` for the ends, and bounds
//! with 1024-based K M G T P E suffixes. The lab prints DTrace's text itself
//! (`report::quantize`).

use super::number::{integer, signed_integer};
use super::{prompt, Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Quantize {
    pub tables: Vec<QuantizeTable>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuantizeTable {
    pub line: usize,
    /// The line before the table (`@queue_lat_us[dp_sync_taskq]:`, a key), or empty.
    pub title: String,
    /// `dtrace` or `bpftrace`, by the rows' look.
    pub tool: String,
    pub buckets: Vec<QuantizeBucket>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuantizeBucket {
    /// The bucket's lower bound as printed (DTrace's `value`, bpftrace's `[4K`), in the
    /// script's own unit.
    pub value: i128,
    pub count: u64,
    /// The bucket holds what is below `value` (DTrace's `< 0`, bpftrace's `(..., 0)`).
    pub below: bool,
    /// The row's label as printed (`1024`, `< 0`, `>= 30`, `[4K, 8K)`).
    pub label: String,
}

/// DTrace's header: `value  ------------- Distribution ------------- count`.
fn is_dtrace_header(text: &str) -> bool {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    tokens.first() == Some(&"value")
        && tokens.last() == Some(&"count")
        && tokens.iter().any(|t| t.contains("Distribution"))
}

/// A DTrace row: `1024 |@@@@   12`, `< 0 |   3`, `>= 30 |@   1`: (bucket, label).
fn dtrace_row(text: &str) -> Option<QuantizeBucket> {
    let t = text.trim();
    let (label, after) = t.split_once('|')?;
    let label = label.trim();
    let (value, below) = if let Some(n) = label.strip_prefix("<=") {
        (signed_integer(n)?.checked_add(1)?, true)
    } else if let Some(n) = label.strip_prefix('<') {
        (signed_integer(n)?, true)
    } else if let Some(n) = label.strip_prefix(">=") {
        (signed_integer(n)?, false)
    } else if let Some(n) = label.strip_prefix('>') {
        (signed_integer(n)?.checked_add(1)?, false)
    } else {
        (signed_integer(label)?, false)
    };
    let tokens: Vec<&str> = after.split_whitespace().collect();
    let (count, bar) = tokens.split_last()?;
    if !bar.iter().all(|b| b.bytes().all(|c| c == b'@' || c == b'|')) {
        return None;
    }
    Some(QuantizeBucket { value, count: integer(count)?, below, label: label.to_string() })
}

/// A bpftrace bound: `4K` = 4096, `-10`, `2M`.
fn bpf_number(text: &str) -> Option<i128> {
    let t = text.trim();
    let (negative, t) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t),
    };
    let (digits, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], super::number::binary_shift(c)?),
        _ => (t, 0),
    };
    let v = i128::from(integer(digits)?) << shift;
    Some(if negative { -v } else { v })
}

/// A bpftrace row: `[4K, 8K)   2 |@@@   |`, `[0]   1 |@|`, `(..., 0)   3 |@|`.
fn bpf_row(text: &str) -> Option<QuantizeBucket> {
    let t = text.trim();
    if !t.starts_with(['[', '(']) {
        return None;
    }
    let close = t.find([')', ']'])?;
    let label = &t[..=close];
    let inner = &t[1..close];
    let (value, below) = match inner.split_once(',') {
        None => (bpf_number(inner)?, false),
        Some((lo, hi)) if lo.trim() == "..." => (bpf_number(hi)?, true),
        Some((lo, hi)) => {
            if hi.trim() != "..." {
                bpf_number(hi)?;
            }
            (bpf_number(lo)?, false)
        }
    };
    let rest = t[close + 1..].trim();
    let (count, bar) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
    let bar = bar.trim();
    // The bar, if any, is `|@@@   |`.
    let framed = bar.starts_with('|') && bar.ends_with('|') && bar.bytes().all(|c| matches!(c, b'@' | b'|' | b' '));
    if !(bar.is_empty() || framed) {
        return None;
    }
    Some(QuantizeBucket { value, count: integer(count)?, below, label: label.to_string() })
}

/// bpftrace's map name before its histogram: `@queue_lat_us[dp_sync_taskq]:`, `@:`.
fn bpf_title(text: &str) -> bool {
    let t = text.trim();
    t.starts_with('@') && t.ends_with(':')
}

/// `Attaching 6 probes...`, bpftrace's first line.
fn is_attaching(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("Attaching ") && (t.ends_with("probes...") || t.ends_with("probe..."))
}

/// DTrace's own first line: `dtrace: script 'rw.d' matched 6 probes`,
/// `dtrace: description 'delay-mintime' matched 1 probe`.
fn is_dtrace_preamble(text: &str) -> bool {
    let t = text.trim();
    t.starts_with("dtrace: ") && t.contains(" matched ") && (t.ends_with(" probes") || t.ends_with(" probe"))
}

/// DTrace's packed histograms (`#pragma D option aggpack`): a header `min .----. max |
/// count` and rows `< 0 : ▃▆ : >= 30 | 23279` that draw the buckets as glyphs, so only
/// the total is in the text.
fn is_aggpack(text: &str) -> bool {
    let t = text.trim();
    let packed_row = t.matches(" : ").count() == 2 && t.rsplit_once('|').is_some_and(|(_, n)| integer(n).is_some());
    (t.starts_with("min .") && t.ends_with("| count")) || packed_row
}

/// A line that says output was left out: `...`, `[...]`.
fn is_elision(text: &str) -> bool {
    matches!(text.trim(), "..." | "[...]" | "…" | "[…]")
}

/// The first non-blank line after `i`, within three lines.
fn next_text<'a>(lines: &[Line<'a>], i: usize) -> Option<&'a str> {
    lines.iter().skip(i + 1).take(3).map(|l| l.text).find(|t| !t.trim().is_empty())
}

/// Does line `i` open a block of this format? DTrace's header or the key line right before
/// it, two DTrace rows in a row, DTrace's `matched N probes` or bpftrace's `Attaching N
/// probes...`, a map title before a histogram row, or a histogram row.
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(text) = lines.get(i).map(|l| l.text) else { return false };
    if text.trim().is_empty() {
        return false;
    }
    if is_dtrace_header(text) || is_attaching(text) || is_dtrace_preamble(text) || bpf_row(text).is_some() {
        return true;
    }
    let next = next_text(lines, i);
    if dtrace_row(text).is_some() {
        return next.is_some_and(|n| dtrace_row(n).is_some());
    }
    if bpf_title(text) {
        return next.is_some_and(|n| bpf_row(n).is_some());
    }
    text.len() <= 200 && !is_aggpack(text) && next.is_some_and(is_dtrace_header)
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Tool {
    Dtrace,
    Bpftrace,
}

impl Tool {
    fn name(self) -> &'static str {
        match self {
            Tool::Dtrace => "dtrace",
            Tool::Bpftrace => "bpftrace",
        }
    }
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Quantize> {
    let mut out = Quantize::default();
    let mut problems = Vec::new();
    let mut elided = Vec::new();
    // The table being read: its tool, once a header or a row says it.
    let mut cur: Option<(QuantizeTable, Option<Tool>)> = None;
    let mut pending_title: Option<String> = None;
    for (idx, l) in block.iter().enumerate() {
        let t = l.text.trim();
        if t.is_empty()
            || t == "^C"
            || is_attaching(t)
            || is_dtrace_preamble(t)
            || (idx == 0 && prompt::prompt(l.text).is_some())
        {
            continue;
        }
        if is_elision(t) {
            elided.push(l.no);
            continue;
        }
        if is_dtrace_header(t) {
            finish(&mut cur, &mut out, &mut problems);
            let title = pending_title.take().unwrap_or_default();
            cur = Some((
                QuantizeTable { line: l.no, title, tool: "dtrace".to_string(), buckets: Vec::new() },
                Some(Tool::Dtrace),
            ));
            continue;
        }
        if bpf_title(t) {
            finish(&mut cur, &mut out, &mut problems);
            cur = Some((
                QuantizeTable { line: l.no, title: t.to_string(), tool: "bpftrace".to_string(), buckets: Vec::new() },
                None,
            ));
            continue;
        }
        let row = match (dtrace_row(t), bpf_row(t)) {
            (Some(b), _) => Some((b, Tool::Dtrace)),
            (None, Some(b)) => Some((b, Tool::Bpftrace)),
            (None, None) => None,
        };
        if let Some((bucket, tool)) = row {
            // DTrace and bpftrace keep their bounds in 64 bits: a wider one was not printed.
            if !(i128::from(i64::MIN)..=i128::from(u64::MAX)).contains(&bucket.value) {
                problems.push((
                    l.no,
                    format!("the bucket bound {} does not fit in 64 bits; the row is not read", bucket.value),
                ));
                continue;
            }
            let same = matches!(&cur, Some((_, None))) || matches!(&cur, Some((_, Some(k))) if *k == tool);
            if !same {
                finish(&mut cur, &mut out, &mut problems);
                cur = Some((
                    QuantizeTable { line: l.no, title: String::new(), tool: String::new(), buckets: Vec::new() },
                    None,
                ));
            }
            if let Some((table, kind)) = cur.as_mut() {
                *kind = Some(tool);
                table.tool = tool.name().to_string();
                table.buckets.push(bucket);
            }
            continue;
        }
        if !is_aggpack(t)
            && block
                .get(idx + 1..)
                .and_then(|rest| rest.iter().map(|l| l.text).find(|t| !t.trim().is_empty()))
                .is_some_and(is_dtrace_header)
        {
            pending_title = Some(t.to_string());
            continue;
        }
        let what = if is_aggpack(t) {
            "a packed DTrace histogram (aggpack) draws its buckets as glyphs: only its total is printed, it is not read; print it without `-x aggpack`"
        } else if t.starts_with('@') {
            "a bpftrace map value, not a histogram: expected a histogram row (`[4K, 8K)  2 |@@|`)"
        } else {
            "expected a DTrace quantize row (`  1024 |@@@@   12`), a bpftrace hist row (`[4K, 8K)  2 |@@|`) or a table's title"
        };
        problems.push((l.no, what.to_string()));
    }
    finish(&mut cur, &mut out, &mut problems);
    let notes = notes(&out, &elided);
    Parsed { value: out, notes, problems }
}

/// Ends the table being read: kept if it has rows, else its title is a problem.
fn finish(cur: &mut Option<(QuantizeTable, Option<Tool>)>, out: &mut Quantize, problems: &mut Vec<(usize, String)>) {
    if let Some((table, _)) = cur.take() {
        if table.buckets.is_empty() {
            problems.push((table.line, "expected histogram rows after this title or header, found none".to_string()));
        } else {
            out.tables.push(table);
        }
    }
}

fn notes(q: &Quantize, elided: &[usize]) -> Vec<String> {
    let mut notes = Vec::new();
    for t in &q.tables {
        let total: u128 = t.buckets.iter().map(|b| u128::from(b.count)).sum();
        let nonzero: Vec<&QuantizeBucket> = t.buckets.iter().filter(|b| b.count > 0).collect();
        let name = if t.title.is_empty() { "a histogram".to_string() } else { format!("`{}`", t.title) };
        let span = match (nonzero.first(), nonzero.last()) {
            (Some(a), Some(b)) => format!(", the non-zero ones from {} to {}", a.label, b.label),
            _ => String::new(),
        };
        notes.push(format!("{name} (line {}): {total} values in {} buckets{span}", t.line, t.buckets.len()));
    }
    if q.tables.iter().any(|t| t.tool == "dtrace") {
        notes.push("DTrace's `value` is a bucket's lower bound: quantize() buckets run to twice it, lquantize() ones one step; `< base` and `>= limit` hold what falls outside; values are in the script's own unit".to_string());
    }
    if q.tables.iter().any(|t| t.tool == "bpftrace") {
        notes.push("bpftrace's labels are [low, high) ranges with K M G 1024-based (4K = 4096); values are in the script's own unit (`_us` in a map's name says microseconds)".to_string());
    }
    if let Some(first) = elided.first() {
        notes.push(format!("the paste leaves output out where `...` stands (line {first})"));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dtrace_rows() {
        let b = dtrace_row("            1024 |@                                        380").expect("row");
        assert_eq!((b.value, b.count, b.below, b.label.as_str()), (1024, 380, false, "1024"));
        let b = dtrace_row("            < 10 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 1        ").expect("under");
        assert_eq!((b.value, b.count, b.below), (10, 1, true));
        let b = dtrace_row("           >= 30 |@@@@@                                    1").expect("over");
        assert_eq!((b.value, b.count, b.below), (30, 1, false));
        assert!(dtrace_row("              -1 |                                         0").is_some());
        assert!(dtrace_row("write | 19442us").is_none());
    }

    #[test]
    fn bpftrace_rows() {
        let b =
            bpf_row("[256K, 512K)          15 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|").expect("row");
        assert_eq!((b.value, b.count), (256 << 10, 15));
        assert_eq!(bpf_row("[0]                    1 |@       |").map(|b| (b.value, b.count)), Some((0, 1)));
        assert_eq!(bpf_row("(..., 0)               3 |@@@|").map(|b| (b.value, b.below)), Some((0, true)));
        assert_eq!(bpf_row("[100, ...)             3 |@@@|").map(|b| b.value), Some(100));
        assert_eq!(bpf_row("[-10, 0)               3 |@@@|").map(|b| b.value), Some(-10));
        assert_eq!(bpf_row("[4X, 8K)   2 |@|"), None);
        assert_eq!(bpf_number("1M"), Some(1 << 20));
    }
}
