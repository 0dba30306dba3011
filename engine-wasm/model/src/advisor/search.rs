//! The sweep itself, one candidate run at a time so that a caller can report progress and
//! stop between runs: the baseline; each lever alone over its grid; then rounds that add one
//! more lever over its grid to each of the few best settings so far (the anchors, a beam);
//! then a fine pass halfway between the best setting's values and their grid neighbours. A
//! search, not the full grid: a test checks it against a brute-force sweep of every
//! combination.
//!
//! The anchors are the settings that improve the symptom, those within every guard first
//! and then those nearest to it: a setting that breaks a guard a little may be brought back
//! within it by another lever, and a figure such as a p99 moves unevenly enough that the
//! best single change is not always the way to the best pair.
//!
//! Each candidate is the lab's scenario for its settings (`scenario::lab`, what
//! `throttle-lab run --link` runs), measured over the whole run (the summaries cover it all
//! and the run goes to its duration, so every candidate covers the same time), with a work
//! budget of its own. Candidates whose settings the lab runs alike (a value equal to
//! master's default stands for the release's, `lab::effective`) run once.

use super::candidate::{Candidate, Change, Pass};
use super::grid::{between, grid};
use super::guard::Guard;
use super::measure::{Better, Measures};
use super::symptom::{Lever, Symptom};
use crate::report;
use crate::scenario::lab::{effective, scenario_from_settings};
use crate::schema::Id;
use crate::tunables::Tunables;
use std::collections::{BTreeMap, VecDeque};

/// How far the sweep goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Options {
    /// Grid steps each side of a lever's baseline value (1 to 4).
    pub span: u32,
    /// Rounds that add a lever to each anchor (0 to 3).
    pub rounds: u32,
    /// Anchors each round builds on (1 to 8).
    pub beam: u32,
    /// Work budget of each candidate's run [events]; the settings' own `event_budget` if
    /// lower. A candidate stopped by it is not compared.
    pub max_events: u64,
}

impl Default for Options {
    fn default() -> Options {
        Options { span: 3, rounds: 2, beam: 3, max_events: 20_000_000 }
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    Singles,
    Round(u32),
    Fine,
    Done,
}

/// A sweep in progress.
pub struct Advisor {
    pub(super) symptom: &'static Symptom,
    pub(super) guards: Vec<Guard>,
    options: Options,
    /// The settings as given: what a proposal changes.
    pub(super) base: Tunables,
    pub(super) levers: Vec<Lever>,
    /// Per lever: the value the baseline runs with, and its grid.
    pub(super) bases: Vec<u64>,
    pub(super) grids: Vec<Vec<u64>>,
    queue: VecDeque<(Pass, Vec<(Id, u64)>)>,
    stage: Stage,
    /// The anchors the last round started from.
    anchors: Vec<usize>,
    pub(super) candidates: Vec<Candidate>,
    /// The effective values of each settings tried, to run each system once.
    seen: BTreeMap<Vec<u64>, usize>,
    pub(super) runs: usize,
    /// Why the sweep ended before it began (the baseline measured nothing to improve).
    pub(super) stopped: Option<String>,
}

impl Advisor {
    /// A sweep of `symptom`'s levers from the settings `t`, keeping `guards`.
    pub fn new(
        t: &Tunables,
        symptom: &'static Symptom,
        guards: Vec<Guard>,
        options: Options,
    ) -> Result<Advisor, String> {
        if !(1..=4).contains(&options.span) || options.rounds > 3 || !(1..=8).contains(&options.beam) {
            return Err(format!(
                "the sweep takes 1 to 4 grid steps each side, 0 to 3 rounds and 1 to 8 anchors, not {}, {} and {}",
                options.span, options.rounds, options.beam
            ));
        }
        scenario_from_settings(t)?;
        if symptom.needs_scan && t.get(Id::Scrub) == 0 && t.get(Id::Resilver) == 0 {
            return Err(format!(
                "{}: these settings run no scrub or resilver (set scrub=on or resilver=on)",
                symptom.name
            ));
        }
        let levers = symptom.levers_for(t);
        if levers.is_empty() {
            return Err(format!(
                "{}: no tunable it sweeps acts under these settings' release and models",
                symptom.name
            ));
        }
        let e = effective(t);
        let bases: Vec<u64> = levers.iter().map(|l| e.get(l.id)).collect();
        let grids = levers.iter().zip(&bases).map(|(l, &b)| lever_grid(l.id, b, options.span, &e)).collect();
        let mut advisor = Advisor {
            symptom,
            guards,
            options,
            base: t.clone(),
            levers,
            bases,
            grids,
            queue: VecDeque::new(),
            stage: Stage::Singles,
            anchors: Vec::new(),
            candidates: Vec::new(),
            seen: BTreeMap::new(),
            runs: 0,
            stopped: None,
        };
        advisor.queue.push_back((Pass::Baseline, Vec::new()));
        for i in 0..advisor.levers.len() {
            let id = advisor.levers[i].id;
            let values: Vec<u64> = advisor.others(i).copied().collect();
            for v in values {
                advisor.queue.push_back((Pass::One, vec![(id, v)]));
            }
        }
        Ok(advisor)
    }

    /// Lever `i`'s grid values other than its baseline's.
    fn others(&self, i: usize) -> impl Iterator<Item = &u64> {
        let base = self.bases[i];
        self.grids[i].iter().filter(move |&&v| v != base)
    }

    /// Runs the next candidate (those refused or alike an earlier one cost no run and are
    /// passed over); `false` once the sweep is over.
    pub fn step(&mut self) -> bool {
        loop {
            if self.stage == Stage::Done {
                return false;
            }
            let Some((pass, changes)) = self.queue.pop_front() else {
                self.plan_next();
                continue;
            };
            if self.try_candidate(pass, changes) {
                if pass == Pass::Baseline {
                    self.check_baseline();
                }
                return true;
            }
        }
    }

    /// Candidates run so far, and about how many the whole sweep runs.
    pub fn progress(&self) -> (usize, usize) {
        if self.stage == Stage::Done {
            return (self.runs, self.runs);
        }
        let singles: usize = (0..self.levers.len()).map(|i| self.others(i).count()).sum();
        let per_round =
            singles * self.levers.len().saturating_sub(1) / self.levers.len().max(1) * self.options.beam as usize;
        let rounds_left = match self.stage {
            Stage::Singles => self.options.rounds,
            Stage::Round(k) => self.options.rounds.saturating_sub(k),
            _ => 0,
        } as usize;
        let fine = if matches!(self.stage, Stage::Fine) { 0 } else { 2 * (self.options.rounds as usize + 1) };
        (self.runs, self.runs + self.queue.len() + rounds_left * per_round + fine)
    }

    pub fn finished(&self) -> bool {
        self.stage == Stage::Done
    }

    /// Runs one candidate unless it is refused or alike one already tried; true if it ran.
    fn try_candidate(&mut self, pass: Pass, changes: Vec<(Id, u64)>) -> bool {
        let measured = match self.settings(&changes) {
            Ok(t) => t,
            // A grid value the lab refuses is listed once, alone; added to an anchor it
            // would only repeat the same refusal.
            Err(why) if pass == Pass::One => {
                let shown = changes.iter().map(|&(id, v)| Change::of(id, v)).collect();
                self.candidates.push(Candidate::refused(pass, shown, why));
                return false;
            }
            Err(_) => return false,
        };
        let key: Vec<u64> = {
            let e = effective(&measured);
            Id::ALL.iter().map(|&id| e.get(id)).collect()
        };
        if self.seen.contains_key(&key) {
            return false;
        }
        self.seen.insert(key, self.candidates.len());
        let c = self.evaluate(pass, &changes);
        self.runs += 1;
        self.candidates.push(c);
        true
    }

    /// The settings candidate `changes` is measured with, or why the lab refuses them.
    fn settings(&self, changes: &[(Id, u64)]) -> Result<Tunables, String> {
        let mut t = self.base.clone();
        for &(id, v) in changes {
            t.set(id, v).map_err(|e| e.to_string())?;
        }
        let measured = measurement(&t, self.options.max_events);
        scenario_from_settings(&measured)?;
        Ok(measured)
    }

    /// Runs the settings as given with `changes`, measured as every candidate is, and
    /// judges the result against the baseline once that has run. Records nothing: a
    /// brute-force sweep in the tests measures the full grid with it.
    pub fn evaluate(&self, pass: Pass, changes: &[(Id, u64)]) -> Candidate {
        let shown = changes.iter().map(|&(id, v)| Change::of(id, v)).collect();
        let scenario = self.settings(changes).and_then(|t| scenario_from_settings(&t));
        let scenario = match scenario {
            Ok(s) => s,
            Err(why) => return Candidate::refused(pass, shown, why),
        };
        let report = report::run(scenario);
        let mut c = Candidate::ran(pass, shown, Measures::of(&report), report.truncated);
        c.score = self.symptom.metric.of(&c.measures);
        match self.baseline() {
            Some(base) => c.judge(&base.measures, &self.guards),
            None => c.feasible = c.ran_through() && c.score.is_some(),
        }
        c
    }

    /// The baseline's run, once it is done.
    pub fn baseline(&self) -> Option<&Candidate> {
        self.candidates.iter().find(|c| c.pass == Pass::Baseline)
    }

    /// Each lever swept, with its grid (the baseline's value among it).
    pub fn grids(&self) -> Vec<(Id, Vec<u64>)> {
        self.levers.iter().map(|l| l.id).zip(self.grids.iter().cloned()).collect()
    }

    /// The value the baseline runs each lever with.
    pub fn bases(&self) -> Vec<(Id, u64)> {
        self.levers.iter().map(|l| l.id).zip(self.bases.iter().copied()).collect()
    }

    /// The sweep cannot improve what the baseline did not measure, or compare with a
    /// baseline cut short.
    fn check_baseline(&mut self) {
        let Some(b) = self.baseline() else { return };
        let why = if let Some(cut) = &b.stopped {
            Some(format!("the baseline run stopped early ({cut}): shorten the duration or raise event_budget"))
        } else if b.score.is_none() {
            Some(format!("the baseline run has nothing to measure {} by", self.symptom.metric.title()))
        } else {
            None
        };
        if let Some(why) = why {
            self.stopped = Some(why);
            self.queue.clear();
            self.stage = Stage::Done;
        }
    }

    /// Plans the next stage from what the runs so far found.
    fn plan_next(&mut self) {
        let anchors = self.anchors_now();
        self.stage = match self.stage {
            _ if anchors.is_empty() => Stage::Done,
            Stage::Singles if self.options.rounds > 0 => self.round(1, anchors),
            Stage::Round(k) if k < self.options.rounds && anchors != self.anchors => self.round(k + 1, anchors),
            Stage::Singles | Stage::Round(_) => self.fine(),
            Stage::Fine | Stage::Done => Stage::Done,
        };
    }

    /// Round `k`: for each anchor, each lever it leaves alone, over its grid, added to it.
    fn round(&mut self, k: u32, anchors: Vec<usize>) -> Stage {
        for &anchor in &anchors {
            let set = self.changes_of(anchor);
            for i in 0..self.levers.len() {
                let id = self.levers[i].id;
                if set.iter().any(|&(s, _)| s == id) {
                    continue;
                }
                let values: Vec<u64> = self.others(i).copied().collect();
                for v in values {
                    let mut changes = set.clone();
                    changes.push((id, v));
                    self.queue.push_back((Pass::Add, changes));
                }
            }
        }
        self.anchors = anchors;
        Stage::Round(k)
    }

    fn changes_of(&self, i: usize) -> Vec<(Id, u64)> {
        self.candidates[i].changes.iter().map(|c| (c.id, c.value)).collect()
    }

    /// The fine pass: each of the best setting's values moved halfway to its grid
    /// neighbours (the best within the guards, else the best anchor).
    fn fine(&mut self) -> Stage {
        let Some(best) = self.best(true).or_else(|| self.anchors_now().first().copied()) else { return Stage::Done };
        let set = self.changes_of(best);
        for (j, &(id, v)) in set.iter().enumerate() {
            let Some(i) = self.levers.iter().position(|l| l.id == id) else { continue };
            let g = &self.grids[i];
            let at = g.partition_point(|&x| x < v);
            let neighbours = [at.checked_sub(1).and_then(|k| g.get(k)), g.get(at + usize::from(g.get(at) == Some(&v)))];
            for &n in neighbours.into_iter().flatten() {
                if let Some(mid) = between(id, v, n) {
                    let mut changes = set.clone();
                    changes[j] = (id, mid);
                    self.queue.push_back((Pass::Fine, changes));
                }
            }
        }
        Stage::Fine
    }

    /// The settings to build on: up to `beam` candidates that improve the symptom on the
    /// baseline, those within every guard first (best first), then those that break the
    /// guards by least (summed past their tolerances, in fractions of the baseline).
    fn anchors_now(&self) -> Vec<usize> {
        let Some(base) = self.baseline() else { return Vec::new() };
        let Some(b) = base.score else { return Vec::new() };
        let sign = if self.symptom.metric.better() == Better::Lower { 1.0 } else { -1.0 };
        let mut ranked: Vec<(f64, f64, usize, usize)> = self
            .candidates
            .iter()
            .enumerate()
            .filter(|(_, c)| c.ran_through() && c.pass != Pass::Baseline)
            .filter_map(|(i, c)| {
                let v = c.score?;
                let excess: f64 = self.guards.iter().map(|g| g.excess(&base.measures, &c.measures)).sum();
                (sign * v < sign * b).then_some((excess, sign * v, c.changes.len(), i))
            })
            .collect();
        ranked.sort_by(|x, y| x.0.total_cmp(&y.0).then(x.1.total_cmp(&y.1)).then((x.2, x.3).cmp(&(y.2, y.3))));
        ranked.into_iter().take(self.options.beam as usize).map(|(.., i)| i).collect()
    }

    /// The best candidate better than the baseline on the symptom by more than the
    /// metric's resolution (feasible only, if asked): lowest (or highest) metric, then
    /// fewest changes, then the earliest. A gain within one histogram bucket is not one.
    pub(super) fn best(&self, feasible_only: bool) -> Option<usize> {
        let base = self.baseline()?.score?;
        let metric = self.symptom.metric;
        let sign = if metric.better() == Better::Lower { 1.0 } else { -1.0 };
        let mut best: Option<(f64, usize, usize)> = None;
        for (i, c) in self.candidates.iter().enumerate() {
            let Some(v) = c.score else { continue };
            let usable = c.ran_through() && (c.feasible || !feasible_only) && c.pass != Pass::Baseline;
            let resolved = metric.resolution() == 0.0 || metric.gain(base, v) > metric.resolution();
            if !usable || sign * v >= sign * base || !resolved {
                continue;
            }
            // Strictly better only: on a tie the earlier candidate, or the one with fewer
            // changes, stays.
            let better = match best {
                None => true,
                Some((b, n, _)) => (sign * v, c.changes.len()) < (b, n),
            };
            if better {
                best = Some((sign * v, c.changes.len(), i));
            }
        }
        best.map(|(_, _, i)| i)
    }
}

/// A lever's grid, within what the other settings allow too: zfs_dirty_data_max at most
/// zfs_dirty_data_max_max (`arc_init()` caps the derived value there, at a quarter of RAM
/// or less; a larger one can be set at run time, but no tuner would advise it).
fn lever_grid(id: Id, base: u64, span: u32, e: &Tunables) -> Vec<u64> {
    let mut g = grid(id, base, span);
    if id == Id::DirtyDataMax {
        let top = e.get(Id::DirtyDataMaxMax).max(base);
        g.retain(|&v| v <= top);
    }
    g
}

/// The settings a candidate is measured with: the summaries over the whole run, to its
/// duration, within the advisor's work budget.
fn measurement(t: &Tunables, max_events: u64) -> Tunables {
    let mut m = t.clone();
    // Each of these is a value the schema takes (choices 1 and 0, a budget from the range).
    let _ = m.set(Id::Summaries, 1);
    let _ = m.set(Id::RunUntil, 0);
    let budget = t.get(Id::EventBudget).min(max_events).max(Id::EventBudget.spec().min);
    let _ = m.set(Id::EventBudget, budget);
    m
}
