//! Evidence as tickets wrap it: Markdown fences around a `zpool status` config, commands
//! pasted without their prompt, a prompt left at the end, sysctl(8)'s `old -> new` echo, a
//! sequential rebuild's progress line, and the outputs of two pools in one ticket.

use throttle_model::evidence::params::Params;
use throttle_model::evidence::status::Status;
use throttle_model::evidence::{import, Body, Import};
use throttle_model::scenario::evidence::{from_evidence, FromEvidence};

fn sample(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../tests/evidence/{path}.txt", env!("CARGO_MANIFEST_DIR")))
        .unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn value<'a>(f: &'a FromEvidence, name: &str) -> Option<&'a str> {
    f.settings.iter().find(|s| s.name == name).map(|s| s.value.as_str())
}

fn status(imp: &Import) -> &Status {
    imp.sections
        .iter()
        .find_map(|s| match &s.body {
            Body::Status(st) => Some(st),
            _ => None,
        })
        .expect("a zpool status")
}

#[test]
fn a_fenced_status_config_gives_the_pool_and_the_bare_command_is_skipped() {
    let name = "zpool-status-get/gh2245-ab-oe-status-errors-fenced-config";
    let imp = import(&[("t", &sample(name))]);
    // Line 1 is `zpool status` with no prompt: a command, not lost evidence.
    assert_eq!(imp.problems, vec![]);
    let st = status(&imp);
    assert_eq!(st.pool, "Pool1");
    assert_eq!(st.config.len(), 6, "{:#?}", st.config);
    let f = from_evidence(&imp);
    assert_eq!(value(&f, "raidz"), Some("raidz1"));
    assert_eq!(value(&f, "mirror"), Some("3"));
    assert!(!f.notes.iter().any(|n| n.contains("```")), "{:#?}", f.notes);
    // Its data errors are said: the lab's devices never fail.
    assert!(
        f.notes.iter().any(|n| n.ends_with("t: pool Pool1 is ONLINE (18 data errors): the lab's devices never fail, retry or time out; a failing disk's latency is not in its runs")),
        "{:#?}",
        f.notes
    );
}

#[test]
fn fences_with_a_language_or_tildes_read_as_blank_lines_and_keep_the_line_numbers() {
    let body = sample("zpool-status-get/gh2245-ab-oe-status-errors-fenced-config").replace("```", "~~~~console");
    let imp = import(&[("t", &body)]);
    assert_eq!(imp.problems, vec![]);
    assert_eq!(status(&imp).config.len(), 6);
    // The block opens at the command (`zpool status`, line 1), as at a prompt.
    assert_eq!((imp.sections[0].first_line, imp.sections[0].last_line), (1, 19));
    // Not a fence: backticks inside a line of output stay part of it.
    let imp = import(&[("t", "```zpool status``` output\n")]);
    assert_eq!(imp.problems.len(), 1, "{:#?}", imp.problems);
}

#[test]
fn a_prompt_with_nothing_after_it_ends_the_output_and_lines_after_it_are_named() {
    let text = "root@pbs:~# zpool iostat zpool -pH 1 2\n\
                zpool\t1483556872192\t509307953152\t64\t12\t281656\t308598\n\
                zpool\t1483556872192\t509307953152\t128\t47\t527325\t2595750\n\
                root@pbs:~# \n\
                some words the shell printed\n";
    let imp = import(&[("t", text)]);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    assert_eq!(problems, vec![(5, "not part of any output the lab reads; skipped")]);
    assert_eq!((imp.sections.len(), imp.sections[0].last_line), (1, 3));
}

#[test]
fn sysctl_commands_without_a_prompt_and_the_set_echo_read_as_freebsd_parameters() {
    let imp = import(&[("t", &sample("module-params/zof142-mattmacy-freebsd-sysctl-arc"))]);
    assert_eq!(imp.problems, vec![]);
    let entries: Vec<(&str, &str, usize)> = imp
        .sections
        .iter()
        .filter_map(|s| match &s.body {
            Body::Params(Params { entries, .. }) => Some(entries),
            _ => None,
        })
        .flatten()
        .filter(|p| p.name == "zfs_arc_max")
        .map(|p| (p.as_written.as_str(), p.value.as_str(), p.line))
        .collect();
    // No parameter named `sysctl`; the set's echo gives the value now in force.
    assert!(imp.sections.iter().all(|s| match &s.body {
        Body::Params(p) => p.entries.iter().all(|e| e.name != "sysctl"),
        _ => true,
    }));
    assert!(entries.contains(&("vfs.zfs.arc.max", "16777216", 6)), "{entries:?}");
    assert!(entries.contains(&("vfs.zfs.arc.max", "0", 2)), "{entries:?}");
}

#[test]
fn a_2_1_sequential_rebuild_line_gives_its_issued_bytes_and_rate() {
    let imp = import(&[("t", &sample("zpool-status-get/zfswatcher24-heinowalther-draid3-rebuild-2.1.5"))]);
    assert_eq!(imp.problems, vec![]);
    let scan = status(&imp).scan.as_deref().expect("a scan");
    assert_eq!(scan.kind, "resilver");
    // `334T scanned at 2.13G/s, 306T issued 1.95G/s, 359T total` (1024-based).
    assert_eq!(scan.issued, Some(306 << 40));
    assert_eq!(scan.issue_rate, Some((1.95 * (1u64 << 30) as f64) as u64));
    assert_eq!(scan.total, Some(359 << 40));
    assert_eq!(scan.rate, Some((2.13 * (1u64 << 30) as f64) as u64));
}

#[test]
fn the_outputs_of_two_pools_are_named_and_the_layout_and_scan_are_one_pools() {
    let raidz3 = sample("zpool-status-get/gh11863-devZer0-raidz3-resilver-2.0");
    let mirrors = sample("zpool-iostat-v/gh2888-dswartz-mirror-slog-2014");
    let f = from_evidence(&import(&[("status.txt", &raidz3), ("iostat.txt", &mirrors)]));
    assert_eq!(value(&f, "raidz"), Some("raidz3"));
    assert_eq!(value(&f, "resilver"), Some("on"));
    let note = f.notes.iter().find(|n| n.starts_with("the evidence is of 2 pools")).expect("a note of two pools");
    assert!(note.contains("zfspool (status.txt line 1)") && note.contains("are zfspool's"), "{note}");
    // tank-copy's iostat describes another pool: no rate from it, and said.
    assert_eq!(value(&f, "async_rate"), None);
    assert!(
        f.notes.iter().any(|n| n
            == "iostat.txt line 1: zpool iostat of tank-copy, not zfspool: not used for the write rate or readers"),
        "{:#?}",
        f.notes
    );

    // Two statuses: the first's layout and scan, not a mix of both.
    let other = raidz3.replace("zfspool", "other").replace("raidz3-0", "raidz1-0");
    let f = from_evidence(&import(&[("a.txt", &raidz3), ("b.txt", &other)]));
    assert_eq!(value(&f, "raidz"), Some("raidz3"));
    assert!(f.notes.iter().any(|n| n.starts_with("the evidence is of 2 pools")), "{:#?}", f.notes);
    // One pool's outputs: no note.
    let f = from_evidence(&import(&[("a.txt", &raidz3), ("b.txt", &raidz3)]));
    assert!(!f.notes.iter().any(|n| n.contains("pools:")), "{:#?}", f.notes);
}

#[test]
fn an_interrupt_is_no_line_of_output_and_a_date_after_zpool_status_is_named() {
    let imp = import(&[("t", &sample("zpool-iostat/gh12779-grahamperrin-iostat-vdev-title-indented-2024"))]);
    let problems: Vec<(usize, &str)> = imp.problems.iter().map(|p| (p.line, p.message.as_str())).collect();
    // Line 16 is `^C`; line 19 `date`'s output after `zpool status -x ; date ; uptime`.
    assert!(!problems.iter().any(|(no, _)| *no == 16), "{problems:#?}");
    assert!(problems.contains(&(19, "a date, not part of zpool status (no -T d); skipped")), "{problems:#?}");
    assert!(imp.sections.iter().any(|s| s.describe().ends_with("zpool status: no pool named")));
}

#[test]
fn a_scan_lines_wording_narrows_the_release() {
    let release = |path: &str| {
        let f = from_evidence(&import(&[("t", &sample(path))]));
        let s = f.settings.iter().find(|s| s.name == "release").expect("a release implied");
        (s.value.clone(), s.source.clone())
    };
    let (r, why) = release("zpool-status-get/zfswatcher24-heinowalther-draid3-rebuild-2.1.5");
    assert_eq!(r, "2.1.16");
    assert!(why.contains("sequential rebuild's `issued R/s` with no `at` (2.0 to 2.1)"), "{why}");
    let (r, why) = release("zpool-status-get/gh1329-booi-scrub-old-format-2013");
    assert_eq!(r, "0.7");
    assert!(why.contains("`scanned out of` (until 0.7)"), "{why}");
    let (r, why) = release("zpool-status-get/gh11863-devZer0-raidz3-resilver-2.0");
    assert_eq!(r, "2.1.16");
    assert!(why.contains("(0.8 to 2.1)"), "{why}");
    // 2.2's `X / Y scanned, X / Y issued`.
    let text = "  pool: tank\n state: ONLINE\n  scan: scrub in progress since Mon Jan  6 10:00:00 2025\n\t1.38P / 1.38P scanned at 2.1G/s, 144T / 177T issued at 1.29G/s\n\t0B repaired, 81.05% done, 07:21:15 to go\n";
    let f = from_evidence(&import(&[("t", text)]));
    assert_eq!(value(&f, "release"), Some("master"));
    let why = &f.settings.iter().find(|s| s.name == "release").expect("a release").source;
    assert!(why.contains("`X / Y issued` (2.2 on)"), "{why}");
}
