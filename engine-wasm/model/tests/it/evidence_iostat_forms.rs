//! `zpool iostat` evidence as users paste it: prompt lines, timestamps, several pools,
//! the class sections of 2.x, scripted (`-H`) rows and histograms, per-vdev histograms.
//! The readers of the captured samples are in `evidence_iostat.rs`.

use super::evidence_iostat::*;
use throttle_model::evidence::iostat::HistogramKind;
use throttle_model::evidence::{import, Body};
use throttle_model::report::zpool_iostat::{zpool_iostat_w, IostatColumns};

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
