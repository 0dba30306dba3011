//! A pasted `zpool iostat ...` command line: its flags, interval and pools, read `getopt`-style.

use super::*;

pub(super) fn is_zpool(w: &str) -> bool {
    let w = w.trim_start_matches(['$', '#', '%', '>']);
    let base = w.rsplit(['/', '\\']).next().unwrap_or(w);
    base == "zpool" || base.eq_ignore_ascii_case("zpool.exe")
}

/// The `zpool iostat` command in a line (a shell prompt's, or a pasted heading), read as
/// its `getopt()` string `c:gLPT:vyhplqrwnH` (`zpool_do_iostat()`) reads it.
pub(super) fn command(text: &str) -> Option<Command> {
    let words: Vec<&str> = text.split_whitespace().collect();
    let at = words.windows(2).position(|w| matches!(w, [z, i] if is_zpool(z) && i.eq_ignore_ascii_case("iostat")))?;
    let mut c = Command::default();
    let mut operands: Vec<&str> = Vec::new();
    let mut k = at + 2;
    let mut only_operands = false;
    while let Some(&w) = words.get(k) {
        k += 1;
        if w.starts_with(['|', '>', ';', '&']) || w.starts_with("2>") || w == "||" {
            break;
        }
        if !only_operands && w == "--" {
            only_operands = true;
            continue;
        }
        if only_operands || w.len() < 2 || !w.starts_with('-') {
            operands.push(w);
            continue;
        }
        for (p, ch) in w.char_indices().skip(1) {
            c.flags.push(ch);
            if ch == 'T' || ch == 'c' {
                // An option with an argument: the rest of the word, or the next word (a
                // quoted `-c` script runs to its closing quote).
                if w.len() == p + ch.len_utf8() {
                    let arg = words.get(k).copied().unwrap_or("");
                    k += 1;
                    if let Some(q) = arg.chars().next().filter(|q| *q == '\'' || *q == '"') {
                        if arg.len() == 1 || !arg.ends_with(q) {
                            while let Some(w) = words.get(k) {
                                k += 1;
                                if w.ends_with(q) {
                                    break;
                                }
                            }
                        }
                    }
                }
                break;
            }
        }
    }
    // `get_interval_count()`: a trailing number is the interval; two are interval, count.
    let nums = operands.iter().rev().take_while(|w| decimal_thousandths(w).is_some()).count().min(2);
    let split = operands.len() - nums;
    if let Some(iv) = operands.get(split).filter(|_| nums > 0) {
        c.interval = decimal_thousandths(iv);
        c.interval_text = iv.to_string();
    }
    c.names = operands.iter().take(split).map(|s| s.to_string()).collect();
    Some(c)
}
