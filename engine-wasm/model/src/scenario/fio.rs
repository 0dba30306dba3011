//! A fio job file as the scenario's workloads: what a customer ran, in their own terms.
//!
//! fio's format (`fio(1)`, "JOB FILE FORMAT"): `[global]` and `[job]` sections of
//! `key=value` lines (or a bare `key` for a flag), `;` and `#` comments; a job takes the
//! global options and overrides them. Each job becomes a workload of the scenario file
//! format (`docs/scenario-format.md`), checked there like any other:
//!
//! - `rw=write` / `randwrite`: buffered writers (`async_write`), or with `sync=1` an
//!   O_DSYNC writer and with `fsync=N` / `fdatasync=N` an fsync every N writes
//!   (`sync_write`), either into the records of the file or zvol below; `rw=randread`: random readers (`random_read`); `rw=read`: sequential
//!   readers with the DMU prefetcher (`sequential_read`); `rw=rw` / `randrw`: a writer
//!   and a reader of `rwmixread` percent.
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
//!   `rate` / `rate_iops` per job (fio's), summed; `size` per job, summed, as the region
//!   written or the working set read; `runtime` as the run's duration.
//! - `direct=1` is run buffered, as OpenZFS before 2.3 treats O_DIRECT; from 2.3 an aligned
//!   O_DIRECT write bypasses the ARC and dirty data (`dmu_write_uio_direct()`), which the
//!   lab does not model, and the note says so.
//!
//! The parser is written here rather than taken from an INI crate: fio's flags have no
//! `=`, and every problem must name its line. Options that change nothing in the model
//! (names, files, logging) pass silently; others are listed as notes and ignored; what
//! cannot be read is an error naming the line.

use crate::schema::Id;
use crate::units::{parse_value, Unit};
use serde_json::{json, Value};

/// The workloads of a fio job file, the run's duration if a job set `runtime`, and what
/// was read differently from fio or ignored.
#[derive(Debug, Default)]
pub struct FioJobs {
    pub workloads: Vec<Value>,
    pub duration_s: Option<u64>,
    pub notes: Vec<String>,
}

impl FioJobs {
    /// The lab's workload settings for these jobs: one group of buffered writers, one of
    /// sync writers and one of readers at most (a scenario file takes any number), the
    /// kinds the jobs do not have set to no threads, and the runtime as the duration.
    pub fn lab_settings(&self) -> Result<Vec<(Id, u64)>, String> {
        let mut out = vec![(Id::AsyncWriters, 0), (Id::SyncWriters, 0), (Id::Readers, 0)];
        let mut seen = Vec::new();
        for w in &self.workloads {
            let kind = w["kind"].as_str().unwrap_or("");
            let group = if kind.ends_with("_read") { "readers" } else { kind };
            if seen.contains(&group) {
                return Err(format!(
                    "two jobs of {group}: the lab has one group of each kind; throttle-lab run --fio takes any number"
                ));
            }
            seen.push(group);
            let n = |key: &str| w[key].as_u64();
            let threads = n("threads").unwrap_or(1);
            match kind {
                "async_write" => {
                    out.push((Id::AsyncWriters, threads));
                    out.extend(n("block_size").map(|b| (Id::AsyncBlockSize, b)));
                    out.push((Id::AsyncRate, n("rate").unwrap_or(0)));
                    out.push((Id::AsyncPattern, u64::from(w["pattern"] == "random")));
                    out.extend(n("region").map(|r| (Id::FileSize, r)));
                    out.push((Id::AsyncCompressible, n("compressible").unwrap_or(0)));
                    out.push((Id::Dataset, u64::from(w["zvol"] == true)));
                }
                "sync_write" => {
                    out.push((Id::SyncWriters, threads));
                    out.extend(n("block_size").map(|b| (Id::SyncBlockSize, b)));
                    out.push((Id::FsyncEvery, n("fsync_every").unwrap_or(0)));
                    out.push((Id::SyncWait, 0));
                    out.extend(n("region").map(|r| (Id::FileSize, r)));
                    out.push((Id::Dataset, u64::from(w["zvol"] == true)));
                }
                _ => {
                    out.push((Id::Readers, threads));
                    out.extend(n("block_size").map(|b| (Id::ReadBlockSize, b)));
                    out.push((Id::ReadPattern, u64::from(kind == "sequential_read")));
                }
            }
        }
        out.extend(self.duration_s.map(|d| (Id::Duration, d)));
        // Later entries win: a kind's threads replace the zero set first.
        out.reverse();
        let mut unique: Vec<(Id, u64)> = Vec::new();
        for (id, v) in out {
            if !unique.iter().any(|(u, _)| *u == id) {
                unique.push((id, v));
            }
        }
        unique.reverse();
        // Each within its setting's range, or the job is refused naming the setting.
        let mut t = crate::tunables::Tunables::default();
        for &(id, v) in &unique {
            t.set(id, v).map_err(|e| format!("{}: {e}", id.spec().name))?;
        }
        Ok(unique)
    }
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
    "stonewall",
    "wait_for_previous",
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
    "end_fsync",
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
    "buffered",
];

/// Engines that keep `iodepth` requests outstanding per job.
const ASYNC_ENGINES: &[&str] = &["libaio", "io_uring", "posixaio", "solarisaio", "windowsaio"];

/// The default `recordsize` of every release (`zfs_prop.c`: `SPA_OLD_MAXBLOCKSIZE`).
const DEFAULT_RECORDSIZE: u64 = 128 << 10;

/// Options read here; the rest are inert or noted.
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
    "runtime",
    "rwmixread",
    "rwmixwrite",
];

struct Section {
    name: String,
    line: usize,
    options: Vec<(String, String, usize)>,
}

/// Reads `text`; an error names its line.
pub fn translate(text: &str) -> Result<FioJobs, String> {
    let mut global: Vec<(String, String, usize)> = Vec::new();
    let mut jobs: Vec<Section> = Vec::new();
    let mut in_global = false;
    for (i, raw) in text.lines().enumerate() {
        let n = i + 1;
        let line = raw.trim();
        if line.is_empty() || line.starts_with(';') || line.starts_with('#') {
            continue;
        }
        if let Some(rest) = line.strip_prefix('[') {
            let name = rest.strip_suffix(']').ok_or(format!("line {n}: a section is [name]"))?.trim();
            if name.is_empty() {
                return Err(format!("line {n}: a section needs a name"));
            }
            in_global = name == "global";
            if !in_global {
                jobs.push(Section { name: shown(name), line: n, options: Vec::new() });
            }
            continue;
        }
        if line.starts_with("include ") {
            return Err(format!("line {n}: include is not read: paste the included file's jobs instead"));
        }
        let (key, value) = match line.split_once('=') {
            Some((k, v)) => (k.trim().to_ascii_lowercase(), v.trim().to_string()),
            None => (line.to_ascii_lowercase(), "1".to_string()),
        };
        let option = (key, value, n);
        match jobs.last_mut() {
            Some(job) if !in_global => job.options.push(option),
            _ if in_global => global.push(option),
            _ => return Err(format!("line {n}: an option before any section ([global] or [job])")),
        }
    }
    if jobs.is_empty() {
        return Err("no job: a fio file needs at least one [job] section".into());
    }
    let mut out = FioJobs::default();
    for job in &jobs {
        let options: Vec<&(String, String, usize)> = global.iter().chain(&job.options).collect();
        translate_job(job, &options, &mut out)?;
    }
    Ok(out)
}

/// The last value given for any of `keys`, with its line.
fn get<'a>(options: &[&'a (String, String, usize)], keys: &[&str]) -> Option<(&'a str, usize)> {
    options.iter().rev().find(|(k, _, _)| keys.contains(&k.as_str())).map(|(_, v, n)| (v.as_str(), *n))
}

fn bytes(value: &str, line: usize, what: &str) -> Result<u64, String> {
    parse_value(Unit::Bytes, value)
        .map_err(|e| format!("line {line}: {what} '{}': {}", shown(value), shown(&e.to_string())))
}

fn count(value: &str, line: usize, what: &str, max: u64) -> Result<u64, String> {
    match value.parse::<u64>() {
        Ok(v) if (1..=max).contains(&v) => Ok(v),
        _ => Err(format!("line {line}: {what} '{}' is not a whole number from 1 to {max}", shown(value))),
    }
}

/// `runtime`: seconds, or with fio's `s`, `m`, `h` suffixes.
fn seconds(value: &str, line: usize) -> Result<u64, String> {
    let v = value.to_ascii_lowercase();
    let (digits, scale) = match v.strip_suffix('h') {
        Some(d) => (d, 3600),
        None => match v.strip_suffix('m') {
            Some(d) => (d, 60),
            None => (v.strip_suffix('s').unwrap_or(&v), 1),
        },
    };
    match digits.parse::<u64>() {
        Ok(s) if s > 0 && s <= 86_400 / scale => Ok(s * scale),
        _ => Err(format!("line {line}: runtime '{}' is not a duration from 1 s to a day", shown(value))),
    }
}

/// A `read,write` pair's part (fio: one value serves both).
fn part(value: &str, write: bool) -> &str {
    match value.split_once(',') {
        Some((r, w)) => if write { w } else { r }.trim(),
        None => value,
    }
}

fn translate_job(job: &Section, options: &[&(String, String, usize)], out: &mut FioJobs) -> Result<(), String> {
    let name = &job.name;
    for (key, _, n) in options {
        if !KNOWN.contains(&key.as_str()) && !INERT.contains(&key.as_str()) {
            out.notes.push(format!("line {n}: [{name}] {} is not modelled; ignored", shown(key)));
        }
    }
    let (rw, rw_line) = get(options, &["rw", "readwrite"]).unwrap_or(("read", job.line));
    let (writes, reads, random) = match rw {
        "write" => (true, false, false),
        "randwrite" => (true, false, true),
        "read" => (false, true, false),
        "randread" => (false, true, true),
        "rw" | "readwrite" => (true, true, false),
        "randrw" => (true, true, true),
        other => {
            let message = "is not modelled (read, write, randread, randwrite, rw, randrw)";
            return Err(format!("line {rw_line}: [{name}] rw={} {message}", shown(other)));
        }
    };
    let jobs = match get(options, &["numjobs"]) {
        Some((v, n)) => count(v, n, "numjobs", 100_000)?,
        None => 1,
    };
    let engine = get(options, &["ioengine"]).map_or("psync", |(v, _)| v);
    let depth = match get(options, &["iodepth"]) {
        Some((v, n)) => count(v, n, "iodepth", 65_536)?,
        None => 1,
    };
    // One write in flight a job whatever the engine (see the top of the file); io_uring's
    // workers run a job's reads side by side.
    let threads = jobs;
    let read_threads = if engine == "io_uring" { jobs.saturating_mul(depth) } else { jobs };
    if depth > 1 && ASYNC_ENGINES.contains(&engine) {
        let n = get(options, &["iodepth"]).map_or(job.line, |(_, n)| n);
        out.notes.push(format!(
            "line {n}: [{name}] iodepth={depth} with {engine}: OpenZFS completes each I/O as it is submitted, so a job has one in flight{}; numjobs={depth} keeps {depth} in flight",
            if engine == "io_uring" { " (but io_uring's workers run its reads side by side)" } else { "" }
        ));
    }
    let bs = |write: bool| -> Result<u64, String> {
        match get(options, &["bs", "blocksize"]) {
            Some((v, n)) => bytes(part(v, write), n, "bs"),
            None => Ok(4096), // fio's default block size
        }
    };
    let size = match get(options, &["size", "filesize"]) {
        Some((v, n)) => Some(bytes(v, n, "size")?.saturating_mul(jobs)),
        None => None,
    };
    // fio's rate and rate_iops are per job; rate wins when both are given.
    if let (Some(_), Some((_, n))) = (get(options, &["rate"]), get(options, &["rate_iops"])) {
        out.notes.push(format!("line {n}: [{name}] rate_iops is ignored: rate is given too, and the lab takes rate"));
    }
    let rate = |write: bool, block: u64| -> Result<u64, String> {
        if let Some((v, n)) = get(options, &["rate"]) {
            return Ok(bytes(part(v, write), n, "rate")?.saturating_mul(jobs));
        }
        if let Some((v, n)) = get(options, &["rate_iops"]) {
            return Ok(count(part(v, write), n, "rate_iops", 10_000_000)?.saturating_mul(block).saturating_mul(jobs));
        }
        Ok(0)
    };
    let mix_read = match (get(options, &["rwmixread"]), get(options, &["rwmixwrite"])) {
        (Some((v, n)), _) => count(v, n, "rwmixread", 100)?,
        (None, Some((v, n))) => 100 - count(v, n, "rwmixwrite", 100)?.min(100),
        (None, None) => 50,
    };
    // One value caps the job's traffic, split by the mix; a `read,write` pair gives the
    // writes their own cap, already theirs alone.
    let own_cap = get(options, &["rate"]).or(get(options, &["rate_iops"])).is_some_and(|(v, _)| v.contains(','));
    if writes && reads {
        let capped = get(options, &["rate"]).or(get(options, &["rate_iops"])).is_some();
        let split = if own_cap {
            ", the writers at their own rate".to_string()
        } else if capped {
            format!(", the rate split {}/{}", 100 - mix_read, mix_read)
        } else {
            String::new()
        };
        out.notes.push(format!(
            "line {}: [{name}] rw={rw}: each job mixes reads and writes; the lab runs {threads} writer and {threads} reader threads{split}",
            job.line
        ));
    }
    if let Some((v, n)) = get(options, &["direct"]) {
        if v != "0" {
            out.notes.push(format!(
                "line {n}: [{name}] direct=1 is run buffered, as OpenZFS before 2.3 treats O_DIRECT; 2.3's Direct I/O (aligned writes past the ARC and dirty data) is not modelled"
            ));
        }
    }
    if let Some((v, n)) = get(options, &["runtime"]) {
        let s = seconds(v, n)?;
        out.duration_s = Some(out.duration_s.map_or(s, |d| d.max(s)));
    }
    let share = |total: u64, percent: u64| if total == 0 { 0 } else { (total.saturating_mul(percent) / 100).max(1) };
    if writes {
        let block = bs(true)?;
        let total = share(rate(true, block)?, if reads && !own_cap { 100 - mix_read } else { 100 });
        let sync = get(options, &["sync"]).is_some_and(|(v, _)| v != "0" && v != "none");
        let fsync = match get(options, &["fsync", "fdatasync"]) {
            Some((v, n)) => Some(count(v, n, "fsync", 1 << 30)?),
            None => None,
        };
        if let Some((_, n)) = get(options, &["buffer_compress_percentage"]).filter(|_| sync || fsync.is_some()) {
            out.notes.push(format!(
                "line {n}: [{name}] buffer_compress_percentage is not modelled for sync writers; ignored"
            ));
        }
        let mut w = match (sync, fsync) {
            (true, _) => json!({"kind": "sync_write", "sync": "dsync"}),
            (false, Some(every)) => {
                json!({"kind": "sync_write", "sync": "fsync", "fsync_every": every.saturating_mul(block)})
            }
            (false, None) => {
                let mut w = json!({"kind": "async_write"});
                if let Some((v, n)) = get(options, &["buffer_compress_percentage"]) {
                    let percent = v.parse::<u64>().ok().filter(|p| *p <= 100);
                    let message = || format!("line {n}: buffer_compress_percentage '{}' is not 0 to 100", shown(v));
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
        // A zvol's device node: its blocks are the release's default volblocksize.
        if get(options, &["filename"]).is_some_and(|(f, _)| f.starts_with("/dev/zvol/")) {
            w["zvol"] = json!(true);
        } else {
            w["record_size"] = json!(DEFAULT_RECORDSIZE);
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
        if get(options, &["rate", "rate_iops"]).is_some() {
            out.notes.push(format!(
                "line {}: [{name}] a read rate is not modelled: readers go as fast as they can",
                job.line
            ));
        }
        out.workloads.push(r);
    }
    Ok(())
}

/// Text from the file as a message may show it: control characters escaped, bounded.
fn shown(text: &str) -> String {
    crate::messages::shown(text)
}

#[cfg(test)]
mod tests;
