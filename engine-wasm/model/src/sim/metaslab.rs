//! The metaslab allocator of 2009-2010 (`metaslab.c`; seed 003, S11): each top-level vdev
//! divided into metaslabs of free segments; the metaslab chosen by weight (free space with
//! a lower-LBA bonus, the used-metaslab bonus, the current "primary" first), and inside it
//! dynamic fit: first fit from a cursor, or best fit once the metaslab's free share drops
//! below `metaslab_df_free_pct` or its largest free segment below
//! `metaslab_df_alloc_threshold`. Copy-on-write frees the old copy of a rewritten block.
//!
//! The two policies are the seed's: 2009/Q3 (switch to best fit at 70% full, the primary
//! kept until an allocation fails, a used metaslab's weight doubled) and 2010/Q1 (96%, the
//! primary given up once its largest free segment is below 128 KiB, and the used-metaslab
//! bonus of `metaslab_smo_bonus_pct` = 150, which integer arithmetic makes 150/100 = 1: the
//! source wins over the seed's "prefer unused metaslabs sooner" here).

mod apart;

use super::metaslab_load::starting_segments;
use super::metaslab_offset::OffsetTree;
use super::metaslab_size::SizeTree;
use super::rng::Rng;
use crate::scenario::allocator::{AllocPolicy, AllocatorSpec};
use serde::Serialize;

/// Free space of one metaslab: segments by offset and by (size, offset). Until it is
/// loaded only its free space is known (as the space map's summary is), and its segment
/// trees stand empty.
#[derive(Clone, Debug, Default)]
struct Metaslab {
    start: u64,
    size: u64,
    free: u64,
    by_offset: OffsetTree,
    by_size: SizeTree,
    cursor: u64,
    used: bool,
    loaded: bool,
    /// Seeds the placement of its starting holes, so that a metaslab looks the same
    /// whenever it is loaded.
    seed: u64,
}

impl Metaslab {
    fn new(start: u64, size: u64, seed: u64) -> Self {
        Metaslab { start, size, free: size, cursor: start, seed, ..Metaslab::default() }
    }

    /// Adds the free segment `(offset, len)`, merged with the neighbours it touches (as
    /// `space_map_add()` merges with the segments before and after it in the offset tree).
    fn add_free(&mut self, offset: u64, len: u64) {
        // One search of the offset tree finds both neighbours: the last segment starting at
        // or before `end` is the next one if it starts at `end`, and the one before it (or it)
        // the previous one. A previous segment that grows keeps its key: its length is updated
        // in place, not removed and inserted again.
        let end = offset + len;
        let mut near = self.by_offset.range_mut(..=end);
        let mut last = near.next_back();
        let next = match last {
            Some((o, &mut nlen)) if o == end => {
                last = near.next_back();
                Some(nlen)
            }
            _ => None,
        };
        drop(near);
        let prev = match last {
            // A segment starting inside the freed range: space freed twice (a block placed
            // at the fallback cursor); merged the general way below.
            Some((o, _)) if o >= offset => return self.add_free_overlapping(offset, len),
            Some((o, plen)) if o + *plen == offset => Some((o, plen)),
            _ => None,
        };
        match (prev, next) {
            (Some((p, plen)), next) => {
                let old = *plen;
                let merged = old + len + next.unwrap_or(0);
                *plen = merged;
                self.by_size.remove(&(old, p));
                if let Some(nlen) = next {
                    self.remove_seg(end, nlen);
                }
                self.by_size.insert((merged, p));
            }
            (None, Some(nlen)) => {
                self.remove_seg(end, nlen);
                self.by_offset.insert(offset, len + nlen);
                self.by_size.insert((len + nlen, offset));
            }
            (None, None) => {
                self.by_offset.insert(offset, len);
                self.by_size.insert((len, offset));
            }
        }
    }

    /// `add_free` for space that may overlap free segments: the same merges, each neighbour
    /// looked up on its own.
    fn add_free_overlapping(&mut self, mut offset: u64, mut len: u64) {
        let before = self.by_offset.range(..offset).next_back();
        if let Some((prev, plen)) = before {
            if prev + plen == offset {
                self.remove_seg(prev, plen);
                offset = prev;
                len += plen;
            }
        }
        if let Some(nlen) = self.by_offset.get(offset + len) {
            self.remove_seg(offset + len, nlen);
            len += nlen;
        }
        self.by_offset.insert(offset, len);
        self.by_size.insert((len, offset));
    }

    fn remove_seg(&mut self, offset: u64, len: u64) {
        self.by_offset.remove(offset);
        self.by_size.remove(&(len, offset));
    }

    fn largest(&self) -> u64 {
        self.by_size.last().map_or(0, |(len, _)| len)
    }

    /// Takes `size` bytes at `offset` out of the free segment `(seg, len)` holding them.
    fn carve(&mut self, seg: u64, len: u64, offset: u64, size: u64) {
        self.remove_seg(seg, len);
        if offset > seg {
            self.by_offset.insert(seg, offset - seg);
            self.by_size.insert((offset - seg, seg));
        }
        let end = offset + size;
        if end < seg + len {
            self.by_offset.insert(end, seg + len - end);
            self.by_size.insert((seg + len - end, end));
        }
        self.free -= size;
        self.used = true;
    }

    /// `metaslab_df_alloc()`: first fit from the cursor, or best fit when the metaslab is
    /// nearly full or fragmented. Returns the offset and whether best fit was used.
    fn alloc(&mut self, size: u64, spec: &AllocatorSpec) -> Option<(u64, bool)> {
        let best = self.largest() < spec.df_alloc_threshold || self.free * 100 / self.size.max(1) < spec.df_free_pct;
        let found = if best {
            self.by_size.first_from((size, 0)).map(|(len, off)| (off, len))
        } else {
            let after = self.by_offset.range(self.cursor..).find(|&(_, len)| len >= size);
            after.or_else(|| self.by_offset.range(..self.cursor).find(|&(_, len)| len >= size))
        };
        let (seg, len) = found?;
        // A segment straddling the cursor is entered at its start, as the offset tree does.
        self.carve(seg, len, seg, size);
        self.cursor = seg + size;
        Some((seg, best))
    }

    fn release(&mut self, offset: u64, size: u64) {
        self.free += size;
        self.add_free(offset, size);
    }
}

/// Counts of how allocations went.
#[derive(Clone, Debug, Default, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AllocCounters {
    pub first_fit: u64,
    pub best_fit: u64,
    pub failed: u64,
    pub frees: u64,
    /// Times the primary metaslab was given up for another.
    pub switches: u64,
}

/// The allocator of one top-level vdev.
#[derive(Clone, Debug)]
pub struct Allocator {
    spec: AllocatorSpec,
    metaslabs: Vec<Metaslab>,
    ms_shift: u32,
    primary: Option<usize>,
    /// The metaslabs active for blocks' second and third copies on this vdev
    /// (`METASLAB_WEIGHT_SECONDARY`), `alloc_apart`.
    secondary: [Option<usize>; 2],
    pub counters: AllocCounters,
}

/// `highbit()`: the 1-based index of the highest set bit.
fn highbit(x: u64) -> u32 {
    64 - x.leading_zeros()
}

impl Allocator {
    /// Metaslabs as the legacy `vdev_metaslab_set_size()` sizes them (100 to 199), over the
    /// first `asize` bytes, in the starting state the spec asks for: the first fill +
    /// holes percent of each written, `holes` of it single free blocks at random places.
    /// Only each metaslab's free space is set now; its holes are placed when it is loaded
    /// (`metaslab_load()`, on its first allocation or free), so set-up costs nothing
    /// whatever the disk's size, and a run pays only for the metaslabs it touches.
    pub fn new(asize: u64, spec: AllocatorSpec, rng: &mut Rng) -> Self {
        let ms_shift = highbit(asize / 200).max(17);
        let size = 1u64 << ms_shift;
        let count = asize >> ms_shift;
        let base = rng.next_u64();
        let block = spec.fill_block.max(512);
        let fill = spec.fill_percent.min(100);
        let holes = spec.holes_percent.min(100 - fill);
        let metaslabs = (0..count)
            .map(|i| {
                let seed = base ^ (i + 1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
                let mut m = Metaslab::new(i * size, size, seed);
                let blocks = size / block;
                let written = blocks * (fill + holes) / 100;
                let kept = written - blocks * holes / 100;
                m.free = size - kept * block;
                m.cursor = m.start + written * block;
                m.used = written > 0;
                m
            })
            .collect();
        Allocator { spec, metaslabs, ms_shift, primary: None, secondary: [None; 2], counters: AllocCounters::default() }
    }

    /// `metaslab_load()`: metaslab `i`'s free segments, its starting holes placed
    /// (`metaslab_load::starting_segments`). Each block sampled costs one unit of `work`;
    /// `false` once the work runs out (the metaslab is then part-placed, and the run stops
    /// on its budget). Its segment trees stand empty until then: allocations and frees
    /// load a metaslab before they touch it.
    fn load(&mut self, i: usize, work: &mut u64) -> bool {
        let block = self.spec.fill_block.max(512);
        let fill = self.spec.fill_percent.min(100);
        let holes = self.spec.holes_percent.min(100 - fill);
        let Some(m) = self.metaslabs.get_mut(i) else { return true };
        if m.loaded {
            return true;
        }
        m.loaded = true;
        let blocks = m.size / block;
        let (written, freed) = (blocks * (fill + holes) / 100, blocks * holes / 100);
        let (segments, complete) = starting_segments(m.seed, m.size, block, written, freed, work);
        let summary = m.free;
        m.free = segments.iter().map(|&(_, len)| len).sum();
        m.by_offset = segments.iter().map(|&(offset, len)| (m.start + offset, len)).collect();
        // By length, offsets kept in order within one length: (length, offset) order, which
        // the tree's own sort then finds already there.
        let mut by_size: Vec<(u64, u64)> = segments.iter().map(|&(offset, len)| (len, m.start + offset)).collect();
        by_size.sort_by_key(|&(len, _)| len);
        m.by_size = by_size.into_iter().collect();
        debug_assert!(!complete || m.free == summary, "the loaded segments hold the free space the summary said");
        complete
    }

    pub fn metaslab_count(&self) -> usize {
        self.metaslabs.len()
    }

    /// `metaslab_weight()` of the legacy allocator: free space, doubled at the lowest LBA
    /// falling to about once at the highest, times the used-metaslab bonus.
    fn weight(&self, i: usize) -> u64 {
        let m = &self.metaslabs[i];
        let n = self.metaslabs.len() as u64;
        let space = m.free;
        let mut w = 2 * space - (i as u64 * space) / n.max(1);
        if m.used && self.spec.policy == AllocPolicy::Y2009 {
            w *= 2; // METASLAB_SMO_BONUS_MULTIPLIER
        }
        // 2010: metaslab_smo_bonus_pct = 150, so w * (150 / 100) = w.
        w
    }

    /// `metaslab_group_alloc()`: `size` bytes, or `None` when no metaslab has room.
    /// Loading metaslabs spends `work` (see `load`).
    pub fn alloc(&mut self, size: u64, work: &mut u64) -> Option<u64> {
        if let Some(p) = self.primary {
            let keep = match self.spec.policy {
                AllocPolicy::Y2009 => true,
                // 2010: stop favouring the primary once its largest free segment is small.
                AllocPolicy::Y2010 => self.metaslabs[p].largest() >= self.spec.df_alloc_threshold,
            };
            if keep {
                if let Some(offset) = self.alloc_in(p, size) {
                    return Some(offset);
                }
            }
        }
        for i in self.by_weight(size) {
            if !self.load(i, work) {
                return None;
            }
            if let Some(offset) = self.alloc_in(i, size) {
                if self.primary.is_some_and(|p| p != i) {
                    self.counters.switches += 1;
                }
                self.primary = Some(i);
                return Some(offset);
            }
        }
        self.counters.failed += 1;
        None
    }

    /// The metaslabs that may hold `size` bytes, heaviest first, ties by offset. A loaded
    /// metaslab is left out when no segment fits; an unloaded one is kept if its free space
    /// could hold the block (loading it will tell).
    fn by_weight(&self, size: u64) -> Vec<usize> {
        let fits = |m: &Metaslab| if m.loaded { m.largest() >= size } else { m.free >= size };
        let mut order: Vec<usize> = (0..self.metaslabs.len()).filter(|&i| fits(&self.metaslabs[i])).collect();
        order.sort_by_key(|&i| (std::cmp::Reverse(self.weight(i)), i));
        order
    }

    fn alloc_in(&mut self, i: usize, size: u64) -> Option<u64> {
        let (offset, best) = self.metaslabs[i].alloc(size, &self.spec)?;
        if best {
            self.counters.best_fit += 1;
        } else {
            self.counters.first_fit += 1;
        }
        Some(offset)
    }

    /// Frees `size` bytes at `offset` (copy-on-write: a rewritten block's old copy).
    pub fn free(&mut self, offset: u64, size: u64, work: &mut u64) {
        let i = (offset >> self.ms_shift) as usize;
        if !self.load(i, work) {
            return;
        }
        if let Some(m) = self.metaslabs.get_mut(i) {
            m.release(offset, size);
            self.counters.frees += 1;
        }
    }

    /// Each metaslab's allocated share [%].
    pub fn fill(&self) -> Vec<u64> {
        self.metaslabs.iter().map(|m| (m.size - m.free) * 100 / m.size.max(1)).collect()
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;

    const K: u64 = 1 << 10;
    const M: u64 = 1 << 20;

    /// Plenty of work for loading metaslabs.
    pub(super) const WORK: u64 = u64::MAX;

    pub(super) fn aged(asize: u64, spec: AllocatorSpec) -> Allocator {
        Allocator::new(asize, spec, &mut Rng::new(1))
    }

    pub(super) fn spec(fill: u64, holes: u64) -> AllocatorSpec {
        AllocatorSpec { fill_percent: fill, holes_percent: holes, ..AllocatorSpec::for_policy(AllocPolicy::Y2010) }
    }

    /// Loads every metaslab, checking each against the free space it was said to have.
    fn load_all(a: &mut Allocator) {
        for i in 0..a.metaslabs.len() {
            let summary = a.metaslabs[i].free;
            assert!(a.load(i, &mut { WORK }));
            let m = &a.metaslabs[i];
            assert_eq!(m.by_offset.iter().map(|(_, len)| len).sum::<u64>(), summary, "metaslab {i}");
        }
    }

    #[test]
    fn set_up_places_nothing_and_loading_stops_when_its_work_runs_out() {
        // A 4 TB disk at 62% + 8% holes: set-up costs nothing, loading one metaslab is
        // about a million samples, and stops at the work given.
        let mut a = aged(4_000_000_000_000, spec(62, 8));
        assert!(a.metaslabs.iter().all(|m| !m.loaded && m.by_offset.len() == 0));
        assert!(a.fill().iter().all(|&f| (61..=62).contains(&f)), "{:?}", &a.fill()[..3]);
        let mut work = 1_000;
        assert!(!a.load(0, &mut work));
        assert_eq!(work, 0);
        assert_eq!(a.alloc(8 * K, &mut work), None, "no work left to load a metaslab");
        // All holes: nothing is kept, so nothing is sampled; the cursor stands at the end.
        let mut a = aged(4_000_000_000_000, spec(0, 100));
        let mut work = 0;
        assert!(a.load(0, &mut work), "no sampling");
        assert!(a.fill().iter().all(|&f| f == 0));
        assert_eq!(a.metaslabs[0].cursor, a.metaslabs[0].size);
        // More holes than kept blocks: the kept blocks are written, holes are the rest.
        let mut a = aged(200 * 16 * M, spec(10, 80));
        load_all(&mut a);
        assert!(a.fill().iter().all(|&f| f == 10), "{:?}", &a.fill()[..3]);
    }

    #[test]
    fn a_metaslab_is_the_same_whenever_it_is_loaded() {
        // Its holes come from its own seed, not from the order metaslabs are loaded in.
        let mut a = aged(200 * 16 * M, spec(62, 8));
        let mut b = aged(200 * 16 * M, spec(62, 8));
        for i in (0..a.metaslabs.len()).rev() {
            assert!(b.load(i, &mut { WORK }));
        }
        load_all(&mut a);
        for (x, y) in a.metaslabs.iter().zip(&b.metaslabs) {
            assert_eq!(x.by_offset, y.by_offset);
            assert_eq!((x.free, x.cursor, x.used), (y.free, y.cursor, y.used));
        }
        // Holes in 8% of the written 70%: many single blocks, the rest one run.
        let m = &a.metaslabs[3];
        assert!(m.by_offset.len() > 100, "{}", m.by_offset.len());
        assert_eq!(m.largest(), m.size - (m.cursor - m.start));
    }

    fn alloc(policy: AllocPolicy, fill: u64) -> Allocator {
        let spec = AllocatorSpec { fill_percent: fill, holes_percent: 8, ..AllocatorSpec::for_policy(policy) };
        aged(200 * 16 * M, spec)
    }

    #[test]
    fn metaslabs_number_100_to_199_as_the_legacy_formula_gives() {
        for asize in [64 * M * 200, 3 * (1 << 30), 4_000_000_000_000] {
            let a = aged(asize, AllocatorSpec::for_policy(AllocPolicy::Y2010));
            assert!((100..=199).contains(&a.metaslab_count()), "{asize}: {}", a.metaslab_count());
        }
    }

    #[test]
    fn an_empty_metaslab_gives_consecutive_blocks_first_fit() {
        let mut a = aged(200 * 16 * M, AllocatorSpec::for_policy(AllocPolicy::Y2010));
        let first = a.alloc(8 * K, &mut { WORK }).expect("room");
        for i in 1..100 {
            assert_eq!(a.alloc(8 * K, &mut { WORK }), Some(first + i * 8 * K));
        }
        assert_eq!(a.counters.best_fit, 0);
    }

    #[test]
    fn past_the_free_threshold_best_fit_fills_the_smallest_hole() {
        // 2009 switches at 70% full: a metaslab 72% full, with 8% of holes among its
        // written blocks, gives those single holes, not consecutive space.
        let mut a = alloc(AllocPolicy::Y2009, 72);
        let offsets: Vec<u64> = (0..50).map(|_| a.alloc(8 * K, &mut { WORK }).expect("room")).collect();
        assert!(a.counters.best_fit >= 50, "{:?}", a.counters);
        let adjacent = offsets.windows(2).filter(|w| w[1] == w[0] + 8 * K).count();
        assert!(adjacent < 25, "{adjacent}");
        // 2010 keeps first fit at 72% full: the cursor goes on through the free run.
        let mut b = alloc(AllocPolicy::Y2010, 72);
        let offsets: Vec<u64> = (0..50).map(|_| b.alloc(8 * K, &mut { WORK }).expect("room")).collect();
        assert_eq!(b.counters.best_fit, 0);
        assert!(offsets.windows(2).all(|w| w[1] == w[0] + 8 * K), "first fit gives consecutive blocks");
    }

    #[test]
    fn frees_merge_and_the_lower_lba_wins_at_equal_free_space() {
        let mut a = aged(200 * 16 * M, AllocatorSpec::for_policy(AllocPolicy::Y2010));
        let x = a.alloc(8 * K, &mut { WORK }).expect("room");
        assert_eq!(x, 0, "the first metaslab weighs most");
        let y = a.alloc(8 * K, &mut { WORK }).expect("room");
        a.free(x, 8 * K, &mut { WORK });
        a.free(y, 8 * K, &mut { WORK });
        assert_eq!(a.fill()[0], 0);
        assert_eq!(a.metaslabs[0].by_offset.len(), 1, "merged back into one segment");
    }
}
