import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { decimate, distinctColumns, maxValue, rangePath, type Points } from "./decimate";

const series = (n: number, f: (i: number) => number): Points =>
  Array.from({ length: n }, (_, i) => [i / n, f(i)]);

describe("decimating a series for drawing", () => {
  it("leaves a short series alone", () => {
    const s = series(10, (i) => i);
    expect(decimate(s, 0, 1, 10)).toBe(s);
  });

  it("keeps at most two points per bucket, in time order, and a one-sample spike", () => {
    const s = series(400_000, (i) => (i === 123_457 ? 1e9 : i % 7));
    const d = decimate(s, 0, 1, 766);
    expect(d.length).toBeLessThanOrEqual(2 * 766);
    expect(maxValue(d.map((p) => p[1]))).toBe(1e9);
    for (let k = 1; k < d.length; k++) expect(d[k]?.[0]).toBeGreaterThan(d[k - 1]?.[0] ?? -1);
  });

  it("keeps every bucket's extremes, whatever the series", () => {
    fc.assert(
      fc.property(
        fc.array(fc.double({ min: -1e6, max: 1e6, noNaN: true }), { minLength: 1, maxLength: 500 }),
        (vs) => {
          const s = series(vs.length, (i) => vs[i] ?? 0);
          const d = decimate(s, 0, 1, 8);
          expect(d.length).toBeLessThanOrEqual(Math.max(vs.length, 16));
          expect(
            maxValue(
              d.map((p) => p[1]),
              -Infinity,
            ),
          ).toBe(maxValue(vs, -Infinity));
          expect(
            -maxValue(
              d.map((p) => -p[1]),
              -Infinity,
            ),
          ).toBe(
            -maxValue(
              vs.map((v) => -v),
              -Infinity,
            ),
          );
        },
      ),
    );
  });
});

describe("bounded marks", () => {
  it("merge marks in one pixel column", () => {
    expect(distinctColumns([1.2, 0.9, 1.4, 5, NaN])).toEqual([1, 5]);
  });

  it("draw many values at one moment as one stroke per column", () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ xPx: i % 50, yPx: i % 97 }));
    const { d, columns } = rangePath(items);
    expect(columns).toBe(50);
    expect(d.length).toBeLessThan(50 * 30);
  });

  it("find the largest of many values without spreading them into arguments", () => {
    expect(maxValue(new Float64Array(1_000_000).fill(3))).toBe(3);
    expect(maxValue([])).toBe(0);
  });
});
