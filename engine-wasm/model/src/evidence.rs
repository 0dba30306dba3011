//! Evidence from a customer's system, as they pasted it into a ticket: `zpool iostat`
//! tables, the `txgs` and named kstats, a module-parameters dump, `zpool status`,
//! `zpool get all`/`zfs get all`, version lines, fio's output, DTrace and bpftrace
//! histograms, and `dbgmsg`. The room upstream of every other: it only reads text into
//! what it says, and knows nothing of scenarios, runs or reports (`scenario::evidence`
//! turns what was read into lab settings; `report::evidence` sets it beside a run).
//!
//! Text is untrusted. [`import`] never panics: it cuts each file into blocks at the lines
//! that open a format ([`split`]), reads each block with its format's parser (one file per
//! format, named for the command or kstat that prints it), and keeps every line it can
//! read; a line it cannot is a [`Problem`] naming the file, the line and what was
//! expected. Nothing read is executed or kept as markup: values are numbers or plain text.

pub mod dbgmsg;
pub mod fio_output;
pub mod fit;
pub mod iostat;
pub mod kstat;
mod kstat_header;
pub mod number;
pub mod overlay;
pub mod params;
pub mod prompt;
pub mod properties;
pub mod quantize;
mod split;
pub mod status;
pub mod txgs;
pub mod version;

use serde::Serialize;

/// Text read at most per file: 64 MiB. Past it the rest is not read and a problem says so.
pub const MAX_TEXT: usize = 64 << 20;
/// Problems kept at most per file; past it one more says how many were left out.
pub const MAX_PROBLEMS: usize = 200;
/// Characters of a line kept at most; a longer line is read up to here.
pub const MAX_LINE: usize = 4096;

/// One line of a block: its number in its file (from 1) and its text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Line<'a> {
    pub no: usize,
    pub text: &'a str,
}

/// What a format's parser made of its block.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Parsed<T> {
    pub value: T,
    /// Facts about the block a reader should know (the first interval of `zpool iostat`
    /// is since boot, the kstat's layout names its release, ...).
    pub notes: Vec<String>,
    /// Lines it could not read: (line number, what was expected there).
    pub problems: Vec<(usize, String)>,
}

/// A line that could not be read, and why.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Problem {
    pub file: String,
    /// From 1; 0 when the problem is the file's as a whole.
    pub line: usize,
    pub message: String,
}

impl std::fmt::Display for Problem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.line == 0 {
            write!(f, "{}: {}", self.file, self.message)
        } else {
            write!(f, "{} line {}: {}", self.file, self.line, self.message)
        }
    }
}

/// One block of a file, read as one format.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Section {
    pub file: String,
    pub first_line: usize,
    pub last_line: usize,
    pub notes: Vec<String>,
    #[serde(flatten)]
    pub body: Body,
}

/// What a block was, and what was read from it.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "format", content = "data", rename_all = "snake_case")]
pub enum Body {
    /// `zpool iostat`, any of `-v -l -q -w -r -p -H`, one report or interval samples.
    Iostat(iostat::Iostat),
    /// `/proc/spl/kstat/zfs/<pool>/txgs`, in any of its three layouts.
    Txgs(txgs::Txgs),
    /// A named kstat (`dmu_tx`, `dmu_tx_assign`, `arcstats`) or FreeBSD's `kstat.zfs.*`.
    Kstat(kstat::Kstat),
    /// Module parameters, in any of the dump styles users paste.
    Params(params::Params),
    /// `zpool status`.
    Status(status::Status),
    /// `zpool get all` / `zfs get all`.
    Properties(properties::Properties),
    /// `zfs version`, `modinfo zfs`, `/sys/module/zfs/version`.
    Version(version::Version),
    /// fio's normal or JSON output.
    Fio(fio_output::FioResult),
    /// DTrace `quantize()`/`lquantize()` or bpftrace `hist()` tables.
    Quantize(quantize::Quantize),
    /// `/proc/spl/kstat/zfs/dbgmsg`.
    Dbgmsg(dbgmsg::Dbgmsg),
}

impl Body {
    /// The format's name as `--json` prints it and messages say it.
    pub fn format(&self) -> &'static str {
        match self {
            Body::Iostat(_) => "zpool iostat",
            Body::Txgs(_) => "txgs kstat",
            Body::Kstat(_) => "named kstat",
            Body::Params(_) => "module parameters",
            Body::Status(_) => "zpool status",
            Body::Properties(_) => "zpool/zfs get",
            Body::Version(_) => "version",
            Body::Fio(_) => "fio output",
            Body::Quantize(_) => "quantize histogram",
            Body::Dbgmsg(_) => "dbgmsg",
        }
    }
}

/// Everything read from a set of files.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Import {
    pub sections: Vec<Section>,
    pub problems: Vec<Problem>,
}

impl Import {
    /// The sections of one format, in the order read.
    pub fn bodies(&self) -> impl Iterator<Item = (&Section, &Body)> {
        self.sections.iter().map(|s| (s, &s.body))
    }
}

/// Reads `files` (name, text): each is cut into blocks by format and each block read.
pub fn import(files: &[(&str, &str)]) -> Import {
    let mut out = Import::default();
    for &(file, text) in files {
        read_file(file, text, &mut out);
    }
    out
}

fn read_file(file: &str, text: &str, out: &mut Import) {
    let mut problems = Vec::new();
    let text = if text.len() > MAX_TEXT {
        problems.push((
            0,
            format!("the text is longer than {} MiB; only its first {} MiB were read", MAX_TEXT >> 20, MAX_TEXT >> 20),
        ));
        cut(text, MAX_TEXT)
    } else {
        text
    };
    // Windows editors and PowerShell's `Out-File` begin a file with a byte-order mark: not
    // part of the first line.
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.contains('\0') {
        problems.push((
            0,
            "the text holds NUL bytes: it looks like a binary file, not command output; the readable lines were kept"
                .to_string(),
        ));
    }
    let lines: Vec<Line> = text
        .lines()
        .enumerate()
        .map(|(i, t)| Line { no: i + 1, text: if fence(t) || t.trim() == "^C" { "" } else { cut(t, MAX_LINE) } })
        .collect();
    let blocks = split::blocks(&lines);
    if lines.iter().all(|l| l.text.trim().is_empty()) {
        // Most often the wrong file, or a command's output that went to stderr.
        problems.push((0, "empty: nothing to read".to_string()));
    } else if blocks.is_empty() {
        problems.push((0, format!("no format the lab reads was recognised; it reads {}", split::KNOWN)));
    } else {
        // Lines in no block (before the first, after a bare prompt) that are neither blank
        // nor a shell prompt. A comment (`# ...`) is not evidence; nor is it lost evidence.
        let skipped = |l: &Line| {
            l.text.trim().is_empty()
                || l.text.trim_start().starts_with('#')
                || prompt::prompt(l.text).is_some()
                || prompt::output_ends(l.text)
        };
        let mut in_block = vec![false; lines.len()];
        for (_, range) in &blocks {
            in_block[range.clone()].iter_mut().for_each(|b| *b = true);
        }
        for (l, _) in lines.iter().zip(&in_block).filter(|(l, &inside)| !inside && !skipped(l)) {
            problems.push((l.no, "not part of any output the lab reads; skipped".to_string()));
        }
    }
    for (format, range) in blocks {
        let block = &lines[range];
        let (body, parsed_notes, parsed_problems) = split::parse(format, block);
        problems.extend(parsed_problems);
        if let Some(body) = body {
            out.sections.push(Section {
                file: file.to_string(),
                first_line: block.first().map_or(0, |l| l.no),
                last_line: block.last().map_or(0, |l| l.no),
                notes: parsed_notes,
                body,
            });
        }
    }
    problems.sort_by_key(|p| p.0);
    let total = problems.len();
    for (line, message) in problems.into_iter().take(MAX_PROBLEMS) {
        out.problems.push(Problem { file: file.to_string(), line, message });
    }
    if total > MAX_PROBLEMS {
        out.problems.push(Problem {
            file: file.to_string(),
            line: 0,
            message: format!("{} more lines could not be read and are not listed", total - MAX_PROBLEMS),
        });
    }
}

/// At most `chars` characters of an unread line, for its problem's message.
pub(crate) fn clip(text: &str, chars: usize) -> String {
    match text.char_indices().nth(chars) {
        Some((i, _)) => format!("{}...", &text[..i]),
        None => text.to_string(),
    }
}

/// `text` cut to at most `max` bytes, at a character boundary.
/// Lines that are no part of any output read as blank lines: `^C`, the terminal's echo of
/// the interrupt that stopped `zpool iostat 5` or a bpftrace script (whose maps it prints
/// after it), and a Markdown code fence.
///
/// A Markdown code fence (```` ``` ````, `~~~`, with or without a language), as a ticket or
/// a GitHub comment wraps pasted output: the paste's wrapping, not a line of the output.
/// It reads as a blank line, so a fence inside a `zpool status` config ends nothing and
/// starts nothing, and the line numbers stay the file's.
fn fence(line: &str) -> bool {
    let t = line.trim();
    let Some(mark) = t.chars().next().filter(|c| *c == '`' || *c == '~') else { return false };
    let info = t.trim_start_matches(mark);
    t.len() - info.len() >= 3 && info.trim().chars().all(|c| c.is_ascii_alphanumeric() || "-_+.".contains(c))
}

fn cut(text: &str, max: usize) -> &str {
    if text.len() <= max {
        return text;
    }
    let mut end = max;
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

impl Section {
    /// One line for a person: the format and what it holds.
    pub fn describe(&self) -> String {
        let what = match &self.body {
            Body::Iostat(io) => {
                let hist: usize = io.samples.iter().map(|s| s.histograms.len()).sum();
                let rows: usize = io.samples.iter().map(|s| s.rows.len()).sum();
                format!(
                    "{}{}: {} report(s), {rows} pool/vdev rows, {hist} histograms",
                    self.body.format(),
                    if io.flags.is_empty() { String::new() } else { format!(" -{}", io.flags) },
                    io.samples.len()
                )
            }
            Body::Txgs(t) => format!("{}: {} txgs ({:?} layout)", self.body.format(), t.rows.len(), t.layout),
            Body::Kstat(k) => {
                let name = if k.name.is_empty() { "unnamed" } else { &k.name };
                format!("{} {name}: {} stats", self.body.format(), k.stats.len())
            }
            Body::Params(p) => format!("{} ({}): {} parameters", self.body.format(), p.style, p.entries.len()),
            // `zpool status -x` with every pool healthy names none.
            Body::Status(s) if s.pool.is_empty() => format!("{}: no pool named", self.body.format()),
            Body::Status(s) => format!(
                "{} of {}: {} config lines{}",
                self.body.format(),
                s.pool,
                s.config.len(),
                s.scan.as_ref().map_or(String::new(), |scan| format!(
                    ", {} {}",
                    scan.kind,
                    if scan.in_progress { "in progress" } else { "done" }
                ))
            ),
            Body::Properties(p) => format!("{}: {} properties", self.body.format(), p.rows.len()),
            Body::Version(v) => format!(
                "{}: {}",
                self.body.format(),
                v.lines.iter().map(|l| format!("{} {}", l.what, l.version)).collect::<Vec<_>>().join(", ")
            ),
            Body::Fio(f) if f.groups.is_empty() => format!("{}: {} jobs", self.body.format(), f.jobs.len()),
            Body::Fio(f) => {
                format!("{}: {} jobs, {} group summaries", self.body.format(), f.jobs.len(), f.groups.len())
            }
            Body::Quantize(q) => format!("{}: {} tables", self.body.format(), q.tables.len()),
            Body::Dbgmsg(d) => format!("{}: {} messages", self.body.format(), d.messages.len()),
        };
        format!("{} lines {}-{}: {what}", self.file, self.first_line, self.last_line)
    }
}
