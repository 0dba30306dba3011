//! The sink's methods: keeping notes and problems, and reading a size or time cell into a
//! number or a problem. Shared by every stage of the reader, so kept in one place.

use super::*;

impl Sink {
    pub(super) fn note(&mut self, s: String) {
        if self.notes.len() < 64 && !self.notes.contains(&s) {
            self.notes.push(s);
        }
    }

    pub(super) fn problem(&mut self, no: usize, s: String) {
        self.problems.push((no, s));
    }

    /// A count or size cell (`zfs_nicenum()`, or `-p`'s integer).
    pub(super) fn size(&mut self, no: usize, col: &str, cell: &str) -> Option<u64> {
        if let Some(v) = nicenum(cell) {
            return Some(v);
        }
        if overflows(cell) {
            self.overflows += 1;
            if self.overflows <= 3 {
                self.note(format!(
                    "line {no}: {col} {cell} is past 64 bits: a negative value wrapped around (seen on cache devices); kept as unknown"
                ));
            }
        } else {
            self.problem(no, format!("column '{col}': expected a number like 512, 2.37K or 11,4T, found '{cell}'"));
        }
        None
    }

    pub(super) fn time(&mut self, no: usize, col: &str, cell: &str) -> Option<u64> {
        let v = nicetime(cell);
        if v.is_none() {
            self.problem(
                no,
                format!("column '{col}': expected a latency like 336ns, 41ms, 12345 (ns) or -, found '{cell}'"),
            );
        }
        v
    }
}
