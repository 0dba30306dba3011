//! What one schema entry is: its unit and range, how a slider moves through it, what a
//! change invalidates, and how its values are read and written (choices by name). The
//! entries themselves are the table in `schema.rs`.
//!
//! An entry names itself with the table's `Id`; here that is a type parameter, so that
//! this file does not import the table that imports it (`schema::Spec` is `Entry<Id>`).

use crate::units::{describe_value, format_value, parse_value, ParseProblem, Unit};
use serde::Serialize;

/// How a slider moves through a tunable's range.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Scale {
    Linear,
    /// Logarithmic in `1 + value`, so that 0 stays reachable.
    Log,
}

/// What a change to the value invalidates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Effect {
    /// The simulated system changes: a simulation must run again.
    Rerun,
    /// Only a view reads it: redraw, no new simulation.
    Redraw,
}

/// An OpenZFS module parameter, or a setting of the lab itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "lowercase")]
pub enum Kind {
    Tunable,
    Lab,
}

/// One entry of the schema.
#[derive(Clone, Copy, Debug, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
// `I` is the schema's `Id` (see the opening comment). It is not serialized, so TypeScript
// sees one entry type, named as the schema names it.
#[cfg_attr(feature = "ts", ts(rename = "Spec", concrete(I = ())))]
pub struct Entry<I> {
    #[serde(skip)]
    pub id: I,
    /// OpenZFS module parameter name (Linux `/sys/module/zfs/parameters/NAME`), or the lab's own.
    pub name: &'static str,
    pub kind: Kind,
    /// Section of the controls this belongs to.
    pub group: &'static str,
    pub unit: Unit,
    pub default: u64,
    /// Smallest accepted value (inclusive).
    pub min: u64,
    /// Largest accepted value (inclusive).
    pub max: u64,
    /// A value outside `min..=max` that means "not set" (the device's own size), accepted
    /// besides the range; `None` for most entries.
    pub off: Option<u64>,
    pub scale: Scale,
    pub effect: Effect,
    /// One line: what it does.
    pub meaning: &'static str,
    /// Where older releases or other platforms had another default or behaviour.
    pub history: &'static str,
    /// FreeBSD (13+, OpenZFS) sysctl, if it has one.
    pub freebsd: Option<&'static str>,
    /// For [`Unit::Choice`]: the name of each value, the value being the index.
    pub choices: &'static [&'static str],
}

impl<I> Entry<I> {
    /// Is `value` one this entry takes: in its range, or its "not set" value?
    pub fn accepts(&self, value: u64) -> bool {
        (self.min..=self.max).contains(&value) || self.off == Some(value)
    }

    /// Reads `text` typed for this entry: a choice by name (or index), anything else in
    /// its unit. Not range-checked.
    pub fn parse(&self, text: &str) -> Result<u64, ParseProblem> {
        if self.unit == Unit::Choice {
            if let Some(i) = self.choices.iter().position(|c| c.eq_ignore_ascii_case(text.trim())) {
                return Ok(i as u64);
            }
            // A name with a typo (`5400-smr`) read as a number gave "unknown unit '-smr'":
            // whatever is not a plain index is a name, and the message lists the names.
            if !text.trim().bytes().all(|b| b.is_ascii_digit()) {
                return Err(ParseProblem::NotAChoice);
            }
        }
        parse_value(self.unit, text)
    }

    /// `value` in the shortest exact form [`Entry::parse`] reads back (a choice by name).
    pub fn format(&self, value: u64) -> String {
        match self.choice(value) {
            Some(name) => name.to_string(),
            None => format_value(self.unit, value),
        }
    }

    /// `value` for reading (`4 GiB`, `1.50 ms`, a choice's name).
    pub fn describe(&self, value: u64) -> String {
        match self.choice(value) {
            Some(name) => name.to_string(),
            None => describe_value(self.unit, value),
        }
    }

    fn choice(&self, value: u64) -> Option<&'static str> {
        (self.unit == Unit::Choice)
            .then(|| usize::try_from(value).ok().and_then(|i| self.choices.get(i)))
            .flatten()
            .copied()
    }
}
