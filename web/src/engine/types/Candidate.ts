// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Change } from "./Change";
import type { Measures } from "./Measures";
import type { Pass } from "./Pass";

/**
 * One setting the sweep tried.
 */
export type Candidate = {
  pass: Pass;
  /**
   * What it changes from the baseline's settings.
   */
  changes: Array<Change>;
  /**
   * Why the lab refuses these settings (not run).
   */
  refused: string | null;
  /**
   * Why the run stopped before its end (the work budget): not compared.
   */
  stopped: string | null;
  measures: Measures;
  /**
   * The symptom's metric.
   */
  score: number | null;
  /**
   * The guards it breaks, each saying by how much.
   */
  broken: Array<string>;
  /**
   * Run to its end, measured, and within every guard.
   */
  feasible: boolean;
};
