//! Numbers as fio prints them: counts with 1000-based suffixes (`num2str()`: `2.5k` IOPS),
//! bandwidths in 1024-based `KiB/s` or 1000-based `kB/s` (fio 2's `KB/s` 1024-based), and
//! the time units of its latency lines.

use super::super::number::decimal_thousandths;

/// The nanoseconds in a latency line's unit: `clat (usec)`.
pub(super) fn unit_ns(unit: &str) -> Option<u64> {
    Some(match unit {
        "nsec" => 1,
        "usec" => 1_000,
        "msec" => 1_000_000,
        "sec" => 1_000_000_000,
        _ => return None,
    })
}

/// A count: `2047`, `2.5k`, `1.2M` (fio's `num2str()`, 1000-based).
pub(super) fn count(text: &str) -> Option<u64> {
    let t = text.trim();
    let (mantissa, mult) = match t.char_indices().last() {
        Some((i, c)) if c.is_ascii_alphabetic() => (
            &t[..i],
            match c {
                'k' | 'K' => 1_000u128,
                'M' => 1_000_000,
                'G' => 1_000_000_000,
                'T' => 1_000_000_000_000,
                _ => return None,
            },
        ),
        _ => (t, 1),
    };
    u64::try_from(u128::from(decimal_thousandths(mantissa)?) * mult / 1000).ok()
}

/// A bandwidth in bytes/s: `8188KiB/s`, `8384kB/s`, `1.2GiB/s`, `772Mi` (fio 3's client
/// summary), `100Mibit/s`; fio 2's `2019.9KB/s` (`old`: its `KB`, `MB` are 1024-based).
pub(super) fn rate(text: &str, old: bool) -> Option<u64> {
    let t = text.trim();
    let t = t.strip_suffix("/s").unwrap_or(t);
    let split = t.find(|c: char| c.is_ascii_alphabetic()).unwrap_or(t.len());
    let (mantissa, unit) = t.split_at(split);
    let (unit, bits) = match unit.strip_suffix("bit") {
        Some(u) => (u, true),
        None => (unit.strip_suffix('B').unwrap_or(unit), false),
    };
    let per: u128 = match unit {
        "" => 1,
        "Ki" => 1 << 10,
        "Mi" => 1 << 20,
        "Gi" => 1 << 30,
        "Ti" => 1 << 40,
        "K" if old => 1 << 10,
        "M" if old => 1 << 20,
        "G" if old => 1 << 30,
        "T" if old => 1 << 40,
        "k" | "K" => 1_000,
        "M" => 1_000_000,
        "G" => 1_000_000_000,
        "T" => 1_000_000_000_000,
        _ => return None,
    };
    let v = u128::from(decimal_thousandths(mantissa)?) * per / 1000;
    u64::try_from(if bits { v / 8 } else { v }).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_and_rates() {
        assert_eq!(count("2047"), Some(2047));
        assert_eq!(count("2.5k"), Some(2500));
        assert_eq!(count("84.8k"), Some(84_800));
        assert_eq!(count("1.2M"), Some(1_200_000));
        assert_eq!(count("lots"), None);
        assert_eq!(rate("8188KiB/s", false), Some(8188 * 1024));
        assert_eq!(rate("8384kB/s", false), Some(8_384_000));
        assert_eq!(rate("1.5GiB/s", false), Some(3 << 29));
        assert_eq!(rate("772Mi", false), Some(772 << 20));
        assert_eq!(rate("100Mbit/s", false), Some(12_500_000));
        assert_eq!(rate("2019.9KB/s", true), Some(2_068_377));
        assert_eq!(rate("10MB/s", false), Some(10_000_000));
        assert_eq!(rate("10MB/s", true), Some(10 << 20));
        assert_eq!(rate("fast", false), None);
    }
}
