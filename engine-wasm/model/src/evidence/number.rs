//! The numbers OpenZFS's tools print, read back exactly where they can be, and printed as
//! `zfs_nicenum()` prints them.
//!
//! `zpool iostat` prints sizes and counts with `zfs_nicenum()` (`lib/libzutil/
//! zutil_nicenum.c`): 1024-based, suffixes `K M G T P E`, up to three significant digits
//! (`2.37K`, `137M`), and latencies with `zfs_nicetime()`: 1000-based `ns us ms s`
//! (`336ns`, `41ms`); a zero latency prints `-`. Under a non-C locale the decimal point
//! is a comma (`11,4T`). `-p` prints exact integers. All readers here are locale-free and
//! integer-only: a decimal mantissa is kept in thousandths, so `2.37K` is
//! 2370 * 1024 / 1000 = 2426 bytes (what `2.37K` stands for, rounded down).

/// What `zfs_nicenum()` prints for `n` (the reports' tables, the import's messages): powers of 1024 with `K M G T P E`, exact multiples as integers,
/// otherwise the most decimals (2, 1, 0) that fit in 5 characters; zero is `0`.
pub fn print_nicenum(n: u64) -> String {
    let units = ["", "K", "M", "G", "T", "P", "E"];
    let mut i = 0;
    let mut v = n;
    while v >= 1024 && i + 1 < units.len() {
        v /= 1024;
        i += 1;
    }
    if i == 0 || n % (1u64 << (10 * i)) == 0 {
        return format!("{v}{}", units[i]);
    }
    let x = n as f64 / (1u64 << (10 * i)) as f64;
    for decimals in [2, 1, 0] {
        let s = format!("{x:.decimals$}{}", units[i]);
        if s.len() <= 5 {
            return s;
        }
    }
    format!("{v}{}", units[i])
}

/// A count or size as `zfs_nicenum()` or `-p` prints it: `1234`, `2.37K`, `11,4T`,
/// `137M`, `-` (zero), optionally followed by `B` (`1.5GB`, `512B`).
pub fn nicenum(text: &str) -> Option<u64> {
    let t = text.trim();
    if t == "-" {
        return Some(0);
    }
    let t = t.strip_suffix('B').unwrap_or(t);
    let t = t.strip_suffix('i').unwrap_or(t);
    let (mantissa, shift) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (&t[..i], binary_shift(c.to_ascii_uppercase())?),
        _ => (t, 0),
    };
    let thousandths = decimal_thousandths(mantissa)?;
    // thousandths * 2^shift / 1000, in 128 bits so that `16E` cannot overflow on the way.
    let v = (u128::from(thousandths) << shift) / 1000;
    u64::try_from(v).ok()
}

/// The power of two of a 1024-based suffix, `K` (10) to `E` (60), as `zfs_nicenum()` and
/// bpftrace print them.
pub fn binary_shift(suffix: char) -> Option<u32> {
    Some(match suffix {
        'K' => 10,
        'M' => 20,
        'G' => 30,
        'T' => 40,
        'P' => 50,
        'E' => 60,
        _ => return None,
    })
}

/// A duration as `zfs_nicetime()` or `-p` prints it, in ns: `336ns`, `1.5us`, `41ms`,
/// `2s`, a bare integer (ns, as `-p` prints), `-` (zero).
pub fn nicetime(text: &str) -> Option<u64> {
    let t = text.trim();
    if t == "-" {
        return Some(0);
    }
    let split = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
    let (mantissa, unit) = t.split_at(split);
    let per: u64 = match unit {
        "" | "ns" => 1,
        "us" | "µs" => 1_000,
        "ms" => 1_000_000,
        "s" => 1_000_000_000,
        _ => return None,
    };
    let thousandths = decimal_thousandths(mantissa)?;
    let v = u128::from(thousandths) * u128::from(per) / 1000;
    u64::try_from(v).ok()
}

/// A plain unsigned integer, with no suffix (`-p` columns, kstat values).
pub fn integer(text: &str) -> Option<u64> {
    let t = text.trim();
    if t.is_empty() || !t.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    t.parse().ok()
}

/// A signed integer as C's `%d`/`%lld` prints it: `-12`, `+7`, `345` (signed kstats,
/// DTrace bucket values), with no suffix.
pub fn signed_integer(text: &str) -> Option<i128> {
    let t = text.trim();
    let (negative, digits) = match t.strip_prefix('-') {
        Some(rest) => (true, rest),
        None => (false, t.strip_prefix('+').unwrap_or(t)),
    };
    if digits.is_empty() || digits.len() > 38 || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let v: i128 = digits.parse().ok()?;
    Some(if negative { -v } else { v })
}

/// `12.5`, `12,5` or `12` in thousandths (12500); at most three decimals are kept.
pub fn decimal_thousandths(text: &str) -> Option<u64> {
    let t = text.trim();
    let (whole, frac) = match t.find(['.', ',']) {
        Some(p) => (&t[..p], &t[p + 1..]),
        None => (t, ""),
    };
    if whole.is_empty() && frac.is_empty() {
        return None;
    }
    if !whole.bytes().all(|b| b.is_ascii_digit()) || !frac.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let whole: u64 = if whole.is_empty() { 0 } else { whole.parse().ok()? };
    let mut f: u64 = 0;
    for (i, b) in frac.bytes().take(3).enumerate() {
        f += u64::from(b - b'0') * [100, 10, 1][i];
    }
    whole.checked_mul(1000)?.checked_add(f)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn print_nicenum_prints_what_zfs_nicenum_prints() {
        assert_eq!(print_nicenum(0), "0");
        assert_eq!(print_nicenum(10 * 1024), "10K");
        assert_eq!(print_nicenum(1536), "1.50K");
        assert_eq!(print_nicenum(10_300), "10.1K");
        assert_eq!(print_nicenum(1_048_575), "1024K");
        assert_eq!(print_nicenum(123_000_000), "117M");
        // What the import's partial-tree message printed (`tree_sum.rs`).
        assert_eq!(print_nicenum(1700), "1.66K");
        assert_eq!(print_nicenum(72_980_000), "69.6M");
        assert_eq!(print_nicenum(390_070_272), "372M");
        assert_eq!(print_nicenum(1023), "1023");
    }

    #[test]
    fn nicenum_reads_what_zfs_nicenum_prints() {
        assert_eq!(nicenum("0"), Some(0));
        assert_eq!(nicenum("-"), Some(0));
        assert_eq!(nicenum("512"), Some(512));
        assert_eq!(nicenum("137M"), Some(137 << 20));
        assert_eq!(nicenum("2.37K"), Some(2370 * 1024 / 1000));
        assert_eq!(nicenum("11,4T"), Some((11_400u128 << 40) as u64 / 1000));
        assert_eq!(nicenum("1.5GB"), Some(3 << 29));
        assert_eq!(nicenum("16E"), None);
        assert_eq!(nicenum("abc"), None);
        assert_eq!(nicenum("1.2.3"), None);
    }

    #[test]
    fn nicetime_reads_what_zfs_nicetime_prints() {
        assert_eq!(nicetime("336ns"), Some(336));
        assert_eq!(nicetime("41ms"), Some(41_000_000));
        assert_eq!(nicetime("1.5us"), Some(1_500));
        assert_eq!(nicetime("17s"), Some(17_000_000_000));
        assert_eq!(nicetime("-"), Some(0));
        assert_eq!(nicetime("12345"), Some(12_345));
        assert_eq!(nicetime("5 parsecs"), None);
    }

    #[test]
    fn signed_integer_reads_what_printf_d_prints() {
        assert_eq!(signed_integer("-12"), Some(-12));
        assert_eq!(signed_integer(" 345 "), Some(345));
        assert_eq!(signed_integer("+7"), Some(7));
        assert_eq!(signed_integer("18446744073709551615"), Some(u64::MAX as i128));
        assert_eq!(signed_integer("-"), None);
        assert_eq!(signed_integer("1e3"), None);
        assert_eq!(signed_integer("9".repeat(60).as_str()), None);
    }
}
