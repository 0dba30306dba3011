// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * When a metric, and the run, became steady.
 */
export type MetricVerdict = {
  name: string;
  /**
   * The end of the first window in which the metric was steady [ns], if any.
   */
  steady_at_ns: number | null;
  /**
   * Intervals in which the metric could not be collected.
   */
  failed_intervals: number;
  /**
   * Steady in the last window of the run.
   */
  steady_at_end: boolean;
  /**
   * The end of the first interval in which it had data (collected and not zero) [ns]:
   * no window starting before it counts.
   */
  data_from_ns: number | null;
};
