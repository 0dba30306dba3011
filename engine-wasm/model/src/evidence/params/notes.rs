//! Facts about a parameter dump as a whole (sysctl names mapped, parameters printed twice,
//! what the parameters present say about the release): read after every line is parsed,
//! so kept apart from the line readers.

use super::{Kind, Param};

/// Facts about the dump: the names it maps, parameters printed twice, and what the
/// parameters present say about the release.
pub(super) fn notes(entries: &[Param], kinds: &[Kind], freebsd_summary: bool, configured: bool) -> Vec<String> {
    let mut notes = Vec::new();
    if kinds.iter().any(|k| matches!(k, Kind::FreeBsd | Kind::MacOs)) || freebsd_summary {
        notes.push(
            "sysctl names are mapped to the Linux module parameters by OpenZFS's ZFS_MODULE_PARAM rule \
             (vfs.zfs.txg.timeout is zfs_txg_timeout, vfs.zfs.vdev.async_write_max_active is \
             zfs_vdev_async_write_max_active); the sysctl's own name is kept as written"
                .to_string(),
        );
    }
    // Parameters printed more than once, in the order first seen (sorting keeps this
    // linear): the same value each time says the dump was pasted twice; different values,
    // two hosts or two moments.
    let mut by_name: Vec<(&str, usize)> = entries.iter().enumerate().map(|(i, p)| (p.name.as_str(), i)).collect();
    by_name.sort();
    let mut same: Vec<(usize, &str)> = Vec::new();
    let mut differ: Vec<(usize, String)> = Vec::new();
    for group in by_name.chunk_by(|a, b| a.0 == b.0).filter(|g| g.len() > 1) {
        let printed: Vec<&Param> = group.iter().filter_map(|&(_, i)| entries.get(i)).collect();
        let (Some(first), Some(&(name, _))) = (printed.first(), group.first()) else { continue };
        if printed.iter().all(|p| p.value == first.value) {
            same.push((first.line, name));
        } else {
            let values: Vec<String> =
                printed.iter().take(5).map(|p| format!("{} at line {}", p.value, p.line)).collect();
            let more = if printed.len() > 5 { format!(" and {} more", printed.len() - 5) } else { String::new() };
            differ.push((first.line, format!("{name} is printed with different values: {}{more}", values.join(", "))));
        }
    }
    same.sort_unstable();
    differ.sort();
    // A settings file names a parameter twice on purpose: at load and at runtime, as the
    // lab's export writes it (`options zfs` and `echo > /sys/...`).
    if !same.is_empty() && !configured {
        let names: Vec<&str> = same.iter().take(5).map(|s| s.1).collect();
        let more = if same.len() > 5 { format!(" and {} more", same.len() - 5) } else { String::new() };
        notes.push(format!(
            "{} parameters are printed more than once, each time with the same value ({}{more}): the dump was pasted twice?",
            same.len(),
            names.join(", ")
        ));
    }
    const MAX_DIFFER_NOTES: usize = 10;
    let n = differ.len();
    notes.extend(differ.into_iter().take(MAX_DIFFER_NOTES).map(|(_, m)| m));
    if n > MAX_DIFFER_NOTES {
        notes.push(format!("{} more parameters are printed with different values", n - MAX_DIFFER_NOTES));
    }
    let has = |name: &str| entries.iter().any(|p| p.name == name);
    if has("zfs_no_write_throttle") || has("zfs_write_limit_shift") || has("zfs_write_limit_override") {
        notes.push(
            "zfs_no_write_throttle / zfs_write_limit_* are the old write throttle's parameters: a release \
             of 0.6.2 or before, without the dirty-data throttle (zfs_dirty_data_max, zfs_delay_scale) that \
             came in 0.6.3"
                .to_string(),
        );
    }
    if has("zfs_dirty_data_sync") {
        notes.push(
            "zfs_dirty_data_sync is in bytes: a release from 0.6.3 to 0.7 (0.8 on has \
             zfs_dirty_data_sync_percent, a percent of zfs_dirty_data_max)"
                .to_string(),
        );
    }
    notes
}
