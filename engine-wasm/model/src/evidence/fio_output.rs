//! fio's output: the normal text (`write: IOPS=2k, BW=8MiB/s`, `clat (usec): ... avg=`,
//! `clat percentiles`) and `--output-format=json`.
//!
//! The text is fio's `show_thread_status_normal()` (`stat.c`): per job `NAME: (groupid=0,
//! jobs=1): err= 0: pid=...`, per direction `  write: IOPS=%s, BW=%s (%s)(%s/%llumsec)`
//! (`show_ddir_status()`; IOPS by `num2str()` with 1000-based `k M G`, BW 1024-based in
//! `KiB/s MiB/s` and 1000-based in `kB/s MB/s`), then `display_lat()`'s `clat (usec):
//! min=, max=, avg=, stdev=` and `show_clat_percentiles()`'s `clat percentiles (usec):`
//! with rows of ` |  1.00th=[  184],  5.00th=[  208], ...`. fio 2.x wrote the direction
//! line as `write: io=121340KB, bw=2019.9KB/s, iops=504, runt= 60073msec`, its `KB` and
//! `MB` 1024-based. The JSON (`show_thread_status_json()`) has `jobs[]` (or, from a fio
//! server, `client_stats[]`) with `jobname` and `read`/`write` objects holding `iops`,
//! `bw_bytes` (`bw` in KiB/s before it), and `clat_ns` (`clat` in usec before 3.0) with
//! `mean` and `percentile` (`{"99.000000": ns}`).

use super::number::decimal_thousandths;
use super::{clip, Line, Parsed};
use serde::Serialize;
use serde_json::Value;

mod json;
mod numbers;

use json::*;
use numbers::{count, rate, unit_ns};

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioResult {
    pub jobs: Vec<FioJob>,
    /// `Run status group N (all jobs):` summaries (`show_group_stats()`), in order.
    pub groups: Vec<FioGroup>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioJob {
    pub line: usize,
    pub name: String,
    pub read: Option<FioDirection>,
    pub write: Option<FioDirection>,
    /// An interim report, not the job's result: `--status-interval` prints the whole report
    /// while the job runs (`__show_running_run_stats()` calls `__show_run_stats()` in fio's
    /// `stat.c`, fio-3.36). Told by a later report of the same job in the block, or by the
    /// progress line before it under 100% when the command line asked for the interval.
    pub interim: Option<String>,
}

/// One `Run status group` summary: `  WRITE: bw=1586MiB/s (1663MB/s), ..., run=12611-12611msec`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioGroup {
    /// The `Run status group` line.
    pub line: usize,
    pub group: u64,
    /// The group's aggregate bandwidth, every job together [bytes/s].
    pub read_bytes_per_s: Option<u64>,
    pub write_bytes_per_s: Option<u64>,
    /// As for a job: a later report follows it in the block.
    pub interim: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioDirection {
    /// Operations per second, rounded down.
    pub iops: u64,
    /// [bytes/s].
    pub bytes_per_s: u64,
    /// Completion latency's mean [ns].
    pub clat_mean_ns: Option<u64>,
    /// Completion latency's percentiles: (percent in hundredths, e.g. 9900 for p99, ns).
    pub clat_percentiles: Vec<(u64, u64)>,
}

/// fio's version line: `fio-3.28`, `fio-2.1.11`.
fn version_line(t: &str) -> bool {
    t.strip_prefix("fio-").is_some_and(|v| v.starts_with(|c: char| c.is_ascii_digit()) && !v.contains(' '))
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(line) = lines.get(i) else { return false };
    let t = line.text.trim();
    if version_line(t) || t.contains(": (groupid=") || (t.contains(": (g=") && t.contains("rw=")) {
        return true;
    }
    // A report's tail pasted without its head: fio's own words, no other tool's.
    if group_line(t).is_some() || t.starts_with("issued rwts: total=") {
        return true;
    }
    if t.starts_with("\"fio version\"") {
        return true;
    }
    // The JSON's opening brace, when its next line names fio.
    t == "{" && lines.get(i + 1).is_some_and(|l| l.text.trim().starts_with("\"fio version\""))
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Dir {
    Read,
    Write,
    /// trim, mixed (unified) and the sync calls: read past.
    Other,
}

/// Which percentile rows the next ` |` lines are, and their unit [ns].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Rows {
    Clat(u64),
    Other,
}

/// `Run status group 0 (all jobs):`: the group's number.
fn group_line(t: &str) -> Option<u64> {
    let rest = t.strip_prefix("Run status group ")?;
    let (n, tail) = rest.split_once(' ')?;
    tail.starts_with("(all jobs)").then_some(())?;
    n.parse().ok()
}

#[derive(Default)]
struct State {
    job: Option<usize>,
    /// The group summary whose `READ:`/`WRITE:` lines come next.
    group: Option<usize>,
    /// The last progress line's percentage done, in tenths (`[38.5%]`), with its line.
    progress: Option<(usize, u64)>,
    /// The block's command line asked for `--status-interval`.
    status_interval: bool,
    dir: Option<Dir>,
    rows: Option<Rows>,
    /// After `Disk stats (read/write):`: the per-device lines.
    disk_stats: bool,
    /// fio 2.x's `KB`, `MB` are 1024-based; its direction line says which fio wrote it.
    old_units: bool,
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<FioResult> {
    let mut out = Parsed::<FioResult>::default();
    let mut st = State::default();
    let mut skipped_dirs: Vec<String> = Vec::new();
    // The block's text joined once, and where each line starts in it, for the JSON reader
    // (so that many JSON documents in one block are read in linear time).
    let mut joined = String::new();
    let mut starts = Vec::with_capacity(block.len());
    if block.iter().any(|l| json_start(l.text.trim())) {
        for l in block {
            starts.push(joined.len());
            joined.push_str(l.text);
            joined.push('\n');
        }
    }
    let mut k = 0;
    while let Some(line) = block.get(k) {
        let t = line.text.trim();
        if json_start(t) {
            match read_json(&joined, &starts, k, block, &mut out) {
                Some(used) => k += used,
                None => break,
            }
            continue;
        }
        k += 1;
        if super::prompt::prompt(line.text).is_some() && t.contains("--status-interval") {
            st.status_interval = true;
        }
        if t.is_empty() || super::prompt::prompt(line.text).is_some() {
            if t.is_empty() {
                st.disk_stats = false;
            }
            continue;
        }
        if let Err(m) = text_line(t, line.no, &mut st, &mut out, &mut skipped_dirs) {
            out.problems.push((line.no, m));
        }
    }
    interim_reports(&mut out);
    skipped_dirs.sort();
    skipped_dirs.dedup();
    if !skipped_dirs.is_empty() {
        out.notes
            .push(format!("fio's {} results are not read (the lab reads read and write)", skipped_dirs.join(", ")));
    }
    for job in &out.value.jobs {
        if job.read.is_none() && job.write.is_none() {
            out.notes.push(format!("fio job {} has no read or write results", job.name));
        }
    }
    // numjobs=N and repeated runs say the same things many times: each once, the first few.
    const MAX_NOTES: usize = 20;
    let mut seen = std::collections::BTreeSet::new();
    out.notes.retain(|n| seen.insert(n.clone()));
    if out.notes.len() > MAX_NOTES {
        let more = out.notes.len() - MAX_NOTES;
        out.notes.truncate(MAX_NOTES);
        out.notes.push(format!("{more} more notes are left out"));
    }
    out
}

fn text_line(
    t: &str,
    no: usize,
    st: &mut State,
    out: &mut Parsed<FioResult>,
    skipped: &mut Vec<String>,
) -> Result<(), String> {
    if let Some(rows) = t.strip_prefix('|') {
        return match st.rows {
            Some(Rows::Clat(unit)) => percentile_row(rows, unit, current_dir(st, out)),
            Some(_) => Ok(()),
            None => Err("a percentile row ( | 1.00th=[...]) with no `percentiles (usec):` line before it".to_string()),
        };
    }
    st.rows = None;
    if version_line(t) {
        out.notes.push(format!("fio version {}", t.trim_start_matches("fio-")));
        return Ok(());
    }
    if let Some(p) = t.find(": (groupid=") {
        // A job's (or a group's, with group_reporting; or `All clients`') results.
        let interim = match st.progress.take() {
            Some((at, done)) if done < 1000 && st.status_interval => Some(format!(
                "--status-interval, and the progress line before it, line {at}, is at {}.{}%",
                done / 10,
                done % 10
            )),
            _ => None,
        };
        out.value.jobs.push(FioJob { line: no, name: t[..p].trim().to_string(), interim, ..FioJob::default() });
        st.job = Some(out.value.jobs.len() - 1);
        st.dir = None;
        st.group = None;
        st.disk_stats = false;
        if let Some(err) = t.split("err=").nth(1).and_then(|e| e.split([':', '(']).next()) {
            if err.trim() != "0" {
                out.notes.push(format!("fio job {} ended with err={}", t[..p].trim(), err.trim()));
            }
        }
        return Ok(());
    }
    if t.contains(": (g=") && t.contains("rw=") {
        // The job's definition, printed at start: `NAME: (g=0): rw=randwrite, bs=(R) 4096B-4096B, ...`.
        if let Some(def) = t.split_once(": (g=").and_then(|(name, rest)| rest.split_once("): ").map(|r| (name, r.1))) {
            out.notes.push(format!("fio job {}: {}", def.0.trim(), def.1.trim()));
        }
        return Ok(());
    }
    if st.disk_stats && t.contains("ios=") {
        return Ok(());
    }
    let (key, rest) = t.split_once(':').map_or((t, ""), |(k, r)| (k.trim(), r.trim()));
    match key {
        "read" | "write" | "trim" | "mixed" => {
            let dir = match key {
                "read" => Dir::Read,
                "write" => Dir::Write,
                _ => {
                    skipped.push(key.to_string());
                    Dir::Other
                }
            };
            st.dir = Some(dir);
            if dir == Dir::Other {
                return Ok(());
            }
            let d = direction(rest, &mut st.old_units)?;
            if st.job.is_none() {
                // Pasted from the direction line on: a job with no name.
                out.value.jobs.push(FioJob { line: no, ..FioJob::default() });
                out.notes.push(format!("line {no}: results with no `NAME: (groupid=...)` line before them"));
                st.job = Some(out.value.jobs.len() - 1);
            }
            let Some(job) = st.job.and_then(|j| out.value.jobs.get_mut(j)) else {
                return Ok(());
            };
            match dir {
                Dir::Read => job.read = Some(d),
                _ => job.write = Some(d),
            }
            return Ok(());
        }
        "fsync/fdatasync/sync_file_range/syncfs" => {
            st.dir = Some(Dir::Other);
            return Ok(());
        }
        _ => {}
    }
    // `clat (usec): min=..., avg=...`, `clat percentiles (usec):`, and their kin.
    if let Some(p) = key.find("percentiles (") {
        // `clat percentiles (usec)`, `lat percentiles (nsec)`, `clat prio 1/4/0 (0.50% of
        // IOs) percentiles (usec)`: only the plain clat rows are read.
        let (what, unit) = (key[..p].trim(), key[p + "percentiles (".len()..].trim_end_matches(')').trim());
        st.rows = Some(match (what, unit_ns(unit)) {
            ("clat", Some(u)) if st.dir != Some(Dir::Other) => Rows::Clat(u),
            (_, Some(_)) => Rows::Other,
            (_, None) => return Err(format!("expected a unit (nsec, usec, msec) in {key:?}")),
        });
        return Ok(());
    }
    if let Some(unit_at) = key.find(" (") {
        let (what, unit) = (&key[..unit_at], key[unit_at + 2..].trim_end_matches(')').trim());
        if what == "clat" && rest.contains("avg=") && st.dir != Some(Dir::Other) {
            let unit = unit_ns(unit).ok_or_else(|| format!("expected a unit (nsec, usec, msec) in {key:?}"))?;
            let avg = rest.split(',').find_map(|kv| kv.trim().strip_prefix("avg=")).unwrap_or("");
            let mean = decimal_thousandths(avg)
                .and_then(|m| u64::try_from(u128::from(m) * u128::from(unit) / 1000).ok())
                .ok_or_else(|| format!("expected avg=NUMBER in the clat line, found {avg:?}"))?;
            if let Some(d) = current_dir(st, out) {
                d.clat_mean_ns = Some(mean);
            }
            return Ok(());
        }
        // slat, lat, `clat prio`, sync's latency line, `lat (usec)   : 250=0.01%`, `bw (  KiB/s)`.
        if matches!(what.split_whitespace().next(), Some("slat" | "clat" | "lat" | "bw" | "sync")) {
            return Ok(());
        }
    }
    if let Some(group) = group_line(t) {
        out.value.groups.push(FioGroup { line: no, group, ..FioGroup::default() });
        st.group = Some(out.value.groups.len() - 1);
        return Ok(());
    }
    if let (Some(g), Some(("READ" | "WRITE" | "MIXED", rest))) =
        (st.group, t.split_once(':').map(|(k, r)| (k.trim(), r.trim())))
    {
        // `show_group_stats()`: fio 3's `bw=AGG (AGGALT), MIN-MAX (...), io=..., run=...`;
        // fio 2's `io=121340KB, aggrb=2019KB/s, minb=..., mint=...` (its KB 1024-based).
        let field = |key: &str| rest.split(", ").find_map(|kv| kv.trim().strip_prefix(key));
        let bw = match (field("bw="), field("aggrb=")) {
            (Some(v), _) => rate(v.split(' ').next().unwrap_or(""), false),
            (None, Some(v)) => rate(v, true),
            _ => None,
        };
        let Some(bw) = bw else {
            return Err(format!(
                "expected bw=RATE (fio 3) or aggrb=RATE (fio 2) after the group's direction, found {:?}",
                clip(rest, 60)
            ));
        };
        if let Some(group) = out.value.groups.get_mut(g) {
            if t.starts_with("READ") {
                group.read_bytes_per_s = Some(bw);
            } else {
                group.write_bytes_per_s = Some(bw);
            }
        }
        return Ok(());
    }
    if let Some(pct) = t.strip_prefix("Jobs: ").and_then(progress) {
        st.progress = Some((no, pct));
        return Ok(());
    }
    let first = key.split_whitespace().next().unwrap_or("");
    if matches!(
        key,
        "iops"
            | "cpu"
            | "IO depths"
            | "submit"
            | "complete"
            | "issued rwts"
            | "issued"
            | "latency"
            | "errors"
            | "Description"
            | "steadystate"
            | "states"
            | "block lifetime percentiles"
    ) || t.starts_with("Run status group")
        || t.starts_with("Starting ")
        || t.starts_with("Jobs: ")
        || t.contains("Laying out IO file")
        || t == "..."
        || matches!(first, "READ" | "WRITE" | "TRIM" | "MIXED")
    {
        return Ok(());
    }
    if t.starts_with("Disk stats") {
        st.disk_stats = true;
        return Ok(());
    }
    if let Some(msg) = t.strip_prefix("fio: ").or_else(|| t.strip_prefix("note: ")) {
        out.notes.push(format!("fio said: {msg}"));
        return Ok(());
    }
    Err(format!(
        "expected a line of fio's output (NAME: (groupid=...), read:/write: IOPS=..., clat (usec): ..., percentiles), found {:?}",
        clip(t, 60)
    ))
}

/// A progress line's percentage done in tenths: `Jobs: 10 (f=10): [W(10)][38.5%][...]`.
fn progress(rest: &str) -> Option<u64> {
    let pct =
        rest.split('[').find_map(|part| part.strip_suffix("%]").or_else(|| part.split_once("%]").map(|p| p.0)))?;
    decimal_thousandths(pct).map(|v| v / 100)
}

/// Every report followed by another of the same job in the block is an interim one
/// (`--status-interval` repeats the whole report), and so is a group summary followed by
/// any job's report; the last of each is the job's result.
fn interim_reports(out: &mut Parsed<FioResult>) {
    let jobs = &mut out.value.jobs;
    for k in 0..jobs.len() {
        let later = jobs.get(k + 1..).unwrap_or(&[]).iter().find(|j| j.name == jobs[k].name).map(|j| j.line);
        if let (Some(at), Some(job)) = (later, jobs.get_mut(k)) {
            if job.interim.is_none() {
                job.interim = Some(format!("a later report of the job follows (line {at})"));
            }
        }
    }
    let last_job = jobs.iter().map(|j| j.line).max().unwrap_or(0);
    for g in &mut out.value.groups {
        g.interim = g.line < last_job;
    }
}

fn current_dir<'a>(st: &State, out: &'a mut Parsed<FioResult>) -> Option<&'a mut FioDirection> {
    let job = out.value.jobs.get_mut(st.job?)?;
    match st.dir? {
        Dir::Read => job.read.as_mut(),
        Dir::Write => job.write.as_mut(),
        Dir::Other => None,
    }
}

/// `IOPS=2047, BW=8188KiB/s (8384kB/s)(480MiB/60001msec)` (fio 3) or `io=121340KB,
/// bw=2019.9KB/s, iops=504, runt= 60073msec` (fio 2).
fn direction(rest: &str, old_units: &mut bool) -> Result<FioDirection, String> {
    let mut iops = None;
    let mut bw = None;
    for kv in rest.split(',') {
        let Some((k, v)) = kv.split_once('=') else { continue };
        let v = v.trim();
        match k.trim() {
            "IOPS" => iops = count(v),
            "iops" => {
                *old_units = true;
                iops = count(v);
            }
            "BW" => bw = rate(v.split(['(', ' ']).next().unwrap_or(""), false),
            "bw" => {
                *old_units = true;
                bw = rate(v, true);
            }
            _ => {}
        }
    }
    match (iops, bw) {
        (Some(iops), Some(bytes_per_s)) => Ok(FioDirection { iops, bytes_per_s, ..FioDirection::default() }),
        _ => Err(format!(
            "expected IOPS=N, BW=RATE (fio 3) or bw=RATE, iops=N (fio 2) after the direction, found {:?}",
            clip(rest, 60)
        )),
    }
}

/// A count as fio's `num2str()` prints it: `2047`, `2.5k`, `84.8k`, `1.2M` (1000-based).
/// ` 1.00th=[  184],  5.00th=[  208], 10.00th=[  237],` into the direction's percentiles.
fn percentile_row(row: &str, unit: u64, dir: Option<&mut FioDirection>) -> Result<(), String> {
    let mut read = Vec::new();
    for item in row.split(',').map(str::trim).filter(|i| !i.is_empty()) {
        let parsed = item.split_once("th=[").and_then(|(p, v)| {
            let pct = decimal_thousandths(p)? / 10;
            let v = count(v.trim().trim_end_matches(']'))?;
            Some((pct, v.checked_mul(unit)?))
        });
        read.push(parsed.ok_or_else(|| format!("expected percentiles as P.PPth=[VALUE], found {item:?}"))?);
    }
    if let Some(d) = dir {
        d.clat_percentiles.extend(read);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_percentile_row() {
        let mut d = FioDirection::default();
        assert_eq!(percentile_row("  1.00th=[  184],  5.00th=[  208], 99.99th=[16188],", 1000, Some(&mut d)), Ok(()));
        assert_eq!(d.clat_percentiles, vec![(100, 184_000), (500, 208_000), (9999, 16_188_000)]);
        assert!(percentile_row(" 1.00th=184", 1000, Some(&mut d)).is_err());
    }
}
