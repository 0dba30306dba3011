// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { CompareOp } from "./CompareOp";
import type { VsA } from "./VsA";

/**
 * One condition, measured.
 */
export type ConditionCheck = {
  label: string;
  passed: boolean;
  /**
   * The figure compared with the target: B's value, B / A or B − A; null when it
   * could not be read (see `problem`).
   */
  actual: number | null;
  target: number;
  op: CompareOp;
  vs_a?: VsA;
  /**
   * The metric's value in B and in A (A only when the condition compares with it).
   */
  b: number | null;
  a: number | null;
  /**
   * The figure and the target as a person reads them (`83.0 ms`, `×1.04`).
   */
  actual_text: string;
  target_text: string;
  /**
   * Why there is no figure: a metric the report lacks, no run A, an A of zero.
   */
  problem: string | null;
};
