use super::*;

#[test]
fn a_job_file_gives_the_labs_workload_settings() {
    let jobs = translate("[global]\nruntime=20\n[w]\nrw=randwrite\nbs=8k\nnumjobs=4\nrate=2m\n[r]\nrw=read\nbs=1m\n")
        .expect("reads");
    let set = jobs.lab_settings().expect("fits the lab");
    let get = |id| set.iter().find(|(i, _)| *i == id).map(|(_, v)| *v);
    assert_eq!(get(Id::AsyncWriters), Some(4));
    assert_eq!(get(Id::AsyncBlockSize), Some(8 << 10));
    assert_eq!(get(Id::AsyncRate), Some(8 << 20), "fio's rate is per job");
    assert_eq!(get(Id::AsyncPattern), Some(1));
    assert_eq!(get(Id::SyncWriters), Some(0), "no sync job: none");
    assert_eq!((get(Id::Readers), get(Id::ReadPattern)), (Some(1), Some(1)));
    assert_eq!(get(Id::Duration), Some(20));
    let two = translate("[a]\nrw=write\n[b]\nrw=randwrite\n").expect("reads");
    assert!(two.lab_settings().unwrap_err().contains("two jobs of async_write"));
    let big = translate("[a]\nrw=write\nbs=64m\n").expect("reads");
    assert!(big.lab_settings().is_err_and(|e| e.starts_with("async_block_size")));
}

#[test]
fn a_job_takes_the_global_options_and_becomes_a_workload() {
    let jobs = translate(
        "; a customer's job\n[global]\nioengine=libaio\ndirect=1\nbs=128k\nsize=10g\nruntime=2m\ntime_based\n\n[seqwrite]\nrw=write\nnumjobs=4\niodepth=8\n",
    )
    .expect("reads");
    assert_eq!(jobs.workloads.len(), 1);
    let w = &jobs.workloads[0];
    assert_eq!(w["kind"], "async_write");
    assert_eq!(w["threads"], 4, "4 jobs: libaio's io_submit() returns with the write done");
    assert_eq!(w["record_size"], 128 << 10, "the default recordsize");
    assert_eq!(w["block_size"], 128 << 10);
    assert_eq!(w["region"], 40u64 << 30);
    assert_eq!(w["pattern"], "sequential");
    assert_eq!(jobs.duration_s, Some(120));
    assert!(jobs.notes.iter().any(|n| n.contains("direct=1 is run buffered")), "{:?}", jobs.notes);
    assert!(jobs.notes.iter().any(|n| n.starts_with("line 13: [seqwrite] iodepth=8 with libaio")), "{:?}", jobs.notes);
    assert!(jobs.notes.iter().any(|n| n.ends_with("numjobs=8 keeps 8 in flight")), "{:?}", jobs.notes);
    // io_uring's workers read side by side; a write larger than a record spans records.
    let jobs = translate("[r]\nrw=randread\nioengine=io_uring\niodepth=16\nnumjobs=2\n").expect("reads");
    assert_eq!(jobs.workloads[0]["threads"], 32);
    let jobs = translate("[w]\nrw=write\nbs=1m\n").expect("reads");
    assert_eq!(
        (jobs.workloads[0]["block_size"].as_u64(), jobs.workloads[0]["record_size"].as_u64()),
        (Some(1 << 20), Some(128 << 10))
    );
}

#[test]
fn sync_fsync_rates_and_mixes_follow_fio() {
    let jobs =
        translate("[db]\nrw=randwrite\nbs=8k\nfsync=4\nrate=2m\nnumjobs=2\n[log]\nrw=write\nsync=1\n").expect("reads");
    assert_eq!(jobs.workloads[0]["kind"], "sync_write");
    assert_eq!(jobs.workloads[0]["fsync_every"], 32 << 10);
    assert_eq!(jobs.workloads[0]["rate"], 4 << 20, "fio's rate is per job");
    assert_eq!(jobs.workloads[0]["threads"], 2, "psync: iodepth does not count");
    assert_eq!(jobs.workloads[1]["sync"], "dsync");
    assert_eq!(jobs.workloads[1]["block_size"], 4096, "fio's default bs");
    // A sync job writes its file's records as a buffered one does (zfs_write()).
    assert_eq!(jobs.workloads[0]["pattern"], "random");
    assert_eq!(jobs.workloads[1]["pattern"], "sequential");
    assert_eq!(jobs.workloads[1]["record_size"], 128 << 10, "the default recordsize");
    let zvol = translate("[z]\nrw=write\nsync=1\nsize=2g\nfilename=/dev/zvol/tank/v\n").expect("reads");
    assert_eq!(zvol.workloads[0]["zvol"], true);
    assert_eq!(zvol.workloads[0]["region"], 2u64 << 30);
    let set = zvol.lab_settings().expect("fits the lab");
    assert!(set.contains(&(Id::Dataset, 1)) && set.contains(&(Id::FileSize, 2 << 30)), "{set:?}");
    let mix = translate("[m]\nrw=randrw\nrwmixread=70\nbs=4k,16k\nrate=10m\n").expect("reads");
    assert_eq!(mix.workloads.len(), 2);
    assert_eq!(mix.workloads[0]["block_size"], 16 << 10);
    assert_eq!(mix.workloads[0]["rate"], (10u64 << 20) * 30 / 100);
    assert_eq!(mix.workloads[1]["kind"], "random_read");
    assert_eq!(mix.workloads[1]["block_size"], 4 << 10);
    assert!(mix.notes.iter().any(|n| n.ends_with("reader threads, the rate split 30/70")), "{:?}", mix.notes);
    // With no rate there is nothing to split.
    let free = translate("[m]\nrw=randrw\nrwmixread=70\nbs=4k\n").expect("reads");
    assert!(free.notes.iter().any(|n| n.ends_with("1 writer and 1 reader threads")), "{:?}", free.notes);
    // fio's `read,write` pair: the second value caps the writes alone, so the mix does not
    // cut it again; rate wins over rate_iops, and the one left out is said.
    let own = translate("[m]\nrw=randrw\nrwmixread=70\nbs=8k\nrate=,5m\nrate_iops=100\n").expect("reads");
    assert_eq!(own.workloads[0]["rate"], 5 << 20);
    assert!(own.notes.iter().any(|n| n.starts_with("line 6: [m] rate_iops is ignored")), "{:?}", own.notes);
    assert!(own.notes.iter().any(|n| n.ends_with("the writers at their own rate")), "{:?}", own.notes);
    let fsync = translate("[f]\nrw=write\nfsync=1\nbuffer_compress_percentage=50\n").expect("reads");
    assert!(fsync.notes.iter().any(|n| n.starts_with("line 4: [f] buffer_compress_percentage is not modelled")));
    let zvol = translate("[z]\nrw=randwrite\nbs=4k\nfilename=/dev/zvol/tank/vm\n").expect("reads");
    assert_eq!(zvol.workloads[0]["zvol"], true);
    let read = translate("[r]\nrw=read\nbs=1m\nsize=10g\n").expect("reads");
    assert_eq!(
        (read.workloads[0]["kind"].as_str(), &read.workloads[0]["region"]),
        (Some("sequential_read"), &json!(10u64 << 30))
    );
}

#[test]
fn problems_name_their_line_and_the_rest_is_kept() {
    assert_eq!(translate("rw=write\n[a]\n").unwrap_err(), "line 1: an option before any section ([global] or [job])");
    assert_eq!(
        translate("[a]\nrw=trim\n").unwrap_err(),
        "line 2: [a] rw=trim is not modelled (read, write, randread, randwrite, rw, randrw)"
    );
    assert!(translate("[a]\nbs=lots\n").unwrap_err().starts_with("line 2: bs 'lots'"));
    assert!(translate("[global]\nbs=4k\n").unwrap_err().contains("no job"));
    assert!(translate("[a\n").unwrap_err().starts_with("line 1:"));
    let jobs = translate("[a]\nrw=randwrite\nverify=md5\nbuffer_compress_percentage=50\n").expect("reads");
    assert_eq!(jobs.workloads.len(), 1);
    assert_eq!(jobs.workloads[0]["compressible"], 50);
    assert_eq!(jobs.notes.len(), 1, "{:?}", jobs.notes);
    assert!(jobs.notes[0].starts_with("line 3: [a] verify is not modelled"));
    // Control characters from the file are escaped in messages.
    let e = translate("[a]\nrw=\u{1b}[31m\n").unwrap_err();
    assert!(!e.contains('\u{1b}'), "{e:?}");
}
