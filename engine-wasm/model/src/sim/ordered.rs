//! The vdev queues' ordered sets (`vdev_queue.c`'s AVL trees: by offset, by time bucket
//! and offset, by deadline), kept so that no I/O costs a step proportional to the queue.
//!
//! A txg's writes arrive in rising offset order and leave from near the front, so most
//! inserts are appends and most removals take the head: a sorted deque does those in a
//! few nanoseconds, where a B-tree takes tens. But an insert or removal inside a deque
//! shifts the shorter side, and a queue of independent streams (a hundred prefetching
//! readers: a million reads queued) made that a shift of megabytes per I/O. So the set is
//! a deque while it is small or only touched at its ends, and a B-tree once an insert or
//! removal lands inside a deque of `TREE_AT` entries or more; it goes back to a deque
//! below `DEQUE_BELOW`. Each change of form costs a pass over the set, paid for by the
//! thousands of operations between two changes. The order, and so every result, is the
//! same in either form.

use std::collections::{BTreeMap, VecDeque};
use std::ops::Bound::{Excluded, Unbounded};

/// A deque this long or longer becomes a tree when touched inside.
const TREE_AT: usize = 2048;
/// A tree this short becomes a deque again.
const DEQUE_BELOW: usize = 512;

/// An entry that carries its own key (so the deque holds the entries alone).
pub(crate) trait Keyed {
    type Key: Ord + Copy;
    fn key(&self) -> Self::Key;
}

enum Form<T: Keyed> {
    Deque(VecDeque<T>),
    Tree(BTreeMap<T::Key, T>),
}

/// A run of entries around one ([`Ordered::span`]): how many before it and after it, and
/// where it is in the deque.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Span {
    pub(crate) before: usize,
    pub(crate) after: usize,
    at: usize,
}

impl Span {
    /// A run of `before` and `after` entries around a key, its place in the deque unknown
    /// (`take_span` looks it up).
    pub(crate) fn new(before: usize, after: usize) -> Span {
        Span { before, after, at: usize::MAX }
    }
}

/// A set of entries kept in key order (keys unique).
pub(crate) struct Ordered<T: Keyed> {
    form: Form<T>,
}

impl<T: Keyed> Default for Ordered<T> {
    fn default() -> Self {
        Ordered { form: Form::Deque(VecDeque::new()) }
    }
}

/// Where `key` is in the deque, or would go: the ends first (the common cases), then a
/// binary search.
#[inline(always)]
fn position<T: Keyed>(d: &VecDeque<T>, key: &T::Key) -> Result<usize, usize> {
    match (d.front(), d.back()) {
        (Some(first), _) if first.key() == *key => Ok(0),
        (_, Some(last)) if last.key() < *key => Err(d.len()),
        _ => d.binary_search_by(|x| x.key().cmp(key)),
    }
}

impl<T: Keyed> Ordered<T> {
    #[cfg(test)]
    fn len(&self) -> usize {
        match &self.form {
            Form::Deque(d) => d.len(),
            Form::Tree(t) => t.len(),
        }
    }

    fn become_tree(&mut self) {
        if let Form::Deque(d) = &mut self.form {
            let tree = std::mem::take(d).into_iter().map(|x| (x.key(), x)).collect();
            self.form = Form::Tree(tree);
        }
    }

    /// A tree grown short becomes a deque again.
    fn deque_if_short(&mut self) {
        if let Form::Tree(t) = &mut self.form {
            if t.len() < DEQUE_BELOW {
                let deque = std::mem::take(t).into_values().collect();
                self.form = Form::Deque(deque);
            }
        }
    }

    #[inline(always)]
    pub(crate) fn insert(&mut self, item: T) {
        if let Form::Deque(d) = &mut self.form {
            let at = position(d, &item.key()).unwrap_or_else(|i| i);
            if at == d.len() {
                d.push_back(item);
                return;
            }
            if at == 0 {
                d.push_front(item);
                return;
            }
            if d.len() < TREE_AT {
                d.insert(at, item);
                return;
            }
            self.become_tree();
        }
        if let Form::Tree(t) = &mut self.form {
            t.insert(item.key(), item);
        }
    }

    #[inline(always)]
    pub(crate) fn remove(&mut self, key: &T::Key) -> Option<T> {
        if let Form::Deque(d) = &mut self.form {
            let at = position(d, key).ok()?;
            if at == 0 {
                return d.pop_front();
            }
            if at + 1 == d.len() || d.len() < TREE_AT {
                return d.remove(at);
            }
            self.become_tree();
        }
        let Form::Tree(t) = &mut self.form else { return None };
        let removed = t.remove(key);
        self.deque_if_short();
        removed
    }

    #[inline(always)]
    pub(crate) fn get(&self, key: &T::Key) -> Option<&T> {
        match &self.form {
            Form::Deque(d) => position(d, key).ok().and_then(|i| d.get(i)),
            Form::Tree(t) => t.get(key),
        }
    }

    /// The first entry.
    #[inline]
    pub(crate) fn first(&self) -> Option<&T> {
        match &self.form {
            Form::Deque(d) => d.front(),
            Form::Tree(t) => t.first_key_value().map(|(_, x)| x),
        }
    }

    /// The first entry at or after `key`.
    #[inline]
    pub(crate) fn first_from(&self, key: &T::Key) -> Option<&T> {
        match &self.form {
            Form::Deque(d) => d.get(d.partition_point(|x| x.key() < *key)),
            Form::Tree(t) => t.range(key..).next().map(|(_, x)| x),
        }
    }

    /// Walks out from the entry at `key`: back while `more(entry, false)` says so, then
    /// forward while `more(entry, true)` does. The entries taken in before it and after it,
    /// or `None` if `key` is not here.
    #[inline]
    pub(crate) fn span(&self, key: &T::Key, mut more: impl FnMut(&T, bool) -> bool) -> Option<Span> {
        match &self.form {
            Form::Deque(d) => {
                let at = position(d, key).ok()?;
                let before = d.range(..at).rev().take_while(|x| more(x, false)).count();
                let after = d.range(at + 1..).take_while(|x| more(x, true)).count();
                Some(Span { before, after, at })
            }
            Form::Tree(t) => {
                t.get(key)?;
                let before = t.range(..*key).rev().take_while(|(_, x)| more(x, false)).count();
                let after = t.range((Excluded(*key), Unbounded)).take_while(|(_, x)| more(x, true)).count();
                Some(Span { before, after, at: usize::MAX })
            }
        }
    }

    /// Takes out the run [`Self::span`] found around `key` (nothing changed since), in
    /// order, handing each entry to `take`.
    #[inline]
    pub(crate) fn take_span(&mut self, key: &T::Key, span: &Span, mut take: impl FnMut(T)) {
        let Span { before, after, .. } = *span;
        if let Form::Deque(d) = &mut self.form {
            let found = d.get(span.at).is_some_and(|x| x.key() == *key);
            let Ok(at) = (if found { Ok(span.at) } else { position(d, key) }) else { return };
            let (from, to) = (at.saturating_sub(before), (at + after + 1).min(d.len()));
            if from == 0 || to == d.len() || d.len() < TREE_AT {
                d.drain(from..to).for_each(take);
                return;
            }
            self.become_tree();
        }
        let Form::Tree(t) = &mut self.form else { return };
        let mut keys: Vec<T::Key> = t.range(..*key).rev().take(before).map(|(k, _)| *k).collect();
        keys.reverse();
        keys.push(*key);
        keys.extend(t.range((Excluded(*key), Unbounded)).take(after).map(|(k, _)| *k));
        for k in keys {
            if let Some(x) = t.remove(&k) {
                take(x);
            }
        }
        self.deque_if_short();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Rng;

    impl Keyed for (u64, u64) {
        type Key = u64;
        fn key(&self) -> u64 {
            self.0
        }
    }

    /// Every operation, in both forms (small and past `TREE_AT`), against a B-tree.
    #[test]
    fn it_answers_as_a_btree_in_either_form() {
        let mut rng = Rng::new(7);
        for span in [100, 50_000] {
            let (mut o, mut model) = (Ordered::default(), BTreeMap::new());
            for step in 0..40_000u64 {
                // Mostly appends and head removals, as a txg's writes; some anywhere.
                let key = match rng.below(4) {
                    0 => rng.below(span),
                    _ => model.last_key_value().map_or(0, |(k, _)| k + 1 + rng.below(3)),
                };
                if rng.below(3) == 0 {
                    let k = if rng.below(2) == 0 { model.first_key_value().map_or(key, |(k, _)| *k) } else { key };
                    assert_eq!(o.remove(&k), model.remove(&k).map(|v| (k, v)), "step {step}");
                } else if let std::collections::btree_map::Entry::Vacant(e) = model.entry(key) {
                    o.insert((key, step));
                    e.insert(step);
                }
                let entry = |(k, v): (&u64, &u64)| (*k, *v);
                assert_eq!(o.len(), model.len());
                assert_eq!(o.first().copied(), model.first_key_value().map(entry));
                let probe = rng.below(span + 10);
                assert_eq!(o.get(&probe).copied(), model.get_key_value(&probe).map(entry));
                assert_eq!(o.first_from(&probe).copied(), model.range(probe..).next().map(entry));
                // A run around an entry: up to 2 back, up to 3 on, taken out in order.
                if let Some((&k, _)) = model.range(probe..).next() {
                    let (mut back, mut on) = (0, 0);
                    let span = o.span(&k, |_, forward| {
                        let n = if forward { &mut on } else { &mut back };
                        *n += 1;
                        *n <= if forward { 3 } else { 2 }
                    });
                    let span = span.expect("present");
                    let (before, after) = (span.before, span.after);
                    let mut run: Vec<_> = model.range(..k).rev().take(before).map(entry).collect();
                    run.reverse();
                    run.extend(model.range(k..).take(after + 1).map(entry));
                    let after_k = model.range((Excluded(k), Unbounded)).count();
                    assert_eq!((before, after), (model.range(..k).count().min(2), after_k.min(3)));
                    if rng.below(4) == 0 {
                        let mut taken = Vec::new();
                        o.take_span(&k, &span, |x| taken.push(x));
                        assert_eq!(taken, run);
                        for (key, _) in run {
                            model.remove(&key);
                        }
                    }
                }
            }
        }
    }

    #[test]
    fn a_long_deque_touched_inside_becomes_a_tree_and_a_short_tree_a_deque() {
        let mut o = Ordered::default();
        for k in 0..TREE_AT as u64 {
            o.insert((2 * k, 0));
        }
        assert!(matches!(o.form, Form::Deque(_)), "appends keep the deque");
        o.insert((5, 0));
        assert!(matches!(o.form, Form::Tree(_)), "an insert inside a long deque");
        while o.len() >= DEQUE_BELOW {
            let first = o.first().expect("not empty").0;
            o.remove(&first);
        }
        assert!(matches!(o.form, Form::Deque(_)));
    }
}
