// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Better } from "./Better";
import type { MeasureUnit } from "./MeasureUnit";

/**
 * A metric as the app lists it.
 */
export type MetricInfo = { name: string; title: string; label: string; better: Better; unit: MeasureUnit };
