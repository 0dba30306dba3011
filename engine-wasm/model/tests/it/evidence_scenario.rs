//! The lab a customer's evidence implies: each value worked out from the numbers in the
//! captured samples, with its source named.

use throttle_model::evidence::import;
use throttle_model::scenario::evidence::{from_evidence, FromEvidence};

fn sample(path: &str) -> String {
    std::fs::read_to_string(format!("{}/../../tests/evidence/{path}", env!("CARGO_MANIFEST_DIR"))).expect("a sample")
}

fn implied(files: &[(&str, &str)]) -> FromEvidence {
    from_evidence(&import(files))
}

fn value<'a>(f: &'a FromEvidence, name: &str) -> Option<(&'a str, &'a str)> {
    f.settings.iter().find(|s| s.name == name).map(|s| (s.value.as_str(), s.source.as_str()))
}

#[test]
fn the_write_rate_is_the_synced_txgs_dirty_bytes_over_the_time_their_births_span() {
    let text = sample("txgs/gh11929-jxdking-2.1-fio-gzip.txt");
    let f = implied(&[("txgs", &text)]);
    // Rows 59754..59758: the first four txgs' ndirty over birth(59758) - birth(59754).
    let ndirty: u128 = 81018880 + 140787712 + 81018880 + 151011328;
    let span: u128 = 62525792336340 - 62524099457587;
    let rate = (ndirty * 1_000_000_000 / span) as u64;
    let (v, source) = value(&f, "async_rate").expect("a rate");
    assert_eq!(v, format!("{rate}/s"));
    assert!(source.starts_with("txgs lines 2-6: dirty bytes of 5 consecutive synced txgs"), "{source}");
}

#[test]
fn an_ssd_is_told_by_its_disk_wait_medians_from_iostat_w() {
    // A -w table whose disk_wait reads sit in the 65us bucket and writes in 262us.
    let mut t = String::from("tank         total_wait     disk_wait    syncq_wait    asyncq_wait\nlatency      read  write   read  write   read  write   read  write  scrub   trim  rebuild\n----------  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----  -----\n");
    let labels = [
        "1ns", "3ns", "7ns", "15ns", "31ns", "63ns", "127ns", "255ns", "511ns", "1us", "2us", "4us", "8us", "16us",
        "32us", "65us", "131us", "262us", "524us", "1ms", "2ms", "4ms", "8ms", "16ms", "33ms", "67ms", "134ms",
        "268ms", "536ms", "1s", "2s", "4s", "8s", "17s", "34s", "68s", "137s",
    ];
    for (j, l) in labels.iter().enumerate() {
        let (r, w) = (if j == 15 { 900 } else { 0 }, if j == 17 { 500 } else { 0 });
        t.push_str(&format!("{l:<10} {r:>6} {w:>6} {r:>6} {w:>6} 0 0 0 0 0 0 0\n"));
    }
    t.push_str("-----------------------------------------------------------------------\n");
    let f = implied(&[("w", &t)]);
    assert_eq!(value(&f, "device").map(|v| v.0), Some("ssd"));
    // The middle of the buckets [2^15, 2^16) and [2^17, 2^18) ns: 3/4 of their ends, 65535 and 262143.
    assert_eq!(value(&f, "ssd_read").map(|v| v.0), Some("49149"));
    assert_eq!(value(&f, "ssd_program").map(|v| v.0), Some("196605"));
    // Its columns are 2.2's (rebuild): the release is the newest such.
    let (release, source) = value(&f, "release").expect("a release");
    assert_eq!(release, "master");
    assert!(source.contains("the -w histogram columns include rebuild (2.2 on)"), "{source}");
}

#[test]
fn formats_that_disagree_on_the_release_are_said_and_the_first_kept() {
    let old = sample("txgs/gh4512-crollorc-0.6.5-writeperf.txt");
    let dmu = sample("dmu_tx/gh7718-loyou-master-2018-frees_delay.txt");
    let f = implied(&[("txgs", &old), ("dmu_tx", &dmu)]);
    let (release, _) = value(&f, "release").expect("a release");
    assert_eq!(release, "0.7", "the raw-kstat txgs layout allows 0.6.3 to 0.7");
    assert!(f.notes.iter().any(|n| n.contains("dirty_frees_delay") && n.contains("disagrees")), "{:?}", f.notes);
}

#[test]
fn implied_settings_make_a_lab_and_overrides_win() {
    let text = sample("txgs/gh11929-jxdking-2.1-fio-gzip.txt");
    let f = implied(&[("txgs", &text)]);
    let (t, notes) = f.tunables(&["async_rate=10M".to_string(), "nonsense=1".to_string()]);
    assert_eq!(t.get(throttle_model::Id::AsyncRate), 10 << 20);
    assert!(notes.iter().any(|n| n.contains("nonsense")), "{notes:?}");
    throttle_model::scenario::lab::scenario_from_settings(&t).expect("a scenario");
}

/// ZFS on Linux before 0.6.3 had the write limit and the single vdev queue, not the
/// dirty-data throttle and the per-class scheduler (0.6.3 brought both): its evidence runs
/// the legacy models, on the oldest release the lab has.
#[test]
fn evidence_of_a_release_before_0_6_3_runs_the_legacy_models() {
    for (name, path) in [
        ("params", "module-params/gh2218-snajpa-name-eq-spaced-0.6.2.txt"),
        ("txgs", "txgs/gh2218-snajpa-old-format-0.6.2.txt"),
    ] {
        let f = implied(&[(name, &sample(path))]);
        assert_eq!(value(&f, "release").map(|v| v.0), Some("0.6.4"), "{path}");
        for model in ["throttle_model", "scheduler_model"] {
            let (v, source) = value(&f, model).unwrap_or_else(|| panic!("{path}: no {model}"));
            assert_eq!(v, "legacy", "{path}");
            assert!(source.starts_with(&format!("{name} line ")), "{source}");
        }
    }
    let f = implied(&[("v", "$ cat /sys/module/zfs/version\n0.6.2-1\n")]);
    assert_eq!(value(&f, "throttle_model").map(|v| v.0), Some("legacy"), "{:?}", f.settings);
    let f = implied(&[("v", "$ cat /sys/module/zfs/version\n0.6.3-1\n")]);
    assert_eq!(value(&f, "throttle_model"), None, "{:?}", f.settings);
    // A version line decides over the parameters, as it does the release.
    let both = format!(
        "$ cat /sys/module/zfs/version\n0.6.5-1\n\n{}",
        sample("module-params/gh2218-snajpa-name-eq-spaced-0.6.2.txt")
    );
    assert_eq!(value(&implied(&[("both", &both)]), "throttle_model"), None);
}

/// A cut paste's last mirror shows one disk: it is left out, named by its line in the
/// paste, and the mirrors before it are kept.
#[test]
fn a_zpool_status_vdev_that_cannot_be_read_is_left_out_and_the_rest_kept() {
    let f = implied(&[("st", &sample("zpool-status-get/gh7537-snajpa-resilver-0.8dev.txt"))]);
    assert_eq!(value(&f, "top_level_vdevs").map(|v| v.0), Some("2"));
    assert_eq!(value(&f, "mirror").map(|v| v.0), Some("2"));
    let note = "st: pool vz: line 21 'mirror-2': a mirror needs at least 2 devices, it has 1: left out";
    assert!(f.notes.iter().any(|n| n == note), "{:?}", f.notes);
}

/// Reads without their latency cannot be turned into readers; said, not dropped.
#[test]
fn reads_without_a_latency_are_said_not_dropped() {
    let f = implied(&[("v", &sample("zpool-iostat-v/gh11001-collinsl03-raidz2-heavy-read.txt"))]);
    assert_eq!(value(&f, "readers"), None);
    assert!(
        f.notes
            .iter()
            .any(|n| n.starts_with("v line 1: zpool iostat shows 3450 reads/s") && n.contains("readers stay as set")),
        "{:?}",
        f.notes
    );
}

/// An override's release that lacks tunables the evidence gave (2.x names on a macOS dump)
/// leaves them aside, by name: a link with them would be refused.
#[test]
fn an_overriding_release_leaves_aside_what_it_does_not_have() {
    let text = sample("module-params/o3x806-wq9578-macos-sysctl-tunables.txt");
    let f = implied(&[("params", &text)]);
    assert_eq!(value(&f, "zfs_scan_vdev_limit").map(|v| v.0), Some("16M"));
    let (t, notes) = f.tunables(&["release=0.7".to_string()]);
    assert!(!t.is_given(throttle_model::Id::ScanVdevLimit));
    assert!(
        notes.iter().any(|n| n.starts_with("zfs_scan_vdev_limit (params line 9")
            && n.contains("not a tunable of OpenZFS 0.7; left aside")),
        "{notes:?}"
    );
    assert!(throttle_model::validate::check(&t).errors.is_empty());
    let (t, _) = f.tunables(&["release=0.7".to_string(), "zfs_dirty_data_sync_percent=20".to_string()]);
    assert!(t.is_given(throttle_model::Id::DirtyDataSyncPercent), "an override of its own is kept, and refused");
}

#[test]
fn the_pool_comes_from_the_iostat_v_tree_when_no_zpool_status_is_given() {
    let text = sample("zpool-iostat-v/gh4834-bdaroz-0.6.5-2xraidz2.txt");
    let f = implied(&[("v", &text)]);
    assert_eq!(value(&f, "top_level_vdevs").map(|v| v.0), Some("2"));
    assert_eq!(value(&f, "raidz").map(|v| v.0), Some("raidz2"));
    let (width, source) = value(&f, "mirror").expect("a width");
    assert_eq!(width, "6");
    assert_eq!(source, "v line 1: zpool iostat -v tree of storage");
    // A mirror with a log device.
    let text = sample("zpool-iostat-v/gh2888-dswartz-mirror-slog-2014.txt");
    let f = implied(&[("v", &text)]);
    assert_eq!((value(&f, "mirror").map(|v| v.0), value(&f, "slog").map(|v| v.0)), (Some("2"), Some("ssd")));
    // The write bandwidth of its one (since boot) report less the log device's: 69.2M - 37.2M.
    assert_eq!(value(&f, "async_rate").map(|v| v.0), Some("32M/s"));
}

#[test]
fn fio_gives_the_rate_when_no_kstat_or_iostat_does_and_properties_are_read() {
    let fio = "w: (groupid=0, jobs=1): err= 0: pid=1234: Mon Jan  1 00:00:00 2024\n  write: IOPS=2048, BW=8192KiB/s (8389kB/s)(480MiB/60001msec)\n";
    let get = "NAME        PROPERTY     VALUE       SOURCE\ntank/db     recordsize   16K         local\ntank/db     logbias      throughput  local\ntank/db     sync         always      local\ntank/db     compressratio 2.00x      -\n";
    let f = implied(&[("fio", fio), ("get", get)]);
    let (rate, source) = value(&f, "async_rate").expect("a rate");
    assert_eq!(rate, "8M/s");
    assert!(source.starts_with("fio line 1: fio's write bandwidth"), "{source}");
    assert_eq!(value(&f, "recordsize").map(|v| v.0), Some("16K"));
    assert_eq!(value(&f, "logbias").map(|v| v.0), Some("throughput"));
    assert_eq!(value(&f, "async_compressible").map(|v| v.0), Some("50"));
    assert!(f.notes.iter().any(|n| n.contains("sync=always")), "{:?}", f.notes);
}

#[test]
fn the_txg_rate_comes_only_from_rows_that_follow_each_other() {
    let text = sample("txgs/gh4512-crollorc-0.6.5-writeperf.txt");
    // One column of the second row deleted: that row is unread, and the three left are no run.
    let cut: String = text
        .lines()
        .enumerate()
        .map(|(i, l)| if i == 3 { l.split_whitespace().skip(1).collect::<Vec<_>>().join(" ") } else { l.to_string() })
        .collect::<Vec<_>>()
        .join("\n");
    let read = import(&[("txgs", &cut)]);
    assert_eq!(read.problems.iter().map(|p| p.line).collect::<Vec<_>>(), vec![4], "{:?}", read.problems);
    let f = from_evidence(&read);
    assert_eq!(value(&f, "async_rate"), None, "a rate from rows with a gap would stretch the span");
    assert!(f.notes.iter().any(|n| n.contains("no three consecutive committed txgs")), "{:?}", f.notes);
    // Rows out of order are said and left out; the whole table gives its rate.
    let mut rows: Vec<&str> = text.lines().collect();
    rows.swap(3, 4);
    let f = implied(&[("txgs", &rows.join("\n"))]);
    assert!(f.notes.iter().any(|n| n.contains("line(s) 5: out of order")), "{:?}", f.notes);
    // A ndirty no kernel printed is said, not clamped to the lab's maximum.
    let absurd = text.replace("67190272", "18446744073709551615").replace("67148288", "18446744073709551615");
    let f = implied(&[("txgs", &absurd)]);
    assert!(f.notes.iter().any(|n| n.contains("line(s) 4, 6: ndirty above")), "{:?}", f.notes);
    assert_eq!(value(&f, "async_rate"), None);
}

#[test]
fn writes_to_the_log_devices_are_not_buffered_writes_but_sync_writers() {
    // tank-copy writes 69.2M/s, 37.2M/s of it to its log device.
    let f = implied(&[("v", &sample("zpool-iostat-v/gh2888-dswartz-mirror-slog-2014.txt"))]);
    let pool: u64 = 692 * (1 << 20) / 10;
    let log: u64 = 372 * (1 << 20) / 10;
    let (rate, source) = value(&f, "async_rate").expect("a rate");
    assert_eq!(rate, throttle_model::Id::AsyncRate.spec().format(pool - log));
    assert!(source.contains("less its log devices' writes"), "{source}");
    assert_eq!(value(&f, "sync_writers").map(|v| v.0), Some("1"), "at least one, without -l");
    assert!(
        f.notes.iter().any(|n| n.contains("37.2 MiB/s of the pool's writes go to its log devices")),
        "{:?}",
        f.notes
    );
    // With -l: as many writers as log writes in flight, 2.37K/s x 49 ms.
    let f = implied(&[("vl", &sample("zpool-iostat-l/gh4433-tonyhutter-vl-2016.txt"))]);
    let (writers, source) = value(&f, "sync_writers").expect("sync writers");
    assert_eq!(writers, "97", "{source}");
    assert_eq!(value(&f, "async_rate").map(|v| v.0), Some("6M/s"));
    // No log device: the pool's bandwidth, and no sync writers.
    let f = implied(&[("v", &sample("zpool-iostat-v/gh4834-bdaroz-0.6.5-2xraidz2.txt"))]);
    assert!(value(&f, "async_rate").is_some_and(|v| !v.1.contains("log")));
    assert_eq!(value(&f, "sync_writers"), None);
}

#[test]
fn no_reads_means_no_readers() {
    // Its second report (the interval after the since-boot one) has no I/O at all.
    let f = implied(&[("ql", &sample("zpool-iostat-l/gh10253-wildente-ql-0.8-comma-locale.txt"))]);
    let (readers, source) = value(&f, "readers").expect("readers");
    assert_eq!(readers, "0", "{source}");
    assert!(source.contains("no reads"), "{source}");
}

#[test]
fn properties_of_several_datasets_are_not_merged_into_one() {
    let get = "NAME     PROPERTY      VALUE       SOURCE\n\
               tank/db  recordsize    16K         local\n\
               tank/db  logbias       throughput  local\n\
               tank/vm  volblocksize  8K          default\n";
    let f = implied(&[("get", get)]);
    let (recordsize, source) = value(&f, "recordsize").expect("a recordsize");
    assert_eq!(recordsize, "16K");
    assert!(source.contains("tank/db"), "{source}");
    assert_eq!(value(&f, "logbias").map(|v| v.0), Some("throughput"));
    assert_eq!(value(&f, "dataset"), None, "tank/vm's volblocksize is not tank/db's");
    assert!(
        f.notes.iter().any(|n| n.contains("tank/db's properties are used") && n.contains("not those of tank/vm")),
        "{:?}",
        f.notes
    );
}

#[test]
fn ram_comes_from_dirty_limits_arc_init_derived_and_they_are_then_no_tuning() {
    // FreeBSD: dirty_data_max 3426535833 is 10% of 34265358336 bytes (8365566 pages); the
    // 4 GiB dirty_data_max_max is the cap and says only that RAM is 16 GiB or more.
    let f = implied(&[("bsd", &sample("module-params/scratchbox-oberstet-freebsd-sysctl-dirty.txt"))]);
    let (ram, source) = value(&f, "ram").expect("RAM");
    assert_eq!(ram, throttle_model::Id::Ram.spec().format(34_265_358_336), "{source}");
    assert!(source.contains("zfs_dirty_data_max 3426535833 (10%)"), "{source}");
    assert_eq!(value(&f, "zfs_dirty_data_max"), None, "the default is no tuning");
    assert_eq!(value(&f, "zfs_dirty_data_max_max"), None);
    assert!(f.notes.iter().any(|n| n.contains("RAM (31.9 GiB) is inferred from the dirty limits")), "{:?}", f.notes);
    let (t, _) = f.tunables(&[]);
    let run = throttle_model::scenario::lab::effective(&t);
    assert_eq!(run.get(throttle_model::Id::DirtyDataMax), 3_426_535_833, "a run derives the customer's value");
    // macOS: 1920M is 25% and 768M 10% of 7.5 GiB, and 2.2's zfs_wrlog_data_max twice the latter.
    let f = implied(&[("o3x", &sample("module-params/o3x806-wq9578-macos-sysctl-tunables.txt"))]);
    assert_eq!(value(&f, "ram").map(|v| v.0), Some("7680M"));
    for name in ["zfs_dirty_data_max", "zfs_dirty_data_max_max", "zfs_wrlog_data_max"] {
        assert_eq!(value(&f, name), None, "{name}");
    }
    // 0.7 caps zfs_dirty_data_max_max at 4 GiB: gh2954's 16880529408 is no 0.7 default.
    let f = implied(&[("p", &sample("module-params/gh2954-pashford-0.6.3-dirty.txt"))]);
    assert_eq!(value(&f, "ram"), None);
    assert!(value(&f, "zfs_dirty_data_max_max").is_some());
    assert!(f.notes.iter().any(|n| n.contains("above 0.7's 4 GiB cap") && n.contains("67522117632")), "{:?}", f.notes);
    // A value set by hand fits no machine of whole pages; a non-default percent is no default.
    let f = implied(&[("p", "zfs_dirty_data_max=1234567890\n")]);
    assert_eq!(value(&f, "ram"), None);
    assert_eq!(value(&f, "zfs_dirty_data_max").map(|v| v.0), Some("1234567890"));
    let f = implied(&[("p", "zfs_dirty_data_max=805306368\nzfs_dirty_data_max_percent=20\n")]);
    assert_eq!(value(&f, "ram"), None);
    // Arcstats' RAM comes first; a dump's default is no tuning beside it either.
    let arc = "5 1 0x01 1 528 1 2\nname type data\nmemory_all_bytes 4 8053063680\n";
    let f = implied(&[("arc", arc), ("p", "zfs_dirty_data_max=805306368\n")]);
    assert!(value(&f, "ram").is_some_and(|v| v.1.contains("memory_all_bytes")));
    assert_eq!(value(&f, "zfs_dirty_data_max"), None);
}

/// A settings file (modprobe.d, `echo > /sys`, `/etc/system`, loader.conf) holds values
/// someone chose, never ones `arc_init()` derived: RAM is not read from them, and the lab's
/// own export reads back to the values it wrote.
#[test]
fn a_settings_files_dirty_limit_is_a_choice_not_a_sign_of_ram() {
    for text in [
        "options zfs zfs_dirty_data_max=2147483648\necho 2147483648 > /sys/module/zfs/parameters/zfs_dirty_data_max\n",
        "set zfs:zfs_dirty_data_max = 0x80000000\n",
        "vfs.zfs.dirty_data_max=\"2147483648\"\n",
    ] {
        let f = implied(&[("conf", text)]);
        assert_eq!(value(&f, "ram"), None, "{text}");
        assert_eq!(value(&f, "zfs_dirty_data_max").map(|v| v.0), Some("2G"), "{text}");
        assert!(!f.notes.iter().any(|n| n.contains("pasted twice")), "{text}: {:?}", f.notes);
    }
    // The same value as a running system shows it is 10% of a 20 GiB machine.
    let f = implied(&[("dump", "zfs_dirty_data_max 2147483648\n")]);
    assert_eq!(value(&f, "ram").map(|v| v.0), Some("20G"));
}

/// An idle interval (gh10253's second report: no reads, no writes) means no writers and no
/// readers, not writers at a trickle of 1 byte/s.
#[test]
fn no_writes_means_no_buffered_writers() {
    let f = implied(&[("ql", &sample("zpool-iostat-l/gh10253-wildente-ql-0.8-comma-locale.txt"))]);
    assert_eq!(value(&f, "async_writers").map(|v| v.0), Some("0"));
    assert_eq!(value(&f, "async_rate"), None);
    assert_eq!(value(&f, "readers").map(|v| v.0), Some("0"));
}

/// What the evidence does not describe stays as the lab is set, and the import says so:
/// a txgs kstat alone tells neither the pool nor its drives; an iostat -v tree tells the
/// pool, not the drives.
#[test]
fn a_pool_and_a_drive_the_evidence_does_not_describe_are_said_to_stay_as_set() {
    let says = |f: &FromEvidence, what: &str| f.notes.iter().any(|n| n.starts_with(what));
    let txgs = implied(&[("txgs", &sample("txgs/gh11929-jxdking-2.1-fio-gzip.txt"))]);
    assert!(says(&txgs, "no pool layout in the evidence"), "{:#?}", txgs.notes);
    assert!(says(&txgs, "no drive in the evidence"), "{:#?}", txgs.notes);
    let tree = implied(&[("v", &sample("zpool-iostat-v/gh2888-dswartz-mirror-slog-2014.txt"))]);
    assert!(!says(&tree, "no pool layout"), "{:#?}", tree.notes);
    assert!(says(&tree, "no drive in the evidence"), "{:#?}", tree.notes);
}

#[test]
fn a_table_of_named_vdevs_gives_no_pool_rate() {
    let text = sample("zpool-iostat/gh12779-grahamperrin-iostat-vdev-title-indented-2024.txt");
    let f = implied(&[("c", &text)]);
    assert_eq!((value(&f, "async_rate"), value(&f, "readers")), (None, None));
    assert!(
        f.notes.contains(&"c line 2: zpool iostat's rows are the vdevs named on its command line (the header's title is vdev, not pool): no pool's write rate or readers are taken from them".to_string()),
        "{:#?}",
        f.notes
    );
}

#[test]
fn rate_and_readers_come_from_one_block_its_interval_reports_first() {
    let text = sample("zpool-iostat/gh3633-kaazoo-iostat-prompts-interval.txt");
    let f = implied(&[("c", &text)]);
    let from = "the mean of its 2 interval reports from here to line 17 (the first, line 12, is since boot)";
    // Not 266K/s from the since-boot reports: the interval reports wrote nothing.
    assert_eq!(value(&f, "async_rate"), None);
    assert_eq!(
        value(&f, "async_writers"),
        Some(("0", format!("c line 16: zpool iostat shows no buffered writes, {from}").as_str()))
    );
    assert_eq!(value(&f, "readers"), Some(("0", format!("c line 16: zpool iostat shows no reads, {from}").as_str())));
    for lines in ["1-5", "6-10"] {
        let note = format!("c lines {lines}: zpool iostat (only the average since boot) not used for the write rate or readers: they come from one block, lines 11-17");
        assert!(f.notes.contains(&note), "{:#?}", f.notes);
    }
    // Headerless rows: the first is taken for the since-boot one.
    let text = sample("zpool-iostat/gh3453-dagger-iostat-1-headerless.txt");
    let f = implied(&[("c", &text)]);
    assert_eq!(
        value(&f, "async_rate"),
        Some(("2903244/s", "c line 2: zpool iostat write bandwidth, the mean of its 16 interval reports from here to line 17 (the first, line 1, is since boot); it counts metadata too"))
    );
}

#[test]
fn a_partial_v_tree_gives_no_mirror_copy_correction() {
    let text = sample("zpool-iostat-v/gh17320-clhedrick-iostat-v-14mirrors-2.x.txt");
    let f = implied(&[("c", &text)]);
    // The pool row's 258M as it is: 6 of 14 mirrors cannot tell how much of it is copies.
    assert_eq!(
        value(&f, "async_rate"),
        Some(("258M/s", "c line 1: zpool iostat write bandwidth, its one report (the average since boot); the -v tree is partial, so no mirror copies or parity were taken off; it counts metadata too"))
    );
}

#[test]
fn fios_rate_is_its_last_complete_report_not_an_interim_one() {
    let text = sample("fio/gh16844-sargarass-fio-3.36-status-interval.txt");
    let f = implied(&[("c", &text)]);
    assert_eq!(
        value(&f, "async_rate"),
        Some((
            "1586M/s",
            "c line 4: fio's Run status group 0 WRITE bw (every job together), from the last complete report pasted"
        ))
    );
    assert!(
        f.notes.contains(&"c line 13: fio's report of dirty-writers-thoughput is an interim one (--status-interval, and the progress line before it, line 12, is at 38.5%): not used for the write rate".to_string()),
        "{:#?}",
        f.notes
    );
}
