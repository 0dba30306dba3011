//! The ZIL as `zil.c` runs it: commits batched into shared log blocks, late arrivals
//! written anew instead of waiting for their txg's sync, and the log-data throttle.

use serde_json::{json, Value};
use throttle_model::link::decode;
use throttle_model::report::{self, Report};
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::scenario::Scenario;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

/// Log blocks written per O_DSYNC commit, with `threads` writers of 8 KiB on a LUN.
fn log_blocks_per_commit(threads: u32) -> f64 {
    let v = json!({"duration": "5s", "pool": {"device": {"kind": "lun", "base_latency": "2ms"}},
        "workloads": [{"kind": "sync_write", "threads": threads, "block_size": "8K", "sync": "dsync"}]});
    let r = run(&v);
    r.summary.classes["sync_write"].latency.count as f64 / r.summary.client_write.count.max(1) as f64
}

#[test]
fn concurrent_commits_share_log_blocks() {
    // One writer: nothing to batch with, one log block a commit (zl_parallel clear).
    let alone = log_blocks_per_commit(1);
    assert!((0.95..1.05).contains(&alone), "{alone}");
    // Sixteen: each commit that finds others waiting leaves its lwb open for them, so an
    // 8 KiB commit (8.2 KiB of log) shares a 128 KiB block with up to 14 others.
    let shared = log_blocks_per_commit(16);
    assert!(shared < 0.5, "{shared}");
}

#[test]
fn an_fsync_of_data_in_the_syncing_txg_does_not_wait_for_the_sync() {
    // Sixteen buffered writers keep each txg's sync ~4 s long on a 10 ms, one-lane leaf;
    // the fsync writer's last records are often in the txg being synced. dmu_sync()
    // writes those anew (dmu_sync_late_arrival()) in the sync-write class, ahead of the
    // sync's async writes, so no fsync waits for a sync to end.
    let v = json!({"duration": "30s", "steady": {"summaries": "whole_run"}, "tunables": {"zfs_dirty_data_max": "256M"},
        "pool": {"device": {"kind": "injected", "latency": "10ms", "lanes": 1}},
        "workloads": [{"kind": "async_write", "threads": 16, "block_size": "128K"},
                      {"kind": "sync_write", "threads": 1, "block_size": "128K", "sync": "fsync", "fsync_every": "512K"}]});
    let r = run(&v);
    let syncs: Vec<u64> = r.txgs.iter().skip(1).map(|t| t.stime).collect();
    assert!(syncs.iter().all(|&s| s > 2_000_000_000), "{syncs:?}");
    let f = &r.summary.client_fsync;
    assert!(f.count > 20 && f.max_ns < 1_000_000_000, "{f:?}");
}

#[test]
fn log_data_throttles_rewrites_that_dirty_little() {
    // 8 KiB writes over a 1 MiB file: dirty data stays at 1 MiB a txg (each record once),
    // but every write adds 8 KiB + a header of log data (WR_NEED_COPY). Past 60% of
    // zfs_wrlog_data_max the writers are delayed (dmu_tx_wrlog_delay), and a txg is kicked
    // once it holds 15% of it (the sync percent + 10, over 200).
    let v = |throttle: &str| {
        json!({"duration": "5s", "models": {"throttle": throttle},
            "tunables": {"zfs_wrlog_data_max": "64M"}, "pool": {"device": {"kind": "ssd"}},
            "workloads": [{"kind": "async_write", "threads": 8, "block_size": "8K", "record_size": "8K",
                           "pattern": "random", "region": "1M"}]})
    };
    let r = run(&v("openzfs"));
    let t = &r.summary.throttle.counters;
    assert!(t.wrlog_delays > 1000 && t.sent_to_delay == 0, "{t:?}");
    assert!(r.txgs.len() > 10, "kicked by log data: {} txgs in 5 s", r.txgs.len());
    // The legacy throttle (before 2013) had no such limit.
    let legacy = run(&v("legacy"));
    assert_eq!(legacy.summary.throttle.counters.wrlog_delays, 0);
}

/// One sync writer of sequential 32 KiB writes into 128 KiB records, alone on a 1 ms
/// injected leaf, under `release`: per byte written, the bytes of the sync-write class
/// (log blocks and `dmu_sync()`'s writes in place) and of the async-write class (the
/// txgs' writes); and the sync-write I/Os per write. A `volblocksize` in `workload` writes
/// to a zvol of those blocks instead.
fn small_writes(release: &str, workload: Value) -> (f64, f64, f64) {
    let mut w = json!({"kind": "sync_write", "threads": 1, "block_size": "32K", "record_size": "128K"});
    if let (Some(w), Some(extra)) = (w.as_object_mut(), workload.as_object()) {
        w.extend(extra.clone());
        if w.contains_key("volblocksize") {
            w.remove("record_size");
        }
    }
    // A txg a second, so that the last, unsynced one is a small share of the run.
    let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
        "tunables": {"zfs_txg_timeout": 1},
        "pool": {"device": {"kind": "injected", "latency": "1ms", "lanes": 4}}, "workloads": [w]});
    let r = run(&v);
    let s = &r.summary;
    let written = s.client_write_bytes_per_s.max(1) as f64;
    let per_byte = |class: &str| s.classes[class].bytes_per_s as f64 / written;
    let ios = s.classes["sync_write"].latency.count as f64 / s.client_write.count.max(1) as f64;
    (per_byte("sync_write"), per_byte("async_write"), ios)
}

#[test]
fn a_small_o_dsync_write_writes_its_whole_record_until_2_3_and_is_copied_from_2_4() {
    // zfs-2.3.0 zfs_log_write(): 32 KiB is zfs_immediate_write_sz, so WR_INDIRECT; the
    // commit's zfs_get_data() holds the block at z_blksz and dmu_sync() writes all 128 KiB
    // of it, the next write into it undoes that (dbuf_unoverride()) and the next commit
    // writes it again: 128 KiB in place and a 4 KiB log block a write, and the txg writes
    // none of the records.
    let (sync, txg, ios) = small_writes("2.3", json!({"sync": "dsync"}));
    assert!((4.1..4.2).contains(&sync), "{sync} bytes of sync writes per byte");
    assert!(txg < 0.05, "{txg}");
    assert!((1.95..2.05).contains(&ios), "{ios} sync writes per write");
    // zfs-2.4.0 zil_write_state(): committed at once and under half its block, so
    // WR_COPIED: a log block of 32 KiB + 192 bytes rounded to 4 KiB (36 KiB) a write, and
    // the txg writes each record once.
    let (sync, txg, ios) = small_writes("2.4", json!({"sync": "dsync"}));
    assert!((1.1..1.15).contains(&sync), "{sync} bytes of sync writes per byte");
    assert!((0.9..1.1).contains(&txg), "{txg}");
    assert!((0.95..1.05).contains(&ios), "{ios} sync writes per write");
    // logbias=throughput logs every write indirectly, in 2.4 too.
    let (sync, _, _) = small_writes("2.4", json!({"sync": "dsync", "logbias": "throughput"}));
    assert!((4.1..4.2).contains(&sync), "{sync}");
}

#[test]
fn until_2_3_a_zvol_copies_into_the_log_a_write_of_part_of_its_block() {
    // zfs-2.3.0 zvol_log_write(): WR_INDIRECT only for `size >= blocksize && blocksize >
    // zvol_immediate_write_sz` (32768), so a 32 KiB write into a 128 KiB block is
    // WR_COPIED where a file's is WR_INDIRECT: a 36 KiB log block a write, and the txg
    // writes each block once.
    let zvol = |size: &str, block: &str| json!({"sync": "dsync", "block_size": size, "volblocksize": block});
    let (sync, txg, ios) = small_writes("2.3", zvol("32K", "128K"));
    assert!((1.1..1.15).contains(&sync), "{sync} bytes of sync writes per byte");
    assert!((0.9..1.1).contains(&txg), "{txg}");
    assert!((0.95..1.05).contains(&ios), "{ios} sync writes per write");
    // A whole 64 KiB block is WR_INDIRECT: dmu_sync() writes it in place, with a 4 KiB
    // log block, and the txg writes nothing.
    let (sync, txg, ios) = small_writes("2.3", zvol("64K", "64K"));
    assert!((1.05..1.08).contains(&sync), "{sync} bytes of sync writes per byte");
    assert!(txg < 0.05, "{txg}");
    assert!((1.95..2.05).contains(&ios), "{ios} sync writes per write");
    // A whole 32 KiB block is not larger than zvol_immediate_write_sz: copied.
    let (_, txg, ios) = small_writes("2.3", zvol("32K", "32K"));
    assert!((0.9..1.1).contains(&txg) && (0.95..1.05).contains(&ios), "{txg} {ios}");
    // zfs-2.4.0 zvol_log_write() asks zil_write_state() as zfs_log_write() does.
    let (zvol, file) = (small_writes("2.4", zvol("32K", "128K")), small_writes("2.4", json!({"sync": "dsync"})));
    assert_eq!(zvol, file);
}

#[test]
fn an_fsync_writes_each_indirect_record_in_place_once() {
    // An fsync writer's writes are not committed at once (`commit` false), so 32 KiB ones
    // are WR_INDIRECT in 2.3 and in 2.4 (zil_write_state(): `|| !commit`). Its fsync
    // commits 16 of them, 4 to a record: dmu_sync() writes each record once and answers
    // EALREADY for its other three itxs, so 512 KiB in place and one 4 KiB log block of 16
    // pointers per 512 KiB written.
    for release in ["2.3", "2.4"] {
        let (sync, txg, ios) = small_writes(release, json!({"sync": "fsync", "fsync_every": "512K"}));
        assert!((1.0..1.05).contains(&sync), "{release}: {sync} bytes of sync writes per byte");
        assert!(txg < 0.05, "{release}: {txg}");
        // 4 records and a log block per 16 writes.
        assert!((0.3..0.34).contains(&ios), "{release}: {ios} sync writes per write");
    }
}

#[test]
fn sync_writers_dirty_whole_records_as_buffered_writers_do() {
    // dbuf_dirty() charges a random 32 KiB write the whole 128 KiB record it dirties (and
    // the 128 KiB indirect block above it, over 64 GiB nearly always a new one), whatever
    // the open flags; 2.4 copies it into the log, so the txg writes the whole record. At
    // 8 MB/s the txgs (one a second) sync in time.
    let v = json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": "2.4"},
        "tunables": {"zfs_txg_timeout": 1}, "pool": {"device": {"kind": "injected", "latency": "1ms", "lanes": 4}},
        "workloads": [{"kind": "sync_write", "threads": 4, "block_size": "32K", "record_size": "128K",
                       "pattern": "random", "region": "64G", "rate": "8M"}]});
    let r = run(&v);
    let writes = r.summary.client_write.count.max(1);
    let dirtied: u64 = r.txgs.iter().map(|t| t.ndirty).sum();
    assert!(dirtied / writes >= 192 << 10, "{} KiB dirtied per 32 KiB write", (dirtied / writes) >> 10);
    let s = &r.summary;
    let txg = s.classes["async_write"].bytes_per_s as f64 / s.client_write_bytes_per_s.max(1) as f64;
    assert!(txg > 3.5, "{txg} bytes written by the txgs per byte");
}

/// The sync-write and async-write I/Os of a lab link's run.
fn class_counts(link: &str) -> (u64, u64) {
    let d = decode(link);
    assert!(d.notices.is_empty(), "{:?}", d.notices);
    let r = report::run(scenario_from_settings(&d.tunables).unwrap_or_else(|e| panic!("{e}")));
    let count = |class: &str| r.summary.classes[class].latency.count;
    (count("sync_write"), count("async_write"))
}

#[test]
fn raising_zil_slog_bulk_moves_a_slogs_log_blocks_from_the_async_to_the_sync_write_class() {
    // 16 threads of 1 MiB O_DSYNC writes on a SLOG keep commits overlapping: 2.2 never
    // resets zl_cur_used but at a waiter's timeout, so past 768 KiB (zfs-2.2.0 zil.c) its
    // log blocks go in the async-write class (zil_lwb_write_issue()). Past the whole run's
    // log bytes, every one is a sync write. The async-write class also holds the txgs'
    // writes, which grow with the clients' rate (the SLOG's sync-write class has more
    // active), so its share of the writes is compared, not its count.
    let link = "v=1&release=2.2&drive=nvme-p4500&top_level_vdevs=4&slog=ssd&readers=0&async_writers=0\
                &sync_writers=16&sync_block_size=1M&duration=3";
    let (sync, bulk) = class_counts(link);
    let (sync_raised, bulk_raised) = class_counts(&format!("{link}&zil_slog_bulk=1T"));
    assert!(sync_raised > 20 * sync.max(1), "sync-write I/Os {sync} at 768K, {sync_raised} at 1T");
    let share = |sync: u64, bulk: u64| bulk as f64 / (sync + bulk).max(1) as f64;
    let (before, after) = (share(sync, bulk), share(sync_raised, bulk_raised));
    assert!(after < before / 2.0, "async-write share of the writes {before:.2} at 768K, {after:.2} at 1T");
}

#[test]
fn from_2_3_a_lone_commit_resets_the_bulk_count_before_its_log_blocks_are_issued() {
    // One thread of 1 MiB O_DSYNC writes: each commit fills eight lwbs and leaves a ninth
    // open. zfs-2.3.0 zil_process_commit_list() calls zil_burst_done() (zl_parallel clear)
    // before zil_commit_writer() issues them, so zil_lwb_write_issue() sees zl_cur_size 0:
    // sync writes, even with zil_slog_bulk at 2.2's 768 KiB. zfs-2.2.0 resets zl_cur_used
    // there only for a first lwb whose commit timeout is under 5 µs; its count passes
    // 768 KiB and the blocks go in the async-write class.
    let link = "v=1&drive=nvme-p4500&slog=ssd&readers=0&async_writers=0&sync_writers=1&sync_block_size=1M\
                &duration=3&zil_slog_bulk=768K";
    let (sync_2_2, _) = class_counts(&format!("{link}&release=2.2"));
    let (sync_2_3, _) = class_counts(&format!("{link}&release=2.3"));
    assert!(sync_2_3 > 1000 && sync_2_2 * 100 < sync_2_3, "sync-write I/Os: 2.2 {sync_2_2}, 2.3 {sync_2_3}");
}
