//! The SmartOS zone I/O throttle (`zfs_zone.c` of illumos-joyent; seed 002, S10), in the
//! kernel's own units (microseconds) and integer arithmetic.
//!
//! Each tenant (zone) counts its read and write I/Os and its logical writes over a cycle;
//! every `zfs_zone_adjust_time` (checked at each call) its utilisation is recomputed as
//! reads x average read latency + (writes + logical writes) x average write latency, the
//! averages being pool-wide decayed ones. A tenant above the fair share (the mean over active
//! tenants) while the disks are over-utilised (busy more than `zfs_zone_util_threshold` and a
//! laggard I/O recently) has its delay raised by `zfs_zone_delay_step` up to the ceiling; one
//! below it, or while the disks are under-utilised, has it lowered. Each read (ARC miss) and
//! logical write call then sleeps that delay, a write twice as long while txgs sync faster
//! than `zfs_txg_timeout`. The global zone (tenant 0) is never counted or delayed.
//! Not modelled: the per-zone I/O priorities (all equal) and the zone scheduler's bumping of
//! a zone's sync I/O to the head of a deep queue.

use crate::schema::Id;
use crate::tunables::Tunables;

/// The kernel's tunables, in its units: microseconds, percent, counts.
#[derive(Clone, Debug)]
pub(super) struct ZoneKnobs {
    pub enable: bool,
    step_us: u64,
    ceiling_us: u64,
    adjust_us: u64,
    cycle_us: u64,
    sys_avg_cycle_us: u64,
    util_threshold: u64,
    underutil_threshold: u64,
    rw_lat_limit: u64,
    laggard_threshold_us: u64,
    laggard_recent_us: u64,
    laggard_ancient_us: u64,
    txg_timeout_s: u64,
}

/// `zfs_zone_txg_throttle_scale`: a write's delay while txgs sync fast.
const TXG_THROTTLE_SCALE: u64 = 2;
/// Latency assumed when none was observed (`get_sys_avg_lat`) [µs].
const MIN_AVG_LAT_US: u64 = 1000;

impl ZoneKnobs {
    pub fn new(t: &Tunables) -> Self {
        let us = |id: Id| t.get(id) / 1000;
        ZoneKnobs {
            enable: t.get(Id::ZoneDelayEnable) == 1,
            step_us: us(Id::ZoneDelayStep),
            ceiling_us: us(Id::ZoneDelayCeiling),
            adjust_us: us(Id::ZoneAdjustTime),
            cycle_us: us(Id::ZoneCycleTime).max(1),
            sys_avg_cycle_us: us(Id::ZoneSysAvgCycle).max(1),
            util_threshold: t.get(Id::ZoneUtilThreshold),
            underutil_threshold: t.get(Id::ZoneUnderutilThreshold),
            rw_lat_limit: t.get(Id::ZoneRwLatLimit),
            laggard_threshold_us: us(Id::ZoneLaggardThreshold),
            laggard_recent_us: us(Id::ZoneLaggardRecent),
            laggard_ancient_us: us(Id::ZoneLaggardAncient),
            txg_timeout_s: t.get(Id::TxgTimeout),
        }
    }
}

/// A tenant's count of one kind of operation (`sys_zio_cntr_t`).
#[derive(Clone, Debug, Default)]
struct Counter {
    cycle_start: u64,
    cycle_cnt: u64,
    avg_cnt: u64,
}

impl Counter {
    /// `compute_historical_zone_cnt()`: how far into the current cycle `unow` is, or 0 when
    /// a new cycle began (the last one's count kept, decayed by half per idle cycle).
    fn roll(&mut self, unow: u64, cycle: u64) -> u64 {
        let delta = unow.saturating_sub(self.cycle_start);
        if delta < cycle {
            return delta;
        }
        let generations = delta / cycle;
        if generations > 5 {
            self.avg_cnt = 0;
        } else {
            self.avg_cnt = if self.cycle_cnt > 1 { self.cycle_cnt } else { self.cycle_cnt + self.avg_cnt / 2 };
            for _ in 1..generations {
                self.avg_cnt /= 2;
            }
        }
        self.cycle_start = unow;
        self.cycle_cnt = 0;
        0
    }

    fn add(&mut self, unow: u64, cycle: u64) {
        self.roll(unow, cycle);
        self.cycle_cnt += 1;
    }

    /// `calc_zone_cnt()`.
    fn count(&mut self, unow: u64, cycle: u64) -> u64 {
        match self.roll(unow, cycle) {
            0 => self.avg_cnt,
            delta if delta < cycle / 2 => self.cycle_cnt + self.avg_cnt / 2,
            _ => self.cycle_cnt,
        }
    }
}

/// The pool-wide decayed average latency of reads or of writes (`sys_lat_cycle_t`) [µs].
#[derive(Clone, Debug, Default)]
struct SysLat {
    cycle_start: u64,
    cycle_lat: u64,
    avg: u64,
    cycle_cnt: u64,
}

impl SysLat {
    /// `compute_new_sys_avg()`: true when a new cycle began.
    fn roll(&mut self, unow: u64, cycle: u64) -> bool {
        let delta = unow.saturating_sub(self.cycle_start);
        if delta < cycle {
            return false;
        }
        let generations = delta / cycle;
        if generations > 5 {
            self.avg = 0;
        } else {
            // The kernel's formula, as written.
            self.avg = (self.avg + self.cycle_lat) / (1 + self.cycle_cnt);
            for _ in 1..generations {
                self.avg /= 2;
            }
        }
        self.cycle_start = unow;
        self.cycle_cnt = 0;
        self.cycle_lat = 0;
        true
    }

    fn add(&mut self, unow: u64, cycle: u64, lat_us: u64) {
        self.roll(unow, cycle);
        self.cycle_cnt += 1;
        self.cycle_lat += lat_us;
    }

    /// `calc_avg_lat()`: within a cycle the current one weighs eight times the history.
    fn value(&mut self, unow: u64, cycle: u64) -> u64 {
        if self.roll(unow, cycle) {
            self.avg
        } else {
            (self.avg + self.cycle_lat * 8) / (1 + self.cycle_cnt * 8)
        }
    }
}

#[derive(Clone, Debug, Default)]
pub(super) struct TenantState {
    reads: Counter,
    writes: Counter,
    logical_writes: Counter,
    /// The utilisation last computed, and the delay per call now [µs].
    pub util: u64,
    pub delay_us: u64,
}

/// The throttle's state: per tenant, pool-wide latencies, disk busy time, txg sync rate.
#[derive(Clone, Debug)]
pub(super) struct Zones {
    pub k: ZoneKnobs,
    /// Some workload runs outside the global zone: otherwise nothing is ever delayed, and
    /// the accounting is skipped (it would change nothing the run reports).
    pub active: bool,
    pub tenants: Vec<TenantState>,
    rd_lat: SysLat,
    wr_lat: SysLat,
    disk_rcnt: u64,
    /// Time with I/O outstanding, and when that was last updated [ns].
    disk_rtime: u64,
    disk_rlastupdate: u64,
    disk_last_rtime: u64,
    last_checked_us: u64,
    last_laggard_us: u64,
    txg_cnt: u64,
    txg_last_check_s: u64,
    txg_sync_rate: u64,
    /// Disk utilisation at the last adjustment [%], for the report.
    pub last_disk_util: u64,
}

impl Zones {
    pub fn new(t: &Tunables, tenants: usize) -> Self {
        Zones {
            k: ZoneKnobs::new(t),
            active: tenants > 1,
            tenants: vec![TenantState::default(); tenants.max(1)],
            rd_lat: SysLat::default(),
            wr_lat: SysLat::default(),
            disk_rcnt: 0,
            disk_rtime: 0,
            disk_rlastupdate: 0,
            disk_last_rtime: 0,
            last_checked_us: 0,
            last_laggard_us: 0,
            txg_cnt: 0,
            txg_last_check_s: 0,
            txg_sync_rate: 0,
            last_disk_util: 0,
        }
    }

    /// `zfs_zone_io_throttle()`: tenant `t` makes a read (ARC miss) or a logical write
    /// call at `now_ns`; the delay it must sleep first [ns].
    pub fn throttle(&mut self, t: usize, logical_write: bool, now_ns: u64) -> u64 {
        if !self.active {
            return 0;
        }
        let unow = now_ns / 1000;
        if logical_write {
            let cycle = self.k.cycle_us;
            if let Some(z) = self.tenants.get_mut(t) {
                z.logical_writes.add(unow, cycle);
            }
        }
        if !self.k.enable {
            return 0;
        }
        if unow.saturating_sub(self.last_checked_us) > self.k.adjust_us {
            let last = self.last_checked_us;
            self.last_checked_us = unow;
            self.adjust(unow, last);
        }
        let mut wait = self.tenants.get(t).map_or(0, |z| z.delay_us);
        if wait > 0 && logical_write && (self.txg_cnt > 1 || self.txg_sync_rate > 1) {
            wait *= TXG_THROTTLE_SCALE;
        }
        wait * 1000
    }

    /// `zfs_zone_zio_start()`: an I/O is issued to a disk.
    pub fn io_start(&mut self, now_ns: u64) {
        if !self.active {
            return;
        }
        if self.disk_rcnt != 0 {
            self.disk_rtime += now_ns - self.disk_rlastupdate;
        }
        self.disk_rcnt += 1;
        self.disk_rlastupdate = now_ns;
    }

    /// `zfs_zone_zio_done()`: an I/O of tenant `t` issued at `issued_ns` completed.
    pub fn io_done(&mut self, t: usize, read: bool, issued_ns: u64, now_ns: u64) {
        if !self.active {
            return;
        }
        let (unow, udelta) = (now_ns / 1000, (now_ns - issued_ns) / 1000);
        self.disk_rcnt = self.disk_rcnt.saturating_sub(1);
        self.disk_rtime += now_ns - self.disk_rlastupdate;
        self.disk_rlastupdate = now_ns;
        if udelta > self.k.laggard_threshold_us {
            self.last_laggard_us = unow;
        }
        if !self.k.enable {
            return;
        }
        let cycle = self.k.cycle_us;
        if let Some(z) = self.tenants.get_mut(t) {
            if read {
                z.reads.add(unow, cycle)
            } else {
                z.writes.add(unow, cycle)
            }
        }
        let avg_cycle = self.k.sys_avg_cycle_us;
        if read {
            self.rd_lat.add(unow, avg_cycle, udelta)
        } else {
            self.wr_lat.add(unow, avg_cycle, udelta)
        }
    }

    /// `zfs_zone_report_txg_sync()`: a txg finished syncing.
    pub fn txg_synced(&mut self, now_ns: u64) {
        if !self.active {
            return;
        }
        self.txg_cnt += 1;
        let now = now_ns / 1_000_000_000;
        if now.saturating_sub(self.txg_last_check_s) >= self.k.txg_timeout_s {
            self.txg_sync_rate = self.txg_cnt / 2;
            self.txg_cnt = 0;
            self.txg_last_check_s = now;
        }
    }

    /// `zfs_zone_wait_adjust()`: recompute every tenant's utilisation and delay.
    fn adjust(&mut self, unow: u64, last_checked: u64) {
        let (cycle, avg_cycle) = (self.k.cycle_us, self.k.sys_avg_cycle_us);
        let mut rlat = self.rd_lat.value(unow, avg_cycle);
        let mut wlat = self.wr_lat.value(unow, avg_cycle);
        if rlat == 0 {
            rlat = MIN_AVG_LAT_US;
        }
        if wlat == 0 {
            wlat = MIN_AVG_LAT_US;
        }
        let limit = self.k.rw_lat_limit;
        if rlat > wlat * limit {
            rlat = wlat * limit;
        } else if rlat * limit < wlat {
            wlat = rlat * limit;
        }
        let (mut total, mut active) = (0u64, 0u64);
        // The global zone is skipped, as is a tenant with no operations in the window
        // (which keeps its last utilisation, as the kernel's does).
        for z in self.tenants.iter_mut().skip(1) {
            let r = z.reads.count(unow, cycle);
            let w = z.writes.count(unow, cycle);
            let l = z.logical_writes.count(unow, cycle);
            if r | w | l == 0 {
                continue;
            }
            z.util = r * rlat + w * wlat + l * wlat;
            total += z.util;
            if z.util > 0 {
                active += 1;
            }
        }
        let disk_util = if self.disk_last_rtime == 0 || unow <= last_checked {
            0
        } else {
            (self.disk_rtime - self.disk_last_rtime) * 100 / ((unow - last_checked) * 1000)
        };
        self.disk_last_rtime = self.disk_rtime;
        self.last_disk_util = disk_util;
        let laggard_age = unow.saturating_sub(self.last_laggard_us);
        let underutil = disk_util < self.k.underutil_threshold || laggard_age > self.k.laggard_ancient_us;
        let overutil = disk_util > self.k.util_threshold && laggard_age < self.k.laggard_recent_us;
        let fair = total.checked_div(active).unwrap_or(0);
        let (step, ceiling) = (self.k.step_us, self.k.ceiling_us);
        for z in self.tenants.iter_mut() {
            if z.util > fair && overutil {
                if active > 1 && z.delay_us < ceiling {
                    z.delay_us += step;
                }
            } else if (z.util < fair || underutil || active <= 1) && z.delay_us > 0 {
                z.delay_us = z.delay_us.saturating_sub(step);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_keep_the_last_cycle_and_decay_by_half_per_idle_cycle() {
        let mut c = Counter::default();
        for i in 0..10 {
            c.add(i * 100, 1000);
        }
        // Early in the next cycle: the current count plus half the last one.
        c.add(1_050, 1000);
        assert_eq!(c.count(1_100, 1000), 1 + 10 / 2);
        // Late in it: the current count alone.
        assert_eq!(c.count(1_700, 1000), 1);
        // Three cycles on (two of them idle): the last cycle's count (1, so added to half the
        // history), halved once per further cycle.
        assert_eq!(c.count(4_100, 1000), 1);
        // More than five idle cycles: forgotten.
        assert_eq!(c.count(20_000, 1000), 0);
    }

    #[test]
    fn the_system_latency_weighs_the_current_cycle_eight_to_one() {
        let mut l = SysLat::default();
        l.add(0, 1000, 20_000);
        l.add(10, 1000, 20_000);
        assert_eq!(l.value(20, 1000), (8 * 40_000) / (1 + 16));
        // A new cycle: the kernel's (avg + cycle sum) / (1 + count).
        assert_eq!(l.value(1_500, 1000), 40_000 / 3);
    }

    fn knobs() -> Tunables {
        Tunables::default()
    }

    #[test]
    fn a_tenant_above_the_fair_share_on_busy_disks_is_delayed_up_to_the_ceiling() {
        let mut z = Zones::new(&knobs(), 3);
        let ms = 1_000_000;
        // Tenant 1 writes a lot; tenant 2 reads a little and slowly (laggards); the disk is
        // always busy.
        let mut now = 0;
        let mut delays = Vec::new();
        z.io_start(0);
        for step in 0..200u64 {
            now = step * 50 * ms;
            for _ in 0..100 {
                z.throttle(1, true, now);
            }
            z.io_start(now);
            z.io_done(2, true, now.saturating_sub(60 * ms), now + ms);
            delays.push((z.tenants[1].delay_us, z.tenants[2].delay_us));
        }
        let last = delays[delays.len() - 1];
        assert_eq!(last.0, 100, "{delays:?}");
        assert_eq!(last.1, 0);
        // It climbed one step per adjustment.
        assert!(delays.windows(2).all(|w| w[1].0 <= w[0].0 + 5));
        // The write calls now wait the ceiling (not doubled: no fast txg syncs).
        assert_eq!(z.throttle(1, true, now), 100_000);
        assert_eq!(z.throttle(2, false, now), 0);
    }

    #[test]
    fn disabled_it_counts_but_never_delays() {
        let mut t = knobs();
        t.set(Id::ZoneDelayEnable, 0).expect("in range");
        let mut z = Zones::new(&t, 3);
        for step in 0..100u64 {
            assert_eq!(z.throttle(1, true, step * 100_000_000), 0);
        }
        assert!(z.tenants.iter().all(|t| t.delay_us == 0));
    }
}
