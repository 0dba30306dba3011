//! Walks a lesson without a person: for each step, runs its start (A) and its start with
//! its solution applied (B), as the lab would run those links, and requires the check to
//! fail on the start and pass on the solution, so that the check tests what the learner
//! must achieve; a step that only looks (no solution) must pass at its start. Every
//! figure a check reads must exist in both runs.

use super::check::{evaluate, StepCheck};
use super::format::Lesson;
use super::links::settings;
use super::validate::problems;
use crate::report;
use crate::scenario::lab::scenario_from_settings;
use serde_json::Value;

/// One step, walked.
#[derive(Clone, Debug)]
pub struct StepWalk {
    pub title: String,
    /// The step's solution as its file gives it (empty for a step that only looks).
    pub solution: String,
    /// The link queries of its start and of its start with the solution applied (the
    /// same for a step that only looks).
    pub start: String,
    pub solved: String,
    /// The check with B at the start (A against itself), and with B the solved state.
    pub at_start: Option<StepCheck>,
    pub after_solution: Option<StepCheck>,
    /// What went wrong: a run that could not be made, a figure missing, a check that
    /// passes before the learner did anything or fails after the solution.
    pub problems: Vec<String>,
}

impl StepWalk {
    pub fn passed(&self) -> bool {
        self.problems.is_empty()
    }

    /// Whether the step only looks: no solution to apply.
    pub fn looks_only(&self) -> bool {
        self.solution.is_empty()
    }
}

/// A lesson, walked.
#[derive(Clone, Debug)]
pub struct LessonWalk {
    pub name: String,
    pub title: String,
    /// What is wrong with the lesson before any run (`validate::problems`).
    pub problems: Vec<String>,
    pub steps: Vec<StepWalk>,
}

impl LessonWalk {
    pub fn passed(&self) -> bool {
        self.problems.is_empty() && !self.steps.is_empty() && self.steps.iter().all(StepWalk::passed)
    }
}

/// The report of the lab's run of `query`, as JSON, or why it cannot be run.
pub fn run(query: &str) -> Result<Value, String> {
    let scenario = scenario_from_settings(&settings(query)?)?;
    let report = report::run(scenario);
    if let Some(why) = &report.truncated {
        return Err(format!("the run of '{query}' stopped early: {why}"));
    }
    serde_json::to_value(&report).map_err(|e| e.to_string())
}

/// Walks `lesson`; `progress` hears the title of each step before it runs.
pub fn walk(lesson: &Lesson, progress: &mut dyn FnMut(&str)) -> LessonWalk {
    let mut out = LessonWalk {
        name: lesson.name.clone(),
        title: lesson.title.clone(),
        problems: problems(lesson),
        steps: Vec::new(),
    };
    if !out.problems.is_empty() {
        return out;
    }
    // Each step starts where the one before ended: its run is reused.
    let mut previous: Option<(String, Result<Value, String>)> = None;
    for (i, step) in lesson.steps.iter().enumerate() {
        progress(&step.title);
        let (Some(start), Some(solved)) = (lesson.step_start(i), lesson.step_solved(i)) else {
            out.problems.push(format!("steps[{i}]: its links cannot be composed"));
            return out;
        };
        let a = match previous.take() {
            Some((query, report)) if query == start => report,
            _ => run(&start),
        };
        let b = if step.solution.is_empty() { a.clone() } else { run(&solved) };
        let mut walked = StepWalk {
            title: step.title.clone(),
            solution: step.solution.clone(),
            start: start.clone(),
            solved: solved.clone(),
            at_start: None,
            after_solution: None,
            problems: Vec::new(),
        };
        match (&a, &b) {
            (Err(e), _) | (_, Err(e)) => walked.problems.push(e.clone()),
            (Ok(a), Ok(b)) => {
                let at_start = evaluate(&step.check, a, Some(a));
                let after = evaluate(&step.check, b, Some(a));
                for c in at_start.conditions.iter().chain(&after.conditions) {
                    if let Some(p) = &c.problem {
                        walked.problems.push(format!("{}: {p}", c.label));
                    }
                }
                if walked.looks_only() && !at_start.passed {
                    walked.problems.push("a step that only looks must pass at its start".into());
                }
                if !walked.looks_only() && at_start.passed {
                    walked.problems.push("the check passes before the learner does anything".into());
                }
                if !walked.looks_only() && !after.passed {
                    walked.problems.push("the check fails after the step's solution".into());
                }
                walked.at_start = Some(at_start);
                walked.after_solution = (!walked.looks_only()).then_some(after);
            }
        }
        out.steps.push(walked);
        previous = Some((solved, b));
    }
    out
}
