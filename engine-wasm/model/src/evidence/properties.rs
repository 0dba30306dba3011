//! `zpool get all` and `zfs get all` (`NAME PROPERTY VALUE SOURCE`), their `-o` column
//! choices, partial lists (`zfs get recordsize,compression tank`) and their `-H` form.
//!
//! The printing code is `zprop_print_one_property()` in `lib/libzfs/libzfs_util.c`: the
//! columns the user chose (NAME, PROPERTY, VALUE, RECEIVED, SOURCE; all but RECEIVED by
//! default) in that order, each padded to its width and two blanks (`%-*s  `), the last
//! unpadded; with `-H` (scripted) no header and a tab after each column. The SOURCE column
//! is `-`, `default`, `local`, `temporary`, `received` or `inherited from DATASET`.

use super::{Line, Parsed};
use serde::Serialize;

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Properties {
    pub rows: Vec<Property>,
}

#[derive(Clone, Debug, Default, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Property {
    pub line: usize,
    pub dataset: String,
    pub name: String,
    pub value: String,
    pub source: String,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Col {
    Name,
    Property,
    Value,
    Received,
    Source,
}

fn col(label: &str) -> Option<Col> {
    Some(match label {
        "NAME" => Col::Name,
        "PROPERTY" => Col::Property,
        "VALUE" => Col::Value,
        "RECEIVED" => Col::Received,
        "SOURCE" => Col::Source,
        _ => return None,
    })
}

/// The header's columns and where each starts (byte offset), if `text` is a header.
fn header(text: &str) -> Option<Vec<(Col, usize)>> {
    let mut cols = Vec::new();
    let mut pos = 0;
    for word in text.split_whitespace() {
        let at = text[pos..].find(word).map_or(pos, |p| p + pos);
        cols.push((col(word)?, at));
        pos = at + word.len();
    }
    let has = |c: Col| cols.iter().any(|(x, _)| *x == c);
    (has(Col::Property) || has(Col::Value)).then_some(cols).filter(|c| c.len() >= 2)
}

/// Does line `i` open a block of this format?
pub(crate) fn opens(lines: &[Line], i: usize) -> bool {
    lines.get(i).is_some_and(|l| header(l.text).is_some_and(|c| c.iter().any(|(x, _)| *x == Col::Property)))
}

/// The columns `zfs get` prints by default, and those of `-H` with no header seen.
const DEFAULT: [Col; 4] = [Col::Name, Col::Property, Col::Value, Col::Source];

/// Reads a block of this format; lines it cannot read become problems.
pub(crate) fn parse(block: &[Line]) -> Parsed<Properties> {
    let mut out = Parsed::<Properties>::default();
    let mut cols: Vec<(Col, usize)> = DEFAULT.iter().map(|&c| (c, 0)).collect();
    let mut aligned = false;
    for line in block {
        let text = line.text.trim_end();
        if text.trim().is_empty() || super::prompt::prompt(line.text).is_some() {
            continue;
        }
        if let Some(h) = header(text) {
            cols = h;
            aligned = true;
            continue;
        }
        match read_row(text, &cols, aligned) {
            Ok(fields) => {
                let get = |c: Col| {
                    cols.iter().position(|(x, _)| *x == c).and_then(|i| fields.get(i)).cloned().unwrap_or_default()
                };
                out.value.rows.push(Property {
                    line: line.no,
                    dataset: get(Col::Name),
                    name: get(Col::Property),
                    value: get(Col::Value),
                    source: get(Col::Source),
                });
            }
            Err(m) => out.problems.push((line.no, m)),
        }
    }
    let datasets = {
        let mut d: Vec<&str> = out.value.rows.iter().map(|r| r.dataset.as_str()).filter(|d| !d.is_empty()).collect();
        d.sort_unstable();
        d.dedup();
        d.len()
    };
    if datasets > 1 {
        out.notes.push(format!("properties of {datasets} pools or datasets"));
    }
    if out.value.rows.iter().any(|r| r.name.starts_with("feature@")) {
        out.notes.push("the feature@ rows are the pool's feature flags (zpool get all)".to_string());
    }
    out
}

/// One row's fields, in the order of `cols`.
fn read_row(text: &str, cols: &[(Col, usize)], aligned: bool) -> Result<Vec<String>, String> {
    let labels = || cols.iter().map(|(c, _)| format!("{c:?}").to_uppercase()).collect::<Vec<_>>().join(" ");
    // `-H`: a tab after each column but the last.
    if text.contains('\t') && !text.starts_with('\t') {
        let fields: Vec<String> = text.split('\t').map(|f| f.trim().to_string()).collect();
        if fields.len() != cols.len() {
            return Err(format!(
                "expected {} tab-separated columns ({}), found {}",
                cols.len(),
                labels(),
                fields.len()
            ));
        }
        return Ok(fields);
    }
    // Cut at the header's column starts when the row lines up with them: a blank just
    // before each start. Values and `inherited from X` may hold blanks.
    if aligned {
        let starts: Vec<usize> = cols.iter().map(|(_, s)| *s).collect();
        let lines_up = starts.iter().skip(1).all(|&s| {
            text.is_char_boundary(s)
                && s <= text.len()
                && text[..s].ends_with(' ')
                && text[s..].starts_with(|c: char| !c.is_whitespace())
        });
        if lines_up {
            let mut fields = Vec::new();
            for (k, &s) in starts.iter().enumerate() {
                let end = starts.get(k + 1).copied().unwrap_or(text.len());
                fields.push(text.get(s.min(end)..end).unwrap_or("").trim().to_string());
            }
            if fields.iter().any(String::is_empty) {
                return Err(format!("expected the columns {} under the header, found an empty one", labels()));
            }
            return Ok(fields);
        }
    }
    // Otherwise by words: each column one word, but the value takes what is left, and a
    // last SOURCE column of `inherited from X` takes three.
    let mut words: Vec<&str> = text.split_whitespace().collect();
    let n = cols.len();
    let source_last = cols.last().is_some_and(|(c, _)| *c == Col::Source);
    let mut tail: Vec<String> = Vec::new();
    if source_last && words.len() >= 3 && words.get(words.len() - 3) == Some(&"inherited") {
        let t = words.split_off(words.len() - 3).join(" ");
        tail.push(t);
    } else if let Some(w) = (n > 0).then(|| words.pop()).flatten() {
        tail.push(w.to_string());
    }
    let before = n.saturating_sub(1);
    if words.len() < before {
        return Err(format!("expected a row of {n} columns ({}), found {}", labels(), words.len() + tail.len()));
    }
    // The value column absorbs the extra words; the others are one word each.
    let value_at = cols.iter().position(|(c, _)| *c == Col::Value).filter(|&v| v < before);
    let extra = words.len() - before;
    if extra > 0 && value_at.is_none() {
        return Err(format!("expected a row of {n} columns ({}), found {}", labels(), words.len() + tail.len()));
    }
    let mut fields = Vec::new();
    let mut i = 0;
    for k in 0..before {
        let take = if Some(k) == value_at { 1 + extra } else { 1 };
        fields.push(words.get(i..i + take).map(|w| w.join(" ")).unwrap_or_default());
        i += take;
    }
    fields.extend(tail);
    Ok(fields)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn header_columns_and_positions() {
        let h = header("NAME  PROPERTY     VALUE  SOURCE").unwrap_or_default();
        assert_eq!(h, vec![(Col::Name, 0), (Col::Property, 6), (Col::Value, 19), (Col::Source, 26)]);
        assert!(header("NAME  STATE  READ WRITE CKSUM").is_none());
        assert!(header("PROPERTY").is_none());
    }

    #[test]
    fn rows_in_words_and_aligned() {
        let cols: Vec<(Col, usize)> = DEFAULT.iter().map(|&c| (c, 0)).collect();
        let f = read_row("tank/a  compression  lz4  inherited from tank", &cols, false);
        assert_eq!(f, Ok(vec!["tank/a".into(), "compression".into(), "lz4".into(), "inherited from tank".into()]));
        let f = read_row("tank  comment  two words  local", &cols, false);
        assert_eq!(f, Ok(vec!["tank".into(), "comment".into(), "two words".into(), "local".into()]));
        assert!(read_row("tank  size", &cols, false).is_err());
        let h = header("NAME      PROPERTY    VALUE       SOURCE").unwrap_or_default();
        let f = read_row("my pool   mountpoint  /my pool    default", &h, true);
        assert_eq!(f, Ok(vec!["my pool".into(), "mountpoint".into(), "/my pool".into(), "default".into()]));
    }
}
