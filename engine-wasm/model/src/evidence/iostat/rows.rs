//! Table rows and histogram buckets under a header: their cells to the layout's columns,
//! `-v` depth and classes.

use super::*;

impl Parser {
    pub(super) fn stats_row(&mut self, no: usize, texts: &[Cow<str>], i: usize) -> usize {
        self.expect_dashes = false;
        let Some(layout) = self.layout.take() else { return 0 };
        let consumed = self.stats_row_in(&layout, no, texts, i);
        self.layout = Some(layout);
        consumed
    }

    pub(super) fn stats_row_in(&mut self, layout: &Layout, no: usize, texts: &[Cow<str>], i: usize) -> usize {
        let text: &str = texts.get(i).map_or("", |c| c.as_ref());
        let n = layout.cols.len();
        let toks = tokens(text);
        let expected = || format!("expected a row of {} columns ({}), found {}", n + 1, layout.labels(), toks.len());
        if toks.len() < n + 1 {
            // A row wrapped by the terminal or the paste: its values go on on the next line.
            let next: Vec<&str> = texts.get(i + 1).map(|t| t.split_whitespace().collect()).unwrap_or_default();
            let fits = layout.extras == 0
                && toks.len() >= 2
                && !next.is_empty()
                && next.iter().all(|c| value_like(c))
                && toks.len() - 1 + next.len() == n;
            let Some(first) = toks.first().filter(|_| fits) else {
                self.sink.problem(no, expected());
                return 0;
            };
            let cells: Vec<&str> = toks.iter().skip(1).map(|t| t.text).chain(next).collect();
            self.add_row(layout, no, first.text, Some(indent(text)), &cells);
            return 1;
        }
        let (name, cells): (&str, Vec<&str>) = if layout.extras > 0 {
            (toks.first().map_or("", |t| t.text), toks.iter().skip(1).take(n).map(|t| t.text).collect())
        } else {
            // A name with spaces: everything before the last n cells.
            let k = toks.len() - n;
            if toks.iter().take(k).skip(1).any(|t| value_like(t.text)) {
                self.sink.problem(no, expected());
                return 0;
            }
            let start = toks.first().map_or(0, |t| t.byte);
            let end = toks.get(k - 1).map_or(start, |t| t.byte + t.text.len());
            (text.get(start..end).unwrap_or(""), toks.iter().skip(k).map(|t| t.text).collect())
        };
        self.add_row(layout, no, name, Some(indent(text)), &cells);
        0
    }

    /// A pool, vdev or class row; `indent` is `None` for `-H` (no indentation printed).
    pub(super) fn add_row(&mut self, layout: &Layout, no: usize, name: &str, indent: Option<usize>, cells: &[&str]) {
        let class_header = CLASSES.contains(&name) && cells.iter().all(|c| *c == "-");
        if let Some(ind) = indent.filter(|_| self.base_pending && !class_header) {
            self.base_indent = ind;
            self.base_pending = false;
        }
        let mut depth = if class_header {
            1
        } else {
            indent.map_or(0, |ind| u32::try_from(ind.saturating_sub(self.base_indent).div_ceil(2)).unwrap_or(u32::MAX))
        };
        if class_header {
            self.class = Some(name.to_string());
            self.flag('v');
        } else if depth == 0 {
            // A pool: the report starts again when the first pool of this one repeats
            // (interval rows printed without a header between them).
            if self.cur.rows.first().is_some_and(|r| r.depth == 0 && r.name == name) {
                self.boundary(no);
            }
            // A second unindented row before the pool's separator, in a `-v` paste
            // whose indentation was lost (a leaf's `-` capacity says so even without the
            // command line): `print_iostat_default()` prints capacity only for vdevs
            // with space, so those are top-level and the others leaves.
            let cell = |f: Field| layout.cols.iter().position(|c| c.field == f).and_then(|j| cells.get(j).copied());
            let leaf =
                cell(Field::Alloc) == Some("-") || (cell(Field::Alloc) == Some("0") && cell(Field::Free) == Some("0"));
            let in_tree =
                indent.is_some() && self.section_start.is_some() && !self.indent_seen && layout.title != "vdev";
            if in_tree && !self.flat && (leaf || self.cmd.as_ref().is_some_and(|c| c.has('v'))) {
                self.flat = true;
                self.reflow_section();
                self.sink.note(
                    "the -v rows carry no indentation (lost in the paste): a vdev's depth was taken from its capacity (top-level vdevs have one, leaves print -)"
                        .to_string(),
                );
            }
            if in_tree && self.flat {
                depth = if leaf { 2 } else { 1 };
                self.flag('v');
            } else {
                // A pool (or, until a leaf shows the tree is flat, a row taken for one).
                self.class = None;
                if self.section_start.is_none() {
                    self.section_start = Some(self.cur.rows.len());
                }
            }
        } else {
            self.indent_seen = true;
            self.flag('v');
        }
        self.touch(no);
        self.cur.vdev_title = layout.title == "vdev";
        let mut row = Row { line: no, name: name.to_string(), depth, class: self.class.clone(), ..Row::default() };
        for (col, &cell) in layout.cols.iter().zip(cells) {
            let sink = &mut self.sink;
            // `print_iostat_default()`: vdevs without space (leaves) print `-` for capacity.
            let size = |sink: &mut Sink, dash_none: bool| {
                if class_header || (dash_none && cell == "-") {
                    None
                } else {
                    sink.size(no, &col.name, cell)
                }
            };
            match col.field {
                Field::Alloc => row.alloc = size(sink, true),
                Field::Free => row.free = size(sink, true),
                Field::ReadOps => row.read_ops = size(sink, false),
                Field::WriteOps => row.write_ops = size(sink, false),
                Field::ReadBytes => row.read_bytes = size(sink, false),
                Field::WriteBytes => row.write_bytes = size(sink, false),
                Field::Latency => {
                    // `zfs_nicetime()` always prints a unit; a bare number is `-p`'s ns.
                    let raw = cell.bytes().all(|b| b.is_ascii_digit());
                    let value = if class_header { None } else { sink.time(no, &col.name, cell) };
                    row.latency.push(Column { name: col.name.clone(), value });
                    if raw && !class_header {
                        self.flag('p');
                    }
                }
                Field::Queue => {
                    let value = size(sink, false);
                    row.queues.push(Column { name: col.name.clone(), value });
                }
                Field::Unknown => {}
            }
        }
        self.cur.rows.push(row);
    }

    /// The rows of the current pool read so far as pools become its vdevs (a flat `-v`).
    pub(super) fn reflow_section(&mut self) {
        let Some(start) = self.section_start else { return };
        let mut class: Option<String> = None;
        for r in self.cur.rows.iter_mut().skip(start + 1) {
            if r.class.as_deref() == Some(r.name.as_str()) && r.read_ops.is_none() {
                class = r.class.clone();
                continue;
            }
            r.depth = if r.alloc.is_none() || (r.alloc == Some(0) && r.free == Some(0)) { 2 } else { 1 };
            r.class = class.clone();
        }
        self.class = class;
    }

    pub(super) fn histo_row(&mut self, no: usize, kind: HistogramKind, text: &str) {
        self.expect_dashes = false;
        let toks = tokens(text);
        let Some(layout) = self.layout.as_ref() else { return };
        let n = layout.cols.len();
        let open = self.histo_open && !self.cur.histograms.is_empty();
        if !open {
            self.sink.problem(
                no,
                format!(
                    "a histogram row after its histogram's closing line: expected a header ({}) before it",
                    layout.labels()
                ),
            );
            return;
        }
        let Some((label, cells)) = toks.split_first().filter(|(_, c)| c.len() == n) else {
            let msg = format!("expected a bucket row of {} columns ({}), found {}", n + 1, layout.labels(), toks.len());
            self.sink.problem(no, msg);
            return;
        };
        let Some(bound) = bucket_bound(kind, label.text) else {
            let expected = if kind == HistogramKind::Latency {
                "a latency bucket (1ns 3ns 7ns ... 1us 2us ... 137s)"
            } else {
                "a request size bucket (512 1K 2K ... 16M)"
            };
            self.sink.problem(no, format!("expected {expected} first, found '{}'", label.text));
            return;
        };
        // `zfs_nicenum()` prints 1024 and more with a suffix: a bare one is `-p`.
        if cells.iter().any(|c| integer(c.text).is_some_and(|v| v >= 1024)) {
            self.flag('p');
        }
        let cells: Vec<&str> = cells.iter().map(|c| c.text).collect();
        self.push_bucket(no, label.text, bound, &cells);
    }

    /// A bucket row into the sample's last histogram, its cells read as counts.
    pub(super) fn push_bucket(&mut self, no: usize, label: &str, bound: u64, cells: &[&str]) {
        let Some(h) = self.cur.histograms.last_mut() else { return };
        let counts = h.columns.iter().zip(cells).map(|(name, c)| self.sink.size(no, name, c)).collect();
        h.buckets.push(Bucket { label: label.to_string(), bound, counts });
    }
}
