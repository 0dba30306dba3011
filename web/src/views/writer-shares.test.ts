import { describe, expect, it } from "vitest";
import { runShares, shareBuckets, WAIT_CAUSES, type WaitKey } from "./writer-shares";

/** Writer time per interval [ns] for the causes given, zero for the rest. */
const columns = (n: number, of: Partial<Record<WaitKey, (i: number) => number>>) =>
  Object.fromEntries(
    WAIT_CAUSES.map((c) => [c.key, Float64Array.from({ length: n }, (_, i) => of[c.key]?.(i) ?? 0)]),
  ) as Record<WaitKey, Float64Array>;

const t = (n: number) => Float64Array.from({ length: n }, (_, i) => (i + 1) * 1e8);

describe("what held writers back", () => {
  it("turns each interval's time by cause into shares that sum to 100", () => {
    // Two writers, 100 ms intervals: 200 ms of writer time each.
    const by = columns(4, {
      delay: (i) => (i < 2 ? 150e6 : 0),
      copy: () => 50e6,
      idle: (i) => (i < 2 ? 0 : 150e6),
    });
    const b = shareBuckets(t(4), by, 100);
    expect(b.length).toBe(4);
    expect(b[0]?.share.delay).toBeCloseTo(75);
    expect(b[0]?.share.copy).toBeCloseTo(25);
    expect(b[3]?.share.idle).toBeCloseTo(75);
    expect(b[3]?.tS).toBeCloseTo(0.4);
    for (const x of b) expect(Object.values(x.share).reduce((a, v) => a + v, 0)).toBeCloseTo(100);
  });

  it("sums intervals into at most the buckets asked for, by time", () => {
    const by = columns(1000, { delay: (i) => (i < 500 ? 1e8 : 0), idle: (i) => (i < 500 ? 0 : 1e8) });
    const b = shareBuckets(t(1000), by, 10);
    expect(b.length).toBe(10);
    expect(b[0]?.share.delay).toBe(100);
    expect(b[9]?.share.idle).toBe(100);
    expect(b[9]?.tS).toBeCloseTo(100);
  });

  it("says the whole run's shares largest first, leaving out the slivers", () => {
    const by = columns(10, { delay: () => 60, copy: () => 39.8, hard_limit: () => 0.2 });
    expect(runShares(by).map((s) => [s.key, Math.round(s.percent)])).toEqual([
      ["delay", 60],
      ["copy", 40],
    ]);
    expect(runShares(columns(3, {}))).toEqual([]);
    expect(shareBuckets(new Float64Array(0), columns(0, {}), 10)).toEqual([]);
  });

  it("has a colour for each cause, each once", () => {
    expect(new Set(WAIT_CAUSES.map((c) => c.colour)).size).toBe(WAIT_CAUSES.length);
  });
});
