//! `throttle-lab advise`: the tuning advisor over a share link's lab, its sweep printed as
//! a table with the proposal, what it costs, and its links.

use crate::progress::progress;
use std::fmt::Write;
use throttle_model::advisor::{self, Advice, Advisor, Guard, Metric, Options, Symptom, SYMPTOMS};
use throttle_model::messages::escaped;
use throttle_model::{link, Tunables};

/// What `advise` was asked.
pub struct Ask<'a> {
    pub link: Option<&'a str>,
    pub symptom: Option<&'a str>,
    pub guards: &'a [String],
    pub span: Option<u32>,
    pub sets: &'a [String],
    pub json: bool,
}

pub fn advise(ask: &Ask<'_>) -> Result<String, String> {
    let names = || SYMPTOMS.iter().map(|s| s.name).collect::<Vec<_>>().join(", ");
    let Some(name) = ask.symptom else {
        return Err(format!("advise needs --symptom NAME (one of {})", names()));
    };
    let symptom = Symptom::find(name)
        .ok_or_else(|| format!("unknown symptom '{}' (one of {})", escaped(name, false), names()))?;
    let link = ask.link.ok_or("advise needs --link LINK: the lab to tune, as the app's share link gives it")?;
    let decoded = link::decode(link::query_of(link));
    for notice in &decoded.notices {
        eprintln!("throttle-lab: link: {}", escaped(notice, true));
    }
    let mut t: Tunables = decoded.tunables;
    t.set_assignments(ask.sets).map_err(|e| e.to_string())?;
    let guards = guards(symptom, ask.guards)?;
    let options = Options { span: ask.span.unwrap_or(Options::default().span), ..Options::default() };
    let mut advisor = Advisor::new(&t, symptom, guards, options)?;
    while advisor.step() {
        let (done, planned) = advisor.progress();
        progress(format_args!("advise: {done} of about {planned} runs"));
    }
    let advice = advisor.advice();
    if ask.json {
        return serde_json::to_string(&advice).map(|s| s + "\n").map_err(|e| e.to_string());
    }
    Ok(table(&advice))
}

/// The guards asked for, the symptom's own if none, or none at all for `--guard none`.
fn guards(symptom: &Symptom, asked: &[String]) -> Result<Vec<Guard>, String> {
    match asked {
        [] => {
            Ok(symptom.guards.iter().map(|&(metric, tolerance_percent)| Guard { metric, tolerance_percent }).collect())
        }
        [none] if none == "none" => Ok(Vec::new()),
        _ => asked.iter().map(|g| Guard::parse(g)).collect(),
    }
}

fn table(a: &Advice) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "{}: {}", a.symptom, a.title);
    let guards: Vec<String> =
        a.guards.iter().map(|g| format!("{} at most {}% worse", g.metric.title(), g.tolerance_percent)).collect();
    let guards = if guards.is_empty() { "none".to_string() } else { guards.join(", ") };
    let _ = writeln!(out, "minimises {}{}; guards: {guards}", a.metric.title(), direction(a.metric));
    for l in &a.levers {
        let _ = writeln!(out, "  sweeps {} from {}: {}", l.name, l.base, l.grid.join(" "));
        let _ = writeln!(out, "      {}", l.mechanism);
    }
    for why in &a.ignored {
        let _ = writeln!(out, "  leaves {why}");
    }
    let mut columns = vec![a.metric];
    columns.extend(a.guards.iter().map(|g| g.metric).filter(|m| *m != a.metric));
    let _ = write!(out, "\n{:>4}  {:<8}", "#", "pass");
    for m in &columns {
        let _ = write!(out, " {:>14}", m.label());
    }
    let _ = writeln!(out, "  {:<4} settings", "ok");
    for (i, c) in a.candidates.iter().enumerate() {
        let mark = if Some(i) == a.proposal { "*" } else { " " };
        let pass = serde_json::to_value(c.pass).ok().and_then(|v| v.as_str().map(String::from)).unwrap_or_default();
        let _ = write!(out, "{mark}{i:>3}  {pass:<8}");
        for m in &columns {
            let shown = m.of(&c.measures).map_or_else(|| "-".to_string(), |v| m.show(v));
            let _ = write!(out, " {shown:>14}");
        }
        let ok = match (&c.refused, c.feasible, c.pass) {
            (Some(_), ..) => "refused",
            (None, _, advisor::Pass::Baseline) => "",
            (None, true, _) => "yes",
            (None, false, _) => "no",
        };
        let _ = write!(out, "  {ok:<4} {}", c.settings());
        if let Some(why) = &c.refused {
            let _ = write!(out, " ({why})");
        }
        let _ = writeln!(out);
    }
    let _ = writeln!(out, "\n{}", a.verdict);
    for cost in &a.costs {
        let _ = writeln!(out, "  costs: {cost}");
    }
    if let (Some(link), Some(ab)) = (&a.link, &a.ab_link) {
        let _ = writeln!(out, "link: #{link}");
        let _ = writeln!(out, "A/B link (the settings as given pinned as A): #{ab}");
    }
    out
}

fn direction(m: Metric) -> &'static str {
    match m.better() {
        advisor::measure::Better::Lower => "",
        advisor::measure::Better::Higher => " (higher is better)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ask<'a>(link: &'a str, symptom: &'a str, guards: &'a [String], json: bool) -> Ask<'a> {
        Ask { link: Some(link), symptom: Some(symptom), guards, span: Some(1), sets: &[], json }
    }

    #[test]
    fn prints_the_sweep_the_proposal_its_cost_and_its_links() {
        let link =
            "#v=1&drive=7200-hc310&mirror=2&scrub=on&zfs_scan_vdev_limit=64M&async_writers=4&readers=4&duration=10";
        let out = advise(&ask(link, "scan-hurts-reads", &[], false)).expect("advises");
        assert!(out.starts_with("scan-hurts-reads: A scrub or resilver makes reads slow\n"), "{out}");
        assert!(out.contains("guards: scan rate at most 10% worse"), "{out}");
        assert!(out.contains("  sweeps zfs_vdev_scrub_min_active from 1: 0 1 2"), "{out}");
        assert!(out.contains("   0  baseline"), "{out}");
        assert!(out.contains("zfs_vdev_scrub_min_active=0"), "{out}");
        assert!(out.contains("\nSet ") && out.contains("\nlink: #v=1&") && out.contains("&pinned=1&a."), "{out}");
        let json: serde_json::Value =
            serde_json::from_str(&advise(&ask(link, "scan-hurts-reads", &[], true)).expect("json")).expect("parses");
        assert_eq!(json["symptom"], "scan-hurts-reads");
        assert!(json["candidates"].as_array().is_some_and(|c| c.len() > 5));
    }

    #[test]
    fn names_what_is_missing_or_wrong() {
        let none = Ask { link: Some("v=1"), symptom: None, guards: &[], span: None, sets: &[], json: false };
        assert!(advise(&none).unwrap_err().contains("write-stalls, fast-then-slow"));
        assert!(advise(&ask("v=1", "slow", &[], false)).unwrap_err().starts_with("unknown symptom 'slow'"));
        assert!(advise(&ask("v=1", "scan-hurts-reads", &[], false)).unwrap_err().contains("no scrub or resilver"));
        let bad = ["speed:5".to_string()];
        assert!(advise(&ask("v=1", "write-stalls", &bad, false)).unwrap_err().starts_with("unknown guard 'speed'"));
    }
}
