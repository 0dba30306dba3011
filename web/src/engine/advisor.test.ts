// The advisor's sweep in slices and its worker protocol, with the real WASM engine: progress
// after each run, Stop between runs (a fresh worker after it), errors as messages, and the
// helpers the panel reads an advice with.
import { describe, expect, it } from "vitest";
import * as wasm from "./generated/throttle_lab_wasm.js";
import {
  adviseInSteps,
  candidateValues,
  createInProcessAdvisor,
  settingsText,
  showMetric,
  type AdviseProgress,
} from "./advisor";
import {
  createAdvisorHandler,
  createWorkerAdvisor,
  type AdvisorWorkerLike,
  type FromAdvisor,
  type ToAdvisor,
} from "./advisor-protocol";
import { loadEngineSync } from "./load-node";
import { yieldToEventLoop } from "./simulation";

const engine = loadEngineSync();
const settings = (pairs: Record<string, number>) =>
  engine.defaults.map((v, i) => pairs[engine.schema[i]?.name ?? ""] ?? v);
const at = (name: string) => engine.indexOf(name as never);

/** The scrub-limit preset's lab, shortened: a scrub beside writers and readers on an HDD mirror. */
function scrubLimit(duration: number) {
  const preset = engine.labPresets();
  const link = preset.status === "ok" ? preset.value.find((p) => p.name === "scrub-limit")?.link : undefined;
  const decoded = engine.decodeLink(`${link ?? ""}&duration=${duration}`);
  if (decoded.status !== "ok") throw new Error("the scrub-limit preset decodes");
  return decoded.value.values;
}

/** Workers whose messages cross asynchronously; a terminated one posts nothing more. */
function fakeWorkers() {
  const posted: FromAdvisor[] = [];
  let spawned = 0;
  const spawn = (): AdvisorWorkerLike => {
    spawned++;
    let dead = false;
    const worker: AdvisorWorkerLike = {
      onmessage: null,
      postMessage(message: ToAdvisor) {
        setTimeout(() => void handle(message), 0);
      },
      terminate() {
        dead = true;
      },
    };
    const handle = createAdvisorHandler(
      wasm,
      (message) => {
        if (dead) return;
        posted.push(message);
        setTimeout(() => worker.onmessage?.({ data: message }), 0);
      },
      () => (dead ? Promise.reject(new Error("terminated")) : yieldToEventLoop()),
    );
    return worker;
  };
  return { spawn, posted, spawned: () => spawned };
}

describe("the advisor's sweep", () => {
  it("reports each run as it goes and ends with a proposal the panel can apply", async () => {
    const base = scrubLimit(10);
    const seen: AdviseProgress[] = [];
    const result = await adviseInSteps(
      wasm,
      { values: base, symptom: "scan-hurts-reads", guards: ["scan-rate:10"] },
      () => false,
      yieldToEventLoop,
      (p) => seen.push(p),
    );
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    const { advice } = result;
    expect(advice.finished).toBe(true);
    // One progress per run, each with the advice so far, one candidate more each time or so.
    expect(seen.map((p) => p.runs)).toEqual(seen.map((_, i) => i + 1));
    expect(seen.at(-1)?.advice.runs).toBe(advice.runs);
    expect(seen[0]?.advice.candidates[0]?.pass).toBe("baseline");
    expect(seen.every((p) => p.planned >= p.runs)).toBe(true);
    const proposal = advice.proposal === null ? undefined : advice.candidates[advice.proposal];
    expect(proposal?.feasible).toBe(true);
    if (!proposal) return;
    const applied = candidateValues(engine, base, proposal);
    const changed = base.flatMap((v, i) => (applied[i] === v ? [] : [engine.schema[i]?.name]));
    expect(changed.sort()).toEqual(proposal.changes.map((c) => c.name).sort());
    expect(settingsText(proposal)).toContain("=");
    // A scrub stopped by zfs_vdev_scrub_min_active=0 was tried and kept out by the guard.
    const stops = advice.candidates.find((c) => settingsText(c) === "zfs_vdev_scrub_min_active=0");
    expect(stops?.measures["scan-rate"]).toBe(0);
    expect(stops?.feasible).toBe(false);
  });

  it("turns a bad request into a message", async () => {
    const run = (symptom: string, guards: string[], values = settings({})) =>
      adviseInSteps(wasm, { values, symptom, guards }, () => false, yieldToEventLoop);
    expect(await run("slow", [])).toEqual({ status: "error", message: "unknown symptom 'slow'" });
    const guard = await run("write-stalls", ["speed:5"]);
    expect(guard.status === "error" && guard.message).toMatch(/^unknown guard 'speed'/);
    const scan = await run("scan-hurts-reads", []);
    expect(scan.status === "error" && scan.message).toContain("no scrub or resilver");
    expect((await run("write-stalls", [], [1, 2])).status).toBe("error");
  });

  it("in process, stops between runs when asked", async () => {
    const advisor = createInProcessAdvisor(wasm, yieldToEventLoop);
    let runs = 0;
    const going = advisor.run(
      { values: settings({ duration: 5, readers: 2 }), symptom: "reads-during-syncs", guards: [] },
      () => {
        runs++;
        if (runs === 2) advisor.stop();
      },
    );
    expect(await going).toEqual({ status: "stopped" });
    expect(runs).toBe(2);
  });
});

describe("the advisor's worker protocol", () => {
  it("starts a worker at the first sweep, stops at once in a fresh one, and sweeps again", async () => {
    const { spawn, posted, spawned } = fakeWorkers();
    const advisor = createWorkerAdvisor(spawn);
    expect(spawned()).toBe(0);
    let progressed = 0;
    const request = { values: settings({ duration: 5 }), symptom: "fast-then-slow", guards: [] };
    const first = advisor.run(request, () => progressed++);
    while (progressed === 0) await new Promise((r) => setTimeout(r, 1));
    const asked = performance.now();
    advisor.stop();
    expect(await first).toEqual({ status: "stopped" });
    expect(performance.now() - asked).toBeLessThan(50);
    expect(spawned()).toBe(1);
    advisor.stop(); // Idle: nothing to stop.
    const bad = await advisor.run({ ...request, symptom: "slow" });
    expect(bad).toEqual({ status: "error", message: "unknown symptom 'slow'" });
    expect(spawned()).toBe(2);
    // The stopped sweep's worker posted nothing final.
    expect(posted.filter((m) => m.type !== "progress").map((m) => [m.id, m.type])).toEqual([[2, "error"]]);
  });
});

describe("reading an advice", () => {
  it("shows each metric in its unit", () => {
    expect(showMetric({ unit: "nanoseconds" }, 82_840_000)).toBe("82.8 ms");
    expect(showMetric({ unit: "nanoseconds" }, 6_610_000_000)).toBe("6.61 s");
    expect(showMetric({ unit: "nanoseconds" }, 713_000_000)).toBe("713 ms");
    expect(showMetric({ unit: "nanoseconds" }, 33_000)).toBe("33.0 µs");
    expect(showMetric({ unit: "bytes_per_second" }, 100_330_000)).toBe("100 MB/s");
    expect(showMetric({ unit: "bytes_per_second" }, 72_180_000)).toBe("72.2 MB/s");
    expect(showMetric({ unit: "bytes_per_second" }, 0)).toBe("0.00 MB/s");
    expect(showMetric({ unit: "bytes_per_second" }, 99_960_000)).toBe("100 MB/s");
    expect(showMetric({ unit: "ratio" }, 2.4)).toBe("2.40x");
    expect(showMetric({ unit: "ratio" }, 3.38e10)).toBe("3.4e+10x");
  });

  it("lists the symptoms, the metrics and the guards the app offers", () => {
    const c = engine.advisorCatalog();
    expect(c.status).toBe("ok");
    if (c.status !== "ok") return;
    expect(c.value.symptoms.map((s) => s.name)).toContain("scan-hurts-reads");
    expect(c.value.guards).toContain("scan-rate");
    const names = new Set(c.value.metrics.map((m) => m.name));
    expect(c.value.guards.every((g) => names.has(g))).toBe(true);
    expect(at("zfs_vdev_scrub_min_active")).toBeGreaterThanOrEqual(0);
  });
});
