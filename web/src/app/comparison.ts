// The comparison beside the current settings: the pinned configuration A if there is one,
// otherwise the same system under the other era's models (legacy if the current run uses
// OpenZFS's, OpenZFS's if it uses a legacy one), on the same workload and seed.

import type { Engine, Values } from "../engine/engine";

export interface Comparison {
  values: Values;
  label: string;
  currentLabel: string;
}

export function comparisonFor(engine: Engine, values: Values, pinned: Values | null): Comparison {
  if (pinned) return { values: pinned, label: "A (pinned)", currentLabel: "B (current)" };
  const throttle = engine.indexOf("throttle_model");
  const scheduler = engine.indexOf("scheduler_model");
  const legacyNow = (values[throttle] ?? 0) === 1 || (values[scheduler] ?? 0) === 1;
  const other = legacyNow ? 0 : 1;
  return {
    values: values.map((v, i) => (i === throttle || i === scheduler ? other : v)),
    label: legacyNow ? "OpenZFS models" : "Legacy models",
    currentLabel: "Current",
  };
}

/**
 * `name: A → B` for each entry that differs, values as a person writes them. A change of
 * release is followed by what the release does differently (its sync kick, scheduler, ZIL,
 * …), as `throttle-lab releases --diff` prints it: the values alone would not say.
 */
export function differenceLines(engine: Engine, a: Values, b: Values): string[] {
  const lines = engine.differenceLines(a, b);
  return lines.status === "error" ? [lines.message] : lines.value;
}
