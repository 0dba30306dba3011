//! Scenario JSON read with every object's keys unique. `serde_json` keeps the last of
//! repeated keys without a word; in a hand-edited scenario a repeated key is a slip (two
//! `duration`s, a `tunables` block pasted twice), and the value that loses is lost. The
//! problem is named with its key, and `serde_json` adds the line and column.

use serde::de::{Deserialize, Deserializer, Error, MapAccess, SeqAccess, Visitor};
use serde_json::{Map, Value};
use std::fmt;

/// A JSON value read as `serde_json::Value` is, refusing an object that repeats a key.
pub(super) struct UniqueKeys(pub(super) Value);

/// Reads JSON text as `serde_json::from_str` does, but an object that repeats a key is an
/// error naming the key, its line and column.
pub fn json_value(text: &str) -> Result<Value, serde_json::Error> {
    serde_json::from_str::<UniqueKeys>(text).map(|u| u.0)
}

impl<'de> Deserialize<'de> for UniqueKeys {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        d.deserialize_any(ValueVisitor).map(UniqueKeys)
    }
}

struct ValueVisitor;

impl<'de> Visitor<'de> for ValueVisitor {
    type Value = Value;

    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
        f.write_str("a JSON value")
    }

    fn visit_bool<E: Error>(self, v: bool) -> Result<Value, E> {
        Ok(Value::Bool(v))
    }

    fn visit_i64<E: Error>(self, v: i64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_u64<E: Error>(self, v: u64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_f64<E: Error>(self, v: f64) -> Result<Value, E> {
        Ok(Value::from(v))
    }

    fn visit_str<E: Error>(self, v: &str) -> Result<Value, E> {
        Ok(Value::String(v.to_string()))
    }

    fn visit_string<E: Error>(self, v: String) -> Result<Value, E> {
        Ok(Value::String(v))
    }

    fn visit_unit<E: Error>(self) -> Result<Value, E> {
        Ok(Value::Null)
    }

    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Value, A::Error> {
        let mut items = Vec::new();
        while let Some(UniqueKeys(v)) = seq.next_element()? {
            items.push(v);
        }
        Ok(Value::Array(items))
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Value, A::Error> {
        let mut fields = Map::new();
        while let Some(key) = map.next_key::<String>()? {
            if fields.contains_key(&key) {
                return Err(A::Error::custom(format!("'{key}' is given more than once")));
            }
            let UniqueKeys(v) = map.next_value()?;
            fields.insert(key, v);
        }
        Ok(Value::Object(fields))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<Value, String> {
        json_value(text).map_err(|e| e.to_string())
    }

    #[test]
    fn reads_what_serde_json_reads() {
        let text = r#"{"a": [1, -2, 2.5, "x", null, true, {"b": {}}], "c": 18446744073709551615}"#;
        assert_eq!(read(text), Ok(serde_json::from_str::<Value>(text).expect("valid")));
    }

    #[test]
    fn a_repeated_key_is_named_with_its_line() {
        let err = read("{\"pool\": {\"mirror\": 2},\n \"workloads\": [{\"threads\": 1, \"threads\": 2}]}").unwrap_err();
        assert!(err.contains("'threads' is given more than once") && err.contains("line 2"), "{err}");
        // The same key in two objects is no repeat.
        assert!(read(r#"[{"a": 1}, {"a": 2}]"#).is_ok());
    }
}
