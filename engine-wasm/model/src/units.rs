//! Units of tunable values, and exact parsing and formatting of what people type.
//!
//! Parsing is exact: `1.5GiB` is computed as 15 × 2^30 / 10 in integers, never through a
//! float, and a value that is not a whole number of the tunable's own unit is refused
//! rather than rounded, so that what a user typed is what the model uses.
//! Size suffixes are binary whatever their spelling (`4G` = `4GB` = `4GiB` = 2^32), as in
//! ZFS's own tools (`zfs set quota=4G`).

use serde::Serialize;

/// The unit a tunable's integer value is counted in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Unit {
    /// Bytes; typed with binary suffixes (`512M`).
    Bytes,
    /// Nanoseconds; typed with `ns`, `us`, `ms`, `s`.
    Nanoseconds,
    /// Whole milliseconds (legacy `zfs_txg_synctime_ms`); typed plain or with a time suffix.
    Milliseconds,
    /// Whole seconds; typed plain or with a time suffix that comes to whole seconds.
    Seconds,
    /// Whole percent, 0 to 100; typed plain or with `%`.
    Percent,
    /// A plain count (I/Os, slots).
    Count,
    /// Bytes per second; typed like bytes, with or without `/s` (`150M/s`).
    #[serde(rename = "bytes_per_second")]
    BytesPerSecond,
    /// One of the entry's named choices, stored as its index (see `Spec::choices`).
    Choice,
}

/// Why a typed value could not be read. The caller adds which field it was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ParseProblem {
    Empty,
    NotANumber,
    /// A number below zero: no tunable, size or rate has one.
    Negative,
    UnknownSuffix(String),
    NotWhole(&'static str),
    TooLarge,
    /// A choice's value that is neither one of its names nor an index.
    NotAChoice,
}

impl std::fmt::Display for ParseProblem {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ParseProblem::Empty => write!(f, "no value given"),
            ParseProblem::NotANumber => write!(f, "not a number"),
            ParseProblem::Negative => write!(f, "negative (0 or more)"),
            ParseProblem::UnknownSuffix(s) => write!(f, "unknown unit '{s}'"),
            ParseProblem::NotWhole(what) => write!(f, "not a whole number of {what}"),
            ParseProblem::TooLarge => write!(f, "too large"),
            ParseProblem::NotAChoice => write!(f, "no such name"),
        }
    }
}

const KIB: u128 = 1 << 10;
const NS_PER_US: u128 = 1_000;
const NS_PER_MS: u128 = 1_000_000;
const NS_PER_S: u128 = 1_000_000_000;

/// Size suffixes and their factors in bytes (lower case; `b`, `ib` endings folded away).
const SIZE_SUFFIXES: [(&str, u128); 7] = [
    ("", 1),
    ("k", KIB),
    ("m", KIB.pow(2)),
    ("g", KIB.pow(3)),
    ("t", KIB.pow(4)),
    ("p", KIB.pow(5)),
    ("e", KIB.pow(6)),
];

/// Time suffixes and their factors in nanoseconds.
const TIME_SUFFIXES: [(&str, u128); 6] =
    [("ns", 1), ("us", NS_PER_US), ("µs", NS_PER_US), ("μs", NS_PER_US), ("ms", NS_PER_MS), ("s", NS_PER_S)];

/// A decimal number as typed: `digits` × 10^-`scale`, exact.
struct Decimal {
    digits: u128,
    scale: u32,
}

/// Most significant digits accepted; keeps every product below u128's range.
const MAX_DIGITS: usize = 24;

/// Refuses a leading minus sign; a negative number is said as such, since "not a number"
/// for `-5` would send the user looking for a typo.
fn unsigned(text: &str) -> Result<(), ParseProblem> {
    match text.strip_prefix('-') {
        Some(rest) if rest.starts_with(|c: char| c.is_ascii_digit() || c == '.') => Err(ParseProblem::Negative),
        Some(_) => Err(ParseProblem::NotANumber),
        None => Ok(()),
    }
}

/// Splits `text` into a non-negative decimal number and the suffix after it.
fn split_number(text: &str) -> Result<(Decimal, &str), ParseProblem> {
    let end = text
        .char_indices()
        .find(|(_, c)| !(c.is_ascii_digit() || *c == '.' || *c == '_'))
        .map_or(text.len(), |(i, _)| i);
    let (number, suffix) = text.split_at(end);
    let number: String = number.chars().filter(|c| *c != '_').collect();
    let mut parts = number.splitn(2, '.');
    let whole = parts.next().unwrap_or("");
    let frac = parts.next().unwrap_or("");
    if (whole.is_empty() && frac.is_empty()) || frac.contains('.') {
        return Err(ParseProblem::NotANumber);
    }
    let frac = frac.trim_end_matches('0');
    let all = format!("{whole}{frac}");
    let significant = all.trim_start_matches('0');
    if significant.len() > MAX_DIGITS {
        return Err(ParseProblem::TooLarge);
    }
    let digits =
        if significant.is_empty() { 0 } else { significant.parse::<u128>().map_err(|_| ParseProblem::NotANumber)? };
    let scale = u32::try_from(frac.len()).map_err(|_| ParseProblem::TooLarge)?;
    if scale as usize > MAX_DIGITS {
        return Err(ParseProblem::TooLarge);
    }
    Ok((Decimal { digits, scale }, suffix.trim()))
}

/// `decimal × factor / divisor` if it is a whole number that fits in u64.
fn exact(decimal: &Decimal, factor: u128, divisor: u128, what: &'static str) -> Result<u64, ParseProblem> {
    let numerator = decimal.digits.checked_mul(factor).ok_or(ParseProblem::TooLarge)?;
    let denominator = 10u128.pow(decimal.scale).checked_mul(divisor).ok_or(ParseProblem::TooLarge)?;
    if numerator % denominator != 0 {
        return Err(ParseProblem::NotWhole(what));
    }
    u64::try_from(numerator / denominator).map_err(|_| ParseProblem::TooLarge)
}

fn size_factor(suffix: &str) -> Option<u128> {
    let lower = suffix.to_ascii_lowercase();
    let stem = lower.strip_suffix("ib").or_else(|| lower.strip_suffix('b')).unwrap_or(&lower);
    SIZE_SUFFIXES.iter().find(|(s, _)| *s == stem).map(|(_, f)| *f)
}

fn time_factor(suffix: &str) -> Option<u128> {
    let lower = suffix.to_lowercase();
    TIME_SUFFIXES.iter().find(|(s, _)| *s == lower).map(|(_, f)| *f)
}

/// Reads a hexadecimal integer (`0x100000000`, as illumos' /etc/system takes it).
fn parse_hex(text: &str) -> Option<Result<u64, ParseProblem>> {
    let hex = text.strip_prefix("0x").or_else(|| text.strip_prefix("0X"))?;
    Some(u64::from_str_radix(&hex.replace('_', ""), 16).map_err(|e| match e.kind() {
        std::num::IntErrorKind::PosOverflow => ParseProblem::TooLarge,
        _ => ParseProblem::NotANumber,
    }))
}

/// Parses a value typed for a tunable counted in `unit`.
pub fn parse_value(unit: Unit, text: &str) -> Result<u64, ParseProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseProblem::Empty);
    }
    if let Some(hex) = parse_hex(text) {
        return hex;
    }
    unsigned(text)?;
    if unit == Unit::BytesPerSecond {
        return parse_value(Unit::Bytes, text.strip_suffix("/s").unwrap_or(text));
    }
    let (decimal, suffix) = split_number(text)?;
    let unknown = || ParseProblem::UnknownSuffix(suffix.to_string());
    match unit {
        Unit::Bytes => exact(&decimal, size_factor(suffix).ok_or_else(unknown)?, 1, "bytes"),
        Unit::Nanoseconds => {
            let factor = if suffix.is_empty() { 1 } else { time_factor(suffix).ok_or_else(unknown)? };
            exact(&decimal, factor, 1, "nanoseconds")
        }
        Unit::Milliseconds => {
            let factor = if suffix.is_empty() { NS_PER_MS } else { time_factor(suffix).ok_or_else(unknown)? };
            exact(&decimal, factor, NS_PER_MS, "milliseconds")
        }
        Unit::Seconds => {
            let factor = if suffix.is_empty() { NS_PER_S } else { time_factor(suffix).ok_or_else(unknown)? };
            exact(&decimal, factor, NS_PER_S, "seconds")
        }
        Unit::Percent => match suffix {
            "" | "%" => exact(&decimal, 1, 1, "percent"),
            _ => Err(unknown()),
        },
        Unit::Count | Unit::Choice => match suffix {
            "" => exact(&decimal, 1, 1, "I/Os"),
            _ => Err(unknown()),
        },
        Unit::BytesPerSecond => Err(unknown()),
    }
}

/// Reads a plain decimal number scaled by 10^`decimals`, exactly (`60.5` with 6 gives
/// 60 500 000); more decimals than that are refused as `NotWhole(what)`.
pub fn parse_fixed(text: &str, decimals: u32, what: &'static str) -> Result<u64, ParseProblem> {
    let text = text.trim();
    if text.is_empty() {
        return Err(ParseProblem::Empty);
    }
    unsigned(text)?;
    let (decimal, suffix) = split_number(text)?;
    if !suffix.is_empty() {
        return Err(ParseProblem::NotANumber);
    }
    exact(&decimal, 10u128.pow(decimals), 1, what)
}

/// Writes `value` in the shortest exact form that [`parse_value`] reads back to `value`.
pub fn format_value(unit: Unit, value: u64) -> String {
    match unit {
        Unit::Bytes => largest_exact(value, &["", "K", "M", "G", "T", "P", "E"], |i| KIB.pow(i)),
        Unit::Nanoseconds => {
            let units = [("s", NS_PER_S), ("ms", NS_PER_MS), ("us", NS_PER_US)];
            let v = u128::from(value);
            units
                .iter()
                .find(|(_, f)| v != 0 && v % f == 0)
                .map_or_else(|| value.to_string(), |(s, f)| format!("{}{s}", v / f))
        }
        Unit::BytesPerSecond => format!("{}/s", format_value(Unit::Bytes, value)),
        Unit::Milliseconds | Unit::Seconds | Unit::Percent | Unit::Count | Unit::Choice => value.to_string(),
    }
}

fn largest_exact(value: u64, suffixes: &[&str], factor: impl Fn(u32) -> u128) -> String {
    let v = u128::from(value);
    (0..suffixes.len())
        .rev()
        .filter_map(|i| u32::try_from(i).ok().map(|p| (i, factor(p))))
        .find(|(_, f)| v != 0 && v % f == 0)
        .map_or_else(|| value.to_string(), |(i, f)| format!("{}{}", v / f, suffixes[i]))
}

/// Human-readable rendering for readouts, not for parsing: `4 GiB`, `1.5 ms`, `60%`.
pub fn describe_value(unit: Unit, value: u64) -> String {
    match unit {
        Unit::Bytes => scaled(value as f64, 1024.0, &["B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"]),
        Unit::Nanoseconds => scaled(value as f64, 1000.0, &["ns", "µs", "ms", "s"]),
        Unit::Milliseconds => format!("{value} ms"),
        Unit::Seconds => format!("{value} s"),
        Unit::Percent => format!("{value}%"),
        Unit::BytesPerSecond => format!("{}/s", describe_value(Unit::Bytes, value)),
        Unit::Count | Unit::Choice => value.to_string(),
    }
}

fn scaled(mut v: f64, base: f64, names: &[&str]) -> String {
    let mut i = 0;
    while v >= base && i + 1 < names.len() {
        v /= base;
        i += 1;
    }
    let digits = if v >= 100.0 || v.fract() == 0.0 {
        0
    } else if v >= 10.0 {
        1
    } else {
        2
    };
    format!("{v:.digits$} {}", names[i])
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_are_binary_whatever_the_spelling() {
        for text in ["4G", "4g", "4GB", "4GiB", "4 GiB", "4294967296", "0x100000000"] {
            assert_eq!(parse_value(Unit::Bytes, text), Ok(4 << 30), "{text}");
        }
        assert_eq!(parse_value(Unit::Bytes, "1.5GiB"), Ok(1_610_612_736));
        assert_eq!(parse_value(Unit::Bytes, "512M"), Ok(512 << 20));
        assert_eq!(parse_value(Unit::Bytes, "16E"), Err(ParseProblem::TooLarge));
    }

    #[test]
    fn a_negative_number_is_named_so() {
        assert_eq!(parse_value(Unit::Bytes, "-5"), Err(ParseProblem::Negative));
        assert_eq!(parse_value(Unit::Seconds, "-1s"), Err(ParseProblem::Negative));
        assert_eq!(parse_fixed("-.5", 2, "percent"), Err(ParseProblem::Negative));
        assert_eq!(parse_value(Unit::Bytes, "-x"), Err(ParseProblem::NotANumber));
    }

    #[test]
    fn fractions_of_a_byte_are_refused_not_rounded() {
        assert_eq!(parse_value(Unit::Bytes, "0.1K"), Err(ParseProblem::NotWhole("bytes")));
        assert_eq!(parse_value(Unit::Bytes, "0.5K"), Ok(512));
    }

    #[test]
    fn times_convert_exactly() {
        assert_eq!(parse_value(Unit::Nanoseconds, "100ms"), Ok(100_000_000));
        assert_eq!(parse_value(Unit::Nanoseconds, "500us"), Ok(500_000));
        assert_eq!(parse_value(Unit::Nanoseconds, "500µs"), Ok(500_000));
        assert_eq!(parse_value(Unit::Nanoseconds, "1.5ms"), Ok(1_500_000));
        assert_eq!(parse_value(Unit::Nanoseconds, "500000"), Ok(500_000));
        assert_eq!(parse_value(Unit::Seconds, "5"), Ok(5));
        assert_eq!(parse_value(Unit::Seconds, "2000ms"), Ok(2));
        assert_eq!(parse_value(Unit::Seconds, "100ms"), Err(ParseProblem::NotWhole("seconds")));
    }

    #[test]
    fn percents_and_counts() {
        assert_eq!(parse_value(Unit::Percent, "60%"), Ok(60));
        assert_eq!(parse_value(Unit::Percent, "60"), Ok(60));
        assert_eq!(parse_value(Unit::Percent, "60.5%"), Err(ParseProblem::NotWhole("percent")));
        assert_eq!(parse_value(Unit::Count, "10"), Ok(10));
        assert_eq!(parse_value(Unit::BytesPerSecond, "150M/s"), Ok(150 << 20));
        assert_eq!(parse_value(Unit::BytesPerSecond, "150M"), Ok(150 << 20));
        assert_eq!(format_value(Unit::BytesPerSecond, 150 << 20), "150M/s");
        assert_eq!(describe_value(Unit::BytesPerSecond, 150 << 20), "150 MiB/s");
        assert!(matches!(parse_value(Unit::Count, "10G"), Err(ParseProblem::UnknownSuffix(_))));
    }

    #[test]
    fn garbage_is_named() {
        assert_eq!(parse_value(Unit::Bytes, ""), Err(ParseProblem::Empty));
        assert_eq!(parse_value(Unit::Bytes, "-1"), Err(ParseProblem::Negative));
        assert_eq!(parse_value(Unit::Bytes, "."), Err(ParseProblem::NotANumber));
        assert_eq!(parse_value(Unit::Bytes, "1.2.3"), Err(ParseProblem::NotANumber));
        assert_eq!(parse_value(Unit::Bytes, "4X"), Err(ParseProblem::UnknownSuffix("X".into())));
        assert_eq!(parse_value(Unit::Bytes, "0xZZ"), Err(ParseProblem::NotANumber));
        assert_eq!(parse_value(Unit::Bytes, &"9".repeat(40)), Err(ParseProblem::TooLarge));
    }

    #[test]
    fn format_is_shortest_exact_and_reads_back() {
        assert_eq!(format_value(Unit::Bytes, 4 << 30), "4G");
        assert_eq!(format_value(Unit::Bytes, 1_610_612_736), "1536M");
        assert_eq!(format_value(Unit::Bytes, 1000), "1000");
        assert_eq!(format_value(Unit::Nanoseconds, 100_000_000), "100ms");
        assert_eq!(format_value(Unit::Nanoseconds, 1_500_000), "1500us");
        assert_eq!(format_value(Unit::Nanoseconds, 123), "123");
        assert_eq!(format_value(Unit::Nanoseconds, 0), "0");
        assert_eq!(parse_value(Unit::Milliseconds, "5s"), Ok(5000));
        assert_eq!(parse_value(Unit::Milliseconds, "1000"), Ok(1000));
        for unit in [Unit::Bytes, Unit::Nanoseconds, Unit::Milliseconds, Unit::Seconds, Unit::Percent, Unit::Count] {
            for v in [0, 1, 999, 1024, 1_000_000, 4 << 30, u64::MAX] {
                assert_eq!(parse_value(unit, &format_value(unit, v)), Ok(v), "{unit:?} {v}");
            }
        }
    }

    #[test]
    fn describe_for_readouts() {
        assert_eq!(describe_value(Unit::Bytes, 4 << 30), "4 GiB");
        assert_eq!(describe_value(Unit::Nanoseconds, 1_500_000), "1.50 ms");
        assert_eq!(describe_value(Unit::Nanoseconds, 500_000), "500 µs");
    }
}
