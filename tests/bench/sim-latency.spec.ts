// Benchmark, not a test: drags sliders on the default scenario through 120 steps and reports
// input-to-paint latency for the analytic curves and for all simulation panels (the current
// run and the comparison both finished and drawn), and the longest main-thread task seen.
// Each step waits for the panels before the next, so every figure is one change's own
// latency; a second, fast drag (one step per frame) shows what the main thread does when
// changes arrive faster than runs finish. Figures go to the console and .reports/bench-sim.json.
import { test } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { openLab } from "../e2e/lab";
import { quantile } from "./presets";

const STEPS = 120;

const figures = (values: number[]) => {
  const ms = [...values].sort((a, b) => a - b);
  return {
    samples: ms.length,
    p50Ms: Number(quantile(ms, 0.5).toFixed(1)),
    p95Ms: Number(quantile(ms, 0.95).toFixed(1)),
    maxMs: Number((ms[ms.length - 1] ?? NaN).toFixed(1)),
  };
};

test("slider input to painted curves and simulation panels", async ({ page }) => {
  test.setTimeout(300_000);
  await openLab(page, process.env["BENCH_QUERY"] ?? "");
  const report: Record<string, unknown> = {};
  for (const [name, curve] of [
    ["zfs_vdev_async_write_max_active", "async-curve"],
    ["zfs_delay_scale", "delay-curve"],
    ["async_rate", null],
  ] as const) {
    const result = await page.evaluate(
      async ({ name, curve, steps }) => {
        const longTasks: number[] = [];
        const po = new PerformanceObserver((list) =>
          list.getEntries().forEach((e) => longTasks.push(e.duration)),
        );
        po.observe({ type: "longtask", buffered: false });
        const slider = document.querySelector<HTMLInputElement>(`#slider-${name}`);
        const path = curve ? document.querySelector(`[data-testid="${curve}"]`) : null;
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
        if (!slider || !setValue) throw new Error(`no slider for ${name}`);
        const done = () =>
          Number(document.body.dataset["simCompleted"]) + Number(document.body.dataset["compareCompleted"]);
        const frame = () => new Promise<number>((r) => requestAnimationFrame(() => r(performance.now())));
        // Input to the curve's DOM update, input to the frame that paints it, and how many
        // updates were ready for the next frame.
        const curveMs: number[] = [];
        const curveFrameMs: number[] = [];
        let inFrame = 0;
        const simMs: number[] = [];
        const start0 = Number(slider.value);
        for (let k = 0; k < steps; k++) {
          const position = Math.min(1000, Math.max(0, start0 + (k % 2 === 0 ? 1 : -1) * (5 + (k % 17))));
          let curveAt = -1;
          const observer = new MutationObserver(() => {
            if (curveAt < 0) curveAt = performance.now();
          });
          if (path) observer.observe(path, { attributes: true, attributeFilter: ["d"] });
          const before = done();
          const start = performance.now();
          setValue.call(slider, String(position));
          slider.dispatchEvent(new Event("input", { bubbles: true }));
          const firstFrame = await frame();
          observer.disconnect();
          if (curveAt >= 0) {
            curveMs.push(curveAt - start);
            curveFrameMs.push(firstFrame - start);
            if (curveAt <= firstFrame) inFrame++;
          }
          // Both runs of this change finished (their completion counters moved by two).
          while (done() < before + 2) await new Promise((r) => setTimeout(r, 1));
          simMs.push((await frame()) - start);
        }
        // A fast drag: one step per frame, not waiting for the runs.
        const fastTasks0 = longTasks.length;
        for (let k = 0; k < steps; k++) {
          setValue.call(slider, String(Math.min(1000, Math.max(0, start0 + (k % 40)))));
          slider.dispatchEvent(new Event("input", { bubbles: true }));
          await frame();
        }
        await new Promise((r) => setTimeout(r, 1500));
        po.disconnect();
        return {
          curveMs,
          curveFrameMs,
          inFrame,
          simMs,
          longTasks,
          fastLongTasks: longTasks.slice(fastTasks0),
        };
      },
      { name, curve, steps: STEPS },
    );
    const entry = {
      curves: result.curveMs.length
        ? {
            toDom: figures(result.curveMs),
            toFrame: figures(result.curveFrameMs),
            readyForNextFrame: `${result.inFrame}/${result.curveMs.length}`,
          }
        : null,
      simulationPanels: figures(result.simMs),
      longestTaskMs: Number(Math.max(0, ...result.longTasks).toFixed(1)),
      tasksOver50Ms: result.longTasks.filter((d) => d > 50).length,
      fastDragLongestTaskMs: Number(Math.max(0, ...result.fastLongTasks).toFixed(1)),
    };
    report[name] = entry;
    console.log(`${name}: ${JSON.stringify(entry)}`);
  }
  mkdirSync(".reports", { recursive: true });
  writeFileSync(".reports/bench-sim.json", `${JSON.stringify(report, null, 2)}\n`);
});
