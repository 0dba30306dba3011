//! Evidence of a ZFS on Linux older than 0.6.3: it had no dirty-data throttle and no
//! per-class I/O scheduler (both came in 0.6.3, from illumos's 2013 rewrite), but the
//! write limit (`zfs_write_limit_*`, `zfs_no_write_throttle`) and the single queue of
//! `zfs_vdev_max_pending`, the lab's legacy models with their 2010 defaults. The release
//! stays the oldest the lab has (0.6.4) for what the legacy models leave to it.

use super::{at, Builder};
use crate::evidence::txgs::TxgsLayout;
use crate::evidence::{Body, Import};
use crate::schema::Id;

/// The old write throttle's parameters, none of which 0.6.3 kept.
pub(super) const OLD_THROTTLE: [&str; 3] =
    ["zfs_no_write_throttle", "zfs_write_limit_shift", "zfs_write_limit_override"];

/// Where the evidence shows a release before 0.6.3, if it does: a version line says so, or
/// none is given and the parameters or the txgs kstat's layout do.
fn before_0_6_3(import: &Import) -> Option<String> {
    let mut versions = import.bodies().filter_map(|(s, body)| match body {
        Body::Version(v) => Some((s, v)),
        _ => None,
    });
    if let Some((s, v)) = versions.next() {
        // The kernel module's line decides, as for the release.
        let l = v.lines.iter().find(|l| l.what != "userland").or(v.lines.first())?;
        return ((l.major, l.minor, l.patch) < (0, 6, 3))
            .then(|| format!("{}: {} version {} (before 0.6.3)", at(&s.file, l.line), l.what, l.version));
    }
    import.bodies().find_map(|(s, body)| match body {
        Body::Params(p) => p
            .entries
            .iter()
            .find(|e| OLD_THROTTLE.contains(&e.name.as_str()))
            .map(|e| format!("{}: {}, the old write throttle's (0.6.2 or before)", at(&s.file, e.line), e.name)),
        Body::Txgs(t) if t.layout == TxgsLayout::Old => {
            Some(format!("{}: the txgs kstat's 0.6.2 layout", at(&s.file, s.first_line)))
        }
        _ => None,
    })
}

/// The legacy throttle and scheduler, where the evidence is of a release before 0.6.3.
pub(super) fn legacy_models(import: &Import, b: &mut Builder) {
    if let Some(source) = before_0_6_3(import) {
        for id in [Id::ThrottleModelChoice, Id::SchedulerModelChoice] {
            b.set(id, 1, format!("{source}: the legacy models"));
        }
    }
}
