// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Candidate } from "./Candidate";
import type { Guard } from "./Guard";
import type { LeverReport } from "./LeverReport";
import type { Metric } from "./Metric";

/**
 * The sweep's outcome so far (complete once `finished`).
 */
export type Advice = {
  symptom: string;
  title: string;
  metric: Metric;
  guards: Array<Guard>;
  levers: Array<LeverReport>;
  /**
   * The symptom's tunables left alone here, each with why.
   */
  ignored: Array<string>;
  candidates: Array<Candidate>;
  /**
   * Runs done, and about how many the sweep takes.
   */
  runs: number;
  planned: number;
  finished: boolean;
  /**
   * Index in `candidates` of the proposal.
   */
  proposal: number | null;
  /**
   * Index of the candidate best on the symptom whatever the guards say.
   */
  unguarded: number | null;
  /**
   * One sentence: the proposal and its gain, or why there is none.
   */
  verdict: string;
  /**
   * What got worse with the proposal, each with its figures.
   */
  costs: Array<string>;
  /**
   * The proposal's settings as a link query (`v=1&...`), and with the settings as given
   * pinned as A.
   */
  link: string | null;
  ab_link: string | null;
};
