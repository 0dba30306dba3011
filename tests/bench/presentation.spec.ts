// Benchmark, not a test: when a slider step's first picture of both runs reaches the screen,
// read from Chromium's own trace. The step benchmark (presets.spec.ts) times the animation
// frame after the page has the picture, which a page can see; but a picture drawn inside an
// animation frame is in that frame, and one drawn by a task after it waits for the next, and
// from the page both look the same. Here each step's picture is the compositor commit (the
// `Commit` trace event of the page's main thread) after both runs' pictures reached the page;
// the time is from the input to that commit's end. Figures go to the console and
// .reports/bench-presentation.json. BENCH_PRESETS and BENCH_STEPS as for presets.spec.ts.
import { test } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { benchPresets, openPreset, quantile } from "./presets";

const STEPS = Number(process.env["BENCH_STEPS"] ?? 20);

interface TraceEvent {
  name?: string;
  ph?: string;
  ts?: number;
  dur?: number;
  pid?: number;
  tid?: number;
  args?: { name?: string };
}

test("slider step to the frame that shows both runs, from the browser's trace", async ({ page }) => {
  test.setTimeout(1_800_000);
  const rows: Record<string, unknown>[] = [];
  for (const preset of benchPresets()) {
    await openPreset(page, preset.link);
    const cdp = await page.context().newCDPSession(page);
    const events: TraceEvent[] = [];
    cdp.on("Tracing.dataCollected", (d: { value: TraceEvent[] }) => events.push(...d.value));
    const complete = new Promise((resolve) => cdp.once("Tracing.tracingComplete", resolve));
    await cdp.send("Tracing.start", {
      categories: "blink.user_timing,disabled-by-default-devtools.timeline,__metadata",
      transferMode: "ReportEvents",
    });
    await page.evaluate(async (steps) => {
      const slider = document.querySelector<HTMLInputElement>("#slider-zfs_dirty_data_max");
      const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
      if (!slider || !setValue) throw new Error("no zfs_dirty_data_max slider");
      const count = (name: string) => Number(document.body.dataset[name]);
      // The signals are set as the page gets a new picture (a layout effect): the observer's
      // callback runs in the same task, before any frame can draw it.
      let waiting: { k: number; sim: number; compare: number; resolve: () => void } | null = null;
      const observer = new MutationObserver(() => {
        if (waiting && count("simPictures") > waiting.sim && count("comparePictures") > waiting.compare) {
          performance.mark(`pictured-${waiting.k}`);
          waiting.resolve();
          waiting = null;
        }
      });
      observer.observe(document.body, {
        attributes: true,
        attributeFilter: ["data-sim-pictures", "data-compare-pictures"],
      });
      const done = () => count("simCompleted") + count("compareCompleted");
      const start0 = Number(slider.value);
      for (let k = 0; k < steps; k++) {
        const position = Math.min(1000, Math.max(0, start0 + (k % 2 === 0 ? -1 : 1) * (3 + (k % 5))));
        const before = done();
        const pictured = new Promise<void>((resolve) => {
          waiting = { k, sim: count("simPictures"), compare: count("comparePictures"), resolve };
        });
        performance.mark(`step-${k}`);
        setValue.call(slider, String(position));
        slider.dispatchEvent(new Event("input", { bubbles: true }));
        await Promise.race([pictured, new Promise((r) => setTimeout(r, 60_000))]);
        const t = performance.now();
        while (done() < before + 2 && performance.now() - t < 60_000)
          await new Promise((r) => setTimeout(r, 1));
        await new Promise((r) => setTimeout(r, 100));
      }
      observer.disconnect();
    }, STEPS);
    await cdp.send("Tracing.end");
    await complete;
    await cdp.detach();

    const main = events.find(
      (e) => e.ph === "M" && e.name === "thread_name" && e.args?.name === "CrRendererMain",
    );
    const mark = (name: string) => events.find((e) => e.name === name && e.ph !== "M")?.ts;
    const commits = events
      .filter((e) => e.name === "Commit" && e.ph === "X" && e.pid === main?.pid && e.tid === main?.tid)
      .map((e) => ({ start: e.ts ?? 0, end: (e.ts ?? 0) + (e.dur ?? 0) }))
      .sort((a, b) => a.start - b.start);
    const ms: number[] = [];
    for (let k = 0; k < STEPS; k++) {
      const step = mark(`step-${k}`);
      const pictured = mark(`pictured-${k}`);
      if (step === undefined || pictured === undefined) continue;
      const commit = commits.find((c) => c.start >= pictured);
      if (commit) ms.push((commit.end - step) / 1000);
    }
    const sorted = [...ms].sort((a, b) => a - b);
    const row = {
      preset: preset.name,
      steps: ms.length,
      shownP50Ms: Math.round(quantile(sorted, 0.5)),
      shownP95Ms: Math.round(quantile(sorted, 0.95)),
    };
    rows.push(row);
    console.log(JSON.stringify(row));
  }
  console.table(rows);
  mkdirSync(".reports", { recursive: true });
  writeFileSync(".reports/bench-presentation.json", `${JSON.stringify(rows, null, 2)}\n`);
});
