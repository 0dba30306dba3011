import { describe, expect, it } from "vitest";
import type { SimReport } from "../engine/report";
import { pointsOf, zeroIsNone, type RunView } from "./runs";

const run = (columns: Record<string, number[]>): RunView => ({
  side: "b",
  label: "B",
  report: {
    meta: {} as SimReport["meta"],
    columns: Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, Float64Array.from(v)])),
  },
});

describe("a run's columns as points", () => {
  it("draws an interval with nothing measured as a gap in a mean, and a zero as zero in a rate", () => {
    const r = run({
      t_ns: [1e8, 2e8, 3e8],
      "class_mean_ns.sync_read": [2e6, 0, 4e6],
      client_write_bytes_per_s: [5, 0, 7],
    });
    const latency = pointsOf(r, "class_mean_ns.sync_read", 1e6);
    expect(latency.map((p) => p[1])).toEqual([2, NaN, 4]);
    expect(latency[1]?.[0]).toBeCloseTo(0.2);
    expect(pointsOf(r, "client_write_bytes_per_s", 1).map((p) => p[1])).toEqual([5, 0, 7]);
  });

  it("knows which columns write 0 for none", () => {
    for (const name of [
      "class_mean_ns.async_write",
      "class_max_ns.scrub",
      "tenant_read_mean_ns.z1",
      "client_write_mean_ns",
      "latency_mean_ns",
      "write_aggregation",
    ] as const)
      expect(zeroIsNone(name), name).toBe(true);
    for (const name of [
      "dirty_bytes",
      "ops_per_s",
      "client_read_bytes_per_s",
      "class_pending.sync_read",
      "writer_wait_ns.delay",
    ] as const)
      expect(zeroIsNone(name), name).toBe(false);
  });
});
