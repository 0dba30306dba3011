import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { line } from "d3-shape";
import { decimate, type Points } from "./decimate";
import { isDefined, segments } from "./gaps";

describe("gaps in a line", () => {
  it("splits a line at each value that is not a number", () => {
    const p: Points = [
      [0, 1],
      [1, NaN],
      [2, 3],
      [3, 4],
      [4, NaN],
      [5, NaN],
      [6, 2],
    ];
    expect(segments(p)).toEqual([
      [0, 0],
      [2, 3],
      [6, 6],
    ]);
    expect(segments([])).toEqual([]);
    expect(segments([[0, NaN]])).toEqual([]);
  });

  it("draws as many pieces as it has segments", () => {
    const p: Points = [
      [0, 5],
      [1, 6],
      [2, NaN],
      [3, 7],
    ];
    const d = line<[number, number]>().defined(isDefined)(p) ?? "";
    expect(d.match(/M/g)?.length).toBe(2);
    expect(segments(p).length).toBe(2);
  });

  it("keeps zero as a value", () => {
    expect(segments([[0, 0]])).toEqual([[0, 0]]);
  });

  it("still breaks a decimated line where a bucket held a gap", () => {
    // 10,000 intervals into 100 buckets, one idle interval in the middle.
    const p: Points = Array.from({ length: 10_000 }, (_, i) => [i / 10_000, i === 5_050 ? NaN : 1 + (i % 3)]);
    const d = decimate(p, 0, 1, 100);
    expect(d.length).toBeLessThanOrEqual(300);
    expect(segments(d).length).toBe(2);
    for (let k = 1; k < d.length; k++) expect(d[k]?.[0]).toBeGreaterThan(d[k - 1]?.[0] ?? -1);
  });

  it("keeps as many breaks after decimation as buckets with gaps allow, and never invents one", () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.constant(NaN), fc.double({ min: 0, max: 1e3, noNaN: true })), {
          minLength: 1,
          maxLength: 400,
        }),
        (vs) => {
          const p: Points = vs.map((v, i) => [i / vs.length, v]);
          const d = decimate(p, 0, 1, 8);
          expect(d.some((q) => !isDefined(q))).toBe(vs.some((v) => Number.isNaN(v)));
          expect(segments(d).length).toBeLessThanOrEqual(segments(p).length);
        },
      ),
    );
  });
});
