// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Summary } from "./Summary";

export type BackendReport = {
  /**
   * Latency of each issued read and write at the device (rw.d's view).
   */
  device_read: Summary;
  device_write: Summary;
  read_bytes_per_s: number;
  write_bytes_per_s: number;
  read_iops: number;
  write_iops: number;
  /**
   * Queued I/Os per issued I/O, for writes: how much aggregation merged.
   */
  write_aggregation: number;
};
