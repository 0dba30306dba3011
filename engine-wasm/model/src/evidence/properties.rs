//! `zpool get all` and `zfs get all` (`NAME PROPERTY VALUE SOURCE`), and their `-H` form.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Properties {
    pub rows: Vec<Property>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Property {
    pub line: usize,
    pub dataset: String,
    pub name: String,
    pub value: String,
    pub source: String,
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    let _ = (lines, i);
    false
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Properties> {
    Parsed {
        value: Properties::default(),
        notes: Vec::new(),
        problems: block.iter().map(|l| (l.no, "not read yet".to_string())).collect(),
    }
}
