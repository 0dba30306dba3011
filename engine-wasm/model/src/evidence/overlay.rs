//! The customer's figures in the units and buckets of the lab's panels, to draw beside
//! the model's: synced txgs' dirty bytes and sync times, `zpool iostat -w` latency
//! histograms in the lab's power-of-two buckets, `-q` queue depths and the pool's write
//! bandwidth per report.
//!
//! `zpool iostat -w` labels bucket j by its end, 2^(j+1) - 1 ns (`print_iostat_histo()`
//! in `zpool_main.c`), and holds [2^j, 2^(j+1)) ns: the lab's bucket j exactly.

use super::iostat::HistogramKind;
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
