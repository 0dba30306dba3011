//! The writes a pool's log devices (SLOG) take in `zpool iostat -v`: the ZIL's blocks of
//! synchronous writes. The pool row's write bandwidth counts them too (the `logs` class is
//! one of the pool's, `vdev_stat` summed over every top-level vdev), so they come off the
//! buffered-write rate, and they are evidence of writers waiting for stable storage.

use crate::evidence::iostat::{Row, Sample};

/// One report's first pool: its row and the rows of its log class's top-level vdevs.
pub(super) struct PoolWrites<'a> {
    pub pool: &'a Row,
    pub logs: Vec<&'a Row>,
}

/// The first pool of `sample` and its top-level log vdevs (depth 1 under `logs`: a log
/// mirror's leaves would count its writes twice).
pub(super) fn pool_writes(sample: &Sample) -> Option<PoolWrites<'_>> {
    let at = sample.rows.iter().position(|r| r.depth == 0 && r.class.is_none())?;
    let pool = &sample.rows[at];
    let logs = sample.rows[at + 1..]
        .iter()
        .take_while(|r| !(r.depth == 0 && r.class.is_none()))
        .filter(|r| r.class.as_deref() == Some("logs") && r.depth == 1)
        .collect();
    Some(PoolWrites { pool, logs })
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
}
