//! `zpool iostat` evidence: every captured sample (`tests/evidence/zpool-iostat-*`), the
//! lab's own `-w` table read back, and the forms users paste (`-H`, `-T`, prompts, wraps).

use throttle_model::evidence::iostat::{Histogram, HistogramKind, Iostat, Row, Sample};
use throttle_model::evidence::number::nicenum;
use throttle_model::evidence::{import, Body, Import};
use throttle_model::report::zpool_iostat::{zpool_iostat_w, IostatColumns};

const FOLDERS: [&str; 5] = ["zpool-iostat-v", "zpool-iostat-l", "zpool-iostat-q", "zpool-iostat-w", "zpool-iostat-r"];

fn root() -> String {
    concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence").to_string()
}

fn text_of(folder: &str, name: &str) -> String {
    std::fs::read_to_string(format!("{}/{folder}/{name}.txt", root())).expect("a sample")
}

/// The one iostat section of `text`, and its notes; no problems.
fn only(name: &str, text: &str) -> (Iostat, Vec<String>) {
    let imp = import(&[(name, text)]);
    assert!(imp.problems.is_empty(), "{name}: {:#?}", imp.problems);
    assert_eq!(imp.sections.len(), 1, "{name}: {:#?}", imp.sections);
    let s = &imp.sections[0];
    match &s.body {
        Body::Iostat(io) => (io.clone(), s.notes.clone()),
        other => panic!("{name}: read as {}", other.format()),
    }
}

fn sample(folder: &str, name: &str) -> (Iostat, Vec<String>) {
    only(name, &text_of(folder, name))
}

fn iostat(imp: &Import) -> &Iostat {
    imp.sections
        .iter()
        .find_map(|s| match &s.body {
            Body::Iostat(io) => Some(io),
            _ => None,
        })
        .expect("an iostat section")
}

fn row<'a>(s: &'a Sample, name: &str) -> &'a Row {
    s.rows.iter().find(|r| r.name == name).unwrap_or_else(|| panic!("no row {name}"))
}

fn lat(r: &Row, col: &str) -> Option<u64> {
    r.latency.iter().find(|c| c.name == col).unwrap_or_else(|| panic!("no column {col}")).value
}

fn queue(r: &Row, col: &str) -> Option<u64> {
    r.queues.iter().find(|c| c.name == col).unwrap_or_else(|| panic!("no column {col}")).value
}

fn count(h: &Histogram, label: &str, col: &str) -> Option<u64> {
    let j = h.columns.iter().position(|c| c == col).unwrap_or_else(|| panic!("no column {col}"));
    h.buckets.iter().find(|b| b.label == label).unwrap_or_else(|| panic!("no bucket {label}")).counts[j]
}

fn n(s: &str) -> Option<u64> {
    nicenum(s)
}

const K: u64 = 1024;
const M: u64 = 1024 * 1024;

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

// ---- forms users paste -------------------------------------------------------------

#[test]
fn a_prompt_line_gives_flags_and_interval() {
    let body = text_of("zpool-iostat-l", "gh11754-dodexahedron-vlTd-2.0");
    let text = format!("root@host:~# zpool iostat -vlTd pool2 5\n{body}");
    let imp = import(&[("x", &text)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    assert_eq!(imp.sections[0].first_line, 1);
    let io = iostat(&imp);
    assert_eq!(io.flags, "vl");
    assert_eq!(io.interval_s, Some(5));
    assert_eq!(io.samples[0].rows[0].line, 6);
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("the others are per-second rates")));

    let text = format!("$ sudo zpool iostat -y -q data1 10 5\n{}", text_of("zpool-iostat-q", "gh7694-ak100-0.7-q"));
    let imp = import(&[("x", &text)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    let io = iostat(&imp);
    assert_eq!((io.flags.as_str(), io.interval_s, io.samples.len()), ("q", Some(10), 5));
    assert!(imp.sections[0].notes.iter().any(|n| n.starts_with("-y")), "{:#?}", imp.sections[0].notes);
}

#[test]
fn timestamps_start_samples() {
    let report = |t: &str, w: &str| {
        format!(
            "{t}\n              capacity     operations     bandwidth\npool        alloc   free   read  write   read  write\n----------  -----  -----  -----  -----  -----  -----\ntank        1.00T  2.00T     10  {w}   1.0M   2.0M\n"
        )
    };
    let text =
        format!("{}{}{}", report("1615841324", "  200"), report("1615841329", "  300"), report("1615841334", "  400"));
    let (io, _) = only("x", &text);
    assert_eq!(io.samples.len(), 3);
    assert_eq!(io.samples[1].timestamp.as_deref(), Some("1615841329"));
    assert_eq!(io.samples[1].line, 6);
    let writes: Vec<Option<u64>> = io.samples.iter().map(|s| s.rows[0].write_ops).collect();
    assert_eq!(writes, [Some(200), Some(300), Some(400)]);
}

#[test]
fn several_pools_and_their_repeats() {
    let text = "\
               capacity     operations     bandwidth
pool         alloc   free   read  write   read  write
-----------  -----  -----  -----  -----  -----  -----
tank          100G   900G      1      2     3K     4K
backup       1.50T   500G      5      6     7K     8K
-----------  -----  -----  -----  -----  -----  -----
tank          100G   900G     11     12    13K    14K
backup       1.50T   500G     15     16    17K    18K
-----------  -----  -----  -----  -----  -----  -----
";
    let (io, _) = only("x", text);
    assert_eq!(io.samples.len(), 2);
    assert_eq!(io.samples[0].rows.len(), 2);
    assert_eq!(io.samples[1].line, 7);
    assert_eq!(row(&io.samples[1], "backup").write_bytes, Some(18 * K));
    assert_eq!(row(&io.samples[0], "backup").alloc, Some(1536 * 1024 * M));
    assert_eq!(io.flags, "");
}

#[test]
fn class_sections_of_2_x() {
    let text = "\
                  capacity     operations     bandwidth
pool            alloc   free   read  write   read  write
--------------  -----  -----  -----  -----  -----  -----
tank            1.20T  2.40T     10     20   1.1M   2.2M
  mirror-0       600G  1.20T      5     10   600K   1.1M
    sda             -      -      2      5   300K   560K
    sdb             -      -      3      5   300K   560K
special             -      -      -      -      -      -
  mirror-1      10.0G  90.0G      1      2    10K    20K
    nvme0n1         -      -      0      1     5K    10K
dedup               -      -      -      -      -      -
  nvme2n1       1.00G  99.0G      0      0      0      0
logs                -      -      -      -      -      -
  nvme1n1        128K  9.50G      0      4      0   400K
cache               -      -      -      -      -      -
  sdc           50.0G   150G      0      0      1      2
--------------  -----  -----  -----  -----  -----  -----
";
    let (io, _) = only("x", text);
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 13);
    let classes: Vec<(&str, u32, Option<&str>)> =
        s.rows.iter().map(|r| (r.name.as_str(), r.depth, r.class.as_deref())).collect();
    assert_eq!(classes[4], ("special", 1, Some("special")));
    assert_eq!(classes[5], ("mirror-1", 1, Some("special")));
    assert_eq!(classes[6], ("nvme0n1", 2, Some("special")));
    assert_eq!(classes[7], ("dedup", 1, Some("dedup")));
    assert_eq!(classes[8], ("nvme2n1", 1, Some("dedup")));
    assert_eq!(classes[10], ("nvme1n1", 1, Some("logs")));
    assert_eq!(classes[12], ("sdc", 1, Some("cache")));
    assert_eq!(classes[1], ("mirror-0", 1, None));
    assert_eq!(row(s, "nvme1n1").write_bytes, Some(400 * K));
}

#[test]
fn scripted_rows_are_read_by_their_count_of_values() {
    // `zpool iostat -Hl`: 2.2's 11 latencies after the 6 default values, TAB separated.
    let text = "tank\t1.20T\t2.40T\t10\t20\t1.1M\t2.2M\t1ms\t2ms\t500us\t1ms\t-\t5us\t400us\t900us\t-\t-\t-\n\
                tank\t1.20T\t2.40T\t11\t21\t1.2M\t2.3M\t1ms\t3ms\t500us\t1ms\t-\t5us\t400us\t900us\t-\t-\t7ms\n";
    let (io, notes) = only("x", text);
    assert_eq!(io.flags, "lH");
    assert_eq!(io.samples.len(), 2);
    let r = &io.samples[1].rows[0];
    assert_eq!((r.name.as_str(), r.depth, r.write_ops), ("tank", 0, Some(21)));
    assert_eq!(lat(r, "total_wait write"), Some(3_000_000));
    assert_eq!(lat(r, "rebuild wait"), Some(7_000_000));
    assert!(notes.iter().any(|n| n.contains("2.2 or later")), "{notes:#?}");

    // 16 values: 0.8's -l or 0.7's -q; the command line says which.
    let q07 = "$ zpool iostat -Hpq tank\ntank\t1000\t2000\t1\t2\t3\t4\t0\t0\t0\t0\t0\t7\t8\t9\t0\t0\n";
    let imp = import(&[("x", q07)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    let io = iostat(&imp);
    let r = &io.samples[0].rows[0];
    assert_eq!((r.queues.len(), r.latency.len()), (10, 0));
    assert_eq!(queue(r, "asyncq_write pend"), Some(8));
    assert_eq!(io.flags, "qpH");
    // ... and without one, a time in the cells says -l.
    let l08 = "tank\t1000\t2000\t1\t2\t3\t4\t5ms\t-\t-\t-\t-\t-\t-\t-\t-\t-\n";
    let (io, _) = only("x", l08);
    assert_eq!(io.samples[0].rows[0].latency.len(), 10);
}

#[test]
fn scripted_histograms() {
    let mut text = String::from("$ zpool iostat -Hw tank\ntank\n");
    for j in 0..37 {
        let counts: Vec<String> = (0..11).map(|c| if c == 1 { (j * 3).to_string() } else { "0".to_string() }).collect();
        text.push_str(&format!("{}\t{}\n", (1u64 << (j + 1)) - 1, counts.join("\t")));
    }
    let imp = import(&[("x", &text)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    let io = iostat(&imp);
    assert_eq!(io.flags, "wH");
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.name.as_str(), h.kind, h.buckets.len(), h.columns.len()), ("tank", HistogramKind::Latency, 37, 11));
    assert_eq!(count(h, "1023", "total_wait write"), Some(27));
    assert_eq!(h.buckets[36].bound, (1 << 37) - 1);

    // Without the prompt: opened by the name line with its bucket rows under it.
    let bare = text.split_once('\n').unwrap().1;
    let (io, _) = only("x", bare);
    assert_eq!(io.samples[0].histograms[0].buckets.len(), 37);

    // -Hr: raw bucket starts from 512.
    let mut r = String::from("tank\n");
    for j in 9..25 {
        r.push_str(&format!("{}\t1\t2\t3\t4\t5\t6\t7\t8\t9\t10\t11\t12\n", 1u64 << j));
    }
    let (io, _) = only("x", &r);
    let h = &io.samples[0].histograms[0];
    assert_eq!((h.kind, h.buckets.len(), h.columns.len()), (HistogramKind::RequestSize, 16, 12));
    assert_eq!(count(h, "16777216", "trim agg"), Some(12));
}

#[test]
fn w_v_histograms_per_vdev_and_per_report() {
    let zero = [0u64; 37];
    let mut reads = [0u64; 37];
    reads[20] = 5;
    let c = IostatColumns {
        total_read: &reads,
        total_write: &zero,
        disk_read: &reads,
        disk_write: &zero,
        syncq_read: &zero,
        syncq_write: &zero,
        asyncq_read: &zero,
        asyncq_write: &zero,
        scrub: &zero,
    };
    let report =
        format!("{}{}{}", zpool_iostat_w("tank", &c), zpool_iostat_w("mirror-0", &c), zpool_iostat_w("sda", &c));
    let text = format!("$ zpool iostat -wv tank 10\n{report}{report}");
    let imp = import(&[("x", &text)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    let io = iostat(&imp);
    assert_eq!(io.flags, "vw");
    assert_eq!(io.samples.len(), 2);
    let names: Vec<&str> = io.samples[1].histograms.iter().map(|h| h.name.as_str()).collect();
    assert_eq!(names, ["tank", "mirror-0", "sda"]);
    assert_eq!(count(&io.samples[1].histograms[2], "2ms", "disk_wait read"), Some(5));
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("per-second rates (rounded down)")));
}

#[test]
fn mangled_lines_are_named_problems() {
    let text = "\
              capacity     operations     bandwidth
pool        alloc   free   read  write   read  write
----------  -----  -----  -----  -----  -----  -----
tank        1.00T  2.00T     10     20   1.0M
tank        1.00T  2.00T     1x     20   1.0M   2.0M
  sda           -      -      5     10   500K   1.0M
";
    let imp = import(&[("x", text)]);
    let p: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(p.len(), 2, "{p:#?}");
    assert_eq!(p[0].0, 4);
    assert!(
        p[0].1.contains("expected a row of 7 columns (pool alloc free read write read write), found 6"),
        "{}",
        p[0].1
    );
    assert_eq!(p[1].0, 5);
    assert!(p[1].1.contains("operations read") && p[1].1.contains("'1x'"), "{}", p[1].1);
    let io = iostat(&imp);
    let tank = &io.samples[0].rows[0];
    assert_eq!((tank.line, tank.read_ops, tank.write_ops), (5, None, Some(20)));
    assert_eq!(io.samples[0].rows[1].depth, 1);

    let histo = "\
tank         total_wait     disk_wait    syncq_wait    asyncq_wait
latency      read  write   read  write   read  write   read  write  scrub   trim  rebuild
----------  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----
1ns             0      0      0      0      0      0      0      0      0      0      0
5ns             0      0      0      0      0      0      0      0      0      0      0
7ns             0      0      0      0      0      0      0
";
    let imp = import(&[("x", histo)]);
    let p: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(p.len(), 2, "{p:#?}");
    assert_eq!(p[0].0, 5);
    assert!(p[0].1.contains("latency bucket") && p[0].1.contains("'5ns'"), "{}", p[0].1);
    assert_eq!(p[1].0, 6);
    assert!(p[1].1.contains("expected a bucket row of 12 columns"), "{}", p[1].1);
    assert_eq!(iostat(&imp).samples[0].histograms[0].buckets.len(), 1);
}

#[test]
fn mixed_with_another_format() {
    let iostat_text = text_of("zpool-iostat-v", "gh2888-dswartz-mirror-slog-2014");
    let last = 1 + iostat_text.lines().count();
    let text = format!(
        "$ zpool iostat -v\n{}\n# cat /proc/spl/kstat/zfs/tank/txgs\ntxg      birth            state ndirty       nread        nwritten     reads    writes   otime        qtime        wtime        stime\n",
        iostat_text.trim_end()
    );
    let imp = import(&[("x", &text)]);
    let io_section = imp.sections.iter().find(|s| matches!(s.body, Body::Iostat(_))).unwrap();
    assert_eq!((io_section.first_line, io_section.last_line), (1, last));
    assert!(imp.sections.iter().any(|s| s.first_line == last + 1 && !matches!(s.body, Body::Iostat(_))));
    assert!(imp.problems.iter().all(|p| p.line == 0 || p.line > last), "{:#?}", imp.problems);
    assert_eq!(iostat(&imp).samples[0].rows.len(), 6);
}

#[test]
fn exact_latencies_in_ns() {
    let text = "\
              capacity     operations     bandwidth    total_wait     disk_wait    syncq_wait    asyncq_wait  scrub   trim  rebuild
pool        alloc   free   read  write   read  write   read  write   read  write   read  write   read  write   wait   wait   wait
----------  ---------------  ---------------  ---------------  ---------------  ---------------  ---------------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------
tank        1099511627776  2199023255552  10  20  1048576  2097152  1234567  -  987654  12  -  -  -  -  -  -  -
";
    let (io, notes) = only("x", text);
    assert_eq!(io.flags, "lp");
    let r = &io.samples[0].rows[0];
    assert_eq!((r.alloc, r.read_bytes), (Some(1 << 40), Some(M)));
    assert_eq!(lat(r, "total_wait read"), Some(1_234_567));
    assert_eq!(lat(r, "disk_wait write"), Some(12));
    assert_eq!(lat(r, "total_wait write"), Some(0));
    assert!(notes.iter().any(|n| n.contains("latencies in ns")));
}

#[test]
fn a_wrapped_or_coloured_or_odd_paste() {
    // Cache devices once reported a negative free space: 16.0E.
    let text = "\
                capacity     operations     bandwidth
pool          alloc   free   read  write   read  write
------------  -----  -----  -----  -----  -----  -----
tank           242G   670G      4      7   179K  77.3K
cache             -      -      -      -      -      -
  usb stick   28.7G  16.0E      0      0      0      0
";
    let (io, notes) = only("x", text);
    let r = row(&io.samples[0], "usb stick");
    assert_eq!((r.alloc, r.free, r.depth), (n("28.7G"), None, 1));
    assert!(notes.iter().any(|n| n.contains("16.0E")), "{notes:#?}");

    // Colours (2.2 on a terminal) and a row wrapped onto the next line.
    let text = "\
              capacity     operations     bandwidth    total_wait     disk_wait
pool        alloc   free   read  write   read  write   read  write   read  write
----------  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----
tank        \u{1b}[1;34m1.00T\u{1b}[0m  2.00T     10     20   1.0M   2.0M
    1ms    2ms    3ms    4ms
";
    let (io, _) = only("x", text);
    let r = &io.samples[0].rows[0];
    assert_eq!(r.alloc, Some(1 << 40));
    assert_eq!(lat(r, "disk_wait write"), Some(4_000_000));
}

#[test]
fn a_header_without_its_first_line_is_read_in_zpools_order() {
    let text = "\
pool        alloc   free   read  write   read  write   read  write   read  write   read  write   read  write   wait   wait
----------  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----
tank        1.00T  2.00T     10     20   1.0M   2.0M    1ms    2ms    3ms    4ms    5ms    6ms    7ms    8ms    9ms      -
";
    let (io, notes) = only("x", text);
    let r = &io.samples[0].rows[0];
    assert_eq!(lat(r, "asyncq_wait write"), Some(8_000_000));
    assert_eq!(lat(r, "scrub wait"), Some(9_000_000));
    assert_eq!(lat(r, "trim wait"), Some(0));
    assert!(notes.iter().any(|n| n.contains("first line is missing")));
}

#[test]
fn a_large_paste_is_read_in_linear_time() {
    let head = "              capacity     operations     bandwidth\npool        alloc   free   read  write   read  write\n----------  -----  -----  -----  -----  -----  -----\n";
    let mut text = String::from(head);
    for i in 0..200_000 {
        text.push_str(&format!("tank        1.00T  2.00T  {:>5}     20   1.0M   2.0M\n", i % 1000));
    }
    let start = std::time::Instant::now();
    let (io, _) = only("x", &text);
    assert_eq!(io.samples.len(), 200_000);
    assert!(start.elapsed().as_secs() < 20);
}

#[test]
fn a_v_tree_that_lost_or_shifted_its_indentation() {
    // Whitespace collapsed (a paste outside a code block): the capacity cells give depth.
    let flat: String = text_of("zpool-iostat-v", "gh2888-dswartz-mirror-slog-2014")
        .lines()
        .map(|l| format!("{}\n", l.trim()))
        .collect();
    let (io, notes) = only("x", &flat);
    let depths: Vec<(&str, u32, Option<&str>)> =
        io.samples[0].rows.iter().map(|r| (r.name.as_str(), r.depth, r.class.as_deref())).collect();
    assert_eq!(
        depths,
        [
            ("tank-copy", 0, None),
            ("mirror", 1, None),
            ("wwn-5000c5002e38e0eb", 2, None),
            ("wwn-5000c5002e3aa680", 2, None),
            ("logs", 1, Some("logs")),
            ("wwn-5000c500301004bf", 1, Some("logs")),
        ]
    );
    assert!(notes.iter().any(|n| n.contains("no indentation")), "{notes:#?}");
    let flat: String =
        text_of("zpool-iostat-v", "gh4834-bdaroz-0.6.5-2xraidz2").lines().map(|l| format!("{}\n", l.trim())).collect();
    let (io, _) = only("x", &flat);
    let s = &io.samples[0];
    assert_eq!(s.rows.iter().map(|r| r.depth).collect::<Vec<_>>(), [0, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 0]);

    // Rows shifted right of their header (a quote, an editor): the pool is the first row.
    let shifted: String = text_of("zpool-iostat-v", "gh4834-bdaroz-0.6.5-2xraidz2")
        .lines()
        .enumerate()
        .map(|(i, l)| if i >= 3 { format!("   {l}\n") } else { format!("{l}\n") })
        .collect();
    let (io, _) = only("x", &shifted);
    assert_eq!(
        io.samples[0].rows.iter().map(|r| r.depth).collect::<Vec<_>>(),
        [0, 1, 2, 2, 2, 2, 2, 2, 1, 2, 2, 2, 2, 2, 2, 0]
    );

    // Several pools without -v keep depth 0 (no leaf, no -v on a command line).
    let (io, _) =
        only("x", "pool alloc free read write read write\ntank 100G 900G 1 2 3K 4K\nbackup 1.50T 500G 5 6 7K 8K\n");
    assert!(io.samples[0].rows.iter().all(|r| r.depth == 0 && r.class.is_none()));
}

#[test]
fn a_command_heading_without_a_prompt() {
    let text = format!("### zpool iostat -q 1\n\n{}", text_of("zpool-iostat-q", "gh9557-jimfinlayson-0.8.2-q"));
    let imp = import(&[("x", &text)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    assert_eq!(imp.sections[0].first_line, 1);
    let io = iostat(&imp);
    assert_eq!((io.flags.as_str(), io.interval_s, io.samples.len()), ("q", Some(1), 3));

    // gh4880's poster labelled -w output `zpool iostat -r`: the output is read as printed.
    let text = format!("zpool iostat -r\n{}", text_of("zpool-iostat-w", "gh4880-koplover-0.7.0rc1-vm"));
    let imp = import(&[("x", &text)]);
    assert!(imp.problems.is_empty(), "{:#?}", imp.problems);
    assert_eq!(iostat(&imp).flags, "w");
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("do not match")), "{:#?}", imp.sections[0].notes);
}

#[test]
fn the_widest_table_2_2_vlqp() {
    // `zpool iostat -vlqp` as 2.2's print_iostat_labels() lays it out (columns 15, 10
    // and 6 wide under -p, labels centred over them); rebuild columns in both groups.
    let text = "\
                            capacity                         operations                         bandwidth                   total_wait               disk_wait              syncq_wait              asyncq_wait            scrub        trim     rebuild    syncq_read      syncq_write     asyncq_read    asyncq_write     scrubq_read     trimq_write   rebuildq_write
pool                      alloc             free             read            write             read            write        read       write        read       write        read       write        read       write        wait        wait        wait    pend   activ    pend   activ    pend   activ    pend   activ    pend   activ    pend   activ    pend   activ
--------------  ---------------  ---------------  ---------------  ---------------  ---------------  ---------------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------
tank              1099511627776    2199023255552               10               20          1048576          2097152       12345           -       12345           -       12345           -       12345           -       12345           -       12345       3       4       3       4       3       4       3       4       3       4       3       4       3       4
  mirror-0         549755813888    1099511627776                5               10          1048576          2097152       12345           -       12345           -       12345           -       12345           -       12345           -       12345       3       4       3       4       3       4       3       4       3       4       3       4       3       4
    sda                       0                0                5               10          1048576          2097152       12345           -       12345           -       12345           -       12345           -       12345           -       12345       3       4       3       4       3       4       3       4       3       4       3       4       3       4
logs                          -                -                -                -                -                -           -           -           -           -           -           -           -           -           -           -           -       -       -       -       -       -       -       -       -       -       -       -       -       -       -
  nvme0n1                  1024             2048                0                7                0             7168       12345           -       12345           -       12345           -       12345           -       12345           -       12345       3       4       3       4       3       4       3       4       3       4       3       4       3       4
--------------  ---------------  ---------------  ---------------  ---------------  ---------------  ---------------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ----------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------  ------
";
    let (io, notes) = only("x", text);
    assert_eq!(io.flags, "vlqp");
    let s = &io.samples[0];
    assert_eq!(s.rows.len(), 5);
    let tank = &s.rows[0];
    assert_eq!((tank.alloc, tank.free, tank.write_bytes), (Some(1 << 40), Some(2 << 40), Some(2 * M)));
    assert_eq!(tank.latency.len(), 11);
    assert_eq!(tank.queues.len(), 14);
    assert_eq!(lat(tank, "rebuild wait"), Some(12_345));
    assert_eq!(lat(tank, "total_wait write"), Some(0));
    assert_eq!(queue(tank, "rebuildq_write activ"), Some(4));
    assert_eq!(queue(tank, "syncq_read pend"), Some(3));
    let sda = row(s, "sda");
    assert_eq!((sda.depth, sda.alloc, sda.free), (2, Some(0), Some(0)));
    let slog = row(s, "nvme0n1");
    assert_eq!((slog.depth, slog.class.as_deref(), slog.write_bytes), (1, Some("logs"), Some(7 * K)));
    assert!(notes.iter().any(|n| n.contains("14 -q queue columns are those of OpenZFS 2.2")), "{notes:#?}");
    assert!(!notes.iter().any(|n| n.contains("nearest")), "{notes:#?}");
}
