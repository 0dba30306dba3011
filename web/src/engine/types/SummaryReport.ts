// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { BackendReport } from "./BackendReport";
import type { ClassReport } from "./ClassReport";
import type { PicketFence } from "./PicketFence";
import type { Summary } from "./Summary";
import type { ThrottleReport } from "./ThrottleReport";

export type SummaryReport = {
  /**
   * The simulated time the summaries cover [ns] (after steady state, or the whole run).
   */
  measured_ns: number;
  classes: { [key in string]: ClassReport };
  client_write: Summary;
  client_write_ops_per_s: number;
  client_write_bytes_per_s: number;
  client_read: Summary;
  client_read_bytes_per_s: number;
  client_fsync: Summary;
  throttle: ThrottleReport;
  backend: BackendReport;
  picket_fence: PicketFence;
};
