//! Which OpenZFS runs: `zfs version` (`zfs-2.1.5-1`, `zfs-kmod-2.1.5-1`), `zfs --version`,
//! `modinfo zfs` (`version: 0.8.3-1ubuntu12`), `/sys/module/zfs/version`, `ZFS: Loaded module
//! v0.6.5.9` from the kernel log.
//!
//! `zfs version` is `zfs_version_print()` (`lib/libzfs/libzfs_util.c`): `ZFS_META_ALIAS`
//! (`zfs-VERSION-RELEASE`, the userland's) on one line and `zfs-kmod-` + the loaded
//! module's version (`/sys/module/zfs/version` on Linux, `vfs.zfs.version.module` on
//! FreeBSD) on the next. The module logs `ZFS: Loaded module v%s-%s%s, ZFS pool version
//! %s, ZFS filesystem version %s` when it loads (`zfs_init()`/`openzfs_init_os()`,
//! `module/os/linux/zfs/zfs_ioctl_os.c`; `module/zfs/zfs_ioctl.c` before 0.8); 0.6-0.7's
//! separate spl module logs `SPL: Loaded module v...`.

use super::{clip, Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Version {
    pub lines: Vec<VersionLine>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct VersionLine {
    pub line: usize,
    /// `userland`, `kmod`, `modinfo`, `module` (sysfs or kernel log).
    pub what: String,
    /// The version as printed (`2.1.5-1ubuntu6~22.04.1`).
    pub version: String,
    /// Its release numbers (2, 1, 5).
    pub major: u64,
    pub minor: u64,
    pub patch: u64,
    /// The kernel module it is of: `zfs`, or `spl` (0.6-0.7 ship it apart).
    pub module: String,
}

/// The keys `modinfo` prints (kmod's `modinfo_do()`): read past, but only `version:`
/// says which release runs.
const MODINFO_KEYS: [&str; 20] = [
    "filename",
    "version",
    "license",
    "author",
    "description",
    "alias",
    "srcversion",
    "depends",
    "retpoline",
    "intree",
    "name",
    "vermagic",
    "sig_id",
    "signer",
    "sig_key",
    "sig_hashalgo",
    "signature",
    "parm",
    "softdep",
    "import_ns",
];

/// The `modinfo` key a line starts with, and the text after it.
fn modinfo_key(t: &str) -> Option<(&'static str, &str)> {
    let (key, rest) = t.split_once(':')?;
    let key = MODINFO_KEYS.iter().find(|k| **k == key)?;
    Some((key, rest.trim()))
}

/// A kernel module file of zfs or spl (`.../zfs.ko`, `.../spl.ko.zst`), and which.
fn module_file(path: &str) -> Option<&'static str> {
    let file = path.rsplit('/').next().unwrap_or(path);
    let stem = file.split(".ko").next().unwrap_or(file);
    (file.contains(".ko")).then_some(())?;
    match stem {
        "zfs" => Some("zfs"),
        "spl" => Some("spl"),
        _ => None,
    }
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let Some(line) = lines.get(i) else { return false };
    let t = line.text.trim();
    if t.contains("ZFS: Loaded module v") || t.contains("SPL: Loaded module v") || lab_export(t).is_some() {
        return true;
    }
    if let Some(v) = t.strip_prefix("/sys/module/zfs/version:").or_else(|| t.strip_prefix("/sys/module/spl/version:")) {
        return release(v).is_some();
    }
    if alias(t).is_some() {
        return true;
    }
    // modinfo's first line names the module file.
    matches!(modinfo_key(t), Some(("filename", path)) if module_file(path).is_some())
}

/// The first line of the lab's own export, `# Throttle Lab: settings for OpenZFS 2.2 on
/// linux`: the release the settings were written for (`master` has no number and is not one).
fn lab_export(t: &str) -> Option<&str> {
    let rest = t.strip_prefix("# Throttle Lab: settings for OpenZFS ")?;
    let v = rest.split_whitespace().next()?;
    release(v).map(|_| v)
}

/// `zfs-2.1.5-1` (userland) or `zfs-kmod-2.1.5-1` (kernel module), as one word.
fn alias(t: &str) -> Option<(&'static str, &str)> {
    if t.contains(char::is_whitespace) {
        return None;
    }
    let (what, v) = match t.strip_prefix("zfs-kmod-") {
        Some(v) => ("kmod", v),
        None => ("userland", t.strip_prefix("zfs-")?),
    };
    release(v).map(|_| (what, v))
}

/// The release numbers of a version: `2.1.5-1ubuntu6` is (2, 1, 5), `0.6.5.9-1` (0, 6, 5),
/// `2.2.0-rc4` (2, 2, 0), `2.1.99-1234_g0123abc` (2, 1, 99). At least `major.minor`.
fn release(v: &str) -> Option<(u64, u64, u64)> {
    let v = v.trim().strip_prefix('v').unwrap_or(v.trim());
    let numbers = v.split(['-', '_', '~', '+', ' ']).next()?;
    let mut parts = numbers.split('.');
    let major = parts.next()?.parse().ok()?;
    let minor = parts.next()?.parse().ok()?;
    let patch = match parts.next() {
        Some(p) => p.parse().ok()?,
        None => 0,
    };
    Some((major, minor, patch))
}

fn entry(no: usize, what: &str, version: &str, module: &str) -> Option<VersionLine> {
    let (major, minor, patch) = release(version)?;
    Some(VersionLine {
        line: no,
        what: what.to_string(),
        version: version.trim().to_string(),
        major,
        minor,
        patch,
        module: module.to_string(),
    })
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Version> {
    let mut out = Parsed::<Version>::default();
    // The module modinfo is describing, from its `filename:` (or `name:`) line.
    let mut modinfo_module = "zfs";
    let mut in_modinfo = false;
    for line in block {
        let t = line.text.trim();
        if t.is_empty() || super::prompt::prompt(line.text).is_some() {
            continue;
        }
        let no = line.no;
        let bad = |m: &str| (no, m.to_string());
        if let Some(v) = lab_export(t) {
            out.value.lines.extend(entry(no, "lab export", v, "zfs"));
            continue;
        }
        if t.starts_with('#') {
            // The export's own comments: what each setting does.
            continue;
        }
        if let Some((what, v)) = alias(t) {
            in_modinfo = false;
            out.value.lines.extend(entry(no, what, v, "zfs"));
            continue;
        }
        if let Some(p) = t.find("Loaded module v") {
            // `[    5.123] ZFS: Loaded module v0.6.5.9-1, ZFS pool version 5000, ...`
            let module = if t[..p].contains("SPL") { "spl" } else { "zfs" };
            let v = t[p + "Loaded module v".len()..].split(',').next().unwrap_or("");
            match entry(no, "module", v, module) {
                Some(e) => out.value.lines.push(e),
                None => out.problems.push(bad("expected `ZFS: Loaded module vX.Y.Z-R, ...`")),
            }
            continue;
        }
        // `grep . /sys/module/{zfs,spl}/version` or `cat /sys/module/zfs/version`.
        let sysfs = [("/sys/module/zfs/version:", "zfs"), ("/sys/module/spl/version:", "spl")]
            .into_iter()
            .find_map(|(prefix, module)| t.strip_prefix(prefix).map(|v| (v, module)));
        if let Some((v, module)) = sysfs {
            match entry(no, "module", v, module) {
                Some(e) => out.value.lines.push(e),
                None => out.problems.push(bad("expected a version after /sys/module/zfs/version:")),
            }
            continue;
        }
        if let Some((key, rest)) = modinfo_key(t) {
            in_modinfo = true;
            match key {
                "filename" => modinfo_module = module_file(rest).unwrap_or("zfs"),
                "name" if rest == "spl" || rest == "zfs" => modinfo_module = if rest == "spl" { "spl" } else { "zfs" },
                "version" => match entry(no, "modinfo", rest, modinfo_module) {
                    Some(e) => out.value.lines.push(e),
                    None => out.problems.push(bad("expected `version:` and a release (0.8.3-1ubuntu12.14)")),
                },
                _ => {}
            }
            continue;
        }
        if in_modinfo && line.text.starts_with([' ', '\t']) {
            // The continuation of modinfo's `signature:` (hex bytes).
            continue;
        }
        // `cat /sys/module/zfs/version` prints the bare version.
        if !t.contains(char::is_whitespace) && release(t).is_some() {
            out.value.lines.extend(entry(no, "module", t, "zfs"));
            continue;
        }
        out.problems.push(bad(&format!(
            "expected a version line (zfs-2.1.5-1, zfs-kmod-2.1.5-1, modinfo's version:, ZFS: Loaded module v...), found {:?}",
            clip(t, 60)
        )));
    }
    out.notes = notes(&out.value.lines);
    out
}

/// The userland and the running module disagreeing is worth a word: the module sets the
/// write throttle.
fn notes(lines: &[VersionLine]) -> Vec<String> {
    let mut notes = Vec::new();
    let userland = lines.iter().find(|l| l.what == "userland");
    let module = lines.iter().find(|l| l.module == "zfs" && l.what != "userland");
    if let (Some(u), Some(m)) = (userland, module) {
        if (u.major, u.minor, u.patch) != (m.major, m.minor, m.patch) {
            notes.push(format!(
                "the userland tools are {} but the kernel module is {}: the module (what was loaded at boot) \
                 is what writes and throttles; the tools were upgraded without a reboot or module reload",
                u.version, m.version
            ));
        }
    }
    if let Some(m) = module.or(userland) {
        notes.push(format!("OpenZFS {}.{}.{} ({})", m.major, m.minor, m.patch, m.version));
    }
    notes
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn releases() {
        assert_eq!(release("2.1.5-1ubuntu6~22.04.1"), Some((2, 1, 5)));
        assert_eq!(release("0.6.5.9-1"), Some((0, 6, 5)));
        assert_eq!(release("2.2.0-rc4"), Some((2, 2, 0)));
        assert_eq!(release("2.1.4-FreeBSD_g52bad4f23"), Some((2, 1, 4)));
        assert_eq!(release("v0.8.3"), Some((0, 8, 3)));
        assert_eq!(release("2.3"), Some((2, 3, 0)));
        assert_eq!(release("abc"), None);
        assert_eq!(release("5000"), None);
    }

    #[test]
    fn aliases() {
        assert_eq!(alias("zfs-2.1.5-1ubuntu6~22.04.1"), Some(("userland", "2.1.5-1ubuntu6~22.04.1")));
        assert_eq!(alias("zfs-kmod-2.1.5-1"), Some(("kmod", "2.1.5-1")));
        assert_eq!(alias("zfs-auto-snapshot"), None);
        assert_eq!(alias("zfs-2.1.5 and more"), None);
    }
}
