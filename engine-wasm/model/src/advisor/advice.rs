//! What a sweep found: every candidate (`candidate.rs`) with its figures and whether it
//! kept the guards, the proposal (the feasible setting that best improves the symptom) with
//! its cost (what got worse, and by how much), and a sentence saying so, or why there is
//! none.

use super::candidate::{Candidate, Pass};
use super::guard::{change, Guard};
use super::measure::{Measures, Metric, METRICS};
use super::search::Advisor;
use super::symptom::Need;
use crate::link;
use crate::scenario::Release;
use crate::schema::Id;
use crate::tunables::Tunables;
use serde::Serialize;

/// A tunable the sweep moved: its mechanism and the values it tried.
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct LeverReport {
    pub name: &'static str,
    pub mechanism: &'static str,
    /// The value the baseline runs with, and the grid.
    pub base: String,
    pub grid: Vec<String>,
}

/// The sweep's outcome so far (complete once `finished`).
#[derive(Clone, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Advice {
    pub symptom: &'static str,
    pub title: &'static str,
    pub metric: Metric,
    pub guards: Vec<Guard>,
    pub levers: Vec<LeverReport>,
    /// The symptom's tunables left alone here, each with why.
    pub ignored: Vec<String>,
    pub candidates: Vec<Candidate>,
    /// Runs done, and about how many the sweep takes.
    pub runs: usize,
    pub planned: usize,
    pub finished: bool,
    /// Index in `candidates` of the proposal.
    pub proposal: Option<usize>,
    /// Index of the candidate best on the symptom whatever the guards say.
    pub unguarded: Option<usize>,
    /// One sentence: the proposal and its gain, or why there is none.
    pub verdict: String,
    /// What got worse with the proposal, each with its figures.
    pub costs: Vec<String>,
    /// The proposal's settings as a link query (`v=1&...`), and with the settings as given
    /// pinned as A.
    pub link: Option<String>,
    pub ab_link: Option<String>,
}

impl Advisor {
    /// What the sweep has found so far.
    pub fn advice(&self) -> Advice {
        let (runs, planned) = self.progress();
        let finished = self.finished();
        let proposal = self.best(true);
        let unguarded = self.best(false);
        let base = self.candidates.iter().find(|c| c.pass == Pass::Baseline);
        let proposed = proposal.map(|i| self.settings_of(&self.candidates[i]));
        let (verdict, costs) = self.verdict(base, proposal, unguarded);
        Advice {
            symptom: self.symptom.name,
            title: self.symptom.title,
            metric: self.symptom.metric,
            guards: self.guards.clone(),
            levers: self
                .levers
                .iter()
                .zip(&self.bases)
                .zip(&self.grids)
                .map(|((l, &b), g)| LeverReport {
                    name: l.id.spec().name,
                    mechanism: l.mechanism,
                    base: l.id.spec().format(b),
                    grid: g.iter().map(|&v| l.id.spec().format(v)).collect(),
                })
                .collect(),
            ignored: self.ignored(),
            candidates: self.candidates.clone(),
            runs,
            planned,
            finished,
            proposal,
            unguarded,
            verdict,
            costs,
            link: proposed.as_ref().map(link::encode),
            ab_link: proposed.as_ref().map(|p| link::encode_pair(p, Some(&self.base))),
        }
    }

    /// The settings as given, with `c`'s changes.
    pub fn settings_of(&self, c: &Candidate) -> Tunables {
        let mut t = self.base.clone();
        for ch in &c.changes {
            // A candidate that ran was set this way already.
            let _ = t.set(ch.id, ch.value);
        }
        t
    }

    fn verdict(
        &self,
        base: Option<&Candidate>,
        proposal: Option<usize>,
        unguarded: Option<usize>,
    ) -> (String, Vec<String>) {
        let m = self.symptom.metric;
        if let Some(why) = &self.stopped {
            return (format!("No advice: {why}."), Vec::new());
        }
        let Some((base, b)) = base.and_then(|c| c.score.map(|s| (c, s))) else {
            return ("Nothing run yet.".into(), Vec::new());
        };
        let tried = self.runs;
        let gain = |c: &Candidate| {
            let v = c.score.unwrap_or(b);
            format!("{} {} -> {} ({})", m.title(), m.show(b), m.show(v), change(b, v))
        };
        let word = if m.better() == super::measure::Better::Lower { "lowers" } else { "raises" };
        match (proposal, unguarded) {
            (Some(i), _) => {
                let c = &self.candidates[i];
                let costs = costs(m, &base.measures, &c.measures);
                let tail = if costs.is_empty() { " Nothing measured got worse." } else { "" };
                (format!("Set {}: {} (best of {tried} runs).{tail}", c.settings(), gain(c)), costs)
            }
            (None, Some(i)) => {
                let c = &self.candidates[i];
                (
                    format!(
                        "No setting of the {tried} tried {word} {} within the guards: the best, {} ({}), breaks {}.",
                        m.title(),
                        c.settings(),
                        change(b, c.score.unwrap_or(b)),
                        c.broken.join("; ")
                    ),
                    Vec::new(),
                )
            }
            (None, None) if m.resolution() > 0.0 => (
                format!(
                    "No setting of the {tried} tried {word} {} by more than {:.0}%, what its histogram can tell apart: the settings as given are the best found.",
                    m.title(),
                    m.resolution() * 100.0
                ),
                Vec::new(),
            ),
            (None, None) => (
                format!(
                    "No setting of the {tried} tried {word} {}: the settings as given are the best found.",
                    m.title()
                ),
                Vec::new(),
            ),
        }
    }

    /// The symptom's levers not swept here, and why.
    fn ignored(&self) -> Vec<String> {
        let release = Release::from_index(self.base.get(Id::Release));
        self.symptom
            .levers
            .iter()
            .filter(|l| !self.levers.iter().any(|k| k.id == l.id))
            .map(|l| {
                let name = l.id.spec().name;
                if !release.has(l.id) {
                    format!("{name}: not a parameter of release {}", release.name())
                } else {
                    let needs: Vec<&str> = l.needs.iter().map(|n| n.said()).collect();
                    format!("{name}: acts only with {}", needs.join(" and "))
                }
            })
            .collect()
    }
}

impl Need {
    fn said(self) -> &'static str {
        match self {
            Need::OpenzfsThrottle => "the OpenZFS throttle",
            Need::LegacyThrottle => "the legacy throttle",
            Need::OpenzfsScheduler => "the OpenZFS scheduler",
            Need::LegacyScheduler => "the legacy scheduler",
            Need::Rotating => "rotating disks",
            Need::NonRotating => "non-rotating devices",
            Need::Scrub => "a scrub",
            Need::Resilver => "a resilver",
        }
    }
}

/// Every metric other than the symptom's that got more than 1% worse from `base` to `m`.
fn costs(symptom: Metric, base: &Measures, m: &Measures) -> Vec<String> {
    METRICS
        .iter()
        .filter(|&&metric| metric != symptom)
        .filter_map(|&metric| {
            let (b, v) = (metric.of(base)?, metric.of(m)?);
            (metric.gain(b, v) < -0.01)
                .then(|| format!("{} {} -> {} ({})", metric.title(), metric.show(b), metric.show(v), change(b, v)))
        })
        .collect()
}
