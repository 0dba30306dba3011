//! Where blocks go (`metaslab_alloc()`): the rotor gives each top-level vdev
//! `metaslab_aliquot` bytes in turn; inside it, the vdev's metaslab allocator picks the
//! offset when the scenario models one (`metaslab.rs`), else a sequential cursor does. A
//! rewritten record's old copy is freed (copy-on-write) two txgs after the one that
//! replaced it (`TXG_DEFER_SIZE`). ZIL blocks go to a log area at the end of each vdev.

use super::metaslab::Allocator;
use super::vdev::AllocClass;
use super::Sim;
use rustc_hash::FxHashMap;
use std::collections::VecDeque;

/// Txgs a freed block waits before it can be allocated again (`TXG_DEFER_SIZE`).
const TXG_DEFER: u64 = 2;

pub(super) struct Placement {
    tops: Vec<Allocator>,
    /// Each rewritable record's current copy: (top-level vdev, offset, size). Looked up by
    /// key only, never walked, so a hash map: a rewrite of a random record of a large file
    /// is one probe, where a tree of half a million records cost a search through cold
    /// nodes (most of the S11 presets' time).
    blocks: FxHashMap<u64, (usize, u64, u64)>,
    /// Frees waiting for their txg to be old enough: (txg, top, offset, size).
    deferred: VecDeque<(u64, usize, u64, u64)>,
    fill_at_start: Vec<u64>,
    /// Work left for loading metaslabs (placing their starting holes): the budget's
    /// events, spent alongside them.
    work: u64,
}

impl Sim {
    /// Where the next block of `psize` bytes of data goes in the normal class.
    pub(super) fn alloc_data(&mut self, psize: u64) -> (usize, u64) {
        self.alloc_in(AllocClass::Normal, psize)
    }

    /// Where the next block of `psize` bytes goes in `class` (normal or special): each of
    /// its top-level vdevs gets its `mg_aliquot` of allocated bytes (`Top::aliquot`), then
    /// the next.
    pub(super) fn alloc_in(&mut self, class: AllocClass, psize: u64) -> (usize, u64) {
        let (first, _) = self.classes.range(class);
        let top = first + self.rotor[usize::from(class == AllocClass::Special)].0;
        let size = self.tops[top].asize(psize);
        self.rotor_count(class, top, size);
        (top, self.cursor_alloc(top, size))
    }

    /// `size` allocated bytes on `top` in `class` count towards the rotor's aliquot
    /// (`metaslab_alloc_dva()`): once the bytes given reach the vdev's `mg_aliquot`, the
    /// rotor moves on to the vdev after it. A block's first copy is on the rotor's vdev;
    /// a further copy follows the copy before it, and counts only in releases where every
    /// DVA does (`Release::copies_turn_rotor`).
    pub(super) fn rotor_count(&mut self, class: AllocClass, top: usize, size: u64) {
        let (first, n) = self.classes.range(class);
        let r = usize::from(class == AllocClass::Special);
        let (at, given) = self.rotor[r];
        if first + at != top && !self.scenario.models.release.copies_turn_rotor() {
            return;
        }
        let given = given + size;
        self.rotor[r] = if given >= self.tops[top].aliquot && n > 1 { ((top - first + 1) % n, 0) } else { (at, given) };
    }

    /// The next `size` bytes of `top`'s data area, from its cursor.
    pub(super) fn cursor_alloc(&mut self, top: usize, size: u64) -> u64 {
        let t = &mut self.tops[top];
        if t.data_cursor + size > t.capacity / 10 * 9 {
            t.data_cursor = 0; // The data area is full: reuse it from the start.
        }
        let offset = t.data_cursor;
        t.data_cursor += size;
        offset
    }

    /// Where the next ZIL block of `top` goes: a log area at the end of the vdev.
    pub(super) fn alloc_zil(&mut self, top: usize, size: u64) -> u64 {
        let t = &mut self.tops[top];
        if t.zil_cursor + size > t.capacity {
            t.zil_cursor = t.capacity / 10 * 9;
        }
        let offset = t.zil_cursor;
        t.zil_cursor += size;
        offset
    }

    pub(super) fn placement_init(&mut self) {
        let Some(spec) = self.scenario.pool.allocator.clone() else { return };
        let tops: Vec<Allocator> = self.tops[..self.data_tops]
            .iter()
            .map(|t| Allocator::new(t.capacity / 10 * 9, spec.clone(), &mut self.rng))
            .collect();
        let fill_at_start = tops.first().map(Allocator::fill).unwrap_or_default();
        let work = self.scenario.budget.max_events;
        self.placement =
            Some(Placement { tops, blocks: FxHashMap::default(), deferred: VecDeque::new(), fill_at_start, work });
    }

    /// Work spent loading metaslabs, counted against the budget with the events.
    pub(super) fn placement_work(&self) -> u64 {
        self.placement.as_ref().map_or(0, |p| self.scenario.budget.max_events - p.work)
    }

    /// `spa_preferred_class()`: metadata goes to the special class when the pool has one,
    /// and so do data blocks of at most `special_small_blocks` (the class's metadata
    /// reserve is never reached: the lab's runs write far less than a device holds).
    pub(super) fn preferred_class(&self, metadata: bool, psize: u64) -> AllocClass {
        let small = psize <= self.scenario.pool.special_small_blocks;
        if self.classes.special > 0 && (metadata || small) {
            AllocClass::Special
        } else {
            AllocClass::Normal
        }
    }

    /// Where a block of the syncing `txg` goes; `key` names a record that may have an older
    /// copy to free.
    pub(super) fn place_block(&mut self, size: u64, key: Option<u64>, txg: u64, class: AllocClass) -> (usize, u64) {
        if class != AllocClass::Normal {
            return self.alloc_in(class, size);
        }
        let (top, cursor_offset) = self.alloc_data(size);
        (top, self.place_on(top, size, cursor_offset, key, txg))
    }

    /// Where a block of the normal class goes on `top`, once the vdev is chosen: its
    /// allocator's offset when the scenario models one (the cursor's if it is full), else
    /// the cursor's.
    pub(super) fn place_on(&mut self, top: usize, size: u64, cursor_offset: u64, key: Option<u64>, txg: u64) -> u64 {
        let size = self.tops[top].asize(size);
        let Some(p) = self.placement.as_mut() else { return cursor_offset };
        let offset = p.tops[top].alloc(size, &mut p.work).unwrap_or(cursor_offset);
        if let Some(k) = key {
            if let Some((old_top, old_offset, old_size)) = p.blocks.insert(k, (top, offset, size)) {
                p.deferred.push_back((txg, old_top, old_offset, old_size));
            }
        }
        offset
    }

    /// A further copy of a block on `top`, where `near` are the offsets of its earlier
    /// copies: by the vdev's allocator when the scenario models one
    /// (`Allocator::alloc_apart`), else `None`.
    pub(super) fn place_apart(&mut self, top: usize, asize: u64, k: usize, near: &[u64]) -> Option<u64> {
        let p = self.placement.as_mut()?;
        p.tops.get_mut(top)?.alloc_apart(asize, k, near, &mut p.work)
    }

    /// Txg `synced` is on disk: frees deferred long enough become free space.
    pub(super) fn placement_synced(&mut self, synced: u64) {
        let Some(p) = self.placement.as_mut() else { return };
        while let Some(&(txg, top, offset, size)) = p.deferred.front() {
            if txg + TXG_DEFER > synced {
                break;
            }
            p.deferred.pop_front();
            p.tops[top].free(offset, size, &mut p.work);
        }
    }

    /// Each top-level vdev's allocator, and the first one's metaslab fill at the start of
    /// the run [%], when the scenario models the allocator.
    pub fn allocators(&self) -> Option<(&[Allocator], &[u64])> {
        self.placement.as_ref().map(|p| (p.tops.as_slice(), p.fill_at_start.as_slice()))
    }

    /// Best-fit allocations so far, all vdevs together (for the per-interval series).
    pub(super) fn best_fit_allocations(&self) -> (u64, u64) {
        self.placement.as_ref().map_or((0, 0), |p| {
            p.tops
                .iter()
                .fold((0, 0), |(b, a), t| (b + t.counters.best_fit, a + t.counters.best_fit + t.counters.first_fit))
        })
    }
}
