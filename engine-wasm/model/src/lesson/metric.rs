//! The figure a condition reads: a JSON pointer into a report (RFC 6901), where a `*`
//! segment stands for every element of an array or value of an object, and a reduction
//! makes the values it reaches one number (`/txgs/*/stime` with `max`: the longest sync).

use super::format::Reduce;
use serde_json::Value;

/// One segment of a pointer.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Segment {
    Key(String),
    Every,
}

/// The pointer's segments, or what is wrong with it.
fn segments(metric: &str) -> Result<Vec<Segment>, String> {
    let Some(rest) = metric.strip_prefix('/') else {
        return Err(format!("'{metric}' is no JSON pointer: it must start with '/'"));
    };
    rest.split('/')
        .map(|raw| match raw {
            "*" => Ok(Segment::Every),
            "" => Err(format!("'{metric}' has an empty segment")),
            _ => Ok(Segment::Key(raw.replace("~1", "/").replace("~0", "~"))),
        })
        .collect()
}

/// Whether `metric` with `reduce` can be read at all: a well-formed pointer, with a
/// reduction exactly when it has a `*`.
pub fn check_form(metric: &str, reduce: Option<Reduce>) -> Result<(), String> {
    let every = segments(metric)?.contains(&Segment::Every);
    match (every, reduce) {
        (true, None) => Err(format!("'{metric}' has a '*' segment: say how its values become one (reduce)")),
        (false, Some(_)) => Err(format!("'{metric}' reaches one value: it takes no reduce")),
        _ => Ok(()),
    }
}

/// The number `metric` (with `reduce`) reads in `report`, or why there is none.
pub fn read(report: &Value, metric: &str, reduce: Option<Reduce>) -> Result<f64, String> {
    check_form(metric, reduce)?;
    let mut found = Vec::new();
    collect(report, &segments(metric)?, metric, &mut found)?;
    match reduce {
        None => found.first().copied().ok_or_else(|| format!("{metric}: no value")),
        Some(Reduce::Count) => Ok(found.len() as f64),
        Some(_) if found.is_empty() => Err(format!("{metric}: no values yet")),
        Some(Reduce::Max) => Ok(found.iter().copied().fold(f64::NEG_INFINITY, f64::max)),
        Some(Reduce::Min) => Ok(found.iter().copied().fold(f64::INFINITY, f64::min)),
        Some(Reduce::Sum) => Ok(found.iter().sum()),
        Some(Reduce::Mean) => Ok(found.iter().sum::<f64>() / found.len() as f64),
    }
}

/// Pushes every number `path` reaches from `value`; a missing key or a value that is no
/// number is an error naming the pointer.
fn collect(value: &Value, path: &[Segment], metric: &str, out: &mut Vec<f64>) -> Result<(), String> {
    let Some((first, rest)) = path.split_first() else {
        return match value.as_f64() {
            Some(n) => {
                out.push(n);
                Ok(())
            }
            None => Err(format!("{metric}: {} is not a number", kind(value))),
        };
    };
    match (first, value) {
        (Segment::Every, Value::Array(items)) => items.iter().try_for_each(|v| collect(v, rest, metric, out)),
        (Segment::Every, Value::Object(fields)) => fields.values().try_for_each(|v| collect(v, rest, metric, out)),
        (Segment::Key(key), Value::Object(fields)) => match fields.get(key) {
            Some(v) => collect(v, rest, metric, out),
            None => Err(format!("{metric}: the report has no '{key}' here")),
        },
        (Segment::Key(key), Value::Array(items)) => match key.parse::<usize>().ok().and_then(|i| items.get(i)) {
            Some(v) => collect(v, rest, metric, out),
            None => Err(format!("{metric}: no element '{key}' (there are {})", items.len())),
        },
        (_, other) => Err(format!("{metric}: {} has no parts", kind(other))),
    }
}

fn kind(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "text",
        Value::Array(_) => "a list",
        Value::Object(_) => "an object",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn report() -> Value {
        json!({
            "summary": { "client_read": { "p99_ns": 83_000_000u64 }, "a/b": 2, "t~x": 3 },
            "txgs": [ { "stime": 1.5 }, { "stime": 4.0 }, { "stime": 2.5 } ],
            "series": { "class_mean_ns": { "scrub": [1, 2], "sync_read": [3, 4] } },
            "truncated": null
        })
    }

    #[test]
    fn reads_one_value_and_escaped_keys() {
        assert_eq!(read(&report(), "/summary/client_read/p99_ns", None), Ok(83e6));
        assert_eq!(read(&report(), "/summary/a~1b", None), Ok(2.0));
        assert_eq!(read(&report(), "/summary/t~0x", None), Ok(3.0));
        assert_eq!(read(&report(), "/txgs/1/stime", None), Ok(4.0));
    }

    #[test]
    fn reduces_what_a_star_reaches() {
        let r = report();
        assert_eq!(read(&r, "/txgs/*/stime", Some(Reduce::Max)), Ok(4.0));
        assert_eq!(read(&r, "/txgs/*/stime", Some(Reduce::Min)), Ok(1.5));
        assert_eq!(read(&r, "/txgs/*/stime", Some(Reduce::Sum)), Ok(8.0));
        assert_eq!(read(&r, "/txgs/*/stime", Some(Reduce::Mean)), Ok(8.0 / 3.0));
        assert_eq!(read(&r, "/txgs/*/stime", Some(Reduce::Count)), Ok(3.0));
        assert_eq!(read(&r, "/series/class_mean_ns/*/*", Some(Reduce::Sum)), Ok(10.0));
        assert_eq!(read(&json!({ "txgs": [] }), "/txgs/*/stime", Some(Reduce::Count)), Ok(0.0));
        assert!(
            read(&json!({ "txgs": [] }), "/txgs/*/stime", Some(Reduce::Max)).is_err_and(|e| e.contains("no values"))
        );
    }

    #[test]
    fn names_what_does_not_resolve() {
        let r = report();
        assert!(read(&r, "/summary/client_write/p99_ns", None).is_err_and(|e| e.contains("'client_write'")));
        assert!(read(&r, "/txgs/7/stime", None).is_err_and(|e| e.contains("there are 3")));
        assert!(read(&r, "/truncated", None).is_err_and(|e| e.contains("null is not a number")));
        assert!(read(&r, "/summary", None).is_err_and(|e| e.contains("an object is not a number")));
        assert!(read(&r, "summary", None).is_err_and(|e| e.contains("start with '/'")));
        assert!(read(&r, "/summary//x", None).is_err_and(|e| e.contains("empty segment")));
        assert!(read(&r, "/txgs/*/stime", None).is_err_and(|e| e.contains("reduce")));
        assert!(read(&r, "/txgs/0/stime", Some(Reduce::Max)).is_err_and(|e| e.contains("takes no reduce")));
    }
}
