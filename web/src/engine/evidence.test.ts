// The customer's evidence through the WASM engine: the same parsers as the native CLI,
// fed mangled text (cut, junk, markup, the wrong format). They name problems and never
// throw; what comes back is plain data, never markup to render.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { loadEngineSync } from "./load-node";

const engine = loadEngineSync();
const root = join(__dirname, "../../../tests/evidence");
const samples = readdirSync(root, { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .flatMap((d) =>
    readdirSync(join(root, d.name))
      .filter((f) => f.endsWith(".txt"))
      .map((f) => ({ name: `${d.name}/${f}`, text: readFileSync(join(root, d.name, f), "utf8") })),
  );

describe("importEvidence", () => {
  it("recognises every captured sample as some format", () => {
    expect(samples.length).toBeGreaterThan(50);
    for (const s of samples) {
      const r = engine.importEvidence([s]);
      if (r.status === "error") throw new Error(r.message);
      expect(r.value.summary.length, s.name).toBeGreaterThan(0);
    }
  });

  it("names problems in mangled samples and never throws", () => {
    fc.assert(
      fc.property(
        fc.nat(samples.length - 1),
        fc.double({ min: 0, max: 1, noNaN: true }),
        fc.string({ unit: "binary", maxLength: 200 }),
        (k, cut, junk) => {
          const s = samples[k];
          if (!s) return;
          const at = Math.floor(s.text.length * cut);
          const text =
            s.text.slice(0, at) + junk + s.text.slice(at, Math.floor(s.text.length * (1 - cut / 2)));
          const r = engine.importEvidence([{ name: s.name, text }]);
          expect(r.status).toBe("ok");
          if (r.status !== "ok") return;
          const lines = text.split("\n").length;
          for (const p of r.value.problems) {
            const m = /line (\d+):/.exec(p);
            if (m) expect(Number(m[1])).toBeLessThanOrEqual(lines);
          }
        },
      ),
      { numRuns: 150 },
    );
  });

  it("keeps markup as text and says what it is not", () => {
    const r = engine.importEvidence([
      { name: "x.html", text: '<img src=x onerror="alert(1)">\n<script>alert(1)</script>' },
    ]);
    if (r.status === "error") throw new Error(r.message);
    expect(r.value.summary).toEqual([]);
    expect(r.value.problems[0]).toMatch(/no format the lab reads was recognised/);
  });

  it("gives the same answer as the native engine's fixtures say for a txgs kstat", () => {
    const txgs = samples.find((s) => s.name.startsWith("txgs/gh4512"));
    if (!txgs) throw new Error("the gh4512 txgs sample");
    const r = engine.importEvidence([txgs]);
    if (r.status === "error") throw new Error(r.message);
    expect(r.value.summary[0]).toMatch(/txgs kstat: \d+ txgs/);
    expect(r.value.overlay.txgs.length).toBeGreaterThan(0);
  });
});

describe("exportSettings", () => {
  it("writes each OS's lines and refuses FreeBSD before 2.0", () => {
    const values = [...engine.defaults];
    values[engine.indexOf("zfs_txg_timeout")] = 10;
    const linux = engine.exportSettings(values, "linux");
    expect(linux.status === "ok" && linux.value).toContain("options zfs zfs_txg_timeout=10");
    const bsd = engine.exportSettings(values, "freebsd");
    expect(bsd.status === "ok" && bsd.value).toContain('vfs.zfs.txg.timeout="10"');
    values[engine.indexOf("release")] = 3; // 0.8
    const old = engine.exportSettings(values, "freebsd");
    expect(old.status === "error" && old.message).toMatch(/no FreeBSD port/);
  });
});
