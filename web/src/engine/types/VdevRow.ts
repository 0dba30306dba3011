// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { VdevRates } from "./VdevRates";

/**
 * One row of `zpool iostat -v`.
 */
export type VdevRow = {
  /**
   * Its place in the pool: `pool`, `0`, `0/2`, `logs`, `logs/0`, `logs/0/1`.
   */
  key: string;
  name: string;
  /**
   * 0 for the pool, 1 for a top-level vdev or a class's header, 2 for a leaf.
   */
  depth: number;
  /**
   * The class section it is in (`logs`, `special`); `None` for the normal class.
   */
  class?: string;
  /**
   * Operations and bandwidth per second; `None` on a class's header line (dashes).
   */
  rates?: VdevRates;
};
