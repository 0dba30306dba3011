// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How a scenario asks for steady state to be detected and used.
 */
export type SteadySpec = {
  /**
   * Report intervals in the measurement window.
   */
  window: number;
  /**
   * Metrics that must be steady, in percent of the metrics tracked (rounded up).
   */
  quorum_percent: number;
  /**
   * Summaries cover only the time after steady state is reached (when it is).
   */
  summaries_after_steady: boolean;
  /**
   * End the run one window after steady state is reached (or at the duration or budget).
   */
  until_steady: boolean;
};
