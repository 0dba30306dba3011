//! Guided lessons: a customer's complaint, the lab preset that shows it, and steps that
//! say what to look at or try, each with a check that reads what the learner achieved in
//! the run's report ("the stalls are gone and throughput fell by less than 10%"), never
//! which control moved. The room downstream of `report`: it reads reports, runs the lab's
//! scenarios to walk a lesson without a person, and nothing in the model reads it.
//!
//! A step's run A is the lab's state when the step begins (the previous step's end, after
//! its solution); run B is what the learner has made of it. A condition reads B, or
//! compares B with A (`vs_a`: a ratio or a difference).

pub mod catalogue;
pub mod check;
pub mod format;
pub mod links;
pub mod metric;
pub mod validate;
pub mod walk;

pub use catalogue::{find, lessons};
pub use check::{evaluate, ConditionCheck, StepCheck};
pub use format::{Check, Cite, Condition, Lesson, MetricUnit, Op, Reduce, Step, VsA};
pub use walk::{walk, LessonWalk, StepWalk};
