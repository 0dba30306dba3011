//! The writes a pool's log devices (SLOG) take in `zpool iostat -v`: the ZIL's blocks of
//! synchronous writes. The pool row's write bandwidth counts them too (the `logs` class is
//! one of the pool's, `vdev_stat` summed over every top-level vdev), so they come off the
//! buffered-write rate, and they are evidence of writers waiting for stable storage.
//!
//! A mirror's or RAID-Z's row counts its redundancy too where the release sums its
//! children (from 0.7, `vdev_get_stats_ex_impl()`): every side's copy, every parity
//! column. Until 0.6.5 the same row counts each block once (`vdev_stat_update()` on the
//! vdev's own zio). Which of the two a table shows is read from its own figures: a row that
//! is its leaves' sum has its redundancy taken off, one that is not is taken as it is.

use crate::evidence::iostat::{Row, Sample};
use crate::evidence::overlay::keyed_rows;

/// One report's first pool: its row and the rows of its log class's top-level vdevs.
pub(super) struct PoolWrites<'a> {
    pub pool: &'a Row,
    pub logs: Vec<&'a Row>,
    /// The normal class's top-level vdevs, each with its leaves' rows.
    pub tops: Vec<(&'a Row, Vec<&'a Row>)>,
    /// The report's `-v` tree is partial ([`Sample::partial_tree`]).
    pub partial: bool,
}

/// The share of a top-level vdev's written bytes that is data, when its row sums its
/// leaves: one side of an n-way mirror, the data columns of RAID-Z (padding aside) or of
/// dRAID. `None` for a name that is neither (a disk is its own leaf).
fn data_share(name: &str, leaves: usize) -> Option<(u64, u64)> {
    let n = leaves as u64;
    if n < 2 {
        return None;
    }
    let kind = name.split('-').next().unwrap_or(name);
    if kind == "mirror" {
        return Some((1, n));
    }
    if let Some(rest) = kind.strip_prefix("draid") {
        // `draid2:8d:12c:1s`: parity, then data disks per redundancy group.
        let mut parts = rest.split(':');
        let parity: u64 = parts.next().and_then(|p| if p.is_empty() { Some(1) } else { p.parse().ok() })?;
        let data: u64 = parts.find_map(|p| p.strip_suffix('d').and_then(|d| d.parse().ok()))?;
        return Some((data, data + parity));
    }
    let parity: u64 = match kind.strip_prefix("raidz")? {
        "" => 1,
        p => p.parse().ok()?,
    };
    (parity < n).then_some((n - parity, n))
}

/// The first pool of `sample`, its top-level log vdevs (not a log mirror's leaves, which
/// would count its writes twice) and its normal class's top-level vdevs with their leaves.
pub(super) fn pool_writes(sample: &Sample) -> Option<PoolWrites<'_>> {
    if sample.vdev_title {
        return None;
    }
    let at = sample.rows.iter().position(|r| r.depth == 0 && r.class.is_none())?;
    let pool = &sample.rows[at];
    let (mut logs, mut tops) = (Vec::new(), Vec::<(&Row, Vec<&Row>)>::new());
    // Each row by its place in the pool (`0`, `0/1`, `logs/0`), as the overlay keys them.
    for (key, r) in keyed_rows(&sample.rows[at..]) {
        let mut place = key.split('/');
        let normal = |t: &str| t.parse::<usize>().is_ok();
        match (place.next(), place.next(), place.next()) {
            (Some("logs"), Some(_), None) => logs.push(r),
            (Some(t), None, None) if normal(t) => tops.push((r, Vec::new())),
            (Some(t), Some(_), None) if normal(t) => {
                if let Some((_, leaves)) = tops.last_mut() {
                    leaves.push(r);
                }
            }
            _ => {}
        }
    }
    Some(PoolWrites { pool, logs, tops, partial: sample.partial_tree })
}

impl PoolWrites<'_> {
    /// Bytes per second written to the log devices.
    pub fn log_bytes(&self) -> u64 {
        self.logs.iter().filter_map(|r| r.write_bytes).fold(0, u64::saturating_add)
    }

    /// Writes per second to the log devices.
    pub fn log_ops(&self) -> u64 {
        self.logs.iter().filter_map(|r| r.write_ops).fold(0, u64::saturating_add)
    }

    /// The log devices' write latency (`-l` total_wait write), weighted by their writes [ns].
    pub fn log_latency(&self) -> Option<u64> {
        let (mut ops, mut weighted) = (0u128, 0u128);
        for r in &self.logs {
            let lat = r.latency.iter().find(|c| c.name == "total_wait write").and_then(|c| c.value);
            if let (Some(lat), Some(n)) = (lat, r.write_ops) {
                ops += u128::from(n);
                weighted += u128::from(n) * u128::from(lat);
            }
        }
        (ops > 0).then(|| u64::try_from(weighted / ops).unwrap_or(u64::MAX))
    }

    /// The pool's write bandwidth less its log devices' [bytes/s].
    pub fn buffered_bytes(&self) -> Option<u64> {
        self.pool.write_bytes.map(|w| w.saturating_sub(self.log_bytes()))
    }

    /// The redundancy in the normal class's rows that sum their leaves (every side of a
    /// mirror, RAID-Z's parity), to take off the buffered writes [bytes/s], and whether
    /// any row was seen to count its blocks once instead (0.6.x).
    pub fn redundancy_bytes(&self) -> (u64, bool) {
        let (mut extra, mut once) = (0u64, false);
        if self.partial {
            // The rows not pasted may be of any kind: what the pool's row holds of copies
            // and parity cannot be told from a part of its tree.
            return (extra, once);
        }
        for (top, leaves) in &self.tops {
            let (Some(bytes), Some((data, of))) = (top.write_bytes, data_share(&top.name, leaves.len())) else {
                continue;
            };
            match counting(top, leaves) {
                Some(Counting::Summed) => {
                    let data = u64::try_from(u128::from(bytes) * u128::from(data) / u128::from(of)).unwrap_or(bytes);
                    extra = extra.saturating_add(bytes - data);
                }
                Some(Counting::Once) => once = true,
                None => {}
            }
        }
        (extra, once)
    }

    /// How the release counted the normal class's mirror and RAID-Z rows, where a row tells.
    pub fn counting(&self) -> Option<Counting> {
        self.tops.iter().find_map(|(top, leaves)| counting(top, leaves))
    }
}

/// How a mirror's or RAID-Z's row in `zpool iostat -v` was counted (`vdev.c`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Counting {
    /// From 0.7: the sum of its leaves (`vdev_get_stats_ex_impl()`).
    Summed,
    /// Until 0.6.5: its own zios, each block once (`vdev_stat_update()`).
    Once,
}

/// How `top`'s written bytes were counted against its `leaves`': within 5% of their sum
/// (each figure is printed to three digits) is the sum; well under it, the blocks once.
/// A disk, an unknown kind or too few bytes to tell give `None`.
fn counting(top: &Row, leaves: &[&Row]) -> Option<Counting> {
    data_share(&top.name, leaves.len())?;
    let bytes = top.write_bytes?;
    let sum = leaves.iter().filter_map(|l| l.write_bytes).fold(0u64, u64::saturating_add);
    if sum < 1 << 10 {
        return None;
    }
    if bytes.abs_diff(sum).saturating_mul(20) <= sum {
        Some(Counting::Summed)
    } else if bytes.saturating_mul(10) < sum.saturating_mul(9) {
        Some(Counting::Once)
    } else {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::data_share;

    #[test]
    fn a_vdevs_data_share_by_its_name() {
        assert_eq!(data_share("mirror-0", 2), Some((1, 2)));
        assert_eq!(data_share("mirror", 3), Some((1, 3)));
        assert_eq!(data_share("raidz2-1", 6), Some((4, 6)));
        assert_eq!(data_share("raidz", 3), Some((2, 3)));
        assert_eq!(data_share("raidz3", 11), Some((8, 11)));
        assert_eq!(data_share("draid2:8d:12c:1s-0", 12), Some((8, 10)));
        assert_eq!(data_share("sda", 1), None);
        assert_eq!(data_share("spare-1", 2), None);
    }
}
