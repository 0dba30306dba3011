//! The release the evidence names: the kernel module's version line, else the releases
//! the printed formats (`release_formats.rs`) and the parameters dumps' names
//! (`release_names.rs`) allow together. Separate because it is the one inference the
//! others depend on.

use super::release_formats::format_clue;
use super::release_names::names_clue;
use super::releases::{Clue, Releases};
use super::{at, Builder};
use crate::evidence::{Body, Import};
use crate::scenario::release::Release;
use crate::schema::Id;

/// The lab's release for OpenZFS `major.minor.patch`: a 0.6 before 0.6.5 follows 0.6.4
/// (the oldest the lab has), a 2.1 from 2.1.6 follows 2.1.16 (2.1.6 brought 2.2's
/// log-data throttle, sync kick, prefetcher and allocator: `dsl_pool.c`, `dmu_zfetch.c`,
/// `metaslab.c` at zfs-2.1.6), one newer than 2.4 follows master.
fn release_of(major: u64, minor: u64, patch: u64) -> Release {
    match (major, minor) {
        (0, 6) if patch >= 5 => Release::V0_6_5,
        (0, 0..=6) => Release::V0_6_4,
        (0, 7) => Release::V0_7,
        (0, _) => Release::V0_8,
        (1 | 2, 0) => Release::V2_0,
        // 2.1.99 is master's version between 2.1 and 2.2 (2.2's development).
        (2, 1) if (6..99).contains(&patch) => Release::V2_1_16,
        (2, 1) => Release::V2_1,
        (2, 2) => Release::V2_2,
        (2, 3) => Release::V2_3,
        (2, 4) => Release::V2_4,
        _ => Release::Master,
    }
}

/// What a point release took from the next release, which the lab's release (its first
/// tag) lacks, read from the point releases' tags: said, so that a support engineer can
/// run the next release beside it.
fn backports(version: &str) -> Option<&'static str> {
    let version = version.trim().trim_start_matches('v');
    let numbers: Vec<u64> =
        version.split(['-', '_', '~', '+']).next()?.split('.').map_while(|p| p.parse().ok()).collect();
    match numbers.as_slice() {
        // arc.c: the 4 GiB cap of zfs_dirty_data_max_max from 0.6.5.10 (0.7's); vdev_queue.c:
        // zfs_vdev_async_write_min_active 2 from 0.6.5.11.
        [0, 6, 5, 10] => Some("0.6.5.10 caps zfs_dirty_data_max_max at 4 GiB as 0.7 does; the lab's 0.6.5 does not (set it, or compare release 0.7)"),
        [0, 6, 5, p, ..] if *p >= 11 => Some("0.6.5.11 and later cap zfs_dirty_data_max_max at 4 GiB and set zfs_vdev_async_write_min_active to 2, as 0.7 does; the lab's 0.6.5 does neither (compare release 0.7)"),
        // vdev_queue.c: the scrub's non-interactive credit and zfs_vdev_scrub_max_active 3.
        [2, 0, p, ..] if *p >= 1 => Some("2.0.1 and later have 2.1's scrub credit (zfs_vdev_nia_credit) and zfs_vdev_scrub_max_active 3; the lab's 2.0 has neither (compare release 2.1)"),
        // The lab's 2.1.16 follows from 2.1.6; what came later in the series: zil.c's lone
        // first lwb at once and averaged latency at zfs-2.1.10, dsl_scan.c's 16 MiB
        // zfs_scan_vdev_limit at zfs-2.1.12.
        [2, 1, 6..=9, ..] => Some("the lab follows 2.1.16 for 2.1.6 and later; before 2.1.10 a commit holds its log block until full or the commit timeout (compare release 2.1), and before 2.1.12 zfs_scan_vdev_limit is 4 MiB (set it)"),
        [2, 1, 10 | 11, ..] => Some("the lab follows 2.1.16 for 2.1.6 and later; before 2.1.12 zfs_scan_vdev_limit is 4 MiB (set it)"),
        _ => None,
    }
}

/// The clues of the printed formats and the parameters dumps, in the order read.
fn clues(import: &Import) -> Vec<Clue> {
    import
        .bodies()
        .filter_map(|(s, body)| match body {
            Body::Params(p) => names_clue(s, p),
            _ => format_clue(s),
        })
        .collect()
}

/// The releases all `clues` allow together. Where one disagrees with those before it,
/// a note says so and the narrower of the two is kept: the more specific evidence.
fn combine(clues: Vec<Clue>, b: &mut Builder) -> Option<(Releases, Vec<String>)> {
    let mut it = clues.into_iter();
    let first = it.next()?;
    let (mut allows, mut whys) = (first.allows, vec![first.why]);
    for c in it {
        let both = allows.and(c.allows);
        if !both.is_empty() {
            allows = both;
            whys.push(c.why);
            continue;
        }
        let narrower = c.allows.len() < allows.len();
        let kept = if narrower { c.allows } else { allows };
        b.note(format!(
            "{}, which disagrees with {}; the narrower, {}, is kept",
            c.why,
            whys.join(", "),
            kept.describe()
        ));
        if narrower {
            (allows, whys) = (c.allows, vec![c.why]);
        }
    }
    Some((allows, whys))
}

/// Is the evidence FreeBSD's (its sysctl names)?
fn from_freebsd(import: &Import) -> Option<&str> {
    import.bodies().find_map(|(s, body)| match body {
        Body::Params(p) if p.style == "freebsd_sysctl" => Some(s.file.as_str()),
        Body::Kstat(k) if k.platform == "freebsd" => Some(s.file.as_str()),
        _ => None,
    })
}

pub(super) fn release(import: &Import, b: &mut Builder) -> Release {
    // The kernel module's version decides (userland may differ after an upgrade).
    let mut best: Option<(u8, Release, String, Option<&str>)> = None;
    for (s, body) in import.bodies() {
        if let Body::Version(v) = body {
            for l in &v.lines {
                let rank = if l.what == "userland" { 0 } else { 1 };
                if !best.as_ref().is_some_and(|(r, ..)| rank <= *r) {
                    let r = release_of(l.major, l.minor, l.patch);
                    let src = format!("{}: {} version {}", at(&s.file, l.line), l.what, l.version);
                    best = Some((rank, r, src, backports(&l.version)));
                }
            }
        }
    }
    let combined = combine(clues(import), b);
    if let Some((_, r, src, backported)) = best {
        if let Some(note) = backported {
            b.note(format!("{src}: {note}"));
        }
        if let Some((allows, whys)) = combined.filter(|(allows, _)| !allows.contains(r)) {
            b.note(format!(
                "{src} is {}, but {} allow {}: the version line is kept (the module loaded decides); were these files from one system?",
                r.name(),
                whys.join(", "),
                allows.describe()
            ));
        }
        b.set(Id::Release, r.index(), src);
        return r;
    }
    let Some((allows, whys)) = combined else {
        b.note("no version line (zfs version, modinfo zfs), and no format or parameter names that tell the release: none is implied (master unless set)".into());
        return Release::Master;
    };
    let r = allows.newest().unwrap_or(Release::Master);
    b.set(
        Id::Release,
        r.index(),
        format!("no version line; {} allow {} (newest taken)", whys.join(", "), allows.describe()),
    );
    if let Some(file) = from_freebsd(import).filter(|_| r < Release::V2_0) {
        b.note(format!(
            "{file}: FreeBSD's own ZFS before OpenZFS 2.0 (FreeBSD 12 and earlier) is modelled as its nearest OpenZFS release, {}; export --os freebsd needs 2.0 or later: give --release 2.0 (see releases --diff {} 2.0)",
            r.name(),
            r.name()
        ));
    }
    r
}

#[cfg(test)]
mod tests {
    use super::{backports, release_of};
    use crate::scenario::release::Release;

    /// zfs-2.1.6 brought 2.2's log-data throttle (`dsl_pool.c` `dsl_pool_wrlog_count()`) and
    /// the rest the lab's 2.1.16 follows; 2.1.0 to 2.1.5 are 2.1.0's; 2.1.99 is the
    /// development version that became 2.2.
    #[test]
    fn a_2_1_point_release_from_2_1_6_follows_2_1_16() {
        for patch in [0, 5] {
            assert_eq!(release_of(2, 1, patch), Release::V2_1, "2.1.{patch}");
        }
        for patch in [6, 7, 11, 16, 17] {
            assert_eq!(release_of(2, 1, patch), Release::V2_1_16, "2.1.{patch}");
        }
        assert_eq!(release_of(2, 1, 99), Release::V2_1);
        assert_eq!(release_of(2, 2, 0), Release::V2_2);
    }

    #[test]
    fn a_point_release_names_what_it_took_from_the_next() {
        let note = |line: &str| backports(line).unwrap_or("");
        assert!(note("0.6.5.11-1").contains("zfs_vdev_async_write_min_active to 2"));
        assert!(note("0.6.5.10-1").starts_with("0.6.5.10 caps"));
        assert_eq!(backports("0.6.5.9-1"), None);
        assert!(note("2.1.11-1").contains("zfs_scan_vdev_limit"));
        assert!(note("2.1.7-1").contains("commit timeout"));
        assert_eq!(backports("2.1.12-1"), None);
        assert_eq!(backports("2.1.16-FreeBSD_g1d5a9c8a1"), None);
        assert_eq!(backports("2.1.5-1ubuntu6~22.04.1"), None);
        assert!(note("v2.0.7").contains("zfs_vdev_nia_credit"));
        assert_eq!(backports("2.2.2-1"), None);
    }
}
