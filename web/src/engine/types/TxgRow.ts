// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { LegacyTxg } from "./LegacyTxg";
import type { SyncCause } from "./SyncCause";

/**
 * One row of the `txgs` kstat (`/proc/spl/kstat/zfs/<pool>/txgs`), times in ns.
 */
export type TxgRow = {
  txg: number;
  birth: number;
  state: string;
  ndirty: number;
  nread: number;
  nwritten: number;
  reads: number;
  writes: number;
  otime: number;
  qtime: number;
  wtime: number;
  stime: number;
  /**
   * Why its sync started (not a kstat column: the lab's own, from `txg.rs`).
   */
  cause: SyncCause;
  /**
   * The legacy throttle's figures, when it ran.
   */
  legacy?: LegacyTxg;
};
