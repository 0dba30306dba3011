// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Metric } from "./Metric";

/**
 * A symptom as the app lists it.
 */
export type SymptomInfo = {
  name: string;
  title: string;
  metric: Metric;
  /**
   * The tunables it may sweep (in some release and models), by name.
   */
  tunables: Array<string>;
  /**
   * Its suggested guards: (metric, tolerance [%]).
   */
  guards: Array<[Metric, number]>;
};
