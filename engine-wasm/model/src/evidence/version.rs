//! Which OpenZFS runs: `zfs version` (`zfs-2.1.5-1`, `zfs-kmod-2.1.5-1`), `zfs --version`,
//! `modinfo zfs` (`version: 0.8.3-1ubuntu12`), `/sys/module/zfs/version`, `ZFS: Loaded module
//! v0.6.5.9` from the kernel log.

use super::{Line, Parsed};
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
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Version> {
    Parsed {
        value: Version::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
