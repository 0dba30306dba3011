// The worker protocol with the real WASM engine: both ends connected through a fake worker
// that delivers messages asynchronously, as a real one does.
import { describe, expect, it } from "vitest";
import * as wasm from "./generated/throttle_lab_wasm.js";
import { loadEngineSync } from "./load-node";
import { QUIET_MS, runInSlices, sameRequest, yieldToEventLoop, type SimProgress } from "./simulation";
import {
  createWorkerHandler,
  createWorkerSimulator,
  type FromWorker,
  type ToWorker,
  type WorkerLike,
} from "./worker-protocol";

const engine = loadEngineSync();
const settings = (pairs: Record<string, number>) =>
  engine.defaults.map((v, i) => pairs[engine.schema[i]?.name ?? ""] ?? v);

/**
 * Workers whose messages cross asynchronously; they record what they posted. A terminated
 * one posts nothing more, and its run fails at its next slice (a real one just vanishes).
 */
function fakeWorkers() {
  const posted: { message: FromWorker; transfer: Transferable[] }[] = [];
  const asked: ToWorker[] = [];
  let spawned = 0;
  const spawn = (): WorkerLike => {
    spawned++;
    let dead = false;
    const worker: WorkerLike = {
      onmessage: null,
      postMessage(message: ToWorker) {
        asked.push(message);
        setTimeout(() => void handle(message), 0);
      },
      terminate() {
        dead = true;
      },
    };
    const handle = createWorkerHandler(
      wasm,
      (message, transfer) => {
        if (dead) return;
        posted.push({ message, transfer });
        setTimeout(() => worker.onmessage?.({ data: message }), 0);
      },
      () => (dead ? Promise.reject(new Error("terminated")) : yieldToEventLoop()),
    );
    return worker;
  };
  return { spawn, posted, asked, spawned: () => spawned };
}

describe("the worker protocol", () => {
  it("runs the lab's settings and transfers the report's columns", async () => {
    const { spawn, posted } = fakeWorkers();
    const result = await createWorkerSimulator(spawn).run({ values: settings({ duration: 6 }) });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.report.columns["dirty_bytes"]?.length).toBe(240);
    const done = posted.find((p) => p.message.type === "done");
    expect(done?.transfer.length).toBe(Object.keys(result.report.columns).length);
    expect(done?.transfer).toContain(result.report.columns["dirty_bytes"]?.buffer);
  });

  it("lets the latest request win: the older run is stopped and reported superseded", async () => {
    const { spawn, posted } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    const first = sim.run({ values: settings({ duration: 600 }) });
    const second = sim.run({ values: settings({ duration: 2 }) });
    expect(await first).toEqual({ status: "superseded" });
    expect((await second).status).toBe("ok");
    await new Promise((r) => setTimeout(r, 20));
    // Each run gets exactly one final answer, whichever is posted first.
    const answers = posted.filter((p) => p.message.type !== "progress").map((p) => p.message);
    expect(answers.map((m) => [m.id, m.type]).sort()).toEqual([
      [1, "superseded"],
      [2, "done"],
    ]);
  });

  it("stops a run at once, in a fresh worker, and runs the next one there", async () => {
    const { spawn, posted, spawned } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    let progressed = 0;
    const long = sim.run({ values: settings({ duration: 3600 }) }, () => progressed++);
    while (progressed === 0) await new Promise((r) => setTimeout(r, 1));
    const asked = performance.now();
    sim.stop();
    expect(await long).toEqual({ status: "stopped" });
    expect(performance.now() - asked).toBeLessThan(50);
    expect(spawned()).toBe(2);
    sim.stop(); // Idle: nothing to stop, no new worker.
    expect(spawned()).toBe(2);
    expect((await sim.run({ values: settings({ duration: 1 }) })).status).toBe("ok");
    // The stopped run's worker posted nothing final: only the new run answered.
    const answers = posted
      .filter((p) => p.message.type !== "progress")
      .map((p) => [p.message.id, p.message.type]);
    expect(answers).toEqual([[2, "done"]]);
  });

  it("turns a bad request into a message and keeps working", async () => {
    const { spawn } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    const bad = await sim.run({ values: [1, 2, 3] });
    expect(bad).toEqual({
      status: "error",
      message: `expected ${engine.schema.length} values and ${engine.schema.length} marks, got 3`,
    });
    const refused = await sim.run({ values: settings({ zfs_delay_scale: 5e9 }) });
    expect(refused.status === "error" && refused.message).toContain("zfs_delay_scale");
    const scenario = await sim.run({ scenario: '{"duration": "5 parsecs"}' });
    expect(scenario).toEqual({
      status: "error",
      message: "duration: cannot read '5 parsecs': unknown unit 'parsecs'",
    });
    expect((await sim.run({ values: settings({ duration: 1 }) })).status).toBe("ok");
  });

  it("says when the work budget stopped a run", async () => {
    const { spawn } = fakeWorkers();
    const result = await createWorkerSimulator(spawn).run({
      scenario: JSON.stringify({
        duration: "60s",
        budget: { max_events: 1000 },
        workloads: [{ kind: "async_write" }],
      }),
    });
    expect(result.status === "ok" && result.report.meta["truncated"]).toMatch(/budget|events/);
  });
});

describe("a run started ahead of its call", () => {
  it("is taken over by a run of the same request: one run, every message heard", async () => {
    const { spawn, asked } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    const values = settings({ duration: 300 });
    sim.start({ values });
    // The worker gets going (and, past its quiet start, says something) before the call comes.
    await new Promise((r) => setTimeout(r, QUIET_MS + 50));
    let progressed = 0;
    const result = await sim.run({ values: [...values] }, () => progressed++);
    expect(result.status).toBe("ok");
    expect(progressed).toBeGreaterThan(0);
    expect(asked.map((m) => m.id)).toEqual([1]);
  });

  it("gives way to a run of another request, which is the one answered", async () => {
    const { spawn, asked, posted } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    sim.start({ values: settings({ duration: 600 }) });
    const result = await sim.run({ values: settings({ duration: 2 }) });
    // The 2 s run's report, not the 600 s one's.
    const t = result.status === "ok" ? result.report.columns["t_ns"] : undefined;
    expect(t?.[t.length - 1]).toBeLessThanOrEqual(2e9);
    expect(asked.map((m) => m.id)).toEqual([1, 2]);
    await new Promise((r) => setTimeout(r, 20));
    const answers = posted
      .filter((p) => p.message.type !== "progress")
      .map((p) => [p.message.id, p.message.type]);
    expect(answers.sort()).toEqual([
      [1, "superseded"],
      [2, "done"],
    ]);
  });

  it("supersedes the run going on, as a run would", async () => {
    const { spawn } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    const long = sim.run({ values: settings({ duration: 600 }) });
    sim.start({ values: settings({ duration: 1 }) });
    expect(await long).toEqual({ status: "superseded" });
  });

  it("is stopped by Stop, in a fresh worker, and the next run is started anew", async () => {
    const { spawn, asked, spawned } = fakeWorkers();
    const sim = createWorkerSimulator(spawn);
    const values = settings({ duration: 3600 });
    sim.start({ values });
    sim.stop();
    expect(spawned()).toBe(2);
    const result = await sim.run({ values: settings({ duration: 1 }) });
    expect(result.status).toBe("ok");
    expect(asked.map((m) => m.id)).toEqual([1, 2]);
  });
});

describe("sameRequest", () => {
  it("compares values one by one, and scenario text exactly", () => {
    const values = settings({ duration: 30 });
    expect(sameRequest({ values }, { values: [...values] })).toBe(true);
    expect(sameRequest({ values }, { values: settings({ duration: 31 }) })).toBe(false);
    expect(sameRequest({ values }, { values: values.slice(1) })).toBe(false);
    expect(sameRequest({ scenario: "{}" }, { scenario: "{}" })).toBe(true);
    expect(sameRequest({ scenario: "{}" }, { scenario: "{ }" })).toBe(false);
    expect(sameRequest({ scenario: "{}" }, { values })).toBe(false);
  });
});

describe("partial results", () => {
  it("come with progress while a run goes on, and grow", async () => {
    let clock = 0;
    const seen: SimProgress[] = [];
    const result = await runInSlices(
      wasm,
      { values: settings({ duration: 300 }) },
      () => false,
      yieldToEventLoop,
      (p) => seen.push(p),
      () => (clock += 200),
    );
    expect(result.status).toBe("ok");
    const partials = seen.flatMap((p) => (p.partial ? [p.partial] : []));
    expect(partials.length).toBeGreaterThan(1);
    const lengths = partials.map((p) => p.columns["t_ns"]?.length ?? 0);
    expect(lengths).toEqual([...lengths].sort((a, b) => a - b));
    expect(lengths[0]).toBeLessThan(240);
    expect(partials[0]?.meta["truncated"]).toMatch(/stopped by the caller/);
  });
});
