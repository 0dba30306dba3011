//! What a run of the lab's settings uses, and why: the release's defaults and names, the
//! dirty limits it derives from RAM, a drive's figures, a legacy era's defaults.

use super::{to_js, tunables, values};
use throttle_model::scenario::{lab, Release};
use throttle_model::{Id, SPECS};
use wasm_bindgen::prelude::*;

/// The values a run of these settings uses (`lab::effective`): the release's defaults,
/// the dirty-data limits derived from the machine's RAM, a legacy era's defaults. The app
/// draws its curves and marks from these.
#[wasm_bindgen(js_name = effectiveValues)]
pub fn effective_values(values: &[f64]) -> Result<Vec<f64>, JsError> {
    Ok(self::values(&lab::effective(&tunables(values)?)))
}

/// The tunables the chosen release does not have (a scenario file refuses them by name).
#[wasm_bindgen(js_name = absentTunables)]
pub fn absent_tunables(values: &[f64]) -> Result<Vec<String>, JsError> {
    let release = Release::from_index(tunables(values)?.get(Id::Release));
    Ok(SPECS.iter().filter(|s| !release.has(s.id)).map(|s| s.name.to_string()).collect())
}

/// The tunables the chosen release calls by another name: `[name, old name]` pairs.
#[wasm_bindgen(js_name = oldNames)]
pub fn old_names(values: &[f64]) -> Result<JsValue, JsError> {
    let release = Release::from_index(tunables(values)?.get(Id::Release));
    let pairs: Vec<[&str; 2]> = SPECS.iter().filter_map(|s| release.old_name(s.id).map(|old| [s.name, old])).collect();
    to_js(&pairs)
}

/// Per tunable, in schema order, where the value a run uses comes from when a stage of
/// `lab::effective` changed it ("the chosen drive"), else "".
#[wasm_bindgen(js_name = derivedBy)]
pub fn derived_by(values: &[f64]) -> Result<Vec<String>, JsError> {
    let by = lab::derived_by(&tunables(values)?);
    Ok(by.into_iter().map(|d| d.map_or(String::new(), |d| d.name().to_string())).collect())
}
