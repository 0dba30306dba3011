//! Mangled evidence (truncated, columns shuffled, binary junk, the wrong format, 50 MB of
//! text) gives named problems and never a panic: every problem names a line of the file,
//! every section's lines lie in it, and what was read serialises.

use proptest::prelude::*;
use throttle_model::evidence::{import, Import, MAX_PROBLEMS};

/// Every captured sample, by its folder and file name under tests/evidence.
pub(crate) fn samples() -> Vec<(String, String)> {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence");
    let mut out = Vec::new();
    for dir in std::fs::read_dir(root).expect("the evidence folder").flatten() {
        let Ok(files) = std::fs::read_dir(dir.path()) else { continue };
        for f in files.flatten() {
            let path = f.path();
            if path.extension().is_some_and(|e| e == "txt") {
                let name = format!("{}/{}", dir.file_name().to_string_lossy(), f.file_name().to_string_lossy());
                out.push((name, std::fs::read_to_string(&path).expect("a sample")));
            }
        }
    }
    out.sort();
    out
}

fn well_formed(read: &Import, text: &str) {
    let lines = text.lines().count();
    for p in &read.problems {
        assert!(p.line <= lines, "{p} beyond the {lines} lines");
        assert!(!p.message.trim().is_empty(), "a problem without a message at line {}", p.line);
    }
    assert!(read.problems.len() <= MAX_PROBLEMS + 1, "{} problems", read.problems.len());
    for s in &read.sections {
        assert!(1 <= s.first_line && s.first_line <= s.last_line && s.last_line <= lines, "{}", s.describe());
    }
    serde_json::to_string(read).expect("serialises");
}

#[derive(Clone, Debug)]
enum Mangle {
    /// Cut at this share of the text (per mille).
    Truncate(u16),
    /// Reverse the words of every line whose number is a multiple of this.
    Shuffle(u8),
    /// Put these bytes (lossily decoded) at this share of the text.
    Junk(u16, Vec<u8>),
    /// Prepend another sample.
    Prepend(usize),
}

fn mangle() -> impl Strategy<Value = Mangle> {
    prop_oneof![
        (0u16..1000).prop_map(Mangle::Truncate),
        (1u8..4).prop_map(Mangle::Shuffle),
        (0u16..1000, proptest::collection::vec(any::<u8>(), 1..200)).prop_map(|(at, b)| Mangle::Junk(at, b)),
        (0usize..1000).prop_map(Mangle::Prepend),
    ]
}

fn at_share(text: &str, per_mille: u16) -> usize {
    let mut i = text.len() * usize::from(per_mille) / 1000;
    while !text.is_char_boundary(i) {
        i -= 1;
    }
    i
}

fn apply(text: &str, m: &Mangle, all: &[(String, String)]) -> String {
    match m {
        Mangle::Truncate(p) => text[..at_share(text, *p)].to_string(),
        Mangle::Shuffle(every) => text
            .lines()
            .enumerate()
            .map(|(i, l)| {
                if i % usize::from(*every) == 0 {
                    l.split_whitespace().rev().collect::<Vec<_>>().join("  ")
                } else {
                    l.to_string()
                }
            })
            .collect::<Vec<_>>()
            .join("\n"),
        Mangle::Junk(p, bytes) => {
            let i = at_share(text, *p);
            format!("{}{}{}", &text[..i], String::from_utf8_lossy(bytes), &text[i..])
        }
        Mangle::Prepend(k) => format!("{}\n{text}", all[k % all.len()].1),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn mangled_samples_give_named_problems_and_never_a_panic(pick in 0usize..1000, ms in proptest::collection::vec(mangle(), 1..4)) {
        let all = samples();
        let (name, text) = &all[pick % all.len()];
        let mut t = text.clone();
        for m in &ms {
            t = apply(&t, m, &all);
        }
        let read = import(&[(name.as_str(), t.as_str())]);
        well_formed(&read, &t);
    }

    #[test]
    fn any_text_at_all_is_read_without_a_panic(text in "\\PC{0,400}") {
        let read = import(&[("any", text.as_str())]);
        well_formed(&read, &text);
    }
}

#[test]
fn fifty_megabytes_of_mixed_text_are_read_with_the_problems_capped() {
    let all = samples();
    let mut big = String::new();
    let mut k = 0;
    while big.len() < 50 << 20 {
        big.push_str(&all[k % all.len()].1);
        big.push_str("\nnot evidence \u{1}\u{7f} 12 K M\n");
        k += 1;
    }
    let read = import(&[("big", big.as_str())]);
    well_formed(&read, &big);
    assert!(!read.sections.is_empty());
    assert!(
        read.problems.last().is_some_and(|p| p.message.contains("more lines could not be read")),
        "the cap is said"
    );
}

#[test]
fn a_binary_file_and_the_wrong_format_are_named() {
    let read = import(&[("core.bin", "\u{7f}ELF\u{2}\u{1}\u{1}\0\0\0\0\0\0\0\0\0")]);
    assert!(read.problems.iter().any(|p| p.message.contains("NUL bytes")), "{:?}", read.problems);
    let read = import(&[("notes.txt", "Dear support,\nmy pool is slow.\nThanks")]);
    assert_eq!(read.sections.len(), 0);
    assert!(read.problems[0].message.starts_with("no format the lab reads was recognised"), "{:?}", read.problems);
    assert!(read.problems[0].message.chars().count() < 250, "room for a file's name under 300 characters");
}

#[test]
fn a_byte_order_mark_does_not_cost_the_first_line() {
    let read = import(&[("b.txt", "\u{feff}zfs-2.2.2-1\nzfs-kmod-2.2.2-1\n")]);
    assert!(read.problems.is_empty(), "{:?}", read.problems);
    let Some(throttle_model::evidence::Body::Version(v)) = read.sections.first().map(|s| &s.body) else {
        panic!("not read as a version: {:?}", read.sections)
    };
    assert_eq!(v.lines.iter().map(|l| (l.line, l.what.as_str())).collect::<Vec<_>>(), [(1, "userland"), (2, "kmod")]);
}

#[test]
fn an_empty_file_is_a_problem_of_that_file() {
    for text in ["", "\n  \n\t\n"] {
        let read = import(&[("e.txt", text), ("v.txt", "zfs-kmod-2.2.2-1\n")]);
        assert_eq!(read.problems.len(), 1, "{:?}", read.problems);
        assert_eq!(read.problems[0].to_string(), "e.txt: empty: nothing to read");
        assert_eq!(read.sections.len(), 1, "the other file is still read");
    }
}
