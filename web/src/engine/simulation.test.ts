// The simulation interface with the real WASM engine in-process: results, progress,
// latest-wins and errors.
import { describe, expect, it } from "vitest";
import * as wasm from "./generated/throttle_lab_wasm.js";
import { loadEngineSync } from "./load-node";
import type { Report } from "./report";
import { createInProcessSimulator, QUIET_MS, runInSlices, yieldToEventLoop } from "./simulation";

loadEngineSync();
const scenario = (duration: string) =>
  JSON.stringify({
    duration,
    report_interval: "500ms",
    pool: { device: { kind: "lun" } },
    workloads: [{ kind: "async_write", threads: 8, block_size: "128K" }],
  });

describe("simulation runs", () => {
  it("give the report's series as typed-array columns matching the JSON report", async () => {
    const sim = createInProcessSimulator(wasm);
    const result = await sim.run({ scenario: scenario("5s") });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    const reference: Report = JSON.parse(wasm.runScenario(scenario("5s")));
    const dirty = result.report.columns["dirty_bytes"];
    expect(dirty).toBeInstanceOf(Float64Array);
    expect(Array.from(dirty ?? [])).toEqual(reference.series.dirty_bytes);
    expect(result.report.columns["class_mean_ns.async_write"]?.length).toBe(10);
    expect("series" in result.report.meta).toBe(false);
  });

  it("report progress as simulated time grows, once past their first moments", async () => {
    // A clock that moves 20 ms at each reading: the run's first slices are in its quiet start.
    let clock = 0;
    const seen: { at: number; simulatedNs: number }[] = [];
    const result = await runInSlices(
      wasm,
      { scenario: scenario("600s") },
      () => false,
      yieldToEventLoop,
      (p) => !p.partial && seen.push({ at: clock, simulatedNs: p.simulatedNs }),
      () => (clock += 20),
    );
    expect(result.status).toBe("ok");
    expect(seen.length).toBeGreaterThan(1);
    // The start was read at 20 ms: nothing before QUIET_MS had passed since.
    expect(Math.min(...seen.map((s) => s.at))).toBeGreaterThanOrEqual(20 + QUIET_MS);
    const simulated = seen.map((s) => s.simulatedNs);
    expect(simulated).toEqual([...simulated].sort((a, b) => a - b));
  });

  it("let the latest request win: an earlier run in flight is superseded", async () => {
    const sim = createInProcessSimulator(wasm);
    const first = sim.run({ scenario: scenario("60s") });
    const second = sim.run({ scenario: scenario("2s") });
    expect(await first).toEqual({ status: "superseded" });
    expect((await second).status).toBe("ok");
  });

  it("stop at the user's word: the run resolves stopped and the next one runs", async () => {
    const sim = createInProcessSimulator(wasm);
    let progressed = 0;
    const long = sim.run({ scenario: scenario("3600s") }, () => progressed++);
    while (progressed === 0) await new Promise((r) => setTimeout(r, 1));
    sim.stop();
    expect(await long).toEqual({ status: "stopped" });
    expect((await sim.run({ scenario: scenario("2s") })).status).toBe("ok");
  });

  it("turn a bad scenario into a message naming its field", async () => {
    const sim = createInProcessSimulator(wasm);
    const result = await sim.run({ scenario: '{"duration": "5 parsecs"}' });
    expect(result).toEqual({
      status: "error",
      message: "duration: cannot read '5 parsecs': unknown unit 'parsecs'",
    });
  });
});
