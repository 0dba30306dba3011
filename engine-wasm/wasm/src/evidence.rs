//! The binding's support-ticket room: a customer's evidence read and fitted beside the
//! model, the settings file for their OS, the ticket's Markdown and the kstat text.

use super::{js_error, to_js, tunables, whole};
use serde::Serialize;
use throttle_model::report;
use wasm_bindgen::prelude::*;

/// What a customer's evidence holds and implies: each file's sections and the lines that
/// could not be read, the lab's settings it implies (each with its source), notes, and
/// the customer's figures in the panels' units.
#[wasm_bindgen(js_name = importEvidence)]
pub fn import_evidence(names: Vec<String>, texts: Vec<String>) -> Result<JsValue, JsError> {
    if names.len() != texts.len() {
        return Err(JsError::new("importEvidence: one name per text"));
    }
    let files: Vec<(&str, &str)> = names.iter().map(String::as_str).zip(texts.iter().map(String::as_str)).collect();
    let read = throttle_model::evidence::import(&files);
    let implied = throttle_model::scenario::evidence::from_evidence(&read);
    let overlay = throttle_model::evidence::overlay::overlay(&read);
    to_js(&ImportedEvidence {
        summary: read.sections.iter().map(|s| s.describe()).collect(),
        notes: read
            .sections
            .iter()
            .flat_map(|s| s.notes.iter().map(move |n| format!("{}: {n}", s.file)))
            .chain(implied.notes.iter().cloned())
            .collect(),
        problems: read.problems.iter().map(|p| p.to_string()).collect(),
        settings: implied.settings,
        overlay,
    })
}

/// What [`import_evidence`] returns.
#[derive(Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ImportedEvidence {
    /// One line per section read.
    summary: Vec<String>,
    notes: Vec<String>,
    /// Each line that could not be read: `file line N: what was expected`.
    problems: Vec<String>,
    settings: Vec<throttle_model::scenario::evidence::Inferred>,
    overlay: throttle_model::evidence::overlay::Overlay,
}

/// The fit of a latency histogram column: customer's beside the model's, same buckets.
#[wasm_bindgen(js_name = fitHistogram)]
pub fn fit_histogram(column: &str, customer: &[f64], model: &[f64]) -> Result<JsValue, JsError> {
    let c: Vec<u64> = customer.iter().map(|&v| whole(v, "count")).collect::<Result<_, _>>()?;
    let m: Vec<u64> = model.iter().map(|&v| whole(v, "count")).collect::<Result<_, _>>()?;
    to_js(&throttle_model::evidence::fit::histogram(column, &c, &m))
}

/// The fit of synced txgs: `[ndirty, stime, ndirty, stime, ...]` of each side.
#[wasm_bindgen(js_name = fitTxgs)]
pub fn fit_txgs(customer: &[f64], model: &[f64]) -> Result<JsValue, JsError> {
    let pairs = |v: &[f64]| -> Result<Vec<(u64, u64)>, JsError> {
        v.chunks_exact(2).map(|p| Ok((whole(p[0], "ndirty")?, whole(p[1], "stime")?))).collect()
    };
    to_js(&throttle_model::evidence::fit::txgs(&pairs(customer)?, &pairs(model)?))
}

/// The fit of the write bandwidth per report [bytes/s].
#[wasm_bindgen(js_name = fitBandwidth)]
pub fn fit_bandwidth(customer: &[f64], model: &[f64]) -> Result<JsValue, JsError> {
    let c: Vec<u64> = customer.iter().map(|&v| whole(v, "bandwidth")).collect::<Result<_, _>>()?;
    let m: Vec<u64> = model.iter().map(|&v| whole(v, "bandwidth")).collect::<Result<_, _>>()?;
    to_js(&throttle_model::evidence::fit::bandwidth(&c, &m))
}

/// The settings file for `os` (`linux`, `freebsd`, `illumos`) of these values' changes
/// from their release's defaults, or why it cannot be written.
#[wasm_bindgen(js_name = exportSettings)]
pub fn export_settings(values: &[f64], os: &str) -> Result<String, JsError> {
    use throttle_model::report::export::{export, Os};
    let os = Os::from_name(os).ok_or_else(|| JsError::new(&format!("unknown OS '{os}': linux, freebsd or illumos")))?;
    export(&tunables(values)?, os).map_err(|e| JsError::new(&e))
}

/// The ticket-ready Markdown of an A/B comparison from the two reports' `summary` (JSON
/// text), their labels, the settings that differ (`name: A → B`) and the share link.
#[wasm_bindgen(js_name = ticketMarkdown)]
pub fn ticket_markdown(
    a_summary: &str,
    b_summary: &str,
    a_label: &str,
    b_label: &str,
    changes: Vec<String>,
    link: Option<String>,
) -> Result<String, JsError> {
    let read = |text: &str| serde_json::from_str::<serde_json::Value>(text).map_err(js_error);
    let (a, b) = (read(a_summary)?, read(b_summary)?);
    Ok(report::ticket::ticket(&a, &b, (a_label, b_label), &changes, link.as_deref()))
}

/// The fit of `zpool iostat -q` queue depths: per column its name, the customer's mean and
/// the model's, in hundredths of an I/O. Columns of queues the lab does not model are left out.
#[wasm_bindgen(js_name = fitQueues)]
pub fn fit_queues(names: Vec<String>, customer: &[f64], model: &[f64]) -> Result<JsValue, JsError> {
    let rows: Vec<(String, u64, u64)> = names
        .into_iter()
        .zip(customer.iter().zip(model))
        .map(|(n, (&c, &m))| Ok((n, whole(c, "customer")?, whole(m, "model")?)))
        .collect::<Result<_, JsError>>()?;
    to_js(&throttle_model::evidence::fit::queues(&rows))
}

/// The lab's I/O class of a `zpool iostat -q` column and whether it counts queued (`pend`)
/// rather than issued (`activ`) I/Os; null for a queue the lab does not model.
#[wasm_bindgen(js_name = queueClass)]
pub fn queue_class(column: &str) -> Result<JsValue, JsError> {
    to_js(&throttle_model::evidence::fit::queue_class(column))
}

/// `/proc/spl/kstat/zfs/<pool>/dmu_tx_assign` as Linux prints it, of a report's counts.
#[wasm_bindgen(js_name = dmuTxAssignText)]
pub fn dmu_tx_assign_text(counts: &[f64]) -> Result<String, JsError> {
    let c: Vec<u64> = counts.iter().map(|&v| whole(v, "count")).collect::<Result<_, _>>()?;
    Ok(report::kstat::dmu_tx_assign(&c))
}
