//! `zpool iostat` (`cmd/zpool/zpool_main.c`): the default columns, `-v` trees, `-l`
//! latencies, `-q` queues, `-w` latency and `-r` request-size histograms, `-p` exact and
//! `-H` scripted forms, interval samples and several pools.
//!
//! The table is read by its header, never by fixed widths: `print_iostat_header_impl()`
//! prints a line of top labels (`capacity operations bandwidth total_wait ...`), each
//! centred over its columns, then a line of bottom labels (`pool alloc free read write
//! ...`), then dashes. Bottom labels come in known runs (`alloc free`, `read write`, `pend
//! activ`, `ind agg`, or a lone `wait`), and each run sits under one top label, in order;
//! so combined flags (`-lq`) and every release's set of columns map by the labels printed.
//! Only when the count of top labels and runs disagree (a mangled paste) are runs matched
//! to the nearest top label by character position. `-H` prints no header: its columns
//! are inferred from the count of values and the flags of a pasted command line.

use super::number::{decimal_thousandths, integer, nicenum, nicetime};
use super::{Line, Parsed};
use serde::Serialize;
use std::borrow::Cow;

// The reading is split by task: `labels` (headers and the columns they make), `opening`
// (where a block starts), `command_line`, `parser` (the walk over a block's lines), `rows`
// (table rows and histogram buckets), `scripted` (`-H`). The types they share are here.
mod command_line;
mod labels;
mod opening;
mod parser;
mod rows;
mod scripted;
mod sink;
mod tree_sum;
mod zpool_labels;

use command_line::*;
use labels::*;
use opening::*;
use zpool_labels::*;

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

impl Iostat {
    /// The reports that describe a period: all but the first when there are several (the
    /// first is the average since boot or import), else the one there is.
    pub fn period_samples(&self) -> impl Iterator<Item = &Sample> {
        self.samples.iter().skip(usize::from(self.samples.len() > 1))
    }

    /// The first pool's row of each of those reports; none from a table of named vdevs.
    pub fn pool_rows(&self) -> impl Iterator<Item = &Row> {
        self.period_samples()
            .filter(|s| !s.vdev_title)
            .filter_map(|s| s.rows.iter().find(|r| r.depth == 0 && r.class.is_none()))
    }
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Sample {
    pub line: usize,
    /// The `-T d`/`-T u` timestamp line before the report, as printed.
    pub timestamp: Option<String>,
    /// The header's title is `vdev`, not `pool`: `zpool iostat` was given vdevs on its
    /// command line (`print_iostat_header_impl()`, 0.7 on), so the unindented rows are
    /// those vdevs and none is a pool's.
    pub vdev_title: bool,
    /// A `-v` tree whose top-level vdevs add up to less than their pool's row: part of
    /// it was not pasted, so its layout and its mirrors' copies are not read from it.
    pub partial_tree: bool,
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

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Stats,
    Histo(HistogramKind),
}

/// A word of a line, with where it starts: its byte offset and character column.
#[derive(Clone, Copy, Debug)]
struct Tok<'a> {
    text: &'a str,
    byte: usize,
    col: usize,
}

impl Tok<'_> {
    fn end(&self) -> usize {
        self.col + self.text.chars().count()
    }
}

// ---------------------------------------------------------------------------------------
// A table's columns.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Field {
    Alloc,
    Free,
    ReadOps,
    WriteOps,
    ReadBytes,
    WriteBytes,
    Latency,
    Queue,
    /// A column the lab does not know (a later release's, `-c`'s): skipped.
    Unknown,
}

#[derive(Clone, Debug)]
struct Col {
    name: String,
    field: Field,
}

#[derive(Clone, Debug)]
struct Layout {
    kind: Kind,
    /// `pool`, `vdev`, `latency` or `req_size`.
    title: String,
    cols: Vec<Col>,
    /// Bottom labels past the known ones (`-c` script columns): their cells are not read.
    extras: usize,
}

impl Layout {
    /// The labels of a row, for messages: `pool alloc free read write ...`.
    fn labels(&self) -> String {
        let mut s = self.title.clone();
        for (i, c) in self.cols.iter().enumerate() {
            if i == 8 && self.cols.len() > 10 {
                s.push_str(" ...");
                break;
            }
            s.push(' ');
            s.push_str(c.name.rsplit(' ').next().unwrap_or(&c.name));
        }
        s
    }

    fn count(&self, field: Field) -> usize {
        self.cols.iter().filter(|c| c.field == field).count()
    }
}

/// A run of bottom labels under one top label (or, for `-w`'s `scrub trim rebuild`, alone).
struct Run<'a> {
    labels: Vec<&'a str>,
    lo: usize,
    hi: usize,
    needs_top: bool,
}

// ---------------------------------------------------------------------------------------
// The command line.

/// What a pasted `zpool iostat ...` command line says.
#[derive(Clone, Debug, Default, PartialEq)]
struct Command {
    /// Option letters, as given (`v l q w r p H y T ...`).
    flags: String,
    /// The interval in thousandths of a second (`zpool iostat [pool ...] [interval [count]]`).
    interval: Option<u64>,
    /// The interval as typed.
    interval_text: String,
    /// Pools or vdevs named.
    names: Vec<String>,
}

impl Command {
    fn has(&self, c: char) -> bool {
        self.flags.contains(c)
    }
}

/// Does line `i` open a block of this format? On the header's first line (`capacity
/// operations bandwidth ...`, or `NAME total_wait disk_wait ...` / `NAME sync_read ...`
/// when `latency`/`req_size` follows), on its second when the first is missing, on a
/// `-T` timestamp or a line of dashes just before a header, and on `-H` rows.
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    opens_at(lines, i, true)
}

// ---------------------------------------------------------------------------------------
// Reading a block.

/// Notes and problems as they are found.
#[derive(Default)]
struct Sink {
    notes: Vec<String>,
    problems: Vec<(usize, String)>,
    overflows: usize,
}

struct PendingTop {
    no: usize,
    text: String,
    histo: bool,
}

#[derive(Default)]
struct Parser {
    out: Iostat,
    sink: Sink,
    cur: Sample,
    /// The current header's columns.
    layout: Option<Layout>,
    /// Rows are read without a header (`-H`, or a paste that lost it).
    scripted: bool,
    /// The `-H` rows' layout and its count of values.
    scripted_layout: Option<(usize, Layout)>,
    /// Where a pool's name starts: a row's depth is its indentation past it, by 2
    /// (`print_vdev_stats()` indents each level by 2). Taken from the first row under a
    /// header, always a pool, so that a paste that shifted the rows reads the same.
    base_indent: usize,
    base_pending: bool,
    /// A row of the block was indented past its pool: the indentation is trusted.
    indent_seen: bool,
    /// The current pool's row (an index into the sample's rows), until a separator.
    section_start: Option<usize>,
    /// `-v` rows that lost their indentation in the paste: depth from the capacity cells.
    flat: bool,
    class: Option<String>,
    /// The last histogram of the sample still takes rows (its closing line not yet seen).
    histo_open: bool,
    /// A `-H` histogram's name line, waiting for its rows.
    scripted_name: Option<(usize, String)>,
    pending_top: Option<PendingTop>,
    /// The header's dashes come next: their width tells `-p`.
    expect_dashes: bool,
    cmd: Option<Command>,
    /// A header whose columns no OpenZFS release prints, at this line: its rows are
    /// named as not read, by it.
    unknown_header: Option<usize>,
    flags: Vec<char>,
    timestamps: usize,
}

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Iostat> {
    let texts: Vec<Cow<str>> = block.iter().map(|l| strip_ansi(l.text)).collect();
    let mut p = Parser::default();
    let mut i = 0;
    if let Some(first) = block.first() {
        if let Some(cmd) = command(first.text) {
            p.cmd = Some(cmd);
            i = 1;
        } else if super::prompt::prompt(first.text).is_some() {
            i = 1;
        }
    }
    while i < block.len() {
        i += 1 + p.line(block, &texts, i);
    }
    p.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(text: &str) -> Vec<Line<'_>> {
        text.lines().enumerate().map(|(i, t)| Line { no: i + 1, text: t }).collect()
    }

    fn opened(text: &str) -> Vec<usize> {
        let ls = lines(text);
        (0..ls.len()).filter(|&i| opens(&ls, i)).map(|i| i + 1).collect()
    }

    #[test]
    fn opens_on_headers_only() {
        let stats = "              capacity     operations     bandwidth\npool        alloc   free   read  write   read  write\n----------  -----  -----  -----  -----  -----  -----\ntank        1.00T  2.00T     10     20   1.0M   2.0M\n";
        assert_eq!(opened(stats), [1, 2]);
        let w = "\ntank         total_wait     disk_wait    syncq_wait    asyncq_wait\nlatency      read  write   read  write   read  write   read  write  scrub   trim  rebuild\n----------  -----\n1ns             0      0      0      0      0      0      0      0      0      0      0\n";
        assert_eq!(opened(w), [2, 3]);
        let r = "lnec-ost01    sync_read    sync_write    async_read    async_write      scrub         trim\n\nreq_size      ind    agg    ind    agg    ind    agg    ind    agg    ind    agg    ind    agg\n";
        assert_eq!(opened(r), [1, 3]);
        // A -T timestamp or a separator opens only right before a header.
        assert_eq!(opened(&format!("Mon Mar 15 13:48:44 MST 2021\n{stats}")), [1, 2, 3]);
        assert_eq!(opened(&format!("1615841324\n\n{stats}")), [1, 3, 4]);
        assert_eq!(opened(&format!("----------  -----\n{stats}")), [1, 2, 3]);
        // Names that are not a -w title: the word `latency` must follow.
        assert!(opened("tank total_wait disk_wait\nsomething else\n").is_empty());
    }

    #[test]
    fn does_not_open_on_other_formats() {
        let others = "\
  pool: tank
 state: ONLINE
  scan: resilvered 1.2G in 00:10:05 with 0 errors
config:

\tNAME        STATE     READ WRITE CKSUM
\ttank        ONLINE       0     0     0
\t  mirror-0  ONLINE       0     0     0
errors: No known data errors
5 1 0x01 11 528 2058200957 2095734345211
name                            type data
dmu_tx_assigned                 4    1234
txg      birth            state ndirty       nread        nwritten     reads    writes   otime        qtime        wtime        stime
18530    5116620568013    C     67108864     0            71446528     0        628      1000147927   11437        41224        626838455
NAME    SIZE  ALLOC   FREE  CKPOINT  EXPANDSZ   FRAG    CAP  DEDUP    HEALTH  ALTROOT
bckpool  capacity                       7%                             -
tank\tsize\t10G\t-
zfs_dirty_data_max\t4294967296
           value  ------------- Distribution ------------- count
  write: IOPS=1234, BW=4936KiB/s (5054kB/s)(289MiB/60001msec); 0 zone resets
Sun Mar 14 00:26:04 2021
--------------------------------------------------------
1615841324
";
        assert!(opened(others).is_empty(), "{:?}", opened(others));
    }

    #[test]
    fn opens_on_scripted_output() {
        assert_eq!(opened("tank\t1.20T\t2.40T\t10\t20\t1.1M\t2.2M\n"), [1]);
        assert_eq!(opened("tank\n1\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\n3\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\t0\n"), [1]);
        // Too few values, or not values.
        assert!(opened("tank\t1.20T\t2.40T\t10\n").is_empty());
        assert!(opened("tank\tcompression\ton\tlocal\tx\ty\tz\n").is_empty());
    }

    #[test]
    fn command_lines_as_getopt_reads_them() {
        let c = command("root@host:~# zpool iostat -vlTd pool2 5").unwrap();
        assert_eq!((c.flags.as_str(), c.interval, c.names.as_slice()), ("vlT", Some(5000), &["pool2".to_string()][..]));
        let c = command("# zpool iostat zpool1-store1 -q -l 1").unwrap();
        assert_eq!((c.flags.as_str(), c.interval), ("ql", Some(1000)));
        let c = command("$ zpool iostat -c 'echo a=1' -v tank 2 3 | tee out").unwrap();
        assert_eq!((c.flags.as_str(), c.interval, c.names.as_slice()), ("cv", Some(2000), &["tank".to_string()][..]));
        let c = command("PS C:\\Windows\\system32> C:\\tools\\zfs\\zpool.exe iostat -r 5").unwrap();
        assert_eq!((c.flags.as_str(), c.interval), ("r", Some(5000)));
        let c = command("$ sudo /sbin/zpool iostat -T u -y 0.5").unwrap();
        assert_eq!((c.flags.as_str(), c.interval), ("Ty", Some(500)));
        assert!(command("$ zpool status -v").is_none());
    }

    #[test]
    fn every_latency_label_names_its_bucket() {
        // As zfs_nicetime() prints each bucket's end, 2^(j+1) - 1 ns (FORMATS.md, -w).
        let labels = [
            "1ns", "3ns", "7ns", "15ns", "31ns", "63ns", "127ns", "255ns", "511ns", "1us", "2us", "4us", "8us", "16us",
            "32us", "65us", "131us", "262us", "524us", "1ms", "2ms", "4ms", "8ms", "16ms", "33ms", "67ms", "134ms",
            "268ms", "536ms", "1s", "2s", "4s", "8s", "17s", "34s", "68s", "137s",
        ];
        for (j, label) in labels.into_iter().enumerate() {
            let end = (1u64 << (j + 1)) - 1;
            assert_eq!(bucket_bound(HistogramKind::Latency, label), Some(end), "{label}");
            assert_eq!(bucket_bound(HistogramKind::Latency, &end.to_string()), Some(end));
        }
        assert_eq!(bucket_bound(HistogramKind::Latency, "5ns"), None);
        assert_eq!(bucket_bound(HistogramKind::Latency, "137s"), Some((1 << 37) - 1));
        for (label, start) in [("512", 512), ("1K", 1024), ("128K", 128 << 10), ("16M", 16 << 20), ("4096", 4096)] {
            assert_eq!(bucket_bound(HistogramKind::RequestSize, label), Some(start));
        }
        assert_eq!(bucket_bound(HistogramKind::RequestSize, "3K"), None);
    }

    #[test]
    fn timestamps_and_clocks() {
        assert!(is_timestamp("Mon Mar 15 13:48:44 MST 2021"));
        assert!(is_timestamp("Mo 15. Mär 13:48:44 CET 2021"));
        assert!(is_timestamp("2021-03-15 13:48:44"));
        assert!(is_timestamp("1615841324"));
        assert!(!is_timestamp("pci-0000:00:1f.2-ata-1"));
        assert!(!is_timestamp("tank 1.00T 2.00T 10 20 1.0M 2.0M"));
        assert!(!is_timestamp("12345"));
    }

    #[test]
    fn colour_codes_are_dropped() {
        assert_eq!(strip_ansi("\u{1b}[1;34m1.00T\u{1b}[0m  2"), "1.00T  2");
        assert_eq!(strip_ansi("plain"), "plain");
        assert_eq!(strip_ansi("\u{1b}"), "");
    }

    #[test]
    fn columns_by_position_when_the_top_labels_do_not_match() {
        // A top line that lost `operations`: the runs take their nearest top label.
        let top = "              capacity                    bandwidth    total_wait";
        let bottom = "pool        alloc   free   read  write   read  write   read  write";
        let (t, b) = (tokens(top), tokens(bottom));
        let mut sink = Sink::default();
        let l = build_layout(Kind::Stats, "pool", Some(&t), b.get(1..).unwrap(), 2, &mut sink);
        let names: Vec<&str> = l.cols.iter().map(|c| c.name.as_str()).collect();
        assert_eq!(names[4..], ["bandwidth read", "bandwidth write", "total_wait read", "total_wait write"]);
        assert!(sink.notes.iter().any(|n| n.contains("nearest")));
    }

    #[test]
    fn garbage_never_panics() {
        let texts = [
            "capacity operations bandwidth\npool alloc free\n\u{1b}[\n-\t\t\n1\t\n",
            "pool alloc free read write read write\nx\n  -  -  -  -  -  -  -\nlogs - - - - - -\n",
            "x total_wait disk_wait\nlatency read write\n1ns 1\n137s 99999999999999999999E\n",
            "tank\n1\t2\n\n512\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10\n",
            "$ zpool iostat -T\n$ zpool iostat -c '\n",
            "req_size ind agg\n16M x y\n18446744073709551615\t1\t1\t1\t1\t1\t1\t1\t1\t1\n",
        ];
        for t in texts {
            let _ = parse(&lines(t));
        }
    }
}
