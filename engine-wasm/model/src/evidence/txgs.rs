//! `/proc/spl/kstat/zfs/<pool>/txgs` (`module/zfs/spa_stats.c`), in its three layouts:
//! 0.6.2 and earlier (`txgs-<pool>`, no ndirty or wtime), 0.6.3 to 0.7 (a raw kstat line
//! first), 0.8 on (the header only). Rows may come without their header.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TxgsLayout {
    /// 0.6.2 and earlier: `txg state birth nread nwritten reads writes otime qtime stime`.
    Old,
    /// 0.6.3 to 0.7: the 12 columns after a raw kstat's numeric line.
    Kstat,
    /// 0.8 on: the 12 columns under their header (or rows alone).
    #[default]
    Procfs,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Txgs {
    pub layout: TxgsLayout,
    pub rows: Vec<TxgRow>,
}

/// One txg. Times in ns; a time is 0 while the txg has not reached that state.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct TxgRow {
    pub line: usize,
    pub txg: u64,
    /// hrtime (ns since boot) when the txg opened.
    pub birth: u64,
    /// `B` birth, `O` open, `Q` quiesced, `W` wait for sync, `S` synced, `C` committed.
    pub state: String,
    /// Dirty bytes of this txg when its sync started (absent before 0.6.3).
    pub ndirty: Option<u64>,
    pub nread: u64,
    pub nwritten: u64,
    pub reads: u64,
    pub writes: u64,
    pub otime: u64,
    pub qtime: u64,
    /// Waiting for the previous txg's sync (absent before 0.6.3).
    pub wtime: Option<u64>,
    pub stime: u64,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Txgs> {
    Parsed {
        value: Txgs::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
