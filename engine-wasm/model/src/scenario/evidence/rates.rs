//! The workload and the device from the evidence's rates: the write rate from the txgs
//! kstat or `zpool iostat`, readers by Little's law, and the device from the disk_wait
//! histograms. Kept together as the readings of rates and latencies.

use super::log_writes::{pool_writes, PoolWrites};
use super::txg_rate::txg_rate;
use super::{at, Builder};
use crate::evidence::iostat::{Histogram, HistogramKind, Iostat, Row};
use crate::evidence::{Body, Import, Section};
use crate::schema::Id;

fn mean(values: impl Iterator<Item = u64>) -> Option<u64> {
    crate::evidence::fit::mean(&values.collect::<Vec<_>>())
}

pub(super) fn workload(import: &Import, pool: Option<&str>, b: &mut Builder) {
    let mut rate_set = false;
    for (s, body) in import.bodies() {
        if let Body::Txgs(t) = body {
            let (rate, notes) = txg_rate(t);
            for n in notes {
                b.note(format!("{}: {n}", s.file));
            }
            if let Some(r) = rate.as_ref().filter(|r| r.rate == 0) {
                let src = format!("{} lines {}-{}: the synced txgs dirtied nothing", s.file, r.first_line, r.last_line);
                b.set(Id::AsyncWriters, 0, src);
                rate_set = true;
            } else if let Some(r) = rate {
                b.set(
                    Id::AsyncRate,
                    r.rate,
                    format!(
                        "{} lines {}-{}: dirty bytes of {} consecutive synced txgs over the time their births span",
                        s.file, r.first_line, r.last_line, r.txgs
                    ),
                );
                rate_set = true;
            }
        }
    }
    if !rate_set {
        rate_set = fio_rate(import, b);
    }
    let Some((s, io)) = iostat_block(import, pool, b) else { return };
    let pools: Vec<PoolWrites> = io.period_samples().filter_map(pool_writes).collect();
    let rows: Vec<&Row> = pools.iter().map(|p| p.pool).collect();
    let first = io.period_samples().next().map_or(s.first_line, |smp| smp.line);
    let src = at(&s.file, first);
    let what = match io.samples.as_slice() {
        [boot, _] => format!("its interval report (the report before it, line {}, is since boot)", boot.line),
        [boot, .., last] => format!(
            "the mean of its {} interval reports from here to line {} (the first, line {}, is since boot)",
            io.samples.len() - 1,
            last.line,
            boot.line
        ),
        _ => "its one report (the average since boot)".to_string(),
    };
    let log_bytes = mean(pools.iter().map(PoolWrites::log_bytes)).unwrap_or(0);
    if !rate_set {
        let redundancy: Vec<(u64, bool)> = pools.iter().map(PoolWrites::redundancy_bytes).collect();
        let extra = mean(redundancy.iter().map(|r| r.0)).unwrap_or(0);
        let buffered = mean(pools.iter().filter_map(PoolWrites::buffered_bytes)).map(|w| w.saturating_sub(extra));
        if buffered == Some(0) {
            // No writes at all: no buffered writers, not writers at a trickle.
            b.set(Id::AsyncWriters, 0, format!("{src}: zpool iostat shows no buffered writes, {what}"));
        } else if let Some(w) = buffered {
            let less_logs = if log_bytes > 0 { ", less its log devices' writes" } else { "" };
            let copies = if extra > 0 {
                "; less the mirrors' other sides and RAID-Z's parity, which rows that sum their disks count (0.7 on)"
            } else if redundancy.iter().any(|r| r.1) {
                "; its mirror or RAID-Z rows count each block once (0.6.x), without copies or parity"
            } else if pools.iter().any(|p| p.partial) {
                "; the -v tree is partial, so no mirror copies or parity were taken off"
            } else {
                ""
            };
            b.set(
                Id::AsyncRate,
                w,
                format!("{src}: zpool iostat write bandwidth{less_logs}, {what}{copies}; it counts metadata too"),
            );
        }
    }
    if log_bytes > 0 {
        sync_writers(&src, &pools, &what, b);
    }
    let read_ops = mean(rows.iter().filter_map(|r| r.read_ops)).unwrap_or(0);
    let write_ops = mean(rows.iter().filter_map(|r| r.write_ops)).unwrap_or(0);
    if read_ops == 0 {
        b.set(Id::Readers, 0, format!("{src}: zpool iostat shows no reads, {what}"));
    } else if read_ops * 100 < write_ops {
        b.set(Id::Readers, 0, format!("{src}: zpool iostat reads are under 1% of writes, {what}"));
    } else if let Some(lat) =
        mean(rows.iter().filter_map(|r| r.latency.iter().find(|c| c.name == "total_wait read").and_then(|c| c.value)))
            .filter(|&lat| lat > 0)
    {
        // Little's law: readers in flight = read rate x read latency, each reader one at a time.
        let readers = (u128::from(read_ops) * u128::from(lat)).div_ceil(1_000_000_000);
        b.set(
            Id::Readers,
            u64::try_from(readers).unwrap_or(u64::MAX).max(1),
            format!("{src}: {read_ops} reads/s x total_wait read {lat} ns (Little's law), {what}"),
        );
    } else {
        // Reads the lab cannot size without their latency: said, not dropped.
        b.note(format!(
            "{src}: zpool iostat shows {read_ops} reads/s, {what}, but no read latency (-l's total_wait) to tell how many readers wait on them (Little's law): readers stay as set"
        ));
    }
}

/// fio's own figure: what the application wrote, before any parity or metadata. From its
/// final report, the last complete one pasted: a block's job sections (every job together)
/// not marked interim, else its `Run status group` summary; interim reports
/// (`--status-interval`) are said and left aside. Whether a rate was set.
fn fio_rate(import: &Import, b: &mut Builder) -> bool {
    let mut last: Option<(u64, String)> = None;
    for (s, body) in import.bodies() {
        let Body::Fio(f) = body else { continue };
        for j in &f.jobs {
            if let Some(why) = &j.interim {
                b.note(format!(
                    "{}: fio's report of {} is an interim one ({why}): not used for the write rate",
                    at(&s.file, j.line),
                    j.name
                ));
            }
        }
        let jobs: Vec<_> =
            f.jobs.iter().filter(|j| j.interim.is_none()).filter_map(|j| j.write.as_ref().map(|w| (j, w))).collect();
        let bytes: u64 = jobs.iter().map(|(_, w)| w.bytes_per_s).fold(0, u64::saturating_add);
        let group = f.groups.iter().rev().find(|g| !g.interim && g.write_bytes_per_s.is_some_and(|w| w > 0));
        if bytes > 0 {
            let first = jobs.first().map_or(s.first_line, |(j, _)| j.line);
            let src = format!("{}: fio's write bandwidth, {} job(s) together", at(&s.file, first), jobs.len());
            last = Some((bytes, src));
        } else if let Some(g) = group {
            let src =
                format!("{}: fio's Run status group {} WRITE bw (every job together)", at(&s.file, g.line), g.group);
            last = Some((g.write_bytes_per_s.unwrap_or(0), src));
        }
    }
    let Some((bytes, src)) = last else { return false };
    b.set(Id::AsyncRate, bytes, format!("{src}, from the last complete report pasted"));
    true
}

/// The one `zpool iostat` block the write rate and readers come from, so that both
/// describe the same period: interval reports rather than a since-boot average (the
/// more reports the better), the later of equals. Tables of named vdevs (title `vdev`)
/// have no pool row and give neither, nor do another pool's; each block left aside is said.
fn iostat_block<'a>(import: &'a Import, pool: Option<&str>, b: &mut Builder) -> Option<(&'a Section, &'a Iostat)> {
    let mut blocks: Vec<(&Section, &Iostat)> = Vec::new();
    for (s, body) in import.bodies() {
        let Body::Iostat(io) = body else { continue };
        if let Some(row) = io.pool_rows().next() {
            // Another pool's iostat describes another pool (`pools.rs` names both).
            match pool.filter(|&p| p != row.name) {
                None => blocks.push((s, io)),
                Some(p) => b.note(format!(
                    "{}: zpool iostat of {}, not {p}: not used for the write rate or readers",
                    at(&s.file, s.first_line),
                    row.name
                )),
            }
        } else if io.samples.iter().any(|smp| smp.vdev_title && !smp.rows.is_empty()) {
            b.note(format!(
                "{}: zpool iostat's rows are the vdevs named on its command line (the header's title is vdev, not pool): no pool's write rate or readers are taken from them",
                at(&s.file, s.first_line)
            ));
        }
    }
    let best = blocks.iter().enumerate().max_by_key(|(k, (_, io))| (io.samples.len() > 1, io.samples.len(), *k))?.0;
    let (chosen_s, _) = blocks.get(best)?;
    for (s, io) in blocks.iter().enumerate().filter(|(k, _)| *k != best).map(|(_, b)| b) {
        let why = if io.samples.len() > 1 { "fewer interval reports" } else { "only the average since boot" };
        b.note(format!(
            "{} lines {}-{}: zpool iostat ({why}) not used for the write rate or readers: they come from one block, lines {}-{}",
            s.file, s.first_line, s.last_line, chosen_s.first_line, chosen_s.last_line
        ));
    }
    blocks.get(best).copied()
}

/// Writes to the log devices are the ZIL's: writers wait for them. As many wait as log
/// writes are in flight (Little's law: write rate x write latency), each waiting for its
/// own; without `-l` latencies, at least one.
fn sync_writers(file: &str, pools: &[PoolWrites], what: &str, b: &mut Builder) {
    let bytes = mean(pools.iter().map(PoolWrites::log_bytes)).unwrap_or(0);
    let ops = mean(pools.iter().map(PoolWrites::log_ops)).unwrap_or(0);
    let rate = crate::units::describe_value(crate::units::Unit::BytesPerSecond, bytes);
    b.note(format!(
        "{file}: {rate} of the pool's writes go to its log devices, the ZIL's blocks of synchronous writes: left out of async_rate and read as sync writers"
    ));
    match mean(pools.iter().filter_map(PoolWrites::log_latency)) {
        Some(lat) if ops > 0 && lat > 0 => {
            let writers = (u128::from(ops) * u128::from(lat)).div_ceil(1_000_000_000);
            b.set(
                Id::SyncWriters,
                u64::try_from(writers).unwrap_or(u64::MAX).max(1),
                format!("{file}: {ops} log writes/s x their total_wait write {lat} ns (Little's law), {what}"),
            );
        }
        _ => b.set(
            Id::SyncWriters,
            1,
            format!("{file}: the log devices are written ({rate}), so at least one sync writer; without -l latencies how many cannot be told"),
        ),
    }
}

/// The median of a latency histogram column, as the middle of its bucket [ns].
fn median(h: &Histogram, column: &str) -> Option<u64> {
    let c = h.columns.iter().position(|n| n == column)?;
    let counts: Vec<u64> = h.buckets.iter().map(|k| k.counts.get(c).copied().flatten().unwrap_or(0)).collect();
    let at = crate::evidence::fit::median_bucket(&counts)?;
    // Bucket [2^j, 2^(j+1)) labelled by its end: its middle is 3/4 of the end.
    h.buckets.get(at).map(|k| k.bound / 4 * 3)
}

pub(super) fn device(import: &Import, b: &mut Builder) {
    for (s, body) in import.bodies() {
        let Body::Iostat(io) = body else { continue };
        // The quietest report: the fewest I/Os in its histograms.
        let quiet = io
            .samples
            .iter()
            .filter_map(|smp| smp.histograms.iter().find(|h| h.kind == HistogramKind::Latency))
            .min_by_key(|h| {
                h.buckets.iter().flat_map(|k| k.counts.iter()).map(|c| u128::from(c.unwrap_or(0))).sum::<u128>()
            });
        let Some(h) = quiet else { continue };
        let (read, write) = (median(h, "disk_wait read"), median(h, "disk_wait write"));
        let Some(read) = read.or(write) else { continue };
        let src =
            |what: &str| format!("{}: zpool iostat -w disk_wait of {}, median {what}", at(&s.file, h.line), h.name);
        let ns = |v: u64| crate::units::describe_value(crate::units::Unit::Nanoseconds, v);
        if read < 1_000_000 {
            b.set(Id::Device, 1, src(&format!("read {}: an SSD", ns(read))));
            b.set(Id::SsdRead, read, src("read"));
            if let Some(w) = write {
                b.set(Id::SsdProgram, w, src("write"));
            }
        } else {
            b.set(Id::Device, 0, src(&format!("read {}: an HDD", ns(read))));
            // An HDD's random read waits a seek and half a turn; what is left of the median
            // after a 4 ms seek picks the nearest spindle speed, when it is a half turn at
            // all (2.0 to 5.6 ms, 15,000 to 5,400 rpm); longer means queueing in the drive.
            let half_turn = read.saturating_sub(4_000_000);
            if (1_500_000..=7_000_000).contains(&half_turn) {
                let rpm = [5400u64, 7200, 10_000, 15_000]
                    .into_iter()
                    .min_by_key(|&rpm| (30_000_000_000 / rpm).abs_diff(half_turn))
                    .unwrap_or(7200);
                b.set(Id::HddRpm, rpm, src("read, less a 4 ms seek, as half a turn"));
            } else {
                b.note(format!("{}: the disk_wait read median, {}, is no seek and half turn: queueing in the drive dominates this histogram, so the spindle speed is left as it is", at(&s.file, h.line), ns(read)));
            }
        }
        return;
    }
}
