//! One setting the sweep tried: what it changes from the settings as given, why the lab
//! refused it or the run stopped early, its figures, and which guards it breaks.

use super::guard::Guard;
use super::measure::Measures;
use crate::schema::Id;
use serde::Serialize;

/// Which stage of the sweep a candidate came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Pass {
    /// The settings as given.
    Baseline,
    /// One lever moved.
    One,
    /// A lever added to the best setting so far.
    Add,
    /// Halfway between the best setting's values and their grid neighbours.
    Fine,
}

/// A tunable a candidate sets, and to what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Change {
    #[serde(skip)]
    pub id: Id,
    pub name: &'static str,
    pub value: u64,
    /// As a link writes it (`512M`, `2ms`).
    pub text: String,
}

impl Change {
    pub fn of(id: Id, value: u64) -> Change {
        Change { id, name: id.spec().name, value, text: id.spec().format(value) }
    }
}

/// One setting the sweep tried.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Candidate {
    pub pass: Pass,
    /// What it changes from the baseline's settings.
    pub changes: Vec<Change>,
    /// Why the lab refuses these settings (not run).
    pub refused: Option<String>,
    /// Why the run stopped before its end (the work budget): not compared.
    pub stopped: Option<String>,
    pub measures: Measures,
    /// The symptom's metric.
    pub score: Option<f64>,
    /// The guards it breaks, each saying by how much.
    pub broken: Vec<String>,
    /// Run to its end, measured, and within every guard.
    pub feasible: bool,
}

impl Candidate {
    pub(super) fn refused(pass: Pass, changes: Vec<Change>, why: String) -> Candidate {
        Candidate {
            pass,
            changes,
            refused: Some(why),
            stopped: None,
            measures: Measures::default(),
            score: None,
            broken: Vec::new(),
            feasible: false,
        }
    }

    pub(super) fn ran(pass: Pass, changes: Vec<Change>, measures: Measures, stopped: Option<String>) -> Candidate {
        Candidate { pass, changes, refused: None, stopped, measures, score: None, broken: Vec::new(), feasible: false }
    }

    /// Run to its end.
    pub fn ran_through(&self) -> bool {
        self.refused.is_none() && self.stopped.is_none()
    }

    /// Checks the guards against the baseline's figures.
    pub(super) fn judge(&mut self, base: &Measures, guards: &[Guard]) {
        self.broken = guards.iter().filter_map(|g| g.broken(base, &self.measures)).collect();
        if let Some(why) = &self.stopped {
            self.broken.push(format!("stopped early: {why}"));
        }
        self.feasible = self.ran_through() && self.score.is_some() && self.broken.is_empty();
    }

    /// `zfs_vdev_scrub_max_active=1 zfs_scan_vdev_limit=4M`, or `(as given)`.
    pub fn settings(&self) -> String {
        if self.changes.is_empty() {
            return "(as given)".into();
        }
        self.changes.iter().map(|c| format!("{}={}", c.name, c.text)).collect::<Vec<_>>().join(" ")
    }
}
