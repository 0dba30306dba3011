//! fio's output: the normal text (`write: IOPS=2k, BW=8MiB/s`, `clat (usec): ... avg=`,
//! `clat percentiles`) and `--output-format=json`.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioResult {
    pub jobs: Vec<FioJob>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioJob {
    pub line: usize,
    pub name: String,
    pub read: Option<FioDirection>,
    pub write: Option<FioDirection>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct FioDirection {
    /// Operations per second, rounded down.
    pub iops: u64,
    /// [bytes/s].
    pub bytes_per_s: u64,
    /// Completion latency's mean [ns].
    pub clat_mean_ns: Option<u64>,
    /// Completion latency's percentiles: (percent in hundredths, e.g. 9900 for p99, ns).
    pub clat_percentiles: Vec<(u64, u64)>,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<FioResult> {
    Parsed {
        value: FioResult::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
