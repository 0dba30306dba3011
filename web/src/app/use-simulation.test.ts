import { describe, expect, it } from "vitest";
import type { SimReport } from "../engine/report";
import { reportHash } from "./use-simulation";

const report = (columns: Record<string, number[]>, seed = 1): SimReport =>
  ({
    meta: { seed } as unknown as SimReport["meta"],
    columns: Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, Float64Array.from(v)])),
  }) as SimReport;

describe("reportHash", () => {
  const base = { t_ns: [0, 1e8, 2e8], dirty_bytes: [0, 4096, 8192.5] };

  it("is the same for the same report, whatever the order of its columns", () => {
    const reordered = { dirty_bytes: base.dirty_bytes, t_ns: base.t_ns };
    expect(reportHash(report(base))).toBe(reportHash(report(reordered)));
  });

  it("changes with any number, column name or length, and with the report's JSON part", () => {
    const h = reportHash(report(base));
    expect(reportHash(report({ ...base, dirty_bytes: [0, 4096, 8192.25] }))).not.toBe(h);
    expect(reportHash(report({ ...base, dirty_bytes: [0, 4096] }))).not.toBe(h);
    expect(reportHash(report({ t_ns: base.t_ns, dirty: base.dirty_bytes }))).not.toBe(h);
    expect(reportHash(report(base, 2))).not.toBe(h);
  });

  it("reads a column through its own window of a shared buffer", () => {
    const shared = new Float64Array([9, 0, 4096, 8192.5, 9]);
    const windowed = {
      meta: { seed: 1 },
      columns: { t_ns: Float64Array.from(base.t_ns), dirty_bytes: shared.subarray(1, 4) },
    } as unknown as SimReport;
    expect(reportHash(windowed)).toBe(reportHash(report(base)));
  });
});
