//! What LZ4 makes of the metadata blocks the lab writes (`dmu.c` `dmu_write_policy()`,
//! `lz4_zfs.c` `zfs_lz4_compress()`), read from tables rather than compressed per block.
//!
//! At every tag from zfs-0.6.4 to zfs-2.4.0, `dmu_write_policy()` compresses a metadata
//! block (`ismd`: an indirect block, a dnode block, any block of a metadata type) whatever
//! the dataset's `compression` property: LZ4 when the pool's `lz4_compress` feature is
//! active, else LZJB (0.6.4 asks `spa_feature_is_active()` itself; from 0.6.5
//! `zio_compress_select(spa, ZIO_COMPRESS_ON, ZIO_COMPRESS_ON)` does). The feature is
//! active from the moment it is enabled (`activate_on_enable` in `zfeature_common.c` at
//! every tag), and `zpool create` enables every feature: the lab's pools use LZ4. Until
//! 0.7 the `zfs_mdcomp_disable` tunable (default 0) could turn metadata compression off;
//! zfs-0.8.0 removed it (commit b1d217338a). `zio_write_compress()` then keeps the result
//! only if it saves an eighth and a whole allocation unit (`zio_compress.rs`), and writes
//! an all-zero block as a hole.
//!
//! An indirect block is an array of 128-byte block pointers, a hole being all zeros; what
//! a filled pointer holds barely compresses: its DVAs' offsets, its birth txg and its
//! 32-byte checksum are each its own, and only its sizes, types and the zeros between
//! repeat from pointer to pointer. The tables below are the kernel's LZ4 output size (with
//! the 4-byte length `zfs_lz4_compress_buf()` puts before it) of synthesized blocks whose
//! first pointers are filled and the rest holes; their test (`lz4_zfs/tests.rs`) rebuilds
//! the blocks and recompresses them with the kernel's algorithm (`lz4_zfs/compress.rs`,
//! whose sizes were checked equal to `lz4_zfs.c` compiled from zfs-2.4.0 on these very
//! blocks). A filled pointer is synthesized as one to a block written at some random
//! time before, the steady state of a file rewritten at random: a random 4 KiB-aligned
//! offset on a 4 TiB vdev, a birth txg among the 65536 before, the fletcher4 checksum of
//! random data (of a 128 KiB record, the lab's default, for an L1's pointers). Whether the
//! pointers name one top-level vdev or several matters (the vdev id sits next to the
//! size in each DVA): a full 128 KiB L1 compresses to 51,667 bytes on one vdev and 55,526
//! over several, so 52 or 56 KiB on disk instead of 128. The spread of births matters
//! less (pointers all of one txg: about 46 KiB), the record size and the vdev's size
//! hardly at all. Which pointers are filled is `dbuf.rs`'s to say.

/// What the pointers of an indirect block point to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Children {
    /// Records (level 0 of an object): one copy each, one per pointer.
    Records,
    /// Metadata blocks (indirect blocks, dnode blocks): two copies, two DVAs per pointer.
    Metadata,
}

/// `SPA_BLKPTRSHIFT`: a block pointer is 128 bytes.
const BLKPTR_SHIFT: u32 = 7;
/// `DNODE_SHIFT`, `DNODE_BLOCK_SHIFT`: 512-byte dnodes in 16 KiB blocks.
const DNODE_SHIFT: u32 = 9;
const DNODE_BLOCK_SHIFT: u32 = 14;

/// Points of an indirect block's curve: its pointers in sixteenths.
const STEPS: u64 = 16;

/// `[children][vdevs]`: the compressed bytes of a 128 KiB indirect block whose first
/// `i * 1024 / 16` pointers are filled, `i` from 0 to 16, for `Children::Records` then
/// `Children::Metadata`, on one top-level vdev then several.
const INDIRECT_128K: [[[u32; 17]; 2]; 2] = [
    [
        [
            528, 3798, 6994, 10149, 13303, 16336, 19577, 22761, 26045, 29196, 32370, 35501, 38745, 41968, 45217, 48424,
            51667,
        ],
        [
            528, 4048, 7550, 10959, 14374, 17765, 21251, 24605, 28110, 31564, 34917, 38389, 41817, 45241, 48663, 52069,
            55526,
        ],
    ],
    [
        [
            528, 4500, 8394, 12306, 16149, 20012, 23844, 27654, 31548, 35402, 39224, 43063, 46856, 50756, 54621, 58480,
            62311,
        ],
        [
            528, 4859, 9152, 13425, 17625, 21819, 26092, 30317, 34449, 38648, 42879, 47099, 51305, 55509, 59727, 63940,
            68127,
        ],
    ],
];
/// The same for the 16 KiB indirect blocks of 0.6.x (128 pointers).
const INDIRECT_16K: [[[u32; 17]; 2]; 2] = [
    [
        [79, 521, 948, 1356, 1743, 2146, 2558, 2965, 3348, 3725, 4104, 4498, 4907, 5328, 5747, 6140, 6519],
        [79, 537, 982, 1420, 1835, 2266, 2706, 3155, 3598, 4042, 4475, 4922, 5348, 5783, 6226, 6652, 7059],
    ],
    [
        [79, 596, 1076, 1565, 2068, 2557, 3048, 3534, 4033, 4507, 5001, 5490, 5981, 6461, 6908, 7408, 7884],
        [79, 633, 1157, 1691, 2235, 2760, 3293, 3837, 4362, 4880, 5410, 5944, 6470, 7004, 7516, 8041, 8562],
    ],
];
/// `[vdevs][pointers per dnode - 1][k / 4]`: the compressed bytes of a 16 KiB dnode
/// block whose first `k` dnodes (0 to 32 in steps of 4) are in use, each with 1, 2 or 3
/// of its block pointers filled (pointers to its top-level indirect blocks).
const DNODE_BLOCK: [[[u32; 9]; 3]; 2] = [
    [
        [79, 471, 842, 1207, 1557, 1917, 2272, 2625, 2984],
        [79, 724, 1357, 1961, 2584, 3222, 3844, 4458, 5077],
        [79, 1014, 1925, 2822, 3715, 4594, 5475, 6369, 7233],
    ],
    [
        [79, 502, 886, 1271, 1668, 2045, 2413, 2786, 3160],
        [79, 791, 1472, 2154, 2822, 3489, 4168, 4811, 5474],
        [79, 1080, 2036, 2958, 3932, 4877, 5844, 6798, 7728],
    ],
];
/// Dnodes per dnode block, and the table's step.
const DNODES: u64 = 1 << (DNODE_BLOCK_SHIFT - DNODE_SHIFT);
const DNODE_STEP: u64 = 4;

/// Between two points of a curve, rounded up.
fn between(low: u32, high: u32, part: u64, whole: u64) -> u64 {
    u64::from(low) + (u64::from(high.saturating_sub(low)) * part).div_ceil(whole)
}

/// The bytes written for an indirect block of `2^shift` bytes whose first `filled`
/// pointers point to `children`, on one top-level vdev or several (`spread`). No filled
/// pointer: a hole, nothing written.
pub(super) fn indirect_psize(shift: u32, children: Children, filled: u64, spread: bool) -> u64 {
    let pointers = 1u64 << (shift - BLKPTR_SHIFT);
    if filled == 0 {
        return 0;
    }
    let tables = if shift >= 17 { &INDIRECT_128K } else { &INDIRECT_16K };
    let curve = &tables[children as usize][usize::from(spread)];
    let at = filled.min(pointers) * STEPS;
    let (i, part) = ((at / pointers) as usize, at % pointers);
    let compressed = match curve.get(i + 1) {
        Some(&high) => between(curve[i], high, part, pointers),
        None => u64::from(curve[i]),
    };
    super::zio_compress::fit(1 << shift, compressed)
}

/// The bytes written for a 16 KiB dnode block holding `dnodes` objects with `pointers`
/// filled top-level block pointers among them (1 to 3 each, `dn_nblkptr`), on one
/// top-level vdev or several (`spread`).
pub(super) fn dnode_block_psize(dnodes: u64, pointers: u64, spread: bool) -> u64 {
    let block = 1 << DNODE_BLOCK_SHIFT;
    if dnodes == 0 {
        return 0;
    }
    let dnodes = dnodes.min(DNODES);
    // Dnodes of mixed pointer counts are taken at the mean, rounded up.
    let each = pointers.div_ceil(dnodes).clamp(1, 3);
    let curve = &DNODE_BLOCK[usize::from(spread)][each as usize - 1];
    let (i, part) = ((dnodes / DNODE_STEP) as usize, dnodes % DNODE_STEP);
    let compressed = match curve.get(i + 1) {
        Some(&high) => between(curve[i], high, part, DNODE_STEP),
        None => u64::from(curve[i]),
    };
    super::zio_compress::fit(block, compressed)
}

#[cfg(test)]
mod compress;
#[cfg(test)]
mod tests;
