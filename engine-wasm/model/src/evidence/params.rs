//! Module parameters as users dump them: `grep . /sys/module/zfs/parameters/*`
//! (`path:value`), `NAME=VALUE`, `NAME VALUE` columns, `arc_summary`'s tunables, FreeBSD's
//! `sysctl vfs.zfs` and macOS's `kstat.zfs.darwin.tunable`.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Params {
    /// `grep`, `assignments`, `columns`, `arc_summary`, `freebsd_sysctl`, `macos_sysctl`.
    pub style: String,
    pub entries: Vec<Param>,
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

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Params> {
    Parsed {
        value: Params::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
