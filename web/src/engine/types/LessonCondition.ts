// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { CompareOp } from "./CompareOp";
import type { MetricReduce } from "./MetricReduce";
import type { MetricUnit } from "./MetricUnit";
import type { VsA } from "./VsA";

/**
 * One figure of a report compared with a target: B's own value, or B against A.
 */
export type LessonCondition = {
  /**
   * A JSON pointer into the report (`/summary/client_read/p99_ns`); a `*` segment
   * stands for every element of an array (or value of an object), and then `reduce`
   * says how they become one number.
   */
  metric: string;
  reduce?: MetricReduce;
  /**
   * Compare B with A instead of reading B alone.
   */
  vs_a?: VsA;
  op: CompareOp;
  value: number;
  /**
   * What the figure is in, for showing it (a ratio to A is shown as one whatever this says).
   */
  unit?: MetricUnit;
  /**
   * What the condition means, in the learner's words: "worst write under 100 ms".
   */
  label: string;
};
