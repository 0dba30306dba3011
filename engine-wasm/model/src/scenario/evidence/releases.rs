//! A set of the lab's releases: what one piece of evidence allows. Several pieces are
//! combined by intersecting their sets, so a release is told by all the evidence together.

use crate::scenario::release::Release;

/// What one piece of evidence says of the release: the releases it allows, and why.
pub(super) struct Clue {
    pub allows: Releases,
    /// Where and what: `file line 1 (dmu_tx counts ... (0.8 to 2.1))`.
    pub why: String,
}

/// A bit per release of [`Release::ALL`], by its index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Releases(u16);

impl Releases {
    pub const ALL: Releases = Releases((1 << Release::ALL.len()) - 1);

    /// The releases `pred` holds for.
    pub fn of(pred: impl Fn(Release) -> bool) -> Releases {
        Releases(Release::ALL.iter().filter(|&&r| pred(r)).fold(0, |m, r| m | 1 << r.index()))
    }

    /// `lo` to `hi`, both included.
    pub fn range(lo: Release, hi: Release) -> Releases {
        Releases::of(|r| lo <= r && r <= hi)
    }

    pub fn contains(self, r: Release) -> bool {
        self.0 & 1 << r.index() != 0
    }

    pub fn and(self, other: Releases) -> Releases {
        Releases(self.0 & other.0)
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    pub fn len(self) -> u32 {
        self.0.count_ones()
    }

    fn members(self) -> impl Iterator<Item = Release> {
        Release::ALL.into_iter().filter(move |&r| self.contains(r))
    }

    pub fn newest(self) -> Option<Release> {
        self.members().last()
    }

    /// `0.7`, `0.8 to 2.1`, or a list when the set has gaps (`0.6.4, 2.4`).
    pub fn describe(self) -> String {
        let members: Vec<Release> = self.members().collect();
        match (members.first(), members.last()) {
            (None, _) | (_, None) => "no release".to_string(),
            (Some(a), Some(z)) if a == z => a.name().to_string(),
            (Some(&a), Some(&z)) if Releases::range(a, z) == self => format!("{} to {}", a.name(), z.name()),
            _ => members.iter().map(|r| r.name()).collect::<Vec<_>>().join(", "),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_intersect_and_say_themselves() {
        let old = Releases::range(Release::V0_6_4, Release::V0_7);
        let new = Releases::range(Release::V0_7, Release::Master);
        assert_eq!(old.and(new).describe(), "0.7");
        assert_eq!(old.describe(), "0.6.4 to 0.7");
        assert_eq!(Releases::of(|r| r == Release::V0_6_4 || r == Release::V2_4).describe(), "0.6.4, 2.4");
        assert!(Releases::range(Release::V0_8, Release::V2_1).and(old).is_empty());
        assert_eq!((Releases::ALL.len(), Releases::ALL.newest()), (11, Some(Release::Master)));
    }
}
