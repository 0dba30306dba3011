// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type OverlayHistogram = {
  /**
   * The pool or vdev.
   */
  name: string;
  /**
   * The column (`disk_wait write`, `total_wait read`).
   */
  column: string;
  /**
   * Counts in the lab's buckets: index j holds [2^j, 2^(j+1)) ns.
   */
  buckets: Array<number>;
};
