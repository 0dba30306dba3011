//! `/proc/spl/kstat/zfs/dbgmsg`: `<epoch> <file>:<line>:<function>(): <message>` lines;
//! a sync that will not end shows as repeated `spa_deadman(): slow spa_sync`.

use super::{Line, Parsed};
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

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Dbgmsg> {
    Parsed {
        value: Dbgmsg::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
