//! Module-parameter dumps as customers paste them (`tests/evidence/module-params/`): every
//! sample is read as one `module parameters` block with no problem, names mapped to the
//! Linux parameters, values as printed.

use throttle_model::evidence::params::{Param, Params};
use throttle_model::evidence::prompt::prompt;
use throttle_model::evidence::{import, Body, Import};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence/module-params/");

fn sample(name: &str) -> (Import, String) {
    let text = std::fs::read_to_string(format!("{DIR}{name}.txt")).unwrap_or_else(|e| panic!("{name}: {e}"));
    (import(&[(name, &text)]), text)
}

/// The one params block of `imp`, asserting there is nothing else and no problem.
fn params(imp: &Import) -> &Params {
    assert_eq!(imp.problems, vec![], "problems");
    assert_eq!(
        imp.sections.len(),
        1,
        "sections: {:?}",
        imp.sections.iter().map(|s| s.body.format()).collect::<Vec<_>>()
    );
    match &imp.sections[0].body {
        Body::Params(p) => p,
        other => panic!("read as {}", other.format()),
    }
}

fn get<'a>(p: &'a Params, name: &str) -> &'a Param {
    p.entries.iter().find(|e| e.name == name).unwrap_or_else(|| panic!("{name} not read"))
}

/// Lines of `text` that are not blank: each one is one entry in these samples.
fn rows(text: &str) -> usize {
    text.lines().filter(|l| !l.trim().is_empty()).count()
}

#[test]
fn grep_dot_path_colon_value() {
    let (imp, text) = sample("gh11418-mailinglists35-grep-dot-2.0");
    let p = params(&imp);
    assert_eq!(p.style, "grep");
    assert_eq!(p.entries.len(), rows(&text));
    let first = &p.entries[0];
    assert_eq!((first.line, first.name.as_str(), first.value.as_str()), (1, "zfs_per_txg_dirty_frees_percent", "5"));
    assert_eq!(first.as_written, "/sys/module/zfs/parameters/zfs_per_txg_dirty_frees_percent");
    assert_eq!(get(p, "zfs_recv_queue_length").value, "16777216");
    let last = p.entries.last().unwrap();
    assert_eq!((last.line, last.name.as_str(), last.value.as_str()), (22, "zfs_scan_max_ext_gap", "2097152"));
}

#[test]
fn path_space_value_printed_twice() {
    let (imp, text) = sample("gh10677-homerl-path-space-value-0.7-0.8");
    let p = params(&imp);
    assert_eq!(p.style, "grep");
    assert_eq!(p.entries.len(), rows(&text));
    assert_eq!(get(p, "zfs_arc_meta_prune").value, "10000");
    assert_eq!(get(p, "zfs_async_block_max_blocks").value, "100000");
    assert_eq!(p.entries.last().map(|e| (e.line, e.name.as_str())), Some((23, "zfs_autoimport_disable")));
    // Every parameter after the first is printed twice, with the same value: one note says so.
    let notes = &imp.sections[0].notes;
    assert!(notes.iter().any(|n| n.starts_with("11 parameters are printed more than once")), "{notes:?}");
}

#[test]
fn name_eq_value_with_and_without_blanks() {
    let (imp, text) = sample("gh2218-snajpa-name-eq-spaced-0.6.2");
    let p = params(&imp);
    assert_eq!(p.style, "assignments");
    assert_eq!(p.entries.len(), rows(&text));
    assert_eq!(get(p, "zfs_arc_max").value, "32359738368");
    assert_eq!(get(p, "spa_config_path").value, "/etc/zfs/zpool.cache");
    assert_eq!(get(p, "zfs_no_write_throttle").line, 39);
    // The old write throttle's parameters name the release.
    assert!(imp.sections[0].notes.iter().any(|n| n.contains("old write throttle")));

    let (imp, text) = sample("gh5564-haasn-name-eq-value-0.7rc");
    let p = params(&imp);
    assert_eq!(p.style, "assignments");
    assert_eq!(p.entries.len(), rows(&text));
    // Names outside the zfs_ prefix are read too.
    assert_eq!(get(p, "ignore_hole_birth").value, "1");
    assert_eq!(get(p, "send_holes_without_birth_time").value, "1");
    assert_eq!(get(p, "metaslabs_per_vdev").value, "200");
    assert_eq!(p.entries.last().map(|e| (e.line, e.name.as_str(), e.value.as_str())), Some((50, "zfs_arc_min", "0")));
}

#[test]
fn printf_columns_with_spl_parameters() {
    let (imp, text) = sample("gh2871-ajeffco-printf50-0.6.3");
    let p = params(&imp);
    assert_eq!(p.style, "columns");
    assert_eq!(p.entries.len(), rows(&text));
    // spl's parameters keep their names.
    assert_eq!(get(p, "spl_debug_subsys").value, "18446744073709551615");
    assert_eq!(get(p, "spl_debug_mb").value, "-1");
    assert_eq!(get(p, "spl_hostid_path").value, "/etc/hostid");
    assert_eq!(get(p, "l2arc_noprefetch").line, 22);
}

#[test]
fn name_value_columns() {
    let (imp, text) = sample("gh2954-pashford-0.6.3-dirty");
    let p = params(&imp);
    assert_eq!(p.entries.len(), rows(&text));
    assert_eq!(get(p, "zfs_dirty_data_max_max").value, "16880529408");
    assert_eq!(get(p, "zfs_dirty_data_sync").value, "67108864");
    assert!(imp.sections[0].notes.iter().any(|n| n.starts_with("zfs_dirty_data_sync is in bytes")));

    let (imp, text) = sample("gh3719-whatarcane-0.6.4-vdev");
    let p = params(&imp);
    assert_eq!(p.entries.len(), rows(&text));
    assert_eq!(get(p, "zfs_txg_timeout").value, "5");
    assert_eq!(get(p, "zfs_vdev_async_write_min_active").value, "1");
    assert_eq!(get(p, "zfs_vdev_async_write_max_active").value, "10");
    assert_eq!(get(p, "zfs_vdev_scheduler").value, "noop");
}

#[test]
fn arc_summary_tunables_without_their_header() {
    // Both samples are excerpts of the Tunables section: indented, right-aligned rows.
    for (name, first, last) in [
        (
            "gh7473-gerardba-arc_summary-0.7",
            ("zfs_dirty_data_max_max_percent", "25"),
            ("zfs_metaslab_fragmentation_threshold", "70"),
        ),
        (
            "gh17052-aceslash-arc_summary-2.3.0",
            ("zfs_vdev_async_read_min_active", "1"),
            ("zfs_vdev_min_auto_ashift", "9"),
        ),
    ] {
        let (imp, text) = sample(name);
        let p = params(&imp);
        assert_eq!(p.entries.len(), rows(&text), "{name}");
        let f = &p.entries[0];
        assert_eq!((f.line, f.name.as_str(), f.value.as_str()), (1, first.0, first.1), "{name}");
        let l = p.entries.last().unwrap();
        assert_eq!((l.line, l.name.as_str(), l.value.as_str()), (18, last.0, last.1), "{name}");
    }
    let (imp, _) = sample("gh7473-gerardba-arc_summary-0.7");
    assert_eq!(get(params(&imp), "zfs_initialize_value").value, "16045690984833335022");
}

#[test]
fn freebsd_sysctl_names_are_mapped() {
    let (imp, text) = sample("scratchbox-oberstet-freebsd-sysctl-dirty");
    let p = params(&imp);
    assert_eq!(p.style, "freebsd_sysctl");
    assert_eq!(p.entries.len(), rows(&text));
    let d = get(p, "zfs_dirty_data_max");
    assert_eq!((d.as_written.as_str(), d.value.as_str()), ("vfs.zfs.dirty_data_max", "3426535833"));
    assert_eq!(get(p, "zfs_delay_min_dirty_percent").value, "60");
    assert_eq!(get(p, "zfs_dirty_data_max_max").value, "4294967296");
}

#[test]
fn macos_tunables_are_mapped() {
    let (imp, text) = sample("o3x806-wq9578-macos-sysctl-tunables");
    let p = params(&imp);
    assert_eq!(p.style, "macos_sysctl");
    assert_eq!(p.entries.len(), rows(&text));
    let d = get(p, "zfs_dirty_data_max");
    assert_eq!((d.as_written.as_str(), d.value.as_str()), ("kstat.zfs.darwin.tunable.zfs.dirty_data_max", "805306368"));
    assert_eq!(get(p, "zfs_delay_scale").value, "500000");
    assert_eq!(get(p, "zfs_async_block_max_blocks").value, "-1");
    assert_eq!(get(p, "zfs_scan_max_ext_gap").line, 25);
}

#[test]
fn every_sample_is_read_as_module_parameters() {
    let mut n = 0;
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "txt") {
            continue;
        }
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        let text = std::fs::read_to_string(&path).unwrap();
        let imp = import(&[(&name, &text)]);
        assert_eq!(imp.problems, vec![], "{name}");
        // One block, or one per command where the paste holds several (`sysctl vfs.zfs.arc.max`
        // then `sysctl vfs.zfs.arc`).
        assert!(!imp.sections.is_empty(), "{name}");
        for section in &imp.sections {
            let Body::Params(p) = &section.body else { panic!("{name}: read as {}", section.body.format()) };
            assert!(!p.entries.is_empty(), "{name}");
        }
        n += 1;
    }
    assert!(n >= 11, "{n} samples");
}

fn one(text: &str) -> (Params, Vec<String>, Vec<(usize, String)>) {
    let imp = import(&[("t", text)]);
    let problems = imp.problems.iter().map(|p| (p.line, p.message.clone())).collect();
    assert_eq!(imp.sections.len(), 1, "{:?}", imp.sections);
    let s = &imp.sections[0];
    let Body::Params(p) = &s.body else { panic!("read as {}", s.body.format()) };
    (p.clone(), s.notes.clone(), problems)
}

#[test]
fn freebsd_dotted_names_and_loader_conf() {
    let text = "root@nas:~ # sysctl vfs.zfs\n\
                vfs.zfs.vdev.async_write_max_active: 10\n\
                vfs.zfs.txg.timeout: 5\n\
                vfs.zfs.l2arc.write_max: 8388608\n\
                vfs.zfs.l2arc_write_max: 8388608\n\
                vfs.zfs.arc.max: 0\n\
                vfs.zfs.dbuf_cache.hiwater_pct: 10\n\
                vfs.zfs.version.module: 2.1.4-FreeBSD_g52bad4f23\n\
                vfs.zfs.dirty_data_max=\"4294967296\"\n";
    let (p, notes, problems) = one(text);
    assert_eq!(problems, vec![]);
    assert_eq!(p.style, "freebsd_sysctl");
    let names: Vec<(&str, &str)> = p.entries.iter().map(|e| (e.name.as_str(), e.value.as_str())).collect();
    assert_eq!(
        names,
        vec![
            ("zfs_vdev_async_write_max_active", "10"),
            ("zfs_txg_timeout", "5"),
            ("l2arc_write_max", "8388608"),
            ("l2arc_write_max", "8388608"),
            ("zfs_arc_max", "0"),
            ("dbuf_cache_hiwater_pct", "10"),
            ("zfs_version_module", "2.1.4-FreeBSD_g52bad4f23"),
            ("zfs_dirty_data_max", "4294967296"),
        ]
    );
    assert_eq!(p.entries[0].as_written, "vfs.zfs.vdev.async_write_max_active");
    assert_eq!(p.entries[0].line, 2);
    assert!(notes.iter().any(|n| n.contains("ZFS_MODULE_PARAM")));
}

#[test]
fn arc_summary_with_its_header_and_other_sections() {
    let text = "\
Tunables:
        dbuf_cache_hiwater_pct                                        10
        zfs_dirty_data_max                                    4294967296
        zfs_vdev_scheduler                                          none
        # Maximum number of active async writes
        zfs_vdev_async_write_max_active                               10

VDEV cache disabled, skipping section

ZIL committed transactions:                                         1.2k
        Commit requests:                                             123
        Flushes to stable storage:                                   123
";
    let (p, _, problems) = one(text);
    assert_eq!(p.style, "arc_summary");
    assert_eq!(p.entries.len(), 4);
    assert_eq!(
        (p.entries[1].name.as_str(), p.entries[1].value.as_str(), p.entries[1].line),
        ("zfs_dirty_data_max", "4294967296", 3)
    );
    // The sections after the tunables are not read: one problem each, at its title.
    assert_eq!(problems.len(), 2, "{problems:?}");
    assert_eq!(problems[0].0, 8);
    assert!(problems[0].1.contains("VDEV cache disabled"), "{problems:?}");
    assert_eq!(problems[1].0, 10);
    assert!(problems[1].1.contains("(3 lines)"), "{problems:?}");
}

#[test]
fn arc_summary_on_freebsd_names_the_sysctls() {
    let text = "Tunables:\n        vdev.async_write_max_active     10\n        dirty_data_max      4294967296\n        txg.timeout    5\n";
    let (p, notes, problems) = one(text);
    assert_eq!(problems, vec![]);
    let names: Vec<&str> = p.entries.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, vec!["zfs_vdev_async_write_max_active", "zfs_dirty_data_max", "zfs_txg_timeout"]);
    assert!(notes.iter().any(|n| n.contains("ZFS_MODULE_PARAM")));
}

#[test]
fn head_modprobe_and_a_prompt_first() {
    let text = "$ head /sys/module/zfs/parameters/zfs_txg_timeout /sys/module/zfs/parameters/zfs_arc_max\n\
                ==> /sys/module/zfs/parameters/zfs_txg_timeout <==\n\
                5\n\
                \n\
                ==> /sys/module/zfs/parameters/zfs_arc_max <==\n\
                8589934592\n";
    let (p, _, problems) = one(text);
    assert_eq!(problems, vec![]);
    let got: Vec<(usize, &str, &str)> = p.entries.iter().map(|e| (e.line, e.name.as_str(), e.value.as_str())).collect();
    assert_eq!(got, vec![(3, "zfs_txg_timeout", "5"), (6, "zfs_arc_max", "8589934592")]);

    let (p, _, problems) = one("zfs_txg_timeout=5\nzfs.zfs_arc_max=8589934592\n");
    assert_eq!(problems, vec![]);
    assert_eq!((p.entries[1].name.as_str(), p.entries[1].as_written.as_str()), ("zfs_arc_max", "zfs.zfs_arc_max"));

    let text = "# cat /etc/modprobe.d/zfs.conf\n\
                # cap the ARC\n\
                options zfs zfs_arc_max=8589934592 zfs_txg_timeout=10\n\
                options zfs zfs_vdev_async_write_max_active=20\n";
    let (p, _, problems) = one(text);
    assert_eq!(problems, vec![]);
    let got: Vec<(usize, &str, &str)> = p.entries.iter().map(|e| (e.line, e.name.as_str(), e.value.as_str())).collect();
    assert_eq!(
        got,
        vec![
            (3, "zfs_arc_max", "8589934592"),
            (3, "zfs_txg_timeout", "10"),
            (4, "zfs_vdev_async_write_max_active", "20")
        ]
    );
}

#[test]
fn mangled_lines_are_named_problems() {
    let text = "/sys/module/zfs/parameters/zfs_txg_timeout:5\n\
                Some prose the user typed\n\
                zfs_arc_max=\n\
                zfs_dirty_data_max\n\
                /sys/module/zfs/parameters/zfs_arc_min:0\n";
    let (p, _, problems) = one(text);
    assert_eq!(p.entries.len(), 2);
    let lines: Vec<usize> = problems.iter().map(|p| p.0).collect();
    assert_eq!(lines, vec![2, 3, 4], "{problems:?}");
    assert!(problems[0].1.starts_with("expected a module parameter"), "{problems:?}");
    assert!(problems[1].1.contains("value after zfs_arc_max="), "{problems:?}");
    assert!(problems[2].1.contains("value after the parameter name zfs_dirty_data_max"), "{problems:?}");
}

#[test]
fn different_values_of_one_parameter_are_noted() {
    let (_, notes, _) = one("zfs_txg_timeout=5\nzfs_arc_max=0\nzfs_txg_timeout=10\n");
    assert!(
        notes.iter().any(|n| n.contains("zfs_txg_timeout is printed with different values: 5 at line 1, 10 at line 3")),
        "{notes:?}"
    );
}

#[test]
fn beside_other_formats() {
    // A params dump after a zpool get and before a kstat: three blocks, the params one whole.
    let text = "\
NAME  PROPERTY  VALUE  SOURCE
tank  size      10T    -
/sys/module/zfs/parameters/zfs_dirty_data_max:4294967296
/sys/module/zfs/parameters/zfs_delay_scale:500000
";
    let imp = import(&[("t", text)]);
    assert_eq!(imp.problems, vec![]);
    let formats: Vec<&str> = imp.sections.iter().map(|s| s.body.format()).collect();
    assert_eq!(formats, vec!["zpool/zfs get", "module parameters"]);
    let Body::Params(p) = &imp.sections[1].body else { unreachable!() };
    assert_eq!(p.entries.len(), 2);
    assert_eq!(imp.sections[1].first_line, 3);
}

#[test]
fn big_dumps_read_in_linear_time() {
    let mut text = String::new();
    for i in 0..200_000 {
        text.push_str(&format!("/sys/module/zfs/parameters/zfs_param_{}:{}\n", i % 5000, i));
    }
    let t = std::time::Instant::now();
    let (p, notes, _) = one(&text);
    assert_eq!(p.entries.len(), 200_000);
    assert!(!notes.is_empty());
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
}

/// `text` mangled by `seed`: lines cut, doubled, dropped or swapped, characters (multi-byte
/// ones too) put in, numbers stretched past u64. For the never-panic tests of the
/// evidence formats read in this branch.
pub(crate) fn mangle(text: &str, seed: u64) -> String {
    let mut x = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
    let mut next = move |n: usize| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % n.max(1) as u64) as usize
    };
    const BITS: [&str; 12] = ["é", "€", "\t", ":", "=", "|", "[", "]", "%", "/s", "99999999999999999999999", " "];
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    for _ in 0..1 + next(6) {
        if lines.is_empty() {
            break;
        }
        let i = next(lines.len());
        match next(5) {
            0 => {
                let cut = lines[i]
                    .char_indices()
                    .map(|(p, _)| p)
                    .nth(next(lines[i].chars().count() + 1))
                    .unwrap_or(lines[i].len());
                lines[i].truncate(cut);
            }
            1 => {
                let l = lines[i].clone();
                lines.insert(i, l);
            }
            2 => {
                lines.remove(i);
            }
            3 => {
                let j = next(lines.len());
                lines.swap(i, j);
            }
            _ => {
                let at = lines[i]
                    .char_indices()
                    .map(|(p, _)| p)
                    .nth(next(lines[i].chars().count() + 1))
                    .unwrap_or(lines[i].len());
                lines[i].insert_str(at, BITS[next(BITS.len())]);
            }
        }
    }
    lines.join("\n")
}

/// Reads every mangled `text`: no panic, and every problem on a line of the text.
pub(crate) fn never_panics(text: &str, seeds: u64) {
    for seed in 0..seeds {
        let t = mangle(text, seed);
        let imp = import(&[("m", &t)]);
        let n = t.lines().count();
        for p in &imp.problems {
            assert!(p.line <= n, "seed {seed}: problem at line {} of {n}: {}", p.line, p.message);
        }
    }
}

#[test]
fn mangled_dumps_never_panic() {
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().map_or(true, |e| e != "txt") {
            continue;
        }
        never_panics(&std::fs::read_to_string(&path).unwrap(), 300);
    }
    never_panics("Tunables:\n        zfs_arc_max   0\nZIL committed transactions:\n        x  1\n==> /sys/module/zfs/parameters/a <==\n", 300);
}

/// The formats of this branch (module parameters, zpool status, zpool/zfs get, version,
/// fio) are not opened by any line of another format's samples; a block a shell prompt
/// names (`% zpool status -x` in a paste of several commands) is what the prompt says.
#[test]
fn no_other_sample_is_read_as_these_formats() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence/");
    let mine = ["module parameters", "zpool status", "zpool/zfs get", "version", "fio output"];
    let own = ["module-params", "zpool-status-get", "fio"];
    for dir in std::fs::read_dir(root).unwrap() {
        let dir = dir.unwrap().path();
        if !dir.is_dir() || own.iter().any(|o| dir.ends_with(o)) {
            continue;
        }
        for f in std::fs::read_dir(&dir).unwrap() {
            let path = f.unwrap().path();
            if path.extension().map_or(true, |e| e != "txt") {
                continue;
            }
            let text = std::fs::read_to_string(&path).unwrap();
            let lines: Vec<&str> = text.lines().collect();
            let prompted = |first: usize| lines.get(first - 1).is_some_and(|l| prompt(l).is_some());
            for s in import(&[("x", &text)]).sections.into_iter().filter(|s| !prompted(s.first_line)) {
                assert!(
                    !mine.contains(&s.body.format()),
                    "{}: lines {}-{} read as {}",
                    path.display(),
                    s.first_line,
                    s.last_line,
                    s.body.format()
                );
            }
        }
    }
}
