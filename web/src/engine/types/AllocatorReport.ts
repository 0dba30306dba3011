// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * The allocator's side of the report.
 */
export type AllocatorReport = {
  metaslabs_per_vdev: number;
  /**
   * Allocated share of each metaslab of the first top-level vdev, at the start and the
   * end of the run [%].
   */
  fill_at_start: Array<number>;
  fill_at_end: Array<number>;
  first_fit: number;
  best_fit: number;
  failed: number;
  frees: number;
  /**
   * Times the primary metaslab was given up for another.
   */
  switches: number;
};
