// The guided lessons through the WASM engine: every lesson file ships, each step points
// at a panel the app has and controls the schema has, and a step's check, run on the
// app's own reports, fails at the step's start and passes once its solution is applied.
import { describe, expect, it } from "vitest";
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import * as wasm from "./generated/throttle_lab_wasm.js";
import type { Engine, Result } from "./engine";
import { checkStep, lessons, stepStart } from "./lessons";
import { loadEngineSync } from "./load-node";
import { reportJson, type Report, type SimReport } from "./report";
import { createInProcessSimulator } from "./simulation";

const engine = loadEngineSync();
const ok = <T>(r: Result<T>): T => {
  if (r.status === "error") throw new Error(r.message);
  return r.value;
};
const all = ok(lessons(engine));

/** The report of the lab's run of a link query, as the app gets it from its worker. */
async function run(e: Engine, query: string): Promise<SimReport> {
  const values = ok(e.decodeLink(query)).values;
  const result = await createInProcessSimulator(wasm).run({ values });
  if (result.status !== "ok") throw new Error(result.status);
  return result.report;
}

describe("the lessons", () => {
  it("are every file of engine-wasm/model/lessons, at least ten", () => {
    const files = readdirSync(join(__dirname, "../../../engine-wasm/model/lessons"))
      .map((f) => f.replace(/\.json$/, ""))
      .sort();
    expect(all.map((l) => l.name).sort()).toEqual(files);
    expect(all.length).toBeGreaterThanOrEqual(10);
  });

  it("show panels the app has and move controls the schema has", () => {
    const views = join(__dirname, "../views");
    const panels = new Set(
      readdirSync(views)
        .filter((f) => f.endsWith(".tsx"))
        .flatMap((f) => [...readFileSync(join(views, f), "utf8").matchAll(/<Panel\s+id="([a-z-]+)"/g)])
        .map((m) => m[1]),
    );
    expect(panels.size).toBeGreaterThan(8);
    for (const l of all)
      for (const [i, s] of l.steps.entries()) {
        expect(panels, `${l.name} step ${i}`).toContain(s.panel);
        for (const c of s.controls)
          expect(engine.indexOf(c as never), `${l.name}: ${c}`).toBeGreaterThanOrEqual(0);
      }
  });

  it("open a preset that exists", () => {
    const presets = new Set(ok(engine.labPresets()).map((p) => p.name));
    for (const l of all) expect(presets, l.name).toContain(l.preset);
  });

  it("start each step where the one before ended", () => {
    const slog = all.find((l) => l.name === "slog");
    expect(slog).toBeDefined();
    expect(ok(stepStart(engine, "slog", 1))).toBe(ok(stepStart(engine, "slog", 0)));
    expect(ok(stepStart(engine, "slog", 2))).toBe(`${ok(stepStart(engine, "slog", 1))}&slog=ssd`);
    expect(stepStart(engine, "slog", 9).status).toBe("error");
    expect(stepStart(engine, "nope", 0)).toMatchObject({ status: "error" });
  });
});

describe("a step's check on the app's reports", () => {
  it("fails at the step's start and passes with its solution, each figure shown", async () => {
    const a = await run(engine, ok(stepStart(engine, "slog", 1)));
    const b = await run(engine, ok(stepStart(engine, "slog", 2)));
    const solved = ok(checkStep(engine, "slog", 1, b, a));
    expect(solved.passed).toBe(true);
    const [latency, rate] = solved.conditions;
    expect(latency).toMatchObject({ label: "each write takes under 2 ms", passed: true, target: 2e6 });
    expect(latency?.actual_text).toMatch(/^\d+ µs$/);
    expect(rate?.vs_a).toBe("ratio");
    expect(rate?.actual).toBeGreaterThan(10);
    const atStart = ok(checkStep(engine, "slog", 1, a, a));
    expect(atStart.passed).toBe(false);
    // Without run A, a comparison with it cannot hold: it says why.
    const noA = ok(checkStep(engine, "slog", 1, b, null));
    expect(noA.passed).toBe(false);
    expect(noA.conditions[1]).toMatchObject({ actual: null, problem: "needs run A, the step's start" });
  });

  it("reads the report the engine wrote, series and all", async () => {
    const query = "v=1&duration=2";
    const r = await run(engine, query);
    const sim = wasm.SimRun.fromValues(Float64Array.from(ok(engine.decodeLink(query)).values));
    while (sim.advance(100_000));
    const engineReport: Report = JSON.parse(sim.report());
    sim.free();
    const rebuilt: Report = JSON.parse(reportJson(r));
    expect(rebuilt.series.interval_ns).toBe(engineReport.series.interval_ns);
    expect(rebuilt.series.client_write_bytes_per_s).toEqual(engineReport.series.client_write_bytes_per_s);
    expect(rebuilt.series.class_active).toEqual(engineReport.series.class_active);
    expect(rebuilt.summary).toEqual(engineReport.summary);
  });

  it("names a lesson or step that does not exist, and a report that is no JSON", () => {
    expect(engine.checkLessonStep("nope", 0, "{}", null)).toMatchObject({ status: "error" });
    expect(engine.checkLessonStep("slog", 7, "{}", null)).toMatchObject({
      status: "error",
      message: "lesson 'slog' has 3 steps; no step 7",
    });
    expect(engine.checkLessonStep("slog", 0, "not json", null).status).toBe("error");
  });
});
