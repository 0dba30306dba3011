//! `-H` output: rows and histogram buckets with no header, TAB separated.

use super::*;

impl Parser {
    /// Lines without a header: `-H` rows (TAB separated, no header, `print_one_stat()`),
    /// its histograms (a name line, then `label\tcount...`), or rows that lost their header.
    pub(super) fn scripted_line(&mut self, no: usize, texts: &[Cow<str>], i: usize) {
        let text: &str = texts.get(i).map_or("", |c| c.as_ref());
        let tabbed = text.contains('\t');
        let fields: Vec<&str> = if tabbed {
            text.split('\t').map(str::trim).filter(|f| !f.is_empty()).collect()
        } else {
            text.split_whitespace().collect()
        };
        let Some((&first, rest)) = fields.split_first() else { return };
        let next_is_bucket = || {
            texts.get(i + 1..).unwrap_or(&[]).iter().take(3).find(|t| !t.trim().is_empty()).is_some_and(|t| {
                let f: Vec<&str> = t.split_whitespace().collect();
                f.first().is_some_and(|l| integer(l).is_some()) && f.len() >= 10
            })
        };
        // A bucket's label is 2^k - 1 (latency) or 2^k (size); `-g` prints vdevs by
        // their guid, also an integer, in a stats row.
        let bucket = integer(first)
            .filter(|&v| v >= 1)
            .is_some_and(|v| v.checked_add(1).is_some_and(u64::is_power_of_two) || v.is_power_of_two())
            && (9..=14).contains(&rest.len());
        if rest.is_empty() && next_is_bucket() {
            self.scripted_name = Some((no, first.to_string()));
        } else if bucket {
            self.scripted_bucket(no, first, rest, tabbed);
        } else if let Some(h) = self.unknown_header.filter(|_| !tabbed) {
            self.sink.problem(
                no,
                format!("a row under the header at line {h}, whose columns the lab does not know: not read"),
            );
        } else if rest.len() >= 6 && rest.iter().all(|c| value_like(c)) {
            self.scripted_row(no, first, rest, tabbed);
        } else {
            let expected = match &self.layout {
                Some(l) if !self.scripted => format!("a row of {} columns ({})", l.cols.len() + 1, l.labels()),
                _ => "a zpool iostat header (capacity operations bandwidth ...), a pool or vdev row, a histogram row or a -T timestamp".to_string(),
            };
            self.sink.problem(no, format!("not a zpool iostat line: expected {expected}"));
        }
    }

    pub(super) fn scripted_row(&mut self, no: usize, name: &str, cells: &[&str], tabbed: bool) {
        let n = cells.len();
        if self.scripted_layout.as_ref().map(|(k, _)| *k) != Some(n) {
            let Some(layout) = scripted_stats_layout(n, cells, self.cmd.as_ref(), &mut self.sink) else {
                self.sink.problem(
                    no,
                    format!(
                        "expected a -H row: a name and 6, 15, 16, 17, 18, 20, 25, 28 or 31 values, found {n} values"
                    ),
                );
                return;
            };
            for note in release_note(&layout) {
                self.sink.note(note);
            }
            self.scripted_layout = Some((n, layout));
        }
        self.scripted = true;
        self.base_indent = 0;
        self.histo_open = false;
        if tabbed {
            self.flag('H');
        } else {
            self.sink.note(
                "rows without a header (and not TAB separated as -H prints them): their columns were inferred from their count of values"
                    .to_string(),
            );
        }
        let Some((_, layout)) = self.scripted_layout.take() else { return };
        if layout.count(Field::Latency) > 0 {
            self.flag('l');
        }
        if layout.count(Field::Queue) > 0 {
            self.flag('q');
        }
        self.add_row(&layout, no, name, None, cells);
        self.scripted_layout = Some((n, layout));
    }

    pub(super) fn scripted_bucket(&mut self, no: usize, label: &str, cells: &[&str], tabbed: bool) {
        let v = integer(label).unwrap_or(0);
        let kind = if v.checked_add(1).is_some_and(u64::is_power_of_two) {
            HistogramKind::Latency
        } else if v.is_power_of_two() {
            HistogramKind::RequestSize
        } else {
            self.sink.problem(
                no,
                format!("expected a -H histogram row: a bucket (1, 3, 7, ... ns or 512, 1024, ... bytes) first, found '{label}'"),
            );
            return;
        };
        let n = cells.len();
        let fits = self.scripted && self.histo_open && self.scripted_name.is_none();
        let continues = fits
            && self.cur.histograms.last().is_some_and(|h| {
                h.kind == kind && h.columns.len() == n && h.buckets.last().map_or(true, |b| b.bound < v)
            });
        if !continues {
            let Some(layout) = scripted_histo_layout(kind, n, &mut self.sink) else {
                self.sink.problem(
                    no,
                    format!("expected a -H histogram row: a bucket and 9 to 11 latency or 10, 12 or 14 request-size counts, found {n} counts"),
                );
                return;
            };
            for note in release_note(&layout) {
                self.sink.note(note);
            }
            let (line, name) = self
                .scripted_name
                .take()
                .unwrap_or_else(|| (no, self.cmd.as_ref().and_then(|c| c.names.first().cloned()).unwrap_or_default()));
            if self.cur.histograms.first().is_some_and(|h| h.name == name) {
                self.boundary(line);
            }
            self.touch(line);
            let columns = layout.cols.iter().map(|c| c.name.clone()).collect();
            self.cur.histograms.push(Histogram { line, name, kind, columns, buckets: Vec::new() });
            self.histo_open = true;
            self.scripted = true;
            self.flag(if kind == HistogramKind::Latency { 'w' } else { 'r' });
        }
        if tabbed {
            self.flag('H');
        }
        self.push_bucket(no, label, v, cells);
    }
}
