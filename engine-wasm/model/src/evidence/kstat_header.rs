//! The numeric first line a Linux kstat prints (`kstat_seq_show_headers()` in
//! `spl-kstat.c`), which the named kstats and the 0.6.3-0.7 txgs kstat share.

use super::number::{integer, signed_integer};

/// The numeric first line of a Linux kstat (`kstat_seq_show_headers`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Wrapper {
    /// `KSTAT_TYPE_*`: 0 raw, 1 named, 5 the 0.6.2 SPL's txg type.
    pub ks_type: u64,
    /// Rows the kstat held when read.
    pub ndata: u64,
    /// Tokens past the 7 printed: a garbled or concatenated line.
    pub extra: usize,
}

/// `kid type flags ndata data_size crtime snaptime`, e.g. `5 1 0x01 11 528 2058200957
/// 2095734345211`: integers with the third in hex. Tokens past the seventh are counted,
/// not read (a real paste had two such lines run together).
pub(crate) fn wrapper(text: &str) -> Option<Wrapper> {
    let mut it = text.split_whitespace();
    let mut f = [""; 7];
    for slot in &mut f {
        *slot = it.next()?;
    }
    let [kid, ks_type, flags, ndata, size, crtime, snaptime] = f;
    let hex = flags.strip_prefix("0x")?;
    if hex.is_empty() || hex.len() > 8 || !hex.bytes().all(|b| b.is_ascii_hexdigit()) {
        return None;
    }
    integer(kid)?;
    integer(size)?;
    signed_integer(crtime)?;
    signed_integer(snaptime)?;
    Some(Wrapper { ks_type: integer(ks_type)?, ndata: integer(ndata)?, extra: it.count() })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wrapper_reads_the_seven_fields_and_counts_extra_ones() {
        assert_eq!(
            wrapper("5 1 0x01 11 528 2058200957 2095734345211"),
            Some(Wrapper { ks_type: 1, ndata: 11, extra: 0 })
        );
        let garbled =
            "18 0 0x01 100 11200 15812979317 105133212710609918 0 0x01 100 11200 15812979317 1051533841667804";
        assert_eq!(wrapper(garbled), Some(Wrapper { ks_type: 0, ndata: 100, extra: 6 }));
        assert_eq!(wrapper("5 1 01 11 528 2058200957 2095734345211"), None);
        assert_eq!(wrapper("5 1 0x01 11 528"), None);
    }
}
