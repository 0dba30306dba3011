//! The scheduler's choices as each release's `vdev_queue.c` makes them.

use super::*;
use crate::scenario::Release;

fn limits() -> Limits {
    Limits {
        min_active: [10, 10, 1, 2, 1],
        max_active: [10, 10, 3, 10, 3],
        vdev_max_active: 1000,
        aggregation_limit: 1 << 20,
        read_gap_limit: 32 << 10,
        write_gap_limit: 4096,
        optional_past_limit: true,
        max_block: 16 << 20,
        per_class_aggregation: false,
        nia_credit: 5,
        nia_delay: 5,
        nia: true,
        min_pass: MinPass::RoundRobinResets,
        time_buckets: true,
        elevator_from_end: true,
    }
}

/// The default limits with `release`'s scheduler, as `knobs.rs` sets them.
fn limits_of(release: Release) -> Limits {
    Limits {
        nia: release.has_nia_credit(),
        min_pass: release.min_pass(),
        time_buckets: release.queue_time_buckets(),
        elevator_from_end: release.elevator_from_end(),
        max_block: release.spa_maxblocksize(),
        per_class_aggregation: release.aggregates_per_class(),
        optional_past_limit: release.optional_past_aggregation_limit(),
        ..limits()
    }
}

fn io(id: u32, class: Class, kind: Kind, offset: u64, size: u64) -> Queued {
    Queued { id, class, kind, offset, size, enqueued: 0, scan: class == Class::Scrub, optional: false, nodata: false }
}

fn drain(q: &mut VdevQueue, async_max: u32) -> Vec<Issue> {
    std::iter::from_fn(|| q.next(&limits(), async_max)).collect()
}

#[test]
fn class_selection_of_openzfs_model_section_8_item_7() {
    // 50 sync reads and 50 async writes far apart, nothing active, dirty 0 (async max 2).
    let mut q = VdevQueue::default();
    for i in 0..50 {
        q.add(io(i, Class::SyncRead, Kind::Read, u64::from(i) << 30, 4096), &limits());
        q.add(io(100 + i, Class::AsyncWrite, Kind::Write, u64::from(i) << 30, 4096), &limits());
    }
    let issued = drain(&mut q, 2);
    assert_eq!(issued.len(), 12);
    assert_eq!(q.active(Class::SyncRead), 10);
    assert_eq!(q.active(Class::AsyncWrite), 2);
    // Dirty at or above 60%: the async-write limit is 10.
    let issued = drain(&mut q, 10);
    assert_eq!(issued.len(), 8);
    assert_eq!(q.total_active(), 20);
}

#[test]
fn adjacent_writes_merge_up_to_the_limit_and_count_once() {
    let mut q = VdevQueue::default();
    for i in 0..300u32 {
        q.add(io(i, Class::AsyncWrite, Kind::Write, u64::from(i) * 4096, 4096), &limits());
    }
    let first = q.next(&limits(), 10).expect("issues");
    assert_eq!(first.members.len(), 256);
    assert_eq!(first.size, 1 << 20);
    assert_eq!(q.active(Class::AsyncWrite), 1);
    let rot = Limits { aggregation_limit: 128 << 10, ..limits() };
    let second = q.next(&rot, 10).expect("issues");
    assert_eq!(second.members.len(), 32);
}

#[test]
fn reads_bridge_small_gaps_and_writes_do_not() {
    let mut q = VdevQueue::default();
    q.add(io(1, Class::SyncRead, Kind::Read, 0, 4096), &limits());
    q.add(io(2, Class::SyncRead, Kind::Read, 4096 + (16 << 10), 4096), &limits());
    q.add(io(3, Class::AsyncWrite, Kind::Write, 1 << 30, 4096), &limits());
    q.add(io(4, Class::AsyncWrite, Kind::Write, (1 << 30) + 8192, 4096), &limits());
    let mut groups: Vec<Vec<u32>> = drain(&mut q, 10).into_iter().map(|i| i.members.to_vec()).collect();
    groups.sort();
    assert_eq!(groups, [vec![1, 2], vec![3], vec![4]]);
}

#[test]
fn scrub_never_merges_with_other_reads() {
    let mut q = VdevQueue::default();
    q.add(io(1, Class::SyncRead, Kind::Read, 0, 4096), &limits());
    q.add(io(2, Class::Scrub, Kind::Read, 4096, 4096), &limits());
    q.add(io(3, Class::Scrub, Kind::Read, 8192, 4096), &limits());
    let mut groups: Vec<Vec<u32>> = drain(&mut q, 10).into_iter().map(|i| i.members.to_vec()).collect();
    groups.sort();
    assert_eq!(groups, [vec![1], vec![2, 3]]);
}

#[test]
fn scrub_waits_for_credit_while_interactive_io_runs() {
    let l = limits();
    let mut q = VdevQueue::default();
    for i in 0..20 {
        q.add(io(i, Class::Scrub, Kind::Read, u64::from(i) << 30, 4096), &limits());
    }
    // Alone after idle: 1 until five scrub completions, then 3 (section 8 item 8).
    assert_eq!(drain(&mut q, 10).len(), 1);
    for n in 1..5 {
        q.done(Class::Scrub, &l);
        assert_eq!(drain(&mut q, 10).len(), 1, "after {n} completions");
    }
    q.done(Class::Scrub, &l);
    assert_eq!(drain(&mut q, 10).len(), 3, "after 5 completions");
    // An interactive read starts: its first issue sets the credit to 1.
    q.add(io(100, Class::SyncRead, Kind::Read, 5 << 40, 4096), &limits());
    assert_eq!(drain(&mut q, 10).len(), 1);
    for _ in 0..3 {
        q.done(Class::Scrub, &l);
    }
    assert_eq!(drain(&mut q, 10).len(), 1, "one scrub I/O on the credit");
    q.done(Class::Scrub, &l);
    assert_eq!(drain(&mut q, 10).len(), 0, "no credit left while the read is in flight");
    q.done(Class::SyncRead, &l);
    assert_eq!(drain(&mut q, 10).len(), 1, "interactive idle again: back to one");
}

#[test]
fn an_empty_queue_leaves_the_round_robin_where_it_was() {
    // 2.2 `vdev_queue_class_to_issue()`: `cq == 0` returns before `vq_last_prio` is set.
    let mut q = VdevQueue::default();
    q.add(io(1, Class::SyncRead, Kind::Read, 0, 4096), &limits());
    assert_eq!(q.next(&limits(), 10).map(|i| i.class), Some(Class::SyncRead));
    assert_eq!(q.next(&limits(), 10), None, "nothing queued");
    q.add(io(2, Class::SyncRead, Kind::Read, 1 << 30, 4096), &limits());
    q.add(io(3, Class::SyncWrite, Kind::Write, 2 << 30, 4096), &limits());
    // The min pass starts after the sync read last issued.
    assert_eq!(q.next(&limits(), 10).map(|i| i.class), Some(Class::SyncWrite));
}

#[test]
fn async_classes_go_in_lba_order_within_a_bucket() {
    let mut q = VdevQueue::default();
    for (id, offset) in [(1, 30u64), (2, 10), (3, 20)] {
        q.add(io(id, Class::AsyncWrite, Kind::Write, offset << 20, 4096), &limits());
    }
    // The min pass lets zfs_vdev_async_write_min_active (2) go: lowest offsets first.
    let order: Vec<u32> = drain(&mut q, 2).into_iter().flat_map(|i| i.members).collect();
    assert_eq!(order, [2, 3]);
    q.done(Class::AsyncWrite, &limits());
    let next: Vec<u32> = drain(&mut q, 2).into_iter().flat_map(|i| i.members).collect();
    assert_eq!(next, [1]);
}

/// The classes issued from `q` under `l` until it stops.
fn classes(q: &mut VdevQueue, l: &Limits, async_max: u32) -> Vec<Class> {
    std::iter::from_fn(|| q.next(l, async_max)).map(|i| i.class).collect()
}

#[test]
fn before_2_1_a_class_below_its_minimum_waits_for_the_higher_ones() {
    // zfs_vdev_max_active 4, below the sync reads' minimum of 10: until 2.0 the min pass
    // is `for (p = 0; p < ZIO_PRIORITY_NUM_QUEUEABLE; p++)`, so the sync reads take every
    // slot while any is queued; 2.1 goes round from the class after `vq_last_prio` (0 at
    // first), so the async writes get their minimum of 2.
    for (release, order) in [
        (Release::V0_6_5, [Class::SyncRead; 4]),
        (Release::V2_0, [Class::SyncRead; 4]),
        (Release::V2_1, [Class::AsyncWrite, Class::SyncRead, Class::AsyncWrite, Class::SyncRead]),
        (Release::V2_2, [Class::AsyncWrite, Class::SyncRead, Class::AsyncWrite, Class::SyncRead]),
    ] {
        let l = Limits { vdev_max_active: 4, ..limits_of(release) };
        let mut q = VdevQueue::default();
        for i in 0..20 {
            q.add(io(i, Class::SyncRead, Kind::Read, u64::from(i) << 30, 4096), &l);
            q.add(io(100 + i, Class::AsyncWrite, Kind::Write, (u64::from(i) << 30) + (1 << 29), 4096), &l);
        }
        assert_eq!(classes(&mut q, &l, 10), order, "{}", release.name());
        // A completion frees one slot: strict priority gives it to a sync read again.
        q.done(order[0], &l);
        let next = if release < Release::V2_1 { Class::SyncRead } else { Class::AsyncWrite };
        assert_eq!(classes(&mut q, &l, 10), [next], "{}", release.name());
    }
}

#[test]
fn only_2_2_restarts_the_round_robin_when_queued_io_is_held_back() {
    // Eleven sync reads, ten issued (their max): the next call finds one queued and none
    // eligible. 2.2 then sets `vq_last_prio` to ZIO_PRIORITY_NUM_QUEUEABLE (the pass starts
    // again from the sync reads); 2.1 returns without touching it (it stays on the sync
    // reads, so the sync writes come first).
    for (release, first) in [(Release::V2_1, Class::SyncWrite), (Release::V2_2, Class::SyncRead)] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        for i in 0..11 {
            q.add(io(i, Class::SyncRead, Kind::Read, u64::from(i) << 30, 4096), &l);
        }
        assert_eq!(classes(&mut q, &l, 10).len(), 10);
        q.add(io(20, Class::SyncWrite, Kind::Write, 40 << 30, 4096), &l);
        q.done(Class::SyncRead, &l);
        assert_eq!(q.next(&l, 10).map(|i| i.class), Some(first), "{}", release.name());
    }
}

#[test]
fn the_lba_classes_sort_by_offset_before_2_2_and_by_half_second_bucket_then_offset_from_2_2() {
    // An async write high on the disk queued at 0, one low on it queued 0.6 s later (the
    // next 2^29 ns bucket): `vdev_queue_offset_compare()` takes the low one first,
    // 2.2's `vdev_queue_to_compare()` the older one.
    for (release, first) in [(Release::V0_8, 2), (Release::V2_1, 2), (Release::V2_2, 1), (Release::Master, 1)] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        q.add(Queued { enqueued: 0, ..io(1, Class::AsyncWrite, Kind::Write, 10 << 30, 4096) }, &l);
        q.add(Queued { enqueued: 600_000_000, ..io(2, Class::AsyncWrite, Kind::Write, 5 << 30, 4096) }, &l);
        let issued = q.next(&l, 1).expect("issues");
        assert_eq!(issued.members.to_vec(), [first], "{}", release.name());
    }
}

#[test]
fn the_elevator_resumes_after_the_last_start_until_0_7_and_at_its_end_from_0_8() {
    // A 128 KiB sync read at 1 GiB goes first (min pass by priority in both); then the
    // async reads: 0.7 searches from `vq_last_offset + 1` with `vq_last_offset =
    // zio->io_offset`, finding the one inside the read's extent; 0.8 from the read's end.
    for (release, next) in [(Release::V0_7, 2), (Release::V0_8, 3)] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        q.add(io(1, Class::SyncRead, Kind::Read, 1 << 30, 128 << 10), &l);
        q.add(io(2, Class::AsyncRead, Kind::Read, (1 << 30) + (64 << 10), 4096), &l);
        q.add(io(3, Class::AsyncRead, Kind::Read, 3 << 30, 4096), &l);
        q.add(io(4, Class::AsyncRead, Kind::Read, 0, 4096), &l);
        assert_eq!(q.next(&l, 10).map(|i| i.members.to_vec()), Some(vec![1]));
        assert_eq!(q.next(&l, 10).map(|i| i.members.to_vec()), Some(vec![next]), "{}", release.name());
    }
    // A fresh queue (`vq_last_offset` 0): 0.7 starts from offset 1, 0.8 from the first.
    for (release, first) in [(Release::V0_7, 2), (Release::V0_8, 1)] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        q.add(io(1, Class::AsyncWrite, Kind::Write, 0, 4096), &l);
        q.add(io(2, Class::AsyncWrite, Kind::Write, 1 << 30, 4096), &l);
        assert_eq!(q.next(&l, 1).map(|i| i.members.to_vec()), Some(vec![first]), "{}", release.name());
    }
}

#[test]
fn from_2_2_the_elevator_stays_in_the_oldest_bucket() {
    // After an issue at 8 GiB, 2.1 goes on to the I/O above it however new, then wraps to
    // the lowest; 2.2 does not leave the oldest half-second bucket, with nothing above 8 GiB.
    for (release, order) in [(Release::V2_1, [3, 4]), (Release::V2_2, [4, 3])] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        q.add(io(1, Class::AsyncWrite, Kind::Write, 8 << 30, 4096), &l);
        assert_eq!(q.next(&l, 1).map(|i| i.members.to_vec()), Some(vec![1]));
        q.done(Class::AsyncWrite, &l);
        q.add(Queued { enqueued: 1 << 30, ..io(3, Class::AsyncWrite, Kind::Write, 9 << 30, 4096) }, &l);
        q.add(io(4, Class::AsyncWrite, Kind::Write, 2 << 30, 4096), &l);
        let mut got = Vec::new();
        for _ in 0..2 {
            got.extend(q.next(&l, 1).into_iter().flat_map(|i| i.members));
            q.done(Class::AsyncWrite, &l);
        }
        assert_eq!(got, order, "{}", release.name());
    }
}

/// The members of every I/O `q` issues under `l` until it stops, sorted.
fn merged(q: &mut VdevQueue, l: &Limits) -> Vec<Vec<u32>> {
    let mut groups: Vec<Vec<u32>> = std::iter::from_fn(|| q.next(l, 10)).map(|i| i.members.to_vec()).collect();
    groups.sort();
    groups
}

#[test]
fn in_0_6_4_the_sync_classes_never_merge_and_the_others_only_within_their_class() {
    // zfs-0.6.4 vdev_queue_aggregate(): returns NULL for ZIO_PRIORITY_SYNC_READ and
    // _SYNC_WRITE, and walks `vqc_queued_tree`, the issuing class's own queue. zfs-0.6.5
    // dropped the sync test and walks vdev_queue_type_tree(), every class of the type.
    for (release, sync, mixed) in [
        (Release::V0_6_4, vec![vec![1], vec![2]], vec![vec![3], vec![4]]),
        (Release::V0_6_5, vec![vec![1, 2]], vec![vec![3, 4]]),
        (Release::V2_2, vec![vec![1, 2]], vec![vec![3, 4]]),
    ] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        q.add(io(1, Class::SyncWrite, Kind::Write, 0, 4096), &l);
        q.add(io(2, Class::SyncWrite, Kind::Write, 4096, 4096), &l);
        assert_eq!(merged(&mut q, &l), sync, "two adjacent sync writes, {}", release.name());
        let mut q = VdevQueue::default();
        q.add(io(3, Class::SyncRead, Kind::Read, 1 << 30, 4096), &l);
        q.add(io(4, Class::AsyncRead, Kind::Read, (1 << 30) + 4096, 4096), &l);
        assert_eq!(merged(&mut q, &l), mixed, "a sync and an async read, {}", release.name());
    }
}

#[test]
fn in_0_6_4_a_class_merges_past_another_classs_io_between() {
    // Async reads at 0 and 16 KiB with a sync read at 8 KiB: 0.6.4's async-read queue
    // holds only the two (12 KiB apart, within zfs_vdev_read_gap_limit), so they merge;
    // from 0.6.5 the read tree holds all three and the async reads merge with the sync one.
    for (release, expect) in [(Release::V0_6_4, vec![vec![1, 3], vec![2]]), (Release::V0_6_5, vec![vec![1, 2, 3]])] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        q.add(io(1, Class::AsyncRead, Kind::Read, 0, 4096), &l);
        q.add(io(2, Class::SyncRead, Kind::Read, 8 << 10, 4096), &l);
        q.add(io(3, Class::AsyncRead, Kind::Read, 16 << 10, 4096), &l);
        assert_eq!(merged(&mut q, &l), expect, "{}", release.name());
    }
}

#[test]
fn the_limit_is_capped_at_the_releases_spa_maxblocksize() {
    // zfs_vdev_aggregation_limit set to 1 MiB: zfs-0.6.4 vdev_queue_aggregate() caps it at
    // SPA_MAXBLOCKSIZE, then 128 KiB (include/sys/spa.h, SPA_MAXBLOCKSHIFT 17); zfs-0.6.5
    // made SPA_MAXBLOCKSIZE 16 MiB (SPA_MAXBLOCKSHIFT 24), so 1 MiB stands.
    for (release, members) in [(Release::V0_6_4, 32), (Release::V0_6_5, 256)] {
        let l = limits_of(release);
        let mut q = VdevQueue::default();
        for i in 0..300u32 {
            q.add(io(i, Class::AsyncWrite, Kind::Write, u64::from(i) * 4096, 4096), &l);
        }
        let first = q.next(&l, 10).expect("issues");
        assert_eq!(first.members.len(), members, "{}", release.name());
        assert_eq!(first.size, members as u64 * 4096);
    }
}

#[test]
fn a_resilver_write_never_merges_with_the_txgs_writes() {
    // vdev_mirror_io_done() issues the repair write in the async-write class with
    // ZIO_FLAG_IO_REPAIR, and ZIO_VDEV_CHILD_FLAGS() hands it the resilver read's
    // ZIO_FLAG_RESILVER: both are in ZIO_FLAG_AGG_INHERIT, so vdev_queue_aggregate()
    // (every tag from zfs-0.6.4) stops at it next to a txg write of the same class.
    let l = limits_of(Release::V2_2);
    let mut q = VdevQueue::default();
    q.add(io(1, Class::AsyncWrite, Kind::Write, 0, 4096), &l);
    q.add(Queued { scan: true, ..io(2, Class::AsyncWrite, Kind::Write, 4096, 4096) }, &l);
    q.add(Queued { scan: true, ..io(3, Class::AsyncWrite, Kind::Write, 8192, 4096) }, &l);
    q.add(io(4, Class::AsyncWrite, Kind::Write, 12288, 4096), &l);
    assert_eq!(merged(&mut q, &l), [vec![1], vec![2, 3], vec![4]]);
}

#[test]
fn a_scrub_read_between_two_reads_stops_the_walk() {
    // From zfs-0.6.5 the read offset tree holds every class: walking out from the sync read
    // at 0, vdev_queue_aggregate() meets the scrub read at 8 KiB first, whose
    // ZIO_FLAG_SCRUB differs, and stops there; it does not reach the read at 16 KiB
    // although that one is within zfs_vdev_read_gap_limit. (2.0: the min pass by priority
    // issues the sync reads before the scrub read; once that is gone, they would merge.)
    let l = limits_of(Release::V2_0);
    let mut q = VdevQueue::default();
    q.add(io(1, Class::SyncRead, Kind::Read, 0, 4096), &l);
    q.add(io(2, Class::Scrub, Kind::Read, 8 << 10, 4096), &l);
    q.add(io(3, Class::SyncRead, Kind::Read, 16 << 10, 4096), &l);
    assert_eq!(merged(&mut q, &l), [vec![1], vec![2], vec![3]]);
}

/// A RAID-Z padding write (`ZIO_FLAG_NODATA | ZIO_FLAG_OPTIONAL`, one sector).
fn pad(id: u32, offset: u64) -> Queued {
    Queued { optional: true, nodata: true, ..io(id, Class::AsyncWrite, Kind::Write, offset, 4096) }
}

fn write(id: u32, offset: u64) -> Queued {
    io(id, Class::AsyncWrite, Kind::Write, offset, 4096)
}

#[test]
fn a_padding_write_bridges_two_writes_that_would_not_merge_alone() {
    // vdev_queue_aggregate() (zfs-0.6.5 to zfs-2.4.0): maxgap stays 0 for writes, so
    // writes at 0 and 8K merge only through the optional I/O at 4K between them.
    let l = limits();
    let mut q = VdevQueue::default();
    q.add(write(1, 0), &l);
    q.add(write(2, 8192), &l);
    assert_eq!(drain(&mut q, 10).iter().map(|i| i.members.len()).collect::<Vec<_>>(), vec![1, 1]);
    let mut q = VdevQueue::default();
    q.add(write(1, 0), &l);
    q.add(pad(2, 4096), &l);
    q.add(write(3, 8192), &l);
    let issued = drain(&mut q, 10);
    assert_eq!(issued.len(), 1);
    assert_eq!((issued[0].offset, issued[0].size, issued[0].members.to_vec()), (0, 12288, vec![1, 2, 3]));
    assert!(q.take_discarded().is_empty());
}

#[test]
fn a_trailing_padding_write_is_left_queued_then_discarded_alone() {
    // The run ends at its last mandatory I/O; the optional one, picked later with
    // nothing to join, is bypassed (vdev_queue_io_to_issue(): ZIO_FLAG_NODATA, `goto
    // again`): no device I/O, no active slot.
    let l = limits();
    let mut q = VdevQueue::default();
    q.add(write(1, 0), &l);
    q.add(pad(2, 4096), &l);
    let first = q.next(&l, 10).expect("issues");
    assert_eq!((first.size, first.members.to_vec()), (4096, vec![1]));
    assert!(q.next(&l, 10).is_none());
    assert_eq!(q.take_discarded(), vec![2]);
    assert_eq!((q.pending(), q.total_active()), (1, 1));
}

#[test]
fn a_run_found_from_a_padding_write_may_leave_it_out() {
    // Picked: the optional I/O at 8K. Walking back takes the writes at 0 and 4K; with no
    // mandatory I/O after it, `last` steps back to `mandatory`, the write at 4K: the run
    // is 0..8K and the picked I/O stays queued.
    let l = limits();
    let mut q = VdevQueue::default();
    for io in [write(1, 0), write(2, 4096), pad(3, 8192)] {
        q.add(io, &l);
    }
    let (tree, zio) = (Kind::Write as usize, pad(3, 8192));
    let (anchor, span, clear) = q.aggregate(tree, &zio, &l).expect("queued");
    assert_eq!((anchor, span.before, span.after, clear), ((4096, 2), 1, 0, None));
}

/// Writes 1 and 2 (0, 4K), padding 3 at 8K, write 4 at 12K, with an 8 KiB limit.
fn stretch_case(release: Release) -> Vec<Vec<u32>> {
    let l = Limits { aggregation_limit: 8192, ..limits_of(release) };
    let mut q = VdevQueue::default();
    for io in [write(1, 0), write(2, 4096), pad(3, 8192), write(4, 12288)] {
        q.add(io, &l);
    }
    merged(&mut q, &l)
}

#[test]
fn padding_passes_the_limit_from_0_7_and_a_stretch_hands_it_on_before() {
    // zfs-0.7.0 on: `IO_SPAN(first, dio) <= limit || OPTIONAL`: the padding joins past the
    // 8 KiB limit; the write at 12K does not, but is 4K (<= zfs_vdev_write_gap_limit)
    // past the last mandatory end, so the padding stays in (stretch).
    for r in [Release::V0_7, Release::V2_1, Release::V2_4] {
        assert_eq!(stretch_case(r), vec![vec![1, 2, 3], vec![4]], "{r:?}");
    }
    // zfs-0.6.5: the limit binds the padding too; the stretch clears its optional flag,
    // so it begins the next run with the write at 12K.
    assert_eq!(stretch_case(Release::V0_6_5), vec![vec![1, 2], vec![3, 4]]);
}

#[test]
fn padding_farther_than_the_write_gap_limit_from_a_write_is_not_kept() {
    // zfs-2.4.0 vdev_queue_aggregate(): writes at 0 and 4K, padding at 8K and 12K, a write
    // at 16K: 8K past the last mandatory end, more than the 4 KiB write gap limit, so the
    // run ends at 8K. The padding at 8K, picked next, reaches no mandatory I/O within the
    // limit and is discarded; the one at 12K begins the run with the write at 16K.
    let l = Limits { aggregation_limit: 8192, ..limits_of(Release::V2_4) };
    let mut q = VdevQueue::default();
    for io in [write(1, 0), write(2, 4096), pad(3, 8192), pad(4, 12288), write(5, 16384)] {
        q.add(io, &l);
    }
    assert_eq!(merged(&mut q, &l), vec![vec![1, 2], vec![4, 5]]);
    assert_eq!(q.take_discarded(), vec![3]);
}
