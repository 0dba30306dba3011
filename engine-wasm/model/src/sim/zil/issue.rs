//! When a commit writes the open log block out, by release (`ZilIssue`, `zil.c`'s
//! `zil_process_commit_list()` and `zil_commit()` at each tag), whether that resets the
//! count `zil_slog_bulk` is checked against, and which of a block's writes go in the
//! async-write class.

use super::LOG_BLOCK_MAX;
use crate::scenario::ZilIssue;

/// `zil_min_commit_timeout` (2.2): a first lwb whose wait would be shorter is written at
/// once [ns].
const MIN_COMMIT_TIMEOUT: u64 = 5000;

/// What a commit sees once its records are in the open lwb.
#[derive(Clone, Copy, Debug)]
pub(super) struct Commit {
    /// It opened the lwb (2.2's `lwb_state == LWB_STATE_NEW` before its records).
    pub(super) opened: bool,
    /// The last lwb issued is not yet on stable storage (2.2's `plwb` not
    /// `LWB_STATE_FLUSH_DONE`; before 0.8, a writer's batch in flight).
    pub(super) in_flight: bool,
    /// Another commit is waiting (2.3's `zl_parallel`).
    pub(super) parallel: bool,
    /// The waiter's timeout, `zfs_commit_timeout_pct` of the last lwb's latency [ns].
    pub(super) wait: u64,
    /// The lwb's log bytes with its records.
    pub(super) log_bytes: u64,
}

/// Whether issuing the lwb now resets the count of log bytes `zil_slog_bulk` is checked
/// against (`zl_cur_used`, from 2.3 `zl_cur_size`): each batch before 0.8; 2.2's lone
/// first lwb; 2.3's lwbs of a commit not in parallel (`zil_burst_done()`), however many.
/// Until 2.2 an lwb issued because it is full resets nothing. (A waiter's timeout resets
/// it from 0.8 on.)
///
/// From 2.3 a commit's records that fill lwbs close them onto the writer's `ilwbs` list
/// (`zil_lwb_assign()`), and its last record leaves the lwb after them `LWB_STATE_OPENED`;
/// with `zl_parallel` clear `zil_process_commit_list()` calls `zil_burst_done()`, which
/// zeroes `zl_cur_size`, before `zil_commit_writer()` issues the list: every block of a
/// lone commit is tested against 0 in `zil_lwb_write_issue()` (zfs-2.3.0 `zil.c`).
/// NOTE: a commit whose records end exactly at a block's end leaves no lwb opened, and
/// so no reset; the lab's lwb is not cut into real blocks, and counts it as a reset.
pub(super) fn resets_bulk(issue: ZilIssue, c: &Commit) -> bool {
    let full = c.log_bytes >= LOG_BLOCK_MAX;
    match issue {
        ZilIssue::Batch => true,
        ZilIssue::Timeout => false,
        ZilIssue::FirstFast => !full && issues_now(issue, c),
        ZilIssue::NotParallel => !c.parallel,
    }
}

/// Whether block `i` of an lwb goes in the async-write class: the log bytes counted when
/// the lwb opened (until 2.1.16, each 128 KiB block opened as the one before filled) or
/// when it is issued (from 2.2; `at_issue`, `Release::slog_bulk_at_issue`), above the
/// release's `zil_slog_bulk`, on a log device.
/// NOTE: 0.7 counts the lwb's first record before it checks (`zil_lwb_commit()` adds
/// before `zil_lwb_write_init()`), 0.8 after; the bytes of one record are left out.
pub(super) fn bulk(at_issue: bool, slog_bulk: Option<u64>, opened_at: u64, now: u64, i: u64) -> bool {
    let counted = if at_issue { now } else { opened_at.saturating_add(i.saturating_mul(LOG_BLOCK_MAX)) };
    slog_bulk.is_some_and(|limit| counted > limit)
}

/// Whether the commit writes the open lwb out now; if not, it stays open until full, the
/// waiter's timeout, or (before 0.8) the end of the batch in flight.
pub(super) fn issues_now(issue: ZilIssue, c: &Commit) -> bool {
    let full = c.log_bytes >= LOG_BLOCK_MAX;
    match issue {
        // The committing thread becomes the writer unless one is at work (`zl_writer`).
        ZilIssue::Batch => !c.in_flight,
        ZilIssue::Timeout => full,
        // `lwb_nmax - lwb_nused < lwb_nmax / 8`: less than an eighth left.
        ZilIssue::FirstFast => {
            let nearly_full = LOG_BLOCK_MAX.saturating_sub(c.log_bytes) < LOG_BLOCK_MAX / 8;
            full || (c.opened && !c.in_flight && (c.wait < MIN_COMMIT_TIMEOUT || nearly_full))
        }
        ZilIssue::NotParallel => full || !c.parallel,
    }
}

#[cfg(test)]
mod tests {
    use super::super::*;
    use super::*;

    /// A lone commit: it opened the lwb, nothing in flight, nobody else waiting, 8 KiB of
    /// log, and a timeout of `wait` ns.
    fn lone(wait: u64) -> Commit {
        Commit { opened: true, in_flight: false, parallel: false, wait, log_bytes: 8 << 10 }
    }

    #[test]
    fn a_lone_commit_writes_its_lwb_at_once_except_from_0_8_to_2_1() {
        // zfs-0.7.0 zil_commit(): no writer at work, so this thread writes at once.
        // zfs-0.8.0 to zfs-2.1.0 zil_process_commit_list(): the lwb is left open ("we
        // intentionally do not issue the lwb's zio to disk yet") for zil_commit_waiter()'s
        // timeout. zfs-2.2.0: `first` and a sleep under zil_min_commit_timeout (5000 ns)
        // write it; a longer one waits. zfs-2.3.0: `!zilog->zl_parallel` writes it.
        let fast = lone(4_999);
        let slow = lone(5_000);
        for (release, at_once_fast, at_once_slow) in [
            (Release::V0_6_4, true, true),
            (Release::V0_7, true, true),
            (Release::V0_8, false, false),
            (Release::V2_1, false, false),
            (Release::V2_2, true, false),
            (Release::V2_3, true, true),
            (Release::V2_4, true, true),
        ] {
            let issue = release.zil_issue();
            assert_eq!(issues_now(issue, &fast), at_once_fast, "{}", release.name());
            assert_eq!(issues_now(issue, &slow), at_once_slow, "{}", release.name());
        }
    }

    #[test]
    fn in_2_2_a_nearly_full_first_lwb_goes_at_once_and_one_after_another_in_flight_waits() {
        // zfs-2.2.0 zil_process_commit_list(): `lwb_nmax - lwb_nused < lwb_nmax / 8` writes
        // a first lwb whatever the sleep; `first` is false while the previous lwb is not
        // LWB_STATE_FLUSH_DONE, or when the lwb was already opened by another commit.
        let issue = Release::V2_2.zil_issue();
        let nearly_full = Commit { log_bytes: (112 << 10) + 1, ..lone(1_000_000) };
        assert!(issues_now(issue, &nearly_full));
        assert!(!issues_now(issue, &Commit { log_bytes: 112 << 10, ..nearly_full }), "an eighth left");
        assert!(!issues_now(issue, &Commit { in_flight: true, ..lone(0) }));
        assert!(!issues_now(issue, &Commit { opened: false, ..lone(0) }));
    }

    #[test]
    fn a_full_lwb_goes_at_once_but_before_0_8_waits_for_the_batch_in_flight() {
        // zil_lwb_commit() (0.8 on) closes and issues an lwb with no room for the next
        // record. zfs-0.7.0 zil_commit(): while `zl_writer` is set every other committer
        // sleeps on zl_cv_batch, however much it logged; with none at work it writes.
        let full = Commit { log_bytes: 128 << 10, parallel: true, ..lone(1_000_000) };
        for release in [Release::V0_8, Release::V2_1, Release::V2_2, Release::V2_3, Release::V2_4] {
            assert!(issues_now(release.zil_issue(), &Commit { opened: false, in_flight: true, ..full }));
        }
        let batch = Release::V0_7.zil_issue();
        assert!(!issues_now(batch, &Commit { in_flight: true, ..full }));
        assert!(issues_now(batch, &Commit { in_flight: false, ..full }));
        // 2.3 on: another commit waiting keeps a small lwb open.
        assert!(!issues_now(Release::V2_3.zil_issue(), &Commit { parallel: true, ..lone(0) }));
    }

    #[test]
    fn lwbs_on_a_log_device_past_zil_slog_bulk_go_in_the_async_write_class() {
        // zil_slog_bulk: absent in zfs-0.6.5 (zil_lwb_write_start() always
        // ZIO_PRIORITY_SYNC_WRITE); 768 KiB from zfs-0.7.0; 64 MiB from zfs-2.3.0.
        assert_eq!(Release::V0_6_5.zil_slog_bulk(), None);
        assert_eq!(Release::V0_7.zil_slog_bulk(), Some(768 << 10));
        assert_eq!(Release::V2_2.zil_slog_bulk(), Some(768 << 10));
        assert_eq!(Release::V2_3.zil_slog_bulk(), Some(64 << 20));
        // Until 2.1 the class is set as each 128 KiB lwb opens (zfs-0.7.0
        // zil_lwb_write_init(), zfs-0.8.0 zil_lwb_write_open()), with
        // `zl_cur_used <= zil_slog_bulk` a sync write: a batch from 0 has its blocks 0 to 6
        // (768 KiB before block 6 is not above) sync, block 7 on async.
        let batch = Release::V0_7.slog_bulk_at_issue();
        let slog = Release::V0_7.zil_slog_bulk();
        assert!(!bulk(batch, slog, 0, 0, 6));
        assert!(bulk(batch, slog, 0, 0, 7));
        assert!(bulk(Release::V2_1.slog_bulk_at_issue(), slog, (768 << 10) + 1, 0, 0));
        assert!(!bulk(Release::V0_6_5.slog_bulk_at_issue(), None, u64::MAX, u64::MAX, 9));
        // zfs-2.1.16 still tests at zil_lwb_write_open(), though it issues as 2.2 does.
        assert!(!bulk(Release::V2_1_16.slog_bulk_at_issue(), slog, 0, (768 << 10) + 1, 0));
        // From 2.2 at zil_lwb_write_issue(), with the count as it is then.
        let first_fast = Release::V2_2.slog_bulk_at_issue();
        assert!(bulk(first_fast, slog, 0, (768 << 10) + 1, 0));
        assert!(!bulk(first_fast, slog, u64::MAX, 768 << 10, 9));
    }

    #[test]
    fn the_bulk_count_resets_where_each_release_resets_zl_cur_used() {
        // zfs-0.7.0 zil_commit_writer(): `zl_cur_used = 0` after every batch. zfs-0.8.0 to
        // 2.1: only zil_commit_waiter_timeout(). zfs-2.2.0: also the lone first lwb's
        // issue in zil_process_commit_list(). zfs-2.3.0: zil_burst_done() when the lwb
        // goes at once, not in parallel, however many lwbs it filled. Until 2.2 a full lwb
        // (issued by zil_lwb_assign() or zil_lwb_commit()) resets nothing.
        let full = Commit { log_bytes: 128 << 10, ..lone(0) };
        assert!(resets_bulk(Release::V0_7.zil_issue(), &lone(1_000_000)));
        assert!(!resets_bulk(Release::V2_1.zil_issue(), &full));
        assert!(resets_bulk(Release::V2_2.zil_issue(), &lone(0)));
        assert!(!resets_bulk(Release::V2_2.zil_issue(), &lone(1_000_000)), "it waits: no issue");
        assert!(!resets_bulk(Release::V2_2.zil_issue(), &full));
        assert!(resets_bulk(Release::V2_3.zil_issue(), &lone(1_000_000)));
        assert!(!resets_bulk(Release::V2_3.zil_issue(), &Commit { parallel: true, ..full }));
        // zfs-2.3.0: a lone commit of 1 MiB fills eight lwbs and opens a ninth, so
        // zil_burst_done() runs before any is issued: all nine are tested against 0.
        let large = Commit { log_bytes: 1 << 20, ..lone(1_000_000) };
        assert!(resets_bulk(Release::V2_3.zil_issue(), &large));
        assert!(!resets_bulk(Release::V2_3.zil_issue(), &Commit { parallel: true, ..large }));
    }
}
