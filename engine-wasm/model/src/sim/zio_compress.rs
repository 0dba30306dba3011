//! Compression of a block as it is written (`zio.c` `zio_write_compress()`,
//! `zio_compress.c` `zio_compress_data()`): dirty data counts the block's logical size
//! (`dbuf_dirty()` charges `db_size`), the device sees the compressed size rounded up to
//! the allocation unit, and a block that does not shrink by at least an eighth, or not
//! below its size once rounded, is written as it is. Records compress as their workload
//! says; metadata blocks always do, with LZ4 (`lz4_zfs.rs`).
//!
//! Simplified: a workload's records all compress by the same share (`compressible`, as
//! fio's `buffer_compress_percentage`); the allocation unit is 4 KiB (ashift 12).

/// `spa_min_alloc` at ashift 12 [bytes].
const MIN_ALLOC: u64 = 4096;

/// The bytes written for a record of `lsize` logical bytes of which `compressible`
/// percent compress away.
pub(super) fn psize(lsize: u64, compressible: u64) -> u64 {
    if compressible == 0 {
        return lsize;
    }
    fit(lsize, lsize - lsize * compressible.min(100) / 100)
}

/// The bytes written for a block of `lsize` logical bytes that compresses to `compressed`.
///
/// `zio_compress_data()` keeps an output of at most `lsize - lsize / 8` (the "12.5%" at
/// every tag; from zfs-2.3.0 `zio_get_compression_max_size()` also rounds that limit down
/// to `spa_gcd_alloc`, which changes nothing once the result is rounded below).
/// `zio_write_compress()` rounds it up to the allocation unit and writes the block as it
/// is if that is not smaller: to `spa_min_ashift` from 0.7 to 2.0, `spa_min_alloc` from 2.1
/// (`zio_roundup_alloc_size()` from 2.2); 0.6.x rounds to 512 bytes only, but the
/// vdev then allocates and writes whole sectors (`vdev_psize_to_asize()`, and the I/O is
/// padded to the sector in `zio_vdev_io_start()`), so the device sees the same bytes.
pub(super) fn fit(lsize: u64, compressed: u64) -> u64 {
    if compressed > lsize - (lsize >> 3) {
        return lsize;
    }
    let rounded = compressed.max(1).div_ceil(MIN_ALLOC) * MIN_ALLOC;
    if rounded >= lsize {
        lsize
    } else {
        rounded
    }
}

#[cfg(test)]
mod tests {
    use super::psize;

    #[test]
    fn a_record_shrinks_by_its_compressible_share_in_whole_allocation_units() {
        assert_eq!(psize(128 << 10, 0), 128 << 10);
        assert_eq!(psize(128 << 10, 50), 64 << 10);
        assert_eq!(psize(128 << 10, 60), 52 << 10, "51.2 KiB rounded up to 4 KiB units");
        // Less than an eighth saved: written as it is (zio_compress_data()'s d_len).
        assert_eq!(psize(128 << 10, 10), 128 << 10);
        assert_eq!(psize(128 << 10, 13), 112 << 10);
        // A 4 KiB record cannot shrink below one allocation unit.
        assert_eq!(psize(4 << 10, 90), 4 << 10);
        assert_eq!(psize(8 << 10, 90), 4 << 10);
        assert_eq!(psize(128 << 10, 100), 4 << 10);
    }
}
