//! Named kstats (`dmu_tx`, `dmu_tx_assign`, `arcstats`) as Linux prints them
//! (`spl-kstat.c`: a numeric first line, `name type data`, one row per stat) and as
//! FreeBSD names them (`kstat.zfs.misc.arcstats.size: 123`).

use super::{Line, Parsed};
use serde::Serialize;

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
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stat {
    pub line: usize,
    /// As printed (`dmu_tx_dirty_delay`, `1024 ns`, `c_max`).
    pub name: String,
    /// Signed kstats (type 3) may be negative; counters fit in 64 bits.
    pub value: i128,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Kstat> {
    Parsed {
        value: Kstat::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
