// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * How square the wave of backend writes is ("picket-fencing", S5).
 */
export type PicketFence = {
  /**
   * Coefficient of variation of backend write throughput over the report intervals
   * (after the first txg timeout): near 0 is smooth, near 1 or above a square wave.
   */
  write_cv: number;
  /**
   * p99 of client reads that finished while a sync was writing, and while none was.
   */
  read_p99_during_sync_ns: number;
  read_p99_between_syncs_ns: number;
  /**
   * The first over the second (0 when either is missing).
   */
  read_p99_ratio: number;
};
