//! `zpool status`: the pool, its state, the scan line (scrub or resilver, in progress or
//! done, its rate) in the 0.6-0.7 and the 0.8-on wordings, and the `config:` lines.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Status {
    pub pool: String,
    pub state: Option<String>,
    pub scan: Option<Scan>,
    /// The lines under `config:` (the `NAME STATE READ WRITE CKSUM` table), as printed,
    /// for the layout reader (`scenario::zpool_layout`).
    pub config: Vec<String>,
    pub errors: Option<String>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Scan {
    pub line: usize,
    /// `scrub` or `resilver`.
    pub kind: String,
    pub in_progress: bool,
    /// Bytes scanned (0.8 on: metadata traversal) [bytes].
    pub scanned: Option<u64>,
    /// Bytes issued (0.8 on: data actually read) [bytes].
    pub issued: Option<u64>,
    pub total: Option<u64>,
    /// The scan rate the line gives (`at 644M/s`) [bytes/s].
    pub rate: Option<u64>,
    /// 0.8 on: the issue rate (`issued at 444M/s`) [bytes/s].
    pub issue_rate: Option<u64>,
    pub repaired: Option<u64>,
    /// Percent done in hundredths (66.46% is 6646).
    pub done_hundredths: Option<u64>,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Status> {
    Parsed {
        value: Status::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
