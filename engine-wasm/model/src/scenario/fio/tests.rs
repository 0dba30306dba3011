use super::*;
use crate::schema::Id;

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
    assert!(translate("[a]\nrw=write\nbs=64m\n").unwrap_err().starts_with("line 3: bs '64m'"));
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
    assert!(jobs.notes.iter().any(|n| n.ends_with("numjobs=32 keeps 32 in flight")), "{:?}", jobs.notes);
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
    // fio caps each direction at a single rate (rate_ddir()): the writes keep all of it.
    assert_eq!(mix.workloads[0]["rate"], 10u64 << 20);
    assert_eq!(mix.workloads[1]["kind"], "random_read");
    assert_eq!(mix.workloads[1]["block_size"], 4 << 10);
    assert!(mix.notes.iter().any(|n| n.ends_with("reader threads, the writers at their rate")), "{:?}", mix.notes);
    // With no rate the lab cannot keep the mix, and says so.
    let free = translate("[m]\nrw=randrw\nrwmixread=70\nbs=4k\n").expect("reads");
    assert!(free.notes.iter().any(|n| n.ends_with("as fast as it goes: the mix is not kept")), "{:?}", free.notes);
    // fio's `read,write` pair: the second value caps the writes alone, so the mix does not
    // cut it again; rate wins over rate_iops, and the one left out is said.
    let own = translate("[m]\nrw=randrw\nrwmixread=70\nbs=8k\nrate=,5m\nrate_iops=100\n").expect("reads");
    assert_eq!(own.workloads[0]["rate"], 5 << 20);
    assert!(own.notes.iter().any(|n| n.starts_with("line 6: [m] rate_iops is ignored")), "{:?}", own.notes);
    assert!(own.notes.iter().any(|n| n.ends_with("the writers at their rate")), "{:?}", own.notes);
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

/// The audit's job files: each was read differently from fio before.
#[test]
fn what_fio_reads_in_a_line_is_what_the_lab_reads() {
    // A comment after a value is not part of it (strip_blank_end()).
    let jobs = translate("[w]\nrw=randwrite\nsync=0    ; buffered\ndirect=0  # no O_DIRECT\nnumjobs=4\t; four\n")
        .expect("reads");
    assert_eq!(jobs.workloads[0]["kind"], "async_write");
    assert_eq!(jobs.workloads[0]["threads"], 4);
    assert!(jobs.notes.iter().all(|n| !n.contains("direct")), "{:?}", jobs.notes);
    // A later [global] leaves the jobs above it alone.
    let jobs =
        translate("[global]\nrw=write\nbs=128k\n[seq]\nnumjobs=2\n[global]\nrw=randwrite\nsync=1\nbs=8k\n[oltp]\n")
            .expect("reads");
    assert_eq!(
        (
            jobs.workloads[0]["kind"].as_str(),
            jobs.workloads[0]["pattern"].as_str(),
            jobs.workloads[0]["block_size"].as_u64()
        ),
        (Some("async_write"), Some("sequential"), Some(128 << 10))
    );
    assert_eq!(jobs.workloads[1]["kind"], "sync_write");
    // timeout is runtime's alias; a day is within a day; 0 is no limit.
    assert_eq!(translate("[a]\nrw=write\ntimeout=120\n").expect("reads").duration_s, Some(120));
    assert_eq!(translate("[a]\nrw=write\nruntime=1d\n").expect("reads").duration_s, Some(86_400));
    assert_eq!(translate("[a]\nrw=write\nruntime=1500ms\n").expect("reads").duration_s, Some(2));
    assert_eq!(translate("[a]\nrw=write\nruntime=0\n").expect("reads").duration_s, None);
    // fsync=0 is fio's default: no fsync.
    assert_eq!(translate("[a]\nrw=write\nfsync=0\n").expect("reads").workloads[0]["kind"], "async_write");
}

#[test]
fn mixes_shared_files_and_units_follow_fio() {
    let kinds = |t: &str| {
        translate(t)
            .expect("reads")
            .workloads
            .iter()
            .map(|w| w["kind"].as_str().unwrap_or("").to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(kinds("[m]\nrw=randrw\nrwmixread=100\nnumjobs=4\n"), ["random_read"], "no writes at 100% reads");
    assert_eq!(kinds("[m]\nrw=randrw\nrwmixwrite=100\n"), ["async_write"]);
    // rwmixwrite in the job, after rwmixread in [global]: the later wins.
    let jobs = translate("[global]\nrwmixread=70\n[m]\nrw=randrw\nrwmixwrite=100\n").expect("reads");
    assert_eq!(jobs.workloads.len(), 1);
    // Jobs naming one file share it: its size, not numjobs of it.
    let shared = translate("[r]\nrw=randread\nsize=10g\nnumjobs=4\nfilename=/tank/f\n").expect("reads");
    assert_eq!(shared.workloads[0]["working_set"], 10u64 << 30);
    let own = translate("[r]\nrw=randread\nsize=10g\nnumjobs=4\n").expect("reads");
    assert_eq!(own.workloads[0]["working_set"], 40u64 << 30);
    // fio's default compatibility mode: IEC prefixes are powers of ten; kb_base=1000 swaps.
    let iec = translate("[w]\nrw=write\nbs=128KiB\nrate=100MiB\n").expect("reads");
    assert_eq!(
        (iec.workloads[0]["block_size"].as_u64(), iec.workloads[0]["rate"].as_u64()),
        (Some(128_000), Some(100_000_000))
    );
    let si = translate("[w]\nrw=write\nkb_base=1000\nbs=128k\n").expect("reads");
    assert_eq!(si.workloads[0]["block_size"], 128_000);
    // Lists by direction: reads only, writes only, and a trim size left aside.
    let reads_only = translate("[m]\nrw=randrw\nrate=500k,\n").expect("reads");
    assert_eq!(reads_only.workloads[0]["rate"], 0, "the writes are not capped");
    assert_eq!(translate("[w]\nrw=write\nbs=,8k\n").expect("reads").workloads[0]["block_size"], 8192);
    assert_eq!(translate("[w]\nrw=write\nbs=4k,8k,16k\n").expect("reads").workloads[0]["block_size"], 8192);
    // The zvol's own device node.
    assert_eq!(translate("[z]\nrw=write\nfilename=/dev/zd0\n").expect("reads").workloads[0]["zvol"], true);
    // A file, a directory, or nothing named (fio's `--filename=` on its command line): a
    // file system's records, or the dataset as set, which the lab's settings leave alone.
    let dataset = |job: &str| {
        let jobs = translate(job).expect("reads");
        let set = jobs.lab_settings().expect("fits the lab");
        (jobs.workloads[0]["zvol"].clone(), set.iter().find(|(id, _)| *id == Id::Dataset).map(|&(_, v)| v))
    };
    assert_eq!(dataset("[f]\nrw=write\nfilename=test\n"), (json!(false), Some(0)));
    assert_eq!(dataset("[f]\nrw=write\ndirectory=/tank/fio\n"), (json!(false), Some(0)));
    assert_eq!(dataset("[f]\nrw=write\nsync=1\n"), (serde_json::Value::Null, None));
    assert_eq!(dataset("[z]\nrw=write\nsync=1\nfilename=/dev/zvol/tank/v\n"), (json!(true), Some(1)));
}

#[test]
fn what_the_lab_runs_differently_is_said_once_with_its_line() {
    let jobs = translate("[global]\nthinktime=10\nstonewall\n[a]\nrw=write\n[b]\nrw=read\nsize=1g\n").expect("reads");
    let said = |what: &str| jobs.notes.iter().filter(|n| n.contains(what)).count();
    assert_eq!(said("thinktime is not modelled"), 1, "{:?}", jobs.notes);
    assert_eq!(said("line 3: [global] stonewall"), 1, "{:?}", jobs.notes);
    assert!(jobs
        .notes
        .iter()
        .any(|n| n.starts_with("line 8: [b] without time_based fio ends the job once it has done size=1g")));
    let many = translate(&format!("[a]\nrw=write\n{}", "thinktime=5\n".repeat(1000))).expect("reads");
    assert_eq!(many.notes.len(), 1, "{:?}", &many.notes[..2.min(many.notes.len())]);
    let dsync = translate("[a]\nrw=write\nsync=dsync\nfsync=32\n").expect("reads");
    assert!(dsync.notes.iter().any(|n| n.starts_with("line 4: [a] fsync: with sync every write is already stable")));
    let null = translate("[a]\nrw=write\nioengine=null\n").expect("reads");
    assert!(null.notes.iter().any(|n| n.contains("ioengine=null transfers no data")));
    let buffered = translate("[a]\nrw=write\nbuffered=0\n").expect("reads");
    assert!(buffered.notes.iter().any(|n| n.starts_with("line 3: [a] direct=1 is run buffered")));
    // Out of the lab's range: the fio line is named, not the scenario's field.
    assert!(translate("[a]\nrw=write\nbs=32m\n").unwrap_err().starts_with("line 3: bs '32m' is 33554432 bytes"));
    assert!(translate("[a]\nrw=write\nbs=1.5k\n").unwrap_err().contains("whole part"));
}

#[test]
fn a_sync_jobs_rate_and_pattern_and_a_readers_size_reach_the_lab() {
    let jobs = translate("[s]\nrw=randwrite\nsync=1\nrate=2m\nnumjobs=4\n[r]\nrw=randread\nsize=30g\n").expect("reads");
    let set = jobs.lab_settings().expect("fits the lab");
    let get = |id| set.iter().find(|(i, _)| *i == id).map(|(_, v)| *v);
    assert_eq!((get(Id::SyncWriters), get(Id::SyncRate), get(Id::SyncPattern)), (Some(4), Some(8 << 20), Some(1)));
    assert_eq!(get(Id::ReadWorkingSet), Some(30 << 30));
    // And the lab runs them so: a random sync writer at its rate, readers over 30 GiB.
    let mut t = crate::tunables::Tunables::default();
    for &(id, v) in &set {
        t.set(id, v).expect("in range");
    }
    let scenario = crate::scenario::lab::scenario_from_settings(&t).expect("a scenario");
    let text = format!("{:?}", scenario.workloads);
    assert!(
        text.contains("SyncWrite") && text.contains("sequential: false") && text.contains("rate: 8388608"),
        "{text}"
    );
    assert!(text.contains(&format!("working_set: {}", 30u64 << 30)), "{text}");
}
