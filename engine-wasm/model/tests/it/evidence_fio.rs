//! fio's output as customers paste it beside ZFS evidence: the normal text of fio 3
//! (`show_thread_status_normal()`/`show_ddir_status()` in fio's `stat.c`) and of fio 2,
//! and `--output-format=json` (`show_thread_status_json()`, printed by `json.c`). No
//! captured sample exists in the folder; these follow the printing code line by line.

use throttle_model::evidence::fio_output::{FioDirection, FioGroup, FioResult};
use throttle_model::evidence::{import, Body};

fn one(text: &str) -> (FioResult, Vec<String>, Vec<(usize, String)>) {
    let imp = import(&[("t", text)]);
    let problems = imp.problems.iter().map(|p| (p.line, p.message.clone())).collect();
    assert_eq!(
        imp.sections.len(),
        1,
        "{:?}",
        imp.sections.iter().map(|s| (s.body.format(), s.first_line)).collect::<Vec<_>>()
    );
    let s = &imp.sections[0];
    let Body::Fio(f) = &s.body else { panic!("read as {}", s.body.format()) };
    (f.clone(), s.notes.clone(), problems)
}

/// A 4 KiB random-write job on a ZFS dataset, fio 3.28, libaio at queue depth 1.
const FIO3_RANDWRITE: &str = "\
randwrite: (g=0): rw=randwrite, bs=(R) 4096B-4096B, (W) 4096B-4096B, (T) 4096B-4096B, ioengine=libaio, iodepth=1
fio-3.28
Starting 1 process
randwrite: Laying out IO file (1 file / 1024MiB)
Jobs: 1 (f=1): [w(1)][100.0%][w=8192KiB/s][w=2048 IOPS][eta 00m:00s]
randwrite: (groupid=0, jobs=1): err= 0: pid=12345: Tue Mar  5 10:11:12 2024
  write: IOPS=2047, BW=8188KiB/s (8384kB/s)(480MiB/60001msec); 0 zone resets
    slat (usec): min=3, max=1234, avg=12.34, stdev= 5.67
    clat (usec): min=3, max=91234, avg=474.52, stdev=2345.67
     lat (usec): min=8, max=91240, avg=487.11, stdev=2346.01
    clat percentiles (usec):
     |  1.00th=[    5],  5.00th=[    6], 10.00th=[    7], 20.00th=[    9],
     | 30.00th=[   11], 40.00th=[   14], 50.00th=[   18], 60.00th=[   24],
     | 70.00th=[   35], 80.00th=[   58], 90.00th=[  127], 95.00th=[  400],
     | 99.00th=[12387], 99.50th=[17695], 99.90th=[30540], 99.95th=[38011],
     | 99.99th=[62129]
   bw (  KiB/s): min= 2048, max=16384, per=100.00%, avg=8190.33, stdev=2345.12, samples=119
   iops        : min=  512, max= 4096, avg=2047.58, stdev=586.28, samples=119
  lat (usec)   : 4=0.34%, 10=25.12%, 20=27.45%, 50=22.10%, 100=11.23%
  lat (usec)   : 250=5.67%, 500=3.45%, 750=0.98%, 1000=0.45%
  lat (msec)   : 2=0.67%, 4=0.34%, 10=0.56%, 20=0.89%, 50=0.67%
  lat (msec)   : 100=0.08%
  cpu          : usr=1.23%, sys=9.87%, ctx=123456, majf=0, minf=12
  IO depths    : 1=100.0%, 2=0.0%, 4=0.0%, 8=0.0%, 16=0.0%, 32=0.0%, >=64=0.0%
     submit    : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%
     complete  : 0=0.0%, 4=100.0%, 8=0.0%, 16=0.0%, 32=0.0%, 64=0.0%, >=64=0.0%
     issued rwts: total=0,122820,0,0 short=0,0,0,0 dropped=0,0,0,0
     latency   : target=0, window=0, percentile=100.00%, depth=1

Run status group 0 (all jobs):
  WRITE: bw=8188KiB/s (8384kB/s), 8188KiB/s-8188KiB/s (8384kB/s-8384kB/s), io=480MiB (503MB), run=60001-60001msec

Disk stats (read/write):
  zd0: ios=0/122801, merge=0/0, ticks=0/56789, in_queue=56789, util=98.76%
";

#[test]
fn fio3_random_write() {
    let (f, notes, problems) = one(FIO3_RANDWRITE);
    assert_eq!(problems, vec![]);
    assert_eq!(f.jobs.len(), 1);
    let job = &f.jobs[0];
    assert_eq!((job.line, job.name.as_str()), (6, "randwrite"));
    assert_eq!(job.read, None);
    let w = job.write.as_ref().unwrap();
    assert_eq!((w.iops, w.bytes_per_s), (2047, 8188 * 1024));
    assert_eq!(w.clat_mean_ns, Some(474_520));
    assert_eq!(w.clat_percentiles.len(), 17);
    assert_eq!(w.clat_percentiles[0], (100, 5_000));
    assert_eq!(w.clat_percentiles[12], (9900, 12_387_000));
    assert_eq!(w.clat_percentiles[16], (9999, 62_129_000));
    assert!(notes.iter().any(|n| n == "fio version 3.28"), "{notes:?}");
    assert!(notes.iter().any(|n| n.starts_with("fio job randwrite: rw=randwrite")), "{notes:?}");
}

/// A mixed job with `k` IOPS, nsec and msec units, reported by two jobs.
const FIO3_RANDRW: &str = "\
$ fio --name=mixed --rw=randrw --bs=16k --numjobs=2 --size=4g --runtime=30 --time_based
mixed: (g=0): rw=randrw, bs=(R) 16.0KiB-16.0KiB, (W) 16.0KiB-16.0KiB, (T) 16.0KiB-16.0KiB, ioengine=psync, iodepth=1
...
fio-3.35
Starting 2 processes

mixed: (groupid=0, jobs=1): err= 0: pid=2001: Wed Apr 10 12:00:00 2024
  read: IOPS=12.5k, BW=195MiB/s (205MB/s)(5859MiB/30001msec)
    clat (nsec): min=1567, max=287148k, avg=71234.85, stdev=633559.68
     lat (nsec): min=1612, max=287152k, avg=71301.02, stdev=633561.11
    clat percentiles (nsec):
     |  1.00th=[   1832],  5.00th=[   2008], 10.00th=[   2160],
     | 50.00th=[   3632], 99.00th=[1122304], 99.99th=[9240576]
   bw (  KiB/s): min=150112, max=230400, per=50.12%, avg=200170.44, stdev=12345.67, samples=59
   iops        : min= 9382, max=14400, avg=12510.65, stdev=771.60, samples=59
  write: IOPS=12.5k, BW=195MiB/s (205MB/s)(5863MiB/30001msec); 0 zone resets
    clat (msec): min=2, max=412, avg= 8.22, stdev=11.40
     lat (msec): min=2, max=412, avg= 8.22, stdev=11.40
    clat percentiles (msec):
     |  1.00th=[    3],  5.00th=[    4], 50.00th=[    6], 99.00th=[   58],
     | 99.90th=[  171]
mixed: (groupid=0, jobs=1): err= 0: pid=2002: Wed Apr 10 12:00:00 2024
  read: IOPS=1024, BW=16.0MiB/s (16.8MB/s)(480MiB/30001msec)
  write: IOPS=1.02k, BW=15.9MiB/s (16.7MB/s)(477MiB/30001msec); 0 zone resets

Run status group 0 (all jobs):
   READ: bw=211MiB/s (221MB/s), 16.0MiB/s-195MiB/s (16.8MB/s-205MB/s), io=6339MiB (6647MB), run=30001-30001msec
  WRITE: bw=211MiB/s (221MB/s), 15.9MiB/s-195MiB/s (16.7MB/s-205MB/s), io=6340MiB (6648MB), run=30001-30001msec
";

#[test]
fn fio3_mixed_jobs_with_suffixes() {
    let (f, _, problems) = one(FIO3_RANDRW);
    assert_eq!(problems, vec![]);
    assert_eq!(f.jobs.len(), 2);
    let r = f.jobs[0].read.as_ref().unwrap();
    assert_eq!((r.iops, r.bytes_per_s), (12_500, 195 << 20));
    assert_eq!(r.clat_mean_ns, Some(71_234));
    assert_eq!(
        r.clat_percentiles,
        vec![(100, 1832), (500, 2008), (1000, 2160), (5000, 3632), (9900, 1_122_304), (9999, 9_240_576)]
    );
    let w = f.jobs[0].write.as_ref().unwrap();
    assert_eq!(w.clat_mean_ns, Some(8_220_000));
    assert_eq!(w.clat_percentiles.last(), Some(&(9990, 171_000_000)));
    let second = &f.jobs[1];
    assert_eq!(second.line, 22);
    assert_eq!(second.read.as_ref().map(|d| (d.iops, d.bytes_per_s)), Some((1024, 16 << 20)));
    assert_eq!(
        second.write.as_ref().map(|d| (d.iops, d.bytes_per_s, d.clat_mean_ns)),
        Some((1020, (15_900u64 << 20) / 1000, None))
    );
}

#[test]
fn fio2_lines() {
    let text = "\
writetest: (g=0): rw=randwrite, bs=4K-4K/4K-4K/4K-4K, ioengine=libaio, iodepth=32
fio-2.2.10
Starting 1 process
Jobs: 1 (f=1): [w(1)] [100.0% done] [0KB/1144KB/0KB /s] [0/286/0 iops] [eta 00m:00s]
writetest: (groupid=0, jobs=1): err= 0: pid=14469: Mon Feb 20 13:55:42 2017
  write: io=121340KB, bw=2019.9KB/s, iops=504, runt= 60073msec
    slat (usec): min=4, max=285, avg=24.74, stdev= 8.69
    clat (usec): min=532, max=366269, avg=63293.77, stdev=44200.23
     lat (usec): min=598, max=366299, avg=63319.19, stdev=44205.06
    clat percentiles (msec):
     |  1.00th=[    7],  5.00th=[    7], 10.00th=[    8], 20.00th=[    9],
     | 99.00th=[  227], 99.50th=[  269], 99.90th=[  355], 99.95th=[  359],
     | 99.99th=[  363]
    bw (KB  /s): min=  367, max=14480, per=100.00%, avg=2025.30, stdev=2493.85
    lat (usec) : 750=0.01%
    lat (msec) : 10=24.29%, 20=3.27%, 50=1.01%, 100=61.25%, 250=9.52%
  cpu          : usr=0.83%, sys=2.23%, ctx=25812, majf=0, minf=747
  IO depths    : 1=0.1%, 2=0.1%, 4=0.1%, 8=0.1%, 16=0.1%, 32=99.9%, >=64=0.0%
     issued    : total=r=0/w=30335/d=0, short=r=0/w=0/d=0, drop=r=0/w=0/d=0

Run status group 0 (all jobs):
  WRITE: io=121340KB, aggrb=2019KB/s, minb=2019KB/s, maxb=2019KB/s, mint=60073msec, maxt=60073msec
";
    let (f, _, problems) = one(text);
    assert_eq!(problems, vec![]);
    let w = f.jobs[0].write.as_ref().unwrap();
    // fio 2's KB is 1024 bytes.
    assert_eq!((w.iops, w.bytes_per_s), (504, 2_019_900 * 1024 / 1000));
    assert_eq!(w.clat_mean_ns, Some(63_293_770));
    assert_eq!(w.clat_percentiles.len(), 9);
    assert_eq!(w.clat_percentiles[4], (9900, 227_000_000));
}

const FIO3_JSON: &str = r#"{
  "fio version" : "fio-3.28",
  "timestamp" : 1709633472,
  "timestamp_ms" : 1709633472123,
  "time" : "Tue Mar  5 10:11:12 2024",
  "global options" : {
    "ioengine" : "libaio",
    "direct" : "1"
  },
  "jobs" : [
    {
      "jobname" : "seqwrite",
      "groupid" : 0,
      "error" : 0,
      "eta" : 0,
      "elapsed" : 61,
      "job options" : {
        "rw" : "write",
        "bs" : "1M"
      },
      "read" : {
        "io_bytes" : 0,
        "io_kbytes" : 0,
        "bw_bytes" : 0,
        "bw" : 0,
        "iops" : 0.000000,
        "runtime" : 0,
        "total_ios" : 0,
        "short_ios" : 0,
        "drop_ios" : 0,
        "clat_ns" : {
          "min" : 0,
          "max" : 0,
          "mean" : 0.000000,
          "stddev" : 0.000000,
          "N" : 0
        }
      },
      "write" : {
        "io_bytes" : 31457280000,
        "io_kbytes" : 30720000,
        "bw_bytes" : 524279596,
        "bw" : 511991,
        "iops" : 499.991001,
        "runtime" : 60001,
        "total_ios" : 30000,
        "short_ios" : 0,
        "drop_ios" : 0,
        "clat_ns" : {
          "min" : 812345,
          "max" : 412345678,
          "mean" : 1987654.321000,
          "stddev" : 4567890.123000,
          "N" : 30000,
          "percentile" : {
            "1.000000" : 913408,
            "50.000000" : 1253376,
            "99.000000" : 15663104,
            "99.900000" : 183500800
          }
        }
      }
    }
  ]
}
"#;

#[test]
fn fio3_json() {
    let text = format!("$ fio --output-format=json seqwrite.fio\n{FIO3_JSON}");
    let (f, notes, problems) = one(&text);
    assert_eq!(problems, vec![]);
    assert_eq!(f.jobs.len(), 1);
    let job = &f.jobs[0];
    assert_eq!((job.line, job.name.as_str(), job.read.as_ref()), (2, "seqwrite", None));
    let w = job.write.as_ref().unwrap();
    assert_eq!((w.iops, w.bytes_per_s, w.clat_mean_ns), (499, 524_279_596, Some(1_987_654)));
    assert_eq!(w.clat_percentiles, vec![(100, 913_408), (5000, 1_253_376), (9900, 15_663_104), (9990, 183_500_800)]);
    assert!(notes.iter().any(|n| n == "fio version 3.28"));
}

#[test]
fn fio2_json_in_usec_and_kib() {
    let text = r#"{
  "fio version" : "fio-2.2.10",
  "jobs" : [
    {
      "jobname" : "old",
      "write" : {
        "io_bytes" : 121340,
        "bw" : 2019,
        "iops" : 504,
        "runtime" : 60073,
        "clat" : {
          "min" : 532,
          "max" : 366269,
          "mean" : 63293.77,
          "percentile" : {
            "99.000000" : 226304
          }
        }
      }
    }
  ]
}"#;
    let (f, _, problems) = one(text);
    assert_eq!(problems, vec![]);
    let w: &FioDirection = f.jobs[0].write.as_ref().unwrap();
    assert_eq!((w.iops, w.bytes_per_s, w.clat_mean_ns), (504, 2019 * 1024, Some(63_293_770)));
    assert_eq!(w.clat_percentiles, vec![(9900, 226_304_000)]);
}

#[test]
fn broken_json_is_one_problem_at_serdes_line() {
    let mut text = FIO3_JSON.replace("\"iops\" : 499.991001,", "\"iops\" : 499.991001,,");
    text.insert_str(0, "# fio --output-format=json seqwrite.fio\n");
    let (f, _, problems) = one(&text);
    assert_eq!(f.jobs, vec![]);
    assert_eq!(problems.len(), 1, "{problems:?}");
    // Line 44 of the JSON (the doubled comma), 45 of the file.
    assert_eq!(problems[0].0, 45, "{problems:?}");
    assert_eq!(problems[0].1, "fio's JSON does not parse: key must be a string at line 44 column 29");
}

#[test]
fn json_whose_brace_fell_into_the_text_before() {
    // The text before the JSON is another format; the `{` line opens fio's block with it.
    let text = format!("  pool: tank\n state: ONLINE\n{FIO3_JSON}");
    let imp = import(&[("t", &text)]);
    assert_eq!(imp.problems, vec![]);
    let formats: Vec<&str> = imp.sections.iter().map(|s| s.body.format()).collect();
    assert_eq!(formats, vec!["zpool status", "fio output"]);
    assert_eq!(imp.sections[1].first_line, 3);
    // Opened at the "fio version" line itself (the brace lost), the JSON still reads.
    let headless = FIO3_JSON.trim_start_matches('{');
    let (f, _, problems) = one(headless.trim_start_matches('\n'));
    assert_eq!(problems, vec![]);
    assert_eq!(f.jobs[0].write.as_ref().map(|w| w.iops), Some(499));
}

#[test]
fn text_then_json_and_mangled_lines() {
    let text = format!("{}garbage the user typed\n  write: IOPS=lots, BW=big\n{FIO3_JSON}", FIO3_RANDWRITE);
    let (f, _, problems) = one(&text);
    assert_eq!(f.jobs.len(), 2);
    let n = FIO3_RANDWRITE.lines().count();
    let lines: Vec<usize> = problems.iter().map(|p| p.0).collect();
    assert_eq!(lines, vec![n + 1, n + 2], "{problems:?}");
    assert!(problems[0].1.starts_with("expected a line of fio's output"), "{problems:?}");
    assert!(problems[1].1.starts_with("expected IOPS=N, BW=RATE"), "{problems:?}");
    assert_eq!(f.jobs[1].line, n + 3);
}

#[test]
fn many_json_documents_read_in_linear_time() {
    let doc = "{\n  \"fio version\" : \"fio-3.28\",\n  \"jobs\" : [ { \"jobname\" : \"j\", \"write\" : { \"io_bytes\" : 4096, \"iops\" : 1.0, \"bw_bytes\" : 4096 } } ]\n}\n";
    let text = doc.repeat(20_000);
    let t = std::time::Instant::now();
    let (f, _, problems) = one(&text);
    assert_eq!(problems, vec![]);
    assert_eq!(f.jobs.len(), 20_000);
    assert!(t.elapsed().as_secs() < 10, "{:?}", t.elapsed());
}

#[test]
fn mangled_fio_never_panics() {
    crate::evidence_params::never_panics(FIO3_RANDWRITE, 300);
    crate::evidence_params::never_panics(FIO3_RANDRW, 300);
    crate::evidence_params::never_panics(FIO3_JSON, 300);
}

#[test]
fn results_pasted_without_their_job_line() {
    let text = "$ fio job.fio\n  write: IOPS=2.5k, BW=9.77MiB/s (10.2MB/s)(586MiB/60001msec)\n    clat (usec): min=3, max=9123, avg=398.10, stdev=12.00\n";
    let (f, notes, problems) = one(text);
    assert_eq!(problems, vec![]);
    let job = &f.jobs[0];
    assert_eq!((job.line, job.name.as_str()), (2, ""));
    let w = job.write.as_ref().unwrap();
    assert_eq!((w.iops, w.bytes_per_s, w.clat_mean_ns), (2500, 9770 * 1024 * 1024 / 1000, Some(398_100)));
    assert!(notes.iter().any(|n| n.starts_with("line 2: results with no")), "{notes:?}");
}

/// `--status-interval` prints the whole report while the job runs (fio's
/// `__show_running_run_stats()`): every report but the job's last is interim, and so is
/// every group summary a later report follows.
#[test]
fn status_interval_reports_before_the_last_are_interim() {
    let twice = format!("{FIO3_RANDWRITE}{FIO3_RANDWRITE}");
    let (f, _, problems) = one(&twice);
    assert!(problems.is_empty(), "{problems:?}");
    let second = FIO3_RANDWRITE.lines().count() + 6;
    assert_eq!(f.jobs.len(), 2);
    assert_eq!(f.jobs[0].interim, Some(format!("a later report of the job follows (line {second})")));
    assert_eq!(f.jobs[1].interim, None);
    let bw = Some(8188 * 1024);
    assert_eq!(
        f.groups,
        [
            FioGroup { line: 30, group: 0, read_bytes_per_s: None, write_bytes_per_s: bw, interim: true },
            FioGroup { line: 30 + second - 6, group: 0, read_bytes_per_s: None, write_bytes_per_s: bw, interim: false },
        ]
    );
}

/// A captured paste: the tail of one run (its group summary), then a `--status-interval`
/// run cut inside its first report, at 38.5%.
#[test]
fn a_run_status_group_alone_and_an_interim_report() {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../../tests/evidence/fio/gh16844-sargarass-fio-3.36-status-interval.txt"
    ))
    .expect("a sample");
    let imp = import(&[("c", &text)]);
    assert!(imp.problems.is_empty(), "{:?}", imp.problems);
    let fio: Vec<(usize, &FioResult)> = imp
        .sections
        .iter()
        .filter_map(|s| match &s.body {
            Body::Fio(f) => Some((s.first_line, f)),
            _ => None,
        })
        .collect();
    assert_eq!(fio.len(), 2);
    let (first_line, tail) = fio[0];
    assert_eq!(first_line, 1);
    assert!(tail.jobs.is_empty());
    assert_eq!(
        tail.groups,
        [FioGroup { line: 4, group: 0, read_bytes_per_s: None, write_bytes_per_s: Some(1586 << 20), interim: false }]
    );
    let job = &fio[1].1.jobs[0];
    assert_eq!((job.line, job.name.as_str()), (13, "dirty-writers-thoughput"));
    assert_eq!(job.write.as_ref().map(|w| w.bytes_per_s), Some(1792 << 20));
    assert_eq!(
        job.interim.as_deref(),
        Some("--status-interval, and the progress line before it, line 12, is at 38.5%")
    );
}
