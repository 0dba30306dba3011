//! The yardstick for the engine's speed: a bare event loop on the same `BinaryHeap`, whose
//! events do nothing but schedule the next one. The benchmark runs it beside the engine in
//! the same process and reports the engine's events per second as a fraction of it.

use super::events::HeapQueue;
use super::rng::Rng;

/// Processes `events` events with `pending` of them in the queue at any time; returns a
/// checksum so the work cannot be optimised away.
pub fn bare_heap_loop(events: u64, pending: u32) -> u64 {
    let mut q: HeapQueue<u32> = HeapQueue::default();
    let mut rng = Rng::new(1);
    for i in 0..pending.max(1) {
        q.push(rng.below(1_000_000), i);
    }
    let mut checksum = 0u64;
    for _ in 0..events {
        let Some((t, e)) = q.pop() else { break };
        checksum = checksum.wrapping_add(t ^ u64::from(e));
        q.push(t + 1 + rng.below(1_000_000), e);
    }
    checksum
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_bare_loop_is_deterministic() {
        assert_eq!(super::bare_heap_loop(10_000, 64), super::bare_heap_loop(10_000, 64));
    }
}
