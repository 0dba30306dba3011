//! The lessons that ship: one file each in `lessons/`, embedded at build time so the app
//! and the CLI carry the same ones, read with every problem naming its file and field.

use super::format::Lesson;

/// Each lesson file's stem and text, in the order the app lists them (a test checks that
/// this is every file of `lessons/` and nothing else).
pub const FILES: &[(&str, &str)] = &[
    ("fast-then-slow", include_str!("../../lessons/fast-then-slow.json")),
    ("long-syncs", include_str!("../../lessons/long-syncs.json")),
    ("small-ram", include_str!("../../lessons/small-ram.json")),
    ("scrub-latency", include_str!("../../lessons/scrub-latency.json")),
    ("picket-fence", include_str!("../../lessons/picket-fence.json")),
    ("brick-wall", include_str!("../../lessons/brick-wall.json")),
    ("lun-queue-depth", include_str!("../../lessons/lun-queue-depth.json")),
    ("noisy-tenant", include_str!("../../lessons/noisy-tenant.json")),
    ("fragmentation", include_str!("../../lessons/fragmentation.json")),
    ("slog", include_str!("../../lessons/slog.json")),
];

/// Reads the lesson file `lessons/{stem}.json`; a problem names the file and the field
/// (`lessons/slog.json: steps[1].check.all[0].op: unknown variant ...`).
pub fn parse(stem: &str, text: &str) -> Result<Lesson, String> {
    parse_file(&format!("lessons/{stem}.json"), stem, text)
}

/// Reads a lesson file called `file` in messages (a path, for one that does not ship
/// yet); its name must be `stem`.
pub fn parse_file(file: &str, stem: &str, text: &str) -> Result<Lesson, String> {
    let mut json = serde_json::Deserializer::from_str(text);
    let lesson: Lesson = serde_path_to_error::deserialize(&mut json).map_err(|e| {
        let path = e.path().to_string();
        let at = if path == "." { String::new() } else { format!("{path}: ") };
        format!("{file}: {at}{}", e.inner())
    })?;
    json.end().map_err(|e| format!("{file}: {e}"))?;
    if lesson.name != stem {
        return Err(format!("{file}: name: '{}' must be the file's stem, '{stem}'", lesson.name));
    }
    Ok(lesson)
}

/// Every lesson that ships, or the first one that cannot be read.
pub fn lessons() -> Result<Vec<Lesson>, String> {
    FILES.iter().map(|(stem, text)| parse(stem, text)).collect()
}

/// The lesson called `name`.
pub fn find(name: &str) -> Result<Lesson, String> {
    let names: Vec<&str> = FILES.iter().map(|(stem, _)| *stem).collect();
    match FILES.iter().find(|(stem, _)| *stem == name) {
        Some((stem, text)) => parse(stem, text),
        None => Err(format!("no lesson '{}' (one of {})", crate::messages::escaped(name, false), names.join(", "))),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_problem_names_the_file_and_the_field() {
        let err = parse("x", r#"{"name": "x", "title": 3}"#).unwrap_err();
        assert!(err.starts_with("lessons/x.json: title: invalid type"), "{err}");
        let err = parse("x", r#"{"name": "x", "colour": "red"}"#).unwrap_err();
        assert!(err.starts_with("lessons/x.json: colour: unknown field `colour`"), "{err}");
        let (_, text) = FILES[0];
        let renamed = text.replacen("\"fast-then-slow\"", "\"other\"", 1);
        assert!(parse("fast-then-slow", &renamed).unwrap_err().contains("must be the file's stem"));
        let broken = text.replacen("\"op\": \"", "\"op\": \"x", 1);
        let err = parse("fast-then-slow", &broken).unwrap_err();
        assert!(err.contains(".check.all[0].op: unknown variant"), "{err}");
        assert!(find("nope").unwrap_err().contains("one of fast-then-slow"));
    }
}
