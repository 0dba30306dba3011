//! Dirty-data amounts as people give them: bytes (`3G`) or a percent of `zfs_dirty_data_max`.

use crate::messages::Error;
use crate::units::{parse_fixed, parse_value, ParseProblem, Unit};

/// Reads `text` as a dirty amount in bytes; `NN%` and `NN.NN%` are percents of
/// `dirty_max`, floored to whole bytes as ⌊D·pct⌋ (the convention of the delay table).
pub fn parse_amount(text: &str, dirty_max: u64) -> Result<u64, Error> {
    let bad = |problem| Error::BadAmount { text: text.to_string(), problem };
    let trimmed = text.trim();
    match trimmed.strip_suffix('%') {
        Some(percent) => {
            let millionths = parse_fixed(percent, 6, "millionths of a percent").map_err(bad)?;
            let bytes = u128::from(dirty_max) * u128::from(millionths) / 100_000_000;
            u64::try_from(bytes).map_err(|_| bad(ParseProblem::TooLarge))
        }
        None => parse_value(Unit::Bytes, trimmed).map_err(bad),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const D: u64 = 4 << 30;

    #[test]
    fn percents_floor_like_the_table() {
        assert_eq!(parse_amount("60.5%", D), Ok(2_598_455_214));
        assert_eq!(parse_amount("85%", D), Ok(3_650_722_201));
        assert_eq!(parse_amount("33.75%", D), Ok(1_449_551_462));
        assert_eq!(parse_amount("99.8%", D), Ok(4_286_377_361));
        assert_eq!(parse_amount("99.801%", D), Ok(4_286_420_311));
        assert_eq!(parse_amount("100%", D), Ok(D));
    }

    #[test]
    fn bytes_and_units() {
        assert_eq!(parse_amount("3G", D), Ok(3 << 30));
        assert_eq!(parse_amount("1234", D), Ok(1234));
    }

    #[test]
    fn garbage_names_the_amount() {
        let err = parse_amount("lots", D).unwrap_err().to_string();
        assert!(err.starts_with("cannot read dirty amount 'lots'"), "{err}");
        assert!(parse_amount("%", D).is_err());
        assert!(parse_amount("1e5%", D).is_err());
        assert!(parse_amount("0.0000001%", D).is_err());
        assert!(parse_amount("-5%", D).is_err());
    }
}
