// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { MetricVerdict } from "./MetricVerdict";

export type SteadyReport = {
  /**
   * The window in force [intervals]: the one asked for, or two `zfs_txg_timeout` periods
   * if that is longer.
   */
  window: number;
  /**
   * The window the scenario asked for [intervals].
   */
  window_asked: number;
  quorum: number;
  metrics: Array<MetricVerdict>;
  /**
   * The end of the first window in which a quorum of metrics was steady [ns].
   */
  reached_at_ns: number | null;
  /**
   * What the summaries cover, in words.
   */
  summaries: string;
};
