// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type ThrottleReport = {
  /**
   * Delayed transactions as a fraction of all transactions.
   */
  delayed_fraction: number;
  /**
   * Transactions created by writers.
   */
  transactions: number;
  /**
   * Sent to `dmu_tx_wait()` by the delay check (`dmu_tx_dirty_delay`).
   */
  sent_to_delay: number;
  /**
   * Waited at the hard limit (`dmu_tx_dirty_over_max`).
   */
  hard_waits: number;
  /**
   * Sent to `dmu_tx_wait()` by the log-data check (`dmu_tx_wrlog_delay`, 2.2+).
   */
  wrlog_delays: number;
  /**
   * Actually slept (fired `delay-mintime`).
   */
  delayed: number;
  /**
   * Time slept in delays, all transactions together [ns].
   */
  delay_total_ns: number;
  /**
   * Sent to wait for the next txg because dirty data filled the ARC past
   * `zfs_arc_dirty_limit_percent` (`dmu_tx_dirty_throttle`).
   */
  arc_dirty_throttles: number;
  /**
   * Sent to wait for the next txg because one transaction's reserve passed the ARC's
   * size (`dmu_tx_memory_reserve`).
   */
  arc_memory_reserves: number;
  /**
   * Legacy throttle: writes delayed a tick past 7/8 of the write limit.
   */
  legacy_delays_7_8: number;
  /**
   * Legacy throttle: writes that waited for the next txg at the write limit.
   */
  legacy_limit_waits: number;
};
