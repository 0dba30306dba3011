//! Power-of-two histograms as DTrace's `quantize()` and `lquantize()` print them
//! (`value  ------------- Distribution ------------- count`) and bpftrace's `hist()`
//! (`[4K, 8K)   2 |@@@@  |`): the seed documents' scripts and the lab's own output.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Quantize {
    pub tables: Vec<QuantizeTable>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuantizeTable {
    pub line: usize,
    /// The line before the table (`@queue_lat_us[dp_sync_taskq]:`, a key), or empty.
    pub title: String,
    pub buckets: Vec<QuantizeBucket>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct QuantizeBucket {
    /// The bucket's lower bound as printed (DTrace's `value`, bpftrace's `[4K`), in the
    /// script's own unit.
    pub value: i128,
    pub count: u64,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Quantize> {
    Parsed {
        value: Quantize::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
