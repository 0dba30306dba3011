// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type Budget = {
  /**
   * Events processed at most; past it the run stops and the report says so.
   */
  max_events: number;
  /**
   * Simulated time at most: a longer duration stops here and the report says so [ns].
   */
  max_simulated_ns: number;
};
