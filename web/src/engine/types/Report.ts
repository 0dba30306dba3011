// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { AllocatorReport } from "./AllocatorReport";
import type { Histograms } from "./Histograms";
import type { Invariants } from "./Invariants";
import type { Scenario } from "./Scenario";
import type { Series } from "./Series";
import type { SteadyReport } from "./SteadyReport";
import type { SummaryReport } from "./SummaryReport";
import type { TenantReport } from "./TenantReport";
import type { TxgRow } from "./TxgRow";
import type { VdevRow } from "./VdevRow";

/**
 * The result of a run.
 */
export type Report = {
  engine_version: string;
  seed: number;
  events: number;
  simulated_ns: number;
  /**
   * Why the run stopped early, if it did (the work budget).
   */
  truncated: string | null;
  summary: SummaryReport;
  histograms: Histograms;
  series: Series;
  txgs: Array<TxgRow>;
  /**
   * When each metric and the run became steady, and what the summaries cover.
   */
  steady: SteadyReport;
  /**
   * Per tenant (zone), the global zone first; the kernel's own I/O counts there.
   */
  tenants: Array<TenantReport>;
  /**
   * The metaslab allocator, when the scenario models it.
   */
  allocator?: AllocatorReport;
  /**
   * `zpool iostat -v`'s operations and bandwidth per vdev over the summaries' time.
   */
  vdevs: Array<VdevRow>;
  invariants: Invariants;
  scenario: Scenario;
};
