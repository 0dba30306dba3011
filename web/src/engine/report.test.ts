// The report parser: columns split out of the JSON, and the accessors over a real run.
import { describe, expect, it } from "vitest";
import * as wasm from "./generated/throttle_lab_wasm.js";
import { loadEngineSync } from "./load-node";
import {
  column,
  parseReport,
  histogramsOf,
  reportIntervalNs,
  schedulerOf,
  simulatedNs,
  stoppedByCaller,
  summaryOf,
  syncStart,
  txgsOf,
  type Report,
} from "./report";

loadEngineSync();

const text = wasm.runScenario(
  JSON.stringify({
    duration: "20s",
    report_interval: "500ms",
    pool: { device: { kind: "lun" } },
    workloads: [{ kind: "async_write", threads: 8, block_size: "128K" }],
  }),
);
const json: Report = JSON.parse(text);
const report = parseReport(text);

describe("parseReport", () => {
  it("keeps everything but the series as meta", () => {
    expect("series" in report.meta).toBe(false);
    expect(report.meta.txgs).toEqual(json.txgs);
  });

  it("makes each series a column, and per-class series columns named series.class", () => {
    expect(Array.from(column(report, "t_ns"))).toEqual(json.series.t_ns);
    expect(Array.from(column(report, "class_mean_ns.async_write"))).toEqual(
      json.series.class_mean_ns["async_write"],
    );
  });

  it("gives an empty column for a series the report does not have", () => {
    expect(json.series.alloc_best_fit_percent).toBeUndefined();
    expect(column(report, "alloc_best_fit_percent")).toHaveLength(0);
    expect(column(report, "class_mean_ns.no_such_class")).toHaveLength(0);
  });
});

describe("the accessors over a real report", () => {
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
