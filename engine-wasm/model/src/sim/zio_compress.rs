//! Compression of a record's data as it is written (`zio.c` `zio_write_compress()`,
//! `zio_compress.c` `zio_compress_data()`): dirty data counts the record's logical size
//! (`dbuf_dirty()` charges `db_size`), the device sees the compressed size rounded up to
//! the allocation unit, and a record that does not shrink by at least an eighth, or not
//! below its size once rounded, is written as it is.
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
    let compressed = lsize - lsize * compressible.min(100) / 100;
    // zio_compress_data(): the output must fit in lsize - lsize / 8, else no compression.
    if compressed > lsize - (lsize >> 3) {
        return lsize;
    }
    // zio_write_compress(): rounded up to the allocation unit; no gain, no compression.
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
