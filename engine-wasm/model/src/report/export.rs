//! Settings a customer can apply: the tunables a configuration changes from its release's
//! defaults, written for the chosen OS as that OS reads them.
//!
//! - Linux: `/etc/modprobe.d/zfs.conf` (`options zfs NAME=VALUE`, read at module load) and
//!   the runtime `echo VALUE > /sys/module/zfs/parameters/NAME` for parameters whose file
//!   is writable (`ZMOD_RW`, 0644); one read only at load (`ZMOD_RD`, 0444) says so.
//! - FreeBSD (OpenZFS from 2.0, FreeBSD 13): `/boot/loader.conf` (`vfs.zfs.NAME="VALUE"`,
//!   every parameter is a loader tunable, `CTLFLAG_RWTUN`/`CTLFLAG_RDTUN`) and
//!   `/etc/sysctl.conf` for those writable at runtime; names as `ZFS_MODULE_PARAM()`
//!   derives them from the parameter's scope (`vfs.zfs.vdev.async_write_max_active`).
//! - illumos: `/etc/system` (`set zfs:NAME = VALUE`), read at boot.
//!
//! Only module parameters of the chosen release are written ([`is_parameter`]); a value
//! the release cannot take is listed as skipped, with why. Each line carries the value's
//! unit and what the change does and costs. The lab's own settings (workload, pool) are
//! not the OS's business; a dataset property that differs is given as `zfs set`.

use crate::scenario::lab::effective;
use crate::scenario::Release;
use crate::schema::{Id, Kind};
use crate::tunable_releases::from_point_release;
use crate::tunables::Tunables;
use crate::units::Unit;
use std::fmt::Write;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Os {
    Linux,
    Freebsd,
    Illumos,
}

impl Os {
    pub const ALL: [Os; 3] = [Os::Linux, Os::Freebsd, Os::Illumos];

    pub fn name(self) -> &'static str {
        match self {
            Os::Linux => "linux",
            Os::Freebsd => "freebsd",
            Os::Illumos => "illumos",
        }
    }

    pub fn from_name(name: &str) -> Option<Os> {
        Os::ALL.into_iter().find(|o| o.name().eq_ignore_ascii_case(name.trim()))
    }
}

/// One tunable to set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setting {
    pub id: Id,
    /// The Linux and illumos name in the release (0.6 and 0.7 call `zfs_scrub_min_time_ms`
    /// `zfs_scan_min_time_ms`).
    pub name: &'static str,
    pub value: u64,
    /// The release's default, for the comment.
    pub default: u64,
}

/// What a configuration changes, for one release.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Changes {
    pub settings: Vec<Setting>,
    /// Values that differ but are not the release's parameters, each with why.
    pub skipped: Vec<String>,
    /// `zfs set` lines for dataset properties that differ from their defaults.
    pub properties: Vec<String>,
    /// Tunables not set that the kernel derives from those set (and RAM), as the lab's
    /// machine has them: said, not written.
    pub derived: Vec<String>,
}

/// Is `id` a module parameter of `release`, one the OS can set? `zfs_delay_max_ns` is a
/// variable in every release (`dmu_tx.c`) but never a module parameter, so only illumos's
/// `/etc/system`, which sets any kernel variable, reaches it.
pub fn is_parameter(release: Release, id: Id, os: Os) -> bool {
    id.spec().kind == Kind::Tunable
        && release.has(id)
        && !is_legacy_only(id)
        && (id != Id::DelayMaxNs || os == Os::Illumos)
}

/// The legacy (before 2013) throttle's and scheduler's tunables and illumos zones' I/O
/// throttle: no OpenZFS release has them.
fn is_legacy_only(id: Id) -> bool {
    let name = id.spec().name;
    id.spec().group.starts_with("Legacy") || name.starts_with("zfs_zone_")
}

/// Can the parameter change while the module is loaded? Every one the lab models is
/// `ZMOD_RW` (0644) except `zfs_dirty_data_max_max` (`ZMOD_RD`, 0444 in `dsl_pool.c`):
/// it only caps `zfs_dirty_data_max` when `arc_init()` derives that at load.
pub fn at_runtime(id: Id) -> bool {
    id != Id::DirtyDataMaxMax
}

/// The tunables `t` sets apart from its release's defaults on the same machine, as the
/// release `t`'s `release` setting names.
pub fn changes(t: &Tunables, os: Os) -> Changes {
    let release = Release::from_index(t.get(Id::Release));
    // The same machine and system with nothing tuned: what the release would run with.
    let mut base = Tunables::default();
    let dataset = |id: Id| matches!(id, Id::Recordsize | Id::Logbias);
    for (id, v) in t.changed().filter(|&(id, _)| id.spec().kind == Kind::Lab && !dataset(id)) {
        let _ = base.set(id, v);
    }
    let (ours, theirs) = (effective(t), effective(&base));
    let mut out = Changes::default();
    for &id in Id::ALL.iter().filter(|id| id.spec().kind == Kind::Tunable) {
        let (value, default) = (ours.get(id), theirs.get(id));
        if !t.is_given(id) {
            // Derived from what was set (zfs_dirty_data_max from zfs_dirty_data_max_max and
            // RAM): the kernel derives it too, from the customer's RAM, not the lab's.
            if value != default {
                out.derived.push(format!("{} follows at load: {} here", id.spec().name, id.spec().describe(value)));
            }
            continue;
        }
        if value != t.get(id) {
            // Set, but not what the release runs with on this machine (a zfs_arc_max above RAM).
            out.skipped.push(format!(
                "{}={}: OpenZFS {} does not take it with {} of RAM (runs with {})",
                id.spec().name,
                id.spec().format(t.get(id)),
                release.name(),
                Id::Ram.spec().describe(t.get(Id::Ram)),
                id.spec().describe(value)
            ));
            continue;
        }
        if value == default {
            continue;
        }
        if is_parameter(release, id, os) {
            out.settings.push(Setting { id, name: release.old_name(id).unwrap_or(id.spec().name), value, default });
        } else {
            let why = if id == Id::DelayMaxNs {
                "is not a module parameter in any release (a variable in dmu_tx.c); only illumos's /etc/system sets it"
                    .to_string()
            } else if is_legacy_only(id) {
                "belongs to the legacy (before 2013) throttle or scheduler, or to illumos zones; no OpenZFS release has it".to_string()
            } else if let Some(point) = from_point_release(id, release.index()) {
                format!(
                    "is not a module parameter of OpenZFS {} (its first tag); {point} and later have it",
                    release.name()
                )
            } else {
                format!("is not a module parameter of OpenZFS {}", release.name())
            };
            out.skipped.push(format!("{}={}: {} {why}", id.spec().name, id.spec().format(value), id.spec().name));
        }
    }
    for (id, property) in [(Id::Recordsize, "recordsize"), (Id::Logbias, "logbias")] {
        if ours.get(id) != theirs.get(id) {
            let what = if id == Id::Recordsize && t.get(Id::Dataset) == 1 {
                "volblocksize (set at creation: zfs create -b)"
            } else {
                property
            };
            out.properties.push(format!("zfs set {what}={} POOL/DATASET", id.spec().format(ours.get(id))));
        }
    }
    out
}

/// The settings file text for `os`, or why it cannot be written.
pub fn export(t: &Tunables, os: Os) -> Result<String, String> {
    let release = Release::from_index(t.get(Id::Release));
    if os == Os::Freebsd && release < Release::V2_0 {
        return Err(format!(
            "OpenZFS {} has no FreeBSD port: FreeBSD became a platform of OpenZFS with 2.0 (FreeBSD 13); choose release 2.0 or later",
            release.name()
        ));
    }
    let c = changes(t, os);
    let mut out = String::new();
    let _ = writeln!(out, "# Throttle Lab: settings for OpenZFS {} on {}", release.name(), os.name());
    if c.settings.is_empty() {
        let _ = writeln!(out, "# Every module parameter is at the release's default: nothing to set.");
    }
    match os {
        _ if c.settings.is_empty() => {}
        Os::Linux => linux(&mut out, &c.settings),
        Os::Freebsd => freebsd(&mut out, &c.settings),
        Os::Illumos => illumos(&mut out, &c.settings),
    }
    if !c.properties.is_empty() {
        let _ = writeln!(out, "\n# Dataset properties (per dataset, not module parameters):");
        for p in &c.properties {
            let _ = writeln!(out, "# {p}");
        }
    }
    if !c.derived.is_empty() {
        let _ = writeln!(
            out,
            "\n# Derived by the kernel from the settings above and the machine's RAM (the lab's: {}):",
            Id::Ram.spec().describe(t.get(Id::Ram))
        );
        for d in &c.derived {
            let _ = writeln!(out, "#   {d}");
        }
    }
    if !c.skipped.is_empty() {
        let _ = writeln!(out, "\n# Not written:");
        for s in &c.skipped {
            let _ = writeln!(out, "#   {s}");
        }
    }
    Ok(out)
}

fn comment(out: &mut String, s: &Setting) {
    let spec = s.id.spec();
    let _ = writeln!(
        out,
        "# {}: {} ({}; the release's default is {}). {}",
        s.name,
        spec.describe(s.value),
        unit_name(spec.unit),
        spec.describe(s.default),
        cost(s.id)
    );
}

fn linux(out: &mut String, settings: &[Setting]) {
    let _ = writeln!(
        out,
        "\n# /etc/modprobe.d/zfs.conf: read when the module loads (rebuild the initramfs if ZFS loads from it)"
    );
    for s in settings {
        comment(out, s);
        let _ = writeln!(out, "options zfs {}={}", s.name, s.value);
    }
    let _ = writeln!(out, "\n# At runtime, as root (lost at reboot):");
    for s in settings {
        if at_runtime(s.id) {
            let _ = writeln!(out, "echo {} > /sys/module/zfs/parameters/{}", s.value, s.name);
        } else {
            let _ = writeln!(out, "# {}: read only when the module loads; modprobe.d above is the way", s.name);
        }
    }
}

fn freebsd(out: &mut String, settings: &[Setting]) {
    let name = |s: &Setting| s.id.spec().freebsd.unwrap_or(s.id.spec().name);
    let _ = writeln!(out, "\n# /boot/loader.conf: read at boot");
    for s in settings {
        comment(out, s);
        let _ = writeln!(out, "{}=\"{}\"", name(s), s.value);
    }
    let _ = writeln!(
        out,
        "\n# /etc/sysctl.conf: applied at boot and with `service sysctl restart`; `sysctl NAME=VALUE` now"
    );
    for s in settings {
        if at_runtime(s.id) {
            let _ = writeln!(out, "{}={}", name(s), s.value);
        } else {
            let _ = writeln!(out, "# {}: a boot-time tunable only; loader.conf above is the way", name(s));
        }
    }
}

fn illumos(out: &mut String, settings: &[Setting]) {
    let _ = writeln!(
        out,
        "\n# /etc/system: read at boot. illumos's ZFS is its own tree, where the write throttle began (2013); check\n# that your build has each variable (`echo NAME/E | mdb -k`) before rebooting."
    );
    for s in settings {
        comment(out, s);
        let value = if s.id.spec().unit == Unit::Bytes { format!("{:#x}", s.value) } else { s.value.to_string() };
        let _ = writeln!(out, "set zfs:{} = {value}", s.name);
    }
}

fn unit_name(unit: Unit) -> &'static str {
    match unit {
        Unit::Bytes => "bytes",
        Unit::Nanoseconds => "nanoseconds",
        Unit::Milliseconds => "milliseconds",
        Unit::Seconds => "seconds",
        Unit::Percent => "percent",
        Unit::Count => "count",
        Unit::BytesPerSecond => "bytes per second",
        Unit::Choice => "choice",
    }
}

/// What raising the tunable changes and what it costs, in one sentence; what lowering
/// it does is the reverse.
pub fn cost(id: Id) -> &'static str {
    match id {
        Id::DirtyDataMax => "More absorbs longer bursts before the delay; costs RAM held dirty, longer txgs and longer stalls once full.",
        Id::DirtyDataMaxMax => "Caps zfs_dirty_data_max when derived from RAM at load; costs RAM when raised.",
        Id::ArcMax => "A larger ARC caches more and lets more dirty data in before dmu_tx_dirty_throttle; costs RAM for applications.",
        Id::DirtyDataSyncPercent | Id::DirtyDataSync => "Higher lets a txg grow larger before it is pushed to sync early; costs longer syncs and more data at risk of replay.",
        Id::TxgTimeout => "Longer makes bigger, fewer txgs (less write amplification on SSDs); costs bursty writes and more to lose to a crash without a ZIL.",
        Id::WrlogDataMax => "More lets sync writers log more before they are delayed; costs log space and longer txg syncs.",
        Id::CommitTimeoutPct => "Longer waits gather more log records per log block; costs sync write latency.",
        Id::ZilSlogBulk => "Higher keeps more of a burst of log blocks on a log device in the sync-write class: faster fsync under load; costs the latency of other sync writes sharing the device.",
        Id::DelayMinDirtyPercent => "Higher delays writers later; costs harder, more sudden delays near the limit.",
        Id::DelayScale => "Larger delays each write more at the same dirty level, smoothing throughput; costs write latency and peak throughput.",
        Id::DelayMaxNs => "The cap on one write's delay; costs latency when raised, throttling power when lowered.",
        Id::AsyncWriteActiveMinDirtyPercent => "Higher keeps fewer async writes in flight until more data is dirty; costs sync throughput, spares read latency.",
        Id::AsyncWriteActiveMaxDirtyPercent => "Higher reaches the most async writes only with more dirty data; costs sync throughput, spares read latency.",
        Id::VdevMaxActive => "More I/Os in flight per leaf in all; costs read latency behind deep device queues.",
        Id::SyncReadMinActive | Id::SyncReadMaxActive => "More sync reads in flight per leaf; costs other classes' share of the device.",
        Id::SyncWriteMinActive | Id::SyncWriteMaxActive => "More ZIL writes in flight per leaf: faster fsync; costs other classes' share.",
        Id::AsyncReadMinActive | Id::AsyncReadMaxActive => "More prefetch reads in flight per leaf; costs sync reads' latency.",
        Id::AsyncWriteMinActive => "More txg writes in flight when little is dirty: faster syncs; costs read latency during syncs.",
        Id::AsyncWriteMaxActive => "More txg writes in flight when much is dirty: faster syncs on deep devices; costs read latency.",
        Id::ScrubMinActive | Id::ScrubMaxActive => "More scrub or resilver I/Os in flight: faster scans; costs application latency.",
        Id::VdevQueueDepthPct => "More allocated, unwritten async writes per top-level vdev; costs allocation balance across vdevs.",
        Id::AggregationLimit | Id::AggregationLimitNonRotating => "Larger merged I/Os: fewer, bigger writes; costs latency of what waits behind them.",
        Id::ReadGapLimit => "Wider gaps read through to merge reads; costs bandwidth on the gaps.",
        Id::NiaCredit => "More scrub I/Os between interactive completions: faster scans under load; costs application latency.",
        Id::NiaDelay => "Longer before scrub ramps up after interactive I/O stops; costs scan speed.",
        Id::ScrubMinTimeMs | Id::ResilverMinTimeMs => "Longer scan time per txg: faster scans; costs longer txg syncs while scanning.",
        Id::ScanVdevLimit => "More scan bytes in flight per top-level vdev: faster scans; costs application latency.",
        Id::TopMaxinflight => "More scan blocks in flight per top-level vdev: faster scans; costs application latency.",
        Id::ScrubDelay | Id::ResilverDelay => "More ticks a scan waits per block while the pool is busy: kinder to applications; costs scan speed.",
        Id::ScanIdle => "A longer window in which the pool counts as busy: scans yield more; costs scan speed.",
        _ => "",
    }
}
