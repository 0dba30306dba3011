//! The tuning advisor: from a symptom the customer sees and what must not get worse, it
//! sweeps the tunables that bear on the symptom, one run of the lab's scenario per
//! candidate, and proposes the setting that best improves the symptom within the guards,
//! saying what it costs. The room downstream of `report`: it runs scenarios and reads
//! their reports; nothing but the binding, the CLI and the tests imports it.
//!
//! - [`symptom`]: each symptom, its metric, its tunables and the OpenZFS mechanism of each;
//! - [`measure`]: the figures read from a report;
//! - [`guard`]: what must not get worse, and by how much it may;
//! - [`grid`]: the values tried for one tunable;
//! - [`search`]: the sweep, one candidate per step;
//! - [`candidate`]: one setting tried, its figures and the guards it breaks;
//! - [`advice`]: the candidates, the proposal, its cost.

pub mod advice;
pub mod candidate;
pub mod grid;
pub mod guard;
pub mod measure;
pub mod search;
pub mod symptom;

pub use advice::Advice;
pub use candidate::{Candidate, Change, Pass};
pub use guard::Guard;
pub use measure::{Measures, Metric};
pub use search::{Advisor, Options};
pub use symptom::{catalog, Catalog, Symptom, SymptomInfo, SYMPTOMS};

/// Runs a whole sweep and returns what it found.
pub fn advise(
    t: &crate::Tunables,
    symptom: &'static Symptom,
    guards: Vec<Guard>,
    options: Options,
) -> Result<Advice, String> {
    let mut advisor = Advisor::new(t, symptom, guards, options)?;
    while advisor.step() {}
    Ok(advisor.advice())
}
