//! A device model alone under a fixed queue depth, as one fio job with `iodepth` drives a
//! disk: the figure a data sheet quotes, measured on the model (`throttle-lab drives`, the
//! drives' calibration test).

use super::{AnyDevice, Device, Op, Output, Request};
use crate::scenario::device::DeviceSpec;
use crate::sim::rng::Rng;
use crate::sim::stats::LatencyStats;

/// What to keep outstanding.
#[derive(Clone, Copy, Debug)]
pub struct Load {
    pub op: Op,
    /// Bytes per request.
    pub size: u64,
    /// Requests outstanding.
    pub depth: u32,
    /// One stream from offset 0, else uniformly random offsets over the device.
    pub sequential: bool,
    /// Completions to measure.
    pub count: u64,
}

/// What a load measured.
pub struct Measured {
    pub latency: LatencyStats,
    /// From the first submission to the last completion [ns].
    pub elapsed_ns: u64,
    pub bytes: u64,
}

impl Measured {
    pub fn bytes_per_s(&self) -> u64 {
        (u128::from(self.bytes) * 1_000_000_000 / u128::from(self.elapsed_ns.max(1))) as u64
    }
}

/// Runs `load` on a fresh device of `spec`; stops early if the device stops answering.
pub fn closed_loop(spec: &DeviceSpec, load: Load, seed: u64) -> Measured {
    let mut device = AnyDevice::of(spec);
    let mut rng = Rng::new(seed);
    let size = load.size.max(1);
    let blocks = (spec.capacity() / size).max(1);
    let mut next = 0u64;
    let mut latency = LatencyStats::default();
    let mut issued_at = vec![0u64; load.depth.max(1) as usize];
    let mut out = Output::default();
    let mut offset = |rng: &mut Rng| {
        let block = if load.sequential { next % blocks } else { rng.below(blocks) };
        next += 1;
        block * size
    };
    for id in 0..load.depth.max(1) {
        let o = offset(&mut rng);
        device.submit(0, Request { id, op: load.op, offset: o, size }, &mut rng, &mut out);
    }
    let mut now = 0;
    while latency.count < load.count {
        for id in std::mem::take(&mut out.completed) {
            latency.record(now - issued_at[id as usize]);
            issued_at[id as usize] = now;
            let o = offset(&mut rng);
            device.submit(now, Request { id, op: load.op, offset: o, size }, &mut rng, &mut out);
        }
        if out.completed.is_empty() {
            let Some(at) = out.wake_at else { break };
            now = at;
            device.wake(now, &mut rng, &mut out);
        }
    }
    Measured { bytes: latency.count * size, latency, elapsed_ns: now }
}
