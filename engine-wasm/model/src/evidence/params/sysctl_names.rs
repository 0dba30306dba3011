//! FreeBSD and macOS sysctl names to Linux module parameter names, by `ZFS_MODULE_PARAM`'s rule
//! and a table where a release named a parameter otherwise.

use super::*;

/// A sysctl node whose parameters' Linux names start with something other than the node's
/// own name: OpenZFS declares each tunable once as `ZFS_MODULE_PARAM(scope_prefix,
/// name_prefix, name, ...)` (`include/os/*/spl/sys/mod_os.h`, `include/os/linux/kernel/
/// linux/mod_compat.h`). Linux names it `name_prefix` + `name`; FreeBSD makes it the sysctl
/// `vfs.` + the scope's nodes + `.name` (`zfs_vdev` → `vfs.zfs.vdev.NAME`), and macOS
/// `kstat.zfs.darwin.tunable.` + scope + `.name` (`zfs_vdev.NAME`). Most scopes use their
/// own name as the prefix (`zfs_vdev_` + `async_write_max_active`); these use another.
pub(super) const SCOPE_PREFIX: [(&str, &str); 13] = [
    ("zfs", "zfs_"),
    ("zfs_l2arc", "l2arc_"),
    ("zfs_metaslab", "metaslab_"),
    ("zfs_prefetch", "zfetch_"),
    // FreeBSD's LEGACY node for two prefetch tunables (module/os/freebsd/zfs/sysctl_os.c).
    ("zfs_zfetch", "zfetch_"),
    ("zfs_spa", "spa_"),
    ("zfs_zil", "zil_"),
    ("zfs_zio", "zio_"),
    ("zfs_dbuf", "dbuf_"),
    ("zfs_dbuf_cache", "dbuf_cache_"),
    ("zfs_vol", "zvol_"),
    ("zfs_vdev_file", "vdev_file_"),
    // macOS's tunable root holds the old OS X names, already Linux's (`zfs_arc_max`).
    ("", ""),
];

/// The tunables whose Linux name the scope's prefix does not give, as (scope, name, Linux
/// name): the `ZFS_MODULE_PARAM` declarations of zfs-2.0.0 to zfs-2.4.0 with an unusual
/// `name_prefix`, and FreeBSD's LEGACY sysctls (module/os/freebsd/zfs/sysctl_os.c) that
/// alias a Linux parameter under another name. `vfs.zfs.top_maxinflight` is left to the
/// rule: before 2.0 it was FreeBSD's zfs_top_maxinflight, since 2.0 an alias of
/// zfs_vdev_max_active.
pub(super) const EXCEPTIONS: [(&str, &str, &str); 58] = [
    ("zfs", "abort_size", "zstd_abort_size"),
    ("zfs", "earlyabort_pass", "zstd_earlyabort_pass"),
    ("zfs", "cpus_per_allocator", "spa_cpus_per_allocator"),
    ("zfs", "num_allocators", "spa_num_allocators"),
    ("zfs", "dmu_ddt_copies", "dmu_ddt_copies"),
    ("zfs", "dmu_object_alloc_chunk_shift", "dmu_object_alloc_chunk_shift"),
    ("zfs", "dmu_prefetch_max", "dmu_prefetch_max"),
    ("zfs", "reference_history", "reference_history"),
    ("zfs", "reference_tracking_enable", "reference_tracking_enable"),
    ("zfs", "send_holes_without_birth_time", "send_holes_without_birth_time"),
    ("zfs", "zap_iterate_prefetch", "zap_iterate_prefetch"),
    ("zfs", "zap_micro_max_size", "zap_micro_max_size"),
    ("zfs", "zap_shrink_enabled", "zap_shrink_enabled"),
    ("zfs", "zvol_enforce_quotas", "zvol_enforce_quotas"),
    ("zfs", "l2arc_feed_again", "l2arc_feed_again"),
    ("zfs", "l2arc_feed_min_ms", "l2arc_feed_min_ms"),
    ("zfs", "l2arc_feed_secs", "l2arc_feed_secs"),
    ("zfs", "l2arc_headroom", "l2arc_headroom"),
    ("zfs", "l2arc_headroom_boost", "l2arc_headroom_boost"),
    ("zfs", "l2arc_noprefetch", "l2arc_noprefetch"),
    ("zfs", "l2arc_norw", "l2arc_norw"),
    ("zfs", "l2arc_write_boost", "l2arc_write_boost"),
    ("zfs", "l2arc_write_max", "l2arc_write_max"),
    ("zfs", "max_auto_ashift", "zfs_vdev_max_auto_ashift"),
    ("zfs", "min_auto_ashift", "zfs_vdev_min_auto_ashift"),
    ("zfs", "validate_skip", "vdev_validate_skip"),
    ("zfs_brt", "brt_zap_default_bs", "brt_zap_default_bs"),
    ("zfs_brt", "brt_zap_default_ibs", "brt_zap_default_ibs"),
    ("zfs_brt", "brt_zap_prefetch", "brt_zap_prefetch"),
    ("zfs_dedup", "ddt_zap_default_bs", "ddt_zap_default_bs"),
    ("zfs_dedup", "ddt_zap_default_ibs", "ddt_zap_default_ibs"),
    ("zfs_metaslab", "find_max_tries", "zfs_metaslab_find_max_tries"),
    ("zfs_metaslab", "fragmentation_threshold", "zfs_metaslab_fragmentation_threshold"),
    ("zfs_metaslab", "max_size_cache_sec", "zfs_metaslab_max_size_cache_sec"),
    ("zfs_metaslab", "mem_limit", "zfs_metaslab_mem_limit"),
    ("zfs_metaslab", "segment_weight_enabled", "zfs_metaslab_segment_weight_enabled"),
    ("zfs_metaslab", "switch_threshold", "zfs_metaslab_switch_threshold"),
    ("zfs_metaslab", "try_hard_before_gang", "zfs_metaslab_try_hard_before_gang"),
    ("zfs_metaslab", "sm_blksz_no_log", "zfs_metaslab_sm_blksz_no_log"),
    ("zfs_metaslab", "sm_blksz_with_log", "zfs_metaslab_sm_blksz_with_log"),
    ("zfs_prefetch", "disable", "zfs_prefetch_disable"),
    ("zfs_send", "override_estimate_recordsize", "zfs_override_estimate_recordsize"),
    ("zfs_spa", "discard_memory_limit", "zfs_spa_discard_memory_limit"),
    ("zfs_vdev", "expand_max_copy_bytes", "raidz_expand_max_copy_bytes"),
    ("zfs_vdev", "expand_max_reflow_bytes", "raidz_expand_max_reflow_bytes"),
    ("zfs_vdev", "io_aggregate_rows", "raidz_io_aggregate_rows"),
    ("zfs_vdev", "raidz_outlier_check_interval_ms", "vdev_raidz_outlier_check_interval_ms"),
    ("zfs_vdev", "raidz_outlier_insensitivity", "vdev_raidz_outlier_insensitivity"),
    ("zfs_vdev", "read_sit_out_secs", "vdev_read_sit_out_secs"),
    ("zfs_vdev", "removal_max_span", "vdev_removal_max_span"),
    ("zfs_vdev", "validate_skip", "vdev_validate_skip"),
    ("zfs_vdev", "removal_ignore_errors", "zfs_removal_ignore_errors"),
    ("zfs_vdev", "removal_suspend_progress", "zfs_removal_suspend_progress"),
    ("zfs_vdev", "remove_max_segment", "zfs_remove_max_segment"),
    ("zfs_vol", "mode", "zvol_volmode"),
    ("zfs_zil", "clean_taskq_maxalloc", "zfs_zil_clean_taskq_maxalloc"),
    ("zfs_zil", "clean_taskq_minalloc", "zfs_zil_clean_taskq_minalloc"),
    ("zfs_zil", "clean_taskq_nthr_pct", "zfs_zil_clean_taskq_nthr_pct"),
];

/// The Linux module parameter of a FreeBSD or macOS sysctl, given without its `vfs.` or
/// `kstat.zfs.darwin.tunable.` prefix: `zfs.vdev.async_write_max_active` (FreeBSD) and
/// `zfs_vdev.async_write_max_active` (macOS) are `zfs_vdev_async_write_max_active`,
/// `zfs.txg.timeout` is `zfs_txg_timeout`, `zfs.l2arc.write_max` is `l2arc_write_max`.
pub fn linux_name(sysctl: &str) -> String {
    let (nodes, leaf) = sysctl.rsplit_once('.').unwrap_or(("", sysctl));
    // A scope's nodes joined by `_` give its C name whether FreeBSD split it into nodes
    // (`zfs.vdev.file`) or macOS kept it whole (`zfs_vdev.file`); FreeBSD's `dbuf_cache`
    // node is one node with an underscore, which joins the same.
    let mut scope = nodes.replace('.', "_");
    if !scope.is_empty() && scope != "zfs" && !scope.starts_with("zfs_") {
        // macOS's LEGACY `zfetch.max_distance` sits under the tunable root, not `zfs`.
        scope = format!("zfs_{scope}");
    }
    if let Some(&(_, _, linux)) = EXCEPTIONS.iter().find(|(s, n, _)| *s == scope && *n == leaf) {
        return linux.to_string();
    }
    if let Some(&(_, prefix)) = SCOPE_PREFIX.iter().find(|(s, _)| *s == scope) {
        if scope.is_empty() && (!param_like(leaf) || leaf.starts_with("arc_") || leaf.starts_with("txg_")) {
            // A macOS LEGACY name at the root (`arc_max`, `condense_pct`) is `zfs.arc_max`.
            return format!("zfs_{leaf}");
        }
        return format!("{prefix}{leaf}");
    }
    format!("{scope}_{leaf}")
}
