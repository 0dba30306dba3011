// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Where the delay curve's landmarks fall, for annotating a plot.
 */
export type DelayMarks = {
  /**
   * `zfs_delay_min_dirty_percent` of `zfs_dirty_data_max`: no delay at or below [bytes].
   */
  min_bytes: number;
  /**
   * First dirty amount with a non-zero delay (truncation keeps the first few at 0) [bytes].
   */
  first_delayed: number | null;
  /**
   * Where `dirty − min = max − dirty`: the delay there is about `zfs_delay_scale` [bytes].
   */
  midpoint: number;
  /**
   * The delay at the midpoint [ns].
   */
  midpoint_ns: number;
  /**
   * First dirty amount whose delay is the `zfs_delay_max_ns` cap [bytes].
   */
  cap_start: number | null;
  /**
   * The hard limit: writers wait in `dmu_tx_wait()` at and above it [bytes].
   */
  dirty_max: number;
};
