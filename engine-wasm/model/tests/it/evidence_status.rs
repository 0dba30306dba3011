//! `zpool status` as customers paste it (`tests/evidence/zpool-status-get/`): the pool, its
//! state, the scan line in the 0.6-0.7, 0.8-2.1 and 2.2-on wordings, and the config table.

use throttle_model::evidence::number::nicenum;
use throttle_model::evidence::status::{Scan, Status};
use throttle_model::evidence::{import, Body, Import};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence/zpool-status-get/");

fn sample(name: &str) -> Import {
    let text = std::fs::read_to_string(format!("{DIR}{name}.txt")).unwrap_or_else(|e| panic!("{name}: {e}"));
    import(&[(name, &text)])
}

fn status(imp: &Import) -> &Status {
    assert_eq!(imp.problems, vec![], "problems");
    assert_eq!(
        imp.sections.len(),
        1,
        "sections: {:?}",
        imp.sections.iter().map(|s| s.body.format()).collect::<Vec<_>>()
    );
    match &imp.sections[0].body {
        Body::Status(s) => s,
        other => panic!("read as {}", other.format()),
    }
}

fn scan(s: &Status) -> &Scan {
    s.scan.as_deref().expect("a scan")
}

fn size(t: &str) -> Option<u64> {
    nicenum(t)
}

#[test]
fn scrub_in_the_old_wording_over_100_percent() {
    let imp = sample("gh1329-booi-scrub-old-format-2013");
    let st = status(&imp);
    assert_eq!((st.pool.as_str(), st.state.as_deref()), ("crpubpool", Some("ONLINE")));
    let sc = scan(st);
    assert_eq!((sc.line, sc.kind.as_str(), sc.in_progress), (3, "scrub", true));
    assert_eq!(sc.date.as_deref(), Some("Fri Mar  1 09:59:34 2013"));
    assert_eq!(sc.scanned, size("11.7T"));
    assert_eq!(sc.total, size("11.7T"));
    assert_eq!(sc.rate, size("995M"));
    assert_eq!((sc.issued, sc.issue_rate, sc.eta_s), (None, None, None));
    assert_eq!(sc.repaired, Some(0));
    assert_eq!(sc.done_hundredths, Some(10001));
    // The config section is cut off in the paste.
    assert!(st.config.is_empty());
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("100.01% done")), "{:?}", imp.sections[0].notes);
}

#[test]
fn scrub_in_the_2_1_wording() {
    let imp = sample("gh14213-stuartthebruce-scrub-2.1");
    let sc = scan(status(&imp));
    assert_eq!(sc.scanned, size("112T"));
    assert_eq!(sc.rate, size("204G"));
    assert_eq!(sc.issued, size("3.23T"));
    assert_eq!(sc.issue_rate, size("5.89G"));
    assert_eq!(sc.total, size("384T"));
    assert_eq!(sc.repaired, Some(0));
    assert_eq!(sc.done_hundredths, Some(84));
    assert_eq!(sc.eta_s, Some(18 * 3600 + 22 * 60 + 5));
}

#[test]
fn resilver_in_the_old_wording_with_the_config() {
    let imp = sample("gh3267-tomposmiko-resilver-old-0.6.3");
    let st = status(&imp);
    assert_eq!(st.pool, "tank");
    assert_eq!(
        st.status.as_deref(),
        Some("One or more devices is currently being resilvered.  The pool will continue to function, possibly in a degraded state.")
    );
    assert_eq!(st.action.as_deref(), Some("Wait for the resilver to complete."));
    let sc = scan(st);
    assert_eq!((sc.line, sc.kind.as_str(), sc.in_progress), (6, "resilver", true));
    assert_eq!(sc.scanned, size("1.35G"));
    assert_eq!(sc.total, size("347G"));
    assert_eq!(sc.rate, size("126M"));
    assert_eq!(sc.eta_s, Some(46 * 60));
    assert_eq!(sc.repaired, Some(0));
    assert_eq!(sc.done_hundredths, Some(39));
    // The table verbatim, tabs and all: header, the pool, the mirror, the log and cache classes.
    assert_eq!(st.config.len(), 12);
    assert_eq!(st.config[0], "\tNAME        STATE     READ WRITE CKSUM");
    assert_eq!(st.config[5], "\tlogs");
    assert_eq!(st.config[11], "\t  sdb4      ONLINE       0     0     0");
    assert_eq!(st.errors.as_deref(), Some("No known data errors"));
}

#[test]
fn resilvers_in_the_0_8_wording() {
    let imp = sample("gh7537-snajpa-resilver-0.8dev");
    let st = status(&imp);
    assert_eq!((st.pool.as_str(), st.state.as_deref()), ("vz", Some("DEGRADED")));
    let sc = scan(st);
    assert_eq!(sc.scanned, size("6.18T"));
    assert_eq!(sc.rate, size("644M"));
    assert_eq!(sc.issued, size("4.26T"));
    assert_eq!(sc.issue_rate, size("444M"));
    assert_eq!(sc.total, size("6.42T"));
    assert_eq!(sc.repaired, size("123G"));
    assert_eq!(sc.done_hundredths, Some(6646));
    assert_eq!(sc.eta_s, Some(3600 + 24 * 60 + 38));
    // Cut inside the vdev list: what there is is kept, errors: never came.
    assert_eq!(st.config.len(), 12);
    assert!(st.config[5].ends_with("(resilvering)"));
    assert_eq!(st.errors, None);

    let imp = sample("gh840-lalufu-resilver-0.8");
    let st = status(&imp);
    let sc = scan(st);
    assert_eq!((sc.scanned, sc.issued, sc.total), (size("590G"), size("229G"), size("14.4T")));
    assert_eq!((sc.rate, sc.issue_rate), (size("497M"), size("193M")));
    assert_eq!((sc.repaired, sc.done_hundredths), (size("32.2G"), Some(155)));
    assert_eq!(sc.eta_s, Some(21 * 3600 + 27 * 60 + 1));
    assert_eq!(st.config.len(), 10);
    assert!(st.config[7].contains("was /dev/disk/by-id/"));
}

#[test]
fn scrubs_past_100_percent() {
    let imp = sample("gh8611-jwittlincohen-scrub-101pct-0.8rc");
    let st = status(&imp);
    let sc = scan(st);
    assert_eq!((sc.scanned, sc.issued, sc.total), (size("74.7T"), size("75.7T"), size("74.7T")));
    assert_eq!(sc.done_hundredths, Some(10132));
    assert_eq!(sc.eta_s, Some(158_831 * 86_400 + 7 * 3600 + 42 * 60 + 27));
    // The line with one blank after config: is blank.
    assert_eq!(st.config.len(), 8);

    let imp = sample("gh8891-tc1415-scrub-nonsense-0.8.0");
    let st = status(&imp);
    let sc = scan(st);
    assert_eq!((sc.scanned, sc.issued, sc.total), (size("212G"), size("245T"), size("212G")));
    assert_eq!(sc.issue_rate, size("375G"));
    assert_eq!(sc.done_hundredths, Some(11_806_885));
    assert_eq!(sc.eta_s, None);
    assert_eq!(st.config.len(), 3);
    assert_eq!(st.errors.as_deref(), Some("No known data errors"));
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("118068.85% done")));
}

#[test]
fn every_status_sample_is_read_as_zpool_status() {
    let mut n = 0;
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".txt") || name.contains("get-all") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let imp = import(&[(&name, &text)]);
        assert_eq!(imp.problems, vec![], "{name}");
        assert_eq!(imp.sections.len(), 1, "{name}");
        let Body::Status(s) = &imp.sections[0].body else {
            panic!("{name}: read as {}", imp.sections[0].body.format())
        };
        assert!(!s.pool.is_empty() && (s.scan.is_some() || text.contains("scan: none requested")), "{name}");
        n += 1;
    }
    assert!(n >= 7, "{n} samples");
}

fn one(text: &str) -> (Status, Vec<String>, Vec<(usize, String)>) {
    let imp = import(&[("t", text)]);
    let problems = imp.problems.iter().map(|p| (p.line, p.message.clone())).collect();
    assert_eq!(imp.sections.len(), 1, "{:?}", imp.sections);
    let s = &imp.sections[0];
    let Body::Status(st) = &s.body else { panic!("read as {}", s.body.format()) };
    (st.clone(), s.notes.clone(), problems)
}

#[test]
fn the_2_2_wording_two_pools_and_a_prompt() {
    let text = "\
root@host:~# zpool status
  pool: rpool
 state: ONLINE
  scan: scrub repaired 0B in 00:01:12 with 0 errors on Sun Mar 10 00:25:13 2024
config:

\tNAME        STATE     READ WRITE CKSUM
\trpool       ONLINE       0     0     0
\t  nvme0n1p3 ONLINE       0     0     0

errors: No known data errors

  pool: tank
 state: ONLINE
  scan: resilver in progress since Mon Mar 11 09:00:00 2024
\t6.18T / 6.42T scanned at 644M/s, 4.26T / 6.40T issued at 444M/s
\t123G resilvered, 66.46% done, 01:24:38 to go
   see: https://openzfs.github.io/openzfs-docs/msg/ZFS-8000-9P
config:

\tNAME        STATE     READ WRITE CKSUM
\ttank        ONLINE       0     0     0
\t  raidz2-0  ONLINE       0     0     0
\t    sda     ONLINE       0     0     0

errors: No known data errors
";
    let (st, notes, problems) = one(text);
    assert_eq!(problems, vec![]);
    assert_eq!(st.pool, "rpool");
    let sc = scan(&st);
    assert_eq!(
        (sc.kind.as_str(), sc.in_progress, sc.repaired, sc.elapsed_s, sc.errors),
        ("scrub", false, Some(0), Some(72), Some(0))
    );
    assert_eq!(sc.date.as_deref(), Some("Sun Mar 10 00:25:13 2024"));
    assert_eq!(st.config.len(), 3);
    assert_eq!(st.other_pools.len(), 1);
    let tank = &st.other_pools[0];
    assert_eq!(tank.pool, "tank");
    let sc = scan(tank);
    assert_eq!((sc.line, sc.kind.as_str(), sc.in_progress), (15, "resilver", true));
    assert_eq!((sc.scanned, sc.total, sc.rate), (size("6.18T"), size("6.42T"), size("644M")));
    assert_eq!((sc.issued, sc.issued_total, sc.issue_rate), (size("4.26T"), size("6.40T"), size("444M")));
    assert_eq!((sc.repaired, sc.done_hundredths, sc.eta_s), (size("123G"), Some(6646), Some(5078)));
    assert_eq!(tank.extra, vec!["see: https://openzfs.github.io/openzfs-docs/msg/ZFS-8000-9P".to_string()]);
    assert_eq!(tank.config.len(), 4);
    assert!(notes.iter().any(|n| n.starts_with("pool tank: a resilver was in progress")), "{notes:?}");
}

#[test]
fn paused_canceled_none_and_a_second_scan() {
    let text = "\
  pool: tank
 state: ONLINE
  scan: scrub paused since Mon Mar 11 09:00:00 2024
\tscrub started on   Sun Mar 10 09:00:00 2024
\t1.20T scanned out of 5.00T
\t0B repaired, 24.00% done
  scan: resilvered 10.5G in 00:10:00 with 0 errors on Sun Mar 10 08:00:00 2024
config:
";
    let (st, _, problems) = one(text);
    assert_eq!(problems, vec![]);
    let sc = scan(&st);
    assert!(sc.paused && sc.in_progress);
    assert_eq!(sc.date.as_deref(), Some("Sun Mar 10 09:00:00 2024"));
    assert_eq!((sc.scanned, sc.total, sc.rate, sc.done_hundredths), (size("1.20T"), size("5.00T"), None, Some(2400)));
    assert_eq!(
        st.extra,
        vec!["scan: resilvered 10.5G in 00:10:00 with 0 errors on Sun Mar 10 08:00:00 2024".to_string()]
    );

    let (st, _, problems) = one("  pool: a\n state: ONLINE\n  scan: none requested\nconfig:\n");
    assert_eq!((problems, st.scan), (vec![], None));
    let (st, _, problems) = one("  pool: a\n  scan: resilver canceled on Mon Mar 11 09:00:00 2024\n");
    assert_eq!(problems, vec![]);
    let sc = scan(&st);
    assert!(sc.canceled && !sc.in_progress);
}

#[test]
fn mangled_scan_lines_are_named_problems() {
    let text = "\
  pool: tank
 state: ONLINE
  scan: scrub in progress since Mon Mar 11 09:00:00 2024
\t1.20T scanned at lightspeed, 1.00T issued at 10M/s, 5.00T total
\t0B repaired, 24.00% done, 01:00:00 to go
some words the user added
  scan: defragmenting since Monday
";
    let (st, _, problems) = one(text);
    let lines: Vec<usize> = problems.iter().map(|p| p.0).collect();
    assert_eq!(lines, vec![4, 6, 7], "{problems:?}");
    assert!(problems[0].1.contains("a rate after `at`"), "{problems:?}");
    // Read as the scan's next line (a paste may lose the indent), which it is not.
    assert!(problems[1].1.starts_with("expected a scan clause"), "{problems:?}");
    assert!(problems[2].1.starts_with("expected a scan line"), "{problems:?}");
    // The rest of the scan is kept.
    let sc = scan(&st);
    assert_eq!((sc.done_hundredths, sc.eta_s), (Some(2400), Some(3600)));
}

#[test]
fn errors_with_files_and_a_healthy_x() {
    let text = "\
  pool: tank
 state: ONLINE
status: One or more devices has experienced an error resulting in data
\tcorruption.  Applications may be affected.
errors: Permanent errors have been detected in the following files:

        /tank/data/file1
        tank/vol@snap:<0x1>
";
    let (st, _, problems) = one(text);
    assert_eq!(problems, vec![]);
    assert_eq!(
        st.errors.as_deref(),
        Some("Permanent errors have been detected in the following files:\n/tank/data/file1\ntank/vol@snap:<0x1>")
    );
    assert_eq!(
        st.status.as_deref(),
        Some(
            "One or more devices has experienced an error resulting in data corruption.  Applications may be affected."
        )
    );

    let (st, notes, problems) = one("$ zpool status -x\nall pools are healthy\n");
    assert_eq!((problems, st.pool.as_str()), (vec![], ""));
    assert_eq!(notes, vec!["zpool status -x: all pools are healthy".to_string()]);
}

#[test]
fn beside_iostat_and_params() {
    let text = "\
  pool: tank
 state: ONLINE
config:

\tNAME        STATE     READ WRITE CKSUM
\ttank        ONLINE       0     0     0

errors: No known data errors
zfs_txg_timeout=5
zfs_dirty_data_max=4294967296
";
    let imp = import(&[("t", text)]);
    assert_eq!(imp.problems, vec![]);
    let formats: Vec<&str> = imp.sections.iter().map(|s| s.body.format()).collect();
    assert_eq!(formats, vec!["zpool status", "module parameters"]);
    assert_eq!((imp.sections[0].last_line, imp.sections[1].first_line), (8, 9));
}

#[test]
fn mangled_status_never_panics() {
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "txt") {
            continue;
        }
        crate::evidence_params::never_panics(&std::fs::read_to_string(&path).unwrap(), 300);
    }
    let more = "  pool: a\n  scan: scrub repaired 0B in 1 days 00:00:01 with 0 errors on Mon\n  scan: resilver (x) in progress since Mon\n\t1G / 2G scanned at 1M/s, 1G / 2G issued\n\t1G resilvered, 50,00% done, 0h1m to go\nerrors: 1\n\tfile\n";
    crate::evidence_params::never_panics(more, 300);
}
