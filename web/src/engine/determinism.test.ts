// The WASM engine gives the same report bytes as the native build, for the same scenario
// and seed: the golden report was written by the native Rust test.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { loadEngineSync } from "./load-node";

const engine = loadEngineSync();
const read = (path: string) => readFileSync(resolve(process.cwd(), path), "utf8");

describe("the simulation in WASM", () => {
  it.each([
    ["determinism", "determinism-report"],
    ["determinism-legacy", "determinism-legacy-report"],
  ])("reproduces the native report of %s byte for byte", (fixture, golden) => {
    const report = engine.runScenario(read(`tests/fixtures/${fixture}.json`));
    expect(report.status).toBe("ok");
    if (report.status === "ok") expect(`${report.value}\n`).toBe(read(`tests/golden/${golden}.json`));
  });

  it("runs every preset, and names the field of a bad scenario", () => {
    const presets = engine.presets();
    expect(presets.status).toBe("ok");
    if (presets.status === "ok") expect(presets.value.map((p) => p.name)).toContain("default");
    const bad = engine.runScenario('{"workloads": [{"kind": "async_write", "block_size": "4X"}]}');
    expect(bad).toEqual({
      status: "error",
      message: "workloads[0].block_size: cannot read '4X': unknown unit 'X'",
    });
  });
});
