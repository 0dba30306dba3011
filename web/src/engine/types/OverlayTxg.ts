// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type OverlayTxg = {
  txg: number;
  /**
   * Since the first txg's birth [ns].
   */
  at_ns: number;
  ndirty: number;
  stime: number;
};
