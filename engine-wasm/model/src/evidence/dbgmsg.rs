//! `/proc/spl/kstat/zfs/dbgmsg`: `<epoch> <file>:<line>:<function>(): <message>` lines;
//! a sync that will not end shows as repeated `spa_deadman(): slow spa_sync`.
//!
//! `module/os/linux/zfs/zfs_debug.c`: `zfs_dbgmsg_show_header` prints `timestamp message`
//! (`%-12s %-8s`), `zfs_dbgmsg_show` each message as `%-12llu %-s` after its time in
//! seconds since the epoch (`gethrestime_sec`), and `__dprintf` starts a message with
//! `file:line:function(): ` (after `dprintf: ` for dprintf()s). A message may hold a
//! newline, so a line that does not start with a time continues the one before.
//! FreeBSD's `sysctl kstat.zfs.misc.dbgmsg` prints the same after its name.

use super::number::integer;
use super::{prompt, Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Dbgmsg {
    pub messages: Vec<DbgLine>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DbgLine {
    pub line: usize,
    /// Seconds since the epoch.
    pub time: u64,
    /// `spa_misc.c:123:spa_deadman()` as printed.
    pub location: String,
    pub function: String,
    pub message: String,
}

/// `timestamp message`, the header.
fn is_header(text: &str) -> bool {
    let mut it = text.split_whitespace();
    (it.next(), it.next(), it.next()) == (Some("timestamp"), Some("message"), None)
}

/// FreeBSD's `kstat.zfs.misc.dbgmsg:` line.
fn is_freebsd_line(text: &str) -> bool {
    text.trim().strip_prefix("kstat.zfs.misc.dbgmsg:").is_some()
}

/// A message line: its time and what follows it.
fn timed(text: &str) -> Option<(u64, &str)> {
    let t = text.trim_start();
    let end = t.find(char::is_whitespace).unwrap_or(t.len());
    let time = integer(&t[..end])?;
    Some((time, t[end..].trim()))
}

/// `file:line:function(): message` split into (location, function, message).
fn located(rest: &str) -> Option<(&str, &str, &str)> {
    let body = rest.strip_prefix("dprintf: ").unwrap_or(rest);
    let p = body.find("(): ").or_else(|| body.strip_suffix("():").map(str::len))?;
    let location = &body[..p + 2];
    let mut parts = location.splitn(3, ':');
    let (file, line, function) = (parts.next()?, parts.next()?, parts.next()?);
    let function = function.strip_suffix("()")?;
    let word =
        |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-');
    if !word(file) || integer(line).is_none() || !word(function) {
        return None;
    }
    Some((location, function, body.get(p + 4..).unwrap_or("")))
}

/// Does line `i` open a block of this format? The header, FreeBSD's sysctl line, or a
/// message line with a plausible epoch (9 digits or more) and its `file:line:function():`.
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(text) = lines.get(i).map(|l| l.text) else { return false };
    if is_header(text) || is_freebsd_line(text) {
        return true;
    }
    matches!(timed(text), Some((time, rest)) if time >= 100_000_000 && located(rest).is_some())
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Dbgmsg> {
    let mut out = Dbgmsg::default();
    let mut problems = Vec::new();
    let mut continued: Vec<usize> = Vec::new();
    for (idx, l) in block.iter().enumerate() {
        let t = l.text.trim();
        if t.is_empty() || is_header(t) || is_freebsd_line(t) || (idx == 0 && prompt::prompt(l.text).is_some()) {
            continue;
        }
        if let Some((time, rest)) = timed(t) {
            let (location, function, message) = located(rest).unwrap_or(("", "", rest));
            out.messages.push(DbgLine {
                line: l.no,
                time,
                location: location.to_string(),
                function: function.to_string(),
                message: message.to_string(),
            });
            continue;
        }
        match out.messages.last_mut() {
            Some(last) => {
                last.message.push('\n');
                last.message.push_str(t);
                continued.push(l.no);
            }
            None => problems.push((
                l.no,
                "expected a dbgmsg line `<epoch seconds> <file>:<line>:<function>(): <message>`".to_string(),
            )),
        }
    }
    let mut notes = Vec::new();
    if let (Some(first), Some(last)) = (out.messages.first(), out.messages.last()) {
        notes.push(format!(
            "{} messages from {} to {} UTC; the log keeps the newest zfs_dbgmsg_maxsize bytes (4 MiB by default), older messages are dropped",
            out.messages.len(),
            utc(first.time),
            utc(last.time)
        ));
    }
    if let Some(first) = continued.first() {
        notes.push(format!(
            "{} lines (from line {first}) do not start with a time; they were read as the continuation of the message before them",
            continued.len()
        ));
    }
    notes.extend(stuck_syncs(&out.messages));
    Parsed { value: out, notes, problems }
}

/// `spa_deadman(): slow spa_sync: started N seconds ago, calls K` (`module/zfs/spa_misc.c`,
/// `spa_deadman`): printed every zfs_deadman_checktime_ms while a sync has run longer than
/// zfs_deadman_synctime_ms. Reports whose start (time - N) agree within 10 s are one sync.
fn stuck_syncs(messages: &[DbgLine]) -> Vec<String> {
    struct Sync {
        started: u64,
        reports: usize,
        first_line: usize,
        last_line: usize,
        first_secs: u64,
        last_secs: u64,
    }
    let mut syncs: Vec<Sync> = Vec::new();
    for m in messages {
        let Some(secs) = m
            .message
            .strip_prefix("slow spa_sync: started ")
            .and_then(|r| r.split_whitespace().next())
            .and_then(integer)
            .filter(|_| m.function.is_empty() || m.function == "spa_deadman")
        else {
            continue;
        };
        let started = m.time.saturating_sub(secs);
        match syncs.iter_mut().find(|s| s.started.abs_diff(started) <= 10) {
            Some(s) => {
                s.reports += 1;
                s.last_line = m.line;
                s.last_secs = secs;
            }
            None => syncs.push(Sync {
                started,
                reports: 1,
                first_line: m.line,
                last_line: m.line,
                first_secs: secs,
                last_secs: secs,
            }),
        }
    }
    syncs
        .iter()
        .map(|s| {
            format!(
                "a stuck sync: spa_deadman reported a slow spa_sync {} times (lines {} to {}); the sync started about {} UTC and was still running {} s ({:.1} h) later, at the last report (first report at {} s)",
                s.reports,
                s.first_line,
                s.last_line,
                utc(s.started),
                s.last_secs,
                s.last_secs as f64 / 3600.0,
                s.first_secs
            )
        })
        .collect()
}

/// `YYYY-MM-DD HH:MM:SS` of seconds since the epoch, in UTC (the civil-from-days
/// algorithm of the proleptic Gregorian calendar).
fn utc(secs: u64) -> String {
    let days = (secs / 86_400) as i128;
    let rem = secs % 86_400;
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1_460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i128::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}:{:02}", rem / 3600, rem / 60 % 60, rem % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn utc_dates() {
        assert_eq!(utc(0), "1970-01-01 00:00:00");
        assert_eq!(utc(1_527_970_244), "2018-06-02 20:10:44");
        assert_eq!(utc(951_782_400), "2000-02-29 00:00:00");
        let _ = utc(u64::MAX);
    }

    #[test]
    fn locations_are_split() {
        assert_eq!(
            located("spa_misc.c:546:spa_deadman(): slow spa_sync: started 1 seconds ago"),
            Some(("spa_misc.c:546:spa_deadman()", "spa_deadman", "slow spa_sync: started 1 seconds ago"))
        );
        assert_eq!(
            located("dprintf: dsl_pool.c:12:dsl_pool_sync(): x"),
            Some(("dsl_pool.c:12:dsl_pool_sync()", "dsl_pool_sync", "x"))
        );
        assert_eq!(located("spa=tank async request task=1"), None);
        assert_eq!(located("a b:1:f(): x"), None);
    }
}
