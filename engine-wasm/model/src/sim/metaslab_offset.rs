//! A metaslab's free segments by offset: the offset-sorted AVL tree of `space_map_add()`
//! and `space_map_remove()`, walked by `metaslab_df_alloc()`'s first fit.
//!
//! The last segment is held apart from the tree. A metaslab's free space ends in one long
//! run past what was written, and first fit carves block after block from its start: the
//! segment is removed and its remainder, with a new offset but still the last, put back.
//! With the last segment kept aside both are a comparison, where the tree would search its
//! whole right edge twice.

use std::collections::BTreeMap;
use std::ops::{Bound, RangeBounds};

/// Free segments, offset to length.
#[derive(Clone, Debug, Default)]
pub(super) struct OffsetTree {
    /// Every segment but `top`.
    rest: BTreeMap<u64, u64>,
    /// The last segment, when it is held apart: then after every segment of `rest`. Once it
    /// is removed the last is `rest`'s, left there until a later one comes.
    top: Option<(u64, u64)>,
    /// `rest`'s last offset, kept so that first fit from the last segment, and putting its
    /// remainder back there, do not walk down the tree's right edge to read it.
    rest_last: Option<u64>,
}

impl OffsetTree {
    /// Sets the length of the segment at `offset`, adding it if there is none.
    pub(super) fn insert(&mut self, offset: u64, len: u64) {
        match self.top {
            Some((top, top_len)) if offset > top => {
                self.rest_insert(top, top_len);
                self.top = Some((offset, len));
            }
            Some((top, _)) if offset == top => self.top = Some((offset, len)),
            Some(_) => self.rest_insert(offset, len),
            None if self.rest_last.is_some_and(|last| offset <= last) => self.rest_insert(offset, len),
            None => self.top = Some((offset, len)),
        }
    }

    /// Removes the segment at `offset`, if there is one.
    pub(super) fn remove(&mut self, offset: u64) {
        if self.top.is_some_and(|(top, _)| top == offset) {
            self.top = None;
        } else {
            self.rest.remove(&offset);
            if self.rest_last == Some(offset) {
                self.rest_last = self.rest.last_key_value().map(|(&last, _)| last);
            }
        }
    }

    fn rest_insert(&mut self, offset: u64, len: u64) {
        self.rest.insert(offset, len);
        self.rest_last = self.rest_last.max(Some(offset));
    }

    /// The length of the segment at `offset`.
    pub(super) fn get(&self, offset: u64) -> Option<u64> {
        match self.top {
            Some((top, len)) if top == offset => Some(len),
            _ => self.rest.get(&offset).copied(),
        }
    }

    /// The segments starting in `range`, in offset order.
    pub(super) fn range<R: RangeBounds<u64> + Clone>(
        &self,
        range: R,
    ) -> impl DoubleEndedIterator<Item = (u64, u64)> + '_ {
        let top = self.top.filter(|(top, _)| range.contains(top));
        // First fit from a cursor in the last segment looks only there: past the tree's last
        // offset, its right edge is read without a search.
        let past = |last: u64| match range.start_bound() {
            Bound::Included(&start) => last < start,
            Bound::Excluded(&start) => last <= start,
            Bound::Unbounded => false,
        };
        let in_tree = !self.rest_last.is_some_and(past);
        let rest = in_tree.then(|| self.rest.range(range));
        rest.into_iter().flatten().map(|(&offset, &len)| (offset, len)).chain(top)
    }

    /// The segments starting in `range`, their lengths to update in place.
    pub(super) fn range_mut<R: RangeBounds<u64> + Clone>(
        &mut self,
        range: R,
    ) -> impl DoubleEndedIterator<Item = (u64, &mut u64)> + '_ {
        let top = self.top.as_mut().filter(|(top, _)| range.contains(top)).map(|(top, len)| (*top, len));
        self.rest.range_mut(range).map(|(&offset, len)| (offset, len)).chain(top)
    }

    /// All segments, in offset order.
    pub(super) fn iter(&self) -> impl DoubleEndedIterator<Item = (u64, u64)> + '_ {
        self.range(..)
    }

    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.rest.len() + usize::from(self.top.is_some())
    }
}

/// The same segments, however they are split between the tree and the last.
impl PartialEq for OffsetTree {
    fn eq(&self, other: &Self) -> bool {
        self.iter().eq(other.iter())
    }
}

/// A tree of the given segments, built at once.
impl FromIterator<(u64, u64)> for OffsetTree {
    fn from_iter<I: IntoIterator<Item = (u64, u64)>>(segments: I) -> Self {
        let rest: BTreeMap<u64, u64> = segments.into_iter().collect();
        let rest_last = rest.last_key_value().map(|(&last, _)| last);
        OffsetTree { rest, top: None, rest_last }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holds_the_same_segments_as_a_tree() {
        // Inserts, removes and in-place updates of a small range of offsets, against a
        // plain tree.
        let mut rng = crate::sim::rng::Rng::new(7);
        let (mut t, mut plain) = (OffsetTree::default(), BTreeMap::new());
        for _ in 0..20_000 {
            let (offset, len) = (rng.below(12), rng.below(100));
            match rng.below(3) {
                0 => {
                    t.insert(offset, len);
                    plain.insert(offset, len);
                }
                1 => {
                    t.remove(offset);
                    plain.remove(&offset);
                }
                _ => {
                    if let Some((_, l)) = t.range_mut(..=offset).next_back() {
                        *l = len;
                    }
                    if let Some((_, l)) = plain.range_mut(..=offset).next_back() {
                        *l = len;
                    }
                }
            }
            let want: Vec<(u64, u64)> = plain.iter().map(|(&o, &l)| (o, l)).collect();
            assert_eq!(t.iter().collect::<Vec<_>>(), want);
            assert_eq!(
                t.range(offset..).collect::<Vec<_>>(),
                want.iter().copied().filter(|&(o, _)| o >= offset).collect::<Vec<_>>()
            );
            assert_eq!(t.range(..offset).next_back(), want.iter().copied().rfind(|&(o, _)| o < offset));
            assert_eq!(t.get(offset), plain.get(&offset).copied());
            assert_eq!(t.len(), plain.len());
            assert_eq!(t.rest_last, t.rest.last_key_value().map(|(&o, _)| o));
        }
    }
}
