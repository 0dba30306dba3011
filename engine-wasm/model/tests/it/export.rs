//! Exported settings name only what the chosen release has, as each OS spells it: checked
//! against each release's module parameters as its own source declares them
//! (`tests/data/release-params/`, written by `scripts/release-params.py` from the tags).

use std::collections::BTreeMap;
use throttle_model::report::export::{export, is_parameter, Os};
use throttle_model::scenario::Release;
use throttle_model::schema::Kind;
use throttle_model::{Id, Tunables};

/// Name -> (writable at runtime, FreeBSD sysctl) for one release.
fn params(release: Release) -> BTreeMap<String, (bool, String)> {
    let path = format!("{}/../../tests/data/release-params/{}.tsv", env!("CARGO_MANIFEST_DIR"), release.name());
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let f: Vec<&str> = l.split('\t').collect();
            (f[0].to_string(), (f[1] == "rw", f.get(2).unwrap_or(&"").to_string()))
        })
        .collect()
}

/// Every tunable moved off its default (to another value it accepts), on `release`.
fn everything_changed(release: Release) -> Tunables {
    let mut t = Tunables::default();
    t.set(Id::Release, release.index()).expect("a release");
    for &id in Id::ALL.iter().filter(|id| id.spec().kind == Kind::Tunable) {
        let s = id.spec();
        let v = if s.default < s.max { s.default + 1 } else { s.default - 1 };
        let _ = t.set(id, v);
    }
    // arc_init() ignores a zfs_arc_max below 64 MiB: give it one it takes.
    t.set_assignment("zfs_arc_max=8G").expect("in range");
    t
}

#[test]
fn the_labs_tunables_exist_in_a_release_exactly_where_its_source_declares_them() {
    for release in Release::ALL {
        let declared = params(release);
        for &id in Id::ALL.iter().filter(|id| id.spec().kind == Kind::Tunable) {
            let name = release.old_name(id).unwrap_or(id.spec().name);
            let ours = is_parameter(release, id, Os::Linux);
            assert_eq!(ours, declared.contains_key(name), "{name} in {}", release.name());
        }
    }
}

#[test]
fn every_exported_name_is_a_parameter_of_its_release_as_its_os_spells_it() {
    for release in Release::ALL {
        let declared = params(release);
        let t = everything_changed(release);
        let linux = export(&t, Os::Linux).unwrap();
        let mut options = 0;
        for line in linux.lines() {
            if let Some(rest) = line.strip_prefix("options zfs ") {
                let name = rest.split('=').next().unwrap();
                assert!(declared.contains_key(name), "{name} is not a parameter of {}", release.name());
                options += 1;
            }
            if let Some(rest) = line.strip_prefix("echo ") {
                let name = rest.rsplit('/').next().unwrap();
                assert_eq!(
                    declared.get(name).map(|d| d.0),
                    Some(true),
                    "{name} written at runtime in {}",
                    release.name()
                );
            }
        }
        let expected = Id::ALL.iter().filter(|&&id| is_parameter(release, id, Os::Linux)).count();
        assert_eq!(options, expected, "{}: one options line per parameter changed", release.name());
        if release < Release::V2_0 {
            assert!(export(&t, Os::Freebsd).unwrap_err().contains("no FreeBSD port"));
            continue;
        }
        let freebsd = export(&t, Os::Freebsd).unwrap();
        let sysctls: Vec<&String> = declared.values().map(|d| &d.1).collect();
        let mut loader = 0;
        for line in freebsd.lines().filter(|l| l.starts_with("vfs.")) {
            let (name, value) = line.split_once('=').unwrap();
            assert!(sysctls.contains(&&name.to_string()), "{name} is not a sysctl of {}", release.name());
            if value.starts_with('"') {
                loader += 1;
            } else {
                let writable = declared.values().any(|d| d.1 == name && d.0);
                assert!(writable, "{name} in sysctl.conf but boot-only in {}", release.name());
            }
        }
        assert_eq!(loader, expected, "{}", release.name());
    }
}

#[test]
fn illumos_gets_etc_system_lines_and_the_delay_cap_the_others_cannot_set() {
    let mut t = Tunables::default();
    t.set_assignment("zfs_dirty_data_max=8G").unwrap();
    t.set_assignment("zfs_delay_max_ns=200ms").unwrap();
    let text = export(&t, Os::Illumos).unwrap();
    assert!(text.contains("set zfs:zfs_dirty_data_max = 0x200000000\n"), "{text}");
    assert!(text.contains("set zfs:zfs_delay_max_ns = 200000000\n"), "{text}");
    let linux = export(&t, Os::Linux).unwrap();
    assert!(!linux.contains("options zfs zfs_delay_max_ns"), "{linux}");
    assert!(
        linux.contains("zfs_delay_max_ns=200ms: zfs_delay_max_ns is not a module parameter in any release"),
        "{linux}"
    );
}

#[test]
fn only_changes_from_the_releases_own_defaults_are_written_with_unit_and_cost() {
    // On 0.6.5, async_write_min_active's default is 1: master's 2 is a change there.
    let mut t = Tunables::default();
    t.set_assignment("release=0.6.5").unwrap();
    t.set_assignment("ram=16G").unwrap();
    t.set_assignment("zfs_vdev_async_write_max_active=20").unwrap();
    let text = export(&t, Os::Linux).unwrap();
    let options: Vec<&str> = text.lines().filter(|l| l.starts_with("options")).collect();
    assert_eq!(options, ["options zfs zfs_vdev_async_write_max_active=20"], "{text}");
    assert!(
        text.contains("# zfs_vdev_async_write_max_active: 20 (count; the release's default is 10). More txg writes"),
        "{text}"
    );
    // Nothing changed: nothing to set, and zfs_dirty_data_max derived from RAM is not a change.
    let mut t = Tunables::default();
    t.set_assignment("ram=8G").unwrap();
    let text = export(&t, Os::Linux).unwrap();
    assert!(text.contains("nothing to set") && !text.contains("options zfs"), "{text}");
    // A load-time parameter gets no runtime line.
    t.set_assignment("zfs_dirty_data_max_max=3G").unwrap();
    let text = export(&t, Os::Linux).unwrap();
    assert!(text.contains("options zfs zfs_dirty_data_max_max=3221225472"), "{text}");
    assert!(!text.contains("echo 3221225472"), "{text}");
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 60, ..Default::default() })]

    /// What is exported for an OS reads back, as evidence, to the same tunables and release.
    #[test]
    fn an_export_reads_back_to_the_same_tunables(release in 4usize..10, os in 0usize..3, picks in proptest::collection::vec((0usize..200, 0u64..1000), 1..8)) {
        use throttle_model::evidence::import;
        use throttle_model::scenario::evidence::from_evidence;
        let release = Release::ALL[release];
        let os = Os::ALL[os];
        let mut t = Tunables::default();
        t.set(Id::Release, release.index()).expect("a release");
        let ids: Vec<Id> = Id::ALL.iter().copied().filter(|&id| is_parameter(release, id, os)).collect();
        for (k, per_mille) in picks {
            let id = ids[k % ids.len()];
            let s = id.spec();
            // From nothing to twice the default: values a tuning would try.
            let v = ((u128::from(s.default.max(1)) * u128::from(per_mille) / 500) as u64).clamp(s.min, s.max);
            let _ = t.set(id, v);
        }
        let text = export(&t, os).expect("exports");
        if throttle_model::validate::check(&t).errors.is_empty() && !text.contains("nothing to set") {
            let read = import(&[("export", text.as_str())]);
            proptest::prop_assert!(read.problems.is_empty(), "{:?}\n{text}", read.problems);
            let implied = from_evidence(&read);
            let (back, notes) = implied.tunables(&[]);
            proptest::prop_assert!(notes.is_empty(), "{notes:?}");
            proptest::prop_assert_eq!(back.get(Id::Release), release.index());
            for line in text.lines().filter(|l| l.starts_with("options zfs ") || l.starts_with("vfs.") || l.starts_with("set zfs:")) {
                let name = line.trim_start_matches("options zfs ").trim_start_matches("set zfs:").split(['=', ' ']).next().unwrap_or("");
                let id = if name.starts_with("vfs.") {
                    Id::ALL.iter().copied().find(|id| id.spec().freebsd == Some(name)).expect("a sysctl of the schema")
                } else {
                    release.tunable(name).expect("a tunable")
                };
                let eff = throttle_model::scenario::lab::effective;
                proptest::prop_assert_eq!(eff(&back).get(id), eff(&t).get(id), "{} in\n{}", name, text);
            }
        }
    }
}

/// A value set to master's default is a change on a release whose default differs: it is
/// written out, with the release's own default beside it.
#[test]
fn a_value_set_to_the_current_default_is_exported_where_the_release_had_another() {
    for (release, assignment, line) in [
        (Release::V0_6_5, "zfs_vdev_scrub_max_active=3", "options zfs zfs_vdev_scrub_max_active=3"),
        (Release::V2_1, "zfs_scan_vdev_limit=16M", "options zfs zfs_scan_vdev_limit=16777216"),
        (Release::V0_7, "zfs_vdev_aggregation_limit=1M", "options zfs zfs_vdev_aggregation_limit=1048576"),
    ] {
        let mut t = Tunables::default();
        t.set(Id::Release, release.index()).expect("a release");
        t.set_assignment(assignment).expect("in range");
        let out = export(&t, Os::Linux).expect("exports");
        assert!(out.contains(line), "{}: {out}", release.name());
    }
}

/// What the kernel derives at load (zfs_dirty_data_max from zfs_dirty_data_max_max and RAM)
/// is said, not written with the lab's machine's figure; a value the release does not take
/// on this machine, or one a later point release has, says so.
#[test]
fn derived_ignored_and_point_release_values_are_said_not_written() {
    let mut t = Tunables::default();
    t.set_assignment("zfs_dirty_data_max_max=8G").expect("in range");
    let out = export(&t, Os::Linux).expect("exports");
    assert!(out.contains("options zfs zfs_dirty_data_max_max=8589934592"), "{out}");
    assert!(!out.contains("options zfs zfs_dirty_data_max="), "{out}");
    assert!(out.contains("zfs_dirty_data_max follows at load: 6.40 GiB here"), "{out}");

    let mut t = Tunables::default();
    t.set_assignment("zfs_arc_max=128G").expect("in range");
    let out = export(&t, Os::Linux).expect("exports");
    assert!(!out.contains("options zfs"), "{out}");
    assert!(out.contains("zfs_arc_max=128G: OpenZFS master does not take it with 64 GiB of RAM"), "{out}");

    let mut t = Tunables::default();
    t.set(Id::Release, Release::V2_0.index()).expect("a release");
    t.set_assignment("zfs_vdev_nia_credit=7").expect("in range");
    let out = export(&t, Os::Linux).expect("exports");
    assert!(out.contains("not a module parameter of OpenZFS 2.0 (its first tag); 2.0.1 and later have it"), "{out}");
}
