//! Reads a JSON object field by field, tracking the path, so every error names the field
//! (`workloads[1].block_size: unknown unit 'X'`) and unknown fields are refused.

use crate::units::{parse_value, Unit};
use serde_json::{Map, Value};

/// A scenario problem, at a field path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FieldError {
    pub path: String,
    pub message: String,
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

pub type Read<T> = Result<T, FieldError>;

/// One JSON object being read; `finish` refuses the fields nobody asked for.
pub struct Obj<'a> {
    path: String,
    map: &'a Map<String, Value>,
    seen: Vec<&'static str>,
}

pub fn err<T>(path: &str, message: impl Into<String>) -> Read<T> {
    Err(FieldError { path: path.to_string(), message: message.into() })
}

fn join(path: &str, key: &str) -> String {
    if path.is_empty() {
        key.to_string()
    } else {
        format!("{path}.{key}")
    }
}

impl<'a> Obj<'a> {
    pub fn new(path: &str, value: &'a Value) -> Read<Self> {
        match value {
            Value::Object(map) => Ok(Obj { path: path.to_string(), map, seen: Vec::new() }),
            _ => err(path, "expected an object { ... }"),
        }
    }

    pub fn path_of(&self, key: &str) -> String {
        join(&self.path, key)
    }

    fn get(&mut self, key: &'static str) -> Option<&'a Value> {
        self.seen.push(key);
        self.map.get(key).filter(|v| !v.is_null())
    }

    /// A whole number of `unit`, given as a JSON number or as text with units (`"4G"`).
    pub fn quantity(&mut self, key: &'static str, unit: Unit, default: u64, min: u64, max: u64) -> Read<u64> {
        let path = self.path_of(key);
        let value = match self.get(key) {
            None => return Ok(default),
            Some(Value::Number(n)) => match n.as_u64() {
                Some(v) => v,
                None => return err(&path, format!("{n} is not a whole number from 0 up")),
            },
            Some(Value::String(s)) => match parse_value(unit, s) {
                Ok(v) => v,
                Err(problem) => return err(&path, format!("cannot read '{s}': {problem}")),
            },
            Some(other) => return err(&path, format!("expected a number or text, found {other}")),
        };
        if value < min || value > max {
            return err(&path, format!("{value} is out of range; it must be from {min} to {max}"));
        }
        Ok(value)
    }

    pub fn text(&mut self, key: &'static str, default: &str) -> Read<String> {
        let path = self.path_of(key);
        match self.get(key) {
            None => Ok(default.to_string()),
            Some(Value::String(s)) if s.chars().count() <= 2000 => Ok(s.clone()),
            Some(Value::String(_)) => err(&path, "text longer than 2000 characters"),
            Some(other) => err(&path, format!("expected text, found {other}")),
        }
    }

    /// One of `options`, by name.
    pub fn choice(&mut self, key: &'static str, options: &[&'static str], default: &'static str) -> Read<&'static str> {
        let path = self.path_of(key);
        let given = self.text(key, default)?;
        options
            .iter()
            .find(|o| **o == given)
            .copied()
            .map_or_else(|| err(&path, format!("'{given}' is not one of {}", options.join(", "))), Ok)
    }

    pub fn object(&mut self, key: &'static str) -> Read<Option<Obj<'a>>> {
        let path = self.path_of(key);
        self.get(key).map(|v| Obj::new(&path, v)).transpose()
    }

    /// The elements of an array field, each with its indexed path.
    pub fn array(&mut self, key: &'static str, max_len: usize) -> Read<Vec<(String, &'a Value)>> {
        let path = self.path_of(key);
        match self.get(key) {
            None => Ok(Vec::new()),
            Some(Value::Array(items)) if items.len() <= max_len => {
                Ok(items.iter().enumerate().map(|(i, v)| (format!("{path}[{i}]"), v)).collect())
            }
            Some(Value::Array(_)) => err(&path, format!("more than {max_len} entries")),
            Some(other) => err(&path, format!("expected a list [ ... ], found {other}")),
        }
    }

    /// The raw map, for fields whose names are data (the tunables).
    pub fn entries(&mut self, key: &'static str) -> Read<Vec<(String, &'a Value)>> {
        let path = self.path_of(key);
        match self.get(key) {
            None => Ok(Vec::new()),
            Some(Value::Object(map)) => Ok(map.iter().map(|(k, v)| (k.clone(), v)).collect()),
            Some(other) => err(&path, format!("expected an object {{ ... }}, found {other}")),
        }
    }

    /// Refuses any field that was not read: a misspelt field is an error, not a silent default.
    pub fn finish(self) -> Read<()> {
        match self.map.keys().find(|k| !self.seen.contains(&k.as_str())) {
            Some(unknown) => {
                err(&join(&self.path, unknown), format!("unknown field (known here: {})", self.seen.join(", ")))
            }
            None => Ok(()),
        }
    }
}
