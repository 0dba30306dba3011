//! The reader's walk over a block: each line to its kind (header, dashes, timestamp, row,
//! bucket), samples and their boundaries, and the finished `Iostat` with its notes.

use super::*;

/// A header line and the lines it wrapped onto (each holding only more labels).
pub(super) fn join_wrapped(texts: &[Cow<str>], i: usize, more: impl Fn(&[&str]) -> bool) -> (String, usize) {
    let mut s = texts.get(i).map_or(String::new(), |t| t.to_string());
    let mut extra = 0;
    while let Some(next) = texts.get(i + 1 + extra).filter(|t| !t.trim().is_empty()) {
        let w = words_of(next);
        if extra >= 4 || !more(&w) {
            break;
        }
        s.push_str("  ");
        s.push_str(next.trim());
        extra += 1;
    }
    (s, extra)
}

impl Parser {
    pub(super) fn flag(&mut self, c: char) {
        if !self.flags.contains(&c) {
            self.flags.push(c);
        }
    }

    pub(super) fn sample_empty(&self) -> bool {
        self.cur.rows.is_empty() && self.cur.histograms.is_empty()
    }

    /// A new report starts at line `no` (a header, a repeated pool, a repeated histogram).
    pub(super) fn boundary(&mut self, no: usize) {
        if !self.sample_empty() {
            let done = std::mem::take(&mut self.cur);
            self.out.samples.push(done);
            self.cur.line = no;
        } else if self.cur.timestamp.is_none() {
            self.cur.line = no;
        }
        self.class = None;
        self.histo_open = false;
        self.section_start = None;
    }

    pub(super) fn touch(&mut self, no: usize) {
        if self.cur.line == 0 {
            self.cur.line = no;
        }
    }

    pub(super) fn timestamp(&mut self, no: usize, t: &str) {
        if !self.sample_empty() {
            let done = std::mem::take(&mut self.cur);
            self.out.samples.push(done);
        }
        // A timestamp right after another is an empty report (`-y`'s first): replaced.
        self.cur = Sample { line: no, timestamp: Some(t.to_string()), ..Sample::default() };
        self.class = None;
        self.histo_open = false;
        self.timestamps += 1;
    }

    pub(super) fn unmatched_top(&mut self) {
        if let Some(p) = self.pending_top.take() {
            let expected = if p.histo {
                "the header's second line (latency read write ... or req_size ind agg ...)"
            } else {
                "the header's second line (pool alloc free read write read write ...)"
            };
            self.sink.problem(p.no, format!("a header line without its second line: expected {expected} after it"));
        }
    }

    pub(super) fn line(&mut self, block: &[Line], texts: &[Cow<str>], i: usize) -> usize {
        let Some(no) = block.get(i).map(|l| l.no) else { return 0 };
        let text: &str = texts.get(i).map_or("", |c| c.as_ref());
        let t = text.trim();
        if t.is_empty() {
            return 0;
        }
        if is_separator(t) {
            self.dashes(t);
            return 0;
        }
        let words = words_of(t);
        if is_stats_top(&words) {
            self.unmatched_top();
            let (joined, extra) = join_wrapped(texts, i, |w| w.iter().all(|x| is_top_word(x)));
            self.boundary(no);
            self.pending_top = Some(PendingTop { no, text: joined, histo: false });
            return extra;
        }
        if let Some(kind) = bottom_kind(&words) {
            let (joined, extra) =
                join_wrapped(texts, i, |w| bottom_kind(w).is_none() && w.iter().all(|x| is_bottom_word(x)));
            self.header(no, &joined, kind);
            return extra;
        }
        if is_histo_top(&words) {
            self.unmatched_top();
            self.pending_top = Some(PendingTop { no, text: text.to_string(), histo: true });
            return 0;
        }
        if let Some(labels) = unknown_bottom(&words) {
            self.unmatched_top();
            self.unknown(no, &labels);
            return 0;
        }
        if let Some(at) = (1..=3).find(|&k| texts.get(i + k).is_some_and(|n| unknown_bottom(&words_of(n)).is_some())) {
            if words.iter().all(|w| is_label(w)) {
                self.unmatched_top();
                let msg = format!(
                    "a header line over columns no OpenZFS release prints (their labels at line {}): not read",
                    block.get(i + at).map_or(0, |l| l.no)
                );
                self.sink.problem(no, msg);
                return 0;
            }
        }
        self.unmatched_top();
        if is_timestamp(t) {
            self.timestamp(no, t);
            return 0;
        }
        if let Some(cmd) = Some(t).filter(|t| t.contains("iostat")).and_then(command) {
            self.boundary(no);
            self.cmd = Some(cmd);
            return 0;
        }
        if !self.scripted {
            match self.layout.as_ref().map(|l| l.kind) {
                Some(Kind::Stats) => return self.stats_row(no, texts, i),
                Some(Kind::Histo(kind)) => {
                    self.histo_row(no, kind, text);
                    return 0;
                }
                None => {}
            }
        }
        self.scripted_line(no, texts, i);
        0
    }

    /// A header the lab cannot map to columns: said once, with the labels it does not know
    /// and the command line's options OpenZFS's `zpool iostat` has not, and the rows after
    /// it are named by it instead of being guessed at as `-H` rows.
    pub(super) fn unknown(&mut self, no: usize, labels: &[&str]) {
        // `zpool_do_iostat()`'s getopt string, zfs-2.2.0: `c:gLPT:vyhplqrwnH`.
        let foreign: String = self
            .cmd
            .as_ref()
            .map(|c| c.flags.chars().filter(|f| !"cgLPTvyhplqrwnH".contains(*f)).collect())
            .unwrap_or_default();
        let options = if foreign.is_empty() {
            String::new()
        } else {
            format!("; -{foreign} is no option of OpenZFS's zpool iostat, so they are a fork's")
        };
        self.sink.problem(
            no,
            format!(
                "a zpool iostat header with columns no OpenZFS release prints ({}){options}: the rows under it are not read",
                labels.join(" ")
            ),
        );
        self.boundary(no);
        self.layout = None;
        self.scripted = false;
        self.unknown_header = Some(no);
    }

    pub(super) fn dashes(&mut self, t: &str) {
        if self.expect_dashes {
            // `-p` widens the columns (`default_column_width()`; histograms to their
            // widest count): any dash run but the name's not 5 wide means exact numbers.
            self.expect_dashes = false;
            if t.split_whitespace().skip(1).any(|d| d.len() != 5) {
                self.flag('p');
            }
            return;
        }
        // A histogram's closing line (`print_solid_separator()`), or the end of a pool's
        // `-v` tree (`print_iostat()` prints a separator after each pool).
        self.histo_open = false;
        self.section_start = None;
    }

    pub(super) fn header(&mut self, no: usize, bottom_text: &str, kind: Kind) {
        let mut top = self.pending_top.take();
        if let Some(p) = top.as_ref().filter(|p| p.histo != matches!(kind, Kind::Histo(_))) {
            self.sink.problem(p.no, "a header line that does not fit the one after it".to_string());
            top = None;
        }
        let btoks = tokens(bottom_text);
        let title = btoks.first().map_or("", |t| t.text);
        let bottom = btoks.get(1..).unwrap_or(&[]);
        let top_toks = top.as_ref().map(|p| tokens(&p.text)).unwrap_or_default();
        let mut name = None;
        let tops: Option<&[Tok]> = match (&top, kind) {
            (None, _) => None,
            (Some(_), Kind::Stats) => Some(&top_toks),
            (Some(_), Kind::Histo(_)) => match top_toks.split_first() {
                Some((first, rest)) if !HISTO_TOPS.contains(&first.text) => {
                    name = Some(first.text.to_string());
                    Some(rest)
                }
                _ => Some(&top_toks),
            },
        };
        if top.is_none() {
            self.sink.note(format!(
                "a header's first line is missing (first at line {no}); its columns are named in the order zpool prints them"
            ));
        }
        let layout = build_layout(kind, title, tops, bottom, no, &mut self.sink);
        for n in release_note(&layout) {
            self.sink.note(n);
        }
        if kind == Kind::Stats
            && layout.cols.len() == 6
            && top.as_ref().is_some_and(|p| p.text.contains("operations    bandwidth"))
        {
            // `print_iostat_header()` before 0.7 printed a fixed line with four spaces
            // here; `print_iostat_labels()` since centres the labels (five spaces).
            self.sink.note(
                "the header's spacing is that of ZoL 0.6.x or earlier (or illumos-derived ZFS): before -l/-q/-w/-r existed"
                    .to_string(),
            );
        }
        if kind == Kind::Stats && title == "vdev" {
            // `print_iostat_header_impl()` in `cmd/zpool/zpool_main.c` (0.7 on): `vdev`
            // when vdevs are named on the command line (`cb_vdevs.cb_names_count`).
            self.sink.note(
                "the header's title is vdev, not pool: zpool iostat was given vdevs, so its rows are those vdevs and none is a pool's"
                    .to_string(),
            );
        }
        match kind {
            Kind::Stats => {
                if top.is_none() {
                    self.boundary(no);
                }
                if layout.count(Field::Latency) > 0 {
                    self.flag('l');
                }
                if layout.count(Field::Queue) > 0 {
                    self.flag('q');
                }
            }
            Kind::Histo(hk) => {
                self.flag(if hk == HistogramKind::Latency { 'w' } else { 'r' });
                let line = top.as_ref().map_or(no, |p| p.no);
                let name =
                    name.or_else(|| self.cmd.as_ref().and_then(|c| c.names.first().cloned())).unwrap_or_default();
                if self.cur.histograms.first().is_some_and(|h| h.name == name) {
                    self.boundary(line);
                }
                self.touch(line);
                let columns = layout.cols.iter().map(|c| c.name.clone()).collect();
                self.cur.histograms.push(Histogram { line, name, kind: hk, columns, buckets: Vec::new() });
                self.histo_open = true;
            }
        }
        self.base_indent = indent(bottom_text);
        self.base_pending = kind == Kind::Stats;
        self.section_start = None;
        self.layout = Some(layout);
        self.scripted = false;
        self.unknown_header = None;
        self.expect_dashes = true;
        self.class = None;
    }

    pub(super) fn finish(mut self) -> Parsed<Iostat> {
        self.unmatched_top();
        if let Some((no, name)) = self.scripted_name.take() {
            self.sink.problem(no, format!("'{name}' alone on a line: expected a -H histogram's rows after it"));
        }
        if !self.sample_empty() {
            let done = std::mem::take(&mut self.cur);
            self.out.samples.push(done);
        }
        // Each report's tree is checked; the first short one is said.
        let mut said = false;
        for s in &mut self.out.samples {
            if let Some(note) = tree_sum::short_tree(&s.rows) {
                s.partial_tree = true;
                if !std::mem::replace(&mut said, true) {
                    self.sink.note(note);
                }
            }
        }
        let cmd = self.cmd.take().unwrap_or_default();
        let mut notes = Vec::new();
        // The columns printed say -l -q -w -r better than a command line (users paste a
        // wrong one); -v -p -H are not always visible, so the command line adds them.
        let read_any = !self.out.samples.is_empty();
        let shown: String = ['l', 'q', 'w', 'r'].iter().filter(|c| self.flags.contains(c)).collect();
        let typed: String = ['l', 'q', 'w', 'r'].iter().filter(|c| cmd.has(**c)).collect();
        if read_any && !cmd.flags.is_empty() && shown != typed {
            notes.push(format!(
                "the command line's options ({}) do not match the columns printed ({}); the output was read as printed",
                if typed.is_empty() { "none of -l -q -w -r".to_string() } else { format!("-{typed}") },
                if shown.is_empty() { "the default ones".to_string() } else { format!("-{shown}") }
            ));
        }
        for c in cmd.flags.chars() {
            if matches!(c, 'v' | 'p' | 'H') || (!read_any && FLAG_LETTERS.contains(&c)) {
                self.flag(c);
            }
        }
        self.out.flags = FLAG_LETTERS.iter().filter(|c| self.flags.contains(c)).collect();
        if let Some(t) = cmd.interval {
            if t % 1000 == 0 {
                self.out.interval_s = Some(t / 1000);
            } else {
                notes.push(format!("the interval is {} s, not a whole number of seconds", cmd.interval_text));
            }
        }
        let samples = &self.out.samples;
        let several = samples.len() > 1 || cmd.interval.is_some();
        let y = cmd.has('y');
        if samples.iter().any(|s| !s.rows.is_empty()) {
            notes.push(
                if y {
                    "-y: the report since boot was left out; every report is a per-second rate over its interval"
                } else if several {
                    "the first report is the average since boot or import (unless -y was given); the others are per-second rates over each interval"
                } else {
                    "the report is the average since boot or import (unless -y was given): operations and bandwidth per second"
                }
                .to_string(),
            );
        }
        if samples.iter().any(|s| !s.histograms.is_empty()) {
            notes.push(
                if y {
                    "-y: every histogram report holds per-second rates over its interval (rounded down), not I/O counts"
                } else if several {
                    "the first histogram report counts every I/O since boot or import (unless -y was given); with an interval the later ones are per-second rates (rounded down), not counts"
                } else {
                    "the histogram counts are I/Os since boot or import (no interval was given)"
                }
                .to_string(),
            );
        }
        if samples.iter().any(|s| s.rows.iter().any(|r| !r.queues.is_empty())) {
            notes.push(
                "the -q pend/activ columns are the queues' depths when the report was printed, not averages"
                    .to_string(),
            );
        }
        if samples.iter().any(|s| s.rows.iter().any(|r| !r.latency.is_empty())) {
            notes.push(
                "the -l latencies are averages over each report's interval, taken from power-of-two histograms (each I/O at its bucket's midpoint)"
                    .to_string(),
            );
        }
        if self.out.flags.contains('p') {
            notes.push("exact numbers (-p): sizes in bytes, latencies in ns".to_string());
        }
        if self.out.flags.contains('H') && self.out.flags.contains('v') {
            notes.push(
                "-H prints vdev names without indentation or class lines: every row's depth is 0 and its class unknown"
                    .to_string(),
            );
        }
        match self.timestamps {
            0 => {}
            1 => notes.push("the report carries a -T timestamp".to_string()),
            n => notes.push(format!("{n} reports carry a -T timestamp")),
        }
        notes.append(&mut self.sink.notes);
        Parsed { value: self.out, notes, problems: self.sink.problems }
    }
}

/// A word of a header line: a label (`read`, `object_store_total`) or a run of dashes.
fn is_label(w: &str) -> bool {
    w.bytes().all(|b| b == b'-') || (w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_') && !w.is_empty())
}

/// A second header line (`pool` or `vdev`, then labels only) that is not one zpool
/// prints: the labels the lab does not know, in order, or `None`.
fn unknown_bottom<'a>(words: &[&'a str]) -> Option<Vec<&'a str>> {
    let (first, rest) = words.split_first()?;
    if !matches!(*first, "pool" | "vdev") || rest.len() < 2 || bottom_kind(words).is_some() {
        return None;
    }
    if !rest.iter().all(|w| w.bytes().all(|b| b.is_ascii_lowercase() || b == b'_')) {
        return None;
    }
    let mut unknown: Vec<&str> = Vec::new();
    for w in rest.iter().copied().filter(|w| !is_bottom_word(w)) {
        if !unknown.contains(&w) {
            unknown.push(w);
        }
    }
    // Some labels must be zpool's (`read write`), else it is another tool's header.
    (!unknown.is_empty() && unknown.len() < rest.len()).then_some(unknown)
}
