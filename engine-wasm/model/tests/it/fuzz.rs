//! Random links, as fuzzing found the engine's faults with: no panic, the run stops
//! within its work budget, and every message is short and free of control characters.

use proptest::prelude::*;
use throttle_model::link::decode;
use throttle_model::report;
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::SPECS;

const BUDGET: u64 = 1_000;

fn clean(message: &str) -> Result<(), TestCaseError> {
    prop_assert!(message.chars().count() < 300, "{} characters: {message:?}", message.chars().count());
    prop_assert!(!message.chars().any(|c| c.is_control() || ('\u{202a}'..='\u{202e}').contains(&c)), "{message:?}");
    Ok(())
}

/// A value: a schema-like number or size, or text with controls and bidi overrides.
fn value() -> impl Strategy<Value = String> {
    prop_oneof![
        any::<u64>().prop_map(|v| v.to_string()),
        (0u64..2000).prop_map(|v| v.to_string()),
        prop::sample::select(vec!["0", "1", "100%", "4G", "1T", "64M", "legacy", "2010", "-1", "1e9"])
            .prop_map(String::from),
        "[a-z0-9%\u{1b}\u{7}\u{7f}\u{9b}\u{202e}\u{2066}\\[\\];=&]{0,60}",
    ]
}

/// A name: a schema entry's (mostly), or junk.
fn name() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(SPECS.iter().map(|s| s.name).collect::<Vec<_>>()).prop_map(String::from),
        1 => "[a-z_\u{1b}\u{202e}]{0,50}",
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10_000))]

    #[test]
    fn random_links_never_panic_stay_in_budget_and_give_clean_messages(
        pairs in prop::collection::vec((name(), value()), 0..8),
    ) {
        let mut link = String::from("v=1");
        for (n, v) in &pairs {
            link.push_str(&format!("&{n}={v}"));
        }
        // The budget last, so that it wins; a short run.
        link.push_str(&format!("&duration=1&event_budget={BUDGET}"));
        let d = decode(&link);
        for notice in &d.notices {
            clean(notice)?;
        }
        match scenario_from_settings(&d.tunables) {
            Err(e) => clean(&e)?,
            Ok(s) => {
                let r = report::run(s);
                prop_assert!(r.events <= BUDGET, "{} events", r.events);
                if let Some(why) = &r.truncated {
                    clean(why)?;
                }
            }
        }
    }
}
