//! `zpool iostat` (`cmd/zpool/zpool_main.c`): the default columns, `-v` trees, `-l`
//! latencies, `-q` queues, `-w` latency and `-r` request-size histograms, `-p` exact and
//! `-H` scripted forms, interval samples and several pools.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Iostat {
    /// The flags the report shows, as letters of `zpool iostat`'s options: `v` `l` `q`
    /// `w` `r` `p` `H` (from the headers read, or from the command line when pasted).
    pub flags: String,
    /// The interval in seconds, when the command line gave one.
    pub interval_s: Option<u64>,
    /// One report each: the first of an interval run is the average since boot or import.
    pub samples: Vec<Sample>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sample {
    pub line: usize,
    /// The `-T d`/`-T u` timestamp line before the report, as printed.
    pub timestamp: Option<String>,
    pub rows: Vec<Row>,
    pub histograms: Vec<Histogram>,
}

/// One pool or vdev line of the table.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Row {
    pub line: usize,
    pub name: String,
    /// 0 for a pool, 1 for a top-level vdev (or a class's header), 2 for its leaves, ...
    pub depth: u32,
    /// The section of `-v` the row is in: `logs`, `cache`, `spares`, `special`,
    /// `dedup`; `None` for the pool and its normal class.
    pub class: Option<String>,
    pub alloc: Option<u64>,
    pub free: Option<u64>,
    /// Operations per second (or since boot, averaged) [ops/s].
    pub read_ops: Option<u64>,
    pub write_ops: Option<u64>,
    /// Bandwidth [bytes/s].
    pub read_bytes: Option<u64>,
    pub write_bytes: Option<u64>,
    /// `-l` columns, named by top and bottom label (`total_wait read`, `scrub wait`) [ns].
    pub latency: Vec<Column>,
    /// `-q` columns, named by top and bottom label (`asyncq_write pend`) [I/Os].
    pub queues: Vec<Column>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Column {
    pub name: String,
    /// `None` where the table printed `-` for a class header line's capacity.
    pub value: Option<u64>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum HistogramKind {
    /// `-w`: 37 power-of-two latency buckets, labelled by their end (`1ns` .. `137s`).
    #[default]
    Latency,
    /// `-r`: request sizes, labelled by their start (`512` .. `16M`).
    RequestSize,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Histogram {
    pub line: usize,
    /// The pool or vdev whose histogram this is.
    pub name: String,
    pub kind: HistogramKind,
    /// One per count column, named by top and bottom label (`total_wait read`,
    /// `async_write ind`, `scrub`).
    pub columns: Vec<String>,
    pub buckets: Vec<Bucket>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Bucket {
    pub label: String,
    /// Latency: the bucket's end, 2^(j+1) - 1 ns; request size: its start in bytes.
    pub bound: u64,
    /// One per column; `None` where the cell could not be read.
    pub counts: Vec<Option<u64>>,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Iostat> {
    Parsed {
        value: Iostat::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
