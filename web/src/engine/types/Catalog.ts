// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Metric } from "./Metric";
import type { MetricInfo } from "./MetricInfo";
import type { SymptomInfo } from "./SymptomInfo";

/**
 * What the app lists: the symptoms, and every metric a symptom or a guard can name.
 */
export type Catalog = {
  symptoms: Array<SymptomInfo>;
  metrics: Array<MetricInfo>;
  /**
   * The metrics the app offers as guards, in its order.
   */
  guards: Array<Metric>;
};
