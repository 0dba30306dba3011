//! `zpool iostat` evidence: every captured sample (`tests/evidence/zpool-iostat-*`), the
//! lab's own `-w` table read back, and the forms users paste (`-H`, `-T`, prompts, wraps).

use throttle_model::evidence::iostat::{Histogram, HistogramKind, Iostat, Row, Sample};
use throttle_model::evidence::number::nicenum;
use throttle_model::evidence::{import, Body, Import};
use throttle_model::report::zpool_iostat::{zpool_iostat_w, IostatColumns};

pub(crate) const FOLDERS: [&str; 5] =
    ["zpool-iostat-v", "zpool-iostat-l", "zpool-iostat-q", "zpool-iostat-w", "zpool-iostat-r"];

pub(crate) fn root() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence").to_string()
}

pub(crate) fn text_of(folder: &str, name: &str) -> String {
    std::fs::read_to_string(format!("{}/{folder}/{name}.txt", root())).expect("a sample")
}

/// The one iostat section of `text`, and its notes; no problems.
pub(crate) fn only(name: &str, text: &str) -> (Iostat, Vec<String>) {
    let imp = import(&[(name, text)]);
    assert!(imp.problems.is_empty(), "{name}: {:#?}", imp.problems);
    assert_eq!(imp.sections.len(), 1, "{name}: {:#?}", imp.sections);
    let s = &imp.sections[0];
    match &s.body {
        Body::Iostat(io) => (io.clone(), s.notes.clone()),
        other => panic!("{name}: read as {}", other.format()),
    }
}

pub(crate) fn sample(folder: &str, name: &str) -> (Iostat, Vec<String>) {
    only(name, &text_of(folder, name))
}

pub(crate) fn iostat(imp: &Import) -> &Iostat {
    imp.sections
        .iter()
        .find_map(|s| match &s.body {
            Body::Iostat(io) => Some(io),
            _ => None,
        })
        .expect("an iostat section")
}

pub(crate) fn row<'a>(s: &'a Sample, name: &str) -> &'a Row {
    s.rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no row {name}"))
}

pub(crate) fn lat(r: &Row, col: &str) -> Option<u64> {
    r.latency.iter().find(|c| c.name == col).unwrap_or_else(|| panic!("no column {col}")).value
}

pub(crate) fn queue(r: &Row, col: &str) -> Option<u64> {
    r.queues.iter().find(|c| c.name == col).unwrap_or_else(|| panic!("no column {col}")).value
}

pub(crate) fn count(h: &Histogram, label: &str, col: &str) -> Option<u64> {
    let j = h.columns.iter().position(|c| c == col).unwrap_or_else(|| panic!("no column {col}"));
    h.buckets.iter().find(|b| b.label == label).unwrap_or_else(|| panic!("no bucket {label}")).counts[j]
}

pub(crate) fn n(s: &str) -> Option<u64> {
    nicenum(s)
}

pub(crate) const K: u64 = 1024;
pub(crate) const M: u64 = 1024 * 1024;

#[test]
fn every_sample_is_read_as_iostat_without_problems() {
    let mut seen = 0;
    for folder in FOLDERS {
        for entry in std::fs::read_dir(format!("{}/{folder}", root())).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().map_or(true, |e| e != "txt") {
                continue;
            }
            let name = path.file_name().unwrap().to_str().unwrap().to_string();
            let text = std::fs::read_to_string(&path).unwrap();
            let (io, notes) = only(&name, &text);
            assert!(!io.samples.is_empty(), "{name}");
            assert!(io.samples.iter().all(|s| !s.rows.is_empty() || !s.histograms.is_empty()), "{name}");
            assert!(notes.iter().any(|n| n.contains("since boot or import")), "{name}: {notes:#?}");
            seen += 1;
        }
    }
    assert!(seen >= 25, "{seen} samples");
}

#[test]
fn samples_of_other_formats_do_not_open_iostat() {
    for entry in std::fs::read_dir(root()).unwrap() {
        let dir = entry.unwrap().path();
        if !dir.is_dir() || dir.file_name().unwrap().to_str().unwrap().starts_with("zpool-iostat") {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let path = f.unwrap().path();
            if path.extension().map_or(true, |e| e != "txt") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let imp = import(&[("x", &text)]);
            assert!(
                imp.sections.iter().all(|s| !matches!(s.body, Body::Iostat(_))),
                "{} opened an iostat block",
                path.display()
            );
        }
    }
}

// ---- -v ----------------------------------------------------------------------------

#[test]
fn v_0_6_5_two_raidz2() {
    let (io, notes) = sample("zpool-iostat-v", "gh4834-bdaroz-0.6.5-2xraidz2");
    assert_eq!(io.flags, "v");
    assert_eq!(io.samples.len(), 1);
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 16);
    let pool = &s.rows[0];
    assert_eq!((pool.name.as_str(), pool.depth, pool.line), ("storage", 0, 4));
    assert_eq!(pool.alloc, Some(27_200 * (K * K * K * K) / 1000));
    assert_eq!(pool.free, n("16.4T"));
    assert_eq!((pool.read_ops, pool.write_ops), (Some(108), Some(88)));
    assert_eq!(pool.read_bytes, n("1.69M"));
    let raidz = &s.rows[1];
    assert_eq!((raidz.name.as_str(), raidz.depth, raidz.alloc), ("raidz2", 1, n("13.6T")));
    assert_eq!(s.rows[8].name, "raidz2");
    assert_eq!(s.rows[8].free, n("8.23T"));
    let leaf = row(s, "scsi-4TB-XJ40_crypt");
    assert_eq!((leaf.depth, leaf.alloc, leaf.free), (2, None, None));
    assert_eq!(leaf.write_bytes, Some(202 * K));
    assert_eq!(row(s, "scsi-4TB-3EDW_crypt").read_bytes, Some(83_600 * K / 1000));
    let last = s.rows.last().unwrap();
    assert_eq!((last.name.as_str(), last.depth, last.line, last.alloc), ("storage2", 0, 20, n("5.41T")));
    assert!(s.rows.iter().all(|r| r.class.is_none()));
    assert!(notes.iter().any(|n| n.contains("0.6")), "{notes:#?}");
}

#[test]
fn v_mirror_with_a_log_class() {
    let (io, _) = sample("zpool-iostat-v", "gh2888-dswartz-mirror-slog-2014");
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 6);
    assert_eq!(s.rows[0].write_ops, Some(4_440 * K / 1000));
    let logs = row(s, "logs");
    assert_eq!((logs.depth, logs.class.as_deref(), logs.alloc, logs.write_ops), (1, Some("logs"), None, None));
    let slog = row(s, "wwn-5000c500301004bf");
    assert_eq!((slog.depth, slog.class.as_deref()), (1, Some("logs")));
    assert_eq!((slog.alloc, slog.free, slog.write_ops), (n("78.2M"), n("186G"), Some(358)));
    assert_eq!(row(s, "mirror").class, None);
    assert_eq!(row(s, "wwn-5000c5002e38e0eb").depth, 2);
}

#[test]
fn v_raidz2_heavy_read() {
    let (io, _) = sample("zpool-iostat-v", "gh11001-collinsl03-raidz2-heavy-read");
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 10);
    assert_eq!(s.rows[0].read_bytes, Some(493 * M));
    assert_eq!(s.rows[0].read_ops, n("3.37K"));
    let last = s.rows.last().unwrap();
    assert_eq!(last.name, "ata-WDC_WD30EFRX-68N32N0_WD-WCC7K7EAZPKF");
    assert_eq!((last.depth, last.read_ops, last.write_bytes), (2, Some(552), Some(234 * K)));
}

#[test]
fn v_freebsd_cache_two_reports() {
    let (io, notes) = sample("zpool-iostat-v", "gh12779-grahamperrin-freebsd-cache");
    assert_eq!(io.samples.len(), 2);
    assert_eq!((io.samples[0].line, io.samples[1].line), (1, 10));
    let first = &io.samples[0];
    let cache = row(first, "gpt/duracell");
    assert_eq!((cache.class.as_deref(), cache.depth, cache.free), (Some("cache"), 1, Some(739 * M)));
    let second = &io.samples[1];
    assert_eq!(row(second, "august").write_bytes, Some(134 * K));
    assert_eq!(row(second, "august").read_bytes, n("12.3K"));
    assert_eq!(row(second, "ada0p3.eli").class, None);
    assert!(notes.iter().any(|n| n.contains("the others are per-second rates")), "{notes:#?}");
}

// ---- -l ----------------------------------------------------------------------------

#[test]
fn l_pr_example_with_logs() {
    let (io, notes) = sample("zpool-iostat-l", "gh4433-tonyhutter-vl-2016");
    assert_eq!(io.flags, "vl");
    let s = &io.samples[0];
    let pool = row(s, "mypool");
    assert_eq!(pool.write_ops, Some(2_370 * K / 1000));
    assert_eq!(pool.write_bytes, Some(137 * M));
    assert_eq!(lat(pool, "total_wait read"), Some(0));
    assert_eq!(lat(pool, "total_wait write"), Some(41_000_000));
    assert_eq!(lat(pool, "asyncq_wait write"), Some(4_000_000));
    assert_eq!(lat(pool, "scrub wait"), Some(0));
    assert_eq!(pool.latency.len(), 9);
    let a3 = row(s, "A3");
    assert_eq!(a3.class.as_deref(), Some("logs"));
    assert_eq!(lat(a3, "syncq_wait write"), Some(47_000_000));
    assert_eq!(lat(row(s, "logs"), "total_wait read"), None);
    assert!(notes.iter().any(|n| n.contains("0.7")), "{notes:#?}");
}

#[test]
fn l_nanosecond_latencies_and_cache() {
    let (io, _) = sample("zpool-iostat-l", "gh4433-tonyhutter-vl-ns-2016");
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 7);
    let pool = row(s, "mypool");
    assert_eq!(lat(pool, "total_wait read"), Some(336));
    assert_eq!(lat(pool, "total_wait write"), Some(6_000));
    assert_eq!(lat(pool, "scrub wait"), Some(54));
    let a4 = row(s, "A4");
    assert_eq!((a4.class.as_deref(), a4.write_bytes), (Some("cache"), n("2.25K")));
    assert_eq!(lat(a4, "asyncq_wait write"), Some(96));
    assert_eq!(lat(a4, "syncq_wait read"), Some(0));
}

#[test]
fn l_0_7_raidz2_read_after_a_separator() {
    let imp = import(&[("x", &text_of("zpool-iostat-l", "gh7694-ak100-vl-0.7-raidz2-read"))]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    assert_eq!(imp.sections[0].first_line, 1);
    let io = iostat(&imp);
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 7);
    let sdw = row(s, "sdw");
    assert_eq!((sdw.depth, sdw.read_ops, sdw.read_bytes), (2, Some(1_320 * K / 1000), Some(135 * M)));
    assert_eq!(lat(sdw, "syncq_wait read"), Some(174));
    assert_eq!(lat(sdw, "total_wait read"), Some(7_000_000));
    assert_eq!(lat(sdw, "total_wait write"), Some(0));
}

#[test]
fn l_timestamped_mirrors() {
    let (io, notes) = sample("zpool-iostat-l", "gh11754-dodexahedron-vlTd-2.0");
    assert_eq!(io.flags, "vl");
    assert_eq!(io.samples.len(), 1);
    let s = &io.samples[0];
    assert_eq!(s.timestamp.as_deref(), Some("Mon Mar 15 13:48:44 MST 2021"));
    assert_eq!(s.line, 1);
    assert_eq!(s.rows.len(), 7);
    assert_eq!(s.rows.iter().filter(|r| r.name == "mirror" && r.depth == 1).count(), 2);
    let leaf = row(s, "pool2-2");
    assert_eq!(leaf.depth, 2);
    assert_eq!(lat(leaf, "syncq_wait write"), Some(988));
    assert_eq!(lat(leaf, "trim wait"), Some(2_000_000));
    assert_eq!(leaf.latency.len(), 10);
    assert!(notes.iter().any(|n| n.contains("0.8 to 2.1")), "{notes:#?}");
}

#[test]
fn lq_comma_locale() {
    for folder in ["zpool-iostat-l", "zpool-iostat-q"] {
        let (io, _) = sample(folder, "gh10253-wildente-ql-0.8-comma-locale");
        assert_eq!(io.flags, "lq");
        assert_eq!(io.samples.len(), 2);
        let first = &io.samples[0].rows[0];
        assert_eq!(first.name, "zpool1-store1");
        assert_eq!(first.alloc, Some((11_400u128 * (1u128 << 40) / 1000) as u64));
        assert_eq!(first.free, n("6.69T"));
        assert_eq!(first.read_bytes, Some((2_960 * M) / 1000));
        assert_eq!(first.write_bytes, Some(50_900 * K / 1000));
        assert_eq!(lat(first, "total_wait read"), Some(1_000_000_000));
        assert_eq!(lat(first, "scrub wait"), Some(1_000_000_000));
        assert_eq!(lat(first, "syncq_wait write"), Some(2_000));
        assert_eq!(lat(first, "trim wait"), Some(0));
        assert_eq!(first.queues.len(), 12);
        let second = &io.samples[1].rows[0];
        assert_eq!((second.read_ops, second.read_bytes), (Some(0), Some(0)));
        assert_eq!(lat(second, "disk_wait read"), Some(0));
    }
}

#[test]
fn lq_both_column_groups() {
    for folder in ["zpool-iostat-l", "zpool-iostat-q"] {
        let (io, _) = sample(folder, "gh11754-dodexahedron-lq-2.0");
        assert_eq!(io.samples.len(), 2);
        let a = &io.samples[0].rows[0];
        assert_eq!(a.write_bytes, Some(819 * M));
        assert_eq!(lat(a, "asyncq_wait write"), Some(732_000));
        assert_eq!(lat(a, "trim wait"), Some(2_000_000));
        assert_eq!((queue(a, "trimq_write pend"), queue(a, "trimq_write activ")), (Some(7), Some(2)));
        assert_eq!(queue(a, "asyncq_write pend"), Some(0));
        let b = &io.samples[1].rows[0];
        assert_eq!(b.write_bytes, n("1.44G"));
        assert_eq!(lat(b, "scrub wait"), Some(0));
        assert_eq!(queue(b, "syncq_read activ"), Some(3));
        assert_eq!(queue(b, "trimq_write pend"), Some(0));
    }
}

// ---- -q ----------------------------------------------------------------------------

#[test]
fn q_pr_example() {
    let (io, notes) = sample("zpool-iostat-q", "gh4433-tonyhutter-q-2016");
    assert_eq!(io.flags, "vq");
    let s = &io.samples[0];
    let pool = row(s, "mypool");
    assert_eq!(pool.queues.len(), 10);
    assert_eq!((queue(pool, "asyncq_write pend"), queue(pool, "asyncq_write activ")), (Some(207), Some(19)));
    let a2 = row(s, "A2");
    assert_eq!((a2.depth, queue(a2, "asyncq_write pend"), queue(a2, "asyncq_write activ")), (1, Some(118), Some(9)));
    assert_eq!(queue(a2, "scrubq_read pend"), Some(0));
    assert!(notes.iter().any(|n| n.contains("pend/activ")), "{notes:#?}");
}

#[test]
fn q_rows_without_repeated_headers_are_samples() {
    let (io, _) = sample("zpool-iostat-q", "gh7694-ak100-0.7-q");
    assert_eq!(io.samples.len(), 5);
    let activ: Vec<Option<u64>> = io.samples.iter().map(|s| queue(&s.rows[0], "asyncq_read activ")).collect();
    assert_eq!(activ, [Some(39), Some(41), Some(35), Some(36), Some(39)]);
    assert_eq!(io.samples[0].rows[0].read_ops, n("8.17K"));
    assert_eq!(io.samples[4].rows[0].read_bytes, Some(812 * M));
    assert_eq!(io.samples[4].line, 8);
}

#[test]
fn q_separator_after_each_row() {
    let (io, _) = sample("zpool-iostat-q", "gh9557-jimfinlayson-0.8.2-q");
    assert_eq!(io.samples.len(), 3);
    let a = &io.samples[0].rows[0];
    assert_eq!((a.alloc, a.free), (n("16.0T"), n("210T")));
    assert_eq!((queue(a, "asyncq_write pend"), queue(a, "asyncq_write activ")), (Some(112), Some(10)));
    assert_eq!(queue(a, "trimq_write activ"), Some(0));
    assert_eq!(queue(&io.samples[1].rows[0], "syncq_read activ"), Some(12));
    assert_eq!(io.samples[2].rows[0].read_bytes, Some(356 * M));
}

// ---- -w ----------------------------------------------------------------------------

#[test]
fn w_2_2_with_rebuild() {
    let (io, notes) = sample("zpool-iostat-w", "gh16844-sargarass-2.2-rebuild");
    assert_eq!(io.flags, "w");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.kind, h.line), ("testpool", HistogramKind::Latency, 2));
    assert_eq!(h.columns.len(), 11);
    assert_eq!(h.columns[10], "rebuild");
    assert_eq!(h.buckets.len(), 12);
    assert_eq!((h.buckets[0].label.as_str(), h.buckets[0].bound), ("1ns", 1));
    assert_eq!((h.buckets[9].label.as_str(), h.buckets[9].bound), ("1us", 1023));
    assert_eq!(count(h, "511ns", "syncq_wait write"), Some(267));
    assert_eq!(count(h, "511ns", "asyncq_wait write"), Some(231));
    assert_eq!(count(h, "1us", "trim"), Some(185));
    assert_eq!(count(h, "4us", "asyncq_wait write"), Some(132));
    assert_eq!(count(h, "4us", "total_wait read"), Some(0));
    assert!(notes.iter().any(|n| n.contains("2.2 or later")), "{notes:#?}");
    assert!(notes.iter().any(|n| n.contains("I/Os since boot")), "{notes:#?}");
}

#[test]
fn w_0_7_names_and_exact_counts() {
    let (io, notes) = sample("zpool-iostat-w", "gh4433-tonyhutter-wp-2016");
    assert_eq!(io.flags, "wp");
    let h = &io.samples[0].histograms[0];
    assert_eq!(h.name, "mypool");
    assert_eq!(h.columns.len(), 9);
    assert_eq!(h.columns[4], "syncq_wait read");
    assert_eq!(count(h, "1us", "scrub"), Some(4518));
    assert_eq!(count(h, "2us", "asyncq_wait read"), Some(5939));
    assert_eq!(count(h, "511ns", "asyncq_wait write"), Some(3));
    assert!(notes.iter().any(|n| n.contains("sync_queue")), "{notes:#?}");

    let (io, _) = sample("zpool-iostat-w", "gh6885-tonyhutter-pw-0.7");
    assert_eq!(io.flags, "wp");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.buckets.len()), ("jet1", 9));
    assert!(h.buckets.iter().all(|b| b.counts.iter().all(|c| *c == Some(0))));
    assert_eq!(h.buckets.last().unwrap().bound, 511);
}

#[test]
fn w_0_7_nicenum_counts() {
    let (io, _) = sample("zpool-iostat-w", "gh4880-koplover-0.7.0rc1-vm");
    let h = &io.samples[0].histograms[0];
    assert_eq!(h.name, "diskconvm");
    assert_eq!(h.buckets.len(), 14);
    assert_eq!(count(h, "2us", "syncq_wait read"), Some(2_040 * M / 1000));
    assert_eq!(count(h, "1us", "syncq_wait read"), Some(109 * K));
    assert_eq!(count(h, "16us", "asyncq_wait write"), n("1.78K"));
    assert_eq!(h.buckets.last().unwrap().bound, 16_383);

    let (io, _) = sample("zpool-iostat-w", "gh4788-behlendorf-dozer-0.7dev");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.buckets.len()), ("dozer", 11));
    assert_eq!(count(h, "2us", "syncq_wait read"), Some(24));
    assert_eq!(count(h, "2us", "asyncq_wait write"), Some(34));

    let (io, _) = sample("zpool-iostat-w", "gh7694-ak100-0.7-data1");
    let h = &io.samples[0].histograms[0];
    assert_eq!(h.name, "data1");
    assert_eq!(count(h, "2us", "asyncq_wait read"), Some(6_110 * K / 1000));
    assert_eq!(count(h, "1us", "asyncq_wait read"), Some(548));
}

// ---- -r ----------------------------------------------------------------------------

#[test]
fn r_request_sizes() {
    let (io, notes) = sample("zpool-iostat-r", "gh15824-imanolbarba-2.2-r");
    assert_eq!(io.flags, "r");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.kind, h.columns.len()), ("bckpool", HistogramKind::RequestSize, 12));
    assert_eq!(h.buckets.len(), 10);
    assert_eq!((h.buckets[0].label.as_str(), h.buckets[0].bound), ("512", 512));
    assert_eq!(h.buckets[3].bound, 4096);
    assert_eq!(count(h, "8K", "async_write ind"), n("3.81K"));
    assert_eq!(count(h, "8K", "async_write agg"), Some(259));
    assert_eq!(count(h, "256K", "async_write agg"), Some(545));
    assert_eq!(h.buckets.last().unwrap().bound, 256 * K);
    assert!(notes.iter().any(|n| n.contains("0.8 to 2.1")), "{notes:#?}");

    let (io, _) = sample("zpool-iostat-r", "gh8560-omgold-lustre-ost-recordsize16M");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.buckets.len()), ("lnec-ost01", 6));
    assert_eq!(count(h, "4K", "sync_read ind"), Some(10));
    assert_eq!(count(h, "4K", "async_write ind"), Some(169));
    assert_eq!(count(h, "8K", "async_write agg"), Some(22));

    let (io, _) = sample("zpool-iostat-r", "ozfswin318-echteragoo-windows-rebuild");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.columns.len()), ("Data", 14));
    assert_eq!(h.columns[13], "rebuild agg");
    assert_eq!(count(h, "64K", "async_write agg"), n("9.71K"));
    assert_eq!(count(h, "4K", "async_write ind"), n("35.1K"));

    let (io, _) = sample("zpool-iostat-r", "zfswatcher12-behlendorf-r-example");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.columns.len(), h.buckets.len()), ("mypool", 10, 10));
    assert_eq!(count(h, "512", "async_write ind"), Some(530));
    assert_eq!(count(h, "128K", "sync_write ind"), Some(20));
}

// ---- the lab's own table -----------------------------------------------------------

#[test]
fn the_labs_w_table_reads_back_to_its_counts() {
    // Counts `zfs_nicenum()` prints exactly (below 1024, or a short exact fraction of a
    // power of 1024), so that what is read back is what was written.
    let mut total_read = [0u64; 37];
    let mut disk_write = [0u64; 37];
    let mut asyncq_write = [0u64; 37];
    for j in 0..37 {
        total_read[j] = (j as u64 * 37) % 1000;
        disk_write[j] = [0, 7, 1536, 10 * K, 3 * M, 1023][j % 6];
        asyncq_write[j] = if j == 36 { 5 } else { 0 };
    }
    let zero = [0u64; 37];
    let c = IostatColumns {
        total_read: &total_read,
        total_write: &zero,
        disk_read: &total_read,
        disk_write: &disk_write,
        syncq_read: &zero,
        syncq_write: &zero,
        asyncq_read: &zero,
        asyncq_write: &asyncq_write,
        scrub: &zero,
    };
    let text = zpool_iostat_w("labpool", &c);
    let (io, _) = only("lab", &text);
    assert_eq!(io.flags, "w");
    assert_eq!(io.samples.len(), 1);
    let h = &io.samples[0].histograms[0];
    assert_eq!(h.name, "labpool");
    assert_eq!(h.buckets.len(), 37);
    assert_eq!(h.columns.len(), 11);
    for (j, b) in h.buckets.iter().enumerate() {
        assert_eq!(b.bound, (1u64 << (j + 1)) - 1, "{}", b.label);
        assert_eq!(b.counts[0], Some(total_read[j]));
        assert_eq!(b.counts[2], Some(total_read[j]));
        assert_eq!(b.counts[3], Some(disk_write[j]));
        assert_eq!(b.counts[7], Some(asyncq_write[j]));
        assert!(b.counts[8..].iter().all(|c| *c == Some(0)));
    }
    assert_eq!(h.buckets[36].label, "137s");
}
