//! Every message the model shows a person: errors, validation problems, link notices.
//!
//! Kept in one place so the wording stays consistent and each message names the tunable,
//! the value and the reason.

use crate::schema::Id;
use crate::units::ParseProblem;

/// Everything that can go wrong in the model, as a value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Error {
    /// A name that is in no schema entry.
    UnknownName(String),
    /// A release's name of a tunable (`zfs_scan_min_time_ms`) given with another release.
    NotNamedSo { name: String, release: &'static str },
    /// `NAME` where `NAME=VALUE` was expected.
    MissingValue(String),
    /// Text that could not be read as a value of that entry's unit.
    BadValue { id: Id, text: String, problem: ParseProblem },
    /// A value outside the entry's accepted range.
    OutOfRange { id: Id, value: u64 },
    /// A dirty-data amount (bytes or percent of zfs_dirty_data_max) that could not be read.
    BadAmount { text: String, problem: ParseProblem },
    /// A combination of values that cannot work; each problem names its tunables.
    Rejected(Vec<String>),
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Error::UnknownName(name) => write!(f, "unknown tunable '{}'", shown(name)),
            Error::NotNamedSo { name, release } => {
                write!(f, "{}: not a tunable's name in OpenZFS {release} (release)", shown(name))
            }
            Error::MissingValue(name) => write!(f, "'{}' needs a value: write NAME=VALUE", shown(name)),
            Error::BadValue { id, text, problem } => {
                write!(f, "{}: cannot read '{}': {} (expects {})", id.spec().name, shown(text), problem_shown(problem), hint(*id))
            }
            Error::OutOfRange { id, value } => {
                let s = id.spec();
                write!(
                    f,
                    "{}: {} is out of range; it must be from {} to {}{}",
                    s.name,
                    s.format(*value),
                    s.format(s.min),
                    s.format(s.max),
                    s.off.map_or(String::new(), |off| format!(", or {} for the device's own", s.format(off)))
                )
            }
            Error::BadAmount { text, problem } => write!(
                f,
                "cannot read dirty amount '{}': {} (expects bytes such as 3G or 1536M, or a percent of zfs_dirty_data_max such as 85%)",
                shown(text),
                problem_shown(problem)
            ),
            Error::Rejected(problems) => write!(f, "{}", problems.join("; ")),
        }
    }
}

impl std::error::Error for Error {}

/// Text a person typed or a link carried, its control characters escaped and cut to a
/// readable length for a message.
pub(crate) fn shown(text: &str) -> String {
    const MAX: usize = 40;
    let text = escaped(text, false);
    if text.chars().count() <= MAX {
        text
    } else {
        format!("{}…", text.chars().take(MAX).collect::<String>())
    }
}

/// Whether `c` could move a terminal's cursor, recolour it, reorder the text around it, or
/// hide in it: C0 and C1 controls, DEL, the bidirectional marks, overrides and isolates,
/// the line and paragraph separators, and the invisible ones (zero-width space and joiners,
/// word joiner, byte order mark), which make `4k` and `4\u{200b}k` look alike in an error.
fn unsafe_for_terminal(c: char) -> bool {
    c.is_control()
        || matches!(
            c,
            '\u{061c}' | '\u{200b}'..='\u{200f}' | '\u{2028}'..='\u{202e}' | '\u{2060}'..='\u{2069}' | '\u{feff}'
        )
}

/// `text` with every character [`unsafe_for_terminal`] written as `\u{1b}`, keeping line
/// breaks and tabs when `keep_lines` (for multi-line output such as a report).
pub fn escaped(text: &str, keep_lines: bool) -> String {
    // Reports are megabytes of printable ASCII: copy those whole instead of char by char.
    let plain = |b: &u8| matches!(b, b' '..=b'~') || (keep_lines && matches!(b, b'\n' | b'\t'));
    if text.as_bytes().iter().all(plain) {
        return text.to_owned();
    }
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if unsafe_for_terminal(c) && !(keep_lines && matches!(c, '\n' | '\t')) {
            out.push_str(&format!("\\u{{{:x}}}", c as u32));
        } else {
            out.push(c);
        }
    }
    out
}

/// Longest message shown [characters]: past it a message is cut with `…`.
pub const MAX_MESSAGE: usize = 300;

/// A message whose text came partly from elsewhere (serde's, with `` `key` `` quoting the
/// input), made safe to show: every backtick-quoted span [`shown`] cut, and the whole cut
/// to `max` characters.
pub fn bounded(message: &str, max: usize) -> String {
    let mut out = String::new();
    let mut rest = message;
    while let Some(open) = rest.find('`') {
        out.push_str(&rest[..=open]);
        let after = &rest[open + 1..];
        match after.find('`') {
            Some(close) => {
                out.push_str(&shown(&after[..close]));
                out.push('`');
                rest = &after[close + 1..];
            }
            None => {
                rest = after;
                break;
            }
        }
    }
    out.push_str(rest);
    let mut out = escaped(&out, false);
    if out.chars().count() > max {
        out = format!("{}…", out.chars().take(max.saturating_sub(1)).collect::<String>());
    }
    out
}

/// A parse problem, any text of the input it quotes [`shown`].
fn problem_shown(problem: &ParseProblem) -> String {
    match problem {
        ParseProblem::UnknownSuffix(s) => format!("unknown unit '{}'", shown(s)),
        other => other.to_string(),
    }
}

/// What a field of that unit accepts, for error messages.
fn hint(id: Id) -> String {
    use crate::units::Unit::*;
    let spec = id.spec();
    let text = match spec.unit {
        Bytes => "bytes, or a size such as 4G, 512M, 1.5GiB",
        Nanoseconds => "nanoseconds, or a time such as 100ms, 500us",
        Milliseconds => "whole milliseconds, such as 1000 or 5s",
        Seconds => "whole seconds, such as 5 or 10s",
        Percent => "a whole percent from 0 to 100, such as 60 or 60%",
        Count => "a whole number",
        BytesPerSecond => "bytes per second, or a rate such as 150M or 150M/s",
        Choice => return format!("one of {}", spec.choices.join(", ")),
    };
    text.to_string()
}

fn named(id: Id, value: u64) -> String {
    let s = id.spec();
    format!("{} ({})", s.name, s.describe(value))
}

pub(crate) fn min_above_max(min: (Id, u64), max: (Id, u64)) -> String {
    format!(
        "{} is above {}: vdev_queue_class_to_issue() issues the class up to its minimum in its first pass, so it has up to {} in flight and the maximum does nothing",
        named(min.0, min.1),
        named(max.0, max.1),
        min.1
    )
}

pub(crate) fn async_write_min_above_max(min: u64, max: u64) -> String {
    format!(
        "{} is above {}: between the dirty points vdev_queue_max_async_writes() wraps max − min in 32 bits, so only zfs_vdev_max_active bounds async writes there; {min} below the low point, {max} above the high one",
        named(Id::AsyncWriteMinActive, min),
        named(Id::AsyncWriteMaxActive, max)
    )
}

pub(crate) fn async_percents_reversed(lo: (Id, u64), hi: (Id, u64), max_first: bool) -> String {
    let (lo_pct, hi_pct) = (lo.1, hi.1);
    let step = if max_first {
        format!("from 2.1 it tests dirty > max_bytes first: the minimum up to {hi_pct}% of zfs_dirty_data_max, the maximum above")
    } else {
        format!("until 2.0 it tests dirty < min_bytes first: the minimum below {lo_pct}% of zfs_dirty_data_max, the maximum from there")
    };
    format!(
        "{} is above {}: vdev_queue_max_async_writes() never reaches its ramp, and {step}",
        named(lo.0, lo.1),
        named(hi.0, hi.1)
    )
}

pub(crate) fn async_percents_equal(percent: u64) -> String {
    format!(
        "zfs_vdev_async_write_active_min_dirty_percent and zfs_vdev_async_write_active_max_dirty_percent are both {percent}%: async writes step from the minimum to the maximum there, and at dirty data of exactly that point vdev_queue_max_async_writes() divides by zero (the lab gives the maximum)"
    )
}

pub(crate) fn delay_scale_overflow(scale: u64, dirty_max: u64) -> String {
    format!(
        "{} × {} overflows 64 bits: the delay arithmetic would wrap; keep zfs_delay_scale at or below {} for this zfs_dirty_data_max",
        named(Id::DelayScale, scale),
        named(Id::DirtyDataMax, dirty_max),
        u64::MAX / dirty_max.max(1)
    )
}

pub(crate) fn delay_before_full_concurrency(delay: u64, async_max: u64) -> String {
    format!(
        "{} is below {}: writes are delayed before the I/O scheduler writes at full concurrency (the OpenZFS source advises against this; lower both together)",
        named(Id::DelayMinDirtyPercent, delay),
        named(Id::AsyncWriteActiveMaxDirtyPercent, async_max)
    )
}

pub(crate) fn sync_kick_not_below_async_min(sync: u64, async_min: u64) -> String {
    format!(
        "{} is not below {}: a txg is pushed to sync only after the scheduler has started ramping up async writes (the OpenZFS source advises keeping it below)",
        named(Id::DirtyDataSyncPercent, sync),
        named(Id::AsyncWriteActiveMinDirtyPercent, async_min)
    )
}

pub(crate) fn sync_bytes_not_below_async_min(sync: u64, async_min: u64, async_min_bytes: u64) -> String {
    format!(
        "{} is not below {} of zfs_dirty_data_max ({}): a txg is pushed to sync only after the scheduler has started ramping up async writes",
        named(Id::DirtyDataSync, sync),
        named(Id::AsyncWriteActiveMinDirtyPercent, async_min),
        Id::DirtyDataMax.spec().describe(async_min_bytes)
    )
}

pub(crate) fn min_pending_above_max_pending(min: u64, max: u64) -> String {
    format!(
        "{} is above {}: a new I/O is issued at once while fewer than min_pending are pending, so up to min_pending are in flight whatever max_pending says (lower both to bound the device queue)",
        named(Id::VdevMinPending, min),
        named(Id::VdevMaxPending, max)
    )
}

pub(crate) fn allocation_throttle_closed(pct: u64, max_active: u64, slots: u64) -> String {
    format!(
        "{} of {} gives the pool {slots} slots on 0.7, under the 3 a MOS block's copies reserve together: its first txg sync never finishes, as in the kernel (0.8 starts each vdev at 32)",
        named(Id::VdevQueueDepthPct, pct),
        named(Id::AsyncWriteMaxActive, max_active)
    )
}

pub(crate) fn raidz_too_narrow(parity: u64, children: u64) -> String {
    format!("raidz{parity} needs at least {} disks per top-level vdev; mirror is {children}", parity + 1)
}

pub(crate) fn too_many_disks(tops: u64, children: u64, max: u32) -> String {
    format!("{tops} top-level vdevs of {children} disks are {}; the lab models at most {max}", tops * children)
}

pub(crate) fn special_before_0_8(release: &str) -> String {
    format!("the special allocation class came in OpenZFS 0.8, not in {release}")
}

pub(crate) fn not_in_release(name: &str, release: &str, having: &str) -> String {
    format!("{name} is not a tunable of OpenZFS {release} (release; {having} have it): reset it, or choose a release that has it")
}

pub(crate) fn record_above_release_max(value: u64, max: u64, release: &str) -> String {
    let id = Id::Recordsize;
    format!("{}: a record of OpenZFS {release} (release) is at most {}", named(id, value), id.spec().format(max))
}

pub(crate) fn minimums_exceed_total(sum: u64, total: u64) -> String {
    format!(
        "the class minimums add up to {sum}, more than {}: they cannot all be served at once (before 2.1 the classes first in priority take every slot while they have I/O queued, and async writes can wait for ever; from 2.1 the classes take turns)",
        named(Id::VdevMaxActive, total)
    )
}

pub(crate) fn link_unknown_name(name: &str) -> String {
    format!("'{}' is not a setting of this lab; ignored", shown(name))
}

pub(crate) fn link_not_named_so(key: &str, release: &str) -> String {
    format!("'{}' is not a tunable's name in OpenZFS {release} (the link's release); left out", shown(key))
}

pub(crate) fn link_no_name(part: &str) -> String {
    format!("'{}' has a value but no name; ignored", shown(part))
}

pub(crate) fn link_no_version(ours: u32) -> String {
    format!("this link has no format version (v={ours}); read as version {ours}")
}

pub(crate) fn link_more_problems(more: usize) -> String {
    format!("… and {more} more problems")
}

pub(crate) fn link_bad_value(err: &Error) -> String {
    format!("{err}; the default is used")
}

pub(crate) fn link_duplicate(name: &str) -> String {
    format!("{name} is given more than once; the last value is used")
}

pub(crate) fn link_no_value(name: &str) -> String {
    format!("'{}' has no value; ignored", shown(name))
}

pub(crate) fn link_bad_encoding(part: &str) -> String {
    format!("'{}' is not valid URL text; ignored", shown(part))
}

pub(crate) fn link_newer_version(version: &str, ours: u32) -> String {
    format!(
        "this link is format version {}, newer than this lab's {ours}; the settings it shares with version {ours} are read",
        shown(version)
    )
}

pub(crate) fn link_bad_version(version: &str, ours: u32) -> String {
    format!("link format version '{}' is not a version number; read as version {ours}", shown(version))
}

pub(crate) fn link_bad_flag(name: &str, value: &str) -> String {
    format!("'{name}={}': expected {name}=1; read as {name}=1", shown(value))
}

pub(crate) fn link_bad_view_name(key: &str, value: &str, max: usize) -> String {
    format!(
        "'{key}={}': expected a name of 1 to {max} lower-case letters, digits, '-', '.' or '_'; ignored",
        shown(value)
    )
}

pub(crate) fn link_bad_step(value: &str, max: u32) -> String {
    format!("'step={}': expected a step number from 1 to {max}; the lesson opens at its first step", shown(value))
}

pub(crate) fn link_step_without_lesson() -> String {
    "'step' names a lesson step but the link names no lesson (lesson=NAME); ignored".to_string()
}

pub(crate) fn link_too_long(kept: usize) -> String {
    format!("the link has too many parts; only the first {kept} are read")
}

pub(crate) fn link_rejected(problem: &str, reset: &[String]) -> String {
    bounded(&format!("{problem}; reset to the default: {}", reset.join(", ")), MAX_MESSAGE - 1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The escaping as it reads, char by char, with no fast path.
    fn reference(text: &str, keep_lines: bool) -> String {
        text.chars()
            .map(|c| {
                if unsafe_for_terminal(c) && !(keep_lines && matches!(c, '\n' | '\t')) {
                    format!("\\u{{{:x}}}", c as u32)
                } else {
                    c.to_string()
                }
            })
            .collect()
    }

    #[test]
    fn escaped_matches_the_char_by_char_reading_with_and_without_line_breaks() {
        let samples = [
            "",
            "plain {\"json\": [1, 2.5e3]} ~",
            "two\nlines\tand a tab",
            "\u{1b}[31mred\u{1b}[0m",
            "del\u{7f}here",
            "caf\u{e9} \u{2192} \u{202e}reversed\u{202c} \u{2066}iso\u{2069} \u{200f}",
            "\u{85}next line \u{9b}csi \r\n",
            "4\u{200b}k \u{feff}bom \u{2028}sep \u{2060}joined",
        ];
        for text in samples {
            for keep_lines in [false, true] {
                assert_eq!(escaped(text, keep_lines), reference(text, keep_lines), "{text:?} {keep_lines}");
            }
        }
        assert_eq!(escaped("a\nb", false), "a\\u{a}b");
        assert_eq!(escaped("a\nb", true), "a\nb");
        assert_eq!(escaped("4\u{200b}k", true), "4\\u{200b}k", "an invisible character is shown");
        // Every ASCII byte alone, either way.
        for b in 0u8..=127 {
            let text = (b as char).to_string();
            for keep_lines in [false, true] {
                assert_eq!(escaped(&text, keep_lines), reference(&text, keep_lines), "{b}");
            }
        }
    }
}
