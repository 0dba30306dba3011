//! fio's numbers, read as its `parse.c` reads them: sizes (`check_str_bytes()`), times
//! (`check_str_time()`), and the `read,write[,trim]` lists of the options that take one
//! value per direction (bs, rate, rate_iops).

/// A size in bytes: a whole number (decimal, or hexadecimal after `0x`) and a unit.
/// `__get_mult_bytes()`: k, m, g, t, p (or kb, mb, …) are powers of `kb_base`, 1024 unless
/// the job sets `kb_base=1000`; kib, mib, … are powers of the *other* base: in fio's default
/// "compatibility mode" `128KiB` is 128,000 bytes (HOWTO, kb_base: "power-of-10 values with
/// IEC prefixes"), and under `kb_base=1000` it is 131,072.
pub fn bytes(value: &str, kb_base: u64) -> Result<u64, String> {
    let v = value.trim();
    let (digits, unit, radix) = match v.strip_prefix("0x").or_else(|| v.strip_prefix("0X")) {
        Some(hex) => (hex, "", 16),
        None => {
            let end = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
            (&v[..end], &v[end..], 10)
        }
    };
    if digits.is_empty() {
        return Err("not a number".into());
    }
    let n = u64::from_str_radix(digits, radix).map_err(|_| "not a whole number of bytes fio can hold".to_string())?;
    let unit = unit.to_ascii_lowercase();
    if unit.starts_with('.') {
        // strtoll() stops at the point and no unit follows the digits: fio takes `1.5g` as 1.
        return Err(format!("fio reads a fraction as its whole part ({n} bytes): write it in a smaller unit"));
    }
    if unit.starts_with('%') {
        return Err("a share of the file or device is not modelled: give a size".into());
    }
    let other = if kb_base == 1000 { 1024 } else { 1000 };
    let (power, base) = match unit.as_str() {
        "" | "b" => (0, kb_base),
        "k" | "kb" => (1, kb_base),
        "m" | "mb" => (2, kb_base),
        "g" | "gb" => (3, kb_base),
        "t" | "tb" => (4, kb_base),
        "p" | "pb" => (5, kb_base),
        "kib" => (1, other),
        "mib" => (2, other),
        "gib" => (3, other),
        "tib" => (4, other),
        "pib" => (5, other),
        _ => return Err(format!("unknown unit '{}'", super::shown(&unit))),
    };
    (0..power).try_fold(n, |acc, _| acc.checked_mul(base)).ok_or_else(|| "too large".to_string())
}

/// A time in microseconds, seconds when no unit is given (`runtime`, `timeout`), or with
/// `get_mult_time()`'s units: us, ms, s, m, h, d.
pub fn micros(value: &str) -> Result<u64, String> {
    let v = value.trim().to_ascii_lowercase();
    let end = v.find(|c: char| !c.is_ascii_digit()).unwrap_or(v.len());
    let n: u64 = v[..end].parse().map_err(|_| "not a whole number".to_string())?;
    let scale: u64 = match &v[end..] {
        "" | "s" => 1_000_000,
        "us" | "usec" => 1,
        "ms" | "msec" => 1_000,
        "m" => 60_000_000,
        "h" => 3_600_000_000,
        "d" => 86_400_000_000,
        other => return Err(format!("unknown unit '{}' (us, ms, s, m, h, d)", super::shown(other))),
    };
    n.checked_mul(scale).ok_or_else(|| "too large".to_string())
}

/// One direction's part of a `read,write[,trim]` list: one value serves every direction;
/// in a list, an empty part leaves that direction at fio's default (`None`), as
/// `rate=500k,` limits reads only and `bs=,8k` sets the writes' size alone.
pub fn part(value: &str, write: bool) -> Option<&str> {
    if !value.contains(',') {
        return Some(value);
    }
    let p = value.split(',').nth(usize::from(write)).unwrap_or("").trim();
    (!p.is_empty()).then_some(p)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_follow_fios_two_bases() {
        assert_eq!(bytes("4k", 1024), Ok(4096));
        assert_eq!(bytes("4KB", 1024), Ok(4096));
        assert_eq!(bytes("128KiB", 1024), Ok(128_000), "compatibility mode: IEC prefixes are powers of ten");
        assert_eq!(bytes("100MiB", 1024), Ok(100_000_000));
        assert_eq!(bytes("128KiB", 1000), Ok(131_072));
        assert_eq!(bytes("128k", 1000), Ok(128_000));
        assert_eq!(bytes("0x1000", 1024), Ok(4096));
        assert_eq!(bytes("512", 1024), Ok(512));
        assert!(bytes("1.5g", 1024).unwrap_err().contains("whole part (1 bytes)"));
        assert!(bytes("50%", 1024).is_err());
        assert!(bytes("4x", 1024).unwrap_err().contains("unknown unit 'x'"));
        assert!(bytes("99999999p", 1024).unwrap_err().contains("too large"));
        assert!(bytes("", 1024).is_err());
    }

    #[test]
    fn times_are_seconds_unless_a_unit_says_otherwise() {
        assert_eq!(micros("30"), Ok(30_000_000));
        assert_eq!(micros("2m"), Ok(120_000_000));
        assert_eq!(micros("1d"), Ok(86_400_000_000));
        assert_eq!(micros("1500ms"), Ok(1_500_000));
        assert!(micros("1w").is_err());
    }

    #[test]
    fn a_list_gives_each_direction_its_part() {
        assert_eq!((part("4k", false), part("4k", true)), (Some("4k"), Some("4k")));
        assert_eq!((part("4k,16k", false), part("4k,16k", true)), (Some("4k"), Some("16k")));
        assert_eq!((part("500k,", false), part("500k,", true)), (Some("500k"), None));
        assert_eq!((part(",8k", false), part(",8k", true)), (None, Some("8k")));
        assert_eq!(part("4k,8k,16k", true), Some("8k"));
    }
}
