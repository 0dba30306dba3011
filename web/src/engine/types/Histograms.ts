// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * `zpool iostat -w` buckets per class, and the client and delay distributions.
 */
export type Histograms = {
  total_wait: { [key in string]: Array<number> };
  queue_wait: { [key in string]: Array<number> };
  disk_wait: { [key in string]: Array<number> };
  client_write: Array<number>;
  client_read: Array<number>;
  /**
   * Each issued device read and write, issue to completion (rw.d's `io:::start`/`done`).
   */
  device_read: Array<number>;
  device_write: Array<number>;
  /**
   * `delay-mintime`'s tx_time of every transaction that slept.
   */
  delay_mintime: Array<number>;
  /**
   * `dmu_tx_assign()` calls by time taken, in the kstat's 42 buckets (bucket i: up to 2^i ns).
   */
  dmu_tx_assign: Array<number>;
};
