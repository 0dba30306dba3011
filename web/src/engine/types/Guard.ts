// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Metric } from "./Metric";

/**
 * A metric that may get at most `tolerance_percent` worse than the baseline's.
 */
export type Guard = { metric: Metric; tolerance_percent: number };
