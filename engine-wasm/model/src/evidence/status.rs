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
use super::{clip, Line, Parsed};
use serde::Serialize;

mod scan;

use scan::*;

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
    /// The input's line number of `config`'s first line, so that what the layout reader
    /// finds wrong names the line as the user has it.
    #[serde(skip)]
    pub config_line: usize,
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
    /// `306T issued 1.95G/s` with no `at`: a sequential rebuild's line, 2.0.0 to 2.1.16.
    pub rebuild_wording: bool,
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
    // Pasted with its command (`zpool status -T d 5`), or with no prompt at all: dates belong.
    let timestamps = !block.first().is_some_and(|l| super::prompt::prompt(l.text).is_some() && !l.text.contains(" -T"));

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
                // `zpool status -T d` prints the date before each report; another date
                // (`zpool status; date`) is no part of it, and said.
                if !timestamps {
                    out.problems.push((line.no, "a date, not part of zpool status (no -T d); skipped".to_string()));
                }
                continue;
            }
        }
        let Some(st) = cur.as_mut() else {
            out.problems.push((line.no, format!("expected `pool: NAME` first, found {:?}", clip(t, 60))));
            continue;
        };
        match into {
            Cont::Status => append(&mut st.status, t, " "),
            Cont::Action => append(&mut st.action, t, " "),
            Cont::Errors => append(&mut st.errors, t, "\n"),
            Cont::Config => {
                if st.config.is_empty() {
                    st.config_line = line.no;
                }
                st.config.push(line.text.to_string());
            }
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
                        clip(t, 60)
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
