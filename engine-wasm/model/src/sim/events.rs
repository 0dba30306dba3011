//! The event queue: ordered by (time, sequence), so events at the same instant run in the
//! order they were scheduled (FIFO), whatever the heap does internally.
//!
//! A third of the events are scheduled for the instant being processed (a thread woken
//! now, the sync timer re-armed now). They go to a FIFO instead of the heap: every entry
//! of the FIFO has the same time and a higher sequence number than the one before, so it
//! is sorted, and popping the smaller of the FIFO's front and the heap's top by (time,
//! sequence) gives exactly the order of a single heap, without its O(log n) push and pop.
//!
//! Some sources schedule each event mostly no earlier than their previous one (the write
//! delay's wakeups, serialised through `dp_last_wakeup`; the legacy throttle's tick after
//! now; a paced client's next call; a copy's commit a fixed time after now): with a
//! thousand delayed writers they are nearly all of the heap. They go to a second sorted
//! FIFO (`push_ordered`) while each keeps to its back's time or later, to the heap when
//! one does not, and pop takes the smallest of the three fronts, so the order is still the
//! single heap's. (A lane per source measured slower: one more front to compare per pop.)

use std::cmp::Ordering;
use std::collections::{BinaryHeap, VecDeque};

struct Entry<E> {
    time: u64,
    seq: u64,
    event: E,
}

impl<E> PartialEq for Entry<E> {
    fn eq(&self, other: &Self) -> bool {
        (self.time, self.seq) == (other.time, other.seq)
    }
}
impl<E> Eq for Entry<E> {}
impl<E> PartialOrd for Entry<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Entry<E> {
    /// Reversed, so the max-heap pops the earliest (time, seq) first.
    fn cmp(&self, other: &Self) -> Ordering {
        (other.time, other.seq).cmp(&(self.time, self.seq))
    }
}

/// The engine queue's entry: (time, seq) as one number, `time << 64 | seq`, whose order is
/// the pair's (time first, then seq), compared in one go rather than field by field.
/// (`Entry` stays as it was for the benchmark's yardstick, `HeapQueue`.)
struct Keyed<E> {
    key: u128,
    event: E,
}

impl<E> Keyed<E> {
    fn new(time: u64, seq: u64, event: E) -> Self {
        Keyed { key: u128::from(time) << 64 | u128::from(seq), event }
    }

    fn time(&self) -> u64 {
        (self.key >> 64) as u64
    }
}

impl<E> PartialEq for Keyed<E> {
    fn eq(&self, other: &Self) -> bool {
        self.key == other.key
    }
}
impl<E> Eq for Keyed<E> {}
impl<E> PartialOrd for Keyed<E> {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}
impl<E> Ord for Keyed<E> {
    /// Reversed, as `Entry`'s.
    fn cmp(&self, other: &Self) -> Ordering {
        other.key.cmp(&self.key)
    }
}

/// A priority queue of events in simulated nanoseconds.
pub struct EventQueue<E> {
    heap: BinaryHeap<Keyed<E>>,
    /// Events at one instant (the last popped, when they were pushed), in sequence order.
    same_instant: VecDeque<Keyed<E>>,
    /// Events pushed with `push_ordered`, while each came no earlier than the one before.
    ordered: VecDeque<Keyed<E>>,
    /// The time of the last event popped.
    now: u64,
    seq: u64,
}

impl<E> Default for EventQueue<E> {
    fn default() -> Self {
        EventQueue { heap: BinaryHeap::new(), same_instant: VecDeque::new(), ordered: VecDeque::new(), now: 0, seq: 0 }
    }
}

impl<E> EventQueue<E> {
    // Both pushes are a few instructions, called once or twice per event from a dozen
    // places: inlined, the event is built where it is stored rather than passed through
    // memory to a call (8 KB more code natively; left to itself the compiler keeps the
    // call).
    #[inline(always)]
    pub fn push(&mut self, time: u64, event: E) {
        self.seq += 1;
        let entry = Keyed::new(time, self.seq, event);
        if self.at_this_instant(time) {
            self.same_instant.push_back(entry);
        } else {
            self.heap.push(entry);
        }
    }

    /// Like `push`, for a source whose events mostly come in time order: cheaper then.
    #[inline(always)]
    pub fn push_ordered(&mut self, time: u64, event: E) {
        self.seq += 1;
        let entry = Keyed::new(time, self.seq, event);
        if self.at_this_instant(time) {
            self.same_instant.push_back(entry);
        } else if self.ordered.back().map_or(true, |b| time >= b.time()) {
            self.ordered.push_back(entry);
        } else {
            self.heap.push(entry);
        }
    }

    /// The FIFO stays sorted only if every entry has its back's time: after an event from
    /// the past was popped, `now` may differ from the time of the entries still in it.
    fn at_this_instant(&self, time: u64) -> bool {
        time == self.now && self.same_instant.back().map_or(true, |b| b.time() == time)
    }

    pub fn pop(&mut self) -> Option<(u64, E)> {
        // The smallest (time, seq) of the three fronts. The heap may still hold events due
        // at this instant that were scheduled earlier (lower sequence numbers): those run
        // first, as from one heap. An empty one counts as `u128::MAX`, which no entry's key
        // reaches (its seq would be the 2^64-1st push); keys are unique, so there are no ties
        // but between empty ones, and when all three are empty the heap's pop says so.
        let key = |e: Option<&Keyed<E>>| e.map_or(u128::MAX, |e| e.key);
        let (heap, same, ordered) = (key(self.heap.peek()), key(self.same_instant.front()), key(self.ordered.front()));
        let e = if same < heap && same < ordered {
            self.same_instant.pop_front()?
        } else if ordered < heap {
            self.ordered.pop_front()?
        } else {
            self.heap.pop()?
        };
        self.now = e.time();
        Some((self.now, e.event))
    }
}

/// The plain binary heap of (time, sequence) the engine's queue started as: the yardstick
/// of the benchmark (`bench.rs`), kept as it was so that its figures compare across versions.
pub struct HeapQueue<E> {
    heap: BinaryHeap<Entry<E>>,
    seq: u64,
}

impl<E> Default for HeapQueue<E> {
    fn default() -> Self {
        HeapQueue { heap: BinaryHeap::new(), seq: 0 }
    }
}

impl<E> HeapQueue<E> {
    pub fn push(&mut self, time: u64, event: E) {
        self.seq += 1;
        self.heap.push(Entry { time, seq: self.seq, event });
    }

    pub fn pop(&mut self) -> Option<(u64, E)> {
        self.heap.pop().map(|e| (e.time, e.event))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sim::rng::Rng;

    #[test]
    fn earliest_first_and_ties_in_schedule_order() {
        let mut q = EventQueue::default();
        q.push(5, 'c');
        q.push(1, 'a');
        q.push(5, 'd');
        q.push(1, 'b');
        let order: Vec<char> = std::iter::from_fn(|| q.pop().map(|(_, e)| e)).collect();
        assert_eq!(order, ['a', 'b', 'c', 'd']);
    }

    #[test]
    fn an_event_scheduled_earlier_for_this_instant_runs_before_one_scheduled_now() {
        let mut q = EventQueue::default();
        q.push(10, "timer");
        q.push(10, "earlier");
        assert_eq!(q.pop(), Some((10, "timer")));
        // Pushed at the current instant: it goes to the FIFO, yet "earlier" (still in the
        // heap, same time, lower sequence) must come out first.
        q.push(10, "now");
        assert_eq!(q.pop(), Some((10, "earlier")));
        assert_eq!(q.pop(), Some((10, "now")));
        assert_eq!(q.pop(), None);
    }

    #[test]
    fn an_event_in_the_past_runs_first_and_the_instant_after_it_keeps_its_order() {
        let mut q = EventQueue::default();
        q.push(10, 'a');
        assert_eq!(q.pop(), Some((10, 'a')));
        q.push(10, 'b');
        q.push(3, 'p');
        assert_eq!(q.pop(), Some((3, 'p')));
        // `now` is 3 here while 'b' (time 10) waits in the FIFO: a push at 3 may not go
        // behind it.
        q.push(3, 'q');
        q.push(10, 'c');
        let order: Vec<(u64, char)> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, [(3, 'q'), (10, 'b'), (10, 'c')]);
    }

    #[test]
    fn an_ordered_source_out_of_order_still_pops_in_time_order() {
        let mut q = EventQueue::default();
        q.push_ordered(20, 'c');
        q.push_ordered(30, 'd');
        q.push_ordered(10, 'a'); // Earlier than the lane's back: to the heap.
        q.push(20, 'e');
        q.push_ordered(15, 'b');
        let order: Vec<(u64, char)> = std::iter::from_fn(|| q.pop()).collect();
        assert_eq!(order, [(10, 'a'), (15, 'b'), (20, 'c'), (20, 'e'), (30, 'd')]);
    }

    /// Random schedules (many events at the instant popped, some at once-popped instants,
    /// a few in the past, an ordered source that keeps to time order but now and then),
    /// interleaved pushes and pops: the same order as the plain heap.
    #[test]
    fn pops_in_the_order_of_the_plain_heap() {
        for seed in 0..200 {
            let mut rng = Rng::new(seed);
            let (mut q, mut plain) = (EventQueue::default(), HeapQueue::default());
            let mut now = 0u64;
            let mut id = 0u32;
            let mut last_ordered = 0u64;
            for _ in 0..2_000 {
                for _ in 0..rng.below(4) {
                    let time = match rng.below(12) {
                        0..=3 => now,
                        4..=7 => now + rng.below(20),
                        8 => now.saturating_sub(rng.below(5)),
                        9 => rng.below(1_000),
                        _ => {
                            // The ordered source: its last time or later, rarely earlier.
                            last_ordered = match rng.below(20) {
                                0 => now + rng.below(10),
                                _ => last_ordered.max(now) + rng.below(15),
                            };
                            q.push_ordered(last_ordered, id);
                            plain.push(last_ordered, id);
                            id += 1;
                            continue;
                        }
                    };
                    q.push(time, id);
                    plain.push(time, id);
                    id += 1;
                }
                let (a, b) = (q.pop(), plain.pop());
                assert_eq!(a, b, "seed {seed}");
                if let Some((t, _)) = a {
                    now = t;
                }
            }
            while let Some(b) = plain.pop() {
                assert_eq!(q.pop(), Some(b), "seed {seed}");
            }
            assert_eq!(q.pop(), None);
        }
    }
}
