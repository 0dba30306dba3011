use super::*;

/// `dmu_zfetch.c` at each tag: `zfetch_block_cap = 256` at zfs-0.6.5; 0.7.0's rewrite
/// with `zfetch_max_distance = 8 MiB` through zfs-2.1.0; `zfetch_min_distance = 4 MiB`
/// and `zfetch_max_distance = 64 MiB` (not `_ILP32`) from zfs-2.2.0.
#[test]
fn each_release_prefetches_as_its_tag_does() {
    assert_eq!(Release::V0_6_4.prefetch(), Prefetch::BlockCap);
    assert_eq!(Release::V0_6_5.prefetch(), Prefetch::BlockCap);
    for r in [Release::V0_7, Release::V0_8, Release::V2_0, Release::V2_1] {
        assert_eq!(r.prefetch(), Prefetch::Doubling { max: 8 * MIB }, "{}", r.name());
    }
    for r in [Release::V2_2, Release::V2_3, Release::V2_4, Release::Master] {
        assert_eq!(r.prefetch(), Prefetch::MinThenEighths { min: 4 * MIB, max: 64 * MIB }, "{}", r.name());
    }
}

#[test]
fn names_round_trip_and_master_is_the_default() {
    for r in Release::ALL {
        assert_eq!(Release::from_name(r.name()), Some(r));
        assert_eq!(Release::from_index(r.index()), r);
    }
    assert_eq!(Release::default(), Release::Master);
}

/// Values read from each tag (`git show zfs-X:module/zfs/...`), as the release ships them.
#[test]
fn the_dirty_limits_follow_ram_as_arc_init_derives_them() {
    const GIB: u64 = 1 << 30;
    // 0.7 on: 10% of RAM, capped at 25% of RAM and at 4 GiB.
    assert_eq!(Release::V2_4.dirty_limits(64 * GIB, None), (4 * GIB, 4 * GIB));
    assert_eq!(Release::V2_4.dirty_limits(16 * GIB, None), (4 * GIB, 16 * GIB / 10));
    assert_eq!(Release::V0_7.dirty_limits(128 * GIB, None), (4 * GIB, 4 * GIB));
    // 0.6.x: no 4 GiB cap.
    assert_eq!(Release::V0_6_5.dirty_limits(128 * GIB, None), (32 * GIB, 128 * GIB / 10));
    // An explicit zfs_dirty_data_max_max caps the derived maximum.
    assert_eq!(Release::V2_4.dirty_limits(64 * GIB, Some(GIB)), (GIB, GIB));
    assert_eq!(Release::V2_4.dirty_limits(1 << 50, None).1, 4 * GIB);
    assert_eq!(Release::V2_4.dirty_limits(1000, None), (250, 100));
}

#[test]
fn defaults_follow_each_releases_source() {
    let get = |r: Release, id: Id| r.defaults().iter().find(|(i, _)| *i == id).map_or(id.spec().default, |(_, v)| *v);
    assert_eq!(get(Release::V0_6_5, Id::AsyncWriteMinActive), 1);
    assert_eq!(get(Release::V0_7, Id::AsyncWriteMinActive), 2);
    assert_eq!(get(Release::V2_0, Id::ScrubMaxActive), 2);
    assert_eq!(get(Release::V2_1, Id::ScrubMaxActive), 3);
    assert_eq!(get(Release::V0_7, Id::AggregationLimit), 128 * KIB);
    assert_eq!(get(Release::V0_8, Id::AggregationLimit), MIB);
    assert_eq!(get(Release::V2_1, Id::ScanVdevLimit), 4 * MIB);
    assert_eq!(get(Release::V2_2, Id::ScanVdevLimit), 16 * MIB);
    assert_eq!(get(Release::V2_2, Id::CommitTimeoutPct), 5);
    assert_eq!(get(Release::V2_3, Id::CommitTimeoutPct), 10);
    assert_eq!(get(Release::V2_4, Id::ScrubMinTimeMs), 1000);
    assert_eq!(get(Release::Master, Id::ScrubMinTimeMs), 750);
    assert_eq!(get(Release::V2_4, Id::ResilverMinTimeMs), 3000);
    assert_eq!(get(Release::Master, Id::ResilverMinTimeMs), 1500);
    assert_eq!(get(Release::V0_6_4, Id::DirtyDataSync), 64 * MIB);
    // zil.c: `zil_slog_bulk = 768 * 1024` at zfs-0.7.0 through zfs-2.2.0 (zfs-2.1.16 too),
    // `64 * 1024 * 1024` from zfs-2.3.0; none at zfs-0.6.5.
    for r in [Release::V0_7, Release::V0_8, Release::V2_0, Release::V2_1, Release::V2_1_16, Release::V2_2] {
        assert_eq!(get(r, Id::ZilSlogBulk), 768 * KIB, "{}", r.name());
    }
    for r in [Release::V2_3, Release::V2_4, Release::Master] {
        assert_eq!(get(r, Id::ZilSlogBulk), 64 * MIB, "{}", r.name());
    }
    assert!(!Release::V0_6_5.has(Id::ZilSlogBulk) && Release::V0_7.has(Id::ZilSlogBulk));
}

#[test]
fn behaviour_changes_at_their_release() {
    assert_eq!(Release::V0_7.sync_kick(), SyncKick::PoolBytes);
    assert_eq!(Release::V2_1.sync_kick(), SyncKick::PoolPercent);
    assert_eq!(Release::V2_2.sync_kick(), SyncKick::TxgPercent);
    assert_eq!(Release::V2_1.retire(), Retire::Physical);
    assert_eq!(Release::V2_2.retire(), Retire::Logical);
    assert!(!Release::V2_1.has(Id::WrlogDataMax) && Release::V2_2.has(Id::WrlogDataMax));
    assert!(Release::V0_7.has(Id::DirtyDataSync) && !Release::V0_7.has(Id::DirtyDataSyncPercent));
    assert_eq!(Release::V2_1.metaslab_aliquot(), 512 * KIB);
    assert_eq!(Release::V2_0.min_pass(), MinPass::Priority);
    assert_eq!(Release::V2_1.min_pass(), MinPass::RoundRobin);
    assert_eq!(Release::V2_2.min_pass(), MinPass::RoundRobinResets);
    assert!(!Release::V2_1.queue_time_buckets() && Release::V2_2.queue_time_buckets());
    assert!(!Release::V0_7.elevator_from_end() && Release::V0_8.elevator_from_end());
    assert!(
        !tunable_releases::async_write_max_first(Release::V2_0.index())
            && tunable_releases::async_write_max_first(Release::V2_1.index())
    );
    assert_eq!(Release::V2_4.metaslab_aliquot(), 2 * MIB);
}

/// zfs-2.1.16 against zfs-2.1.0 and zfs-2.2.0: `dsl_pool.c` `dsl_pool_dirty_space()` and
/// `txg.c` `txg_kick(dp, txg)` (the per-txg kick), `dmu_zfetch.c` (4 and 64 MiB),
/// `dsl_scan.c` `dsl_scan_check_suspend()` (`dirty_min_bytes`), `metaslab.c`
/// (`metaslab_aliquot = 1024 * 1024`, `mg_aliquot` per data disk) and `zil.c`
/// `zil_process_commit_list()` (`first`, `zil_min_commit_timeout`) as 2.2.0; `dbuf.c`
/// `dbuf_write_physdone()`, `vdev_queue.c` (no `VDQ_T_SHIFT`, `vq_last_prio` never reset)
/// and `zil.c` `zil_lwb_write_open()` (the `zil_slog_bulk` test) as 2.1.0;
/// `zil_lwb_flush_vdevs_done()`'s `(old * 3 + t) / 4` as neither.
#[test]
fn release_2_1_16_follows_2_2_or_2_1_where_its_source_does() {
    let (old, r, new) = (Release::V2_1, Release::V2_1_16, Release::V2_2);
    assert_eq!(r.sync_kick(), new.sync_kick());
    assert!(r.has_wrlog_throttle() && !old.has_wrlog_throttle());
    assert_eq!(r.prefetch(), new.prefetch());
    assert_eq!(r.scan_suspend(), new.scan_suspend());
    assert_eq!(r.metaslab_aliquot(), MIB);
    assert_eq!(r.zil_issue(), new.zil_issue());
    assert_eq!(r.retire(), old.retire());
    assert_eq!(r.min_pass(), old.min_pass());
    assert_eq!(r.queue_time_buckets(), old.queue_time_buckets());
    assert!(!r.slog_bulk_at_issue() && new.slog_bulk_at_issue());
    assert_eq!([old, r, new].map(Release::lwb_latency_old_eighths), [0, 6, 7]);
    assert_eq!(r.zil_slog_bulk(), Some(768 * KIB));
    assert_eq!(r.default_volblocksize(), 8 * KIB);
    assert_eq!(tunable_releases::max_recordsize(r.index()), MIB);
}
