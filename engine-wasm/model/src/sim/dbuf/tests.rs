use super::*;

/// 128 KiB indirect blocks (0.7 on) and 16 KiB ones (0.6.x, `DN_MAX_INDBLKSHIFT` 14).
const SHIFTS: [u32; 2] = [17, 14];

#[test]
fn a_datasets_meta_dnode_has_six_levels_of_128k_and_seven_of_16k() {
    assert_eq!(meta_dnode_levels(10), 6);
    assert_eq!(meta_dnode_levels(7), 7);
}

#[test]
fn an_object_grows_a_level_past_its_dnodes_pointers_and_each_indirect_block() {
    assert_eq!(levels_for(0, 10), 1);
    assert_eq!(levels_for(2, 10), 1);
    assert_eq!(levels_for(3, 10), 2);
    assert_eq!(levels_for(3 * 1024 - 1, 10), 2);
    assert_eq!(levels_for(3 * 1024, 10), 3);
    assert_eq!(levels_for(3 * 128 - 1, 7), 2);
    assert_eq!(levels_for(3 * 128, 7), 3);
}

/// Every buffer in one set, no shortcuts: what `dirty()` must charge.
struct Plain {
    shift: u32,
    set: std::collections::HashSet<(u64, u32, u64)>,
    maxblkid: std::collections::HashMap<u64, u64>,
}

impl Plain {
    fn new(shift: u32) -> Plain {
        Plain { shift, set: Default::default(), maxblkid: Default::default() }
    }

    /// Inserts the buffers from `(object, 0, blkid)` up `levels`, stopping at the first
    /// already dirty; a whole indirect block for each.
    fn walk(&mut self, object: u64, blkid: u64, levels: u32) -> u64 {
        let (mut level, mut blkid, mut charged) = (0, blkid, 0);
        while level + 1 < levels {
            level += 1;
            blkid >>= self.shift - BLKPTR_SHIFT;
            if !self.set.insert((object, level, blkid)) {
                break;
            }
            charged += 1 << self.shift;
        }
        charged
    }

    fn dirty(&mut self, object: u64, blkid: u64, record: u64) -> (u64, u64) {
        if !self.set.insert((object, 0, blkid)) {
            return (0, 0);
        }
        let max = self.maxblkid.entry(object).or_default();
        *max = (*max).max(blkid);
        let epbs = self.shift - BLKPTR_SHIFT;
        let levels = levels_for(*max, epbs);
        let mut meta = self.walk(object, blkid, levels);
        let dnode_block = object >> (DNODE_BLOCK_SHIFT - DNODE_SHIFT);
        if self.set.insert((META_DNODE, 0, dnode_block)) {
            meta += (1 << DNODE_BLOCK_SHIFT) + self.walk(META_DNODE, dnode_block, meta_dnode_levels(epbs));
        }
        (record, meta)
    }
}

/// The per-object shortcuts (a record run, the last L1, the dnode's txg, the cached
/// levels) charge exactly what dirtying every buffer through one set would, over
/// random mixes of sequential and random writes across txgs.
#[test]
fn the_shortcuts_charge_what_the_plain_set_walk_does() {
    for shift in SHIFTS {
        shortcuts_charge_what_the_plain_set_walk_does(shift);
    }
}

fn shortcuts_charge_what_the_plain_set_walk_does(shift: u32) {
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    let mut next = move |n: u64| {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x % n
    };
    let mut d = Dbufs::new(shift, Spread::default());
    let mut cursor = [0u64; 41];
    let mut previous: std::collections::HashSet<(u64, u32, u64)> = Default::default();
    for txg in 4..16 {
        let mut plain = Plain::new(shift);
        // Each object's highest block carries over from txg to txg.
        for (object, max) in d.objects.iter().enumerate() {
            plain.maxblkid.insert(object as u64 + 1, max.maxblkid);
        }
        for _ in 0..3000 {
            let object = 1 + next(40);
            let blkid = if next(3) == 0 {
                next(1 << 22)
            } else {
                cursor[object as usize] += next(3);
                cursor[object as usize]
            };
            let dirty = plain.set.contains(&(object, 0, blkid));
            let before = previous.contains(&(object, 0, blkid));
            assert_eq!(d.in_memory(txg, object, blkid), dirty, "txg {txg}");
            assert_eq!(d.in_memory(txg - 1, object, blkid), dirty || before, "txg {txg}");
            assert_eq!(d.dirty(txg, object, blkid, 1 << 17), plain.dirty(object, blkid, 1 << 17));
        }
        // Every record of the txg before, runs and map alike, is in memory while that
        // txg is the last synced or later.
        for &(object, level, blkid) in previous.iter().filter(|b| b.0 != META_DNODE && b.1 == 0) {
            let dirty = plain.set.contains(&(object, level, blkid));
            assert!(d.in_memory(txg - 1, object, blkid));
            assert_eq!(d.in_memory(txg, object, blkid), dirty);
        }
        d.start_writing(txg, MetaBlock { charged: 0, physical: 4096, step: u32::MAX, holds: Holds::Sized });
        // Txg `txg - 1` syncs while `txg + 1` opens.
        d.synced(txg - 1);
        previous = plain.set;
    }
}

/// 16 objects each writing a record in a fresh txg: 16 L1s, one dnode block and five
/// meta-dnode indirect blocks, 2.64 MiB, as the reference measured.
#[test]
fn sixteen_objects_dirty_their_l1s_and_one_dnode_path() {
    let mut d = Dbufs::new(17, Spread::default());
    let mut meta = 0;
    for object in 1..=16 {
        d.dirty(4, object, 10, 128 << 10); // block 10: two levels
        meta += d.dirty(4, object, 11, 128 << 10).1;
    }
    let first: u64 = d.meta[slot(4)].iter().map(|m| m.charged).sum();
    assert_eq!(meta, 0, "a second record under the same L1 costs only itself");
    assert_eq!(first, 16 * (128 << 10) + (16 << 10) + 5 * (128 << 10));
    assert_eq!(d.dirty(4, 3, 10, 128 << 10), (0, 0));
    d.start_writing(4, MetaBlock { charged: 0, physical: 4096, step: u32::MAX, holds: Holds::Sized });
    assert_eq!(d.writing.len(), 16 + 1 + 5 + 1);
    assert_eq!(d.dirty(8, 3, 10, 128 << 10).0, 128 << 10, "a new txg dirties afresh");
}

/// The physical sizes `start_writing()` gives the txg's blocks, by what they hold.
fn written(d: &mut Dbufs, txg: u64) -> Vec<(Holds, u64)> {
    d.start_writing(txg, MetaBlock { charged: 0, physical: 4096, step: u32::MAX, holds: Holds::Sized });
    d.writing.iter().map(|b| (b.holds, b.physical)).collect()
}

/// A txg's L1 is written with a pointer for each record its txg wrote, however few
/// there were when the txg first dirtied it: 500 records, 22.7 KiB of LZ4 (`lz4_zfs.rs`),
/// 28 KiB on disk.
#[test]
fn an_l1_holds_every_record_its_txg_wrote() {
    let mut d = Dbufs::new(17, Spread::default());
    for blkid in 0..500 {
        d.dirty(4, 1, blkid, 128 << 10);
    }
    let l1 = written(&mut d, 4).into_iter().find(|(h, _)| matches!(h, Holds::Pointers { object: 1, level: 1, .. }));
    assert_eq!(l1.map(|(_, physical)| physical), Some(28 << 10));
    // The next txg's L1 holds those and its own: 1000 pointers.
    for blkid in 500..1000 {
        d.dirty(8, 1, blkid, 128 << 10);
    }
    let l1 = written(&mut d, 8).into_iter().find(|(h, _)| matches!(h, Holds::Pointers { object: 1, level: 1, .. }));
    assert_eq!(l1.map(|(_, physical)| physical), Some(52 << 10));
}

/// A dnode block holds every object written so far, each with its top-level pointers:
/// 31 objects of one L1 each fit a sector, of two L1s each (1024 to 2047 records) two.
#[test]
fn a_dnode_block_grows_with_its_objects_pointers() {
    for (records, sectors) in [(1000, 1), (2000, 2)] {
        let mut d = Dbufs::new(17, Spread::default());
        for object in 1..=31 {
            d.dirty(4, object, records, 128 << 10);
        }
        let dnodes = written(&mut d, 4).into_iter().find(|(h, _)| matches!(h, Holds::Dnodes { blkid: 0 }));
        assert_eq!(dnodes.map(|(_, physical)| physical), Some(sectors << 12), "{records} records");
    }
}

/// The same on 0.6.x: 16 KiB L1s, and six 16 KiB blocks above the dnode block (the
/// meta-dnode has seven levels of them).
#[test]
fn before_0_7_indirect_blocks_are_16k() {
    let mut d = Dbufs::new(14, Spread::default());
    for object in 1..=16 {
        d.dirty(4, object, 10, 128 << 10);
        assert_eq!(d.dirty(4, object, 11, 128 << 10).1, 0);
    }
    let first: u64 = d.meta[slot(4)].iter().map(|m| m.charged).sum();
    assert_eq!(first, 16 * (16 << 10) + (16 << 10) + 6 * (16 << 10));
    d.start_writing(4, MetaBlock { charged: 0, physical: 4096, step: u32::MAX, holds: Holds::Sized });
    assert_eq!(d.writing.len(), 16 + 1 + 6 + 1);
}
