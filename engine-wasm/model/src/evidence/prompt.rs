//! Shell prompts in a paste: `$ zpool iostat -vl 5`, `root@host:~# cat .../txgs`,
//! `/proc/spl/kstat/zfs # cat txgs-vz`. A prompt names the format of what follows it, and
//! every parser skips it. Kept apart from the cut into blocks (`split.rs`), which imports
//! every parser, so that the parsers can ask about prompts without a cycle.

/// The formats the lab reads.
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
