//! Why each client thread is not running, and the writers' time by cause: every blocked
//! client has exactly one named wait, and the time spent in it goes to that cause's share
//! of the report interval (the "What held writers back" panel).

use super::Sim;
use serde::Serialize;

/// Why a client thread is not running: every blocked client has exactly one, named for
/// the kernel code it waits in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WaitCause {
    /// Between operations: its rate's pacing, a burst's pause, or the next call due now.
    Idle,
    /// `zfs_zone_io_throttle()`: the zone I/O throttle's delay.
    ZoneDelay,
    /// `dmu_tx_delay()`: the write delay, set by dirty data.
    Delay,
    /// `dmu_tx_delay()` set by the log data (`zfs_wrlog_data_max`, 2.2+): the longer of the
    /// two delays was the log's.
    WrlogDelay,
    /// `dmu_tx_wait()` at `zfs_dirty_data_max` (`dmu_tx_dirty_over_max`).
    HardLimit,
    /// Legacy `txg_delay()`: one tick past 7/8 of the write limit.
    LegacyTick,
    /// Legacy `txg_wait_open()`: at the write limit, waiting for the next txg.
    TxgOpen,
    /// `arc_tempreserve_space()` refused the reserve (dirty data too much of the ARC):
    /// waiting for the next txg.
    ArcReserve,
    /// `dmu_write()`: copying the data in before the commit.
    Copy,
    /// `zil_commit()`: log writes, flushes, or the sync of its txg.
    ZilCommit,
    /// `txg_wait_synced()`: the sync of its write's txg.
    TxgSync,
    /// A read's I/O (`zio_read()`).
    ReadIo,
}

impl WaitCause {
    pub const ALL: [WaitCause; 12] = [
        WaitCause::Idle,
        WaitCause::ZoneDelay,
        WaitCause::Delay,
        WaitCause::WrlogDelay,
        WaitCause::HardLimit,
        WaitCause::LegacyTick,
        WaitCause::TxgOpen,
        WaitCause::ArcReserve,
        WaitCause::Copy,
        WaitCause::ZilCommit,
        WaitCause::TxgSync,
        WaitCause::ReadIo,
    ];

    /// Its name in the report's series, as serde spells it.
    pub const fn name(self) -> &'static str {
        match self {
            WaitCause::Idle => "idle",
            WaitCause::ZoneDelay => "zone_delay",
            WaitCause::Delay => "delay",
            WaitCause::WrlogDelay => "wrlog_delay",
            WaitCause::HardLimit => "hard_limit",
            WaitCause::LegacyTick => "legacy_tick",
            WaitCause::TxgOpen => "txg_open",
            WaitCause::ArcReserve => "arc_reserve",
            WaitCause::Copy => "copy",
            WaitCause::ZilCommit => "zil_commit",
            WaitCause::TxgSync => "txg_sync",
            WaitCause::ReadIo => "read_io",
        }
    }
}

impl Sim {
    /// Client `c` waits, for `cause`.
    pub(super) fn client_waits(&mut self, c: u32, cause: WaitCause) {
        self.client_wait_ends(c);
        if let Some(cl) = self.clients.get_mut(c as usize) {
            cl.wait = Some(cause);
        }
        self.rec.waits[cause as usize] += 1;
    }

    /// Client `c` runs (an event of its own came): the code it runs names its next wait.
    pub(super) fn client_runs(&mut self, c: u32) {
        self.client_wait_ends(c);
        if let Some(cl) = self.clients.get_mut(c as usize) {
            cl.wait = None;
        }
    }

    /// Client `c`'s current wait ends now (or is cut at a sample): a writer's time in it
    /// goes to its cause's share of the interval.
    fn client_wait_ends(&mut self, c: u32) {
        let now = self.now;
        let Some(cl) = self.clients.get_mut(c as usize) else { return };
        let since = std::mem::replace(&mut cl.wait_since, now);
        if let (true, Some(cause)) = (cl.writer, cl.wait) {
            self.rec.writer_waited(cause, now - since);
        }
    }

    /// At a sample: every writer's wait so far goes to the interval ending now.
    pub(super) fn writer_waits_to_sample(&mut self) {
        for c in 0..self.clients.len() as u32 {
            self.client_wait_ends(c);
        }
    }

    /// Writer threads in the run (the shares of their time sum to this many intervals).
    pub(super) fn writers(&self) -> usize {
        self.clients.iter().filter(|c| c.writer).count()
    }

    /// Why each client thread is not running now (`None`: it has no named cause).
    pub fn client_waits_now(&self) -> Vec<Option<WaitCause>> {
        self.clients.iter().map(|c| c.wait).collect()
    }

    /// Samples the clients: a blocked client without a cause is a lost thread.
    pub(super) fn check_waits(&mut self) {
        let lost = self.clients.iter().filter(|c| c.wait.is_none()).count() as u64;
        self.rec.invariants.waits_without_cause += lost;
    }
}
