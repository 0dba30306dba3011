// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * The legacy throttle's figures for one synced txg.
 */
export type LegacyTxg = {
  /**
   * The write limit while the txg was open [inflated bytes].
   */
  write_limit: number;
  /**
   * Inflated bytes the txg wrote (`dp_space_towrite`).
   */
  data_written: number;
  /**
   * The EWMA of sync throughput after this sync [inflated bytes per ms, or per s in 2008].
   */
  throughput: number;
  /**
   * Writes delayed one tick past 7/8 of the limit.
   */
  delays_7_8: number;
  /**
   * Writes that waited for the next txg at the limit.
   */
  limit_waits: number;
};
