// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * A tunable the sweep moved: its mechanism and the values it tried.
 */
export type LeverReport = {
  name: string;
  mechanism: string;
  /**
   * The value the baseline runs with, and the grid.
   */
  base: string;
  grid: Array<string>;
};
