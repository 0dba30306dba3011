// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Budget } from "./Budget";
import type { Models } from "./Models";
import type { Pool } from "./Pool";
import type { SteadySpec } from "./SteadySpec";
import type { Tenants } from "./Tenants";
import type { Workload } from "./Workload";

export type Scenario = {
  name: string;
  description: string;
  seed: number;
  duration_ns: number;
  report_interval_ns: number;
  models: Models;
  /**
   * Physical memory [bytes]: the legacy write limit is at most a fraction of it.
   */
  ram: number;
  /**
   * CPU time of a client write's `dmu_write()` and commit beyond its copy at 4 GB/s
   * [ns]; `None` is the engine's default, [`DEFAULT_CPU_PER_WRITE`].
   * NOTE: optional so that a report of a scenario that leaves it alone keeps its bytes.
   */
  cpu_per_write_ns?: number;
  /**
   * The OpenZFS tunables that differ from their defaults, by name.
   */
  tunables: Record<string, number>;
  pool: Pool;
  workloads: Array<Workload>;
  budget: Budget;
  steady: SteadySpec;
  tenants: Tenants;
};
