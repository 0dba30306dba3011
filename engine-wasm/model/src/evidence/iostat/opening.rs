//! Which line opens an iostat block: a header, a timestamp or dashes before one, `-H` rows.

use super::*;

pub(super) fn next_nonblank(lines: &[Line], from: usize, within: usize) -> Option<usize> {
    (from..lines.len().min(from + within)).find(|&j| lines.get(j).is_some_and(|l| !l.text.trim().is_empty()))
}

pub(super) fn words_of(text: &str) -> Vec<&str> {
    text.split_whitespace().collect()
}

/// A `-w`/`-r` title line: its second line (`latency ...`/`req_size ...`) follows within
/// a few lines (pastes add blank lines between them).
pub(super) fn histo_top_at(lines: &[Line], i: usize) -> bool {
    let Some(l) = lines.get(i) else { return false };
    let t = strip_ansi(l.text);
    is_histo_top(&words_of(&t))
        && next_nonblank(lines, i + 1, 3).and_then(|j| lines.get(j)).is_some_and(|n| {
            let t = strip_ansi(n.text);
            matches!(bottom_kind(&words_of(&t)), Some(Kind::Histo(_)))
        })
}

/// A `-H` row: a name and a known count of values, TAB separated.
pub(super) fn scripted_row_sig(text: &str) -> bool {
    if !text.contains('\t') {
        return false;
    }
    let fields: Vec<&str> = text.split('\t').map(str::trim).filter(|f| !f.is_empty()).collect();
    let Some((first, rest)) = fields.split_first() else { return false };
    let n = rest.len();
    SCRIPTED_COMBOS.iter().any(|(l, q)| 6 + l + q == n)
        && integer(first).is_none()
        && !value_like(first)
        && rest.iter().all(|c| value_like(c))
}

/// A `-H` histogram row: a raw bucket label (`1`, `3`, ... or `512`, `1024`, ...) and its
/// counts, TAB separated.
pub(super) fn scripted_bucket_sig(text: &str) -> bool {
    if !text.contains('\t') {
        return false;
    }
    let fields: Vec<&str> = text.split('\t').map(str::trim).filter(|f| !f.is_empty()).collect();
    let Some((first, rest)) = fields.split_first() else { return false };
    let Some(label) = integer(first).filter(|&v| v >= 1) else { return false };
    let latency = label.checked_add(1).is_some_and(u64::is_power_of_two) && (9..=11).contains(&rest.len());
    let size = label >= 512 && label.is_power_of_two() && matches!(rest.len(), 10 | 12 | 14);
    (latency || size) && rest.iter().all(|c| nicenum(c).is_some())
}

/// [`opens`]; `command` also opens on a `zpool iostat ...` line a shell prompt does not
/// mark (`### zpool iostat -q 1`, a PowerShell prompt) when a header follows it.
pub(super) fn opens_at(lines: &[Line], i: usize, command_line: bool) -> bool {
    let Some(line) = lines.get(i) else { return false };
    let text = strip_ansi(line.text);
    let t = text.trim();
    if t.is_empty() {
        return false;
    }
    // Every header line holds one of these; most lines of a paste hold none.
    if ["capacity", "alloc", "_wait", "_queue", "sync_", "latency", "req_size"].iter().any(|k| t.contains(k)) {
        let words = words_of(t);
        if is_stats_top(&words) || bottom_kind(&words) == Some(Kind::Stats) {
            return true;
        }
        if is_histo_top(&words) {
            return histo_top_at(lines, i);
        }
        if matches!(bottom_kind(&words), Some(Kind::Histo(_))) && words.len() >= 9 {
            return true;
        }
    }
    if command_line && t.contains("iostat") && command(t).is_some() {
        return next_nonblank(lines, i + 1, 3).is_some_and(|j| opens_at(lines, j, false));
    }
    if is_timestamp(t) || is_separator(t) {
        return next_nonblank(lines, i + 1, 2).is_some_and(|j| {
            let n = lines.get(j).map_or(Cow::Borrowed(""), |l| strip_ansi(l.text));
            is_stats_top(&words_of(&n))
                || histo_top_at(lines, j)
                || (is_timestamp(t) && (scripted_row_sig(&n) || scripted_name_at(lines, j)))
        });
    }
    scripted_row_sig(&text) || scripted_name_at(lines, i) || bare_rows_at(lines, i)
}

/// `-H -w`/`-r`: a vdev's name alone on its line, its bucket rows after it.
pub(super) fn scripted_name_at(lines: &[Line], i: usize) -> bool {
    let Some(l) = lines.get(i) else { return false };
    let t = l.text.trim();
    !t.is_empty()
        && !t.contains(char::is_whitespace)
        && integer(t).is_none()
        && lines.get(i + 1).is_some_and(|n| scripted_bucket_sig(n.text))
}

/// The default table's row without its header and not TAB separated (a paste of
/// `zpool iostat 1` that lost the header): a name and six values, the first two capacities.
pub(super) fn bare_row_name(text: &str) -> Option<&str> {
    let words = words_of(text);
    let (&name, cells) = words.split_first()?;
    let capacity = |c: &&str| c.bytes().any(|b| b.is_ascii_alphabetic()) || *c == "0" || *c == "-";
    (cells.len() == 6
        && !text.contains('\t')
        && integer(name).is_none()
        && !value_like(name)
        && name.bytes().any(|b| b.is_ascii_alphabetic())
        && cells.iter().all(|c| value_like(c))
        && cells.iter().take(2).all(capacity))
    .then_some(name)
}

/// Headerless rows open a block only when the same name comes back within the next few
/// rows (an interval run prints each pool once per report): one such line alone could be
/// another tool's.
pub(super) fn bare_rows_at(lines: &[Line], i: usize) -> bool {
    let Some(name) = lines.get(i).and_then(|l| bare_row_name(l.text)) else { return false };
    lines.get(i + 1..).unwrap_or(&[]).iter().take(8).map_while(|l| bare_row_name(l.text)).any(|n| n == name)
}
