//! Cutting a file into blocks, one format each. A block opens at a line only its format
//! prints (a header, a kstat's first line, a `path:value` parameter, `  pool:`), or at a
//! shell prompt naming the command (`$ zpool iostat -vl 5`, `# cat .../txgs`); it runs
//! to the next line that opens another format. Lines before the first block are kept out
//! unless blank or a prompt the lab does not know, which are skipped.

use super::{dbgmsg, fio_output, iostat, kstat, params, properties, quantize, status, txgs, version};
use super::{Body, Line, Parsed};
use std::ops::Range;

/// What the lab reads, for the message when nothing was recognised.
pub const KNOWN: &str = "zpool iostat (-v -l -q -w -r -p -H), the txgs, dmu_tx, dmu_tx_assign and arcstats kstats (or FreeBSD's kstat.zfs sysctls), module parameters (grep . /sys/module/zfs/parameters/*, NAME=VALUE, sysctl vfs.zfs, arc_summary), zpool status, zpool/zfs get, zfs version or modinfo, fio output, DTrace or bpftrace histograms and dbgmsg";

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Format {
    Iostat,
    Txgs,
    Kstat,
    Params,
    Status,
    Properties,
    Version,
    Fio,
    Quantize,
    Dbgmsg,
}

/// In the order asked: a line two formats could open goes to the first.
const ORDER: [Format; 10] = [
    Format::Status,
    Format::Iostat,
    Format::Txgs,
    Format::Kstat,
    Format::Dbgmsg,
    Format::Quantize,
    Format::Fio,
    Format::Version,
    Format::Properties,
    Format::Params,
];

fn opens(format: Format, lines: &[Line], i: usize) -> bool {
    match format {
        Format::Iostat => iostat::opens(lines, i),
        Format::Txgs => txgs::opens(lines, i),
        Format::Kstat => kstat::opens(lines, i),
        Format::Params => params::opens(lines, i),
        Format::Status => status::opens(lines, i),
        Format::Properties => properties::opens(lines, i),
        Format::Version => version::opens(lines, i),
        Format::Fio => fio_output::opens(lines, i),
        Format::Quantize => quantize::opens(lines, i),
        Format::Dbgmsg => dbgmsg::opens(lines, i),
    }
}

/// The format a shell prompt's command prints, if the lab reads it: `$ zpool iostat -w`,
/// `root@host:~# cat /proc/spl/kstat/zfs/tank/txgs`, `% sysctl vfs.zfs`.
pub fn prompt(text: &str) -> Option<Format> {
    let t = text.trim_start();
    let rest = t.strip_prefix('$').or_else(|| t.strip_prefix('#')).or_else(|| t.strip_prefix('%')).or_else(|| {
        // `root@host:~# cmd`, `/proc/spl/kstat/zfs # cmd`, `~$ cmd`: a prompt is one word
        // (a user, a host or a path) before its `#`, `$` or `%`.
        let p = t.find("# ").or_else(|| t.find("$ ")).or_else(|| t.find("% "))?;
        let before = t[..p].trim_end();
        let one_word = !before.is_empty() && !before.contains(char::is_whitespace);
        (one_word && (before.contains('@') || before.starts_with('/') || before.starts_with('~'))).then(|| &t[p + 1..])
    })?;
    let words: Vec<&str> = rest.split_whitespace().skip_while(|&w| w == "sudo").collect();
    // A prompt runs a command: a comment (`# the pool is slow`) does not.
    const COMMANDS: [&str; 20] = [
        "zpool",
        "zfs",
        "cat",
        "sysctl",
        "grep",
        "modinfo",
        "fio",
        "dtrace",
        "bpftrace",
        "arc_summary",
        "arc_summary.py",
        "arc_summary3",
        "head",
        "tail",
        "less",
        "more",
        "dmesg",
        "journalctl",
        "for",
        "systool",
    ];
    if !words.first().is_some_and(|w| COMMANDS.contains(w) || w.ends_with("/arc_summary")) {
        return None;
    }
    let has = |w: &str| words.iter().any(|x| x.contains(w));
    let first_two = (words.first().copied().unwrap_or(""), words.get(1).copied().unwrap_or(""));
    Some(match first_two {
        ("zpool", "iostat") => Format::Iostat,
        ("zpool", "status") => Format::Status,
        ("zpool" | "zfs", "get") => Format::Properties,
        ("zfs", "version" | "--version") | ("modinfo", _) => Format::Version,
        ("fio", _) => Format::Fio,
        ("dtrace" | "bpftrace", _) => Format::Quantize,
        ("arc_summary" | "arc_summary.py" | "arc_summary3", _) => Format::Params,
        // The txgs and dbgmsg before other kstats: FreeBSD names them kstat.zfs.* too.
        _ if has("txgs") => Format::Txgs,
        _ if has("dbgmsg") => Format::Dbgmsg,
        ("sysctl", _) if has("kstat.zfs") && !has("tunable") => Format::Kstat,
        ("sysctl", _) if has("vfs.zfs") || has("tunable") => Format::Params,
        _ if has("/sys/module/zfs/parameters") || has("modprobe.d") => Format::Params,
        _ if has("/sys/module/zfs/version") => Format::Version,
        _ if has("dmu_tx") || has("arcstats") || has("/proc/spl/kstat/") => Format::Kstat,
        _ => return None,
    })
}

/// The blocks of `lines`: each one's format and its range of lines.
pub fn blocks(lines: &[Line]) -> Vec<(Format, Range<usize>)> {
    let mut out: Vec<(Format, Range<usize>)> = Vec::new();
    let mut current: Option<(Format, usize)> = None;
    let mut pending_prompt: Option<(Format, usize)> = None;
    for i in 0..lines.len() {
        if let Some(f) = prompt(lines[i].text) {
            close(&mut out, &mut current, i);
            pending_prompt = Some((f, i));
            continue;
        }
        let opened = ORDER.into_iter().find(|&f| opens(f, lines, i));
        match (current, pending_prompt, opened) {
            (_, Some((f, start)), _) => {
                // The prompt's command names the format, whatever its first line looks like.
                current = Some((f, start));
                pending_prompt = None;
            }
            (Some((cur, _)), None, Some(f)) if f != cur => {
                close(&mut out, &mut current, i);
                current = Some((f, i));
            }
            (None, None, Some(f)) => current = Some((f, i)),
            _ => {}
        }
    }
    close(&mut out, &mut current, lines.len());
    out
}

fn close(out: &mut Vec<(Format, Range<usize>)>, current: &mut Option<(Format, usize)>, end: usize) {
    if let Some((f, start)) = current.take() {
        out.push((f, start..end));
    }
}

/// Reads one block as `format`: what it was, its notes, and the lines it could not read.
pub fn parse(format: Format, block: &[Line]) -> (Option<Body>, Vec<String>, Vec<(usize, String)>) {
    fn done<T>(p: Parsed<T>, wrap: impl Fn(T) -> Body) -> (Option<Body>, Vec<String>, Vec<(usize, String)>) {
        (Some(wrap(p.value)), p.notes, p.problems)
    }
    match format {
        Format::Iostat => done(iostat::parse(block), Body::Iostat),
        Format::Txgs => done(txgs::parse(block), Body::Txgs),
        Format::Kstat => done(kstat::parse(block), Body::Kstat),
        Format::Params => done(params::parse(block), Body::Params),
        Format::Status => done(status::parse(block), Body::Status),
        Format::Properties => done(properties::parse(block), Body::Properties),
        Format::Version => done(version::parse(block), Body::Version),
        Format::Fio => done(fio_output::parse(block), Body::Fio),
        Format::Quantize => done(quantize::parse(block), Body::Quantize),
        Format::Dbgmsg => done(dbgmsg::parse(block), Body::Dbgmsg),
    }
}

#[cfg(test)]
mod tests {
    use super::{prompt, Format};

    #[test]
    fn a_prompt_names_the_format_its_command_prints() {
        assert_eq!(prompt("$ zpool iostat -vl 5"), Some(Format::Iostat));
        assert_eq!(prompt("root@host:~# cat /proc/spl/kstat/zfs/tank/txgs"), Some(Format::Txgs));
        assert_eq!(prompt("/proc/spl/kstat/zfs # cat txgs-vz"), Some(Format::Txgs));
        assert_eq!(prompt("% sysctl kstat.zfs.tank.txgs"), Some(Format::Txgs));
        assert_eq!(prompt("% sysctl kstat.zfs.misc.dbgmsg"), Some(Format::Dbgmsg));
        assert_eq!(prompt("% sysctl kstat.zfs.misc.arcstats"), Some(Format::Kstat));
        assert_eq!(prompt("$ cat /proc/spl/kstat/zfs/zil"), Some(Format::Kstat));
        assert_eq!(prompt("$ sysctl vfs.zfs"), Some(Format::Params));
        // Not prompts: a comment, a sentence with a hash in it, an unknown command.
        assert_eq!(prompt("# At runtime, as root"), None);
        assert_eq!(prompt("the pool # is full"), None);
        assert_eq!(prompt("$ ls -l"), None);
        assert_eq!(prompt("# zfs_dirty_data_max: 2 GiB. Costs longer txgs"), None);
        assert_eq!(prompt("$ sudo zpool status tank"), Some(Format::Status));
    }
}
