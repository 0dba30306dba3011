// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Where the async-write curve's landmarks fall, for annotating a plot.
 */
export type AsyncWriteMarks = {
  /**
   * The low point (`..._min_dirty_percent` of `zfs_dirty_data_max`) [bytes].
   */
  lo_bytes: number;
  /**
   * The high point (`..._max_dirty_percent`) [bytes].
   */
  hi_bytes: number;
  min_active: number;
  max_active: number;
};
