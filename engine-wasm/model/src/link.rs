//! The shareable link: `?v=1&zfs_dirty_data_max=1G&zfs_delay_scale=1ms`.
//!
//! It carries every schema entry: tunables and the lab's settings (workload, pool, models,
//! duration, seed). An A/B comparison adds `pinned=1` and the pinned configuration A's
//! values under `a.NAME`; the plain names are always the configuration being edited (B).
//! A link may also say where the page is ([`View`]): the preset it started from
//! (`preset=NAME`), the lesson and step it walks (`lesson=NAME&step=N`) and presenter mode
//! (`present=1`). Those are not settings: a run never reads them.
//!
//! Written quietly (only values that differ from the defaults, under their OpenZFS names,
//! in the shortest exact form) and read leniently: every problem becomes a notice naming
//! it, the offending value falls back to its default, and the rest of the link applies.
//! Reading never fails and its work is bounded by the link's length.

use crate::messages;
use crate::schema::Id;
use crate::tunable_releases::{is_old_name, named_in, release_name};
use crate::tunables::Tunables;
use crate::validate::check;
use serde::Serialize;

/// The link format this lab writes.
pub const LINK_VERSION: u32 = 1;
/// Parts read at most; a longer link is cut there with a notice.
const MAX_PARTS: usize = 256;
/// Notices listed at most; the rest are counted in a last one.
const MAX_NOTICES: usize = 20;

/// Prefix of the pinned configuration's values.
const PINNED_PREFIX: &str = "a.";
/// Says a configuration is pinned even when all its values are defaults.
const PINNED_FLAG: &str = "pinned";

/// Names a view key may hold (a preset's or a lesson's): this many characters at most.
const MAX_VIEW_NAME: usize = 64;
/// The highest lesson step a link may name.
pub const MAX_STEP: u32 = 999;

/// Where a page is, beside its settings: which preset it started from, which lesson and
/// step it walks, and whether it is in presenter mode. The names are checked here only for
/// their form; the app, which has the lists, says when one names nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct View {
    pub preset: Option<String>,
    pub lesson: Option<String>,
    /// The lesson's step, from 1.
    pub step: Option<u32>,
    pub present: bool,
}

/// What a link restores, and what was wrong with it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decoded {
    pub tunables: Tunables,
    /// The pinned configuration A of an A/B comparison, if the link has one.
    pub pinned: Option<Tunables>,
    pub view: View,
    pub notices: Vec<String>,
}

/// The query string (without `?`) that restores `t`.
pub fn encode(t: &Tunables) -> String {
    encode_pair(t, None)
}

/// The query string that restores `current` and, if given, the pinned configuration.
pub fn encode_pair(current: &Tunables, pinned: Option<&Tunables>) -> String {
    encode_link(current, pinned, &View::default())
}

/// The query string of a whole page: its settings, the pinned ones, and where it is. The
/// view keys come first, so that a reader sees the lesson before the values.
pub fn encode_link(current: &Tunables, pinned: Option<&Tunables>, view: &View) -> String {
    let mut out = format!("v={LINK_VERSION}");
    if let Some(preset) = &view.preset {
        out.push_str(&format!("&preset={}", percent_encode(preset)));
    }
    if let Some(lesson) = &view.lesson {
        out.push_str(&format!("&lesson={}", percent_encode(lesson)));
        if let Some(step) = view.step {
            out.push_str(&format!("&step={step}"));
        }
    }
    if view.present {
        out.push_str("&present=1");
    }
    push_changed(&mut out, "", current);
    if let Some(a) = pinned {
        out.push_str(&format!("&{PINNED_FLAG}=1"));
        push_changed(&mut out, PINNED_PREFIX, a);
    }
    out
}

/// Reads the view keys' names: a preset's or a lesson's, as the lab names them.
fn view_name(key: &str, value: &str, notices: &mut Vec<String>) -> Option<String> {
    let fits = !value.is_empty()
        && value.len() <= MAX_VIEW_NAME
        && value.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b"-._".contains(&b));
    if !fits {
        notices.push(messages::link_bad_view_name(key, value, MAX_VIEW_NAME));
    }
    fits.then(|| value.to_string())
}

fn push_changed(out: &mut String, prefix: &str, t: &Tunables) {
    for (id, value) in t.changed() {
        out.push_str(&format!("&{prefix}{}={}", id.spec().name, id.spec().format(value)));
    }
}

/// One configuration being read from a link: its values and which of them the link set.
#[derive(Default)]
struct Side {
    tunables: Tunables,
    from_link: Vec<Id>,
    /// Names a release gave a tunable since renamed (`zfs_scan_min_time_ms`), with their
    /// values: read once the link's release is known.
    old_names: Vec<(String, String)>,
}

impl Side {
    /// `prefix` names the side in notices (`a.` for the pinned one).
    fn read(&mut self, id: Id, key: &str, value: &str, prefix: &str, notices: &mut Vec<String>) {
        if self.from_link.contains(&id) {
            notices.push(messages::link_duplicate(key));
        }
        self.from_link.retain(|&seen| seen != id);
        match self.tunables.set_text(id, value) {
            Ok(_) => self.from_link.push(id),
            Err(err) => {
                self.tunables.reset(id);
                notices.push(format!("{prefix}{}", messages::link_bad_value(&err)));
            }
        }
    }
}

impl Side {
    /// The release's old names, read as the release the link chose names them.
    fn read_old_names(&mut self, prefix: &str, notices: &mut Vec<String>) {
        let release = self.tunables.get(Id::Release);
        for (key, value) in std::mem::take(&mut self.old_names) {
            match named_in(&key, release) {
                Some(id) => self.read(id, &format!("{prefix}{key}"), &value, prefix, notices),
                None => notices.push(messages::link_not_named_so(&format!("{prefix}{key}"), release_name(release))),
            }
        }
    }
}

/// The lab's part of a whole link, as the app reads its own address: the fragment if it
/// has one (`…/lab/#v=1&…`, the form the app writes), else the query (`…/lab/?v=1&…`, the
/// form of older links), else the whole text, taken to be the lab's part already.
pub fn query_of(link: &str) -> &str {
    match link.split_once('#') {
        Some((_, fragment)) if !fragment.is_empty() => fragment,
        _ => {
            let before_fragment = link.split('#').next().unwrap_or("");
            before_fragment.split_once('?').map_or(before_fragment, |(_, query)| query)
        }
    }
}

/// Reads the lab's part of a link (with or without a leading `?` or `#`); never fails.
pub fn decode(query: &str) -> Decoded {
    decode_onto(&Tunables::default(), query)
}

/// As [`decode`], the settings the link does not name keeping their values in `base`
/// instead of the defaults: a lesson's step applied to where the learner is, say.
pub fn decode_onto(base: &Tunables, query: &str) -> Decoded {
    let query = query.strip_prefix(['?', '#']).unwrap_or(query);
    let query = query.split('#').next().unwrap_or("");
    let mut current = Side { tunables: base.clone(), ..Side::default() };
    let mut view = View::default();
    let mut pinned = Side::default();
    let mut pinned_flag = false;
    let mut notices = Vec::new();

    let mut parts = query.split('&').filter(|p| !p.is_empty()).peekable();
    let mut versioned = false;
    let has_parts = parts.peek().is_some();
    for part in parts.by_ref().take(MAX_PARTS) {
        let Some((raw_key, raw_value)) = part.split_once('=') else {
            notices.push(messages::link_no_value(&lossy(part)));
            continue;
        };
        let (Some(key), Some(value)) = (percent_decode(raw_key), percent_decode(raw_value)) else {
            notices.push(messages::link_bad_encoding(&lossy(part)));
            continue;
        };
        if key == "v" {
            versioned = true;
            read_version(&value, &mut notices);
            continue;
        }
        if key.is_empty() {
            notices.push(messages::link_no_name(part));
            continue;
        }
        match key.as_str() {
            "preset" => view.preset = view_name(&key, &value, &mut notices),
            "lesson" => view.lesson = view_name(&key, &value, &mut notices),
            "step" => match value.trim().parse::<u32>() {
                Ok(step) if (1..=MAX_STEP).contains(&step) => view.step = Some(step),
                _ => notices.push(messages::link_bad_step(&value, MAX_STEP)),
            },
            "present" => {
                view.present = value != "0";
                if value != "0" && value != "1" {
                    notices.push(messages::link_bad_flag("present", &value));
                }
            }
            _ => {}
        }
        if ["preset", "lesson", "step", "present"].contains(&key.as_str()) {
            continue;
        }
        if key == PINNED_FLAG {
            pinned_flag = true;
            if value != "1" {
                notices.push(messages::link_bad_flag(PINNED_FLAG, &value));
            }
            continue;
        }
        let (side, name, prefix) = match key.strip_prefix(PINNED_PREFIX) {
            Some(name) => (&mut pinned, name, PINNED_PREFIX),
            None => (&mut current, key.as_str(), ""),
        };
        let Some(id) = Id::from_name(name) else {
            if is_old_name(name) {
                side.old_names.push((name.to_string(), value));
            } else {
                notices.push(messages::link_unknown_name(&key));
            }
            continue;
        };
        side.read(id, &key, &value, prefix, &mut notices);
    }
    if parts.next().is_some() {
        // First, so that cutting the list of notices never hides it.
        notices.insert(0, messages::link_too_long(MAX_PARTS));
    }
    if has_parts && !versioned {
        notices.push(messages::link_no_version(LINK_VERSION));
    }
    current.read_old_names("", &mut notices);
    pinned.read_old_names(PINNED_PREFIX, &mut notices);
    reset_rejected_combinations(&mut current.tunables, &current.from_link, "", &mut notices);
    let has_pinned = pinned_flag || !pinned.from_link.is_empty();
    if has_pinned {
        reset_rejected_combinations(&mut pinned.tunables, &pinned.from_link, PINNED_PREFIX, &mut notices);
    }
    if notices.len() > MAX_NOTICES {
        let more = notices.len() - (MAX_NOTICES - 1);
        notices.truncate(MAX_NOTICES - 1);
        notices.push(messages::link_more_problems(more));
    }
    if view.step.is_some() && view.lesson.is_none() {
        notices.push(messages::link_step_without_lesson());
        view.step = None;
    }
    Decoded { tunables: current.tunables, pinned: has_pinned.then_some(pinned.tunables), view, notices }
}

/// Resets the link's own values that take part in a combination that cannot work, until
/// none is left. Defaults are valid, so each round resets at least one value and ends.
fn reset_rejected_combinations(t: &mut Tunables, from_link: &[Id], prefix: &str, notices: &mut Vec<String>) {
    while let Some(problem) = check(t).errors.into_iter().next() {
        let reset: Vec<Id> = from_link
            .iter()
            .copied()
            .filter(|id| problem.tunables.contains(&id.spec().name) && t.is_given(*id))
            .collect();
        if reset.is_empty() {
            break;
        }
        for &id in &reset {
            t.reset(id);
        }
        let names: Vec<String> = reset.iter().map(|id| format!("{prefix}{}", id.spec().name)).collect();
        notices.push(messages::link_rejected(&problem.message, &names));
    }
}

fn read_version(value: &str, notices: &mut Vec<String>) {
    match value.trim().parse::<u32>() {
        Ok(v) if v == LINK_VERSION => {}
        Ok(v) if v > LINK_VERSION => notices.push(messages::link_newer_version(value, LINK_VERSION)),
        _ => notices.push(messages::link_bad_version(value, LINK_VERSION)),
    }
}

/// Decodes `%XX` escapes and `+`; a `%` not followed by two hex digits stays literal (links
/// typed by hand, such as `60%`). `None` if the bytes are not UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        let byte = bytes[i];
        let escaped = (byte == b'%')
            .then(|| bytes.get(i + 1..i + 3))
            .flatten()
            .and_then(|hex| std::str::from_utf8(hex).ok())
            .and_then(|hex| u8::from_str_radix(hex, 16).ok());
        match (byte, escaped) {
            (_, Some(decoded)) => {
                out.push(decoded);
                i += 3;
            }
            (b'+', None) => {
                out.push(b' ');
                i += 1;
            }
            (other, None) => {
                out.push(other);
                i += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// Escapes what a view name could hold that a query cannot carry as it is (names are
/// checked to need none, but a name from elsewhere must not break the link).
fn percent_encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'a'..=b'z' | b'A'..=b'Z' | b'0'..=b'9' | b'-' | b'.' | b'_' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// A part of the link as printable text for a notice, cut to a readable length.
fn lossy(part: &str) -> String {
    let mut s: String = part.chars().take(60).collect();
    if part.chars().count() > 60 {
        s.push('…');
    }
    s
}

#[cfg(test)]
mod tests;
