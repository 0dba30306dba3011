// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * A panel's fit.
 */
export type Fit = {
  /**
   * 0 to 100: the share of the two distributions that overlaps, or for a pair of
   * medians, the smaller over the larger.
   */
  percent: number;
  statement: string;
};
