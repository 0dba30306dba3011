//! Module parameters as users dump them: `grep . /sys/module/zfs/parameters/*`
//! (`path:value`), `path value`, `NAME=VALUE` and `NAME = VALUE`, `NAME VALUE` columns
//! (`printf "%-50s"`), `head` of the files (`==> path <==`), `options zfs NAME=VALUE`
//! (modprobe.d), `arc_summary`'s tunables, FreeBSD's `sysctl vfs.zfs` and macOS's
//! `kstat.zfs.darwin.tunable`.
//!
//! Every entry is named by its Linux module parameter (`zfs_txg_timeout`); FreeBSD's and
//! macOS's sysctl names are mapped to it by the rule of OpenZFS's `ZFS_MODULE_PARAM`
//! (see [`linux_name`]), and the name as printed is kept in `as_written`. The SPL module's
//! parameters (`spl_kmem_cache_*`, `/sys/module/spl/parameters/`) are kept under their
//! own names.

use super::{clip, Line, Parsed};
use serde::Serialize;

mod notes;
mod sysctl_names;

use notes::notes;
use sysctl_names::*;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Params {
    /// `grep`, `assignments`, `columns`, `arc_summary`, `freebsd_sysctl`, `macos_sysctl`.
    pub style: String,
    pub entries: Vec<Param>,
    /// Every entry came from a line that sets a parameter (`options zfs`, `set zfs:`,
    /// `echo ... > /sys/...`, loader.conf's `vfs.zfs.NAME="VALUE"`), as a settings file or
    /// the lab's own export has them: values someone chose, not a running system's, so
    /// none is a default the kernel derived.
    pub configured: bool,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Param {
    pub line: usize,
    /// The Linux module parameter's name (`zfs_dirty_data_max`), FreeBSD's and macOS'
    /// names mapped to it.
    pub name: String,
    /// The name as the dump wrote it (`vfs.zfs.dirty_data_max`).
    pub as_written: String,
    /// The value as printed.
    pub value: String,
}

/// The first word of the Linux names of the zfs, spl and icp modules' parameters, as
/// `module_param()`/`ZFS_MODULE_PARAM()` declare them from 0.6 to 2.4 (`zfs_*` for most;
/// `l2arc_*`, `metaslab_*`, `spa_*`, `zfetch_*`, ... for the rest), plus `arc_` and `txg_`
/// that hand-written lists use.
const NAME_PREFIXES: [&str; 24] = [
    "zfs_",
    "zil_",
    "zio_",
    "spa_",
    "spl_",
    "metaslab_",
    "metaslabs_",
    "l2arc_",
    "dbuf_",
    "dmu_",
    "vdev_",
    "arc_",
    "zvol_",
    "txg_",
    "zfetch_",
    "zap_",
    "raidz_",
    "icp_",
    "ddt_",
    "brt_",
    "zstd_",
    "send_holes_",
    "ignore_hole_",
    "reference_",
];

/// Headers of `arc_summary`'s tunables: `ZFS Tunables:` (arc_summary.py, 0.7), `Tunables:`
/// (arc_summary3, 0.8 on; `section_tunables()`), `ZFS Tunable (sysctl):` (FreeBSD's
/// arc_summary.pl) and arc_summary3's `Solaris Porting Layer (SPL):`, whose lines are the
/// spl module's parameters in the same layout.
fn arc_summary_header(t: &str) -> bool {
    t == "Tunables:" || t == "ZFS Tunables:" || t.starts_with("ZFS Tunable") || t == "Solaris Porting Layer (SPL):"
}

/// Does `name` look like a Linux module parameter of zfs or spl?
fn param_like(name: &str) -> bool {
    name.len() > 4
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_')
        && NAME_PREFIXES.iter().any(|p| name.starts_with(p))
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(line) = lines.get(i) else { return false };
    let t = line.text.trim();
    if t.starts_with("/sys/module/zfs/parameters/")
        || t.starts_with("/sys/module/spl/parameters/")
        || t.starts_with("==> /sys/module/zfs/parameters/")
        || t.starts_with("==> /sys/module/spl/parameters/")
        || arc_summary_header(t)
    {
        return true;
    }
    if let Some(rest) = t.strip_prefix("vfs.zfs.").or_else(|| t.strip_prefix("kstat.zfs.darwin.tunable.")) {
        return rest.contains([':', '=']);
    }
    if let Some(rest) = t.strip_prefix("options zfs ").or_else(|| t.strip_prefix("options spl ")) {
        return rest.split_whitespace().any(|w| w.split_once('=').is_some_and(|(n, _)| param_like(n)));
    }
    if let Some(rest) = t.strip_prefix("set zfs:").or_else(|| t.strip_prefix("set spl:")) {
        return rest.contains('=');
    }
    if let Some(rest) = t.strip_prefix("echo ") {
        return rest.contains("> /sys/module/zfs/parameters/") || rest.contains(">/sys/module/zfs/parameters/");
    }
    // `name=value`, `name = value`: the name, one value.
    if let Some((name, value)) = t.split_once('=') {
        let value = value.trim();
        return param_like(name.trim()) && !value.is_empty() && value.split_whitespace().count() == 1;
    }
    // `name value` columns: exactly two words, so that kstat rows (`name type value`),
    // `zpool get` rows (four) and vdev rows (five) never open here.
    let mut words = t.split_whitespace();
    matches!((words.next(), words.next(), words.next()), (Some(name), Some(_), None) if param_like(name))
}

/// Does line `t` set a parameter (a settings file's line) rather than show one's value?
fn setting_line(t: &str) -> bool {
    ["options zfs ", "options spl ", "set zfs:", "set spl:", "echo "].iter().any(|p| t.starts_with(p))
        || (t.starts_with("vfs.") && t.find([':', '=']).is_some_and(|i| t[i..].starts_with('=')))
}

/// What a line was read as.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Kind {
    Grep,
    Assignment,
    Columns,
    ArcSummary,
    FreeBsd,
    MacOs,
}

impl Kind {
    fn style(self) -> &'static str {
        match self {
            Kind::Grep => "grep",
            Kind::Assignment => "assignments",
            Kind::Columns => "columns",
            Kind::ArcSummary => "arc_summary",
            Kind::FreeBsd => "freebsd_sysctl",
            Kind::MacOs => "macos_sysctl",
        }
    }
}

const EXPECTED: &str = "expected a module parameter (PATH:VALUE, NAME=VALUE, NAME VALUE or vfs.zfs.NAME: VALUE)";

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Params> {
    let mut out = Parsed::<Params>::default();
    let mut style: Option<Kind> = None;
    let mut in_arc_summary = false;
    // arc_summary's sections other than the tunables: (first line, title, lines).
    let mut skipped: Option<(usize, String, usize)> = None;
    // `head` prints `==> path <==` and then the file's value.
    let mut pending_head: Option<(usize, String)> = None;
    let mut entries: Vec<(Param, Kind)> = Vec::new();
    let mut configured = true;

    for line in block {
        let raw = line.text;
        let t = raw.trim();
        if t.is_empty() || super::prompt::prompt(line.text).is_some() || is_separator(t) {
            continue;
        }
        if arc_summary_header(t) {
            flush_skipped(&mut skipped, &mut out.problems);
            in_arc_summary = true;
            style.get_or_insert(Kind::ArcSummary);
            continue;
        }
        if let Some(s) = skipped.as_mut() {
            // Inside a section of arc_summary the lab does not read; it runs to the next
            // unindented title.
            if raw.starts_with([' ', '\t']) {
                s.2 += 1;
                continue;
            }
            flush_skipped(&mut skipped, &mut out.problems);
        }
        if t.starts_with('#') {
            // A comment of modprobe.d or loader.conf, or arc_summary -d's description.
            continue;
        }
        if in_arc_summary && !raw.starts_with([' ', '\t']) && !arc_summary_row(t) {
            // arc_summary indents every tunable; an unindented line that is not one (the
            // indent lost in a paste) is the title of its next section (`ZIL committed
            // transactions:`, `VDEV cache disabled`).
            skipped = Some((line.no, t.to_string(), 1));
            continue;
        }
        if let Some(path) = t.strip_prefix("==>").and_then(|r| r.strip_suffix("<==")) {
            if let Some((no, p)) = pending_head.take() {
                out.problems.push((no, format!("`head` printed no value for {p}")));
            }
            pending_head = Some((line.no, path.trim().to_string()));
            continue;
        }
        if let Some((_, path)) = pending_head.take() {
            let name = basename(&path).to_string();
            entries.push((Param { line: line.no, name, as_written: path, value: t.to_string() }, Kind::Grep));
            continue;
        }
        match read_line(t, in_arc_summary, line.no) {
            Ok(read) => {
                configured &= setting_line(t);
                entries.extend(read);
            }
            Err(message) => out.problems.push((line.no, message)),
        }
    }
    flush_skipped(&mut skipped, &mut out.problems);
    if let Some((no, p)) = pending_head {
        out.problems.push((no, format!("`head` printed no value for {p}")));
    }

    // arc_summary3 on FreeBSD prints the sysctl names less `vfs.zfs.` (`vdev.async_write_max_active`,
    // `dirty_data_max`): when any tunable has a dot, every one is read that way.
    let freebsd_summary = entries.iter().any(|(p, k)| *k == Kind::ArcSummary && p.as_written.contains('.'));
    if freebsd_summary {
        for (p, k) in entries.iter_mut() {
            if *k == Kind::ArcSummary && !p.name.starts_with("spl_") {
                p.name = linux_name(&format!("zfs.{}", p.as_written));
            }
        }
    }

    let kinds: Vec<Kind> = entries.iter().map(|(_, k)| *k).collect();
    let style = style.or_else(|| kinds.first().copied());
    out.value.style = style.map_or("", Kind::style).to_string();
    out.value.configured = configured && !entries.is_empty() && !in_arc_summary;
    out.value.entries = entries.into_iter().map(|(p, _)| p).collect();
    out.notes = notes(&out.value.entries, &kinds, freebsd_summary, out.value.configured);
    out
}

/// An arc_summary tunable row whose indent was lost: a parameter's name, then a value.
fn arc_summary_row(t: &str) -> bool {
    let name = t.split(|c: char| c.is_whitespace() || c == '=').next().unwrap_or("");
    !t.ends_with(':') && (param_like(name) || (name.contains('.') && name_chars(name)))
}

fn flush_skipped(skipped: &mut Option<(usize, String, usize)>, problems: &mut Vec<(usize, String)>) {
    if let Some((no, title, n)) = skipped.take() {
        problems.push((
            no,
            format!("arc_summary's section \"{title}\" ({n} lines) is not read; the lab reads its Tunables section"),
        ));
    }
}

/// A line of dashes or equals signs (arc_summary's rules, a pasted table's border).
fn is_separator(t: &str) -> bool {
    t.len() >= 3 && t.bytes().all(|b| matches!(b, b'-' | b'=' | b'_' | b'*'))
}

fn basename(path: &str) -> &str {
    path.rsplit('/').next().unwrap_or(path)
}

/// `"4G"` or `'4G'` as written in loader.conf or by systool: the text inside.
fn unquote(v: &str) -> &str {
    let v = v.trim();
    for q in ['"', '\''] {
        if let Some(inner) = v.strip_prefix(q).and_then(|r| r.strip_suffix(q)) {
            return inner;
        }
    }
    v
}

/// A name as a dump prints it: lower-case letters, digits, `_`, and `.` for sysctl paths,
/// starting with a letter (every parameter and sysctl name is so; prose is not).
fn name_chars(name: &str) -> bool {
    name.starts_with(|c: char| c.is_ascii_lowercase())
        && name.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'_' || b == b'.')
}

/// Reads one line (trimmed) into its entries, or says what was expected.
fn read_line(t: &str, in_arc_summary: bool, no: usize) -> Result<Vec<(Param, Kind)>, String> {
    let entry = |name: String, as_written: &str, value: &str, kind: Kind| {
        (Param { line: no, name, as_written: as_written.to_string(), value: unquote(value).to_string() }, kind)
    };
    // What the lab exports and admins run: `echo VALUE > /sys/module/zfs/parameters/NAME`
    // (Linux, at runtime) and illumos's `/etc/system` `set zfs:NAME = VALUE`.
    if let Some((value, path)) = t.strip_prefix("echo ").and_then(|r| r.split_once('>')) {
        let path = path.trim();
        let name = basename(path);
        if !path.contains("/parameters/") || !name_chars(name) {
            return Err(format!("{EXPECTED}; echo writes to {path}, not a module parameter's file"));
        }
        return Ok(vec![entry(name.to_string(), path, value.trim(), Kind::Assignment)]);
    }
    if let Some(rest) = t.strip_prefix("set zfs:").or_else(|| t.strip_prefix("set spl:")) {
        let Some((name, value)) = rest.split_once('=') else {
            return Err("expected set zfs:NAME = VALUE (/etc/system), found no `=`".to_string());
        };
        let name = name.trim();
        if !name_chars(name) {
            return Err(format!("expected set zfs:NAME = VALUE; {name} is not a variable's name"));
        }
        return Ok(vec![entry(
            name.to_string(),
            t.split('=').next().unwrap_or(t).trim(),
            value.trim(),
            Kind::Assignment,
        )]);
    }
    // `grep . /sys/module/zfs/parameters/*` prints `path:value`; `for f in ...; do echo $f
    // $(cat $f)` prints `path value`. A relative path (`./zfs_arc_max:0`, `grep -r .` in the
    // directory) reads the same.
    if t.starts_with('/') || t.starts_with("./") || t.starts_with("parameters/") {
        let (path, value) = match t.find(':') {
            Some(p) if !t[..p].contains(char::is_whitespace) => (&t[..p], &t[p + 1..]),
            _ => t.split_once(char::is_whitespace).unwrap_or((t, "")),
        };
        let name = basename(path);
        if !name_chars(name) {
            return Err(format!("{EXPECTED}; the path {path} does not end in a parameter's name"));
        }
        return Ok(vec![entry(name.to_string(), path, value.trim(), Kind::Grep)]);
    }
    // FreeBSD: `sysctl vfs.zfs` prints `vfs.zfs.NAME: VALUE`; loader.conf and sysctl.conf
    // hold `vfs.zfs.NAME="VALUE"`.
    for (prefix, kind) in [("vfs.", Kind::FreeBsd), ("kstat.zfs.darwin.tunable.", Kind::MacOs)] {
        if let Some(path) = t.strip_prefix(prefix) {
            let Some(p) = path.find([':', '=']) else {
                return Err(format!("expected {prefix}NAME: VALUE, found no `:` or `=` after the name"));
            };
            let (sysctl, value) = (path[..p].trim(), &path[p + 1..]);
            if !name_chars(sysctl) {
                return Err(format!("expected {prefix}NAME: VALUE; {sysctl} is not a sysctl name"));
            }
            let as_written = t[..prefix.len() + p].trim_end();
            // Setting one (`sysctl vfs.zfs.arc.max=16777216`), sysctl(8) prints
            // `vfs.zfs.arc.max: 0 -> 16777216`: the old value, then the one now in force.
            let value = value.split_once(" -> ").map_or(value, |(_, new)| new);
            return Ok(vec![entry(linux_name(sysctl), as_written, value, kind)]);
        }
    }
    // modprobe.d: `options zfs zfs_arc_max=4294967296 zfs_txg_timeout=10`.
    if let Some(rest) = t.strip_prefix("options zfs ").or_else(|| t.strip_prefix("options spl ")) {
        let mut read = Vec::new();
        for w in rest.split_whitespace() {
            match w.split_once('=') {
                Some((n, v)) if name_chars(n) => read.push(entry(n.to_string(), n, v, Kind::Assignment)),
                _ => return Err(format!("expected NAME=VALUE after `options zfs`, found {w:?}")),
            }
        }
        return Ok(read);
    }
    let kind_of = |k: Kind| if in_arc_summary { Kind::ArcSummary } else { k };
    // `for x in *; do echo -n $x=; cat $x; done` prints `name=value`; `echo "$i = $(cat $i)"`
    // prints `name = value`; arc_summary --alternate prints `\tname=value`.
    if let Some((written, value)) = t.split_once('=') {
        let written = written.trim();
        if name_chars(written) {
            if value.trim().is_empty() {
                return Err(format!("expected a value after {written}="));
            }
            // The kernel command line sets a module's parameter as `zfs.zfs_arc_max=...`.
            let name = match written.strip_prefix("zfs.").or_else(|| written.strip_prefix("spl.")) {
                Some(n) if param_like(n) => n,
                _ => written,
            };
            return Ok(vec![entry(name.to_string(), written, value, kind_of(Kind::Assignment))]);
        }
    }
    // `printf "%-50s" name; cat file` and arc_summary's right-aligned values: the name, then
    // the value after blanks.
    match t.split_once(char::is_whitespace) {
        Some((name, value)) if name_chars(name) => {
            Ok(vec![entry(name.to_string(), name, value.trim(), kind_of(Kind::Columns))])
        }
        None if t.len() > 50 && t.is_char_boundary(50) && param_like(&t[..50]) => {
            // printf's `%-50s` leaves no blank after a name of 50 characters or more; the
            // value starts at column 50 (arc_summary.py's `\t%-50s%s` too).
            let (name, value) = t.split_at(50);
            Ok(vec![entry(name.to_string(), name, value, kind_of(Kind::Columns))])
        }
        None if name_chars(t) => Err(format!("expected a value after the parameter name {t}")),
        _ => Err(format!("{EXPECTED}, found {:?}", clip(t, 60))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sysctl_names_map_to_linux_names() {
        assert_eq!(linux_name("zfs.dirty_data_max"), "zfs_dirty_data_max");
        assert_eq!(linux_name("zfs.vdev.async_write_max_active"), "zfs_vdev_async_write_max_active");
        assert_eq!(linux_name("zfs.txg.timeout"), "zfs_txg_timeout");
        assert_eq!(linux_name("zfs.arc.max"), "zfs_arc_max");
        assert_eq!(linux_name("zfs.arc_max"), "zfs_arc_max");
        assert_eq!(linux_name("zfs.l2arc.write_max"), "l2arc_write_max");
        assert_eq!(linux_name("zfs.l2arc_write_max"), "l2arc_write_max");
        assert_eq!(linux_name("zfs.prefetch.max_distance"), "zfetch_max_distance");
        assert_eq!(linux_name("zfs.zfetch.max_distance"), "zfetch_max_distance");
        assert_eq!(linux_name("zfs.prefetch.disable"), "zfs_prefetch_disable");
        assert_eq!(linux_name("zfs.dbuf_cache.hiwater_pct"), "dbuf_cache_hiwater_pct");
        assert_eq!(linux_name("zfs.vdev.file.logical_ashift"), "vdev_file_logical_ashift");
        assert_eq!(linux_name("zfs.vdev.mirror.rotating_inc"), "zfs_vdev_mirror_rotating_inc");
        assert_eq!(linux_name("zfs.zil.maxblocksize"), "zil_maxblocksize");
        assert_eq!(linux_name("zfs.vol.mode"), "zvol_volmode");
        assert_eq!(linux_name("zfs.min_auto_ashift"), "zfs_vdev_min_auto_ashift");
        assert_eq!(linux_name("zfs.dmu_offset_next_sync"), "zfs_dmu_offset_next_sync");
        assert_eq!(linux_name("zfs.dmu_prefetch_max"), "dmu_prefetch_max");
        // macOS keeps the scope whole.
        assert_eq!(linux_name("zfs_vdev.async_write_max_active"), "zfs_vdev_async_write_max_active");
        assert_eq!(linux_name("zfs_arc.max"), "zfs_arc_max");
        assert_eq!(linux_name("zfs_arc_max"), "zfs_arc_max");
        assert_eq!(linux_name("arc_max"), "zfs_arc_max");
        assert_eq!(linux_name("zfetch.max_distance"), "zfetch_max_distance");
    }

    #[test]
    fn the_exceptions_are_not_what_the_rule_gives() {
        for (scope, name, linux) in EXCEPTIONS {
            let prefix = SCOPE_PREFIX.iter().find(|(s, _)| *s == scope).map_or(format!("{scope}_"), |p| p.1.into());
            assert_ne!(format!("{prefix}{name}"), linux, "{scope}.{name} needs no exception");
        }
    }

    #[test]
    fn opens_only_on_parameter_lines() {
        let l = |t| [Line { no: 1, text: t }];
        assert!(opens(&l("/sys/module/zfs/parameters/zfs_txg_timeout:5"), 0));
        assert!(opens(&l("vfs.zfs.dirty_data_max: 3426535833"), 0));
        assert!(opens(&l("kstat.zfs.darwin.tunable.zfs.delay_scale: 500000"), 0));
        assert!(opens(&l("Tunables:"), 0));
        assert!(opens(&l("zfs_arc_max=0"), 0));
        assert!(opens(&l("l2arc_feed_again = 1"), 0));
        assert!(opens(&l("spl_kmem_cache_expire                             2"), 0));
        assert!(opens(&l("options zfs zfs_arc_max=4294967296"), 0));
        // arcstats and dmu_tx rows (name type value), zpool get rows, zpool status rows.
        assert!(!opens(&l("arc_meta_used                   4    123456"), 0));
        assert!(!opens(&l("dmu_tx_assigned                 4    1234"), 0));
        assert!(!opens(&l("zfs_pool  size  58.2T  -"), 0));
        assert!(!opens(&l("\tzfs_pool    ONLINE       0     0     0"), 0));
        assert!(!opens(&l("rw=randwrite"), 0));
        assert!(!opens(&l("hits                            4    123"), 0));
    }
}
