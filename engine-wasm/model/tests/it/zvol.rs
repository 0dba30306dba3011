//! A zvol's write as `zvol_write()` takes it: one transaction over every block the bio
//! covers (`zvol.c` to 0.8, `zvol_os.c` from 2.0), where a file's write is a transaction
//! per record (`zfs_write()`).

use serde_json::{json, Value};
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}\n{v}")))
}

/// A run of `workload` under `release` on one injected 1 ms disk, a txg a second, summed
/// over the whole run (10 s, so that the last, unsynced txg is a small share of it).
fn on_one_disk(release: &str, workload: Value) -> Report {
    run(&json!({"duration": "10s", "steady": {"summaries": "whole_run"}, "models": {"release": release},
        "tunables": {"zfs_txg_timeout": 1},
        "pool": {"device": {"kind": "injected", "latency": "1ms", "lanes": 4}}, "workloads": [workload]}))
}

/// zfs-2.1.0 `zvol_os.c` `zvol_write()`: one `dmu_tx_hold_write()` and `dmu_tx_assign()`
/// for the bio (`MIN(uio_resid, DMU_MAX_ACCESS >> 1)` is all of a 64 KiB one), and
/// `dmu_write_uio_dnode()` dirties its 8 KiB blocks in that transaction: 64 KiB writes
/// into 8 KiB blocks are one transaction a call, and the txgs write 8 blocks of 8 KiB a
/// call. A file of 8 KiB records takes 8 (`zfs_write()`). The writers stop after 8 s, so
/// that every txg of theirs is written by the end.
#[test]
fn a_zvol_write_is_one_transaction_over_all_its_blocks() {
    let writer = |dataset: Value| {
        let mut w = json!({"kind": "async_write", "threads": 2, "block_size": "64K", "rate": "8M",
                           "burst": {"on": "8s", "off": "10s"}});
        if let (Some(w), Some(d)) = (w.as_object_mut(), dataset.as_object()) {
            w.extend(d.clone());
        }
        on_one_disk("2.1", w)
    };
    let zvol = writer(json!({"volblocksize": "8K"}));
    let calls = zvol.summary.client_write.count;
    assert!(calls > 500, "{calls}");
    // At the end each thread may be inside its call's transaction.
    let tx = zvol.summary.throttle.counters.transactions;
    assert!((calls..=calls + 2).contains(&tx), "{calls} calls, {tx} transactions");
    let file = writer(json!({"record_size": "8K"}));
    let (calls, tx) = (file.summary.client_write.count, file.summary.throttle.counters.transactions);
    assert!((8 * calls..=8 * calls + 16).contains(&tx), "{calls} calls, {tx} transactions");
    // The txgs write 8 KiB blocks, 8 a call, and little metadata beside.
    let data = &zvol.summary.classes["async_write"];
    let per_call = data.latency.count as f64 / zvol.summary.client_write.count as f64;
    let per_write = data.bytes_per_s as f64 / data.iops;
    assert!((7.9..8.6).contains(&per_call), "{per_call} async writes a call");
    assert!((7800.0..8193.0).contains(&per_write), "{per_write} bytes a write");
}

/// One transaction a call is one throttle delay a call: `dmu_tx_assign()` weighs and
/// delays a transaction, whatever it holds (`dmu_tx_delay()`, `tx_dirty_delayed`). With
/// dirty data held past `zfs_delay_min_dirty_percent`, a 64 KiB call into a zvol of 8 KiB
/// blocks is delayed once, one into a file of 8 KiB records eight times.
#[test]
fn a_zvol_write_is_delayed_once_a_file_write_once_a_record() {
    let writer = |dataset: Value| {
        let mut w = json!({"kind": "async_write", "threads": 4, "block_size": "64K"});
        if let (Some(w), Some(d)) = (w.as_object_mut(), dataset.as_object()) {
            w.extend(d.clone());
        }
        let r = run(&json!({"duration": "4s", "steady": {"summaries": "whole_run"}, "models": {"release": "2.1"},
            "tunables": {"zfs_dirty_data_max": "64M", "zfs_delay_min_dirty_percent": 10},
            "pool": {"device": {"kind": "injected", "latency": "2ms", "lanes": 2}}, "workloads": [w]}));
        let t = &r.summary.throttle.counters;
        t.delayed as f64 / r.summary.client_write.count as f64
    };
    let zvol = writer(json!({"volblocksize": "8K"}));
    assert!((0.9..=1.0).contains(&zvol), "{zvol} delays a call");
    let file = writer(json!({"record_size": "8K"}));
    assert!((7.2..=8.0).contains(&file), "{file} delays a call");
}

/// zfs-2.1.0 `zvol_log_write()`: 8 KiB blocks are not above `zvol_immediate_write_sz`
/// (32 KiB), so an O_DSYNC write of 64 KiB is WR_COPIED, one record (WR_NEED_COPY past
/// `zil_max_copied_data()`, still one), and `zvol_write()` calls `zil_commit()` once after
/// it: one log block of 64 KiB and a 192-byte record, 68 KiB in 4 KiB units, a call, and
/// the txgs write each block once. Blocks of 64 KiB are above it: a 256 KiB write is
/// WR_INDIRECT, split at block ends into four records (`MIN(blocksize - P2PHASE(offset,
/// blocksize), size)`), so the commit has `dmu_sync()` write four blocks in place and a
/// 4 KiB log block, and the txgs write none of them.
#[test]
fn an_o_dsync_zvol_write_commits_once_and_logs_a_record_a_block_only_when_indirect() {
    let dsync = |size: &str, block: &str| {
        let w = json!({"kind": "sync_write", "threads": 1, "block_size": size, "volblocksize": block, "sync": "dsync"});
        let r = on_one_disk("2.1", w);
        let s = &r.summary;
        let written = s.client_write_bytes_per_s as f64;
        let per_byte = |class: &str| s.classes[class].bytes_per_s as f64 / written;
        let ios = s.classes["sync_write"].latency.count as f64 / s.client_write.count as f64;
        let tx = s.throttle.counters.transactions as f64 / s.client_write.count as f64;
        (per_byte("sync_write"), per_byte("async_write"), ios, tx)
    };
    let (sync, txg, ios, tx) = dsync("64K", "8K");
    assert!((1.06..1.07).contains(&sync), "{sync} bytes of log a byte");
    assert!((0.85..1.05).contains(&txg), "{txg}: each block once, but for the last txg");
    assert!((0.99..1.01).contains(&ios) && (0.99..1.01).contains(&tx), "{ios} log writes, {tx} transactions a call");
    let (sync, txg, ios, tx) = dsync("256K", "64K");
    assert!((1.01..1.02).contains(&sync), "{sync} bytes in place and of log a byte");
    assert!(txg < 0.05, "{txg}");
    assert!((4.95..5.05).contains(&ios) && (0.99..1.01).contains(&tx), "{ios} sync writes, {tx} transactions a call");
}

/// zfs-2.2.0 `dmu_tx.c` `dmu_tx_count_write()`: a write starting inside a block reads that
/// block first, and one ending inside another block reads that too (`dmu_tx_check_ioerr()`
/// for the first and the last level-0 block, under one `zio_wait()`); the blocks between
/// are overwritten whole. 12 KiB random writes into 16 KiB blocks (the 2.2 default) land
/// at multiples of 12 KiB: in turn within one block (one read) and across two, ending and
/// starting inside each (two reads): 1.5 reads of 16 KiB a call, when nothing is cached.
#[test]
fn a_zvol_write_reads_the_blocks_at_its_ends_it_writes_in_part() {
    let w = json!({"kind": "async_write", "threads": 4, "block_size": "12K", "zvol": true, "pattern": "random",
                   "cache_hit": 0, "rate": "2M", "region": "64G"});
    let r = on_one_disk("2.2", w);
    let read = &r.summary.classes["sync_read"];
    let per_call = read.latency.count as f64 / r.summary.client_write.count as f64;
    let per_read = read.bytes_per_s as f64 / read.iops;
    assert!((1.4..1.55).contains(&per_call), "{per_call} reads a call");
    assert!((per_read - 16384.0).abs() < 1.0, "{per_read} bytes a read");
}

/// `/dev/zvol/...` in a fio job is a zvol's writes; a `bs` larger than the volblocksize
/// runs as `zvol_write()` takes it instead of being refused.
#[test]
fn a_fio_job_on_a_zvol_with_a_larger_bs_runs() {
    let jobs = throttle_model::scenario::fio::translate("[z]\nrw=randwrite\nbs=64k\nfilename=/dev/zvol/tank/vm\n")
        .unwrap_or_else(|e| panic!("{e}"));
    let v = json!({"duration": "2s", "models": {"release": "2.1"}, "workloads": jobs.workloads});
    let r = run(&v);
    let calls = r.summary.client_write.count;
    assert!(calls > 100 && r.summary.throttle.counters.transactions <= calls + 1, "{calls}");
}
