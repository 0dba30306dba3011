//! The lab's settings and its presets, run: the scenario a link describes keeps the
//! engine's invariants, stays within its work budget, and says when the budget stops it.

use throttle_model::link::decode;
use throttle_model::report::{self, Report};
use throttle_model::scenario::lab::scenario_from_settings;
use throttle_model::scenario::lab_presets::LAB_PRESETS;
use throttle_model::sim::stats::POW2_BUCKETS;
use throttle_model::{Id, Tunables};

fn run(pairs: &[(Id, u64)]) -> Report {
    let mut t = Tunables::default();
    for &(id, v) in pairs {
        t.set(id, v).expect("in range");
    }
    report::run(scenario_from_settings(&t).expect("valid"))
}

#[test]
fn a_short_run_of_the_defaults_keeps_its_invariants() {
    // Summaries over the whole run, so that they count what the series count.
    let report = run(&[(Id::Duration, 5), (Id::Summaries, 1)]);
    assert!(report.truncated.is_none());
    assert_eq!(report.invariants.time_went_back + report.invariants.active_above_max, 0);
    assert!(report.summary.client_write.count > 0 && report.summary.client_read.count > 0);
    // The heat map holds every read finished by the last sample, one row per interval.
    let heat = &report.series.read_latency_buckets;
    assert_eq!(heat.len(), report.series.t_ns.len() * POW2_BUCKETS);
    let in_heat: u64 = heat.iter().map(|&c| u64::from(c)).sum();
    assert_eq!(in_heat, report.summary.client_read.count);
}

#[test]
fn the_work_budget_stops_a_run_and_says_so() {
    let report = run(&[(Id::EventBudget, 5_000)]);
    assert!(report.events <= 5_000);
    assert!(report.truncated.as_ref().is_some_and(|why| why.contains("5000")), "{:?}", report.truncated);
}

#[test]
fn every_lab_preset_reads_cleanly_and_runs_within_its_budget() {
    for p in LAB_PRESETS {
        let d = decode(p.link);
        assert!(d.notices.is_empty(), "{}: {:?}", p.name, d.notices);
        let report = report::run(scenario_from_settings(&d.tunables).expect("valid"));
        assert!(report.truncated.is_none(), "{}: {:?}", p.name, report.truncated);
        assert!(report.summary.client_read.count + report.summary.client_write.count > 0, "{}", p.name);
    }
}
