// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { LessonCheck } from "./LessonCheck";

/**
 * One step. It starts from the previous step's end (the lesson's start, after the
 * previous steps' solutions): that state is run A, which the app pins; what the learner
 * has changed since is run B.
 */
export type LessonStep = {
  title: string;
  /**
   * What to look at, or what to try: plain text, short.
   */
  text: string;
  /**
   * The `data-panel` id of the panel to show large.
   */
  panel: string;
  /**
   * The schema entries this step lets the learner move.
   */
  controls: Array<string>;
  /**
   * A link query that solves the step, applied over its start; empty for a step that
   * only looks (its check holds at its start).
   */
  solution: string;
  check: LessonCheck;
  hint: string;
};
