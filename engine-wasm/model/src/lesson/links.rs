//! Where a step starts and ends, as link queries: the preset's link, then the lesson's,
//! then each earlier step's solution, each over the last (a later value of a name wins),
//! read by the same decoder that reads the app's links.

use super::format::Lesson;
use crate::link;
use crate::scenario::lab_presets::LAB_PRESETS;
use crate::tunables::Tunables;

/// The `NAME=VALUE` parts of a query (without `?`, `#` or `v=`), in order.
pub fn parts(query: &str) -> Result<Vec<(String, String)>, String> {
    query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| match p.split_once('=') {
            Some((key, value)) if !key.is_empty() => Ok((key.to_string(), value.to_string())),
            _ => Err(format!("'{p}' is not NAME=VALUE")),
        })
        .filter(|p| !matches!(p, Ok((key, _)) if key == "v"))
        .collect()
}

/// One query holding `queries`, each over the ones before it.
pub fn compose(queries: &[&str]) -> Result<String, String> {
    let mut merged: Vec<(String, String)> = Vec::new();
    for query in queries {
        for (key, value) in parts(query)? {
            match merged.iter_mut().find(|(k, _)| *k == key) {
                Some(slot) => slot.1 = value,
                None => merged.push((key, value)),
            }
        }
    }
    let mut out = format!("v={}", link::LINK_VERSION);
    for (key, value) in merged {
        out.push_str(&format!("&{key}={value}"));
    }
    Ok(out)
}

/// The lab settings of `query` (with or without `v=1`), read as the app reads a link; any
/// notice (an unknown name, a bad value) or a pinned configuration is an error.
pub fn settings(query: &str) -> Result<Tunables, String> {
    let decoded = link::decode(&compose(&[query])?);
    if let Some(notice) = decoded.notices.first() {
        return Err(format!("'{query}': {notice}"));
    }
    if decoded.pinned.is_some() {
        return Err(format!("'{query}': a lesson's link holds one configuration, not a pinned A"));
    }
    Ok(decoded.tunables)
}

impl Lesson {
    /// The link query of the state step `step` starts from (A): the preset's link, the
    /// lesson's, and the solutions of the steps before it. `step` may be the number of
    /// steps: the state after the last one. `None` if the preset or the step does not exist.
    pub fn step_start(&self, step: usize) -> Option<String> {
        let preset = LAB_PRESETS.iter().find(|p| p.name == self.preset)?;
        let mut queries = vec![preset.link, self.link.as_str()];
        queries.extend(self.steps.get(..step)?.iter().map(|s| s.solution.as_str()));
        compose(&queries).ok()
    }

    /// The link query of step `step`'s start with its solution applied.
    pub fn step_solved(&self, step: usize) -> Option<String> {
        self.step_start(step + 1).filter(|_| step < self.steps.len())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_later_query_overrides_an_earlier_name_and_keeps_its_place() {
        let q = compose(&["v=1&a=1&b=2", "", "b=3&c=4", "a=5"]).expect("composes");
        assert_eq!(q, "v=1&a=5&b=3&c=4");
        assert!(compose(&["v=1&oops"]).unwrap_err().contains("'oops' is not NAME=VALUE"));
    }

    #[test]
    fn settings_refuse_what_a_link_would_only_warn_about() {
        assert!(settings("v=1&duration=5").is_ok());
        assert!(settings("v=1&zfs_nope=1").unwrap_err().contains("zfs_nope"));
        assert!(settings("v=1&duration=lots").unwrap_err().contains("duration"));
        assert!(settings("v=1&pinned=1").unwrap_err().contains("pinned"));
    }
}
