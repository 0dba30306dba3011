//! Random command lines, as the links and scenario files are fuzzed in the model's tests:
//! whatever the words, the command answers or refuses without a panic, a run stops within
//! its work budget, and what reaches the terminal is free of control characters, with
//! error messages short enough to read.

use super::run;
use proptest::prelude::*;
use throttle_model::advisor::{measure::METRICS, SYMPTOMS};
use throttle_model::messages::escaped;
use throttle_model::scenario::presets::PRESETS;
use throttle_model::scenario::Release;
use throttle_model::SPECS;

const BUDGET: u64 = 1_000;

/// A value: a number, a size or percent, a known word, or text with controls and bidi
/// overrides.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|v| v.to_string()),
        prop::sample::select(vec!["0", "1", "85%", "4G", "1T", "-1", "1e9", "legacy", "openzfs", "2.4", "0.7"])
            .prop_map(String::from),
        "[a-z0-9%=&?#.\u{1b}\u{7}\u{7f}\u{9b}\u{202e}\u{2066}\\[\\];]{0,40}",
    ]
}

/// `NAME=VALUE` for `--set`: a schema entry's name (mostly) or junk.
fn assignment() -> impl Strategy<Value = String> {
    let name = prop_oneof![
        4 => prop::sample::select(SPECS.iter().map(|s| s.name).collect::<Vec<_>>()).prop_map(String::from),
        1 => "[a-z_\u{1b}\u{202e}]{0,30}",
    ];
    (name, value(), any::<bool>()).prop_map(|(n, v, eq)| if eq { format!("{n}={v}") } else { n + &v })
}

/// One option with its value, or a stray word.
fn option() -> impl Strategy<Value = Vec<String>> {
    let preset = prop_oneof![
        3 => prop::sample::select(PRESETS.iter().map(|p| p.name).collect::<Vec<_>>()).prop_map(String::from),
        1 => value(),
    ];
    let release = prop_oneof![
        3 => prop::sample::select(Release::ALL.iter().map(|r| r.name()).collect::<Vec<_>>()).prop_map(String::from),
        1 => value(),
    ];
    let link = prop::collection::vec(assignment(), 0..5).prop_map(|pairs| format!("v=1&{}", pairs.join("&")));
    let flag = prop::sample::select(vec!["--json", "--pinned", "--until-steady", "--histograms", "--help", "-V"]);
    let symptom = prop_oneof![
        3 => prop::sample::select(SYMPTOMS.iter().map(|s| s.name).collect::<Vec<_>>()).prop_map(String::from),
        1 => value(),
    ];
    let guard = prop_oneof![
        3 => (prop::sample::select(METRICS.iter().map(|m| m.name()).collect::<Vec<_>>()), value())
            .prop_map(|(m, p)| format!("{m}:{p}")),
        1 => value(),
    ];
    prop_oneof![
        value().prop_map(|v| vec!["--dirty".into(), v]),
        assignment().prop_map(|a| vec!["--set".into(), a]),
        assignment().prop_map(|a| vec![format!("--set={a}")]),
        link.prop_map(|l| vec!["--link".into(), l]),
        preset.prop_map(|p| vec!["--preset".into(), p]),
        value().prop_map(|m| vec!["--models".into(), m]),
        value().prop_map(|s| vec!["--seed".into(), s]),
        (release.clone(), release).prop_map(|(a, b)| vec!["--diff".into(), a, b]),
        symptom.prop_map(|s| vec!["--symptom".into(), s]),
        guard.prop_map(|g| vec!["--guard".into(), g]),
        value().prop_map(|n| vec!["--span".into(), n]),
        flag.prop_map(|f| vec![f.to_string()]),
        value().prop_map(|w| vec![w]),
        "--[a-z\u{1b}]{0,12}".prop_map(|w| vec![w]),
    ]
}

/// A command word: every command but `bench` (a timing loop) and no `--out` (it writes a
/// file), or junk. `advise` sweeps runs that the budget cuts short: it stops after its
/// baseline and says so.
fn command() -> impl Strategy<Value = String> {
    prop_oneof![
        6 => prop::sample::select(vec!["delay", "async-writes", "tunables", "link", "run", "presets", "releases", "advise", "help"])
            .prop_map(String::from),
        1 => value(),
    ]
}

fn clean(text: &str) -> Result<(), TestCaseError> {
    prop_assert!(
        !text.chars().any(|c| (c.is_control() && c != '\n')
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c)),
        "{text:?}"
    );
    Ok(())
}

/// A command line: mostly well-formed runs and curve queries with random values (so that
/// the engine is reached), the rest any words at all.
fn command_line() -> impl Strategy<Value = Vec<String>> {
    let preset = prop_oneof![
        4 => prop::sample::select(PRESETS.iter().map(|p| p.name).collect::<Vec<_>>()).prop_map(String::from),
        1 => value(),
    ];
    let link = prop::collection::vec(assignment(), 0..6).prop_map(|pairs| format!("#v=1&{}", pairs.join("&")));
    let setup = prop_oneof![
        preset.prop_map(|p| vec!["--preset".to_string(), p]),
        link.prop_map(|l| vec!["--link".to_string(), l]),
    ];
    let extra = prop_oneof![
        assignment().prop_map(|a| vec!["--set".to_string(), a]),
        prop::sample::select(vec!["legacy", "openzfs"]).prop_map(|m| vec!["--models".to_string(), m.to_string()]),
        any::<u16>().prop_map(|s| vec!["--seed".to_string(), s.to_string()]),
        prop::sample::select(vec!["--json", "--until-steady", "--histograms", "--pinned"])
            .prop_map(|f| vec![f.to_string()]),
    ];
    let runs = (setup, prop::collection::vec(extra.clone(), 0..4)).prop_map(|(s, e)| {
        let mut words = vec!["run".to_string()];
        words.extend(s);
        words.extend(e.into_iter().flatten());
        words
    });
    let curves = (prop::sample::select(vec!["delay", "async-writes"]), value(), prop::collection::vec(extra, 0..4))
        .prop_map(|(c, dirty, e)| {
            let mut words = vec![c.to_string(), "--dirty".to_string(), dirty];
            words.extend(e.into_iter().flatten());
            words
        });
    let any_words = (command(), prop::collection::vec(option(), 0..5)).prop_map(|(c, o)| {
        let mut words = vec![c];
        words.extend(o.into_iter().flatten());
        words
    });
    prop_oneof![4 => runs, 2 => curves, 3 => any_words]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn random_command_lines_never_panic_stay_in_budget_and_print_clean_text(mut words in command_line()) {
        // The budget last, so that it wins: every run is short.
        words.extend(["--set".to_string(), format!("event_budget={BUDGET}")]);
        match run(words.iter().map(std::ffi::OsString::from)) {
            Ok(out) => {
                clean(&escaped(&out, true))?;
                // A run says how many events it took: in its report, or its first line.
                let first = out.lines().next().unwrap_or_default();
                let events = if first.starts_with('{') {
                    serde_json::from_str::<serde_json::Value>(&out).ok().and_then(|v| v["events"].as_u64())
                } else {
                    first.split_once(" events,").and_then(|(before, _)| before.rsplit(' ').next()?.parse().ok())
                };
                if let Some(events) = events {
                    prop_assert!(events <= BUDGET, "{events} events: {words:?}");
                }
            }
            Err(message) => {
                let shown = escaped(&message, true);
                clean(&shown)?;
                prop_assert!(shown.chars().count() < 300, "{} characters: {shown:?}", shown.chars().count());
            }
        }
    }
}
