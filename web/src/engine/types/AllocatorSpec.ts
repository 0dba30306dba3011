// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { AllocPolicy } from "./AllocPolicy";

export type AllocatorSpec = {
  policy: AllocPolicy;
  /**
   * `metaslab_df_free_pct`: best fit below this percent free.
   */
  df_free_pct: number;
  /**
   * `metaslab_df_alloc_threshold`: best fit when the largest free segment is smaller [bytes].
   */
  df_alloc_threshold: number;
  /**
   * The pool's starting state, per metaslab: the share allocated, and the share of free
   * holes (single blocks, as copy-on-write frees leave them) inside the written region
   * at the start of the metaslab; the rest is one free run after it, where the
   * allocation cursor stands.
   */
  fill_percent: number;
  holes_percent: number;
  /**
   * The block size of the starting state [bytes].
   */
  fill_block: number;
};
