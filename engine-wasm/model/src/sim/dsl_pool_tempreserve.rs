//! "Write throttle 1.0" (2008-2013, `dsl_pool_tempreserve_space()` and `dsl_pool_sync()`).
//!
//! Each txg may take a write limit of inflated bytes (logical bytes times the worst-case
//! allocation ratio), set after every sync from an EWMA of the measured sync throughput
//! times the target sync time. A writer past 7/8 of the limit sleeps one 10 ms tick while
//! the previous txg is not yet syncing; a writer past the limit waits for the next txg to
//! open, which may mean waiting for a whole sync. There is no dirty-data kick. The ARC is
//! asked before the limit (`arc_tempreserve_space()`); its refusal cuts the limit
//! (`dsl_pool_memory_pressure()`) and also waits for the next txg.

use super::client_waits::WaitCause;
use super::txg::SyncCause;
use super::{Ev, Sim};
use crate::scenario::Era;
use crate::schema::Id;
use serde::Serialize;

/// One tick of the Solaris clock (`txg_delay(dp, txg, 1)`) [ns].
const TICK_NS: u64 = 10_000_000;
const SLOTS: usize = 4;

fn slot(txg: u64) -> usize {
    (txg % SLOTS as u64) as usize
}

/// The legacy throttle's figures for one synced txg.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LegacyTxg {
    /// The write limit while the txg was open [inflated bytes].
    pub write_limit: u64,
    /// Inflated bytes the txg wrote (`dp_space_towrite`).
    pub data_written: u64,
    /// The EWMA of sync throughput after this sync [inflated bytes per ms, or per s in 2008].
    pub throughput: u64,
    /// Writes delayed one tick past 7/8 of the limit.
    pub delays_7_8: u64,
    /// Writes that waited for the next txg at the limit.
    pub limit_waits: u64,
}

#[derive(Default)]
pub(super) struct LegacyState {
    write_limit: u64,
    throughput: Option<u64>,
    towrite: [u64; SLOTS],
    tempreserved: [u64; SLOTS],
    delays: [u64; SLOTS],
    limit_waits: [u64; SLOTS],
    /// Writers that started a one-tick delay, in order.
    sleepers: Vec<u32>,
}

/// The sync-time update of `dsl_pool_sync()`: from `data` inflated bytes written in
/// `write_time_ns`, the new throughput EWMA (bytes/s in 2008, bytes/ms later) and write limit,
/// or `None` when the sample is too small to count (4 MiB inflated, or a 0 / 1 ms sync).
pub fn next_write_limit(
    era: Era,
    data: u64,
    write_time_ns: u64,
    previous: Option<u64>,
    synctime_ms: u64,
    min: u64,
    inflated_max: u64,
) -> Option<(u64, u64)> {
    let sample = match era {
        // `(data_written * NANOSEC) / write_time` in 64 bits (zfs-0.4.9 `dsl_pool.c`,
        // dsl_pool_sync()): past 2^64 / 10^9 inflated bytes (about 18.4 GB, 3 GB logical at
        // x6, within reach of a limit of RAM/8 x6 from 24 GiB of RAM) the product wraps and the
        // throughput, hence the limit, comes out far too low. The 2010 code divides by
        // milliseconds instead, which cannot wrap.
        Era::Y2008 if write_time_ns > 0 => data.wrapping_mul(1_000_000_000) / write_time_ns,
        Era::Y2010 if write_time_ns > 1_000_000 => data / (write_time_ns / 1_000_000),
        _ => return None,
    };
    if data <= min / 8 {
        return None;
    }
    let ewma = previous.map_or(sample, |old| sample / 4 + 3 * old / 4);
    let target = match era {
        Era::Y2008 => (u128::from(ewma) * u128::from(synctime_ms) / 1000) as u64,
        Era::Y2010 => ewma.saturating_mul(synctime_ms),
    };
    Some((ewma, inflated_max.min(min.max(target))))
}

impl Sim {
    /// (`zfs_write_limit_min`, `zfs_write_limit_inflated`) as `dsl_pool_sync()` sets them.
    fn legacy_limits(&self) -> (u64, u64) {
        let t = &self.scenario.tunables;
        let inflation = self.scenario.models.era.inflation();
        let min = t.get(Id::WriteLimitMin);
        let shift = t.get(Id::WriteLimitShift);
        // dsl_pool_sync() (zfs-0.4.9 and zfs-0.5.2 `dsl_pool.c`) derives
        // zfs_write_limit_inflated from memory only `if (... && zfs_write_limit_shift)`: at
        // shift 0 it keeps its initial 0, and MIN(0, ...) makes every later write limit 0,
        // which dsl_pool_tempreserve_space() reads as no limit at all.
        if shift == 0 {
            return (min, 0);
        }
        let max = self.scenario.ram >> shift.min(63);
        (min, min.max(max.saturating_mul(inflation)))
    }

    pub(super) fn legacy_init(&mut self) {
        let override_limit = self.scenario.tunables.get(Id::WriteLimitOverride);
        self.legacy.write_limit =
            if override_limit > 0 { override_limit } else { self.scenario.tunables.get(Id::WriteLimitMin) };
    }

    /// `dmu_tx_assign()` with the legacy `dsl_pool_tempreserve_space()`.
    pub(super) fn legacy_try_assign(&mut self, c: u32) {
        let txg = self.txg.open;
        let s = slot(txg);
        // dmu_tx_try_assign() (zfs-0.4.9): `asize = spa_get_asize(towrite + tooverwrite)`,
        // the same holds' count as the ARC's `memory` (`dmu_tx_hold::LEGACY_HOLD`), inflated.
        let asize = super::wide::saturating_mul(self.reserve_bytes(c), self.scenario.models.era.inflation());
        // dsl_dir_tempreserve_space() (zfs-0.4.9 and zfs-0.5.2 `dsl_dir.c`) asks the ARC
        // first: arc_tempreserve_space() refuses when dirty data passes a quarter of the ARC
        // and, with this reserve, half of it. Then dsl_pool_memory_pressure() cuts the write
        // limit, and dmu_tx_wait() waits for the next txg as at the limit.
        if self.arc_refuses(c) {
            self.legacy_memory_pressure();
            self.request_quiesce(c, txg, WaitCause::ArcReserve, SyncCause::OpenWait);
            return;
        }
        let limit = self.legacy.write_limit;
        // A write limit of 0 (zfs_write_limit_shift 0 after the first sync) checks nothing:
        // `reserved` stays 0 and neither the wait nor the tick follows
        // (dsl_pool_tempreserve_space(), `if (write_limit > 0)`).
        let reserved = if limit > 0 { self.legacy.towrite[s] + self.legacy.tempreserved[s] / 2 } else { 0 };
        let throttle = self.scenario.tunables.get(Id::NoWriteThrottle) == 0;
        if throttle && reserved > 0 && reserved > limit {
            // ERESTART, then txg_wait_open(txg + 1): the writer asks for the open txg to be
            // quiesced and sleeps until a new one opens.
            self.legacy.limit_waits[s] += 1;
            self.rec.throttle.legacy_limit_waits += 1;
            self.request_quiesce(c, txg, WaitCause::TxgOpen, SyncCause::HardLimit);
            return;
        }
        self.legacy.tempreserved[s] += asize;
        self.txg.hold(txg);
        let cl = &mut self.clients[c as usize];
        cl.reserved = asize;
        cl.txg = txg;
        cl.held = true;
        let previous_syncing = self.txg.synced + 1 >= txg || self.txg.syncing_txg() + 1 == txg;
        // txg_stalled(): a writer at the limit already asked for this txg to be quiesced.
        let stalled = self.txg.quiesce_waiting > self.txg.open;
        if throttle && reserved > 0 && reserved > limit - limit / 8 && !previous_syncing && !stalled {
            // txg_delay(): one tick, unless txg - 1 starts syncing or this txg stalls first.
            self.legacy.delays[s] += 1;
            self.rec.throttle.legacy_delays_7_8 += 1;
            cl.tick_gen = cl.tick_gen.wrapping_add(1);
            cl.sleeping = true;
            self.legacy.sleepers.push(c);
            let gen = cl.tick_gen;
            self.events.push_ordered(self.now + TICK_NS, Ev::LegacyTick { c, gen });
            self.client_waits(c, WaitCause::LegacyTick);
            return;
        }
        self.assign(c);
    }

    pub(super) fn legacy_tick(&mut self, c: u32, gen: u32) {
        let cl = &mut self.clients[c as usize];
        if cl.sleeping && cl.tick_gen == gen {
            cl.sleeping = false;
            self.client_runs(c);
            self.assign(c);
        }
    }

    /// Ends the tick of writers sleeping in `txg` (it stalled, or `txg - 1` began syncing).
    pub(super) fn legacy_wake_sleepers(&mut self, txg: u64) {
        // The writers that started a tick and have not been woken since (a tick that ran
        // out leaves a stale entry, skipped here).
        let sleepers = std::mem::take(&mut self.legacy.sleepers);
        for c in sleepers {
            let Some(cl) = self.clients.get_mut(c as usize) else { continue };
            if !cl.sleeping {
                continue;
            }
            if cl.txg == txg {
                cl.sleeping = false;
                self.assign(c);
            } else {
                self.legacy.sleepers.push(c);
            }
        }
    }

    /// The committed transaction's reservation is released (`dsl_dir_tempreserve_clear()`).
    pub(super) fn legacy_commit(&mut self, c: u32, txg: u64) {
        let s = slot(txg);
        let asize = std::mem::take(&mut self.clients[c as usize].reserved);
        self.legacy.tempreserved[s] = self.legacy.tempreserved[s].saturating_sub(asize);
    }

    /// `dnode_willuse_space()` → `dsl_pool_willuse_space()`: each buffer `dbuf_dirty()`
    /// dirties for the first time in the txg adds its size, inflated by
    /// `spa_get_asize()`, to the txg's `dp_space_towrite`: the whole record, not the bytes
    /// written, and every indirect and dnode block above it.
    pub(super) fn legacy_willuse(&mut self, txg: u64, bytes: u64) {
        let inflated = super::wide::saturating_mul(bytes, self.scenario.models.era.inflation());
        self.legacy.towrite[slot(txg)] += inflated;
    }

    /// `txg_wait_open(txg + 1)` for writer `c` refused at the limit or by the ARC: the open
    /// txg is now stalled, and its broadcast of `tx_quiesce_more_cv` ends the tick of the
    /// writers sleeping in it (`txg_delay()` stops waiting once `txg_stalled()`).
    fn request_quiesce(&mut self, c: u32, txg: u64, wait: WaitCause, cause: SyncCause) {
        let stalled = self.txg.quiesce_waiting > self.txg.open;
        if !stalled {
            // Once stalled, no writer starts a tick: only the first request wakes any.
            self.legacy_wake_sleepers(self.txg.open);
        }
        self.wait_open(c, txg + 1, wait, cause);
    }

    /// `dsl_pool_memory_pressure()` (zfs-0.4.9 and zfs-0.5.2 `dsl_pool.c`): unless it is
    /// already `zfs_write_limit_min`, the write limit drops to a quarter of the inflated
    /// bytes of all unsynced txgs (`dp_space_towrite` and `dp_tempreserved`), not below the
    /// minimum. An override hides `dp_write_limit` from the writers: it stays in force.
    fn legacy_memory_pressure(&mut self) {
        let t = &self.scenario.tunables;
        let min = t.get(Id::WriteLimitMin);
        if t.get(Id::WriteLimitOverride) > 0 || self.legacy.write_limit == min {
            return;
        }
        let l = &self.legacy;
        let inuse = l.towrite.iter().chain(&l.tempreserved).fold(0u64, |a, &b| a.saturating_add(b));
        self.legacy.write_limit = min.max(self.legacy.write_limit.min(inuse / 4));
    }

    /// A new txg opened: writers sleeping a tick in the old one wake.
    pub(super) fn legacy_txg_opened(&mut self, old: u64) {
        self.legacy_wake_sleepers(old);
    }

    /// After a sync: the EWMA of its throughput sets the next write limit.
    pub(super) fn legacy_synced(&mut self, txg: u64, write_time_ns: u64) -> LegacyTxg {
        let s = slot(txg);
        let data = std::mem::take(&mut self.legacy.towrite[s]);
        self.legacy.tempreserved[s] = 0;
        let limit_in_force = self.legacy.write_limit;
        let (min, inflated_max) = self.legacy_limits();
        let t = &self.scenario.tunables;
        let synctime_ms = t.get(Id::TxgSynctimeMs);
        let era = self.scenario.models.era;
        if let Some((throughput, limit)) =
            next_write_limit(era, data, write_time_ns, self.legacy.throughput, synctime_ms, min, inflated_max)
        {
            self.legacy.throughput = Some(throughput);
            self.legacy.write_limit = limit;
        }
        let override_limit = t.get(Id::WriteLimitOverride);
        if override_limit > 0 {
            self.legacy.write_limit = override_limit;
        }
        LegacyTxg {
            write_limit: limit_in_force,
            data_written: data,
            throughput: self.legacy.throughput.unwrap_or(0),
            delays_7_8: std::mem::take(&mut self.legacy.delays[s]),
            limit_waits: std::mem::take(&mut self.legacy.limit_waits[s]),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MIB: u64 = 1 << 20;
    const MS: u64 = 1_000_000;

    #[test]
    fn the_write_limit_of_openzfs_model_section_8_item_11() {
        // x24, synctime 1000 ms, 8 GiB of RAM: max 1 GiB, inflated cap 24 GiB, min 32 MiB.
        let (min, cap) = (32 * MIB, 24 * 1024 * MIB);
        let first = next_write_limit(Era::Y2010, 24 * 200 * MIB, 2000 * MS, None, 1000, min, cap);
        assert_eq!(first, Some((2_516_582, 2_516_582_000)));
        let second = next_write_limit(Era::Y2010, 24 * 100 * MIB, 2000 * MS, Some(2_516_582), 1000, min, cap);
        assert_eq!(second, Some((2_202_008, 2_202_008_000)));
        assert_eq!(2_516_582_000u64 - 2_516_582_000 / 8, 2_202_009_250, "the 7/8 threshold");
        // The b141 5000 ms target on the first sample, and the 2008 code (x6, bytes/s, 5 s).
        let b141 = next_write_limit(Era::Y2010, 24 * 200 * MIB, 2000 * MS, None, 5000, min, cap);
        assert_eq!(b141.map(|x| x.1), Some(12_582_910_000));
        let y2008 = next_write_limit(Era::Y2008, 6 * 200 * MIB, 2000 * MS, None, 5000, min, 6 * 1024 * MIB);
        assert_eq!(y2008, Some((629_145_600, 3_145_728_000)));
    }

    #[test]
    fn the_2008_throughput_wraps_past_2_pow_64_nanobytes() {
        // zfs-0.4.9 dsl_pool_sync(): 24e9 inflated bytes in 4 s with 32 GiB of RAM (cap
        // 32 GiB / 8 x6). 24e9 x 10^9 mod 2^64 = 5_553_255_926_290_448_384, / 4e9 s is
        // 1_388_313_981 bytes/s, not 6e9: the limit is 5 s of that, not the cap.
        let cap = (32u64 << 30) / 8 * 6;
        let r = next_write_limit(Era::Y2008, 24_000_000_000, 4_000_000_000, None, 5000, 32 * MIB, cap);
        assert_eq!(r, Some((1_388_313_981, 6_941_569_905)));
        // Just below the wrap the arithmetic is exact.
        let r = next_write_limit(Era::Y2008, 18_000_000_000, 4_000_000_000, None, 5000, 32 * MIB, cap);
        assert_eq!(r, Some((4_500_000_000, 22_500_000_000)));
    }

    #[test]
    fn small_or_instant_syncs_do_not_move_the_limit() {
        assert_eq!(next_write_limit(Era::Y2010, 4 * MIB, 2000 * MS, None, 1000, 32 * MIB, u64::MAX), None);
        assert_eq!(next_write_limit(Era::Y2010, 100 * MIB, MS, None, 1000, 32 * MIB, u64::MAX), None);
        assert_eq!(next_write_limit(Era::Y2008, 100 * MIB, 0, None, 1000, 32 * MIB, u64::MAX), None);
    }
}
