//! Completions due at known times, for the devices whose completion times are fixed when a
//! request is accepted (a LUN, an injected delay, an HDD's cached-write acknowledgements).

use std::collections::VecDeque;

/// Completions due at known times, earliest first; ties in the order they were added.
///
/// Kept as a deque sorted by time, ties in arrival order: what a device pushes is nearly
/// always due no earlier than everything already pending (a fixed latency or a transfer
/// after `now`, and `now` only grows), so a push is an append and a drain pops the front,
/// where a binary heap sifted every entry on both. A push due earlier is inserted after
/// the last entry due no later than it, which keeps the same order the heap's
/// (time, arrival) keys gave.
#[derive(Default)]
pub struct DueQueue {
    due: VecDeque<(u64, u32)>,
}

impl DueQueue {
    pub fn push(&mut self, time: u64, id: u32) {
        match self.due.back() {
            Some(&(last, _)) if last > time => {
                let at = self.due.partition_point(|&(t, _)| t <= time);
                self.due.insert(at, (time, id));
            }
            _ => self.due.push_back((time, id)),
        }
    }

    /// Moves every completion due by `now` into `completed`.
    pub fn drain_due(&mut self, now: u64, completed: &mut Vec<u32>) {
        while let Some(&(t, id)) = self.due.front() {
            if t > now {
                break;
            }
            self.due.pop_front();
            completed.push(id);
        }
    }

    pub fn next_time(&self) -> Option<u64> {
        self.due.front().map(|&(t, _)| t)
    }

    pub fn is_empty(&self) -> bool {
        self.due.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::DueQueue;
    use crate::sim::rng::Rng;
    use std::cmp::Reverse;
    use std::collections::BinaryHeap;

    /// The deque against the binary heap on (time, arrival) it replaced: random pushes,
    /// mostly in time order as devices make them, some earlier, many ties, and drains.
    #[test]
    fn drains_in_the_order_a_heap_on_time_and_arrival_gives() {
        let mut rng = Rng::new(3);
        for case in 0..500 {
            let (mut q, mut heap, mut seq) = (DueQueue::default(), BinaryHeap::new(), 0u64);
            let mut now = 0;
            for _ in 0..rng.below(400) {
                if rng.below(3) == 0 {
                    now += rng.below(50);
                    let mut got = Vec::new();
                    q.drain_due(now, &mut got);
                    let mut want = Vec::new();
                    while heap.peek().is_some_and(|&Reverse((t, _, _))| t <= now) {
                        let Reverse((_, _, id)) = heap.pop().unwrap();
                        want.push(id);
                    }
                    assert_eq!(got, want, "case {case}");
                } else {
                    let time = match rng.below(4) {
                        0 => now + rng.below(5),
                        1 => now + rng.below(200),
                        _ => now + 100 + rng.below(20),
                    };
                    let id = rng.below(1000) as u32;
                    q.push(time, id);
                    seq += 1;
                    heap.push(Reverse((time, seq, id)));
                }
                assert_eq!(q.next_time(), heap.peek().map(|&Reverse((t, _, _))| t));
                assert_eq!(q.is_empty(), heap.is_empty());
            }
        }
    }
}
