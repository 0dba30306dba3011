//! The tables of `lz4_zfs.rs`, recomputed: metadata blocks synthesized as the kernel
//! lays them out, compressed with the kernel's LZ4 (`compress.rs`), the result checked to
//! decompress to the block with an independent LZ4 decoder.

use super::compress::compress;
use super::*;

/// A xorshift generator: the synthesized blocks are the same on every run.
struct Bits(u64);

impl Bits {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

/// The vdev the pointers name: 4 TiB, in the 512-byte sectors a DVA counts
/// (`DVA_GET_OFFSET()`).
const VDEV_SECTORS: u64 = (4 << 40) >> 9;
/// The txg of the synthesized blocks, and how far back their pointers' births go.
const TXG: u64 = 1 << 20;
const BIRTHS: u64 = 1 << 16;
/// The top-level vdevs a DVA names when the pool has several.
const SEVERAL: u64 = 4;
/// `ZIO_COMPRESS_OFF`, `ZIO_COMPRESS_LZ4`, `ZIO_CHECKSUM_FLETCHER_4` (the default
/// checksum, `ZIO_CHECKSUM_ON_VALUE`, and what metadata gets), `DMU_OT_PLAIN_FILE_CONTENTS`.
const COMPRESS_OFF: u64 = 2;
const COMPRESS_LZ4: u64 = 15;
const FLETCHER_4: u64 = 7;
const PLAIN_FILE: u64 = 19;
/// The records an L1 points to: the lab's default recordsize, written as they are.
const RECORD: u64 = 128 << 10;
/// `DNODE_FLAG_USED_BYTES | DNODE_FLAG_USERUSED_ACCOUNTED | DNODE_FLAG_USEROBJUSED_ACCOUNTED`.
const DNODE_FLAGS: u64 = 1 | 2 | 8;

/// The block a pointer points to.
struct Target {
    copies: u64,
    lsize: u64,
    psize: u64,
    compress: u64,
    level: u64,
    fill: u64,
}

/// `fletcher_4_native()` of `bytes` of random data: its sums of 32-bit words.
fn fletcher4(bits: &mut Bits, bytes: u64) -> [u64; 4] {
    let (mut a, mut b, mut c, mut d) = (0u64, 0u64, 0u64, 0u64);
    for _ in 0..bytes / 4 {
        a = a.wrapping_add(bits.next() & 0xffff_ffff);
        b = b.wrapping_add(a);
        c = c.wrapping_add(b);
        d = d.wrapping_add(c);
    }
    [a, b, c, d]
}

fn put(out: &mut Vec<u8>, word: u64) {
    out.extend_from_slice(&word.to_le_bytes());
}

/// One `blkptr_t` (`include/sys/spa.h`: 128 bytes, laid out alike at every tag for an
/// unencrypted block) to `t`, written at some random time before `TXG` at a random
/// 4 KiB-aligned offset of one of `vdevs` top-level vdevs.
fn pointer(out: &mut Vec<u8>, bits: &mut Bits, t: &Target, vdevs: u64) {
    for dva in 0..3 {
        if dva < t.copies {
            // DVA_SET_VDEV() in bits 32-55, DVA_SET_ASIZE() in sectors in bits 0-23;
            // DVA_SET_OFFSET() in sectors.
            put(out, (bits.below(vdevs) << 32) | (t.psize >> 9));
            put(out, bits.below(VDEV_SECTORS >> 3) << 3);
        } else {
            put(out, 0);
            put(out, 0);
        }
    }
    // BP_SET_LSIZE(), BP_SET_PSIZE() (sectors less one), BP_SET_COMPRESS(),
    // BP_SET_CHECKSUM(), BP_SET_TYPE(), BP_SET_LEVEL(), BP_SET_BYTEORDER() (little-endian).
    let sectors = |bytes: u64| (bytes >> 9) - 1;
    put(
        out,
        sectors(t.lsize)
            | sectors(t.psize) << 16
            | t.compress << 32
            | FLETCHER_4 << 40
            | PLAIN_FILE << 48
            | t.level << 56
            | 1 << 63,
    );
    // blk_pad (blk_prop2 from 2.4, zero unencrypted), and the physical birth, zero when
    // it is the logical one (BP_SET_BIRTH()).
    for _ in 0..3 {
        put(out, 0);
    }
    put(out, TXG - bits.below(BIRTHS));
    put(out, t.fill);
    for word in fletcher4(bits, t.psize) {
        put(out, word);
    }
}

/// The block an object's indirect block of `2^shift` bytes points to with every pointer.
fn child(shift: u32, children: Children, spread: bool) -> Target {
    let pointers = 1 << (shift - BLKPTR_SHIFT);
    match children {
        Children::Records => {
            Target { copies: 1, lsize: RECORD, psize: RECORD, compress: COMPRESS_OFF, level: 0, fill: 1 }
        }
        // A full L1, compressed as its own table says, in two copies.
        Children::Metadata => Target {
            copies: 2,
            lsize: 1 << shift,
            psize: indirect_psize(shift, Children::Records, pointers, spread),
            compress: COMPRESS_LZ4,
            level: 1,
            fill: pointers,
        },
    }
}

/// The kernel's LZ4 size of `block` with `zfs_lz4_compress_buf()`'s 4-byte length, once
/// an independent decoder has given the block back from it.
fn lz4_size(block: &[u8]) -> u32 {
    let compressed = compress(block);
    let back = lz4_flex::block::decompress(&compressed, block.len()).map_err(|e| e.to_string());
    assert_eq!(back.as_deref(), Ok(block), "the compressor's output decodes to its input");
    (compressed.len() + 4) as u32
}

/// An indirect block's curve: its LZ4 size with its first `i` sixteenths of pointers
/// filled, the rest holes.
fn indirect_curve(shift: u32, children: Children, spread: bool) -> [u32; 17] {
    let mut bits = Bits(0x9e37_79b9_7f4a_7c15);
    let pointers = 1u64 << (shift - BLKPTR_SHIFT);
    let t = child(shift, children, spread);
    let vdevs = if spread { SEVERAL } else { 1 };
    let mut full = Vec::new();
    for _ in 0..pointers {
        pointer(&mut full, &mut bits, &t, vdevs);
    }
    std::array::from_fn(|i| {
        let filled = (pointers * i as u64 / STEPS) << BLKPTR_SHIFT;
        let mut block = full.clone();
        block[filled as usize..].fill(0);
        lz4_size(&block)
    })
}

/// A dnode block's curve by its dnodes in use, 0 to 32 in steps of 4, each an object of
/// three levels of the lab's records with `each` of its 3 block pointers filled
/// (`dnode_phys_t`, `include/sys/dnode.h`; no bonus buffer, as the lab's objects).
fn dnode_curve(each: u64, spread: bool) -> [u32; 9] {
    let vdevs = if spread { SEVERAL } else { 1 };
    let top = child(17, Children::Metadata, spread);
    let dnode = 1usize << DNODE_SHIFT;
    std::array::from_fn(|i| {
        let mut bits = Bits(0x9e37_79b9_7f4a_7c15);
        let mut block = Vec::new();
        for _ in 0..i as u64 * DNODE_STEP {
            let start = block.len();
            // dn_type, dn_indblkshift, dn_nlevels, dn_nblkptr, dn_bonustype, dn_checksum
            // and dn_compress (inherited), dn_flags; dn_datablkszsec, dn_bonuslen.
            put(&mut block, PLAIN_FILE | 17 << 8 | 3 << 16 | 3 << 24 | DNODE_FLAGS << 56);
            put(&mut block, RECORD >> 9);
            // dn_maxblkid, dn_used (bytes), dn_pad3.
            let maxblkid = bits.below(1 << 20);
            put(&mut block, maxblkid);
            put(&mut block, maxblkid * RECORD);
            for _ in 0..4 {
                put(&mut block, 0);
            }
            for _ in 0..each {
                let t = Target { level: 2, fill: bits.below(1 << 20), ..top };
                pointer(&mut block, &mut bits, &t, vdevs);
            }
            block.resize(start + dnode, 0);
        }
        block.resize(1 << DNODE_BLOCK_SHIFT, 0);
        lz4_size(&block)
    })
}

/// The tables as the source spells them, to paste when the synthesis changes.
fn spelled(tables: &str) -> String {
    tables.replace("], [", "],\n    [")
}

#[test]
fn the_compressor_writes_lz4_that_decodes_to_its_input() {
    let mut bits = Bits(7);
    let random: Vec<u8> = (0..100_000).map(|_| bits.next() as u8).collect();
    let text: Vec<u8> = (0..100_000).map(|i| b"block pointer "[(i * 7 + i / 13) % 14]).collect();
    for n in [0, 1, 12, 13, 14, 4096, 65_546, 65_547, 65_548, 100_000] {
        for input in [&random[..n], &text[..n], &vec![0; n][..]] {
            lz4_size(input);
        }
    }
}

#[test]
fn the_tables_are_the_kernels_lz4_of_synthesized_blocks() {
    for (shift, table) in [(17, &INDIRECT_128K), (14, &INDIRECT_16K)] {
        let computed: [[[u32; 17]; 2]; 2] = [Children::Records, Children::Metadata]
            .map(|children| [false, true].map(|spread| indirect_curve(shift, children, spread)));
        assert_eq!(&computed, table, "2^{shift}-byte indirect blocks:\n{}", spelled(&format!("{computed:?}")));
    }
    let computed: [[[u32; 9]; 3]; 2] = [false, true].map(|spread| [1, 2, 3].map(|each| dnode_curve(each, spread)));
    assert_eq!(computed, DNODE_BLOCK, "dnode blocks:\n{}", spelled(&format!("{computed:?}")));
}

#[test]
fn every_curve_rises_with_what_it_holds() {
    let curves = INDIRECT_128K.iter().chain(&INDIRECT_16K).flatten();
    for curve in curves {
        assert!(curve.windows(2).all(|w| w[0] < w[1]), "{curve:?}");
    }
    for curve in DNODE_BLOCK.iter().flatten() {
        assert!(curve.windows(2).all(|w| w[0] < w[1]), "{curve:?}");
    }
}

/// `zio_write_compress()` on the tables' sizes: a full 128 KiB L1 is 13 sectors on one
/// vdev and 14 over several; one filled pointer, one sector; none, a hole
/// (`zio_compress_data()` finds the block all zeros).
#[test]
fn an_indirect_block_is_written_as_its_filled_pointers_compress() {
    assert_eq!(indirect_psize(17, Children::Records, 1024, false), 52 << 10);
    assert_eq!(indirect_psize(17, Children::Records, 1024, true), 56 << 10);
    assert_eq!(indirect_psize(17, Children::Records, 1, false), 4 << 10);
    assert_eq!(indirect_psize(17, Children::Records, 0, false), 0);
    assert_eq!(indirect_psize(17, Children::Records, 512, false), 28 << 10);
    assert_eq!(indirect_psize(17, Children::Metadata, 1024, false), 64 << 10);
    // 0.6.x's 16 KiB indirect blocks: 128 pointers, two sectors when full.
    assert_eq!(indirect_psize(14, Children::Records, 128, false), 8 << 10);
    assert_eq!(indirect_psize(14, Children::Records, 40, false), 4 << 10);
    for shift in [14, 17] {
        for children in [Children::Records, Children::Metadata] {
            for spread in [false, true] {
                let mut last = 0;
                for filled in 1..=1 << (shift - BLKPTR_SHIFT) {
                    let psize = indirect_psize(shift, children, filled, spread);
                    assert!(psize >= last && psize % 4096 == 0 && psize <= (1 << shift) * 7 / 8, "{filled}");
                    last = psize;
                }
            }
        }
    }
}

/// A dnode block of the lab's objects: one sector while its dnodes hold one pointer each,
/// two once 28 of them hold two.
#[test]
fn a_dnode_block_is_one_sector_or_two() {
    assert_eq!(dnode_block_psize(1, 1, false), 4 << 10);
    assert_eq!(dnode_block_psize(32, 32, true), 4 << 10);
    assert_eq!(dnode_block_psize(20, 40, false), 4 << 10);
    assert_eq!(dnode_block_psize(28, 56, false), 8 << 10);
    assert_eq!(dnode_block_psize(32, 96, true), 8 << 10);
    assert_eq!(dnode_block_psize(0, 0, false), 0);
}
