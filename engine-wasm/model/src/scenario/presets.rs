//! Built-in scenarios, kept as JSON files in `presets/` so they are also examples of the
//! scenario format.

/// A built-in scenario.
pub struct Preset {
    pub name: &'static str,
    pub json: &'static str,
}

macro_rules! presets {
    ($($name:literal),* $(,)?) => {
        /// Every built-in scenario, in the order `throttle-lab presets` lists them.
        pub static PRESETS: &[Preset] = &[$(Preset { name: $name, json: include_str!(concat!("../../presets/", $name, ".json")) }),*];
    };
}

presets![
    "default",
    "s1-bursty-writes",
    "s2-dirty-band",
    "s3-light-writers",
    "s4-heavy-writers",
    "s5-picket-fence",
    "s6-scheduler-tuning",
    "s7-delay-tuning",
    "s8-hdd-qd1",
    "s8-hdd-qd10",
    "s9-resilver",
    "s10-zones",
    "s11-metaslab-2009",
    "s11-metaslab-2010",
    "s12-steady-state",
    "heavy-1000-writers",
];

pub fn find(name: &str) -> Option<&'static Preset> {
    PRESETS.iter().find(|p| p.name == name)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::scenario::Scenario;

    #[test]
    fn every_preset_is_a_valid_scenario_named_as_its_file() {
        for p in PRESETS {
            let s = Scenario::from_json(p.json).unwrap_or_else(|e| panic!("{}: {e}", p.name));
            assert_eq!(s.name, p.name);
            assert!(!s.description.is_empty());
        }
    }
}
