//! The release a customer's evidence implies when no version line says it: from the
//! names a parameters dump holds, the printed formats, and both together; and what is
//! said when a version line and the formats disagree.

use throttle_model::evidence::import;
use throttle_model::scenario::evidence::{from_evidence, FromEvidence};

fn sample(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../tests/evidence/{path}", env!("CARGO_MANIFEST_DIR"))).expect("a sample")
}

fn implied(files: &[(&str, &str)]) -> FromEvidence {
    from_evidence(&import(files))
}

fn release(f: &FromEvidence) -> (&str, &str) {
    f.settings.iter().find(|s| s.name == "release").map(|s| (s.value.as_str(), s.source.as_str())).expect("a release")
}

/// The parameters every release from 0.6.4 to master has by one name (each a
/// `module_param()` or `ZFS_MODULE_PARAM()` at zfs-0.6.4, zfs-0.7.0, zfs-2.0.0, zfs-2.4.0).
const IN_EVERY_RELEASE: [&str; 21] = [
    "zfs_dirty_data_max",
    "zfs_dirty_data_max_max",
    "zfs_arc_max",
    "zfs_txg_timeout",
    "zfs_delay_min_dirty_percent",
    "zfs_delay_scale",
    "zfs_vdev_async_write_active_min_dirty_percent",
    "zfs_vdev_async_write_active_max_dirty_percent",
    "zfs_vdev_max_active",
    "zfs_vdev_sync_read_min_active",
    "zfs_vdev_sync_read_max_active",
    "zfs_vdev_sync_write_min_active",
    "zfs_vdev_sync_write_max_active",
    "zfs_vdev_async_read_min_active",
    "zfs_vdev_async_read_max_active",
    "zfs_vdev_async_write_min_active",
    "zfs_vdev_async_write_max_active",
    "zfs_vdev_scrub_min_active",
    "zfs_vdev_scrub_max_active",
    "zfs_vdev_aggregation_limit",
    "zfs_vdev_read_gap_limit",
];

#[test]
fn a_dump_cut_short_counts_the_names_it_holds_not_those_it_lacks() {
    // 50 names cut at zfs_arc_min: zfs_abd_scatter_enabled and dbuf_cache_hiwater_pct
    // (0.7.0 on), metaslabs_per_vdev (until 0.7) and zfs_arc_meta_limit_percent.
    let f = implied(&[("p", &sample("module-params/gh5564-haasn-name-eq-value-0.7rc.txt"))]);
    let (r, source) = release(&f);
    assert_eq!(r, "0.7", "{source}");
    assert!(source.contains("its parameters fit 0.7: a partial dump"), "{source}");
}

#[test]
fn a_whole_dump_counts_what_it_lacks_too() {
    // Every release's parameters, 0.8's own, and neither 2.1's scrub credit nor 2.3's
    // Direct I/O verification: 0.8 or 2.0, not 2.1.
    let mut names: Vec<&str> = IN_EVERY_RELEASE.to_vec();
    names.extend([
        "zfs_dirty_data_sync_percent",
        "zfs_vdev_aggregation_limit_non_rotating",
        "zfs_scan_vdev_limit",
        "zfs_commit_timeout_pct",
        "zfs_vdev_queue_depth_pct",
        "zfs_scrub_min_time_ms",
        "zfs_resilver_min_time_ms",
        "zfs_arc_meta_limit_percent",
    ]);
    let dump: String = names.iter().map(|n| format!("{n}=1\n")).collect();
    let whole = implied(&[("p", &dump)]);
    let (r, source) = release(&whole);
    assert_eq!(r, "2.0", "{source}");
    assert!(source.contains("fit 0.8 to 2.0: a whole dump"), "{source}");
    // Without zfs_txg_timeout it is not whole, and 2.1 and 2.1.16 (which have the same and
    // more) fit: the newest, 2.1.16, is taken.
    let partial = dump.replace("zfs_txg_timeout=1\n", "");
    let f = implied(&[("p", &partial)]);
    assert_eq!(release(&f).0, "2.1.16", "{}", release(&f).1);
}

#[test]
fn formats_and_names_together_narrow_the_release_and_a_conflict_is_said() {
    // gh7473's names fit 0.8 on; the -r columns of gh15824 0.8 to 2.1.x (no rebuild column
    // at zfs-2.1.16 either): together 0.8 to 2.1.16, the newest taken.
    let names = sample("module-params/gh7473-gerardba-arc_summary-0.7.txt");
    let r = sample("zpool-iostat-r/gh15824-imanolbarba-2.2-r.txt");
    let f = implied(&[("names", &names), ("r", &r)]);
    let (release_, source) = release(&f);
    assert_eq!(release_, "2.1.16", "{source}");
    assert!(
        source.contains("names line 1") && source.contains("r line 1") && source.contains("allow 0.8 to 2.1.16"),
        "{source}"
    );
    // gh17052 holds zfs_vdev_direct_write_verify (2.3 on) but no version line; gh4433's -l
    // columns are 0.7's alone. They disagree: said, and the narrower kept.
    let dump = sample("module-params/gh17052-aceslash-arc_summary-2.3.0.txt");
    let vl = sample("zpool-iostat-l/gh4433-tonyhutter-vl-2016.txt");
    let f = implied(&[("dump", &dump), ("vl", &vl)]);
    assert_eq!(release(&f).0, "0.7");
    assert!(
        f.notes.iter().any(|n| n.starts_with("vl line 1")
            && n.contains("disagrees with dump line 1 (its parameters fit 2.3 to master")),
        "{:?}",
        f.notes
    );
}

#[test]
fn each_group_of_iostat_columns_tells_the_release_by_its_own_names() {
    let f = implied(&[("q", &sample("zpool-iostat-q/gh7694-ak100-0.7-q.txt"))]);
    let (r, source) = release(&f);
    assert_eq!(r, "0.7");
    assert!(source.contains("the -q queue columns have no trimq (0.7)"), "{source}");
    let f = implied(&[("r", &sample("zpool-iostat-r/gh15824-imanolbarba-2.2-r.txt"))]);
    let (r, source) = release(&f);
    assert_eq!(r, "2.1.16");
    assert!(source.contains("the -r request-size columns include trim but no rebuild (0.8 to 2.1)"), "{source}");
    assert!(!source.contains("latency"), "{source}");
}

#[test]
fn a_version_line_the_formats_contradict_is_kept_and_the_conflict_said() {
    let version = "zfs-2.1.5-1\nzfs-kmod-2.1.5-1\n";
    let dmu = sample("dmu_tx/gh5857-fabian-0.6.5.9.txt");
    let txgs = sample("txgs/gh4512-crollorc-0.6.5-writeperf.txt");
    let f = implied(&[("v", version), ("dmu", &dmu), ("txgs", &txgs)]);
    assert_eq!(release(&f).0, "2.1");
    assert!(
        f.notes
            .iter()
            .any(|n| n.starts_with("v line 2: kmod version 2.1.5-1 is 2.1, but") && n.contains("allow 0.6.4 to 0.7")),
        "{:?}",
        f.notes
    );
    // A version line the formats allow is no note.
    let f = implied(&[("v", "zfs-kmod-0.7.13-1\n"), ("txgs", &txgs)]);
    assert!(!f.notes.iter().any(|n| n.contains("the version line is kept")), "{:?}", f.notes);
}

#[test]
fn freebsds_own_zfs_is_modelled_as_its_nearest_release_and_export_is_explained() {
    let f = implied(&[("bsd", &sample("module-params/scratchbox-oberstet-freebsd-sysctl-dirty.txt"))]);
    assert_eq!(release(&f).0, "0.7");
    assert!(
        f.notes.iter().any(|n| n.contains("nearest OpenZFS release, 0.7") && n.contains("export --os freebsd needs 2.0 or later")),
        "{:?}",
        f.notes
    );
}
