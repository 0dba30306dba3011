//! Named kstats (`dmu_tx`, `dmu_tx_assign`, `arcstats`) as Linux prints them
//! (`spl-kstat.c`: a numeric first line, `name type data`, one row per stat) and as
//! FreeBSD names them (`kstat.zfs.misc.arcstats.size: 123`).
//!
//! Linux (`module/os/linux/spl/spl-kstat.c`, `kstat_seq_show_headers`): the first line is
//! `"%d %d 0x%02x %d %d %lld %lld"` = kid type flags ndata data_size crtime snaptime; a
//! named kstat (type 1) then prints `"%-31s %-4s %s"` = `name type data`, and each row
//! (`kstat_seq_show_named`) `"%-31s %-4d "` and the value. The widths are minimums and a
//! name may hold a space (`1024 ns`), so a row is read from its end: the last token is
//! the value, the one before it the data type, the rest the name.
//! FreeBSD (`module/os/freebsd/spl/spl_kstat.c`, `__kstat_create`) makes one sysctl per
//! stat under `kstat.<module>[.<pool>].<class>.<name>.<stat>`.

use super::kstat_header::{wrapper, Wrapper};
use super::number::{integer, signed_integer};
use super::{clip, prompt, txgs, Line, Parsed};
use serde::Serialize;

mod data_type;
mod notes;
mod which;

use data_type::{data_type, out_of_range};
use notes::*;
use which::{from_rows, prompt_names};

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Kstat {
    /// `dmu_tx`, `dmu_tx_assign`, `arcstats`, or another kstat's name when it can be
    /// told (from a FreeBSD sysctl name or a prompt), else empty.
    pub name: String,
    /// The pool, for a per-pool kstat (`dmu_tx_assign`), when it can be told.
    pub pool: Option<String>,
    /// `linux` or `freebsd`.
    pub platform: String,
    pub stats: Vec<Stat>,
    /// Further kstats read from the same block, in order: several `cat`s pasted with no
    /// prompt between them, or a FreeBSD listing that runs over several kstats. Each is
    /// read as this one is; their `more` is empty.
    pub more: Vec<Kstat>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stat {
    pub line: usize,
    /// As printed (`dmu_tx_dirty_delay`, `1024 ns`, `c_max`).
    pub name: String,
    /// Signed kstats (type 3) may be negative; a value outside its data type's range is
    /// not read (`kstat/data_type.rs`), so every value fits in 64 bits, signed or not.
    pub value: i128,
    /// The data type column as printed (`KSTAT_DATA_*`: 4 is UINT64, 3 INT64, 7 STRING);
    /// absent for FreeBSD sysctls, which do not print it.
    pub data_type: Option<u8>,
    /// A string stat's text (types 0 and 7, or a FreeBSD sysctl that is not a number);
    /// its `value` is then 0.
    pub text: Option<String>,
}

impl Kstat {
    /// The value of stat `name` in this kstat, if it was read.
    pub fn get(&self, name: &str) -> Option<i128> {
        self.stats.iter().find(|s| s.name == name).map(|s| s.value)
    }
}

/// `name type data`, the header of a named kstat.
fn is_named_header(text: &str) -> bool {
    let mut it = text.split_whitespace();
    (it.next(), it.next(), it.next(), it.next()) == (Some("name"), Some("type"), Some("data"), None)
}

/// A named row read from its end: (name, data type, value token). The data type is one of
/// `KSTAT_DATA_CHAR` 0 .. `KSTAT_DATA_STRING` 7 (`include/os/linux/spl/sys/kstat.h`).
fn named_row(text: &str) -> Option<(String, u8, String)> {
    let tokens: Vec<&str> = text.split_whitespace().collect();
    let n = tokens.len();
    if n >= 3 {
        if let Some(ty) = data_type(tokens[n - 2]) {
            return Some((tokens[..n - 2].join(" "), ty, tokens[n - 1].to_string()));
        }
    }
    // A string stat whose text holds spaces (`dataset_name 7 tank/my fs`).
    match tokens.get(1).copied().and_then(data_type) {
        Some(ty @ (0 | 7)) if n >= 3 => Some((tokens[0].to_string(), ty, tokens[2..].join(" "))),
        _ => None,
    }
}

/// A FreeBSD kstat sysctl, `kstat.zfs[.<pool>].<class>.<name>.<stat>: value`.
#[derive(Clone, Debug, PartialEq, Eq)]
struct SysctlStat {
    pool: Option<String>,
    name: String,
    stat: String,
    value: String,
}

fn sysctl(text: &str) -> Option<SysctlStat> {
    let t = text.trim();
    let rest = t.strip_prefix("kstat.")?;
    // Pool names hold no spaces, so the first ": " ends the name (`sysctl -e` uses `=`).
    let (path, value) = match rest.find(": ") {
        Some(p) => (&rest[..p], rest[p + 2..].trim()),
        None => match rest.strip_suffix(':') {
            Some(path) => (path, ""),
            None => rest.split_once('=')?,
        },
    };
    let parts: Vec<&str> = path.split('.').collect();
    let n = parts.len();
    // module, [pool...], class, name, stat; O3X's `kstat.zfs.darwin.tunable.*` are
    // module parameters, not kstats.
    if n < 4 || parts.iter().any(|p| p.is_empty()) || parts.get(1) == Some(&"darwin") {
        return None;
    }
    let pool = if n > 4 { Some(parts[1..n - 3].join(".")) } else { None };
    Some(SysctlStat { pool, name: parts[n - 2].to_string(), stat: parts[n - 1].to_string(), value: value.to_string() })
}

/// The first non-blank line after `i`, within three lines.
fn next_text<'a>(lines: &[Line<'a>], i: usize) -> Option<&'a str> {
    lines.iter().skip(i + 1).take(3).map(|l| l.text).find(|t| !t.trim().is_empty())
}

/// Does line `i` open a block of this format? A named kstat's first line (followed by its
/// header or a row, not by the txgs header: that raw kstat is the txgs parser's), the
/// `name type data` header, a FreeBSD `kstat.zfs.` sysctl with a value, or a row that
/// only these kstats print (`dmu_tx_*`, `1024 ns`, `c_max`) when pasted without header.
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(text) = lines.get(i).map(|l| l.text) else { return false };
    if is_named_header(text) {
        return true;
    }
    if let Some(w) = wrapper(text) {
        return match next_text(lines, i) {
            Some(next) if txgs::is_header(next) => false,
            Some(next) => is_named_header(next) || (w.ks_type == 1 && named_row(next).is_some()),
            None => false,
        };
    }
    if let Some(s) = sysctl(text) {
        return !s.value.is_empty();
    }
    headerless_row(text)
}

/// Stats of `arcstats` a user greps for, read as a row on their own.
const ARC_NAMES: [&str; 10] = [
    "c",
    "c_min",
    "c_max",
    "size",
    "hits",
    "misses",
    "anon_size",
    "arc_tempreserve",
    "memory_throttle_count",
    "arc_meta_used",
];

fn headerless_row(text: &str) -> bool {
    let Some((name, ty, value)) = named_row(text) else { return false };
    if ty == 0 || ty == 7 || signed_integer(&value).is_none() {
        return false;
    }
    name.starts_with("dmu_tx_") || bucket_ns(&name).is_some() || ARC_NAMES.contains(&name.as_str())
}

/// A `dmu_tx_assign` row name: `1024 ns` (its bound in ns) or the 2013 prototype's
/// `1024 us` (in ns too).
fn bucket_ns(name: &str) -> Option<u128> {
    let (n, unit) = name.split_once(' ')?;
    let n = u128::from(integer(n)?);
    match unit {
        "ns" => Some(n),
        "us" => Some(n * 1000),
        _ => None,
    }
}

/// A kstat being read.
#[derive(Default)]
struct Building {
    wrapper: Option<(usize, Wrapper)>,
    header: bool,
    /// (name, pool) of FreeBSD sysctls.
    sysctl: Option<(String, Option<String>)>,
    stats: Vec<Stat>,
    /// Rows that were in the paste but could not be read (each a problem).
    unread: u64,
}

impl Building {
    fn started(&self) -> bool {
        self.wrapper.is_some() || self.header || !self.stats.is_empty()
    }
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Kstat> {
    let mut problems = Vec::new();
    let mut built: Vec<Building> = Vec::new();
    let mut cur = Building::default();
    let mut named_by_prompt: Vec<(String, Option<String>)> = Vec::new();
    for (idx, l) in block.iter().enumerate() {
        let t = l.text.trim();
        if t.is_empty() {
            continue;
        }
        if idx == 0 && prompt::prompt(l.text).is_some() {
            named_by_prompt = prompt_names(t);
            continue;
        }
        if let Some(w) = wrapper(t) {
            if cur.started() {
                built.push(std::mem::take(&mut cur));
            }
            cur.wrapper = Some((l.no, w));
            continue;
        }
        if is_named_header(t) {
            if !cur.stats.is_empty() {
                built.push(std::mem::take(&mut cur));
            }
            cur.header = true;
            continue;
        }
        if let Some(s) = sysctl(t) {
            let key = (s.name, s.pool);
            if cur.sysctl.as_ref() != Some(&key) && cur.started() {
                built.push(std::mem::take(&mut cur));
            }
            cur.sysctl = Some(key);
            if s.value.is_empty() {
                problems.push((l.no, format!("expected `kstat.zfs...{}: <value>`, found no value", s.stat)));
                continue;
            }
            let value = signed_integer(&s.value);
            // Digits too many even for 128 bits are a number out of range, not a text.
            let digits = s.value.trim_start_matches(['-', '+']);
            let too_wide = value.is_none() && !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit());
            if let Some(why) = value.and_then(|v| out_of_range(None, v)) {
                problems.push((l.no, format!("`{}`: {why}", s.stat)));
                continue;
            }
            if too_wide {
                problems.push((
                    l.no,
                    format!(
                        "`{}`: the value {} does not fit in 64 bits; the row is not read",
                        s.stat,
                        clip(&s.value, 40)
                    ),
                ));
                continue;
            }
            let text = if value.is_none() { Some(s.value) } else { None };
            cur.stats.push(Stat { line: l.no, name: s.stat, value: value.unwrap_or(0), data_type: None, text });
            continue;
        }
        // FreeBSD's `sysctl kstat.zfs.<pool>.txgs` names a raw kstat whose table a prompt
        // can bring here: its lines are not rows of a named kstat.
        if txgs::is_header(t) || txgs::is_row(t) {
            cur.unread += 1;
            problems.push((l.no, "expected a kstat row `name type value`, found a line of the txgs table (read as txgs when pasted without the `sysctl kstat.zfs` prompt)".to_string()));
            continue;
        }
        let Some((name, ty, value)) = named_row(t) else {
            cur.unread += 1;
            problems.push((
                l.no,
                format!(
                    "expected a kstat row `name type value` (e.g. `dmu_tx_assigned 4 56978`), found `{}`",
                    clip(t, 80)
                ),
            ));
            continue;
        };
        if cur.sysctl.is_some() {
            built.push(std::mem::take(&mut cur));
        }
        match (ty, signed_integer(&value)) {
            (0 | 7, _) => cur.stats.push(Stat { line: l.no, name, value: 0, data_type: Some(ty), text: Some(value) }),
            (_, Some(v)) => match out_of_range(Some(ty), v) {
                Some(why) => {
                    cur.unread += 1;
                    problems.push((l.no, format!("`{name}`: {why}")))
                }
                None => cur.stats.push(Stat { line: l.no, name, value: v, data_type: Some(ty), text: None }),
            },
            (_, None) => {
                cur.unread += 1;
                problems.push((
                    l.no,
                    format!(
                        "expected an integer value (data type {ty}) at the end of the row, found `{}`",
                        clip(&value, 80)
                    ),
                ))
            }
        }
    }
    if cur.started() || built.is_empty() {
        built.push(cur);
    }
    let mut notes = Vec::new();
    let mut kstats = Vec::new();
    let several = built.len() > 1;
    // The prompt's paths name the Linux kstats in the order the command printed them.
    let mut by_prompt = named_by_prompt.into_iter();
    for b in built {
        let prompt = if b.sysctl.is_none() { by_prompt.next() } else { None };
        let (k, mut k_notes) = finish(b, prompt);
        if several {
            let label = if k.name.is_empty() { "a kstat".to_string() } else { format!("`{}`", k.name) };
            k_notes = k_notes.into_iter().map(|n| format!("{label}: {n}")).collect();
        }
        notes.extend(k_notes);
        kstats.push(k);
    }
    if several {
        notes.insert(
            0,
            format!(
                "{} kstats were pasted one after another; the first is the block's, the others are in `more`",
                kstats.len()
            ),
        );
    }
    let mut it = kstats.into_iter();
    let mut value = it.next().unwrap_or_default();
    value.more = it.collect();
    Parsed { value, notes, problems }
}

/// The kstat `b` is, named from its rows, its FreeBSD path or the prompt's path.
fn finish(b: Building, prompt: Option<(String, Option<String>)>) -> (Kstat, Vec<String>) {
    let mut notes = Vec::new();
    let mut k = Kstat { platform: "linux".to_string(), stats: b.stats, ..Kstat::default() };
    let freebsd = b.sysctl.is_some();
    if let Some((name, pool)) = b.sysctl {
        k.platform = "freebsd".to_string();
        k.name = name;
        k.pool = pool;
        notes.push(
            "FreeBSD sysctl names (`kstat.zfs...`): the same counters Linux prints in /proc/spl/kstat/zfs".to_string(),
        );
    } else {
        match (from_rows(&k.stats), prompt) {
            (Some(name), Some((p_name, p_pool))) => {
                if p_name == name {
                    k.pool = p_pool;
                } else {
                    notes.push(format!(
                        "the command names `{p_name}` but the rows are those of `{name}`; read as `{name}`"
                    ));
                }
                k.name = name.to_string();
            }
            (Some(name), None) => k.name = name.to_string(),
            (None, Some((p_name, p_pool))) => {
                k.name = p_name;
                k.pool = p_pool;
            }
            (None, None) => {
                if !k.stats.is_empty() {
                    notes.push("which kstat this is could not be told from its rows; paste the `cat` command line with it to name it".to_string());
                }
            }
        }
    }
    if let Some((line, w)) = b.wrapper {
        if w.extra > 0 {
            notes.push(format!(
                "line {line}: the kstat's first line has {} fields where 7 are printed (kid type flags ndata data_size crtime snaptime); it looks garbled or two reads run together, its first 7 were read",
                7 + w.extra
            ));
        }
        if w.ks_type != 1 {
            notes.push(format!("line {line}: the first line gives kstat type {}, not 1 (named)", w.ks_type));
        }
        let read = k.stats.len() as u64;
        // Rows the paste holds but that could not be read are not rows cut off.
        if read + b.unread < w.ndata {
            notes.push(format!(
                "the kstat had {} rows when read (ndata, line {line}); {} are in the paste, so it was cut",
                w.ndata,
                read + b.unread
            ));
        } else if read < w.ndata {
            notes.push(format!(
                "the kstat had {} rows when read (ndata, line {line}); all are in the paste, {} of them could not be read",
                w.ndata, b.unread
            ));
        }
    } else if !b.header && !freebsd && !k.stats.is_empty() {
        notes.push(
            "rows without the kstat's first line or its `name type data` header (a grep or an excerpt)".to_string(),
        );
    }
    match k.name.as_str() {
        "dmu_tx" => notes.extend(dmu_tx_notes(&k)),
        "dmu_tx_assign" => notes.extend(dmu_tx_assign_notes(&k)),
        "arcstats" => notes.extend(arcstats_notes(&k)),
        _ => {}
    }
    (k, notes)
}

/// Buckets of the `dmu_tx_assign` kstat (`spa_stats.c`: "power of two buckets for 1ns to 2,199s").
pub const TX_ASSIGN_BUCKETS: usize = 42;

/// The `dmu_tx_assign` kstat's bucket of a call that took `ns`: the smallest i with 2^i >= ns.
pub fn tx_assign_bucket(ns: u64) -> usize {
    let i = if ns <= 1 { 0 } else { 64 - (ns - 1).leading_zeros() as usize };
    i.min(TX_ASSIGN_BUCKETS - 1)
}

#[cfg(test)]
mod tx_assign_tests {
    use super::tx_assign_bucket;

    #[test]
    fn a_call_goes_to_the_smallest_power_of_two_at_or_above_it() {
        assert_eq!(tx_assign_bucket(0), 0);
        assert_eq!(tx_assign_bucket(1), 0);
        assert_eq!(tx_assign_bucket(2), 1);
        assert_eq!(tx_assign_bucket(3), 2);
        assert_eq!(tx_assign_bucket(1024), 10);
        assert_eq!(tx_assign_bucket(1025), 11);
        assert_eq!(tx_assign_bucket(u64::MAX), 41);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line<'_>> {
        text.lines().enumerate().map(|(i, t)| Line { no: i + 1, text: t }).collect()
    }

    #[test]
    fn rows_are_read_from_their_end() {
        assert_eq!(named_row("1024 ns                   4    21004"), Some(("1024 ns".into(), 4, "21004".into())));
        assert_eq!(
            named_row("dmu_tx_dirty_frees_delay           4    0"),
            Some(("dmu_tx_dirty_frees_delay".into(), 4, "0".into()))
        );
        assert_eq!(named_row("dataset_name 7 tank/my fs"), Some(("dataset_name".into(), 7, "tank/my fs".into())));
        assert_eq!(named_row("value 9 12"), None);
    }

    #[test]
    fn sysctl_names_give_pool_name_and_stat() {
        let s = sysctl("kstat.zfs.misc.arcstats.size: 123").expect("arcstats");
        assert_eq!((s.pool, s.name.as_str(), s.stat.as_str(), s.value.as_str()), (None, "arcstats", "size", "123"));
        let s = sysctl("kstat.zfs.my.pool.misc.dmu_tx_assign.1024 ns: 5").expect("dmu_tx_assign");
        assert_eq!(
            (s.pool.as_deref(), s.name.as_str(), s.stat.as_str()),
            (Some("my.pool"), "dmu_tx_assign", "1024 ns")
        );
        assert_eq!(sysctl("kstat.zfs.tank.txgs:"), None);
        assert_eq!(sysctl("kstat.zfs.darwin.tunable.zfs_dirty_data_max: 1"), None);
    }

    #[test]
    fn prompt_paths_name_the_kstat_and_its_pool() {
        assert_eq!(
            prompt_names("# cat /proc/spl/kstat/zfs/tank/dmu_tx_assign"),
            vec![("dmu_tx_assign".into(), Some("tank".into()))]
        );
        assert_eq!(
            prompt_names("$ cat /proc/spl/kstat/zfs/dmu_tx_assign-data"),
            vec![("dmu_tx_assign".into(), Some("data".into()))]
        );
        assert_eq!(prompt_names("$ cat /proc/spl/kstat/zfs/zil"), vec![("zil".into(), None)]);
        assert_eq!(prompt_names("$ cat /proc/spl/kstat/zfs/*/dmu_tx_assign"), vec![]);
    }

    #[test]
    fn opens_on_a_named_kstat_but_not_on_the_txgs_raw_kstat() {
        let named = lines("5 1 0x01 11 528 2058200957 2095734345211\nname                            type data\n");
        assert!(opens(&named, 0));
        let raw = lines("9 0 0x01 46 5152 11216290494 708466177046273\ntxg      birth            state ndirty       nread        nwritten     reads    writes   otime        qtime        wtime        stime\n");
        assert!(!opens(&raw, 0));
        assert!(opens(&lines("dmu_tx_dirty_delay 4 12"), 0));
        assert!(!opens(&lines("zfs_dirty_data_max 4294967296"), 0));
        assert!(!opens(&lines("kstat.zfs.misc.dbgmsg: "), 0));
    }
}
