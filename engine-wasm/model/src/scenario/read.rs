//! Reads a scenario file from text: at most 1 MiB of JSON, an object, read into the
//! derived file types with `serde_path_to_error` so that every problem names its field
//! path (`workloads[1].block_size: cannot read '4X': unknown unit 'X'`).
//!
//! NOTE: on disk `kind` is a field beside the others, defaulting to `async_write` (a
//! workload) or `hdd` (a device). Serde's internally tagged enums have no default tag, and
//! they buffer the object before choosing the variant, which loses the field path of any
//! error inside it (dtolnay/path-to-error#1). So before serde reads the value, each `kind`
//! becomes the key of an externally tagged enum (`{"kind": "scrub", ...}` ->
//! `{"scrub": {...}}`), whose path segment is left out of messages. `file.rs` writes the
//! tag back beside the fields.

use super::file::{ScenarioFile, DEVICE_KINDS, WORKLOAD_KINDS};
use super::quantity::Quantity;
use super::unique_keys::json_value;
use crate::messages::{bounded, shown, MAX_MESSAGE};
use serde_json::{Map, Value};
use serde_path_to_error::Segment;

/// Largest scenario text read [bytes].
const MAX_TEXT: usize = 1 << 20;

/// A scenario problem, at a field path (empty for the whole file).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub path: String,
    pub message: String,
}

impl FieldError {
    /// The problem at `path`, the whole line "path: message" under `MAX_MESSAGE`.
    pub fn at(path: &str, message: impl Into<String>) -> FieldError {
        let room = MAX_MESSAGE.saturating_sub(path.chars().count() + 3).max(MAX_MESSAGE / 2);
        FieldError { path: path.to_string(), message: bounded(&message.into(), room) }
    }
}

impl std::fmt::Display for FieldError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.path.is_empty() {
            write!(f, "{}", self.message)
        } else {
            write!(f, "{}: {}", self.path, self.message)
        }
    }
}

impl std::error::Error for FieldError {}

/// `key` under `path`: `pool` and `device` give `pool.device`.
pub(super) fn field(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl ScenarioFile {
    /// Reads scenario JSON; every problem names its field path.
    pub fn read(text: &str) -> Result<ScenarioFile, FieldError> {
        if text.len() > MAX_TEXT {
            return Err(FieldError::at("", "scenario larger than 1 MiB"));
        }
        let mut value = json_value(text).map_err(|e| FieldError::at("", format!("not valid JSON: {e}")))?;
        let Value::Object(top) = &mut value else {
            return Err(FieldError::at("", "expected an object { ... }"));
        };
        // A saved report echoes what ran in the engine's own units (`duration_ns`), which is
        // for reading: said as such, not as its first unknown field.
        if top.contains_key("engine_version") && top.contains_key("scenario") {
            return Err(FieldError::at(
                "",
                "this is a run's report, not a scenario file: its scenario is the engine's echo of what ran; run the scenario file or the link it came from",
            ));
        }
        if let Some(Value::Array(workloads)) = top.get_mut("workloads") {
            for (i, w) in workloads.iter_mut().enumerate() {
                kind_as_key(w, &format!("workloads[{i}]"), &WORKLOAD_KINDS)?;
            }
        }
        // A null device is an absent one (the default), as null is for every field. A log or
        // special device with no kind is an SSD, as the default device of those classes.
        let ssd_first = ["ssd", "hdd", "lun", "injected"];
        debug_assert!(ssd_first.iter().all(|k| DEVICE_KINDS.contains(k)));
        for (key, kinds) in [("device", &DEVICE_KINDS), ("log_device", &ssd_first), ("special_device", &ssd_first)] {
            if let Some(device) = top.get_mut("pool").and_then(|p| p.get_mut(key)).filter(|d| !d.is_null()) {
                kind_as_key(device, &format!("pool.{key}"), kinds)?;
            }
        }
        serde_path_to_error::deserialize(value)
            .map_err(|e| FieldError::at(&shown_path(e.path()), e.inner().to_string()))
    }

    /// The file as JSON text, as `read` reads it back.
    pub fn write(&self) -> Result<String, serde_json::Error> {
        serde_json::to_string_pretty(self)
    }
}

/// Moves an object's `kind` (the first of `kinds` when absent) out to be its key.
fn kind_as_key(value: &mut Value, path: &str, kinds: &[&str]) -> Result<(), FieldError> {
    let Value::Object(fields) = value else {
        return Err(FieldError::at(path, format!("expected an object {{ ... }}, found {}", shown(&value.to_string()))));
    };
    let kind = match fields.remove("kind") {
        None | Some(Value::Null) => kinds[0].to_string(),
        Some(Value::String(kind)) if kinds.contains(&kind.as_str()) => kind,
        Some(Value::String(other)) => {
            return Err(FieldError::at(
                &field(path, "kind"),
                format!("'{}' is not one of {}", shown(&other), kinds.join(", ")),
            ))
        }
        Some(other) => {
            return Err(FieldError::at(
                &field(path, "kind"),
                format!("expected text, found {}", shown(&other.to_string())),
            ))
        }
    };
    let fields = std::mem::take(fields);
    *value = Value::Object(Map::from_iter([(kind, Value::Object(fields))]));
    Ok(())
}

/// A path as the format writes it, `workloads[1].block_size`: the enum segments that
/// `kind_as_key` introduced are not in the file.
fn shown_path(path: &serde_path_to_error::Path) -> String {
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => out = field(&out, &shown(key)),
            Segment::Enum { .. } => {}
            Segment::Unknown => out = field(&out, "?"),
        }
    }
    out
}

/// Text fields hold at most this many characters.
const MAX_TEXT_CHARS: usize = 2000;

/// A quantity field's value: `default` when absent, else range-checked.
pub(super) fn value<U>(
    q: Option<Quantity<U>>,
    path: &str,
    default: u64,
    min: u64,
    max: u64,
) -> Result<u64, FieldError> {
    match q.map(|q| q.0) {
        None => Ok(default),
        Some(v) if v < min || v > max => {
            Err(FieldError::at(path, format!("{v} is out of range; it must be from {min} to {max}")))
        }
        Some(v) => Ok(v),
    }
}

/// As [`value`], for fields held in 32 bits (every such range fits).
pub(super) fn value32<U>(
    q: Option<Quantity<U>>,
    path: &str,
    default: u32,
    min: u32,
    max: u32,
) -> Result<u32, FieldError> {
    value(q, path, u64::from(default), u64::from(min), u64::from(max)).map(|v| v as u32)
}

pub(super) fn text(t: Option<String>, path: &str, default: &str) -> Result<String, FieldError> {
    match t {
        Some(t) if t.chars().count() > MAX_TEXT_CHARS => Err(FieldError::at(path, "text longer than 2000 characters")),
        t => Ok(t.unwrap_or_else(|| default.to_string())),
    }
}
