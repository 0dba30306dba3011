// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { OverlayHistogram } from "./OverlayHistogram";
import type { OverlayTxg } from "./OverlayTxg";
import type { OverlayVdev } from "./OverlayVdev";

export type Overlay = {
  /**
   * Synced txgs, in order.
   */
  txgs: Array<OverlayTxg>;
  /**
   * `-w` histograms summed over the reports after the first (all of them if only one).
   */
  latency: Array<OverlayHistogram>;
  /**
   * `-q` columns' means over the same reports (`asyncq_write activ`), in hundredths of
   * an I/O.
   */
  queues: Array<[string, number]>;
  /**
   * The pool's write bandwidth in each report after the first [bytes/s].
   */
  write_bandwidth: Array<number>;
  /**
   * Seconds between reports, when the command line gave it.
   */
  interval_s: number | null;
  /**
   * `zpool iostat -v`'s rows of the first pool, averaged over the same reports, in the
   * order printed.
   */
  vdevs: Array<OverlayVdev>;
  /**
   * The `dmu_tx_assign` kstat in its 42 buckets (bucket i: calls of up to 2^i ns);
   * empty when none was given. The 2013 `N us` rows are moved to the ns bucket of N us.
   */
  dmu_tx_assign: Array<number>;
};
