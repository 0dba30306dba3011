//! The txgs kstat reader against the real captures in `tests/evidence/txgs/` and
//! hand-made cases of what pastes do to it.

use throttle_model::evidence::txgs::{TxgRow, Txgs, TxgsLayout};
use throttle_model::evidence::{import, Body, Import, Section};

fn fixture(name: &str) -> String {
    let path = format!("{}/../../tests/evidence/txgs/{name}.txt", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}

/// The one txgs section of `text`, with no problems.
fn only_txgs(name: &str, text: &str) -> (Section, Txgs) {
    let imp = import(&[(name, text)]);
    assert!(imp.problems.is_empty(), "{name}: {:?}", imp.problems);
    assert_eq!(imp.sections.len(), 1, "{name}: {:?}", imp.sections);
    let s = imp.sections[0].clone();
    match &s.body {
        Body::Txgs(t) => {
            let t = t.clone();
            (s, t)
        }
        other => panic!("{name}: read as {}", other.format()),
    }
}

fn sample(name: &str) -> (Section, Txgs) {
    only_txgs(name, &fixture(name))
}

fn first_last(t: &Txgs) -> (&TxgRow, &TxgRow) {
    (t.rows.first().expect("a first row"), t.rows.last().expect("a last row"))
}

fn has_note(s: &Section, part: &str) -> bool {
    s.notes.iter().any(|n| n.contains(part))
}

#[test]
fn jxdking_2_1_header_and_five_rows() {
    let (s, t) = sample("gh11929-jxdking-2.1-fio-gzip");
    assert_eq!(t.layout, TxgsLayout::Procfs);
    assert_eq!(t.rows.len(), 5);
    let (a, z) = first_last(&t);
    assert_eq!((a.line, a.txg, a.birth, a.state.as_str()), (2, 59754, 62524099457587, "C"));
    assert_eq!(
        (a.ndirty, a.nwritten, a.writes, a.otime, a.qtime, a.wtime, a.stime),
        (Some(81018880), 25616384, 680, 563753583, 604707, Some(26596), 305528904)
    );
    assert_eq!((z.txg, z.ndirty, z.stime), (59758, Some(80887808), 299709676));
    assert!(has_note(&s, "5 txgs (59754 to 59758), 5 of them committed"));
    assert!(has_note(&s, "the header alone: the 0.8-or-later layout"));
}

#[test]
fn jxdking_autotrim_rows_without_header() {
    let (s, t) = sample("gh12194-jxdking-autotrim-shortlived");
    assert_eq!(t.layout, TxgsLayout::Procfs);
    assert!(has_note(&s, "the header was missing, so the 0.8+ column order"));
    assert!(!has_note(&s, "the header alone"));
    assert_eq!(t.rows.len(), 10);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.otime, a.qtime, a.wtime, a.stime), (427556, 22660, 520, Some(5230), 12670));
    assert_eq!((z.txg, z.stime), (427565, 9810));
    assert_eq!(t.rows[2].otime, 374781574);
}

#[test]
fn imanolbarba_2_2_idle_with_trailing_spaces() {
    let (_, t) = sample("gh15824-imanolbarba-2.2-idle");
    assert_eq!(t.rows.len(), 9);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.otime, a.stime, a.ndirty), (29078, 5119847258, 189485, Some(0)));
    assert_eq!((z.txg, z.birth, z.stime), (29086, 49007453532860, 64191));
}

#[test]
fn snajpa_0_6_2_old_layout() {
    let (s, t) = sample("gh2218-snajpa-old-format-0.6.2");
    assert_eq!(t.layout, TxgsLayout::Old);
    assert_eq!(t.rows.len(), 10);
    let (a, z) = first_last(&t);
    assert_eq!((a.line, a.txg, a.state.as_str(), a.birth), (3, 7917723, "C", 4241593463350422));
    assert_eq!((a.nwritten, a.writes, a.otime, a.qtime, a.stime), (1127424, 351, 156093280, 3990, 148591575));
    assert_eq!((a.ndirty, a.wtime), (None, None));
    assert_eq!((z.txg, z.nread, z.reads, z.writes, z.stime), (7917732, 101888, 5, 691, 240121763));
    assert!(t.rows.iter().all(|r| r.ndirty.is_none() && r.wtime.is_none()));
    assert!(has_note(&s, "0.6.2-or-earlier layout"));
    assert!(has_note(&s, "held 60 txgs when read"));
}

#[test]
fn kpande_0_6_3_raw_kstat_line_first() {
    let (s, t) = sample("gh2990-kpande-idle-0.6.3");
    assert_eq!(t.layout, TxgsLayout::Kstat);
    assert_eq!(t.rows.len(), 8);
    let (a, z) = first_last(&t);
    assert_eq!(
        (a.txg, a.birth, a.otime, a.wtime, a.stime),
        (11656078, 708237905989510, 5000133897, Some(76362), 688201)
    );
    assert_eq!((z.txg, z.stime), (11656085, 379265));
    assert!(has_note(&s, "0.6.3 to 0.7.x layout"));
    assert!(has_note(&s, "held 46 txgs"));
}

#[test]
fn angstymeat_ten_digit_txgs_push_the_columns() {
    let (_, t) = sample("gh3409-angstymeat-tiny-txgs");
    assert_eq!(t.layout, TxgsLayout::Procfs);
    assert_eq!(t.rows.len(), 6);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.birth, a.otime, a.wtime, a.stime), (5611684927, 40266933252447, 196140, Some(174616), 207501));
    assert_eq!((z.txg, z.stime), (5611684932, 206635));
}

#[test]
fn dehacked_nonstop_sync() {
    let (_, t) = sample("gh3811-dehacked-nonstop-sync");
    assert_eq!(t.layout, TxgsLayout::Kstat);
    assert_eq!(t.rows.len(), 6);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.ndirty, a.wtime, a.stime), (31601021, Some(6530560), Some(2174040557), 2186188720));
    assert_eq!((z.txg, z.ndirty, z.stime), (31601026, Some(7454720), 1991405545));
}

#[test]
fn dehacked_a_syncing_txg_has_zero_stime() {
    let (s, t) = sample("gh3811-dehacked-states-S-W");
    assert_eq!(t.rows.len(), 9);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.nread, a.reads, a.stime), (31601060, 83968, 6, 3201070693));
    assert_eq!(
        (z.txg, z.state.as_str(), z.ndirty, z.nwritten, z.wtime, z.stime),
        (31601068, "S", Some(0), 0, Some(1403125447), 0)
    );
    assert!(has_note(&s, "8 of them committed"));
    assert!(has_note(&s, "1 txg not yet committed when read: 31601068 S (syncing)"));
}

#[test]
fn crollorc_garbled_first_line_keeps_the_rest() {
    let (s, t) = sample("gh4512-crollorc-0.6.5-writeperf");
    assert_eq!(s.first_line, 1);
    assert_eq!(t.layout, TxgsLayout::Kstat);
    assert_eq!(t.rows.len(), 4);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.ndirty, a.nread, a.reads, a.writes), (15119926, Some(67319808), 1138176, 22, 4244));
    assert_eq!((z.txg, z.ndirty, z.stime), (15119929, Some(67190272), 207592661));
    assert!(has_note(&s, "13 fields where 7 are printed"));
}

#[test]
fn mailinglists35_indented_paste() {
    let (_, t) = sample("gh5400-mailinglists35-0.7.0rc2-idle");
    assert_eq!(t.layout, TxgsLayout::Kstat);
    assert_eq!(t.rows.len(), 6);
    let (a, z) = first_last(&t);
    assert_eq!((a.txg, a.otime, a.stime), (390335741, 4999813463, 34374));
    assert_eq!((z.txg, z.stime), (390335746, 57286));
    let r = &t.rows[4];
    assert_eq!((r.txg, r.nread, r.reads, r.stime), (390335745, 4608, 2, 4681435));
}

#[test]
fn every_txgs_sample_is_read_whole() {
    let dir = format!("{}/../../tests/evidence/txgs", env!("CARGO_MANIFEST_DIR"));
    let mut seen = 0;
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (_, t) = only_txgs(&path.display().to_string(), &text);
            assert!(!t.rows.is_empty(), "{}", path.display());
            seen += 1;
        }
    }
    assert!(seen >= 10);
}

const HEADER: &str = "txg      birth            state ndirty       nread        nwritten     reads    writes   otime        qtime        wtime        stime";

#[test]
fn a_short_row_is_a_problem_on_its_line_and_the_rest_is_kept() {
    let text = format!(
        "{HEADER}\n\
         100      5000             C     1            2            3            4        5        6            7            8            9\n\
         101      6000             C     1            2            3\n\
         102      7000             X     1            2            3            4        5        6            7            8            9\n\
         103      8000             C     1            2            3            4        5        6            7            8            nine\n\
         104      9000             O     0            0            0            0        0        0            0            0            0\n"
    );
    let imp = import(&[("t.txt", &text)]);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(problems.len(), 3, "{problems:?}");
    assert_eq!(problems[0].0, 3);
    assert!(problems[0].1.contains("expected a txg row of 12 columns (txg birth state ndirty"), "{}", problems[0].1);
    assert!(problems[0].1.ends_with("found 6"), "{}", problems[0].1);
    assert_eq!(problems[1].0, 4);
    assert!(problems[1].1.contains("state letter"));
    assert_eq!(problems[2].0, 5);
    assert!(problems[2].1.contains("in the stime column, found `nine`"));
    let Body::Txgs(t) = &imp.sections[0].body else { panic!("not txgs") };
    assert_eq!(t.rows.iter().map(|r| r.txg).collect::<Vec<_>>(), vec![100, 104]);
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("104 O (open)")));
}

#[test]
fn a_prompt_names_the_pool() {
    let text = format!(
        "root@h:~# cat /proc/spl/kstat/zfs/tank/txgs\n{HEADER}\n\
         100      5000             C     1            2            3            4        5        6            7            8            9\n"
    );
    let (s, t) = only_txgs("p.txt", &text);
    assert_eq!((s.first_line, s.last_line), (1, 3));
    assert_eq!(t.pool.as_deref(), Some("tank"));
    assert_eq!(t.rows[0].line, 3);
    let old = "root@vz:/proc/spl/kstat/zfs# cat txgs-vz\n\
               txg      state birth         nread        nwritten     reads    writes   otime        qtime        stime\n\
               7917723  C     4241593463350422 0            1127424      0        351         156093280         3990    148591575\n";
    let (_, t) = only_txgs("old.txt", old);
    assert_eq!((t.layout, t.pool.as_deref(), t.rows[0].stime), (TxgsLayout::Old, Some("vz"), 148591575));
}

#[test]
fn old_rows_without_header_are_read_in_the_old_order() {
    let text = "7917723  C     4241593463350422 0            1127424      0        351         156093280         3990    148591575\n\
                7917724  S     4241593619446358 0            0            0        0           174178029         2294    0\n";
    let (s, t) = only_txgs("o.txt", text);
    assert_eq!(t.layout, TxgsLayout::Old);
    assert_eq!((t.rows[1].txg, t.rows[1].state.as_str(), t.rows[1].otime), (7917724, "S", 174178029));
    assert!(s.notes.iter().any(|n| n.contains("the 0.6.2 column order")));
}

#[test]
fn freebsd_sysctl_and_repeated_reads() {
    let row = "100      5000             C     1            2            3            4        5        6            7            8            9";
    let text = format!("kstat.zfs.zroot.txgs: \n{HEADER}\n{row}\n\n{HEADER}\n{row}\n");
    let (s, t) = only_txgs("bsd.txt", &text);
    assert_eq!((t.pool.as_deref(), t.rows.len()), (Some("zroot"), 2));
    assert!(s.notes.iter().any(|n| n.contains("FreeBSD")));
    assert!(s.notes.iter().any(|n| n.contains("the header appears 2 times (lines 2, 5)")));
}

#[test]
fn txgs_between_other_kstats_make_their_own_sections() {
    let text = format!(
        "5 1 0x01 11 528 2058200957 2095734345211\n\
         name                            type data\n\
         dmu_tx_assigned                 4    1427340\n\
         dmu_tx_dirty_delay              4    12\n\
         9 0 0x01 46 5152 11216290494 708466177046273\n\
         {HEADER}\n\
         11656078 708237905989510  C     0            0            0            0        0        5000133897   8569         76362        688201\n\
         1527970244   spa_misc.c:546:spa_deadman(): slow spa_sync: started 33858 seconds ago, calls 6417\n"
    );
    let imp: Import = import(&[("mix.txt", &text)]);
    assert!(imp.problems.is_empty(), "{:?}", imp.problems);
    let formats: Vec<(&str, usize, usize)> =
        imp.sections.iter().map(|s| (s.body.format(), s.first_line, s.last_line)).collect();
    assert_eq!(formats, vec![("named kstat", 1, 4), ("txgs kstat", 5, 7), ("dbgmsg", 8, 8)]);
    let Body::Txgs(t) = &imp.sections[1].body else { panic!("not txgs") };
    assert_eq!((t.layout, t.rows[0].txg), (TxgsLayout::Kstat, 11656078));
}

#[test]
fn a_large_paste_is_read_in_linear_time() {
    let row = "100      5000             C     1            2            3            4        5        6            7            8            9\n";
    let mut text = format!("{HEADER}\n");
    text.push_str(&row.repeat(200_000));
    text.push_str("garbage\n");
    let start = std::time::Instant::now();
    let imp = import(&[("big.txt", &text)]);
    assert!(start.elapsed().as_secs() < 20);
    let Body::Txgs(t) = &imp.sections[0].body else { panic!("not txgs") };
    assert_eq!(t.rows.len(), 200_000);
    assert_eq!(imp.problems.len(), 1);
}
