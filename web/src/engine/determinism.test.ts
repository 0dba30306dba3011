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

  // The native test `seeded_scenarios_give_the_fingerprints_the_wasm_build_must_match`
  // wrote each report's length and FNV-1a (64-bit) hash over its UTF-8 bytes.
  it("matches the native report of 40 seeded scenarios across the engine's parts", () => {
    const rows = JSON.parse(read("tests/golden/identity.json")) as {
      scenario: unknown;
      length: number;
      fnv1a64: string;
    }[];
    expect(rows.length).toBe(40);
    const fnv1a64 = (bytes: Uint8Array) => {
      let h = 0xcbf29ce484222325n;
      for (const b of bytes) h = ((h ^ BigInt(b)) * 0x100000001b3n) & 0xffffffffffffffffn;
      return h.toString(16).padStart(16, "0");
    };
    for (const row of rows) {
      const report = engine.runScenario(JSON.stringify(row.scenario));
      expect(report.status).toBe("ok");
      if (report.status !== "ok") continue;
      const bytes = new TextEncoder().encode(report.value);
      expect({ length: bytes.length, fnv1a64: fnv1a64(bytes) }).toEqual({
        length: row.length,
        fnv1a64: row.fnv1a64,
      });
    }
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
