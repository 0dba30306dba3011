//! `zpool status`'s `scan:` lines (`print_scan_status()`), in the 0.6-0.7, 0.8-2.1 and 2.2-on
//! wordings: scrub or resilver, in progress, paused, canceled or done, amounts and rates.

use super::*;

/// The first line of a scan (after `scan:`), as `print_scan_status()` words it:
/// `scrub in progress since DATE`, `resilver (draid1-0) in progress since DATE`, `scrub
/// paused since DATE`, `scrub repaired 0B in 02:13:45 with 0 errors on DATE`, `resilvered
/// 123G in 0h46m with 0 errors on DATE`, `scrub canceled on DATE`, `none requested`.
pub(super) fn scan_first(text: &str, no: usize) -> Result<Option<Scan>, String> {
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
            clip(text, 60)
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
                clip(text, 60)
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
pub(super) fn scan_progress(t: &str, scan: &mut Scan) -> Result<(), String> {
    if let Some(date) = t.strip_prefix("scrub started on") {
        scan.date = Some(date.trim().to_string());
        return Ok(());
    }
    // 0.6-0.7's `(scan is slow, no estimated time)` holds a comma of its own.
    let t = t.replace("(scan is slow, no estimated time)", "");
    // Clauses end at `, `: a comma with no blank after it is a decimal comma (`66,46%`).
    for clause in t.split(", ").map(|c| c.trim().trim_end_matches(',')).filter(|c| !c.is_empty()) {
        scan_clause(clause, scan)
            .map_err(|expected| format!("expected {expected}, found {clause:?} in {:?}", clip(&t, 60)))?;
    }
    Ok(())
}

pub(super) fn scan_clause(clause: &str, scan: &mut Scan) -> Result<(), &'static str> {
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
        // A sequential rebuild (dRAID's, `zpool replace -s`) of 2.0-2.1 prints `306T issued
        // 1.95G/s`, with no `at` (`print_rebuild_status_impl()`, zpool_main.c, zfs-2.0.0 to
        // zfs-2.1.16; 2.2 prints the scan's own wording).
        [r] if r.ends_with("/s") => {
            scan.rebuild_wording = true;
            Some(nicenum(&r[..r.len() - 2]).ok_or("a rate (1.95G/s)")?)
        }
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
pub(super) fn duration_s(text: &str) -> Option<u64> {
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
pub(super) fn scan_notes(st: &Status) -> Vec<String> {
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
