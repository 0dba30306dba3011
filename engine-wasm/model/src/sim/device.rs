//! Device models (HDD, SSD, LUN, injected delay) behind one two-verb interface: `submit` a
//! request, `wake` when the device asked to. Completions are reported at the instant they happen.

pub mod closed_loop;
mod due;
mod hdd;
mod injected;
mod lun;
mod smr;
mod ssd;

pub use due::DueQueue;
pub use hdd::Hdd;
pub use injected::Injected;
pub use lun::Lun;
pub use ssd::Ssd;

use super::rng::Rng;
use crate::scenario::device::DeviceSpec;
use serde::Serialize;

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Op {
    Read,
    Write,
    /// Cache flush (SYNCHRONIZE CACHE): completes once earlier writes are on stable media.
    Flush,
}

/// One request as the device sees it.
#[derive(Clone, Copy, Debug)]
pub struct Request {
    /// The caller's token, returned on completion.
    pub id: u32,
    pub op: Op,
    /// Byte offset on the device.
    pub offset: u64,
    /// Bytes.
    pub size: u64,
}

/// What a call produced: finished request ids, and when the device next needs a wake-up.
#[derive(Debug, Default)]
pub struct Output {
    pub completed: Vec<u32>,
    pub wake_at: Option<u64>,
}

/// A storage device model.
pub trait Device {
    /// Accepts `req` at `now`.
    fn submit(&mut self, now: u64, req: Request, rng: &mut Rng, out: &mut Output);
    /// Advances to `now` (a time it asked for, or later).
    fn wake(&mut self, now: u64, rng: &mut Rng, out: &mut Output);
}

/// The earlier of two optional wake-up times.
pub fn earliest(a: Option<u64>, b: Option<u64>) -> Option<u64> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Transfer time of `bytes` at `bytes_per_s` [ns], at least 1 for non-empty transfers.
pub fn transfer_ns(bytes: u64, bytes_per_s: u64) -> u64 {
    if bytes == 0 {
        return 0;
    }
    crate::sim::wide::mul_div(bytes, 1_000_000_000, bytes_per_s).max(1)
}

/// A device of any kind, chosen by the scenario.
pub enum AnyDevice {
    Hdd(Hdd),
    Ssd(Ssd),
    Lun(Lun),
    Injected(Injected),
}

impl AnyDevice {
    /// A new device of the kind and with the parameters the scenario gives.
    pub fn of(spec: &DeviceSpec) -> AnyDevice {
        match spec {
            DeviceSpec::Hdd(p) => AnyDevice::Hdd(Hdd::new(p.clone())),
            DeviceSpec::Ssd(p) => AnyDevice::Ssd(Ssd::new(p.clone())),
            DeviceSpec::Lun(p) => AnyDevice::Lun(Lun::new(p.clone())),
            DeviceSpec::Injected(p) => AnyDevice::Injected(Injected::new(p.clone())),
        }
    }
}

impl Device for AnyDevice {
    fn submit(&mut self, now: u64, req: Request, rng: &mut Rng, out: &mut Output) {
        match self {
            AnyDevice::Hdd(d) => d.submit(now, req, rng, out),
            AnyDevice::Ssd(d) => d.submit(now, req, rng, out),
            AnyDevice::Lun(d) => d.submit(now, req, rng, out),
            AnyDevice::Injected(d) => d.submit(now, req, rng, out),
        }
    }

    fn wake(&mut self, now: u64, rng: &mut Rng, out: &mut Output) {
        match self {
            AnyDevice::Hdd(d) => d.wake(now, rng, out),
            AnyDevice::Ssd(d) => d.wake(now, rng, out),
            AnyDevice::Lun(d) => d.wake(now, rng, out),
            AnyDevice::Injected(d) => d.wake(now, rng, out),
        }
    }
}
