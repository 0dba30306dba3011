//! The customer's figures in the units and buckets of the lab's panels, to draw beside
//! the model's: synced txgs' dirty bytes and sync times, `zpool iostat -w` latency
//! histograms in the lab's power-of-two buckets, `-q` queue depths and the pool's write
//! bandwidth per report, and `-v`'s operations and bandwidth per vdev, each row keyed by its
//! place in the pool as the lab's own rows are (`report/vdevs.rs`).
//!
//! `zpool iostat -w` labels bucket j by its end, 2^(j+1) - 1 ns (`print_iostat_histo()`
//! in `zpool_main.c`), and holds [2^j, 2^(j+1)) ns: the lab's bucket j exactly.

use super::iostat::{HistogramKind, Row};
use super::kstat::{tx_assign_bucket, TX_ASSIGN_BUCKETS};
use super::{Body, Import};
use serde::Serialize;

/// Buckets of the lab's latency histograms (1 ns to 2^37 ns).
pub const BUCKETS: usize = 37;

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Overlay {
    /// Synced txgs, in order.
    pub txgs: Vec<OverlayTxg>,
    /// `-w` histograms summed over the reports after the first (all of them if only one).
    pub latency: Vec<OverlayHistogram>,
    /// `-q` columns' means over the same reports (`asyncq_write activ`), in hundredths of
    /// an I/O.
    pub queues: Vec<(String, u64)>,
    /// The pool's write bandwidth in each report after the first [bytes/s].
    pub write_bandwidth: Vec<u64>,
    /// Seconds between reports, when the command line gave it.
    pub interval_s: Option<u64>,
    /// `zpool iostat -v`'s rows of the first pool, averaged over the same reports, in the
    /// order printed.
    pub vdevs: Vec<OverlayVdev>,
    /// The `dmu_tx_assign` kstat in its 42 buckets (bucket i: calls of up to 2^i ns);
    /// empty when none was given. The 2013 `N us` rows are moved to the ns bucket of N us.
    pub dmu_tx_assign: Vec<u64>,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OverlayTxg {
    pub txg: u64,
    /// Since the first txg's birth [ns].
    pub at_ns: u64,
    pub ndirty: u64,
    pub stime: u64,
}

#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OverlayHistogram {
    /// The pool or vdev.
    pub name: String,
    /// The column (`disk_wait write`, `total_wait read`).
    pub column: String,
    /// Counts in the lab's buckets: index j holds [2^j, 2^(j+1)) ns.
    pub buckets: Vec<u64>,
}

/// One vdev's row: its place in the pool (`pool`, `0`, `0/2`, `logs`, `logs/0`, as
/// `report::vdevs` keys the lab's), its name, and its means over the reports that gave them.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct OverlayVdev {
    pub key: String,
    pub name: String,
    pub depth: u32,
    /// Operations and bytes per second (`None` where the table printed `-`).
    pub read_ops: Option<u64>,
    pub write_ops: Option<u64>,
    pub read_bytes: Option<u64>,
    pub write_bytes: Option<u64>,
}

/// The rows of a report's first pool, each with its place in the pool: the pool, then the
/// normal class's top-level vdevs by position (`0`, `1`, ...) and their leaves (`0/0`,
/// ...), and each class's header (`logs`) with its vdevs (`logs/0`, `logs/0/1`). Rows
/// deeper than a leaf (a spare's or a replacing vdev's children) have no place in the
/// lab's pool and are left out.
pub fn keyed_rows(rows: &[Row]) -> Vec<(String, &Row)> {
    let mut out = Vec::new();
    let mut pools = 0;
    let mut section: Option<&str> = None;
    let mut tops_in_section = 0usize;
    let mut top: Option<(String, usize)> = None;
    for r in rows {
        match r.depth {
            0 => {
                pools += 1;
                if pools > 1 {
                    break;
                }
                out.push(("pool".to_string(), r));
            }
            1 if r.class.as_deref().is_some_and(|c| c == r.name) => {
                section = r.class.as_deref();
                tops_in_section = 0;
                top = None;
                out.push((r.name.clone(), r));
            }
            1 => {
                let key = match section {
                    Some(c) => format!("{c}/{tops_in_section}"),
                    None => tops_in_section.to_string(),
                };
                tops_in_section += 1;
                out.push((key.clone(), r));
                top = Some((key, 0));
            }
            2 => {
                if let Some((key, leaf)) = top.as_mut() {
                    out.push((format!("{key}/{leaf}"), r));
                    *leaf += 1;
                }
            }
            _ => {}
        }
    }
    out
}

/// Each place's mean over `samples` of each figure given, in the order first seen.
fn vdev_means<'a>(samples: impl Iterator<Item = &'a [Row]>) -> Vec<OverlayVdev> {
    // Per place: the row's name and depth, and per figure its sum and count.
    type Sums = [(u128, u64); 4];
    let mut acc: Vec<(String, String, u32, Sums)> = Vec::new();
    for rows in samples {
        for (key, r) in keyed_rows(rows) {
            let at = match acc.iter().position(|a| a.0 == key) {
                Some(i) => i,
                None => {
                    acc.push((key, r.name.clone(), r.depth, [(0, 0); 4]));
                    acc.len() - 1
                }
            };
            for (slot, v) in acc[at].3.iter_mut().zip([r.read_ops, r.write_ops, r.read_bytes, r.write_bytes]) {
                if let Some(v) = v {
                    slot.0 += u128::from(v);
                    slot.1 += 1;
                }
            }
        }
    }
    let mean = |(sum, n): (u128, u64)| (n > 0).then(|| u64::try_from(sum / u128::from(n)).unwrap_or(u64::MAX));
    acc.into_iter()
        .map(|(key, name, depth, f)| OverlayVdev {
            key,
            name,
            depth,
            read_ops: mean(f[0]),
            write_ops: mean(f[1]),
            read_bytes: mean(f[2]),
            write_bytes: mean(f[3]),
        })
        .collect()
}

/// The lab's bucket of a `-w` row labelled by its end `bound` ns.
fn bucket_of(bound: u64) -> usize {
    // 2^(j+1) - 1 has j + 1 significant bits.
    (64 - bound.leading_zeros() as usize).saturating_sub(1).min(BUCKETS - 1)
}

pub fn overlay(import: &Import) -> Overlay {
    let mut out = Overlay::default();
    for (_, body) in import.bodies() {
        match body {
            Body::Txgs(t) => {
                let synced = t.rows.iter().filter(|r| r.state == "C");
                let first = synced.clone().next().map_or(0, |r| r.birth);
                out.txgs.extend(synced.map(|r| OverlayTxg {
                    txg: r.txg,
                    at_ns: r.birth.saturating_sub(first),
                    ndirty: r.ndirty.unwrap_or(r.nwritten),
                    stime: r.stime,
                }));
            }
            Body::Kstat(k) => {
                for k in std::iter::once(k).chain(k.more.iter()).filter(|k| k.name == "dmu_tx_assign") {
                    if out.dmu_tx_assign.is_empty() {
                        out.dmu_tx_assign = vec![0; TX_ASSIGN_BUCKETS];
                    }
                    for st in &k.stats {
                        let mut w = st.name.split_whitespace();
                        let (Some(n), Some(unit)) = (w.next().and_then(|n| n.parse::<u64>().ok()), w.next()) else {
                            continue;
                        };
                        let ns = match unit {
                            "ns" => n,
                            "us" => n.saturating_mul(1000),
                            _ => continue,
                        };
                        if let (Some(slot), Ok(v)) =
                            (out.dmu_tx_assign.get_mut(tx_assign_bucket(ns)), u64::try_from(st.value))
                        {
                            *slot = slot.saturating_add(v);
                        }
                    }
                }
            }
            Body::Iostat(io) => {
                out.interval_s = out.interval_s.or(io.interval_s);
                out.write_bandwidth.extend(io.pool_rows().filter_map(|r| r.write_bytes));
                // A table of named vdevs (title `vdev`) has no pool row to key its rows by.
                let pooled = || io.period_samples().filter(|s| !s.vdev_title);
                if out.vdevs.is_empty() && pooled().any(|s| s.rows.iter().any(|r| r.depth > 0)) {
                    out.vdevs = vdev_means(pooled().map(|s| s.rows.as_slice()));
                }
                for s in io.period_samples() {
                    for h in s.histograms.iter().filter(|h| h.kind == HistogramKind::Latency) {
                        for (c, column) in h.columns.iter().enumerate() {
                            let at = match out.latency.iter().position(|o| o.name == h.name && &o.column == column) {
                                Some(i) => i,
                                None => {
                                    out.latency.push(OverlayHistogram {
                                        name: h.name.clone(),
                                        column: column.clone(),
                                        buckets: vec![0; BUCKETS],
                                    });
                                    out.latency.len() - 1
                                }
                            };
                            for b in &h.buckets {
                                let n = b.counts.get(c).copied().flatten().unwrap_or(0);
                                if let Some(slot) =
                                    out.latency.get_mut(at).and_then(|o| o.buckets.get_mut(bucket_of(b.bound)))
                                {
                                    *slot = slot.saturating_add(n);
                                }
                            }
                        }
                    }
                }
                let mut sums: Vec<(String, u128, u128)> = Vec::new();
                for r in io.pool_rows() {
                    for q in &r.queues {
                        let Some(v) = q.value else { continue };
                        match sums.iter_mut().find(|(n, _, _)| *n == q.name) {
                            Some(e) => {
                                e.1 += u128::from(v);
                                e.2 += 1;
                            }
                            None => sums.push((q.name.clone(), u128::from(v), 1)),
                        }
                    }
                }
                out.queues
                    .extend(sums.into_iter().map(|(n, s, c)| (n, u64::try_from(s * 100 / c).unwrap_or(u64::MAX))));
            }
            _ => {}
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::bucket_of;

    #[test]
    fn a_labels_end_is_the_labs_bucket() {
        assert_eq!(bucket_of(1), 0);
        assert_eq!(bucket_of(3), 1);
        assert_eq!(bucket_of(1023), 9);
        assert_eq!(bucket_of((1 << 37) - 1), 36);
    }
}
