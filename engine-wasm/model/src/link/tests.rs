use super::*;

#[test]
fn the_lab_part_of_a_link_is_its_fragment_else_its_query_as_the_app_reads_it() {
    assert_eq!(query_of("https://example.org/lab/#v=1&readers=8"), "v=1&readers=8");
    assert_eq!(query_of("https://example.org/lab/?v=1&readers=8"), "v=1&readers=8");
    assert_eq!(query_of("https://example.org/lab/?old=1#v=1&readers=8"), "v=1&readers=8");
    assert_eq!(query_of("https://example.org/lab/?v=1&readers=8#"), "v=1&readers=8");
    assert_eq!(query_of("#v=1&readers=8"), "v=1&readers=8");
    assert_eq!(query_of("??v=1"), "?v=1");
    assert_eq!(query_of("v=1&readers=8"), "v=1&readers=8");
    let readers = Id::from_name("readers").expect("readers");
    for link in ["#v=1&readers=8", "?v=1&readers=8", "v=1&readers=8", "??v=1&readers=8"] {
        let d = decode(query_of(link));
        assert_eq!(d.tunables.get(readers), 8, "{link}");
        assert!(d.notices.is_empty(), "{link}: {:?}", d.notices);
    }
}

#[test]
fn defaults_write_only_the_version() {
    assert_eq!(encode(&Tunables::default()), "v=1");
}

#[test]
fn a_value_set_to_its_default_is_written_and_read_back_as_set_in_either_order() {
    let mut t = Tunables::default();
    t.set_assignments(&["release=2.1".to_string(), "zfs_scan_vdev_limit=16M".to_string()]).expect("valid");
    let query = encode(&t);
    assert_eq!(query, "v=1&zfs_scan_vdev_limit=16M&release=2.1");
    for q in [query.as_str(), "v=1&release=2.1&zfs_scan_vdev_limit=16M"] {
        let d = decode(q);
        assert_eq!(d.tunables, t, "{q}");
    }
    let mut following = t.clone();
    following.reset(Id::ScanVdevLimit);
    assert_eq!(encode(&following), "v=1&release=2.1");
}

#[test]
fn changed_values_round_trip_in_readable_form() {
    let mut t = Tunables::default();
    t.set(Id::DirtyDataMax, 1 << 30).expect("in range");
    t.set(Id::DelayScale, 1_000_000).expect("in range");
    let query = encode(&t);
    assert_eq!(query, "v=1&zfs_dirty_data_max=1G&zfs_delay_scale=1ms");
    let back = decode(&format!("?{query}"));
    assert_eq!(back.tunables, t);
    assert!(back.notices.is_empty());
}

#[test]
fn the_issue_example_reads() {
    let d = decode("?v=1&zfs_dirty_data_max=1G&zfs_delay_scale=1000000");
    assert_eq!(d.tunables.get(Id::DirtyDataMax), 1 << 30);
    assert_eq!(d.tunables.get(Id::DelayScale), 1_000_000);
    assert!(d.notices.is_empty());
}

#[test]
fn each_problem_is_named_and_the_rest_applies() {
    let d = decode("v=1&zfs_bogus=3&zfs_txg_timeout=ten&zfs_delay_min_dirty_percent=150&zfs_dirty_data_max=2G&lonely");
    assert_eq!(d.tunables.get(Id::DirtyDataMax), 2 << 30);
    assert_eq!(d.tunables.get(Id::TxgTimeout), 5);
    assert_eq!(d.tunables.get(Id::DelayMinDirtyPercent), 60);
    assert_eq!(d.notices.len(), 4, "{:?}", d.notices);
    assert!(d.notices[0].contains("'zfs_bogus'"));
    assert!(d.notices[1].starts_with("zfs_txg_timeout: cannot read 'ten'"));
    assert!(d.notices[2].starts_with("zfs_delay_min_dirty_percent: 150 is out of range"));
    assert!(d.notices[3].contains("'lonely' has no value"));
}

#[test]
fn impossible_combinations_reset_only_the_links_values() {
    // 5 s × 4 GiB overflows the delay's 64 bits; with a 1 GiB limit it does not.
    let d = decode("v=1&zfs_delay_scale=5s");
    assert_eq!(d.tunables, Tunables::default());
    assert_eq!(d.notices.len(), 1);
    assert!(d.notices[0].contains("reset to the default: zfs_delay_scale"), "{:?}", d.notices);
    let d = decode("v=1&zfs_dirty_data_max=1G&zfs_delay_scale=5s");
    assert_eq!(d.tunables.get(Id::DelayScale), 5_000_000_000);
    assert!(d.notices.is_empty());
    // A pool zpool would refuse: raidz2 of one disk (the mirror is not the link's).
    let d = decode("v=1&raidz=raidz2");
    assert!(d.notices[0].contains("reset to the default: raidz"), "{:?}", d.notices);
    // What the kernel handles is kept, with a warning in the lab: a minimum above its maximum.
    let d = decode("v=1&zfs_vdev_scrub_min_active=5");
    assert_eq!((d.tunables.get(Id::ScrubMinActive), d.notices.len()), (5, 0));
}

#[test]
fn escapes_versions_and_duplicates() {
    let d = decode("v=2&zfs_delay_min_dirty_percent=70%25&zfs_dirty_data_sync_percent=25%");
    assert_eq!(d.tunables.get(Id::DelayMinDirtyPercent), 70);
    assert_eq!(d.tunables.get(Id::DirtyDataSyncPercent), 25);
    assert_eq!(d.notices.len(), 1);
    assert!(d.notices[0].contains("version 2"));
    let d = decode("v=x&zfs_txg_timeout=7&zfs_txg_timeout=9");
    assert_eq!(d.tunables.get(Id::TxgTimeout), 9);
    assert_eq!(d.notices.len(), 2);
    let d = decode("v=1&zfs_txg_timeout=%FF&=5");
    assert!(d.notices[0].contains("not valid URL text"));
    assert!(d.notices[1].contains("'=5' has a value but no name"));
    let d = decode("zfs_txg_timeout=7");
    assert_eq!(d.tunables.get(Id::TxgTimeout), 7);
    assert_eq!(d.notices, ["this link has no format version (v=1); read as version 1"]);
    assert!(decode("").notices.is_empty());
}

#[test]
fn the_view_travels_beside_the_settings_and_bad_parts_are_named() {
    let mut t = Tunables::default();
    t.set(Id::TxgTimeout, 7).expect("in range");
    let view =
        View { preset: Some("fast-then-slow".into()), lesson: Some("scrub".into()), step: Some(3), present: true };
    let query = encode_link(&t, Some(&Tunables::default()), &view);
    assert_eq!(query, "v=1&preset=fast-then-slow&lesson=scrub&step=3&present=1&zfs_txg_timeout=7&pinned=1");
    let d = decode(&query);
    assert_eq!((d.tunables, d.view, d.pinned.is_some()), (t, view, true));
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    let d = decode("v=1&lesson=Bad%20Name&step=0&present=yes&preset=");
    assert_eq!(d.view, View { present: true, ..View::default() });
    assert_eq!(d.notices.len(), 4, "{:?}", d.notices);
    assert!(d.notices[0].contains("'lesson=Bad Name'"), "{:?}", d.notices);
    assert!(d.notices[1].contains("step number"), "{:?}", d.notices);
    assert!(d.notices[2].contains("present=1"), "{:?}", d.notices);
    let d = decode("v=1&step=2");
    assert_eq!(d.view.step, None);
    assert!(d.notices[0].contains("no lesson"), "{:?}", d.notices);
}

#[test]
fn a_link_applied_onto_settings_keeps_what_it_does_not_name() {
    let mut base = Tunables::default();
    base.set(Id::TxgTimeout, 9).expect("in range");
    let d = decode_onto(&base, "zfs_dirty_data_max=1G");
    assert_eq!(d.tunables.get(Id::TxgTimeout), 9);
    assert_eq!(d.tunables.get(Id::DirtyDataMax), 1 << 30);
}

#[test]
fn long_links_are_cut_with_a_notice() {
    let query = format!("v=1&{}", "zfs_txg_timeout=6&".repeat(1000));
    let d = decode(&query);
    assert_eq!(d.tunables.get(Id::TxgTimeout), 6);
    assert!(d.notices[0].contains("only the first 256"), "{:?}", d.notices);
    assert_eq!(d.notices.len(), MAX_NOTICES);
    assert!(d.notices.last().is_some_and(|n| n.contains("more problems")));
}

#[test]
fn a_pinned_configuration_travels_beside_the_current_one() {
    let mut a = Tunables::default();
    a.set(Id::Readers, 8).expect("in range");
    let mut b = a.clone();
    b.set(Id::DelayScale, 1_000_000).expect("in range");
    b.set(Id::Device, 0).expect("in range");
    let query = encode_pair(&b, Some(&a));
    assert_eq!(query, "v=1&zfs_delay_scale=1ms&readers=8&device=hdd&pinned=1&a.readers=8");
    let d = decode(&query);
    assert_eq!((d.tunables, d.pinned), (b, Some(a)));
    assert!(d.notices.is_empty());
    let d = decode("v=1&pinned=1");
    assert_eq!(d.pinned, Some(Tunables::default()));
    assert_eq!(decode("v=1&readers=2").pinned, None);
}

#[test]
fn problems_in_the_pinned_configuration_are_named_as_its_own() {
    let d = decode("v=1&a.zfs_delay_scale=5s&a.device=tape&a.nope=1&pinned=yes&readers=3");
    assert_eq!(d.tunables.get(Id::Readers), 3);
    assert_eq!(d.pinned, Some(Tunables::default()));
    assert_eq!(d.notices.len(), 4, "{:?}", d.notices);
    assert!(d.notices[0].starts_with("a.device: cannot read 'tape'"), "{:?}", d.notices);
    assert!(d.notices[1].contains("'a.nope'"), "{:?}", d.notices);
    assert!(d.notices[2].contains("pinned"), "{:?}", d.notices);
    assert!(d.notices[3].contains("reset to the default: a.zfs_delay_scale"), "{:?}", d.notices);
}

#[test]
fn long_values_are_cut_in_notices() {
    let d = decode(&format!("v=1&zfs_dirty_data_max={}", "9".repeat(5000)));
    assert!(d.notices[0].len() < 300, "{}", d.notices[0]);
}
