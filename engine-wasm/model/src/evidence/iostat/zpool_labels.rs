//! The labels `zpool_main.c` prints, as tables across releases, and the test of a top label:
//! data the header readers look words up in, kept apart from the reading itself.

// ---------------------------------------------------------------------------------------
// The labels `zpool_main.c` prints (`iostat_top_labels`, `iostat_bottom_labels`,
// `histo_to_title`), across releases.

/// Bottom labels printed in pairs under one top label.
pub(super) const PAIRS: [(&str, &str); 4] = [("alloc", "free"), ("read", "write"), ("pend", "activ"), ("ind", "agg")];
/// `-w`'s bottom labels that have no top label over them.
pub(super) const STANDALONE: [&str; 3] = ["scrub", "trim", "rebuild"];
/// The `-v` section headers (`print_iostat_dashes(cb, 0, class_name[n])` and `"cache"`);
/// `spares` is not printed by iostat today, but a paste may carry it.
pub(super) const CLASSES: [&str; 5] = ["logs", "cache", "spares", "special", "dedup"];
/// Top labels of the `-w` and `-r` tables (the pool or vdev name comes first on that line).
pub(super) const HISTO_TOPS: [&str; 10] = [
    "total_wait",
    "disk_wait",
    "syncq_wait",
    "asyncq_wait",
    "sync_queue",
    "async_queue",
    "sync_read",
    "sync_write",
    "async_read",
    "async_write",
];

/// Top labels in the order zpool prints them, for a header whose top line is missing and
/// for `-H` (no header at all): the default group's `read write` runs, then `-l`'s.
pub(super) const STATS_READ_WRITE: [&str; 6] =
    ["operations", "bandwidth", "total_wait", "disk_wait", "syncq_wait", "asyncq_wait"];

pub(super) const LATENCY_WAITS: [&str; 3] = ["scrub", "trim", "rebuild"];

pub(super) const QUEUE_TOPS: [&str; 7] =
    ["syncq_read", "syncq_write", "asyncq_read", "asyncq_write", "scrubq_read", "trimq_write", "rebuildq_write"];
pub(super) const L_HISTO_TOPS: [&str; 4] = ["total_wait", "disk_wait", "syncq_wait", "asyncq_wait"];
pub(super) const RQ_HISTO_TOPS: [&str; 7] =
    ["sync_read", "sync_write", "async_read", "async_write", "scrub", "trim", "rebuild"];
/// `-H` rows: (`-l` columns, `-q` columns) of each release: 0.7 (9, 10), 0.8 to 2.1
/// (10, 12), 2.2 on (11, 14); a row has the 6 default values plus these.
pub(super) const SCRIPTED_COMBOS: [(usize, usize); 10] =
    [(0, 0), (9, 0), (10, 0), (11, 0), (0, 10), (0, 12), (0, 14), (9, 10), (10, 12), (11, 14)];
/// The flags [`Iostat::flags`] reports, in its order.
pub(super) const FLAG_LETTERS: [char; 7] = ['v', 'l', 'q', 'w', 'r', 'p', 'H'];

pub(super) fn is_top_word(w: &str) -> bool {
    matches!(w, "capacity" | "operations" | "bandwidth" | "scrub" | "trim" | "rebuild")
        || HISTO_TOPS.contains(&w)
        || QUEUE_TOPS.contains(&w)
        || ["_wait", "_queue", "_read", "_write"].iter().any(|s| w.len() > s.len() && w.ends_with(s))
}
