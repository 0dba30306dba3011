// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Counts of broken invariants (all zero in a correct run) and the figures they bound.
 */
export type Invariants = {
  time_went_back: number;
  completed_twice: number;
  txg_out_of_order: number;
  wakeups_too_close: number;
  /**
   * Issues that left a class above the limit in force when it was issued.
   */
  active_above_max: number;
  /**
   * Most dirty data ever above `zfs_dirty_data_max` [bytes].
   */
  max_dirty_over_limit: number;
  /**
   * Bytes clients dirtied, bytes retired, and dirty data left at the end.
   */
  dirtied_bytes: number;
  retired_bytes: number;
  dirty_at_end: number;
  /**
   * Leaf I/Os queued, completed, and still queued or in flight at the end.
   */
  leaf_ios_submitted: number;
  leaf_ios_completed: number;
  leaf_ios_outstanding: number;
  /**
   * Client threads found blocked with no named cause, summed over the samples.
   */
  waits_without_cause: number;
};
