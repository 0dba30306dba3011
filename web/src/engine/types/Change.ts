// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * A tunable a candidate sets, and to what.
 */
export type Change = {
  name: string;
  value: number;
  /**
   * As a link writes it (`512M`, `2ms`).
   */
  text: string;
};
