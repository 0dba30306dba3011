// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Which tenant (zone) each workload belongs to; tenant 0 is the global zone, which the
 * zone I/O throttle never delays (the kernel's own work, scrub and txg syncs, is there).
 */
export type Tenants = { names: Array<string>; of_workload: Array<number> };
