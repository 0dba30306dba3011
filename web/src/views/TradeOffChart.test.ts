// The trade-off chart's axes: a log scale where values span a lot, a few ticks.
import { describe, expect, it } from "vitest";
import { axisScale, fewTicks } from "./TradeOffChart";

describe("the trade-off chart's axes", () => {
  it("goes logarithmic only for positive values spanning more than 20 times", () => {
    expect(axisScale([26e6, 713e6], [0, 100]).ticks().length).toBeGreaterThan(0);
    const log = axisScale([1.5, 3.4e10], [0, 100]);
    expect(log(1.5)).toBeGreaterThan(0);
    expect(log(1e5) - log(1e4)).toBeCloseTo(log(1e4) - log(1e3), 6);
    const linear = axisScale([0, 70e6, 90e6], [0, 100]);
    expect(linear(45e6) - linear(0)).toBeCloseTo(linear(90e6) - linear(45e6), 6);
    // One value: a range around it, not a point.
    const one = axisScale([5, 5], [0, 100]);
    expect(one.domain()[0]).toBeLessThan(5);
    expect(one.domain()[1]).toBeGreaterThan(5);
  });

  it("ticks a log axis at round multiples of powers of ten, evenly along it", () => {
    expect(fewTicks(axisScale([20e6, 900e6], [0, 100]), 6)).toEqual([2e7, 5e7, 1e8, 2e8, 5e8, 1e9]);
    expect(fewTicks(axisScale([20e6, 900e6], [0, 100]), 5)).toEqual([3e7, 1e8, 3e8, 1e9]);
    expect(fewTicks(axisScale([1.5, 3.4e10], [0, 100]), 4).every((v) => /^1(0*)$/.test(String(v)))).toBe(
      true,
    );
  });

  it("keeps at most the ticks asked for", () => {
    for (const values of [
      [1, 3e10],
      [0, 1e8],
      [80e6, 81e6],
    ]) {
      const ticks = fewTicks(axisScale(values, [0, 100]), 4);
      expect(ticks.length).toBeGreaterThan(0);
      expect(ticks.length).toBeLessThanOrEqual(4);
    }
  });
});
