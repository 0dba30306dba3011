//! The named kstat reader (`dmu_tx`, `dmu_tx_assign`, `arcstats`, FreeBSD's `kstat.zfs`)
//! against the real captures in `tests/evidence/` and hand-made cases.

use throttle_model::evidence::kstat::Kstat;
use throttle_model::evidence::{import, Body, Section};

fn fixture(dir: &str, name: &str) -> String {
    let path = format!("{}/../../tests/evidence/{dir}/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The one named-kstat section of `text`, with no problems.
fn only_kstat(name: &str, text: &str) -> (Section, Kstat) {
    let imp = import(&[(name, text)]);
    assert!(imp.problems.is_empty(), "{name}: {:?}", imp.problems);
    assert_eq!(imp.sections.len(), 1, "{name}: {:?}", imp.sections);
    let s = imp.sections[0].clone();
    match &s.body {
        Body::Kstat(k) => {
            let k = k.clone();
            (s, k)
        }
        other => panic!("{name}: read as {}", other.format()),
    }
}

fn sample(dir: &str, name: &str) -> (Section, Kstat) {
    only_kstat(name, &fixture(dir, name))
}

fn has_note(s: &Section, part: &str) -> bool {
    s.notes.iter().any(|n| n.contains(part))
}

fn get(k: &Kstat, name: &str) -> i128 {
    k.get(name).unwrap_or_else(|| panic!("{name} not read"))
}

#[test]
fn gregfr_0_6_1_old_throttle_counters() {
    let (s, k) = sample("dmu_tx", "gh1459-gregfr-0.6.1-write_limit");
    assert_eq!((k.name.as_str(), k.platform.as_str(), k.stats.len()), ("dmu_tx", "linux", 12));
    assert_eq!(
        (get(&k, "dmu_tx_assigned"), get(&k, "dmu_tx_delay"), get(&k, "dmu_tx_write_limit")),
        (56978, 11610, 2073)
    );
    assert_eq!((k.stats[0].line, k.stats[0].data_type), (3, Some(4)));
    assert!(has_note(&s, "0.6.2 or earlier"));
    assert!(has_note(&s, "dmu_tx_write_limit 2073"));
}

#[test]
fn fabian_0_6_5_new_throttle_counters_are_zero() {
    let (s, k) = sample("dmu_tx", "gh5857-fabian-0.6.5.9");
    assert_eq!((k.name.as_str(), k.stats.len()), ("dmu_tx", 11));
    assert_eq!(get(&k, "dmu_tx_assigned"), 1427340);
    assert_eq!((get(&k, "dmu_tx_dirty_delay"), get(&k, "dmu_tx_dirty_over_max")), (0, 0));
    assert_eq!(k.stats.last().map(|s| (s.line, s.name.as_str())), Some((13, "dmu_tx_quota")));
    assert!(has_note(&s, "0.6.3 to 0.7"));
}

#[test]
fn loyou_mis_padded_frees_delay_row() {
    let (s, k) = sample("dmu_tx", "gh7718-loyou-master-2018-frees_delay");
    assert_eq!((k.name.as_str(), k.stats.len()), ("dmu_tx", 12));
    assert_eq!(get(&k, "dmu_tx_assigned"), 3);
    assert_eq!((get(&k, "dmu_tx_dirty_delay"), get(&k, "dmu_tx_dirty_over_max")), (0, 0));
    let frees = k.stats.iter().find(|s| s.name == "dmu_tx_dirty_frees_delay").unwrap();
    assert_eq!((frees.line, frees.value), (13, 0));
    assert!(has_note(&s, "0.8 to 2.1"));
}

#[test]
fn gentoouser_and_poo8z_old_format() {
    let (_, k) = sample("dmu_tx", "spl285-gentoouser-old-format");
    assert_eq!((k.name.as_str(), k.stats.len()), ("dmu_tx", 12));
    assert_eq!((get(&k, "dmu_tx_assigned"), get(&k, "dmu_tx_write_limit"), get(&k, "dmu_tx_how")), (1364076, 102, 0));
    let (_, k) = sample("dmu_tx", "spl310-poo8z-old-format");
    assert_eq!(
        (get(&k, "dmu_tx_assigned"), get(&k, "dmu_tx_group"), get(&k, "dmu_tx_write_limit")),
        (236089171, 226, 892)
    );
    assert_eq!(get(&k, "dmu_tx_delay"), 53154);
}

#[test]
fn prakash_2013_histogram_in_us() {
    let (s, k) = sample("dmu_tx_assign", "gh1584-prakash-histogram-2013");
    assert_eq!((k.name.as_str(), k.stats.len()), ("dmu_tx_assign", 21));
    assert_eq!((get(&k, "1 us"), get(&k, "2 us"), get(&k, "262144 us"), get(&k, "1048576 us")), (859, 252, 4, 0));
    assert!(has_note(&s, "had 32 rows when read"));
    assert!(has_note(&s, "rows in us"));
    assert!(has_note(&s, "1293 calls in the rows read; 0 of them took more than 0.5 s"));
}

#[test]
fn dweeezil_fragment_rows_alone() {
    let (s, k) = sample("dmu_tx_assign", "gh4512-dweeezil-quote-0.6.5-fragment");
    assert_eq!((k.name.as_str(), k.stats.len()), ("dmu_tx_assign", 2));
    assert_eq!((get(&k, "1073741824 ns"), get(&k, "2147483648 ns")), (21004, 24510));
    assert!(has_note(&s, "45514 calls in the rows read; 45514 of them took more than 0.5 s"));
}

#[test]
fn gentoouser_dmu_tx_assign_data() {
    let (_, k) = sample("dmu_tx_assign", "spl285-gentoouser-dmu_tx_assign-data");
    assert_eq!((k.name.as_str(), k.stats.len()), ("dmu_tx_assign", 15));
    assert_eq!((get(&k, "1 us"), get(&k, "64 us"), get(&k, "16384 us")), (972722, 184, 3));
}

#[test]
fn arcstats_samples() {
    let cases: [(&str, usize, &str, i128, &str); 5] = [
        ("gh10255-bignay2000-2.2", 25, "iohits", 1032529, "had 147 rows"),
        ("gh13157-tomposmiko-2.1", 27, "evict_l2_eligible", 880789631488, "had 98 rows"),
        ("gh149-devsk-2011-early", 23, "evict_skip", 1941671230, "had 53 rows"),
        ("gh4869-snajpa-0.6.5", 26, "evict_l2_eligible", 4029363145216, "had 94 rows"),
        ("netdata1994-skloeckner-0.6.5-arch", 25, "hash_collisions", 12874, "had 91 rows"),
    ];
    for (name, rows, stat, value, note) in cases {
        let (s, k) = sample("arcstats", name);
        assert_eq!((k.name.as_str(), k.stats.len()), ("arcstats", rows), "{name}");
        assert_eq!(get(&k, stat), value, "{name}");
        assert_eq!(k.stats[0].name, "hits", "{name}");
        assert!(has_note(&s, note), "{name}: {:?}", s.notes);
    }
    let (_, k) = sample("arcstats", "gh10255-bignay2000-2.2");
    assert_eq!((get(&k, "hits"), get(&k, "evict_not_enough")), (138399132, 0));
}

#[test]
fn every_kstat_sample_is_read_whole() {
    let mut seen = 0;
    for dir in ["dmu_tx", "dmu_tx_assign", "arcstats"] {
        let path = format!("{}/../../tests/evidence/{dir}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(&path).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                let text = std::fs::read_to_string(&path).unwrap();
                let (_, k) = only_kstat(&path.display().to_string(), &text);
                assert_eq!(k.name, dir, "{}", path.display());
                seen += 1;
            }
        }
    }
    assert!(seen >= 13);
}

const ARC: &str = "6 1 0x01 94 4512 6146206719 277601477176117
name                            type data
hits                            4    317718922
c                               4    12884901888
c_min                           4    1073741824
c_max                           4    17179869184
size                            4    12348030976
arc_need_free                   3    -4096
memory_throttle_count           4    7
";

#[test]
fn arcstats_sizes_and_signed_values() {
    let (s, k) = only_kstat("arc.txt", ARC);
    assert_eq!((get(&k, "c_max"), get(&k, "size"), get(&k, "arc_need_free")), (17179869184, 12348030976, -4096));
    assert!(has_note(&s, "ARC size 11.5 GiB, c 12.0 GiB, c_min 1.0 GiB, c_max 16.0 GiB"), "{:?}", s.notes);
    assert!(has_note(&s, "memory_throttle_count 7"));
}

#[test]
fn freebsd_sysctls_name_the_kstat_and_pool() {
    let text = "kstat.zfs.misc.arcstats.c_max: 8589934592\nkstat.zfs.misc.arcstats.size: 123456\n";
    let (s, k) = only_kstat("bsd.txt", text);
    assert_eq!((k.name.as_str(), k.platform.as_str(), k.pool.as_deref()), ("arcstats", "freebsd", None));
    assert_eq!((get(&k, "c_max"), get(&k, "size")), (8589934592, 123456));
    assert!(k.stats.iter().all(|s| s.data_type.is_none()));
    assert!(has_note(&s, "FreeBSD"));
    let text =
        "kstat.zfs.tank.dataset.objset-0x36.dataset_name: tank/fs\nkstat.zfs.tank.dataset.objset-0x36.nwritten: 4096\n";
    let (_, k) = only_kstat("ds.txt", text);
    assert_eq!((k.name.as_str(), k.pool.as_deref()), ("objset-0x36", Some("tank")));
    assert_eq!(k.stats[0].text.as_deref(), Some("tank/fs"));
    assert_eq!(get(&k, "nwritten"), 4096);
}

#[test]
fn a_prompt_gives_name_and_pool() {
    let text = "$ cat /proc/spl/kstat/zfs/tank/dmu_tx_assign\n\
                19 1 0x01 31 1488 7446183539 2014436431497394\n\
                name                            type data\n\
                1 ns                            4    0\n\
                1024 ns                         4    1723\n\
                536870912 ns                    4    17\n";
    let (s, k) = only_kstat("p.txt", text);
    assert_eq!(s.first_line, 1);
    assert_eq!((k.name.as_str(), k.pool.as_deref()), ("dmu_tx_assign", Some("tank")));
    assert_eq!(get(&k, "1024 ns"), 1723);
    let text = "# cat /proc/spl/kstat/zfs/dmu_tx_assign-data\n\
                10 1 0x01 32 1536 7462944496 12009513920581\n\
                name                            type data\n\
                1 us                            4    972722\n";
    let (_, k) = only_kstat("old.txt", text);
    assert_eq!((k.name.as_str(), k.pool.as_deref()), ("dmu_tx_assign", Some("data")));
}

#[test]
fn an_unnamed_kstat_says_so_and_strings_are_kept() {
    let text = "42 1 0x01 3 216 6146206719 277601477176117\n\
                name                            type data\n\
                dataset_name                    7    tank/my fs\n\
                writes                          4    12\n\
                nwritten                        4    4096\n";
    let (s, k) = only_kstat("objset.txt", text);
    assert_eq!(k.name, "");
    assert_eq!(
        (k.stats[0].name.as_str(), k.stats[0].text.as_deref(), k.stats[0].value),
        ("dataset_name", Some("tank/my fs"), 0)
    );
    assert_eq!(get(&k, "nwritten"), 4096);
    assert!(has_note(&s, "could not be told"));
}

#[test]
fn bad_rows_are_problems_on_their_lines() {
    let text = "5 1 0x01 11 528 2058200957 2095734345211\n\
                name                            type data\n\
                dmu_tx_assigned                 4    1427340\n\
                dmu_tx_delay                    4    12x\n\
                hello\n\
                dmu_tx_dirty_delay              4    99\n";
    let imp = import(&[("bad.txt", text)]);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(problems[0].0, 4);
    assert!(problems[0].1.contains("expected an integer value (data type 4)"), "{}", problems[0].1);
    assert_eq!(problems[1].0, 5);
    assert!(problems[1].1.contains("expected a kstat row `name type value`"));
    let Body::Kstat(k) = &imp.sections[0].body else { panic!("not a kstat") };
    assert_eq!((k.name.as_str(), k.stats.len(), k.get("dmu_tx_dirty_delay")), ("dmu_tx", 2, Some(99)));
}

#[test]
fn values_outside_their_data_type_are_problems_and_the_rest_is_kept() {
    let text = "5 1 0x01 4 528 1 2\n\
                name type data\n\
                dmu_tx_assigned 4 99999999999999999999\n\
                dmu_tx_delay 4 -1\n\
                dmu_tx_error 3 -7\n\
                dmu_tx_dirty_delay 4 18446744073709551615\n";
    let imp = import(&[("p.txt", text)]);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(problems.iter().map(|p| p.0).collect::<Vec<_>>(), vec![3, 4], "{problems:?}");
    assert!(problems[0].1.contains("`dmu_tx_assigned`") && problems[0].1.contains("UINT64 (type 4)"), "{problems:?}");
    let Body::Kstat(k) = &imp.sections[0].body else { panic!("not a kstat") };
    assert_eq!((k.get("dmu_tx_error"), k.get("dmu_tx_dirty_delay")), (Some(-7), Some(i128::from(u64::MAX))));
    // A histogram row of a count no kernel could hold is not counted either.
    let assign = "1024 ns 4 99999999999999999999999\n2048 ns 4 5\n";
    let imp = import(&[("a.txt", assign)]);
    assert_eq!(imp.problems.iter().map(|p| p.line).collect::<Vec<_>>(), vec![1], "{:?}", imp.problems);
    // A FreeBSD sysctl has no type column: any 64-bit value, and no wider.
    let bsd = "kstat.zfs.misc.dmu_tx.assigned: 18446744073709551616\n\
               kstat.zfs.misc.dmu_tx.error: 3402823669209384634633746074317682114550\n\
               kstat.zfs.misc.dmu_tx.delay: 3\n";
    let imp = import(&[("b.txt", bsd)]);
    assert_eq!(imp.problems.iter().map(|p| p.line).collect::<Vec<_>>(), vec![1, 2], "{:?}", imp.problems);
    assert!(imp.problems[0].message.contains("64-bit"), "{:?}", imp.problems);
    let Body::Kstat(k) = &imp.sections[0].body else { panic!("not a kstat") };
    assert_eq!((k.stats.len(), k.get("delay")), (1, Some(3)));
}

#[test]
fn two_kstats_pasted_together_are_both_kept() {
    let text = format!(
        "5 1 0x01 11 528 2058200957 2095734345211\n\
         name                            type data\n\
         dmu_tx_assigned                 4    1427340\n\
         dmu_tx_dirty_over_max           4    31\n\n{ARC}"
    );
    let (s, k) = only_kstat("two.txt", &text);
    assert_eq!((k.name.as_str(), k.get("dmu_tx_dirty_over_max")), ("dmu_tx", Some(31)));
    assert_eq!(k.more.len(), 1);
    assert_eq!((k.more[0].name.as_str(), k.more[0].get("c_max")), ("arcstats", Some(17179869184)));
    assert!(has_note(&s, "2 kstats were pasted one after another"));
    assert!(has_note(&s, "`dmu_tx`: dmu_tx_dirty_over_max 31"));
    // With a prompt before each, each is a section of its own.
    let text = format!(
        "$ cat /proc/spl/kstat/zfs/dmu_tx\n\
         5 1 0x01 11 528 2058200957 2095734345211\n\
         name                            type data\n\
         dmu_tx_assigned                 4    1427340\n\
         $ cat /proc/spl/kstat/zfs/arcstats\n{ARC}"
    );
    let imp = import(&[("prompts.txt", &text)]);
    assert!(imp.problems.is_empty(), "{:?}", imp.problems);
    let names: Vec<String> = imp
        .sections
        .iter()
        .filter_map(|s| if let Body::Kstat(k) = &s.body { Some(k.name.clone()) } else { None })
        .collect();
    assert_eq!(names, vec!["dmu_tx", "arcstats"]);
}

#[test]
fn garbage_never_panics() {
    let mut text = String::new();
    for i in 0..2000u32 {
        let line = match i % 9 {
            0 => "5 1 0x01 11 528 2058200957 2095734345211".to_string(),
            1 => "name type data".to_string(),
            2 => format!("x{i} 4 {}", u128::MAX),
            3 => "kstat.zfs.:".to_string(),
            4 => "kstat.zfs.a.b.c.d: ".to_string(),
            5 => "  4  ".to_string(),
            6 => "é 7".to_string(),
            7 => "1 ns 4 -".to_string(),
            _ => "kstat.zfs.misc.arcstats.size: -12".to_string(),
        };
        text.push_str(&line);
        text.push('\n');
    }
    let imp = import(&[("g.txt", &text)]);
    assert!(!imp.sections.is_empty());
}

#[test]
fn shuffled_fragments_of_every_sample_never_panic() {
    let mut lines: Vec<String> = Vec::new();
    for dir in ["txgs", "dmu_tx", "dmu_tx_assign", "arcstats", "dbgmsg", "dtrace-bpftrace"] {
        let path = format!("{}/../../tests/evidence/{dir}", env!("CARGO_MANIFEST_DIR"));
        for entry in std::fs::read_dir(&path).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().is_some_and(|e| e == "txt") {
                lines.extend(std::fs::read_to_string(&path).unwrap().lines().map(str::to_string));
            }
        }
    }
    // A fixed linear congruential sequence: the same cuts and order on every run.
    let mut seed: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move |n: usize| {
        seed = seed.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
        (seed >> 33) as usize % n.max(1)
    };
    for round in 0..50 {
        let mut text = String::new();
        for _ in 0..200 {
            let line = &lines[next(lines.len())];
            let cut = next(line.len() + 1);
            let end = (0..=cut).rev().find(|&c| line.is_char_boundary(c)).unwrap_or(0);
            text.push_str(if round % 2 == 0 { &line[..end] } else { line });
            if next(7) == 0 {
                text.push_str("   ");
            }
            text.push('\n');
        }
        let _ = import(&[("f.txt", &text)]);
    }
}

#[test]
fn the_labs_own_dmu_tx_assign_kstat_reads_back_into_the_same_buckets() {
    let scenario = throttle_model::scenario::Scenario::from_json(
        r#"{"duration": "3s", "pool": {"device": {"kind": "lun", "bandwidth": "50M"}}, "workloads": [{"kind": "async_write", "threads": 16}]}"#,
    )
    .expect("a scenario");
    let report = throttle_model::report::run(scenario);
    let counts = &report.histograms.dmu_tx_assign;
    assert_eq!(counts.len(), 42);
    assert!(
        counts.iter().skip(20).sum::<u64>() > 0,
        "a writer past the pool's rate waits a millisecond or more: {counts:?}"
    );
    let text = format!(
        "$ cat /proc/spl/kstat/zfs/tank/dmu_tx_assign\n{}",
        throttle_model::report::kstat::dmu_tx_assign(counts)
    );
    let read = throttle_model::evidence::import(&[("kstat", text.as_str())]);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let overlay = throttle_model::evidence::overlay::overlay(&read);
    assert_eq!(&overlay.dmu_tx_assign, counts);
}

#[test]
fn a_row_that_could_not_be_read_is_not_said_to_be_cut() {
    let whole_but_bad = "5 1 0x01 3 528 1 2\nname type data\ndmu_tx_assigned 4 5\ndmu_tx_delay 4 x\ndmu_tx_error 4 0\n";
    let imp = import(&[("k", whole_but_bad)]);
    let notes = &imp.sections[0].notes;
    assert!(!notes.iter().any(|n| n.contains("cut")), "{notes:?}");
    assert!(notes.iter().any(|n| n.contains("all are in the paste, 1 of them could not be read")), "{notes:?}");
    let cut = "5 1 0x01 5 528 1 2\nname type data\ndmu_tx_assigned 4 5\ndmu_tx_delay 4 x\n";
    let imp = import(&[("k", cut)]);
    assert!(
        imp.sections[0].notes.iter().any(|n| n.contains("2 are in the paste, so it was cut")),
        "{:?}",
        imp.sections[0].notes
    );
}
