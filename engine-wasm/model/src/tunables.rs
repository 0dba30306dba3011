//! A set of tunable values, always within each tunable's range.

use crate::messages::Error;
use crate::schema::{Id, SPECS};
use crate::tunable_releases::{is_old_name, named_in, release_name};

/// One value per schema entry, indexed by [`Id`]. Every value lies in its entry's range:
/// the only ways in are [`Tunables::default`] and the checked setters.
///
/// An entry is *given* once a setter sets it, even to its default; [`Tunables::reset`]
/// makes it follow its default again. Where the default is not the schema's (a release's,
/// one derived from the machine's RAM, a drive's, a legacy era's: `scenario::lab::effective`),
/// only entries not given follow it: `zfs_scan_vdev_limit=16M` on 2.1 is 16 MiB, though
/// 16 MiB is the current default and 2.1's is 4 MiB.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Tunables {
    values: [u64; Id::COUNT],
    given: [bool; Id::COUNT],
}

impl Default for Tunables {
    fn default() -> Self {
        let mut values = [0; Id::COUNT];
        for spec in SPECS {
            values[spec.id as usize] = spec.default;
        }
        Tunables { values, given: [false; Id::COUNT] }
    }
}

impl Tunables {
    pub fn get(&self, id: Id) -> u64 {
        self.values[id as usize]
    }

    /// Whether `id` was set (even to its default), or differs from its default: then it
    /// keeps its value where a release, the RAM, a drive or an era has another default.
    pub fn is_given(&self, id: Id) -> bool {
        self.given[id as usize] || self.values[id as usize] != id.spec().default
    }

    /// Sets `id` to `value` if it lies in the entry's range; it is then given.
    pub fn set(&mut self, id: Id, value: u64) -> Result<(), Error> {
        let spec = id.spec();
        if !spec.accepts(value) {
            return Err(Error::OutOfRange { id, value });
        }
        self.values[id as usize] = value;
        self.given[id as usize] = true;
        Ok(())
    }

    /// Puts a default worked out for `id` (a release's, one derived from RAM, a drive's),
    /// if it lies in the entry's range, leaving its mark as it was: a derived value is not
    /// a choice, and a scenario written from these settings lets its reader derive it again.
    pub fn derive(&mut self, id: Id, value: u64) {
        if id.spec().accepts(value) {
            self.values[id as usize] = value;
        }
    }

    /// Sets `id` to `value` as [`Self::set`] does, marked given or not as `given` says (a
    /// value off its default is given whatever the mark): the app's values arrive so.
    pub fn set_marked(&mut self, id: Id, value: u64, given: bool) -> Result<(), Error> {
        self.set(id, value)?;
        self.given[id as usize] = given;
        Ok(())
    }

    /// Parses `text` in the entry's unit and sets it; on error nothing changes.
    pub fn set_text(&mut self, id: Id, text: &str) -> Result<u64, Error> {
        let value = parse_text(id, text)?;
        self.set(id, value)?;
        Ok(value)
    }

    /// `NAME=VALUE`, as the CLI's `--set` and modprobe options write it.
    pub fn set_assignment(&mut self, assignment: &str) -> Result<(Id, u64), Error> {
        let Some((name, text)) = assignment.split_once('=') else {
            return Err(Error::MissingValue(assignment.to_string()));
        };
        let name = name.trim();
        let release = self.get(Id::Release);
        // The lab's name, or the chosen release's own for a tunable since renamed.
        let id = match Id::from_name(name).or_else(|| named_in(name, release)) {
            Some(id) => id,
            None if is_old_name(name) => {
                return Err(Error::NotNamedSo { name: name.to_string(), release: release_name(release) })
            }
            None => return Err(Error::UnknownName(name.to_string())),
        };
        Ok((id, self.set_text(id, text)?))
    }

    /// `NAME=VALUE`s in order, as the CLI's `--set`s write them ([`Self::set_assignment`]);
    /// a release's old name of a tunable is read once the others are in, so that the
    /// release it belongs to may come after it.
    pub fn set_assignments(&mut self, list: &[String]) -> Result<(), Error> {
        let old = |a: &String| a.split_once('=').is_some_and(|(n, _)| is_old_name(n.trim()));
        for assignment in list.iter().filter(|a| !old(a)).chain(list.iter().filter(|a| old(a))) {
            self.set_assignment(assignment)?;
        }
        Ok(())
    }

    /// Resets one entry to its default, which it follows again (not given).
    pub fn reset(&mut self, id: Id) {
        self.values[id as usize] = id.spec().default;
        self.given[id as usize] = false;
    }

    /// Defaults with `pairs` set: a test's shorthand (panics on a value out of range).
    #[cfg(test)]
    pub(crate) fn with(pairs: &[(Id, u64)]) -> Tunables {
        let mut t = Tunables::default();
        for &(id, v) in pairs {
            t.set(id, v).expect("in range");
        }
        t
    }

    /// The entries given ([`Self::is_given`]: set, or differing from their defaults), in
    /// schema order.
    pub fn changed(&self) -> impl Iterator<Item = (Id, u64)> + '_ {
        Id::ALL.iter().filter(|&&id| self.is_given(id)).map(|&id| (id, self.get(id)))
    }
}

/// Parses `text` as a value of `id`'s unit, range-checked.
pub fn parse_text(id: Id, text: &str) -> Result<u64, Error> {
    let spec = id.spec();
    let value = spec.parse(text).map_err(|problem| Error::BadValue { id, text: text.to_string(), problem })?;
    if !spec.accepts(value) {
        return Err(Error::OutOfRange { id, value });
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rejected_value_leaves_the_previous_one() {
        let mut t = Tunables::default();
        assert!(t.set_text(Id::DelayMinDirtyPercent, "101").is_err());
        assert!(t.set_text(Id::DelayMinDirtyPercent, "abc").is_err());
        assert_eq!(t.get(Id::DelayMinDirtyPercent), 60);
        assert_eq!(t.set_text(Id::DelayMinDirtyPercent, "70%"), Ok(70));
        assert_eq!(t.changed().collect::<Vec<_>>(), vec![(Id::DelayMinDirtyPercent, 70)]);
    }

    #[test]
    fn a_value_set_to_its_default_is_given_until_reset() {
        let mut t = Tunables::default();
        assert!(!t.is_given(Id::ScanVdevLimit));
        t.set(Id::ScanVdevLimit, Id::ScanVdevLimit.spec().default).expect("in range");
        assert!(t.is_given(Id::ScanVdevLimit));
        assert_eq!(t.changed().collect::<Vec<_>>(), vec![(Id::ScanVdevLimit, 16 << 20)]);
        t.reset(Id::ScanVdevLimit);
        assert!(!t.is_given(Id::ScanVdevLimit));
        // A derived default leaves the mark alone; a value off the default is given anyway.
        t.derive(Id::ScanVdevLimit, 4 << 20);
        assert!(t.is_given(Id::ScanVdevLimit));
        t.derive(Id::ScanVdevLimit, 16 << 20);
        assert!(!t.is_given(Id::ScanVdevLimit));
    }

    #[test]
    fn assignments_name_unknown_tunables() {
        let mut t = Tunables::default();
        assert_eq!(t.set_assignment("zfs_dirty_data_max=1G"), Ok((Id::DirtyDataMax, 1 << 30)));
        let err = t.set_assignment("zfs_bogus=1").unwrap_err();
        assert_eq!(err.to_string(), "unknown tunable 'zfs_bogus'");
        let err = t.set_assignment("zfs_delay_scale").unwrap_err();
        assert_eq!(err.to_string(), "'zfs_delay_scale' needs a value: write NAME=VALUE");
        let err = t.set_assignment("zfs_delay_scale=").unwrap_err();
        assert!(err.to_string().starts_with("zfs_delay_scale: cannot read '': no value given"), "{err}");
    }

    #[test]
    fn a_mistyped_choice_is_named_as_a_name_with_the_names_listed() {
        let mut t = Tunables::default();
        let err = t.set_assignment("drive=5400-smr").unwrap_err();
        assert!(
            err.to_string()
                .starts_with("drive: cannot read '5400-smr': no such name (expects one of generic, 5400-cmr,"),
            "{err}"
        );
        // An index still reads.
        assert_eq!(t.set_assignment("raidz=2"), Ok((Id::Raidz, 2)));
        let err = t.set_assignment("raidz=2x").unwrap_err();
        assert!(err.to_string().contains("no such name"), "{err}");
    }

    #[test]
    fn out_of_range_messages_give_the_range_in_units() {
        let err = parse_text(Id::DirtyDataMax, "2T").unwrap_err();
        assert_eq!(err.to_string(), "zfs_dirty_data_max: 2T is out of range; it must be from 1M to 1T");
    }
}
