import { describe, expect, it } from "vitest";
import { POW2_BUCKETS } from "./display";
import { columnSums, heatColour, sharedHeat } from "./heat-scale";

/** A map of `intervals` intervals with `count` in bucket `j` of each. */
const map = (intervals: number, j: number, count: number) => {
  const m = new Float64Array(intervals * POW2_BUCKETS);
  for (let i = 0; i < intervals; i++) m[i * POW2_BUCKETS + j] = count;
  return m;
};

describe("the colour scale heat maps share", () => {
  it("tops out at the busiest cell of either run, so one colour is one count in both", () => {
    const a = map(10, 20, 3);
    const b = map(10, 22, 40);
    expect(sharedHeat([a, b], 400)).toEqual({ max: 40, perColumn: 1 });
    expect(sharedHeat([a], 400).max).toBe(3);
    const colour = heatColour(sharedHeat([a, b], 400).max);
    expect(colour(40)).not.toBe(colour(3));
  });

  it("counts cells as drawn: intervals summed into the canvas's columns", () => {
    // 800 intervals into 400 columns: two intervals a column, 5 + 5 each.
    const m = map(800, 17, 5);
    expect(columnSums(m, 800, 400).length).toBe(400 * POW2_BUCKETS);
    expect(sharedHeat([m], 400)).toEqual({ max: 10, perColumn: 2 });
  });

  it("has a scale even with nothing to show", () => {
    expect(sharedHeat([], 400)).toEqual({ max: 1, perColumn: 1 });
    expect(sharedHeat([new Float64Array(0)], 400).max).toBe(1);
    expect(typeof heatColour(1)(1)).toBe("string");
  });
});
