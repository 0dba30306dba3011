//! The releases a printed format allows: the txgs kstat's layout (`spa_stats.c`), the
//! `dmu_tx` counters (`dmu_tx.c`), and the columns of `zpool iostat -l -q -w -r`
//! (`zpool_main.c`'s `iostat_top_labels`: `scrub` last in 0.7, `trim` added in 0.8.0,
//! `rebuild` in 2.2.0, still absent at zfs-2.1.16; the options themselves came in 0.7.0),
//! how `-v` counts a mirror's or RAID-Z's row (`vdev.c`: its own zios until 0.6.5, its
//! disks' sum from 0.7.0), and the wording of `zpool status`'s scan line.

use super::at;
use super::log_writes::{pool_writes, Counting};
use super::releases::{Clue, Releases};
use crate::evidence::iostat::{HistogramKind, Iostat};
use crate::evidence::txgs::TxgsLayout;
use crate::evidence::{Body, Section};
use crate::scenario::release::Release;

/// What one group of `zpool iostat` columns allows, from its names: (releases, why).
fn columns_release(what: &str, columns: &[&str], trim: &str, rebuild: &str) -> Option<(Releases, String)> {
    if columns.is_empty() {
        return None;
    }
    let any = |w: &str| columns.iter().any(|c| c.starts_with(w));
    Some(if any(rebuild) {
        (Releases::range(Release::V2_2, Release::Master), format!("{what} include {rebuild} (2.2 on)"))
    } else if any(trim) {
        (
            Releases::range(Release::V0_8, Release::V2_1_16),
            format!("{what} include {trim} but no {rebuild} (0.8 to 2.1)"),
        )
    } else {
        (Releases::range(Release::V0_7, Release::V0_7), format!("{what} have no {trim} (0.7)"))
    })
}

/// The `-l` latency, `-q` queue, `-w` and `-r` histogram columns each allow releases;
/// together, those all of them allow.
fn iostat_release(io: &Iostat) -> Option<(Releases, String)> {
    let samples = || io.samples.iter();
    let latency: Vec<&str> =
        samples().flat_map(|s| s.rows.iter().flat_map(|r| r.latency.iter().map(|c| c.name.as_str()))).collect();
    let queues: Vec<&str> =
        samples().flat_map(|s| s.rows.iter().flat_map(|r| r.queues.iter().map(|c| c.name.as_str()))).collect();
    let histogram = |kind: HistogramKind| -> Vec<&str> {
        samples()
            .flat_map(|s| s.histograms.iter().filter(move |h| h.kind == kind))
            .flat_map(|h| h.columns.iter().map(String::as_str))
            .collect()
    };
    let groups = [
        columns_release("the -l latency columns", &latency, "trim", "rebuild"),
        columns_release("the -q queue columns", &queues, "trimq", "rebuildq"),
        columns_release("the -w histogram columns", &histogram(HistogramKind::Latency), "trim", "rebuild"),
        columns_release("the -r request-size columns", &histogram(HistogramKind::RequestSize), "trim", "rebuild"),
    ];
    let counted = io.samples.iter().filter_map(pool_writes).find_map(|p| p.counting()).map(|c| match c {
        Counting::Summed => (
            Releases::range(Release::V0_7, Release::Master),
            "a mirror's or RAID-Z's -v row is its disks' sum (0.7 on)".into(),
        ),
        Counting::Once => (
            Releases::range(Release::V0_6_4, Release::V0_6_5),
            "a mirror's or RAID-Z's -v row counts each block once, not its disks' sum (before 0.7)".into(),
        ),
    });
    let found: Vec<(Releases, String)> = groups.into_iter().flatten().chain(counted).collect();
    let allows = found.iter().fold(Releases::ALL, |a, (r, _)| a.and(*r));
    let whys: Vec<&str> = found.iter().map(|(_, w)| w.as_str()).collect();
    // Groups that disagree (a hand-edited table) tell nothing together.
    (!found.is_empty() && !allows.is_empty()).then(|| (allows, format!("zpool iostat: {}", whys.join(", "))))
}

/// What the wording of a scan's progress line allows (`zpool_main.c`,
/// `print_scan_status()` and its successors): `scanned out of` until 0.7; `scanned at`,
/// `issued at`, `total` in 0.8 to 2.1 (a sequential rebuild's `issued 1.95G/s` with no `at`
/// in 2.0 to 2.1, `print_rebuild_status_impl()`); `X / Y scanned`, `X / Y issued` from
/// 2.2.0. A finished scan's line tells nothing.
fn scan_release(scan: &crate::evidence::status::Scan) -> Option<(Releases, String)> {
    Some(if scan.rebuild_wording {
        (
            Releases::range(Release::V2_0, Release::V2_1_16),
            "a sequential rebuild's `issued R/s` with no `at` (2.0 to 2.1)".into(),
        )
    } else if scan.issued_total.is_some() {
        (Releases::range(Release::V2_2, Release::Master), "a scan line's `X / Y issued` (2.2 on)".into())
    } else if scan.issued.is_some() {
        (Releases::range(Release::V0_8, Release::V2_1_16), "a scan line's `issued`, `total` (0.8 to 2.1)".into())
    } else if scan.scanned.is_some() {
        (Releases::range(Release::V0_6_4, Release::V0_7), "a scan line's `scanned out of` (until 0.7)".into())
    } else {
        return None;
    })
}

/// What the format of section `s` allows, when it tells.
pub(super) fn format_clue(s: &Section) -> Option<Clue> {
    let (allows, what) = match &s.body {
        Body::Txgs(t) => match t.layout {
            TxgsLayout::Old => {
                (Releases::range(Release::V0_6_4, Release::V0_6_4), "the txgs kstat's 0.6.2 layout".into())
            }
            TxgsLayout::Kstat => {
                (Releases::range(Release::V0_6_4, Release::V0_7), "the txgs kstat as a raw kstat (0.6.3 to 0.7)".into())
            }
            // Header-only (0.8 on) and rows alone (0.8 on, or 0.6.3-0.7 cut) tell too little.
            TxgsLayout::Procfs => return None,
        },
        Body::Kstat(k) if k.name == "dmu_tx" => {
            let has = |n: &str| k.get(n).is_some();
            // dmu_tx.c: the wrlog_delay counter came with the log-data throttle, at
            // zfs-2.1.6 (the lab's 2.1.16) and 2.2.0.
            if has("dmu_tx_wrlog_delay") {
                (
                    Releases::range(Release::V2_1_16, Release::Master),
                    "dmu_tx counts dmu_tx_wrlog_delay (2.1.6 on)".into(),
                )
            } else if has("dmu_tx_dirty_frees_delay") {
                (
                    Releases::range(Release::V0_8, Release::V2_1),
                    "dmu_tx counts dmu_tx_dirty_frees_delay but not wrlog_delay (0.8 to 2.1.5)".into(),
                )
            } else if has("dmu_tx_dirty_delay") {
                (
                    Releases::range(Release::V0_6_4, Release::V0_7),
                    "dmu_tx has neither dirty_frees_delay nor wrlog_delay (0.6.3 to 0.7)".into(),
                )
            } else {
                return None;
            }
        }
        Body::Iostat(io) => iostat_release(io)?,
        Body::Status(st) => scan_release(st.scan.as_deref()?)?,
        _ => return None,
    };
    Some(Clue { allows, why: format!("{} ({what})", at(&s.file, s.first_line)) })
}
