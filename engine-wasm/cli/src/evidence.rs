//! `import` and `export`: from a customer's evidence to the lab, and from the lab to
//! settings the customer can apply.

use serde_json::json;
use std::io::Read;
use throttle_model::evidence::import;
use throttle_model::messages::escaped;
use throttle_model::report::export::{export, Os};
use throttle_model::scenario::evidence::from_evidence;
use throttle_model::scenario::Release;
use throttle_model::{link, Id, Tunables};

/// Reads each file (`-` is stdin) and reports what was read and what it implies.
pub fn import_files(
    files: &[String],
    sets: &[String],
    json: bool,
    scenario_out: Option<&str>,
) -> Result<String, String> {
    if files.is_empty() {
        return Err("import needs at least one file (or - for stdin)".into());
    }
    // An override the user typed that cannot be read is refused, as `run` refuses it, before
    // any evidence is read: a note among the evidence's own would be easy to miss.
    for o in sets {
        throttle_model::Tunables::default().set_assignment(o).map_err(|e| format!("--set: {e}"))?;
    }
    let mut texts = Vec::new();
    for f in files {
        let bytes = if f == "-" {
            let mut b = Vec::new();
            std::io::stdin().read_to_end(&mut b).map_err(|e| format!("cannot read stdin: {e}"))?;
            b
        } else {
            std::fs::read(f).map_err(|e| format!("cannot read {}: {e}", escaped(f, false)))?
        };
        // Not UTF-8 (a binary or a Latin-1 paste): what can be read is read.
        texts.push((
            if f == "-" { "stdin".to_string() } else { f.clone() },
            String::from_utf8_lossy(&bytes).into_owned(),
        ));
    }
    let pairs: Vec<(&str, &str)> = texts.iter().map(|(n, t)| (n.as_str(), t.as_str())).collect();
    let read = import(&pairs);
    let implied = from_evidence(&read);
    let (t, mut notes) = implied.tunables(sets);
    notes.extend(implied.notes.iter().cloned());
    let share = format!("#{}", link::encode(&t));
    if let Some(path) = scenario_out {
        // Checked as `run` will read it: the settings must make a scenario.
        throttle_model::scenario::lab::scenario_from_settings(&t)?;
        let names: Vec<&str> = texts.iter().map(|(n, _)| n.as_str()).collect();
        let file = json!({
            "version": 1,
            "name": "from evidence",
            "description": format!("Imported from {}", names.join(", ")),
            "lab": link::encode(&t),
        });
        let text = serde_json::to_string_pretty(&file).map_err(|e| e.to_string())?;
        std::fs::write(path, text + "\n").map_err(|e| format!("cannot write {path}: {e}"))?;
    }
    if json {
        // Not `json!`: it unwraps each value's conversion, and evidence must never panic.
        let value = |v: Result<serde_json::Value, serde_json::Error>| {
            v.map_err(|e| format!("the evidence could not be written as JSON: {e}"))
        };
        let mut v = serde_json::Map::new();
        v.insert("sections".into(), value(serde_json::to_value(&read.sections))?);
        v.insert("problems".into(), value(serde_json::to_value(&read.problems))?);
        v.insert("settings".into(), value(serde_json::to_value(&implied.settings))?);
        v.insert("notes".into(), notes.iter().map(|n| serde_json::Value::from(n.as_str())).collect());
        v.insert("link".into(), share.into());
        return Ok(serde_json::Value::Object(v).to_string() + "\n");
    }
    let mut out = String::new();
    out.push_str("read:\n");
    for s in &read.sections {
        out.push_str(&format!("  {}\n", s.describe()));
        for n in &s.notes {
            out.push_str(&format!("    note: {n}\n"));
        }
    }
    if !read.problems.is_empty() {
        out.push_str("not read:\n");
        for p in &read.problems {
            out.push_str(&format!("  {p}\n"));
        }
    }
    out.push_str("implies:\n");
    for s in &implied.settings {
        out.push_str(&format!("  {}={}  <- {}\n", s.name, s.value, s.source));
    }
    for n in &notes {
        out.push_str(&format!("  note: {n}\n"));
    }
    out.push_str(&format!("link: {share}\n"));
    Ok(out)
}

/// The settings file text for `os`.
pub fn export_settings(
    os: Option<&str>,
    release: Option<&str>,
    link_text: Option<&str>,
    sets: &[String],
) -> Result<String, String> {
    let os_name = os.ok_or("export needs --os linux, freebsd or illumos")?;
    let os = Os::from_name(os_name)
        .ok_or_else(|| format!("--os '{}': expected linux, freebsd or illumos", escaped(os_name, false)))?;
    let mut t = match link_text {
        Some(l) => {
            let decoded = link::decode(link::query_of(l));
            for n in &decoded.notices {
                eprintln!("throttle-lab: link: {}", escaped(n, true));
            }
            decoded.tunables
        }
        None => Tunables::default(),
    };
    if let Some(r) = release {
        let r = Release::from_name(r.trim()).ok_or_else(|| {
            let names: Vec<&str> = Release::ALL.iter().map(|r| r.name()).collect();
            format!("--release '{}': expected one of {}", escaped(r, false), names.join(", "))
        })?;
        t.set(Id::Release, r.index()).map_err(|e| e.to_string())?;
    }
    t.set_assignments(sets).map_err(|e| e.to_string())?;
    export(&t, os)
}

/// The ticket-ready Markdown of a link's A/B comparison: runs the pinned A and the edited
/// B and says what changed, what got better and what got worse.
pub fn ticket(link_text: Option<&str>) -> Result<String, String> {
    let l = link_text.ok_or("--ticket needs --link with a pinned configuration A (the app's Pin as A)")?;
    let decoded = link::decode(link::query_of(l));
    let a_values = decoded.pinned.clone().ok_or("--ticket: this link has no pinned configuration A (pinned=1)")?;
    let changes = throttle_model::scenario::lab::difference_lines(&a_values, &decoded.tunables);
    let a = crate::run::simulate_link(l, true, None, &[], false)?;
    let b = crate::run::simulate_link(l, false, None, &[], false)?;
    let value = |r: &throttle_model::report::Report| serde_json::to_value(&r.summary).map_err(|e| e.to_string());
    let share = format!("#{}", link::encode_pair(&decoded.tunables, Some(&a_values)));
    Ok(throttle_model::report::ticket::ticket(&value(&a)?, &value(&b)?, ("A", "B"), &changes, Some(&share)))
}
