//! The WASM binding: converts between JavaScript values and `throttle-model`, nothing more.
//!
//! Tunable values cross as a `Float64Array` in schema order (every value the schema
//! allows is below 2^53, so a JS number holds it exactly). Every export that takes
//! input returns `Result<_, JsError>`: a bad value becomes a JS `Error`, never a panic.

use serde::Serialize;
use std::collections::BTreeMap;
use throttle_model::advisor;
use throttle_model::curves::{self, AsyncWriteParams, DelayParams, Points};
use throttle_model::lesson;
use throttle_model::report::{self, quantize, zpool_iostat, Report};
use throttle_model::scenario::{fio, lab, lab_presets, presets::PRESETS, zpool_layout, Scenario};
use throttle_model::sim::{bench, Sim};
use throttle_model::units::{describe_value as describe, Unit};
use throttle_model::{link, tunables, validate, Id, Tunables, SPECS};
use wasm_bindgen::prelude::*;

mod effective;
mod evidence;
pub use evidence::ImportedEvidence;

/// Largest integer a JS number holds exactly.
const MAX_SAFE: f64 = 9_007_199_254_740_991.0;

fn js_error(e: impl std::fmt::Display) -> JsError {
    JsError::new(&e.to_string())
}

fn to_js<T: Serialize + ?Sized>(value: &T) -> Result<JsValue, JsError> {
    value.serialize(&serde_wasm_bindgen::Serializer::json_compatible()).map_err(js_error)
}

/// A JS number as a u64, if it is a whole number from 0 to 2^53 − 1.
fn whole(value: f64, what: &str) -> Result<u64, JsError> {
    if value.is_finite() && value >= 0.0 && value.fract() == 0.0 && value <= MAX_SAFE {
        Ok(value as u64)
    } else {
        Err(JsError::new(&format!("{what}: {value} is not a whole number from 0 to 2^53")))
    }
}

fn id(name: &str) -> Result<Id, JsError> {
    Id::from_name(name).ok_or_else(|| js_error(throttle_model::Error::UnknownName(name.to_string())))
}

/// Tunables from values in schema order, each range-checked, then one mark per entry in
/// the same order (1: given, `Tunables::is_given`). Without the marks, an entry is given
/// when it differs from its default.
fn tunables(values: &[f64]) -> Result<Tunables, JsError> {
    let n = SPECS.len();
    if values.len() != n && values.len() != 2 * n {
        return Err(JsError::new(&format!("expected {n} values and {n} marks, got {}", values.len())));
    }
    let (values, marks) = values.split_at(n);
    let mut t = Tunables::default();
    for (i, (spec, &v)) in SPECS.iter().zip(values).enumerate() {
        let given = marks.get(i).is_some_and(|&m| m != 0.0);
        t.set_marked(spec.id, whole(v, spec.name)?, given).map_err(js_error)?;
    }
    Ok(t)
}

/// The values in schema order, then their marks (see [`tunables`]).
fn values(t: &Tunables) -> Vec<f64> {
    let marks = Id::ALL.iter().map(|&id| f64::from(u8::from(t.is_given(id))));
    Id::ALL.iter().map(|&id| t.get(id) as f64).chain(marks).collect()
}

/// The engine's version.
#[wasm_bindgen]
pub fn version() -> String {
    throttle_model::VERSION.to_string()
}

/// The schema: one object per tunable, in order.
#[wasm_bindgen]
pub fn schema() -> Result<JsValue, JsError> {
    to_js(SPECS)
}

/// Parses `text` typed for tunable `name` (units accepted) and range-checks it.
#[wasm_bindgen(js_name = parseValue)]
pub fn parse_value(name: &str, text: &str) -> Result<f64, JsError> {
    tunables::parse_text(id(name)?, text).map(|v| v as f64).map_err(js_error)
}

/// `value` of tunable `name` in the shortest exact form the parser reads back.
#[wasm_bindgen(js_name = formatValue)]
pub fn format_value(name: &str, value: f64) -> Result<String, JsError> {
    Ok(id(name)?.spec().format(whole(value, name)?))
}

/// `value` of tunable `name` for reading (`4 GiB`, `1.50 ms`).
#[wasm_bindgen(js_name = describeValue)]
pub fn describe_value(name: &str, value: f64) -> Result<String, JsError> {
    Ok(id(name)?.spec().describe(whole(value, name)?))
}

/// Bytes for reading (`3.20 GiB`), for dirty amounts that are no tunable.
#[wasm_bindgen(js_name = describeBytes)]
pub fn describe_bytes(bytes: f64) -> Result<String, JsError> {
    Ok(describe(Unit::Bytes, whole(bytes, "bytes")?))
}

/// Nanoseconds for reading (`1.50 ms`), for delays that are no tunable.
#[wasm_bindgen(js_name = describeNs)]
pub fn describe_ns(ns: f64) -> Result<String, JsError> {
    Ok(describe(Unit::Nanoseconds, whole(ns, "nanoseconds")?))
}

/// Cross-tunable errors and warnings: `{ errors: [{tunables, message}], warnings: [...] }`.
#[wasm_bindgen]
pub fn check(values: &[f64]) -> Result<JsValue, JsError> {
    to_js(&validate::check(&tunables(values)?))
}

/// `dmu_tx_delay()`'s delay [ns] at `dirty` bytes.
#[wasm_bindgen(js_name = delayNs)]
pub fn delay_ns(values: &[f64], dirty: f64) -> Result<f64, JsError> {
    let p = DelayParams::from(&tunables(values)?);
    Ok(curves::delay_ns(&p, whole(dirty, "dirty")?) as f64)
}

/// `vdev_queue_max_async_writes()` at `dirty` bytes.
#[wasm_bindgen(js_name = asyncWrites)]
pub fn async_writes(values: &[f64], dirty: f64) -> Result<f64, JsError> {
    let p = AsyncWriteParams::from(&tunables(values)?);
    Ok(curves::max_async_writes(&p, whole(dirty, "dirty")?, false) as f64)
}

/// Points of a curve as two columns.
#[wasm_bindgen]
pub struct Curve {
    dirty: Vec<f64>,
    value: Vec<f64>,
}

#[wasm_bindgen]
impl Curve {
    /// Dirty data [bytes], increasing.
    #[wasm_bindgen(getter)]
    pub fn dirty(&self) -> Vec<f64> {
        self.dirty.clone()
    }

    /// The curve's value at each dirty amount [ns or I/Os].
    #[wasm_bindgen(getter)]
    pub fn value(&self) -> Vec<f64> {
        self.value.clone()
    }
}

impl From<Points> for Curve {
    fn from(p: Points) -> Self {
        Curve {
            dirty: p.dirty.into_iter().map(|v| v as f64).collect(),
            value: p.value.into_iter().map(|v| v as f64).collect(),
        }
    }
}

/// The delay curve with about `n` points (at most 10 000).
#[wasm_bindgen(js_name = delayCurve)]
pub fn delay_curve(values: &[f64], n: u32) -> Result<Curve, JsError> {
    let p = DelayParams::from(&tunables(values)?);
    Ok(curves::delay_points(&p, n.min(10_000) as usize).into())
}

/// The async-write staircase.
#[wasm_bindgen(js_name = asyncWriteCurve)]
pub fn async_write_curve(values: &[f64]) -> Result<Curve, JsError> {
    Ok(curves::async_write_points(&AsyncWriteParams::from(&tunables(values)?)).into())
}

/// Landmarks of the delay curve (bytes and ns).
#[wasm_bindgen(js_name = delayMarks)]
pub fn delay_marks(values: &[f64]) -> Result<JsValue, JsError> {
    to_js(&curves::delay_marks(&DelayParams::from(&tunables(values)?)))
}

/// Landmarks of the async-write curve (bytes and I/Os).
#[wasm_bindgen(js_name = asyncWriteMarks)]
pub fn async_write_marks(values: &[f64]) -> Result<JsValue, JsError> {
    to_js(&curves::async_write_marks(&AsyncWriteParams::from(&tunables(values)?)))
}

/// What `decodeLink` returns: values in schema order, the pinned ones if any, where the
/// page is, notices.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct DecodedLink {
    values: Vec<f64>,
    pinned: Option<Vec<f64>>,
    view: link::View,
    notices: Vec<String>,
}

fn decoded_link(decoded: link::Decoded) -> Result<JsValue, JsError> {
    to_js(&DecodedLink {
        values: values(&decoded.tunables),
        pinned: decoded.pinned.as_ref().map(values),
        view: decoded.view,
        notices: decoded.notices,
    })
}

/// Reads a link's query string: `{ values, pinned, view, notices }` (`pinned` is null when
/// the link has no pinned configuration). Never fails.
#[wasm_bindgen(js_name = decodeLink)]
pub fn decode_link(query: &str) -> Result<JsValue, JsError> {
    decoded_link(link::decode(query))
}

/// As `decodeLink`, the values the query does not name kept from `base` (a lesson step's
/// settings applied where the learner is).
#[wasm_bindgen(js_name = applyLink)]
pub fn apply_link(base: &[f64], query: &str) -> Result<JsValue, JsError> {
    decoded_link(link::decode_onto(&tunables(base)?, query))
}

/// The lab settings a pool layout (a `zpool create` line or `zpool status`) gives:
/// `{ settings: [name, value][], notes }`, or the problem, naming its word or line.
#[wasm_bindgen(js_name = layoutSettings)]
pub fn layout_settings(text: &str) -> Result<JsValue, JsError> {
    let layout = zpool_layout::parse(text).map_err(|e| JsError::new(&e))?;
    let settings = layout.lab_settings().map_err(|e| JsError::new(&e))?;
    pasted(settings, layout.notes)
}

/// The lab's workload settings a fio job file gives: `{ settings, notes }`, or the problem,
/// naming its line.
#[wasm_bindgen(js_name = fioSettings)]
pub fn fio_settings(text: &str) -> Result<JsValue, JsError> {
    let jobs = fio::translate(text).map_err(|e| JsError::new(&e))?;
    let settings = jobs.lab_settings().map_err(|e| JsError::new(&e))?;
    pasted(settings, jobs.notes)
}

fn pasted(settings: Vec<(Id, u64)>, notes: Vec<String>) -> Result<JsValue, JsError> {
    let settings = settings.into_iter().map(|(id, v)| (id.spec().name, v as f64)).collect();
    to_js(&PastedSettings { settings, notes })
}

/// Lab settings read from pasted text, and what was read differently or set aside.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PastedSettings {
    settings: Vec<(&'static str, f64)>,
    notes: Vec<String>,
}

/// The query string (without `?`) that restores these values, the pinned ones if given,
/// and where the page is (a preset, a lesson and its step, presenter mode).
#[wasm_bindgen(js_name = encodeLink)]
pub fn encode_link(
    values: &[f64],
    pinned: Option<Vec<f64>>,
    preset: Option<String>,
    lesson: Option<String>,
    step: Option<u32>,
    present: bool,
) -> Result<String, JsError> {
    let pinned = pinned.as_deref().map(tunables).transpose()?;
    let view = link::View { preset, lesson, step, present };
    Ok(link::encode_link(&tunables(values)?, pinned.as_ref(), &view))
}

/// `name: A → B` for each entry that differs, a change of release followed by what the
/// release does differently (`lab::difference_lines`).
#[wasm_bindgen(js_name = differenceLines)]
pub fn difference_lines(a: &[f64], b: &[f64]) -> Result<Vec<String>, JsError> {
    Ok(lab::difference_lines(&tunables(a)?, &tunables(b)?))
}

/// DTrace `quantize()` text of power-of-two buckets (bucket j holds [2^j, 2^(j+1)) ns).
#[wasm_bindgen(js_name = quantizeText)]
pub fn quantize_text(buckets: &[f64]) -> Result<String, JsError> {
    let b: Vec<u64> = buckets.iter().map(|&v| whole(v, "bucket")).collect::<Result<_, _>>()?;
    Ok(quantize::quantize(&b))
}

/// DTrace `lquantize(x, base, limit, step)` text of `values`.
#[wasm_bindgen(js_name = lquantizeText)]
pub fn lquantize_text(values: &[f64], base: f64, limit: f64, step: f64) -> Result<String, JsError> {
    let v: Vec<u64> = values.iter().map(|&v| whole(v, "value")).collect::<Result<_, _>>()?;
    Ok(quantize::lquantize(&v, whole(base, "base")?, whole(limit, "limit")?, whole(step, "step")?))
}

/// The `zpool iostat -w` table of a report's per-class histograms (`{ class: buckets }`).
#[wasm_bindgen(js_name = iostatText)]
pub fn iostat_text(pool: &str, total: JsValue, queue: JsValue, disk: JsValue) -> Result<String, JsError> {
    let read = |v: JsValue| -> Result<BTreeMap<String, Vec<u64>>, JsError> {
        serde_wasm_bindgen::from_value(v).map_err(js_error)
    };
    Ok(zpool_iostat::zpool_iostat_w_of(pool, &read(total)?, &read(queue)?, &read(disk)?))
}

/// The `zpool iostat -v` table of a report's `vdevs` rows.
#[wasm_bindgen(js_name = iostatVText)]
pub fn iostat_v_text(rows: JsValue) -> Result<String, JsError> {
    let rows: Vec<report::VdevRow> = serde_wasm_bindgen::from_value(rows).map_err(js_error)?;
    Ok(report::vdevs::zpool_iostat_v(&rows))
}

/// Runs a scenario (JSON text) and returns its report as JSON text: the same bytes the
/// native `throttle-lab run --json` prints, without the trailing newline.
#[wasm_bindgen(js_name = runScenario)]
pub fn run_scenario(scenario: &str) -> Result<String, JsError> {
    let s = Scenario::from_json(scenario).map_err(js_error)?;
    serde_json::to_string(&report::run(s)).map_err(js_error)
}

/// A simulation run in slices, so a worker can report progress and drop a superseded run.
#[wasm_bindgen]
pub struct SimRun {
    sim: Sim,
}

#[wasm_bindgen]
impl SimRun {
    /// Starts a run of `scenario` (JSON text); a bad scenario is an error naming its field.
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: &str) -> Result<SimRun, JsError> {
        Ok(SimRun { sim: Sim::new(Scenario::from_json(scenario).map_err(js_error)?) })
    }

    /// Starts a run of the lab's settings (values in schema order), as a share link holds them.
    #[wasm_bindgen(js_name = fromValues)]
    pub fn from_values(values: &[f64]) -> Result<SimRun, JsError> {
        let scenario = lab::scenario_from_settings(&tunables(values)?).map_err(|e| JsError::new(&e))?;
        Ok(SimRun { sim: Sim::new(scenario) })
    }

    /// Processes up to `events` events; `false` once the run is over.
    pub fn advance(&mut self, events: u32) -> bool {
        self.sim.advance(u64::from(events))
    }

    /// `[simulated ns so far, ns asked for]`.
    pub fn progress(&self) -> Vec<f64> {
        let (now, total) = self.sim.progress();
        vec![now as f64, total as f64]
    }

    /// The report so far as JSON text; callable again as the run goes on (partial results).
    pub fn report(&mut self) -> Result<String, JsError> {
        serde_json::to_string(&Report::of(&self.sim)).map_err(js_error)
    }
}

/// The advisor's symptoms and metrics: `{ symptoms, metrics }`.
#[wasm_bindgen(js_name = advisorCatalog)]
pub fn advisor_catalog() -> Result<JsValue, JsError> {
    to_js(&advisor::catalog())
}

/// A tuning advisor's sweep, run one candidate per `step` so that a worker can report
/// progress and be stopped between runs.
#[wasm_bindgen]
pub struct AdvisorRun {
    advisor: advisor::Advisor,
}

#[wasm_bindgen]
impl AdvisorRun {
    /// A sweep of `symptom` from the lab's settings (values in schema order), keeping
    /// `guards` (`NAME:PCT` each); a bad name or setting is an error naming it.
    #[wasm_bindgen(constructor)]
    pub fn new(values: &[f64], symptom: &str, guards: Vec<String>) -> Result<AdvisorRun, JsError> {
        let symptom =
            advisor::Symptom::find(symptom).ok_or_else(|| JsError::new(&format!("unknown symptom '{symptom}'")))?;
        let guards = guards.iter().map(|g| advisor::Guard::parse(g)).collect::<Result<Vec<_>, _>>();
        let guards = guards.map_err(|e| JsError::new(&e))?;
        let advisor = advisor::Advisor::new(&tunables(values)?, symptom, guards, advisor::Options::default())
            .map_err(|e| JsError::new(&e))?;
        Ok(AdvisorRun { advisor })
    }

    /// Runs the next candidate; `false` once the sweep is over.
    pub fn step(&mut self) -> bool {
        self.advisor.step()
    }

    /// `[runs done, runs the sweep is likely to take]`.
    pub fn progress(&self) -> Vec<f64> {
        let (done, planned) = self.advisor.progress();
        vec![done as f64, planned as f64]
    }

    /// What the sweep found so far, as JSON text.
    pub fn advice(&self) -> Result<String, JsError> {
        serde_json::to_string(&self.advisor.advice()).map_err(js_error)
    }
}

/// A scenario for the benchmark, read once: each `run` then times the same work as a run of
/// the native benchmark (a copy of the scenario simulated into a report, not its JSON), so
/// the JSON reading is in neither.
#[wasm_bindgen]
pub struct BenchRun {
    scenario: Scenario,
}

#[wasm_bindgen]
impl BenchRun {
    #[wasm_bindgen(constructor)]
    pub fn new(scenario: &str) -> Result<BenchRun, JsError> {
        Ok(BenchRun { scenario: Scenario::from_json(scenario).map_err(js_error)? })
    }

    /// Simulates the scenario once; returns the events processed.
    pub fn run(&self) -> f64 {
        report::run(self.scenario.clone()).events as f64
    }
}

/// One built-in scenario as `presets` returns it: its name and its JSON text.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PresetText {
    name: &'static str,
    json: &'static str,
}

/// The built-in scenarios: `[{ name, json }]`.
#[wasm_bindgen]
pub fn presets() -> Result<JsValue, JsError> {
    let list: Vec<PresetText> = PRESETS.iter().map(|p| PresetText { name: p.name, json: p.json }).collect();
    to_js(&list)
}

/// The app's starting points, as links: `[{ name, title, description, link }]`.
#[wasm_bindgen(js_name = labPresets)]
pub fn lab_presets() -> Result<JsValue, JsError> {
    to_js(lab_presets::LAB_PRESETS)
}

/// The guided lessons, as their files hold them (`Lesson[]`).
#[wasm_bindgen]
pub fn lessons() -> Result<JsValue, JsError> {
    to_js(&lesson::lessons().map_err(|e| JsError::new(&e))?)
}

/// Lesson `name` and its step `step` (from 0), or why there is none.
fn lesson_step(name: &str, step: u32) -> Result<(lesson::Lesson, usize), JsError> {
    let l = lesson::find(name).map_err(|e| JsError::new(&e))?;
    let i = step as usize;
    if i >= l.steps.len() {
        return Err(JsError::new(&format!("lesson '{name}' has {} steps; no step {step}", l.steps.len())));
    }
    Ok((l, i))
}

/// The link query (`v=1&…`) of the state step `step` of lesson `name` starts from, run A:
/// the preset's link, the lesson's, and the solutions of the steps before it. `step` may
/// be the number of steps: the state after the last.
#[wasm_bindgen(js_name = lessonStepStart)]
pub fn lesson_step_start(name: &str, step: u32) -> Result<String, JsError> {
    let l = lesson::find(name).map_err(|e| JsError::new(&e))?;
    l.step_start(step as usize).ok_or_else(|| JsError::new(&format!("lesson '{name}' has no step {step}")))
}

/// Step `step` (from 0) of lesson `name` checked on run B's report (JSON text, as
/// `SimRun.report` writes it), against run A's (the step's start) when given:
/// `{ passed, conditions: [{ label, passed, actual, target, actual_text, ... }] }`.
#[wasm_bindgen(js_name = checkLessonStep)]
pub fn check_lesson_step(name: &str, step: u32, report_b: &str, report_a: Option<String>) -> Result<JsValue, JsError> {
    let (l, i) = lesson_step(name, step)?;
    let read = |text: &str| serde_json::from_str::<serde_json::Value>(text).map_err(js_error);
    let b = read(report_b)?;
    let a = report_a.as_deref().map(read).transpose()?;
    to_js(&lesson::evaluate(&l.steps[i].check, &b, a.as_ref()))
}

/// The benchmark's yardstick: a bare event loop on the same heap (returns a checksum).
#[wasm_bindgen(js_name = bareHeapLoop)]
pub fn bare_heap_loop(events: f64, pending: u32) -> Result<f64, JsError> {
    Ok(bench::bare_heap_loop(whole(events, "events")?, pending) as f64)
}
