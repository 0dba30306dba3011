//! A step's check on two reports: run B (what the learner has now) and run A (the state
//! the step began from). Each condition reads one figure of B, or of B against A, and
//! compares it with its target; the step passes when every condition holds.

use super::format::{Check, Condition, MetricUnit, Op, VsA};
use super::metric;
use crate::units::{describe_value, Unit};

/// Bytes in decimal units with three significant digits (`143 MB/s`, `1.00 GB`).
fn decimal(v: f64, unit: &str) -> String {
    let prefixes = ["", "k", "M", "G", "T", "P"];
    let mut v = v;
    let mut i = 0;
    while v >= 999.5 && i + 1 < prefixes.len() {
        v /= 1000.0;
        i += 1;
    }
    let digits = if i == 0 || v >= 99.95 {
        0
    } else if v >= 9.995 {
        1
    } else {
        2
    };
    format!("{v:.digits$} {}{unit}", prefixes[i])
}
use serde::Serialize;
use serde_json::Value;

/// A step's check: whether it passed, and each condition with its figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct StepCheck {
    pub passed: bool,
    pub conditions: Vec<ConditionCheck>,
}

/// One condition, measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ConditionCheck {
    pub label: String,
    pub passed: bool,
    /// The figure compared with the target: B's value, B / A or B − A; null when it
    /// could not be read (see `problem`).
    pub actual: Option<f64>,
    pub target: f64,
    pub op: Op,
    #[cfg_attr(feature = "ts", ts(optional))]
    #[serde(skip_serializing_if = "Option::is_none")]
    pub vs_a: Option<VsA>,
    /// The metric's value in B and in A (A only when the condition compares with it).
    pub b: Option<f64>,
    pub a: Option<f64>,
    /// The figure and the target as a person reads them (`83.0 ms`, `×1.04`).
    pub actual_text: String,
    pub target_text: String,
    /// Why there is no figure: a metric the report lacks, no run A, an A of zero.
    pub problem: Option<String>,
}

/// `check` on run B, against run A when a condition compares with it.
pub fn evaluate(check: &Check, b: &Value, a: Option<&Value>) -> StepCheck {
    let conditions: Vec<ConditionCheck> = check.all.iter().map(|c| condition(c, b, a)).collect();
    StepCheck { passed: !conditions.is_empty() && conditions.iter().all(|c| c.passed), conditions }
}

fn condition(c: &Condition, b: &Value, a: Option<&Value>) -> ConditionCheck {
    let read = |report: &Value| metric::read(report, &c.metric, c.reduce);
    let b_value = read(b);
    let a_value = c.vs_a.map(|_| a.ok_or_else(|| "needs run A, the step's start".to_string()).and_then(read));
    let figure = match (c.vs_a, &b_value, &a_value) {
        (_, Err(e), _) | (_, _, Some(Err(e))) => Err(e.clone()),
        (None, Ok(b), _) => Ok(*b),
        (Some(VsA::Difference), Ok(b), Some(Ok(a))) => Ok(b - a),
        (Some(VsA::Ratio), Ok(_), Some(Ok(a))) if *a == 0.0 => Err(format!("{}: A is 0, no ratio", c.metric)),
        (Some(VsA::Ratio), Ok(b), Some(Ok(a))) => Ok(b / a),
        (Some(_), Ok(_), None) => Err("needs run A".to_string()),
    };
    let shown_unit = if c.vs_a == Some(VsA::Ratio) { Shown::Ratio } else { Shown::Unit(c.unit) };
    ConditionCheck {
        label: c.label.clone(),
        passed: figure.as_ref().is_ok_and(|&f| c.op.holds(f, c.value)),
        actual: figure.as_ref().ok().copied(),
        target: c.value,
        op: c.op,
        vs_a: c.vs_a,
        b: b_value.ok(),
        a: a_value.and_then(Result::ok),
        actual_text: figure.as_ref().map_or_else(|_| "-".to_string(), |&f| shown_unit.text(f, c.vs_a)),
        target_text: shown_unit.text(c.value, c.vs_a),
        problem: figure.err(),
    }
}

/// How a figure is written.
#[derive(Clone, Copy)]
enum Shown {
    Ratio,
    Unit(Option<MetricUnit>),
}

impl Shown {
    fn text(self, v: f64, vs_a: Option<VsA>) -> String {
        let sign = if vs_a == Some(VsA::Difference) && v > 0.0 { "+" } else { "" };
        let (sign, v) = if v < 0.0 { ("-", -v) } else { (sign, v) };
        let whole = |unit: Unit| describe_value(unit, v.round() as u64);
        let body = match self {
            Shown::Ratio => return format!("×{v:.2}"),
            Shown::Unit(Some(MetricUnit::Ns)) => whole(Unit::Nanoseconds),
            // Decimal, as the conditions' labels and targets are written (100 MB/s).
            Shown::Unit(Some(MetricUnit::Bytes)) => decimal(v, "B"),
            Shown::Unit(Some(MetricUnit::BytesPerS)) => decimal(v, "B/s"),
            Shown::Unit(Some(MetricUnit::PerS)) => format!("{}/s", plain(v)),
            Shown::Unit(Some(MetricUnit::Fraction)) => format!("{}%", plain(v * 100.0)),
            Shown::Unit(Some(MetricUnit::Count) | None) => plain(v),
        };
        format!("{sign}{body}")
    }
}

/// A number with at most three decimals and no trailing zeros.
fn plain(v: f64) -> String {
    let text = format!("{v:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lesson::format::Reduce;
    use serde_json::json;

    fn cond(metric: &str, vs_a: Option<VsA>, op: Op, value: f64, unit: Option<MetricUnit>) -> Condition {
        Condition { metric: metric.into(), reduce: None, vs_a, op, value, unit, label: "x".into() }
    }

    #[test]
    fn reads_b_alone_or_against_a() {
        let (a, b) = (json!({ "t": 200.0, "p": 190e6 }), json!({ "t": 190.0, "p": 20e6 }));
        let check = Check {
            all: vec![
                cond("/p", None, Op::Lt, 100e6, Some(MetricUnit::Ns)),
                cond("/t", Some(VsA::Ratio), Op::Gt, 0.9, None),
                cond("/t", Some(VsA::Difference), Op::Ge, -20.0, Some(MetricUnit::BytesPerS)),
            ],
        };
        let r = evaluate(&check, &b, Some(&a));
        assert!(r.passed, "{r:?}");
        assert_eq!(r.conditions[0].actual_text, "20 ms");
        assert_eq!(r.conditions[0].target_text, "100 ms");
        assert_eq!((r.conditions[1].actual, r.conditions[1].actual_text.as_str()), (Some(0.95), "×0.95"));
        assert_eq!((r.conditions[2].b, r.conditions[2].a), (Some(190.0), Some(200.0)));
        assert_eq!(r.conditions[2].actual_text, "-10 B/s");
        assert_eq!(decimal(1.5e8, "B/s"), "150 MB/s");
        assert_eq!(decimal(1e9, "B/s"), "1.00 GB/s");
        assert_eq!(decimal(2.35e9, "B"), "2.35 GB");
        assert_eq!(decimal(999.7e3, "B"), "1.00 MB");
        // B at the start: the latency condition fails, and so the step.
        let r = evaluate(&check, &a, Some(&a));
        assert!(!r.passed && !r.conditions[0].passed && r.conditions[1].passed);
    }

    #[test]
    fn a_figure_that_cannot_be_read_fails_and_says_why() {
        let b = json!({ "t": 1.0, "txgs": [] });
        let check = Check {
            all: vec![
                cond("/t", Some(VsA::Ratio), Op::Gt, 0.5, None),
                Condition { reduce: Some(Reduce::Max), ..cond("/txgs/*/stime", None, Op::Lt, 1.0, None) },
            ],
        };
        let r = evaluate(&check, &b, None);
        assert!(!r.passed);
        assert_eq!(r.conditions[0].problem.as_deref(), Some("needs run A, the step's start"));
        assert!(r.conditions[1].problem.as_ref().is_some_and(|p| p.contains("no values")));
        assert_eq!(r.conditions[1].actual_text, "-");
        let zero = json!({ "t": 0.0 });
        let r = evaluate(&check, &b, Some(&zero));
        assert!(r.conditions[0].problem.as_ref().is_some_and(|p| p.contains("A is 0")));
        // A check with no condition proves nothing: it never passes.
        assert!(!evaluate(&Check { all: vec![] }, &b, None).passed);
    }

    #[test]
    fn shares_and_rates_read_as_people_write_them() {
        assert_eq!(Shown::Unit(Some(MetricUnit::Fraction)).text(0.974, None), "97.4%");
        assert_eq!(Shown::Unit(Some(MetricUnit::PerS)).text(272.17, None), "272.17/s");
        assert_eq!(Shown::Unit(None).text(3.0, None), "3");
        assert_eq!(Shown::Unit(Some(MetricUnit::Count)).text(5.0, Some(VsA::Difference)), "+5");
    }
}
