//! `zpool status`: the pool, its state, the scan line (scrub or resilver, in progress or
//! done, its rate) in the 0.6-0.7, the 0.8-2.1 and the 2.2-on wordings, and the `config:`
//! lines.
//!
//! The printing code is `status_callback()` in `cmd/zpool/zpool_main.c`: `  pool: NAME`,
//! ` state: STATE`, `status:`/`action:` (continued on tab-indented lines), `   see:`, then
//! `print_scan_status()` (`  scan:` and its progress lines), the removal, checkpoint and
//! RAID-Z expansion lines, `config:` with the `NAME STATE READ WRITE CKSUM` table, and
//! `errors:`. With no pool named, `zpool status` prints every pool, one after another; the
//! first is read into [`Status`] and the others into its `other_pools`.

use super::number::{decimal_thousandths, nicenum};
use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Status {
    pub pool: String,
    pub state: Option<String>,
    /// Boxed: a `Scan` is large, and `Body` holds a `Status` by value.
    pub scan: Option<Box<Scan>>,
    /// The lines under `config:` (the `NAME STATE READ WRITE CKSUM` table), as printed,
    /// for the layout reader (`scenario::zpool_layout`).
    pub config: Vec<String>,
    pub errors: Option<String>,
    /// `status:` (its continuation lines joined by a space).
    pub status: Option<String>,
    /// `action:` (its continuation lines joined by a space).
    pub action: Option<String>,
    /// Other labelled lines, as printed without their indent: `see:`, `remove:`,
    /// `checkpoint:`, `expand:`, the error scrub's `scrub:`, a second `scan:` line, the
    /// `dedup:` table.
    pub extra: Vec<String>,
    /// The pools printed after this one in the same output (`zpool status` with no pool).
    pub other_pools: Vec<Status>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Scan {
    pub line: usize,
    /// `scrub` or `resilver`.
    pub kind: String,
    pub in_progress: bool,
    /// Bytes scanned (0.8 on: metadata traversal) [bytes].
    pub scanned: Option<u64>,
    /// Bytes issued (0.8 on: data actually read) [bytes].
    pub issued: Option<u64>,
    pub total: Option<u64>,
    /// The scan rate the line gives (`at 644M/s`) [bytes/s].
    pub rate: Option<u64>,
    /// 0.8 on: the issue rate (`issued at 444M/s`) [bytes/s].
    pub issue_rate: Option<u64>,
    /// Bytes repaired by a scrub, or resilvered by a resilver.
    pub repaired: Option<u64>,
    /// Percent done in hundredths (66.46% is 6646).
    pub done_hundredths: Option<u64>,
    /// 2.2 on: the total to issue (`4.26T / 6.40T issued`), less what is skipped [bytes].
    pub issued_total: Option<u64>,
    /// The time to go the line estimates [s].
    pub eta_s: Option<u64>,
    /// A finished scan's duration (`in 02:13:45`, `in 2h13m`) [s].
    pub elapsed_s: Option<u64>,
    /// A finished scan's error count (`with 0 errors`).
    pub errors: Option<u64>,
    /// The date the scan started (`since Mon Nov 21 08:44:43 2022`), finished or was
    /// canceled, as printed.
    pub date: Option<String>,
    /// `scrub paused since ...`.
    pub paused: bool,
    /// `canceled on ...`.
    pub canceled: bool,
}

/// The labels `status_callback()` and `zpool import` print before a colon.
const LABELS: [&str; 15] = [
    "pool",
    "id",
    "state",
    "status",
    "action",
    "see",
    "scan",
    "scrub",
    "remove",
    "checkpoint",
    "expand",
    "config",
    "errors",
    "dedup",
    "comment",
];

/// The label a line starts with (`  scan: ...` is `scan`), and the text after it.
fn label(text: &str) -> Option<(&'static str, &str)> {
    let t = text.trim_start();
    let (word, rest) = t.split_once(':')?;
    let found = LABELS.iter().find(|l| **l == word)?;
    Some((found, rest.trim()))
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(line) = lines.get(i) else { return false };
    match label(line.text) {
        // `  pool: tank`: one word after it.
        Some(("pool", rest)) => rest.split_whitespace().count() == 1,
        // A scan line pasted without its pool.
        Some(("scan", rest)) => {
            let first = rest.split_whitespace().next().unwrap_or("");
            matches!(first, "scrub" | "resilver" | "resilvered")
        }
        _ => false,
    }
}

/// Where continuation lines (indented, no label) go.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cont {
    Nothing,
    Status,
    Action,
    Scan,
    Config,
    Errors,
    Extra,
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Status> {
    let mut out = Parsed::<Status>::default();
    let mut pools: Vec<Status> = Vec::new();
    let mut cur: Option<Status> = None;
    let mut into = Cont::Nothing;
    // Scans read for the current pool (2.x prints a scrub's and a resilver's).
    let mut scans: Vec<(Scan, String)> = Vec::new();
    let mut healthy_lines: Vec<String> = Vec::new();

    for line in block {
        let t = line.text.trim();
        if t.is_empty() || super::prompt::prompt(line.text).is_some() {
            continue;
        }
        if let Some((lab, rest)) = label(line.text) {
            if lab == "pool" {
                if let Some(mut done) = cur.take() {
                    finish_scans(&mut done, &mut scans);
                    pools.push(done);
                }
                cur = Some(Status { pool: rest.to_string(), ..Status::default() });
                into = Cont::Nothing;
                continue;
            }
            let st = cur.get_or_insert_with(Status::default);
            into = match lab {
                "state" => {
                    st.state = Some(rest.to_string());
                    Cont::Nothing
                }
                "status" => {
                    st.status = Some(rest.to_string());
                    Cont::Status
                }
                "action" => {
                    st.action = Some(rest.to_string());
                    Cont::Action
                }
                "scan" => match scan_first(rest, line.no) {
                    Ok(Some(scan)) => {
                        scans.push((scan, t.to_string()));
                        Cont::Scan
                    }
                    Ok(None) => Cont::Nothing,
                    Err(m) => {
                        out.problems.push((line.no, m));
                        Cont::Nothing
                    }
                },
                "config" => {
                    if !rest.is_empty() {
                        // `config: The configuration cannot be determined.`
                        st.extra.push(t.to_string());
                    }
                    Cont::Config
                }
                "errors" => {
                    st.errors = Some(rest.to_string());
                    Cont::Errors
                }
                _ => {
                    st.extra.push(t.to_string());
                    Cont::Extra
                }
            };
            continue;
        }
        if cur.is_none() {
            if matches!(t, "all pools are healthy" | "no pools available")
                || (t.starts_with("pool '") && t.ends_with("is healthy"))
            {
                healthy_lines.push(t.to_string());
                continue;
            }
            if is_date(t) {
                // `zpool status -T d` prints the date before each report.
                continue;
            }
        }
        let Some(st) = cur.as_mut() else {
            out.problems.push((line.no, format!("expected `pool: NAME` first, found {:?}", shorten(t))));
            continue;
        };
        match into {
            Cont::Status => append(&mut st.status, t, " "),
            Cont::Action => append(&mut st.action, t, " "),
            Cont::Errors => append(&mut st.errors, t, "\n"),
            Cont::Config => st.config.push(line.text.to_string()),
            Cont::Extra => st.extra.push(t.to_string()),
            Cont::Scan => {
                if let Some((scan, _)) = scans.last_mut() {
                    if let Err(m) = scan_progress(t, scan) {
                        out.problems.push((line.no, m));
                    }
                }
            }
            Cont::Nothing => {
                if is_date(t) {
                    continue;
                }
                out.problems.push((
                    line.no,
                    format!(
                        "expected a zpool status line (pool:, state:, status:, action:, scan:, config:, errors:), found {:?}",
                        shorten(t)
                    ),
                ));
            }
        }
    }
    if let Some(mut done) = cur.take() {
        finish_scans(&mut done, &mut scans);
        pools.push(done);
    }
    for h in healthy_lines {
        out.notes.push(format!("zpool status -x: {h}"));
    }
    // A paste of many pools notes its first ones; the rest are said in one.
    const MAX_NOTED_POOLS: usize = 20;
    for p in pools.iter().take(MAX_NOTED_POOLS) {
        out.notes.extend(scan_notes(p));
    }
    if pools.len() > MAX_NOTED_POOLS {
        out.notes.push(format!("{} more pools are read but not noted", pools.len() - MAX_NOTED_POOLS));
    }
    let mut pools = pools.into_iter();
    if let Some(mut first) = pools.next() {
        first.other_pools = pools.collect();
        out.value = first;
    }
    out
}

/// Keeps the scan in progress (or the first) as the pool's `scan`; the others' lines go to
/// `extra`.
fn finish_scans(st: &mut Status, scans: &mut Vec<(Scan, String)>) {
    let keep = scans.iter().position(|(s, _)| s.in_progress).unwrap_or(0);
    for (i, (scan, text)) in scans.drain(..).enumerate() {
        if i == keep {
            st.scan = Some(Box::new(scan));
        } else {
            st.extra.push(text);
        }
    }
}

fn append(field: &mut Option<String>, t: &str, sep: &str) {
    match field {
        Some(s) if !s.is_empty() => {
            s.push_str(sep);
            s.push_str(t);
        }
        _ => *field = Some(t.to_string()),
    }
}

/// A line that starts with a weekday, as `date` and ctime() print (`Mon Nov 21 ...`).
fn is_date(t: &str) -> bool {
    let first = t.split_whitespace().next().unwrap_or("");
    matches!(first, "Mon" | "Tue" | "Wed" | "Thu" | "Fri" | "Sat" | "Sun") && t.contains(':')
}

fn shorten(t: &str) -> String {
    match t.char_indices().nth(60) {
        Some((i, _)) => format!("{}...", &t[..i]),
        None => t.to_string(),
    }
}

/// The first line of a scan (after `scan:`), as `print_scan_status()` words it:
/// `scrub in progress since DATE`, `resilver (draid1-0) in progress since DATE`, `scrub
/// paused since DATE`, `scrub repaired 0B in 02:13:45 with 0 errors on DATE`, `resilvered
/// 123G in 0h46m with 0 errors on DATE`, `scrub canceled on DATE`, `none requested`.
fn scan_first(text: &str, no: usize) -> Result<Option<Scan>, String> {
    if text.starts_with("none requested") {
        return Ok(None);
    }
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let mut scan = Scan { line: no, ..Scan::default() };
    let first = words.first().copied().unwrap_or("");
    let (kind, finished) = match first {
        "scrub" => ("scrub", false),
        "resilver" => ("resilver", false),
        "resilvered" => ("resilver", true),
        _ => {
            return Err(format!(
            "expected a scan line (scrub/resilver in progress since, scrub repaired, resilvered, canceled), found {:?}",
            shorten(text)
        ))
        }
    };
    scan.kind = kind.to_string();
    words.remove(0);
    // A sequential rebuild names its top-level vdev: `resilver (draid1-0) ...`.
    if words.first().is_some_and(|w| w.starts_with('(') && w.ends_with(')')) {
        words.remove(0);
    }
    let rest = words.join(" ");
    // A date as printed (ctime pads the day: `Mar  1`), from the line itself.
    let after = |key: &str| text.find(key).map(|p| text[p + key.len()..].trim().to_string());
    if rest.starts_with("in progress since") {
        scan.in_progress = true;
        scan.date = after("since");
    } else if rest.starts_with("paused since") {
        scan.in_progress = true;
        scan.paused = true;
        scan.date = after("since");
    } else if rest.starts_with("canceled on") {
        scan.canceled = true;
        scan.date = after("canceled on");
    } else {
        // Finished: `[repaired] X in T with N errors on DATE`.
        let rest = if finished { rest.as_str() } else { rest.strip_prefix("repaired").unwrap_or("~").trim() };
        let (amount, tail) = rest.split_once(" in ").unwrap_or(("~", ""));
        let (duration, tail) = tail.split_once(" with ").unwrap_or(("", tail));
        scan.repaired = nicenum(amount);
        scan.elapsed_s = duration_s(duration);
        let (errors, date) = tail.split_once(" errors on ").unwrap_or(("", ""));
        scan.errors = errors.trim().parse().ok();
        if !date.trim().is_empty() {
            scan.date = Some(date.trim().to_string());
        }
        if scan.repaired.is_none() || scan.elapsed_s.is_none() || scan.errors.is_none() {
            return Err(format!(
                "expected `{} X in TIME with N errors on DATE`, found {:?}",
                if finished { "resilvered" } else { "scrub repaired" },
                shorten(text)
            ));
        }
    }
    Ok(Some(scan))
}

/// A progress line of a scan in progress, clause by clause (comma-separated):
/// 0.6-0.7 `11.7T scanned out of 11.7T at 995M/s, 0h46m to go` / `0 repaired, 100.01% done`;
/// 0.8-2.1 `6.18T scanned at 644M/s, 4.26T issued at 444M/s, 6.42T total` /
/// `123G resilvered, 66.46% done, 0 days 01:24:38 to go`; 2.2 on `6.18T / 6.42T scanned
/// at 644M/s, 4.26T / 6.40T issued at 444M/s`; a paused scrub's `scrub started on DATE`.
fn scan_progress(t: &str, scan: &mut Scan) -> Result<(), String> {
    if let Some(date) = t.strip_prefix("scrub started on") {
        scan.date = Some(date.trim().to_string());
        return Ok(());
    }
    // 0.6-0.7's `(scan is slow, no estimated time)` holds a comma of its own.
    let t = t.replace("(scan is slow, no estimated time)", "");
    // Clauses end at `, `: a comma with no blank after it is a decimal comma (`66,46%`).
    for clause in t.split(", ").map(|c| c.trim().trim_end_matches(',')).filter(|c| !c.is_empty()) {
        scan_clause(clause, scan)
            .map_err(|expected| format!("expected {expected}, found {clause:?} in {:?}", shorten(&t)))?;
    }
    Ok(())
}

fn scan_clause(clause: &str, scan: &mut Scan) -> Result<(), &'static str> {
    let w: Vec<&str> = clause.split_whitespace().collect();
    if clause.starts_with("no estimated") {
        return Ok(());
    }
    if let Some(eta) = clause.strip_suffix("to go") {
        scan.eta_s = Some(duration_s(eta).ok_or("a time to go (0h46m, 01:24:38, 2 days 01:24:38)")?);
        return Ok(());
    }
    if let Some(p) = clause.strip_suffix("done") {
        let p = p.trim().strip_suffix('%').ok_or("P% done")?;
        scan.done_hundredths = Some(decimal_thousandths(p).ok_or("P% done")? / 10);
        return Ok(());
    }
    let key = w.iter().position(|x| matches!(*x, "scanned" | "issued" | "total" | "repaired" | "resilvered"));
    let Some(key) = key else {
        return Err("a scan clause (X scanned, Y issued, T total, Z repaired, P% done, ETA to go)");
    };
    let (before, after) = (&w[..key], &w[key + 1..]);
    // `X` or `X / Y` before the key word.
    let (amount, of) = match before {
        [x] => (nicenum(x), None),
        [x, "/", y] => (nicenum(x), Some(nicenum(y).ok_or("a size after `/`")?)),
        _ => (None, None),
    };
    let amount = amount.ok_or("a size before the key word (1.35G scanned)")?;
    // `out of Y`, `at R/s`, in that order, after the key word.
    let (out_of, rest) = match after {
        ["out", "of", y, rest @ ..] => (Some(nicenum(y).ok_or("a size after `out of`")?), rest),
        rest => (None, rest),
    };
    let rate = match rest {
        [] => None,
        ["at", r] => Some(nicenum(r.strip_suffix("/s").unwrap_or(r)).ok_or("a rate after `at` (644M/s)")?),
        _ => return Err("`at RATE/s` or nothing after the size"),
    };
    match w.get(key).copied() {
        Some("scanned") => {
            scan.scanned = Some(amount);
            scan.rate = rate.or(scan.rate);
            if let Some(total) = of.or(out_of) {
                scan.total = Some(total);
            }
        }
        Some("issued") => {
            scan.issued = Some(amount);
            scan.issue_rate = rate.or(scan.issue_rate);
            scan.issued_total = of.or(scan.issued_total);
        }
        Some("total") => scan.total = Some(amount),
        _ => scan.repaired = Some(amount),
    }
    Ok(())
}

/// A duration as `zpool status` prints it: `0h46m` (0.6-0.7), `01:24:38`, `0 days
/// 01:24:38` (`secs_to_dhms()`, 0.8 on) [s].
fn duration_s(text: &str) -> Option<u64> {
    let t = text.trim();
    if let Some((h, m)) = t.strip_suffix('m').and_then(|r| r.split_once('h')) {
        return h.parse::<u64>().ok()?.checked_mul(3600)?.checked_add(m.parse::<u64>().ok()?.checked_mul(60)?);
    }
    let (days, clock) = match t.split_once(" days ").or_else(|| t.split_once(" day ")) {
        Some((d, c)) => (d.trim().parse::<u64>().ok()?, c.trim()),
        None => (0, t),
    };
    let mut parts = clock.split(':').map(|p| p.parse::<u64>().ok());
    let (h, m, s) = (parts.next()??, parts.next()??, parts.next()??);
    if parts.next().is_some() {
        return None;
    }
    let clock_s = h.checked_mul(3600)?.checked_add(m.checked_mul(60)?)?.checked_add(s)?;
    days.checked_mul(86_400)?.checked_add(clock_s)
}

/// What a support engineer should know of a pool's scan.
fn scan_notes(st: &Status) -> Vec<String> {
    let mut notes = Vec::new();
    let Some(scan) = &st.scan else { return notes };
    let pool = if st.pool.is_empty() { "the pool".to_string() } else { format!("pool {}", st.pool) };
    if scan.in_progress {
        notes.push(format!(
            "{pool}: a {} was {} when this was taken: its reads (and a resilver's writes) share the disks with the workload",
            scan.kind,
            if scan.paused { "paused" } else { "in progress" }
        ));
    }
    if scan.issued.is_some() {
        notes.push(format!(
            "{pool}: the scan line has the 0.8-on wording: `scanned` is the metadata traversal, `issued` the data actually read; the percent done follows `issued`"
        ));
    }
    if let Some(done) = scan.done_hundredths.filter(|&d| d > 10_000) {
        notes.push(format!(
            "{pool}: the scan reports {}.{:02}% done: its counters overshoot the total it expected, so the percent and the time to go are not meaningful",
            done / 100,
            done % 100
        ));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_in_every_wording() {
        assert_eq!(duration_s("0h46m"), Some(46 * 60));
        assert_eq!(duration_s("01:24:38"), Some(3600 + 24 * 60 + 38));
        assert_eq!(duration_s("0 days 01:24:38"), Some(3600 + 24 * 60 + 38));
        assert_eq!(duration_s("158831 days 07:42:27"), Some(158_831 * 86_400 + 7 * 3600 + 42 * 60 + 27));
        assert_eq!(duration_s("soon"), None);
        assert_eq!(duration_s("1:2:3:4"), None);
        assert_eq!(duration_s("18446744073709551615:00:00"), None);
        assert_eq!(duration_s("18446744073709551615h0m"), None);
    }

    #[test]
    fn finished_scans() {
        let s = scan_first("scrub repaired 0B in 02:13:45 with 0 errors on Sun Jul  8 02:37:12 2018", 3);
        let s = s.ok().flatten().unwrap_or_default();
        assert_eq!(
            (s.kind.as_str(), s.in_progress, s.repaired, s.elapsed_s, s.errors),
            ("scrub", false, Some(0), Some(8025), Some(0))
        );
        let s = scan_first("resilvered 123G in 0h46m with 2 errors on Wed Apr  8 23:23:38 2015", 3);
        let s = s.ok().flatten().unwrap_or_default();
        assert_eq!(
            (s.kind.as_str(), s.repaired, s.elapsed_s, s.errors),
            ("resilver", Some(123 << 30), Some(2760), Some(2))
        );
        let s = scan_first("resilvered (draid1-0) 1.50G in 00:00:12 with 0 errors on Mon", 3)
            .ok()
            .flatten()
            .unwrap_or_default();
        assert_eq!(s.repaired, Some(1536 << 20));
        let s = scan_first("scrub canceled on Mon Nov 21 08:44:43 2022", 3).ok().flatten().unwrap_or_default();
        assert!(s.canceled && !s.in_progress);
        assert_eq!(scan_first("none requested", 3), Ok(None));
        assert!(scan_first("defragmenting since Monday", 3).is_err());
        assert!(scan_first("scrub repaired lots in no time", 3).is_err());
    }

    #[test]
    fn progress_lines_of_2_2() {
        let mut s = Scan::default();
        assert_eq!(scan_progress("6.18T / 6.42T scanned at 644M/s, 4.26T / 6.40T issued at 444M/s", &mut s), Ok(()));
        assert_eq!(s.scanned, nicenum("6.18T"));
        assert_eq!(s.total, nicenum("6.42T"));
        assert_eq!(s.issued_total, nicenum("6.40T"));
        assert_eq!(s.rate, Some(644 << 20));
        assert_eq!(s.issue_rate, Some(444 << 20));
        assert_eq!(scan_progress("0B repaired, 66,46% done, no estimated completion time", &mut s), Ok(()));
        assert_eq!(s.done_hundredths, Some(6646));
        assert!(scan_progress("6.18T scanned at fast", &mut s).is_err());
    }
}
