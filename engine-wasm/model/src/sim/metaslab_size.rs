//! A metaslab's free segments by (size, offset): the size-sorted AVL tree of
//! `metaslab_segsize_compare()`, which gives `metaslab_df_alloc()` its best fit and the
//! largest free segment.
//!
//! The largest entry is held apart from the tree. First fit carves block after block from
//! the start of the run past the cursor, nearly always the metaslab's largest segment: the
//! segment is removed and its remainder, still the largest, put back. With the largest
//! kept aside both are a comparison, where the tree would search its whole right edge
//! twice; and the largest free segment is read without a walk down that edge.

use std::collections::BTreeSet;

/// A set of (length, offset) pairs, ordered by length then offset.
#[derive(Clone, Debug, Default)]
pub(super) struct SizeTree {
    /// Every entry but `top`.
    rest: BTreeSet<(u64, u64)>,
    /// The largest entry, when it is held apart: then greater than every entry of `rest`.
    /// Once it is removed the largest is `rest`'s last, left there until a larger one comes.
    top: Option<(u64, u64)>,
    /// `rest`'s last entry, kept so that putting a remainder back as the largest, and
    /// reading the largest, do not walk down the tree's right edge.
    rest_last: Option<(u64, u64)>,
}

impl SizeTree {
    pub(super) fn insert(&mut self, key: (u64, u64)) {
        match self.top {
            Some(top) if key > top => {
                self.rest_insert(top);
                self.top = Some(key);
            }
            Some(top) if key == top => {}
            Some(_) => self.rest_insert(key),
            None if self.rest_last.is_some_and(|last| key <= last) => self.rest_insert(key),
            None => self.top = Some(key),
        }
    }

    pub(super) fn remove(&mut self, key: &(u64, u64)) {
        if self.top.as_ref() == Some(key) {
            self.top = None;
        } else {
            self.rest.remove(key);
            if self.rest_last.as_ref() == Some(key) {
                self.rest_last = self.rest.last().copied();
            }
        }
    }

    fn rest_insert(&mut self, key: (u64, u64)) {
        self.rest.insert(key);
        self.rest_last = self.rest_last.max(Some(key));
    }

    /// The largest entry.
    pub(super) fn last(&self) -> Option<(u64, u64)> {
        self.top.or(self.rest_last)
    }

    /// The smallest entry at or above `key`.
    pub(super) fn first_from(&self, key: (u64, u64)) -> Option<(u64, u64)> {
        self.rest.range(key..).next().copied().or(self.top.filter(|&top| top >= key))
    }
}

/// A tree of the given entries, built at once.
impl FromIterator<(u64, u64)> for SizeTree {
    fn from_iter<I: IntoIterator<Item = (u64, u64)>>(entries: I) -> Self {
        let rest: BTreeSet<(u64, u64)> = entries.into_iter().collect();
        let rest_last = rest.last().copied();
        SizeTree { rest, top: None, rest_last }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_the_same_set_as_a_tree() {
        // Inserts and removes of a small range of keys, against a plain tree.
        let mut rng = crate::sim::rng::Rng::new(7);
        let (mut t, mut plain) = (SizeTree::default(), BTreeSet::new());
        for _ in 0..20_000 {
            let key = (rng.below(12), rng.below(4));
            if rng.below(2) == 0 {
                t.insert(key);
                plain.insert(key);
            } else {
                t.remove(&key);
                plain.remove(&key);
            }
            assert_eq!(t.last(), plain.last().copied());
            let from = (rng.below(13), rng.below(5));
            assert_eq!(t.first_from(from), plain.range(from..).next().copied());
            assert_eq!(t.rest_last, t.rest.last().copied());
            let all: BTreeSet<_> = t.rest.iter().copied().chain(t.top).collect();
            assert_eq!(all, plain);
        }
    }
}
