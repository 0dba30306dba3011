//! The write rate from the txgs kstat: the dirty bytes of committed txgs over the time their
//! births span, from one run of rows that agree with each other. A row cut, edited or
//! pasted out of order must not stretch the span or drop bytes from it, so the rows used
//! are named and the ones left out said.
//!
//! Rows agree when each follows the one before as `txg_quiesce()` (`txg.c`) writes them:
//! the next txg is born at the very hrtime the previous one stops being open
//! (`spa_txg_history_add(txg + 1, tx_open_time)` beside `spa_txg_history_set(txg, OPEN,
//! tx_open_time)`), so its `birth` is the previous `birth + otime` to the nanosecond, as
//! every captured sample from 0.6.3 to 2.2 shows.

use crate::evidence::txgs::{TxgRow, Txgs};
use crate::schema::Id;

/// The rate the rows give, and the run of rows it came from.
pub(super) struct TxgRate {
    /// Bytes per second.
    pub rate: u64,
    pub first_line: usize,
    pub last_line: usize,
    pub txgs: usize,
}

/// Does `next` follow `row` as the kernel writes consecutive txgs?
fn follows(row: &TxgRow, next: &TxgRow) -> bool {
    row.txg.checked_add(1) == Some(next.txg)
        && next.birth > row.birth
        && (row.otime == 0 || row.birth.checked_add(row.otime) == Some(next.birth))
}

/// Lines as a person reads them: `12, 14-16`.
fn lines(rows: &[&TxgRow]) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut i = 0;
    while i < rows.len() {
        let mut j = i;
        while j + 1 < rows.len() && rows[j + 1].line == rows[j].line + 1 {
            j += 1;
        }
        let (a, z) = (rows[i].line, rows[j].line);
        out.push(if a == z { a.to_string() } else { format!("{a}-{z}") });
        i = j + 1;
    }
    if out.len() > 6 {
        let more = out.len() - 6;
        out.truncate(6);
        out.push(format!("and {more} more"));
    }
    out.join(", ")
}

/// The rate of the longest run of committed rows that follow each other (at least three,
/// the latest of equal runs), and notes on the rows that were out of order, absurd or
/// outside the run.
pub(super) fn txg_rate(t: &Txgs) -> (Option<TxgRate>, Vec<String>) {
    let mut notes = Vec::new();
    // A txg's dirty data is held in memory: more than the largest machine the lab models
    // was not printed by a kernel.
    let ceiling = Id::Ram.spec().max;
    let absurd: Vec<&TxgRow> = t.rows.iter().filter(|r| r.ndirty.is_some_and(|d| d > ceiling)).collect();
    if !absurd.is_empty() {
        notes.push(format!(
            "line(s) {}: ndirty above {} bytes (1 PiB) is no txg's dirty data; not used",
            lines(&absurd),
            ceiling
        ));
    }
    let out_of_order: Vec<&TxgRow> =
        t.rows.windows(2).filter(|w| w[1].txg <= w[0].txg || w[1].birth <= w[0].birth).map(|w| &w[1]).collect();
    if !out_of_order.is_empty() {
        notes.push(format!(
            "line(s) {}: out of order (txg or birth not after the row before); not used for the rate",
            lines(&out_of_order)
        ));
    }
    let usable = |r: &TxgRow| r.state == "C" && r.ndirty.is_some_and(|d| d <= ceiling);
    // The runs of usable rows in which each row follows the one before.
    let mut best: &[TxgRow] = &[];
    let mut start = 0;
    for end in 1..=t.rows.len() {
        let broken = end == t.rows.len() || !usable(&t.rows[end]) || !follows(&t.rows[end - 1], &t.rows[end]);
        if broken {
            let run = &t.rows[start..end];
            if run.first().is_some_and(usable) && run.len() >= best.len() {
                best = run;
            }
            start = end;
        }
    }
    let (Some(first), Some(last)) = (best.first(), best.last()) else { return (None, notes) };
    let span = last.birth - first.birth;
    if best.len() < 3 || span == 0 {
        notes.push(
            "no three consecutive committed txgs whose births follow each other: no write rate from this table".into(),
        );
        return (None, notes);
    }
    let committed: Vec<&TxgRow> = t.rows.iter().filter(|r| usable(r)).collect();
    let left: Vec<&TxgRow> = committed.iter().copied().filter(|r| r.line < first.line || r.line > last.line).collect();
    if !left.is_empty() {
        notes.push(format!(
            "the rate comes from lines {}-{} ({} consecutive txgs whose births follow each other); committed txgs at line(s) {} are not in that run and were not used",
            first.line,
            last.line,
            best.len(),
            lines(&left)
        ));
    }
    // The last txg's own dirty data was gathered after its birth: leave it out.
    let bytes: u128 = best[..best.len() - 1].iter().map(|r| u128::from(r.ndirty.unwrap_or(0))).sum();
    let rate = u64::try_from(bytes * 1_000_000_000 / u128::from(span)).unwrap_or(u64::MAX);
    (Some(TxgRate { rate, first_line: first.line, last_line: last.line, txgs: best.len() }), notes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn row(line: usize, txg: u64, birth: u64, otime: u64, ndirty: u64) -> TxgRow {
        TxgRow { line, txg, birth, otime, ndirty: Some(ndirty), state: "C".into(), ..TxgRow::default() }
    }

    fn table(rows: Vec<TxgRow>) -> Txgs {
        Txgs { rows, ..Txgs::default() }
    }

    #[test]
    fn the_rate_is_the_bytes_of_a_run_over_its_births() {
        let t =
            table((0..5).map(|i| row(2 + i as usize, 10 + i, 1_000 + i * 1_000_000_000, 1_000_000_000, 100)).collect());
        let (r, notes) = txg_rate(&t);
        let r = r.expect("a rate");
        // Four txgs' 100 bytes over 4 s.
        assert_eq!((r.rate, r.first_line, r.last_line, r.txgs), (100, 2, 6, 5));
        assert!(notes.is_empty(), "{notes:?}");
    }

    #[test]
    fn a_missing_row_breaks_the_run_and_the_longest_run_is_used() {
        let mut rows: Vec<TxgRow> =
            (0..7).map(|i| row(2 + i as usize, 10 + i, i * 1_000_000_000, 1_000_000_000, 100)).collect();
        rows.remove(2); // cut: txg 12 was not read
        let (r, notes) = txg_rate(&table(rows));
        let r = r.expect("a rate");
        assert_eq!((r.rate, r.first_line, r.last_line), (100, 5, 8));
        assert!(notes.iter().any(|n| n.contains("lines 5-8") && n.contains("line(s) 2-3")), "{notes:?}");
    }

    #[test]
    fn rows_out_of_order_and_absurd_values_are_said() {
        let mut rows: Vec<TxgRow> =
            (0..4).map(|i| row(2 + i as usize, 10 + i, i * 1_000_000_000, 1_000_000_000, 100)).collect();
        rows.swap(1, 2);
        (rows[1].line, rows[2].line) = (3, 4);
        rows[3].ndirty = Some(u64::MAX);
        let (r, notes) = txg_rate(&table(rows));
        assert!(r.is_none(), "no three rows follow each other");
        assert!(notes.iter().any(|n| n.contains("line(s) 4: out of order")), "{notes:?}");
        assert!(notes.iter().any(|n| n.contains("line(s) 5: ndirty above")), "{notes:?}");
    }

    #[test]
    fn a_birth_that_is_not_the_previous_birth_plus_its_open_time_breaks_the_run() {
        let mut rows: Vec<TxgRow> =
            (0..4).map(|i| row(2 + i as usize, 10 + i, i * 1_000_000_000, 1_000_000_000, 100)).collect();
        rows[3].birth += 7;
        let (r, _) = txg_rate(&table(rows));
        assert!(r.is_some_and(|r| r.last_line == 4));
    }
}
