// The report parser: columns split out of the JSON, and the accessors over a real run.
import { describe, expect, it } from "vitest";
import * as wasm from "./generated/throttle_lab_wasm.js";
import { loadEngineSync } from "./load-node";
import {
  column,
  histogramsOf,
  reportIntervalNs,
  schedulerOf,
  simulatedNs,
  stoppedByCaller,
  summaryOf,
  syncStart,
  toColumns,
  txgsOf,
} from "./report";

loadEngineSync();

describe("toColumns", () => {
  it("keeps everything but the series as meta, and names per-class columns class.series", () => {
    const r = toColumns({ simulated_ns: 5, series: { t_ns: [1, 2], mean: { sync_read: [3, 4] } } });
    expect(r.meta).toEqual({ simulated_ns: 5 });
    expect(Array.from(column(r, "t_ns"))).toEqual([1, 2]);
    expect(Array.from(column(r, "mean.sync_read"))).toEqual([3, 4]);
  });

  it("gives an empty column for a series the report does not have", () => {
    expect(column(toColumns({}), "dirty_bytes")).toHaveLength(0);
  });
});

describe("the accessors over a real report", () => {
  const report = toColumns(
    JSON.parse(
      wasm.runScenario(
        JSON.stringify({
          duration: "20s",
          report_interval: "500ms",
          pool: { device: { kind: "lun" } },
          workloads: [{ kind: "async_write", threads: 8, block_size: "128K" }],
        }),
      ),
    ) as Record<string, unknown>,
  );

  it("read the run's length, interval and models", () => {
    expect(simulatedNs(report)).toBe(20e9);
    expect(reportIntervalNs(report)).toBe(500e6);
    expect(schedulerOf(report)).toBe("openzfs");
    expect(stoppedByCaller(report)).toBe(false);
  });

  it("read the summaries, histograms and txgs the panels draw", () => {
    expect(summaryOf(report).client_write.count).toBeGreaterThan(0);
    expect(histogramsOf(report).client_write.reduce((a, c) => a + c, 0)).toBe(
      summaryOf(report).client_write.count,
    );
    const txgs = txgsOf(report);
    expect(txgs.length).toBeGreaterThan(0);
    for (const t of txgs) expect(syncStart(t)).toBeGreaterThanOrEqual(t.birth);
  });
});
