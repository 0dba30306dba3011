//! A fio job file as the scenario's workloads: what a customer ran, in their own terms.
//!
//! fio's format (`fio(1)`, "JOB FILE FORMAT"; read in `fio/ini.rs`): `[global]` and
//! `[job]` sections of `key=value` lines (or a bare `key` for a flag), comments from `;` or
//! `#` to the end of a line; a job takes the global options written above it and overrides
//! them. Numbers are fio's (`fio/number.rs`: `kb_base`, and its `128KiB` of 128,000 bytes).
//! Each job becomes a workload of the scenario file format (`docs/scenario-format.md`),
//! checked there like any other:
//!
//! - `rw=write` / `randwrite`: buffered writers (`async_write`), or with `sync=1` an
//!   O_DSYNC writer and with `fsync=N` / `fdatasync=N` an fsync every N writes
//!   (`sync_write`), either into the records of the file or zvol below; `rw=randread`:
//!   random readers (`random_read`); `rw=read`: sequential readers with the DMU prefetcher
//!   (`sequential_read`); `rw=rw` / `randrw`: writers and readers (none of a side the mix
//!   gives 0%). A fio job mixes its reads and writes in one thread, which the lab cannot:
//!   with a rate each side keeps fio's cap (a single `rate` caps each direction,
//!   `rate_ddir()` in fio's `io_u.c`), without one both go as fast as they can, and the
//!   note says the mix is not kept.
//! - `numjobs` threads. `iodepth` adds none for writes: OpenZFS completes a write inside
//!   the call that submits it (`zpl_iter_write()` returns once `zfs_write()` has, never
//!   queued), so `libaio`'s `io_submit()` returns with it done, and `io_uring` hands a
//!   file's buffered writes to its workers one at a time; reads through `io_uring` are its
//!   workers' to run side by side, `iodepth` of them a job. `bs` (fio's default 4 KiB;
//!   `bs=r,w` pairs); writes, buffered or sync, go into records of the default
//!   `recordsize` (128 KiB, `zfs_prop.c`; a larger write spans records, a transaction
//!   each, as `zfs_write()` takes them; a scenario's dataset may say otherwise: `run
//!   --fio` keeps its `record_size`), or into a zvol's blocks for a `filename` under
//!   `/dev/zvol/` (the release's default volblocksize; a larger write is one transaction
//!   over its blocks, as `zvol_write()` takes a bio);
//!   `buffer_compress_percentage` as the records' compressible share;
//!   `rate` / `rate_iops` per job (fio's), summed; `size` per job, summed (one file when
//!   the jobs share a `filename`), as the region written or the working set read;
//!   `runtime` (or its alias `timeout`) as the run's duration. A job ends at its `size`
//!   in fio unless `time_based`, and `stonewall` runs a job after the ones before it; the
//!   lab runs every job for the whole run, and the notes say so.
//! - `direct=1` is run buffered, as OpenZFS before 2.3 treats O_DIRECT; from 2.3 an aligned
//!   O_DIRECT write bypasses the ARC and dirty data (`dmu_write_uio_direct()`), which the
//!   lab does not model, and the note says so.
//!
//! The parser is written here rather than taken from an INI crate: fio's flags have no
//! `=`, and every problem must name its line. Options that change nothing in the model
//! (names, files, logging) pass silently; others are listed as notes and ignored; what
//! cannot be read is an error naming the line.

use ini::Opt;
use serde_json::{json, Value};
use std::collections::BTreeSet;

mod ini;
pub use ini::MAX_TEXT;
mod lab_settings;
mod number;

/// The workloads of a fio job file, the run's duration if a job set `runtime`, and what
/// was read differently from fio or ignored.
#[derive(Debug, Default)]
pub struct FioJobs {
    pub workloads: Vec<Value>,
    pub duration_s: Option<u64>,
    pub notes: Vec<String>,
    /// (section, option) pairs already noted as not modelled: a `[global]` line is noted
    /// once, not once per job, and a thousand lines of one option once.
    noted: BTreeSet<(String, String)>,
}

/// Options that do not change what the model simulates.
const INERT: &[&str] = &[
    "name",
    "filename",
    "directory",
    "group_reporting",
    "time_based",
    "ramp_time",
    "randrepeat",
    "norandommap",
    "refill_buffers",
    "invalidate",
    "thread",
    "description",
    "write_bw_log",
    "write_lat_log",
    "write_iops_log",
    "log_avg_msec",
    "per_job_logs",
    "lat_percentiles",
    "clat_percentiles",
    "percentile_list",
    "create_on_open",
    "allow_file_create",
    "unlink",
    "randseed",
    "fallocate",
    "overwrite",
    "fsync_on_close",
    "kb_base",
    "unit_base",
    "iodepth_batch",
    "iodepth_batch_submit",
    "iodepth_batch_complete",
    "iodepth_low",
    "gtod_reduce",
    "disable_lat",
    "disable_clat",
    "disable_slat",
    "disable_bw_measurement",
    "random_generator",
    "zero_buffers",
    "scramble_buffers",
    "status-interval",
];

/// Engines that keep `iodepth` requests outstanding per job.
const ASYNC_ENGINES: &[&str] = &["libaio", "io_uring", "posixaio", "solarisaio", "windowsaio"];

/// The default `recordsize` of every release (`zfs_prop.c`: `SPA_OLD_MAXBLOCKSIZE`).
const DEFAULT_RECORDSIZE: u64 = 128 << 10;

/// The sizes of a call the lab simulates [bytes] (a scenario's `block_size`).
const BLOCK_RANGE: std::ops::RangeInclusive<u64> = 512..=16 << 20;

/// Options read here (or noted here); the rest are inert or noted as not modelled.
const KNOWN: &[&str] = &[
    "buffer_compress_percentage",
    "rw",
    "readwrite",
    "bs",
    "blocksize",
    "numjobs",
    "iodepth",
    "ioengine",
    "rate",
    "rate_iops",
    "size",
    "filesize",
    "fsync",
    "fdatasync",
    "sync",
    "direct",
    "buffered",
    "runtime",
    "timeout",
    "rwmixread",
    "rwmixwrite",
    "stonewall",
    "wait_for_previous",
    "end_fsync",
];

/// Reads `text`; an error names its line.
pub fn translate(text: &str) -> Result<FioJobs, String> {
    let mut out = FioJobs::default();
    for job in &ini::jobs(text)? {
        translate_job(job, &mut out)?;
    }
    Ok(out)
}

/// The last of `options` given for any of `keys`.
fn get<'a>(options: &'a [Opt], keys: &[&str]) -> Option<&'a Opt> {
    options.iter().rev().find(|o| keys.contains(&o.key.as_str()))
}

/// A whole number as fio reads its integer options (`check_str_bytes()`: `rate_iops=1k` is
/// 1024), from `min` to `max`.
fn count(o: &Opt, what: &str, min: u64, max: u64) -> Result<u64, String> {
    match number::bytes(&o.value, 1024) {
        Ok(v) if (min..=max).contains(&v) => Ok(v),
        _ => Err(format!("line {}: {what} '{}' is not a whole number from {min} to {max}", o.line, shown(&o.value))),
    }
}

fn translate_job(job: &ini::Job, out: &mut FioJobs) -> Result<(), String> {
    let (name, options) = (&job.name, job.options.as_slice());
    for o in options {
        let (k, s) = (o.key.as_str(), o.section.as_str());
        if !KNOWN.contains(&k) && !INERT.contains(&k) && out.noted.insert((s.to_string(), k.to_string())) {
            out.notes.push(format!("line {}: [{s}] {} is not modelled; ignored", o.line, shown(k)));
        }
    }
    let kb_base = match get(options, &["kb_base"]) {
        Some(o) if o.value == "1000" => 1000,
        Some(o) if o.value != "1024" => {
            return Err(format!("line {}: kb_base '{}' is not 1000 or 1024", o.line, shown(&o.value)))
        }
        _ => 1024,
    };
    let bytes = |o: &Opt, value: &str, what: &str| {
        number::bytes(value, kb_base).map_err(|e| format!("line {}: {what} '{}': {e}", o.line, shown(value)))
    };
    let rw_option = get(options, &["rw", "readwrite"]);
    let rw = rw_option.map_or("read", |o| o.value.as_str());
    let (mut writes, mut reads, random) = match rw {
        "write" => (true, false, false),
        "randwrite" => (true, false, true),
        "read" => (false, true, false),
        "randread" => (false, true, true),
        "rw" | "readwrite" => (true, true, false),
        "randrw" => (true, true, true),
        other => {
            let line = rw_option.map_or(job.line, |o| o.line);
            let message = "is not modelled (read, write, randread, randwrite, rw, randrw)";
            return Err(format!("line {line}: [{name}] rw={} {message}", shown(other)));
        }
    };
    // rwmixread and rwmixwrite set each other (`str_rwmix_read_cb()`, fio's options.c):
    // the one written last wins.
    let mut mix_read = 50;
    for o in options {
        match o.key.as_str() {
            "rwmixread" => mix_read = count(o, "rwmixread", 0, 100)?,
            "rwmixwrite" => mix_read = 100 - count(o, "rwmixwrite", 0, 100)?,
            _ => {}
        }
    }
    let mixed = writes && reads;
    if mixed {
        writes = mix_read < 100;
        reads = mix_read > 0;
    }
    let jobs = get(options, &["numjobs"]).map_or(Ok(1), |o| count(o, "numjobs", 1, 100_000))?;
    let engine = get(options, &["ioengine"]).map_or("psync", |o| o.value.as_str());
    let depth = get(options, &["iodepth"]).map_or(Ok(1), |o| count(o, "iodepth", 1, 65_536))?;
    // One write in flight a job whatever the engine (see the top of the file); io_uring's
    // workers run a job's reads side by side.
    let threads = jobs;
    let read_threads = if engine == "io_uring" { jobs.saturating_mul(depth) } else { jobs };
    if depth > 1 && ASYNC_ENGINES.contains(&engine) {
        let o = get(options, &["iodepth"]).map_or((job.line, name.as_str()), |o| (o.line, o.section.as_str()));
        let in_flight = jobs.saturating_mul(depth);
        out.notes.push(format!(
            "line {}: [{}] iodepth={depth} with {engine}: OpenZFS completes each I/O as it is submitted, so a job has one in flight{}; numjobs={in_flight} keeps {in_flight} in flight",
            o.0,
            o.1,
            if engine == "io_uring" { " (but io_uring's workers run its reads side by side)" } else { "" }
        ));
    }
    if let Some(o) = get(options, &["ioengine"]).filter(|o| matches!(o.value.as_str(), "null" | "mmap")) {
        let what =
            if o.value == "null" { "transfers no data" } else { "writes through a mapping (page faults, msync)" };
        out.notes.push(format!(
            "line {}: [{name}] ioengine={} {what}; the lab runs read(2) and write(2) calls",
            o.line, o.value
        ));
    }
    let bs = |write: bool| -> Result<u64, String> {
        let Some(o) = get(options, &["bs", "blocksize"]) else {
            return Ok(4096); // fio's default block size
        };
        let Some(value) = number::part(&o.value, write) else {
            return Ok(4096);
        };
        let b = bytes(o, value, "bs")?;
        if !BLOCK_RANGE.contains(&b) {
            return Err(format!(
                "line {}: bs '{}' is {b} bytes; the lab simulates calls of 512 B to 16 MiB",
                o.line,
                shown(value)
            ));
        }
        Ok(b)
    };
    // fio: numjobs clones share a named file, and each has a file of its own otherwise.
    let shared = get(options, &["filename"]).is_some();
    let size = match get(options, &["size", "filesize"]) {
        Some(o) => Some(bytes(o, &o.value, "size")?.saturating_mul(if shared { 1 } else { jobs })),
        None => None,
    };
    // fio's rate and rate_iops are per job; rate wins when both are given.
    let rate_option = get(options, &["rate"]);
    let iops_option = get(options, &["rate_iops"]);
    if let (Some(_), Some(o)) = (rate_option, iops_option) {
        out.notes
            .push(format!("line {}: [{name}] rate_iops is ignored: rate is given too, and the lab takes rate", o.line));
    }
    // Each direction's own cap (`rate_ddir()`): a single value caps reads and writes alike.
    let rate = |write: bool, block: u64| -> Result<u64, String> {
        if let Some(o) = rate_option {
            return match number::part(&o.value, write) {
                Some(v) => Ok(bytes(o, v, "rate")?.saturating_mul(jobs)),
                None => Ok(0),
            };
        }
        if let Some(o) = iops_option {
            return match number::part(&o.value, write) {
                Some(v) => {
                    let per = Opt { value: v.to_string(), ..o.clone() };
                    Ok(count(&per, "rate_iops", 1, 10_000_000)?.saturating_mul(block).saturating_mul(jobs))
                }
                None => Ok(0),
            };
        }
        Ok(0)
    };
    let capped = rate_option.or(iops_option).is_some();
    if mixed {
        let sides = match (writes, reads) {
            (true, true) if capped => {
                format!("{threads} writer and {threads} reader threads, the writers at their rate")
            }
            (true, true) => {
                format!("{threads} writer and {threads} reader threads, each as fast as it goes: the mix is not kept")
            }
            (true, false) => "its writes alone (rwmixread=0)".to_string(),
            _ => "its reads alone (no writes at this mix)".to_string(),
        };
        out.notes.push(format!(
            "line {}: [{name}] rw={rw} rwmixread={mix_read}: each fio job mixes reads and writes in one thread; the lab runs {sides}",
            job.line
        ));
    }
    let direct = get(options, &["direct"]).is_some_and(|o| o.value != "0")
        || get(options, &["buffered"]).is_some_and(|o| o.value == "0");
    if direct {
        let o =
            get(options, &["direct", "buffered"]).map_or((job.line, name.as_str()), |o| (o.line, o.section.as_str()));
        out.notes.push(format!(
            "line {}: [{}] direct=1 is run buffered, as OpenZFS before 2.3 treats O_DIRECT; 2.3's Direct I/O (aligned writes past the ARC and dirty data) is not modelled",
            o.0, o.1
        ));
    }
    if let Some(o) = get(options, &["runtime", "timeout"]) {
        let us =
            number::micros(&o.value).map_err(|e| format!("line {}: {} '{}': {e}", o.line, o.key, shown(&o.value)))?;
        // fio: 0 is no limit. The lab runs whole seconds, up to a day.
        if us > 0 {
            let s = us.div_ceil(1_000_000);
            if s > 86_400 {
                return Err(format!(
                    "line {}: {} '{}' is more than a day, the lab's longest run",
                    o.line,
                    o.key,
                    shown(&o.value)
                ));
            }
            out.duration_s = Some(out.duration_s.map_or(s, |d| d.max(s)));
        }
    }
    if let Some(o) = get(options, &["size", "filesize"]).filter(|_| get(options, &["time_based"]).is_none()) {
        out.notes.push(format!(
            "line {}: [{name}] without time_based fio ends the job once it has done size={}; the lab keeps it going for the whole run",
            o.line,
            shown(&o.value)
        ));
    }
    if let Some(o) = get(options, &["stonewall", "wait_for_previous"]).filter(|o| o.value != "0") {
        if out.noted.insert((o.section.clone(), "stonewall".into())) {
            out.notes.push(format!(
                "line {}: [{}] {}: fio runs a job after the ones before it end; the lab runs every job at once",
                o.line, o.section, o.key
            ));
        }
    }
    if let Some(o) = get(options, &["end_fsync"]).filter(|o| o.value != "0") {
        if out.noted.insert((o.section.clone(), "end_fsync".into())) {
            out.notes.push(format!(
                "line {}: [{}] end_fsync: the one fsync at the job's end is not modelled",
                o.line, o.section
            ));
        }
    }
    if writes {
        let block = bs(true)?;
        let total = rate(true, block)?;
        let sync = get(options, &["sync"]).is_some_and(|o| o.value != "0" && o.value != "none");
        let fsync = match get(options, &["fsync", "fdatasync"]) {
            Some(o) => Some(count(o, &o.key, 0, 1 << 30)?).filter(|&n| n > 0),
            None => None,
        };
        if let (true, Some(_), Some(o)) = (sync, fsync, get(options, &["fsync", "fdatasync"])) {
            out.notes.push(format!(
                "line {}: [{name}] {}: with sync every write is already stable; the lab adds no fsync",
                o.line, o.key
            ));
        }
        if let Some(o) = get(options, &["buffer_compress_percentage"]).filter(|_| sync || fsync.is_some()) {
            out.notes.push(format!(
                "line {}: [{name}] buffer_compress_percentage is not modelled for sync writers; ignored",
                o.line
            ));
        }
        let mut w = match (sync, fsync) {
            (true, _) => json!({"kind": "sync_write", "sync": "dsync"}),
            (false, Some(every)) => {
                json!({"kind": "sync_write", "sync": "fsync", "fsync_every": every.saturating_mul(block)})
            }
            (false, None) => {
                let mut w = json!({"kind": "async_write"});
                if let Some(o) = get(options, &["buffer_compress_percentage"]) {
                    let percent = o.value.parse::<u64>().ok().filter(|p| *p <= 100);
                    let message =
                        || format!("line {}: buffer_compress_percentage '{}' is not 0 to 100", o.line, shown(&o.value));
                    w["compressible"] = json!(percent.ok_or_else(message)?);
                }
                w
            }
        };
        // A sync job writes its file as a buffered one does (zfs_write()), into records.
        w["pattern"] = json!(if random { "random" } else { "sequential" });
        if let Some(s) = size {
            w["region"] = json!(s.max(block));
        }
        // A zvol's device node (`/dev/zvol/POOL/VOL`, or Linux's `/dev/zdN` it links to):
        // its blocks are the release's default volblocksize. A job that names no file was
        // often run with `fio --filename=…`, which the file does not hold: its target is
        // the dataset as set (`zvol` left out; `run --fio` says so where that is a zvol).
        match get(options, &["filename", "directory"]) {
            Some(o) if o.key == "filename" && zvol_node(&o.value) => w["zvol"] = json!(true),
            named => {
                if named.is_some() {
                    w["zvol"] = json!(false);
                }
                w["record_size"] = json!(DEFAULT_RECORDSIZE);
            }
        }
        w["threads"] = json!(threads);
        w["block_size"] = json!(block);
        w["rate"] = json!(total);
        out.workloads.push(w);
    }
    if reads {
        let block = bs(false)?;
        // Sequential readers stream with the prefetcher (sequential_read), random ones miss.
        let (kind, extent) = if random { ("random_read", "working_set") } else { ("sequential_read", "region") };
        let mut r = json!({"kind": kind, "threads": read_threads, "block_size": block});
        if let Some(s) = size {
            r[extent] = json!(s.max(block));
        }
        if rate(false, block)? > 0 {
            out.notes.push(format!(
                "line {}: [{name}] a read rate is not modelled: readers go as fast as they can",
                job.line
            ));
        }
        out.workloads.push(r);
    }
    Ok(())
}

/// Whether `path` is a zvol's device node: `/dev/zvol/…`, or `/dev/zd` and a number.
fn zvol_node(path: &str) -> bool {
    path.starts_with("/dev/zvol/")
        || path.strip_prefix("/dev/zd").is_some_and(|n| !n.is_empty() && n.chars().all(|c| c.is_ascii_digit()))
}

/// Text from the file as a message may show it: control characters escaped, bounded.
fn shown(text: &str) -> String {
    crate::messages::shown(text)
}

#[cfg(test)]
mod tests;
