//! `/proc/spl/kstat/zfs/<pool>/txgs` (`module/zfs/spa_stats.c`), in its three layouts:
//! 0.6.2 and earlier (`txgs-<pool>`, no ndirty or wtime), 0.6.3 to 0.7 (a raw kstat line
//! first), 0.8 on (the header only). Rows may come without their header.
//!
//! 0.8 on, `spa_txg_history_show_header` and `spa_txg_history_show` print
//! `txg birth state ndirty nread nwritten reads writes otime qtime wtime stime` with
//! `%-8llu %-16llu %-5c %-12llu ...`: minimum widths, so a 10-digit txg pushes the
//! columns right and rows are read by whitespace, mapped by the header's labels. 0.6.3 to
//! 0.7 printed the same under the raw kstat's numeric line (`spl-kstat.c`,
//! `kstat_seq_show_headers`). 0.6.2's SPL printed its own txg kstat
//! (`spl-kstat.c`, `kstat_seq_show_txg`): `txg state birth nread nwritten reads writes
//! otime qtime stime`. FreeBSD's `sysctl kstat.zfs.<pool>.txgs` prints the 0.8 table
//! after a `kstat.zfs.<pool>.txgs:` line (`spl_kstat.c`, `kstat_sysctl_raw`).

use super::kstat_header::{wrapper, Wrapper};
use super::number::{integer, signed_integer};
use super::{clip, prompt, Line, Parsed};
use serde::Serialize;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TxgsLayout {
    /// 0.6.2 and earlier: `txg state birth nread nwritten reads writes otime qtime stime`.
    Old,
    /// 0.6.3 to 0.7: the 12 columns after a raw kstat's numeric line.
    Kstat,
    /// 0.8 on: the 12 columns under their header (or rows alone).
    #[default]
    Procfs,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Txgs {
    pub layout: TxgsLayout,
    pub rows: Vec<TxgRow>,
    /// The pool, when the command line (`cat /proc/spl/kstat/zfs/tank/txgs`,
    /// `txgs-tank`) or FreeBSD's sysctl name gives it.
    pub pool: Option<String>,
}

/// One txg. Times in ns; a time is 0 while the txg has not reached that state.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TxgRow {
    pub line: usize,
    pub txg: u64,
    /// hrtime (ns since boot) when the txg opened.
    pub birth: u64,
    /// `B` birth, `O` open, `Q` quiesced, `W` wait for sync, `S` synced, `C` committed.
    pub state: String,
    /// Dirty bytes of this txg when its sync started (absent before 0.6.3).
    pub ndirty: Option<u64>,
    pub nread: u64,
    pub nwritten: u64,
    pub reads: u64,
    pub writes: u64,
    pub otime: u64,
    pub qtime: u64,
    /// Waiting for the previous txg's sync (absent before 0.6.3).
    pub wtime: Option<u64>,
    pub stime: u64,
}

/// A column of the table, by its header label.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Txg,
    Birth,
    State,
    Ndirty,
    Nread,
    Nwritten,
    Reads,
    Writes,
    Otime,
    Qtime,
    Wtime,
    Stime,
    /// A label this reader does not know: its values are skipped.
    Other,
}

/// 0.6.3 on (`spa_txg_history_show`).
const NEW_ORDER: [Col; 12] = [
    Col::Txg,
    Col::Birth,
    Col::State,
    Col::Ndirty,
    Col::Nread,
    Col::Nwritten,
    Col::Reads,
    Col::Writes,
    Col::Otime,
    Col::Qtime,
    Col::Wtime,
    Col::Stime,
];
/// 0.6.2's SPL (`kstat_seq_show_txg`).
const OLD_ORDER: [Col; 10] = [
    Col::Txg,
    Col::State,
    Col::Birth,
    Col::Nread,
    Col::Nwritten,
    Col::Reads,
    Col::Writes,
    Col::Otime,
    Col::Qtime,
    Col::Stime,
];

const NEW_LABELS: &str = "txg birth state ndirty nread nwritten reads writes otime qtime wtime stime";
const OLD_LABELS: &str = "txg state birth nread nwritten reads writes otime qtime stime";

fn col(label: &str) -> Col {
    match label {
        "txg" => Col::Txg,
        "birth" => Col::Birth,
        "state" => Col::State,
        "ndirty" => Col::Ndirty,
        "nread" => Col::Nread,
        "nwritten" => Col::Nwritten,
        "reads" => Col::Reads,
        "writes" => Col::Writes,
        "otime" => Col::Otime,
        "qtime" => Col::Qtime,
        "wtime" => Col::Wtime,
        "stime" => Col::Stime,
        _ => Col::Other,
    }
}

/// The columns of a txgs header line, if `text` is one: it starts with `txg` and names
/// `birth` and `state` among at least eight labels this reader knows.
fn header(text: &str) -> Option<Vec<Col>> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.first() != Some(&"txg") || tokens.len() > 24 {
        return None;
    }
    let cols: Vec<Col> = tokens.iter().map(|t| col(t)).collect();
    let known = cols.iter().filter(|c| **c != Col::Other).count();
    (cols.contains(&Col::Birth) && cols.contains(&Col::State) && known >= 8).then_some(cols)
}

/// Is `text` the header of the txgs table (any layout)?
pub(crate) fn is_header(text: &str) -> bool {
    header(text).is_some()
}

/// Does `text` have the shape of a txgs row (12 or 10 integer columns with a state letter)?
pub(crate) fn is_row(text: &str) -> bool {
    headerless_order(text).is_some()
}

/// A txg state letter (`spa_txg_history_show`; 0.6.2 printed O Q S C and `?`).
fn is_state(token: &str) -> bool {
    matches!(token, "B" | "O" | "Q" | "W" | "S" | "C" | "?")
}

/// The column order a row without header clearly has: 12 integer columns but a state
/// letter third (0.6.3 on), or 10 with the letter second (0.6.2).
fn headerless_order(text: &str) -> Option<&'static [Col]> {
    let tokens: Vec<&str> = text.split_whitespace().take(13).collect();
    let numeric_but = |at: usize| {
        tokens.iter().enumerate().all(|(i, t)| if i == at { is_state(t) } else { signed_integer(t).is_some() })
    };
    match tokens.len() {
        12 if numeric_but(2) => Some(&NEW_ORDER),
        10 if numeric_but(1) => Some(&OLD_ORDER),
        _ => None,
    }
}

/// FreeBSD's `kstat.zfs.<pool>.txgs:` line: the pool.
fn freebsd_line(text: &str) -> Option<String> {
    let t = text.trim();
    let path = t.strip_prefix("kstat.zfs.")?.trim_end().strip_suffix(':')?;
    path.strip_suffix(".txgs").map(str::to_string)
}

/// The first non-blank line after `i`, within three lines.
fn next_text<'a>(lines: &[Line<'a>], i: usize) -> Option<&'a str> {
    lines.iter().skip(i + 1).take(3).map(|l| l.text).find(|t| !t.trim().is_empty())
}

/// Does line `i` open a block of this format? The header, the raw kstat line before it
/// (0.6.3 to 0.7; 0.6.2), FreeBSD's sysctl line, or a row that has the table's shape.
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(text) = lines.get(i).map(|l| l.text) else { return false };
    if is_header(text) || freebsd_line(text).is_some() || headerless_order(text).is_some() {
        return true;
    }
    wrapper(text).is_some() && next_text(lines, i).is_some_and(is_header)
}

/// The pool a prompt's command names: `.../zfs/<pool>/txgs`, `txgs-<pool>`,
/// `kstat.zfs.<pool>.txgs`.
fn prompt_pool(prompt: &str) -> Option<String> {
    prompt.split_whitespace().find_map(|token| {
        let token = token.trim_matches(|c| c == '"' || c == '\'' || c == ';' || c == '|');
        if token.contains(['*', '?', '$', '{']) {
            return None;
        }
        if let Some(pool) = token.strip_prefix("kstat.zfs.").and_then(|p| p.strip_suffix(".txgs")) {
            return Some(pool.to_string());
        }
        let parts: Vec<&str> = token.split('/').filter(|p| !p.is_empty()).collect();
        match parts.split_last() {
            Some((&"txgs", dirs)) => dirs.last().filter(|d| **d != "zfs" && **d != ".").map(|d| d.to_string()),
            Some((last, _)) => last.strip_prefix("txgs-").filter(|p| !p.is_empty()).map(str::to_string),
            None => None,
        }
    })
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Txgs> {
    let mut out = Txgs::default();
    let mut problems = Vec::new();
    let mut notes = Vec::new();
    let mut cols: Option<Vec<Col>> = None;
    let mut first_cols: Option<Vec<Col>> = None;
    let mut assumed: Option<&'static [Col]> = None;
    let mut wrappers: Vec<(usize, Wrapper)> = Vec::new();
    let mut headers: Vec<usize> = Vec::new();
    let mut freebsd = false;
    for (idx, l) in block.iter().enumerate() {
        let t = l.text.trim();
        if t.is_empty() {
            continue;
        }
        if idx == 0 && prompt::prompt(l.text).is_some() {
            out.pool = prompt_pool(t);
            continue;
        }
        if let Some(pool) = freebsd_line(t) {
            out.pool = Some(pool);
            freebsd = true;
            continue;
        }
        if let Some(w) = wrapper(t) {
            wrappers.push((l.no, w));
            continue;
        }
        if let Some(c) = header(t) {
            headers.push(l.no);
            if first_cols.is_none() {
                first_cols = Some(c.clone());
            }
            cols = Some(c);
            continue;
        }
        let order: &[Col] = match (&cols, assumed) {
            (Some(c), _) => c,
            (None, Some(a)) => a,
            (None, None) => match headerless_order(t) {
                Some(a) => {
                    assumed = Some(a);
                    a
                }
                None => {
                    problems.push((
                        l.no,
                        format!("expected a txg row of 12 columns ({NEW_LABELS}), found `{}`", clip(t, 80)),
                    ));
                    continue;
                }
            },
        };
        match row(l.no, t, order) {
            Ok(r) => out.rows.push(r),
            Err(e) => problems.push((l.no, e)),
        }
    }
    let wrapper_seen = wrappers.first().copied();
    let has_new_cols = |c: &[Col]| c.contains(&Col::Ndirty) || c.contains(&Col::Wtime);
    out.layout = match (&first_cols, assumed) {
        (Some(c), _) if !has_new_cols(c) => TxgsLayout::Old,
        (None, Some(a)) if !has_new_cols(a) => TxgsLayout::Old,
        (None, None) if wrapper_seen.is_some_and(|w| w.1.ks_type == 5) => TxgsLayout::Old,
        _ if wrapper_seen.is_some() => TxgsLayout::Kstat,
        _ => TxgsLayout::Procfs,
    };
    let layout = match out.layout {
        TxgsLayout::Old => Some("the 0.6.2-or-earlier layout (the SPL's txg kstat, /proc/spl/kstat/zfs/txgs-<pool>): no ndirty and no wtime; otime is how long the txg was open, qtime how long it quiesced, stime how long it synced"),
        TxgsLayout::Kstat => Some("a raw kstat line first: the 0.6.3 to 0.7.x layout, where zfs_txg_history defaults to 0 (so it had been set to keep this history)"),
        // Rows alone do not tell 0.8 from 0.6.3-0.7: the note below says what was assumed.
        TxgsLayout::Procfs if first_cols.is_none() => None,
        TxgsLayout::Procfs => Some("the header alone: the 0.8-or-later layout"),
    };
    notes.extend(layout.map(str::to_string));
    if first_cols.is_none() {
        if let Some(a) = assumed {
            let labels = if a.len() == OLD_ORDER.len() { OLD_LABELS } else { NEW_LABELS };
            let release = if a.len() == OLD_ORDER.len() { "0.6.2" } else { "0.8+" };
            notes.push(format!("the header was missing, so the {release} column order ({labels}) was assumed"));
        }
    }
    if freebsd {
        notes.push(
            "FreeBSD's sysctl kstat.zfs.<pool>.txgs: the same table as Linux's /proc/spl/kstat/zfs/<pool>/txgs"
                .to_string(),
        );
    }
    if headers.len() > 1 {
        let at: Vec<String> = headers.iter().map(|n| n.to_string()).collect();
        notes.push(format!(
            "the header appears {} times (lines {}): several reads pasted together; their rows are kept in order, a txg may appear more than once",
            headers.len(),
            at.join(", ")
        ));
    }
    for &(line, w) in &wrappers {
        if w.extra > 0 {
            notes.push(format!(
                "line {line}: the kstat's first line has {} fields where 7 are printed (kid type flags ndata data_size crtime snaptime); it looks garbled or two reads run together, the rows after it were read",
                7 + w.extra
            ));
        }
    }
    if let Some((line, w)) = wrapper_seen {
        let read = out.rows.len() as u64;
        if wrappers.len() == 1 && read < w.ndata {
            notes.push(format!(
                "the kstat held {} txgs when read (ndata, line {line}); {read} are in the paste",
                w.ndata
            ));
        }
    }
    notes.extend(summary(&out));
    Parsed { value: out, notes, problems }
}

/// Reads one row by `order`; the message says what was expected where it is not.
fn row(line: usize, text: &str, order: &[Col]) -> Result<TxgRow, String> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    if tokens.len() != order.len() {
        let labels = if order == NEW_ORDER.as_slice() {
            NEW_LABELS.to_string()
        } else if order == OLD_ORDER.as_slice() {
            OLD_LABELS.to_string()
        } else {
            "as the header".to_string()
        };
        return Err(format!("expected a txg row of {} columns ({labels}), found {}", order.len(), tokens.len()));
    }
    let mut r = TxgRow { line, ..TxgRow::default() };
    for (&token, &c) in tokens.iter().zip(order) {
        if c == Col::Other {
            continue;
        }
        if c == Col::State {
            if !is_state(token) {
                return Err(format!(
                    "expected a txg state letter (B O Q W S C) in the state column, found `{}`",
                    clip(token, 80)
                ));
            }
            r.state = token.to_string();
            continue;
        }
        let Some(v) = integer(token) else {
            return Err(format!("expected an integer in the {} column, found `{}`", label(c), clip(token, 80)));
        };
        match c {
            Col::Txg => r.txg = v,
            Col::Birth => r.birth = v,
            Col::Ndirty => r.ndirty = Some(v),
            Col::Nread => r.nread = v,
            Col::Nwritten => r.nwritten = v,
            Col::Reads => r.reads = v,
            Col::Writes => r.writes = v,
            Col::Otime => r.otime = v,
            Col::Qtime => r.qtime = v,
            Col::Wtime => r.wtime = Some(v),
            Col::Stime => r.stime = v,
            Col::State | Col::Other => {}
        }
    }
    Ok(r)
}

fn label(c: Col) -> &'static str {
    let i = NEW_ORDER.iter().position(|x| *x == c).unwrap_or(0);
    NEW_LABELS.split(' ').nth(i).unwrap_or("txg")
}

/// How many txgs, how many done, and which were still moving when read.
fn summary(t: &Txgs) -> Vec<String> {
    let (Some(first), Some(last)) = (t.rows.first(), t.rows.last()) else { return Vec::new() };
    let committed = t.rows.iter().filter(|r| r.state == "C").count();
    let count = |n: usize| if n == 1 { "1 txg".to_string() } else { format!("{n} txgs") };
    let mut notes = vec![format!(
        "{} ({} to {}), {committed} of them committed (state C: synced and done)",
        count(t.rows.len()),
        first.txg,
        last.txg
    )];
    let moving: Vec<&TxgRow> = t.rows.iter().filter(|r| r.state != "C").collect();
    if !moving.is_empty() {
        let what = |s: &str| match s {
            "B" => "born",
            "O" => "open",
            "Q" => "quiescing",
            "W" => "waiting for the previous sync",
            "S" => "syncing",
            _ => "in an unknown state",
        };
        let listed: Vec<String> =
            moving.iter().take(5).map(|r| format!("{} {} ({})", r.txg, r.state, what(&r.state))).collect();
        let more = if moving.len() > 5 { format!(" and {} more", moving.len() - 5) } else { String::new() };
        notes.push(format!(
            "{} not yet committed when read: {}{more}; the times of states a txg has not finished are 0, and ndirty, nread and nwritten stay 0 until its sync ends",
            count(moving.len()),
            listed.join(", ")
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line<'_>> {
        text.lines().enumerate().map(|(i, t)| Line { no: i + 1, text: t }).collect()
    }

    #[test]
    fn headers_of_both_layouts_are_known() {
        assert_eq!(header(NEW_LABELS).map(|c| c.len()), Some(12));
        assert_eq!(header(OLD_LABELS), Some(OLD_ORDER.to_vec()));
        assert!(!is_header("txg 1 2 3"));
        assert!(!is_header("name type data"));
    }

    #[test]
    fn rows_without_header_open_by_their_shape() {
        let new = "427556   4025405356702    C     0            0            0            0        0        22660        520          5230         12670";
        assert_eq!(headerless_order(new), Some(NEW_ORDER.as_slice()));
        let old = "7917723  C     4241593463350422 0            1127424      0        351         156093280         3990    148591575";
        assert_eq!(headerless_order(old), Some(OLD_ORDER.as_slice()));
        assert_eq!(headerless_order("1 2 3 4 5 6 7 8 9 10 11 12"), None);
        assert!(opens(&lines(new), 0));
    }

    #[test]
    fn prompts_name_the_pool() {
        assert_eq!(prompt_pool("# cat /proc/spl/kstat/zfs/tank/txgs").as_deref(), Some("tank"));
        assert_eq!(prompt_pool("/proc/spl/kstat/zfs # cat txgs-vz").as_deref(), Some("vz"));
        assert_eq!(prompt_pool("$ tail -100 /proc/spl/kstat/zfs/san1stdpool/txgs").as_deref(), Some("san1stdpool"));
        assert_eq!(prompt_pool("$ cat /proc/spl/kstat/zfs/*/txgs"), None);
        assert_eq!(prompt_pool("% sysctl kstat.zfs.zroot.txgs").as_deref(), Some("zroot"));
    }
}
