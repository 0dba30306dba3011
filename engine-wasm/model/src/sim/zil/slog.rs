//! Whether the next log block goes to the log device, in 0.6.4 and 0.6.5 (`zil.c`'s
//! `USE_SLOG()`, read by `zil_lwb_write_start()` as it allocates the block that follows
//! the one it writes out, `zio_alloc_zil()`'s `use_slog`): while the commit's log bytes so
//! far (`zl_cur_used`) are under `zil_slog_limit`, or the log records waiting for a commit
//! (`zl_itx_list_sz`) are under twice it. Otherwise the block is allocated in the normal
//! class, on the pool's disks. 0.7.0 dropped the test (every block on the log device, a
//! bulk one in the async-write class: `zil_slog_bulk`).
//!
//! - `zl_cur_used` grows by each record the writer copies into the log
//!   (`zil_lwb_commit()`, before the record's block is chosen) and is reset once the
//!   batch's last block is out (`zil_commit_writer()`): the block after a batch's last,
//!   the next batch's first, is chosen with the whole batch counted.
//! - `zl_itx_list_sz` counts the records of synchronous writes (`itx_sync`: O_DSYNC, not
//!   a plain write an fsync later commits, `zfs_log_write()`) from `zil_itx_assign()`
//!   until a writer takes them for its batch (`zil_get_commit_list()`) or their txg has
//!   synced (`zil_clean()`), each its size on disk (`itx_sod`: the record, and its data
//!   unless logged indirectly).

use super::LOG_BLOCK_MAX;

/// `USE_SLOG(zilog)` for `limit` (`None`: the release has no such test), the commit's
/// log bytes so far and the waiting records' bytes. (The C's `zil_slog_limit << 1` cannot
/// wrap here: the schema's largest limit is far below 2^63.)
pub(super) fn use_slog(limit: Option<u64>, cur_used: u64, list: u64) -> bool {
    limit.map_or(true, |limit| cur_used < limit || list < limit.saturating_mul(2))
}

/// `zl_cur_used` as the writer's copy loop opens block `i + 1` of a batch of `log_bytes`
/// (the block written out being `i`), or with `i` the last, the next batch's first: the
/// batch's bytes through block `i`.
/// NOTE: the C counts the record that did not fit in block `i` too; the model's records
/// fill its blocks as a stream of bytes.
pub(super) fn cur_used(log_bytes: u64, i: u64) -> u64 {
    log_bytes.min(i.saturating_add(1).saturating_mul(LOG_BLOCK_MAX))
}

#[cfg(test)]
mod tests {
    use super::super::super::vdev::AllocClass;
    use super::super::super::Sim;
    use super::*;
    use crate::scenario::Scenario;

    const MIB: u64 = 1 << 20;

    /// The log bytes allocated on the log device and on the pool's disks in 10 s of
    /// `threads` O_DSYNC writers of `block` each under `release` (tunables `tunables`), on
    /// four mirrors of 7200 rpm HDDs and a log SSD.
    fn log_bytes(release: &str, threads: u32, block: &str, tunables: &str) -> (u64, u64) {
        let json = format!(
            r#"{{"duration": "10s", "system": {{"ram": "64G"}}, "models": {{"release": "{release}"}}, "tunables": {{{tunables}}},
                "pool": {{"layout": "mirror a b mirror c d mirror e f mirror g h log s", "device": {{"kind": "hdd", "preset": "7200-hc310"}}}},
                "workloads": [{{"kind": "sync_write", "threads": {threads}, "block_size": "{block}", "record_size": "128K", "sync": "dsync"}}]}}"#
        );
        let mut sim = Sim::new(Scenario::from_json(&json).expect("a valid scenario"));
        sim.run();
        let (log, _) = sim.classes.range(AllocClass::Log);
        let used = |t: &super::super::super::vdev::Top| t.zil_cursor - t.capacity / 10 * 9;
        let on_log: u64 = sim.tops[log..].iter().map(used).sum();
        let on_pool: u64 = sim.tops[..log].iter().map(used).sum();
        (on_log, on_pool)
    }

    #[test]
    fn small_commits_and_a_lone_large_one_stay_on_the_log_device() {
        // zfs-0.6.5 USE_SLOG(): a commit under zil_slog_limit keeps its blocks there.
        let (on_log, on_pool) = log_bytes("0.6.5", 4, "8K", "");
        assert!(on_log > 0 && on_pool == 0, "{on_log} {on_pool}");
        // A lone writer's 4 MiB commits pass the limit, but nothing waits behind them:
        // zl_itx_list_sz stays under twice the limit (the writer took its own records).
        let (on_log, on_pool) = log_bytes("0.6.5", 1, "4M", "");
        assert!(on_log > 0 && on_pool == 0, "{on_log} {on_pool}");
    }

    #[test]
    fn a_large_commit_behind_many_writers_spills_to_the_pool() {
        // zfs-0.6.4 and zfs-0.6.5 USE_SLOG(): 32 writers of 1 MiB each. Commits fall into
        // two alternating batches (the writers one batch released write while the other
        // is in flight); once a batch has counted 1 MiB (zl_cur_used) while the other's
        // records, well over 2 MiB, wait on the list, the block allocated next (here the
        // next batch's first, chosen as the last goes out) is in the normal class.
        for release in ["0.6.4", "0.6.5"] {
            let (on_log, on_pool) = log_bytes(release, 32, "1M", "");
            assert!(on_log > 0 && on_pool > 0, "{release}: {on_log} {on_pool}");
        }
        // zfs-0.7.0 has no such test: every block on the log device (zil_slog_bulk only
        // lowers a bulk block's priority).
        let (on_log, on_pool) = log_bytes("0.7", 32, "1M", "");
        assert!(on_log > 0 && on_pool == 0, "{on_log} {on_pool}");
        // The limit at its largest never fails the test, as UINT64_MAX turns it off in C.
        let (on_log, on_pool) = log_bytes("0.6.5", 32, "1M", r#""zil_slog_limit": 1125899906842624"#);
        assert!(on_log > 0 && on_pool == 0, "{on_log} {on_pool}");
    }

    #[test]
    fn a_block_leaves_the_log_device_only_past_both_limits() {
        // zfs-0.6.5 zil.c USE_SLOG(): `zl_cur_used < zil_slog_limit ||
        // zl_itx_list_sz < (zil_slog_limit << 1)`, the default limit 1024 * 1024.
        let limit = Some(MIB);
        assert!(use_slog(limit, MIB - 1, u64::MAX), "a commit under the limit");
        assert!(use_slog(limit, u64::MAX, 2 * MIB - 1), "a short list of waiting records");
        assert!(!use_slog(limit, MIB, 2 * MIB), "both at their limits");
        assert!(use_slog(None, u64::MAX, u64::MAX), "0.7 on: no such test");
        // At the largest limit the test never fails, as UINT64_MAX turns it off in the C.
        assert!(use_slog(Some(1 << 50), 1 << 49, u64::MAX));
    }

    #[test]
    fn the_commit_is_counted_through_the_block_written_out() {
        // zil_lwb_commit() adds each record to zl_cur_used before zil_lwb_write_start()
        // chooses the next block: block 7 of a 2 MiB batch is written out with 1 MiB
        // counted, and the next batch's first block with the whole batch.
        assert_eq!(cur_used(2 * MIB, 6), 7 * LOG_BLOCK_MAX);
        assert_eq!(cur_used(2 * MIB, 7), MIB);
        assert_eq!(cur_used(2 * MIB, 15), 2 * MIB);
        assert_eq!(cur_used(5000, 0), 5000);
    }
}
