//! A lesson file (`lessons/NAME.json`) as serde types that read and write it: a customer's
//! complaint, the lab preset that shows it, and steps that each say what to look at or
//! try and check what the learner achieved in the run's report.

use serde::{Deserialize, Serialize};

/// One guided lesson.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct Lesson {
    /// The file's stem: `fast-then-slow` for `lessons/fast-then-slow.json`.
    pub name: String,
    pub title: String,
    /// One paragraph: the customer's complaint.
    pub summary: String,
    /// The `LAB_PRESETS` entry the lesson opens.
    pub preset: String,
    /// A link query applied over the preset's (may be empty): the lesson's own duration,
    /// say, or what differs from the preset's system.
    pub link: String,
    /// The sections of the model's documents that explain the topic.
    pub cites: Vec<Cite>,
    pub steps: Vec<Step>,
    /// What to tell the customer, two or three sentences.
    pub tell_the_customer: String,
}

/// A section of a document: `docs/model.md` (in this repository) or
/// `shared/docs/openzfs-model.md` (the reference the model follows).
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "LessonCite"))]
#[serde(deny_unknown_fields)]
pub struct Cite {
    pub doc: String,
    /// The section's heading, as written (without the `#`s).
    pub section: String,
}

/// One step. It starts from the previous step's end (the lesson's start, after the
/// previous steps' solutions): that state is run A, which the app pins; what the learner
/// has changed since is run B.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "LessonStep"))]
#[serde(deny_unknown_fields)]
pub struct Step {
    pub title: String,
    /// What to look at, or what to try: plain text, short.
    pub text: String,
    /// The `data-panel` id of the panel to show large.
    pub panel: String,
    /// The schema entries this step lets the learner move.
    pub controls: Vec<String>,
    /// A link query that solves the step, applied over its start; empty for a step that
    /// only looks (its check holds at its start).
    pub solution: String,
    pub check: Check,
    pub hint: String,
}

/// What a step's runs must show: every condition holds.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "LessonCheck"))]
#[serde(deny_unknown_fields)]
pub struct Check {
    pub all: Vec<Condition>,
}

/// One figure of a report compared with a target: B's own value, or B against A.
#[derive(Clone, Debug, PartialEq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "LessonCondition"))]
#[serde(deny_unknown_fields)]
pub struct Condition {
    /// A JSON pointer into the report (`/summary/client_read/p99_ns`); a `*` segment
    /// stands for every element of an array (or value of an object), and then `reduce`
    /// says how they become one number.
    pub metric: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reduce: Option<Reduce>,
    /// Compare B with A instead of reading B alone.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub vs_a: Option<VsA>,
    pub op: Op,
    pub value: f64,
    /// What the figure is in, for showing it (a ratio to A is shown as one whatever this says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub unit: Option<MetricUnit>,
    /// What the condition means, in the learner's words: "worst write under 100 ms".
    pub label: String,
}

/// How the values a `*` pointer reaches become one number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "MetricReduce"))]
#[serde(rename_all = "snake_case")]
pub enum Reduce {
    Max,
    Min,
    Mean,
    Sum,
    /// How many values there are (txgs synced, intervals).
    Count,
}

/// How B is compared with A.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum VsA {
    /// B / A.
    Ratio,
    /// B − A.
    Difference,
}

/// The comparison of the figure with the condition's `value`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[cfg_attr(feature = "ts", ts(rename = "CompareOp"))]
#[serde(rename_all = "snake_case")]
pub enum Op {
    Lt,
    Le,
    Gt,
    Ge,
}

/// What a figure is in, so that it can be shown as a person reads it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum MetricUnit {
    Ns,
    Bytes,
    BytesPerS,
    /// Events per second.
    PerS,
    /// A share from 0 to 1.
    Fraction,
    Count,
}

impl Op {
    pub fn holds(self, figure: f64, target: f64) -> bool {
        match self {
            Op::Lt => figure < target,
            Op::Le => figure <= target,
            Op::Gt => figure > target,
            Op::Ge => figure >= target,
        }
    }

    pub fn symbol(self) -> &'static str {
        match self {
            Op::Lt => "<",
            Op::Le => "<=",
            Op::Gt => ">",
            Op::Ge => ">=",
        }
    }
}
