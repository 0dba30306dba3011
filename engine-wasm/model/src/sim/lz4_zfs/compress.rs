//! The kernel's LZ4 block compressor (`module/zfs/lz4.c` up to zfs-2.1.0,
//! `module/zfs/lz4_zfs.c` from zfs-2.2.0; the same algorithm and parameters at every tag
//! from zfs-0.6.4 to zfs-2.4.0), written out so that the tables of `lz4_zfs.rs` can be
//! recomputed: its output is a plain LZ4 block, but its match finder (a hash of 4 KiB
//! entries for inputs over 64 KiB, 8 KiB of 16-bit ones below, skipping faster after each
//! run of misses) finds fewer matches than other LZ4 compressors do, and the sizes must be
//! the kernel's. Test code only: the engine reads the tables.

/// `MINMATCH`: the shortest match.
const MIN_MATCH: usize = 4;
/// `LASTLITERALS`: the last bytes are always literals.
const LAST_LITERALS: usize = 5;
/// `MFLIMIT` (`COPYLENGTH + MINMATCH`): no match starts this close to the end.
const MF_LIMIT: usize = 12;
/// `SKIPSTRENGTH`: after every 2^6 misses the search steps one byte further.
const SKIP_STRENGTH: u32 = 6;
/// `MAX_DISTANCE`: the farthest a match may look back (the 16-bit offset).
const MAX_DISTANCE: usize = 65535;
/// `ML_MASK`, `RUN_MASK`: the token's 4-bit lengths, 15 meaning "more bytes follow".
const LENGTH_MASK: usize = 15;
/// `LZ4_64KLIMIT`: below it, `LZ4_compress64kCtx()` with a table of `HASHLOG64K` bits.
const LIMIT_64K: usize = (1 << 16) + (MF_LIMIT - 1);
/// `HASH_LOG` (`COMPRESSIONLEVEL`, 12) and `HASHLOG64K` (13).
const HASH_LOG: u32 = 12;
const HASH_LOG_64K: u32 = 13;

fn read32(b: &[u8], i: usize) -> u32 {
    u32::from_le_bytes([b[i], b[i + 1], b[i + 2], b[i + 3]])
}

/// A length past the token's 15: bytes of 255, then the rest.
fn push_length(out: &mut Vec<u8>, mut len: usize) {
    while len >= 255 {
        out.push(255);
        len -= 255;
    }
    out.push(len as u8);
}

/// `real_LZ4_compress()`: `src` as one LZ4 block, without the 4-byte length
/// `lz4_compress_zfs()` puts before it.
pub(super) fn compress(src: &[u8]) -> Vec<u8> {
    let n = src.len();
    let small = n < LIMIT_64K;
    let bits = if small { HASH_LOG_64K } else { HASH_LOG };
    let hash = |i: usize| (read32(src, i).wrapping_mul(2_654_435_761) >> (32 - bits)) as usize;
    // Every entry starts at position 0, as the zeroed table of the C does.
    let mut table = vec![0usize; 1 << bits];
    // Only the large-input variant bounds the distance: below 64 KiB every position is near.
    let near = |r: usize, ip: usize| small || r + MAX_DISTANCE >= ip;
    let mut out = Vec::with_capacity(n / 2);
    let mut anchor = 0;
    if n > MF_LIMIT {
        let mf_limit = n - MF_LIMIT;
        let match_limit = n - LAST_LITERALS;
        let mut ip = 1;
        let mut forward_hash = hash(ip);
        'search: loop {
            // Find a match, stepping further after each 64 misses.
            let mut attempts = (1u32 << SKIP_STRENGTH) + 3;
            let mut forward = ip;
            let mut r;
            loop {
                let h = forward_hash;
                ip = forward;
                forward = ip + (attempts >> SKIP_STRENGTH) as usize;
                attempts += 1;
                if forward > mf_limit {
                    break 'search;
                }
                forward_hash = hash(forward);
                r = table[h];
                table[h] = ip;
                if near(r, ip) && read32(src, r) == read32(src, ip) {
                    break;
                }
            }
            // Extend the match backwards over equal bytes.
            while ip > anchor && r > 0 && src[ip - 1] == src[r - 1] {
                ip -= 1;
                r -= 1;
            }
            let mut token = out.len();
            let literals = ip - anchor;
            out.push((literals.min(LENGTH_MASK) << 4) as u8);
            if literals >= LENGTH_MASK {
                push_length(&mut out, literals - LENGTH_MASK);
            }
            out.extend_from_slice(&src[anchor..ip]);
            loop {
                out.extend_from_slice(&((ip - r) as u16).to_le_bytes());
                ip += MIN_MATCH;
                r += MIN_MATCH;
                anchor = ip;
                while ip < match_limit && src[ip] == src[r] {
                    ip += 1;
                    r += 1;
                }
                let len = ip - anchor;
                out[token] += len.min(LENGTH_MASK) as u8;
                if len >= LENGTH_MASK {
                    push_length(&mut out, len - LENGTH_MASK);
                }
                if ip > mf_limit {
                    anchor = ip;
                    break 'search;
                }
                table[hash(ip - 2)] = ip - 2;
                // A match right at the next position takes no literals.
                let h = hash(ip);
                r = table[h];
                table[h] = ip;
                if near(r, ip) && read32(src, r) == read32(src, ip) {
                    token = out.len();
                    out.push(0);
                    continue;
                }
                anchor = ip;
                ip += 1;
                forward_hash = hash(ip);
                break;
            }
        }
    }
    let last = n - anchor;
    out.push((last.min(LENGTH_MASK) << 4) as u8);
    if last >= LENGTH_MASK {
        push_length(&mut out, last - LENGTH_MASK);
    }
    out.extend_from_slice(&src[anchor..]);
    out
}
