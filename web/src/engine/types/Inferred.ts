// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * One setting the evidence implies.
 */
export type Inferred = {
  /**
   * The schema entry's name (`release`, `zfs_dirty_data_max`, `async_rate`).
   */
  name: string;
  /**
   * The value as a person writes it (`2.1`, `4G`, `40M`).
   */
  value: string;
  /**
   * Where it came from: the file and line, and how it was worked out.
   */
  source: string;
};
