// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Metric } from "./Metric";

/**
 * One run's figures by metric; a metric is missing where the run had nothing to measure
 * it by.
 */
export type Measures = { [key in Metric]?: number };
