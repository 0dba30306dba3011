// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Summary } from "./Summary";

/**
 * One tenant (zone) across the run, at the system-call level.
 */
export type TenantReport = {
  name: string;
  reads: Summary;
  writes: Summary;
  read_ops_per_s: number;
  write_ops_per_s: number;
  read_bytes_per_s: number;
  write_bytes_per_s: number;
  /**
   * Calls the zone throttle delayed, and the time they slept [ns].
   */
  delays: number;
  delay_total_ns: number;
  /**
   * The throttle's delay per call at the end [ns] and the last utilisation computed.
   */
  delay_now_ns: number;
  utilization: number;
};
