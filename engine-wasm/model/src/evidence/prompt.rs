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
    let rest = after_prompt(t).or_else(|| {
        // A command pasted without its prompt (`sysctl vfs.zfs.arc.max`, `zpool status`):
        // only commands whose name no line of the outputs the lab reads starts with (a
        // dataset may be called `zfs`, and `zfs get` prints its rows under that name).
        const UNPROMPTED: [&str; 8] =
            ["zpool", "sysctl", "cat", "grep", "fio", "modinfo", "arc_summary", "arc_summary3"];
        t.split_whitespace().next().is_some_and(|w| UNPROMPTED.contains(&w)).then_some(t)
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

/// What follows a shell prompt (`$`, `#`, `%`, `root@host:~#`), if `t` starts with one.
fn after_prompt(t: &str) -> Option<&str> {
    t.strip_prefix('$').or_else(|| t.strip_prefix('#')).or_else(|| t.strip_prefix('%')).or_else(|| {
        // `root@host:~# cmd`, `/proc/spl/kstat/zfs # cmd`, `~$ cmd`: a prompt is one word
        // (a user, a host or a path) before its `#`, `$` or `%`.
        let t = t.trim_end();
        let p = t
            .rfind(['#', '$', '%'])
            .filter(|&p| p + 1 == t.len())
            .or_else(|| t.find("# ").or_else(|| t.find("$ ")).or_else(|| t.find("% ")))?;
        let before = t[..p].trim_end();
        let one_word = !before.is_empty() && !before.contains(char::is_whitespace);
        // Red Hat's `[root@host ~]# cmd` brackets the user, host and directory.
        let bracketed = before.starts_with('[') && before.ends_with(']') && before.contains('@');
        let named = before.contains('@') || before.starts_with('/') || before.starts_with('~');
        (bracketed || one_word && named).then(|| &t[p + 1..])
    })
}

/// The end of a command's output: a shell prompt with no command after it (`root@pbs:~# `,
/// as a paste ends).
pub fn output_ends(text: &str) -> bool {
    // A lone `#` is a comment line (modprobe.d, loader.conf), not root's prompt.
    let t = text.trim();
    t != "#" && after_prompt(t).is_some_and(|rest| rest.trim().is_empty())
}

#[cfg(test)]
mod tests {
    use super::{output_ends, prompt, Format};

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
        assert_eq!(prompt("[root@nas ~]# zpool iostat -v 5"), Some(Format::Iostat));
        // Commands pasted without a prompt; not a pool or a dataset named like a command.
        assert_eq!(prompt("sysctl vfs.zfs.arc.max"), Some(Format::Params));
        assert_eq!(prompt(" sysctl -a | grep vfs.zfs.arc.max:"), Some(Format::Params));
        assert_eq!(prompt("zpool status"), Some(Format::Status));
        assert_eq!(prompt("zpool\t1483556872192\t509307953152\t64\t12\t281656\t308598"), None);
        assert_eq!(prompt("zpool  ONLINE  0  0  0"), None);
        assert_eq!(prompt("zfs  version  5  -"), None);
    }

    #[test]
    fn a_prompt_with_nothing_after_it_ends_the_output() {
        assert!(output_ends("root@pbs:~# "));
        assert!(output_ends("$"));
        assert!(output_ends("[root@host ~]# "));
        assert!(!output_ends("root@pbs:~# zpool status"));
        assert!(!output_ends("# a comment"));
        assert!(!output_ends("#"));
        assert!(!output_ends("zpool  ONLINE  0  0  0"));
    }
}
