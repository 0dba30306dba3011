//! The `KSTAT_DATA_*` type a named kstat row prints, and the values each type can hold: a
//! value outside them was not printed by the kernel (a paste that ran two numbers
//! together, or an edit), so it is not read as a number.

/// The data type column of a row: `KSTAT_DATA_CHAR` 0 .. `KSTAT_DATA_STRING` 7
/// (`include/os/linux/spl/sys/kstat.h`).
pub(super) fn data_type(token: &str) -> Option<u8> {
    match token {
        "0" | "1" | "2" | "3" | "4" | "5" | "6" | "7" => token.parse().ok(),
        _ => None,
    }
}

/// The type's C name and the values it holds, for a numeric type. `LONG` and `ULONG` are
/// 64 bits wide: the SPL is built for LP64 kernels. `None` (no type column: a FreeBSD
/// sysctl) allows any 64-bit value, signed or not.
pub(super) fn range(ty: Option<u8>) -> (&'static str, i128, i128) {
    let (i32_, u32_, i64_, u64_) = (
        (i128::from(i32::MIN), i128::from(i32::MAX)),
        (0, i128::from(u32::MAX)),
        (i128::from(i64::MIN), i128::from(i64::MAX)),
        (0, i128::from(u64::MAX)),
    );
    let (name, (lo, hi)) = match ty {
        Some(1) => ("INT32", i32_),
        Some(2) => ("UINT32", u32_),
        Some(3) => ("INT64", i64_),
        Some(4) => ("UINT64", u64_),
        Some(5) => ("LONG", i64_),
        Some(6) => ("ULONG", u64_),
        _ => ("64-bit", (i128::from(i64::MIN), i128::from(u64::MAX))),
    };
    (name, lo, hi)
}

/// Why `value` cannot be a value of type `ty`, or `None` when it can.
pub(super) fn out_of_range(ty: Option<u8>, value: i128) -> Option<String> {
    let (name, lo, hi) = range(ty);
    let code = ty.map_or(String::new(), |t| format!(" (type {t})"));
    (!(lo..=hi).contains(&value))
        .then(|| format!("the value {value} is outside what {name}{code} holds ({lo} to {hi}); the row is not read"))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_type_holds_its_own_range() {
        assert_eq!(out_of_range(Some(4), i128::from(u64::MAX)), None);
        let over = out_of_range(Some(4), 99_999_999_999_999_999_999).unwrap_or_default();
        assert!(over.contains("UINT64 (type 4)") && over.contains("not read"), "{over}");
        assert!(out_of_range(Some(4), -1).is_some(), "an unsigned counter is never negative");
        assert_eq!(out_of_range(Some(3), -5), None);
        assert!(out_of_range(Some(3), i128::from(i64::MAX) + 1).is_some());
        assert!(out_of_range(Some(2), 1 << 32).is_some());
        assert_eq!(out_of_range(Some(1), -(1 << 31)), None);
        assert!(out_of_range(None, i128::from(u64::MAX) + 1).is_some());
        assert_eq!(out_of_range(None, i128::from(i64::MIN)), None);
    }
}
