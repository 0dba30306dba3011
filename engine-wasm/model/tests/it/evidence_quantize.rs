//! The DTrace/bpftrace histogram reader against the real capture in
//! `tests/evidence/dtrace-bpftrace/`, tables of the seed documents, and the lab's own
//! `report::quantize` text read back.

use throttle_model::evidence::quantize::{Quantize, QuantizeTable};
use throttle_model::evidence::{import, Body, Import, Section};
use throttle_model::report::quantize::{lquantize, quantize};

fn read(name: &str, text: &str) -> Import {
    import(&[(name, text)])
}

fn only_quantize(name: &str, text: &str) -> (Section, Quantize) {
    let imp = read(name, text);
    assert!(imp.problems.is_empty(), "{name}: {:?}", imp.problems);
    assert_eq!(imp.sections.len(), 1, "{name}: {:?}", imp.sections);
    let s = imp.sections[0].clone();
    match &s.body {
        Body::Quantize(q) => {
            let q = q.clone();
            (s, q)
        }
        other => panic!("{name}: read as {}", other.format()),
    }
}

fn count_at(t: &QuantizeTable, value: i128) -> u64 {
    t.buckets
        .iter()
        .find(|b| b.value == value && !b.below)
        .map(|b| b.count)
        .unwrap_or_else(|| panic!("no bucket {value}"))
}

#[test]
fn prakash_bpftrace_taskq_latency() {
    let path = format!(
        "{}/../../tests/evidence/dtrace-bpftrace/gh9525-prakash-taskqlatency-dp_sync.txt",
        env!("CARGO_MANIFEST_DIR")
    );
    let text = std::fs::read_to_string(path).unwrap();
    let (s, q) = only_quantize("gh9525", &text);
    assert_eq!(s.first_line, 1);
    assert_eq!(q.tables.len(), 1);
    let t = &q.tables[0];
    assert_eq!(
        (t.line, t.title.as_str(), t.tool.as_str(), t.buckets.len()),
        (3, "@queue_lat_us[dp_sync_taskq]:", "bpftrace", 10)
    );
    assert_eq!((t.buckets[0].value, t.buckets[0].count, t.buckets[0].label.as_str()), (4096, 2, "[4K, 8K)"));
    assert_eq!(count_at(t, 256 << 10), 15);
    assert_eq!(count_at(t, 1 << 20), 8);
    assert_eq!((t.buckets[9].value, t.buckets[9].count), (2 << 20, 10));
    assert!(s.notes.iter().any(|n| n.contains("87 values in 10 buckets")));
    assert!(s.notes.iter().any(|n| n.contains("`...` stands (line 2)")));
}

#[test]
fn every_histogram_sample_is_read_whole() {
    let dir = format!("{}/../../tests/evidence/dtrace-bpftrace", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (_, q) = only_quantize(&path.display().to_string(), &text);
            assert!(q.tables.iter().all(|t| !t.buckets.is_empty()));
        }
    }
}

/// `rw.d` of the write-throttle tuning post (seed 000), as it printed it.
const RW_D: &str = "# dtrace -s rw.d -c 'sleep 60'

  read
           value  ------------- Distribution ------------- count
              32 |                                         0
              64 |                                         23
             128 |@                                        655
             256 |@@@@                                     1638
             512 |@@                                       743
            1024 |@                                        380
            2048 |@@@                                      1341
            4096 |@@@@@@@@@@@@                             5295
            8192 |@@@@@@@@@@@                              5033
           16384 |@@@                                      1297
           32768 |@@                                       684
           65536 |@                                        400
          131072 |                                         225
          262144 |                                         206
          524288 |                                         127
         1048576 |                                         19
         2097152 |                                         0

  write
           value  ------------- Distribution ------------- count
              32 |                                         0
              64 |                                         47
             128 |                                         469
             256 |                                         591
             512 |                                         327
            1024 |                                         924
            2048 |@                                        6734
            4096 |@@@@@@@                                  43416
            8192 |@@@@@@@@@@@@@@@@@                        102013
           16384 |@@@@@@@@@@                               60992
           32768 |@@@                                      20312
           65536 |@                                        6789
          131072 |                                         860
          262144 |                                         208
          524288 |                                         153
         1048576 |                                         36
         2097152 |                                         0

                               avg latency      stddev        iops  throughput
write                              19442us     32468us      4064/s   261889k/s
read                               23733us     88206us       301/s    13113k/s
";

#[test]
fn seed_rw_d_two_titled_tables_and_the_printa_lines_as_problems() {
    let imp = read("rw.txt", RW_D);
    assert_eq!(imp.sections.len(), 1);
    let Body::Quantize(q) = &imp.sections[0].body else { panic!("not a histogram") };
    assert_eq!(q.tables.len(), 2);
    let (r, w) = (&q.tables[0], &q.tables[1]);
    assert_eq!((r.title.as_str(), r.line, r.tool.as_str(), r.buckets.len()), ("read", 4, "dtrace", 17));
    assert_eq!((w.title.as_str(), w.line, w.buckets.len()), ("write", 24, 17));
    assert_eq!((count_at(r, 4096), count_at(r, 1048576), count_at(r, 2097152)), (5295, 19, 0));
    assert_eq!((count_at(w, 8192), count_at(w, 64)), (102013, 47));
    // The avg-latency printa is not a histogram: its three lines are problems, nothing else.
    let lines: Vec<usize> = imp.problems.iter().map(|p| p.line).collect();
    assert_eq!(lines, vec![43, 44, 45]);
}

/// Seed 002's read latency of zone z02 (us), a table with a 0 row.
const ZONE_READ: &str = "  read (us)
           value  ------------- Distribution ------------- count
               0 |                                         0
               1 |@                                        3
               2 |@                                        5
               4 |                                         2
               8 |                                         1
              16 |                                         0
              32 |                                         0
              64 |                                         0
             128 |                                         0
             256 |                                         0
             512 |                                         0
            1024 |                                         0
            2048 |                                         0
            4096 |@                                        3
            8192 |                                         1
           16384 |@                                        7
           32768 |@@@@@                                    32
           65536 |@@@@@@@@                                 48
          131072 |@@@@@@@@@@@@@@@@@                        98
          262144 |                                         1
          524288 |@                                        7
         1048576 |@                                        7
         2097152 |@                                        4
         4194304 |                                         0
";

#[test]
fn seed_zone_read_latency() {
    let (s, q) = only_quantize("zone.txt", ZONE_READ);
    let t = &q.tables[0];
    assert_eq!((t.title.as_str(), t.line, t.buckets.len()), ("read (us)", 2, 24));
    assert_eq!((t.buckets[0].value, t.buckets[0].count), (0, 0));
    assert_eq!((count_at(t, 131072), count_at(t, 1048576), count_at(t, 4194304)), (98, 7, 0));
    let total: u64 = t.buckets.iter().map(|b| b.count).sum();
    assert_eq!(total, 219);
    assert!(s
        .notes
        .iter()
        .any(|n| n.contains("`read (us)` (line 2): 219 values in 24 buckets, the non-zero ones from 1 to 2097152")));
}

#[test]
fn the_labs_quantize_text_reads_back_to_its_buckets() {
    let mut buckets = [0u64; 37];
    for (j, n) in [(3, 10u64), (13, 12_820), (17, 40), (18, 30), (20, 15), (24, 5), (36, 1)] {
        buckets[j] = n;
    }
    let text = quantize(&buckets);
    let (_, q) = only_quantize("lab.txt", &text);
    assert_eq!(q.tables.len(), 1);
    let read: Vec<(i128, u64)> =
        q.tables[0].buckets.iter().filter(|b| b.count > 0).map(|b| (b.value, b.count)).collect();
    let wanted: Vec<(i128, u64)> =
        buckets.iter().enumerate().filter(|(_, c)| **c > 0).map(|(j, c)| (1i128 << j, *c)).collect();
    assert_eq!(read, wanted);
    // The zero rows the lab prints around them are read too: one before, one between each
    // non-zero run, none after the last bucket (there is none past 2^36).
    assert_eq!(q.tables[0].buckets.first().map(|b| (b.value, b.count)), Some((4, 0)));
}

#[test]
fn the_labs_lquantize_text_reads_back_with_its_bounds() {
    let text = lquantize(&[1, 1, 2, 3, 3, 3, 3, 40], 0, 30, 1);
    let (_, q) = only_quantize("lq.txt", &text);
    let t = &q.tables[0];
    assert_eq!(t.buckets.len(), 31);
    assert_eq!((t.buckets[1].value, t.buckets[1].count), (1, 2));
    assert_eq!((t.buckets[3].value, t.buckets[3].count), (3, 4));
    let last = t.buckets.last().unwrap();
    assert_eq!((last.value, last.count, last.below, last.label.as_str()), (30, 1, false, ">= 30"));
    let under = lquantize(&[5], 10, 20, 5);
    let (_, q) = only_quantize("under.txt", &under);
    let b = &q.tables[0].buckets[0];
    assert_eq!((b.value, b.count, b.below, b.label.as_str()), (10, 1, true, "< 10"));
}

#[test]
fn bpftrace_lhist_ends_and_several_maps() {
    let text = "Attaching 2 probes...\n\
                ^C\n\
                \n\
                @bytes[tank]:\n\
                (..., 0)               1 |@@                                                  |\n\
                [0, 10)               25 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\
                [10, 20)               3 |@@@@@@                                              |\n\
                [100, ...)             2 |@@@@                                                |\n\
                \n\
                @lat:\n\
                [0]                    4 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@|\n\
                [1]                    2 |@@@@@@@@@@@@@@@@@@@@@@@@@@                          |\n\
                [2, 4)                 1 |@@@@@@@@@@@@@                                       |\n\
                [1G, 2G)               1 |@@@@@@@@@@@@@                                       |\n";
    let (_, q) = only_quantize("lhist.txt", text);
    assert_eq!(q.tables.len(), 2);
    let b = &q.tables[0].buckets;
    assert_eq!((b[0].value, b[0].below, b[0].count), (0, true, 1));
    assert_eq!((b[3].value, b[3].count, b[3].label.as_str()), (100, 2, "[100, ...)"));
    let l = &q.tables[1];
    assert_eq!(l.title, "@lat:");
    assert_eq!(l.buckets.iter().map(|b| b.value).collect::<Vec<_>>(), vec![0, 1, 2, 1 << 30]);
}

#[test]
fn a_mangled_row_is_a_problem_on_its_line() {
    let text = "           value  ------------- Distribution ------------- count\n\
                            1024 |@@@@                                     12\n\
                            2048 |@@@ abc\n\
                            4096 |@                                        3\n\
                @total: 17\n";
    let imp = read("m.txt", text);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(problems[0].0, 3);
    assert!(problems[0].1.contains("expected a DTrace quantize row"));
    assert_eq!(problems[1].0, 5);
    assert!(problems[1].1.contains("a bpftrace map value, not a histogram"));
    let Body::Quantize(q) = &imp.sections[0].body else { panic!("not a histogram") };
    assert_eq!(q.tables[0].buckets.iter().map(|b| b.count).collect::<Vec<_>>(), vec![12, 3]);
}

#[test]
fn a_histogram_after_a_kstat_is_its_own_section() {
    let text = format!(
        "5 1 0x01 11 528 2058200957 2095734345211\n\
         name                            type data\n\
         dmu_tx_dirty_delay              4    12\n\
         \n{ZONE_READ}"
    );
    let imp = read("mix.txt", &text);
    assert!(imp.problems.is_empty(), "{:?}", imp.problems);
    let formats: Vec<(&str, usize)> = imp.sections.iter().map(|s| (s.body.format(), s.first_line)).collect();
    assert_eq!(formats, vec![("named kstat", 1), ("quantize histogram", 5)]);
}

#[test]
fn seed_q_d_packed_histograms_are_named_problems() {
    // q.d of seed 000 with `#pragma D option aggpack`, after DTrace's own first line.
    let text = "dtrace: script 'q.d' matched 3 probes\n\
                \n\
                min .--------------------------------. max | count\n\
                < 0 : \u{2583}\u{2586} : >= 30 | 23279\n\
                \n\
                           value  ------------- Distribution ------------- count\n\
                               1 |@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@@ 7\n\
                               2 |                                         0\n";
    let imp = read("q.txt", text);
    assert_eq!(imp.sections.len(), 1);
    assert_eq!(imp.sections[0].first_line, 1);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!((problems[0].0, problems[1].0), (3, 4));
    assert!(problems.iter().all(|p| p.1.contains("aggpack")));
    let Body::Quantize(q) = &imp.sections[0].body else { panic!("not a histogram") };
    assert_eq!(q.tables[0].buckets.iter().map(|b| (b.value, b.count)).collect::<Vec<_>>(), vec![(1, 7), (2, 0)]);
}

#[test]
fn a_bucket_bound_wider_than_64_bits_is_a_problem_and_the_rest_is_kept() {
    let text = "@x:\n[4K, 8K)   2 |@@|\n[16E, ...)   1 |@|\n";
    let imp = read("q.txt", text);
    assert_eq!(imp.problems.len(), 1, "{:?}", imp.problems);
    assert_eq!(imp.problems[0].line, 3);
    assert!(imp.problems[0].message.contains("does not fit in 64 bits"), "{:?}", imp.problems);
    let Body::Quantize(q) = &imp.sections[0].body else { panic!("not a histogram") };
    assert_eq!(count_at(&q.tables[0], 4096), 2);
    assert_eq!(q.tables[0].buckets.len(), 1);
}
