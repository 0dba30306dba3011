// Benchmark, not a test: drags tunable sliders through many positions and reports how long
// each input takes to reach the redrawn curves, and whether the update beats the next frame.
// Run with `npm run bench:ui`; figures go to the console and .reports/bench-ui.json.
import { test } from "@playwright/test";
import { mkdirSync, writeFileSync } from "node:fs";
import { openLab } from "../e2e/lab";
import { quantile } from "./presets";

const STEPS = 300;

interface Sample {
  domMs: number;
  beforeNextFrame: boolean;
}

test("slider input to redrawn curves", async ({ page }) => {
  test.setTimeout(120_000);
  await openLab(page);
  const report: Record<string, unknown> = {};
  for (const [name, curve] of [
    ["zfs_delay_scale", "delay-curve"],
    ["zfs_vdev_async_write_active_max_dirty_percent", "async-curve"],
    ["zfs_dirty_data_max", "delay-curve"],
  ] as const) {
    const samples: Sample[] = await page.evaluate(
      async ({ name, curve, steps }) => {
        const slider = document.querySelector<HTMLInputElement>(`#slider-${name}`);
        const path = document.querySelector(`[data-testid="${curve}"]`);
        const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value")?.set;
        if (!slider || !path || !setValue) throw new Error(`no slider or curve for ${name}`);
        const out: { domMs: number; beforeNextFrame: boolean }[] = [];
        for (let k = 0; k < steps; k++) {
          const position = 350 + ((k * 7) % 400);
          let changedAt = -1;
          const observer = new MutationObserver(() => {
            if (changedAt < 0) changedAt = performance.now();
          });
          observer.observe(path, { attributes: true, attributeFilter: ["d"] });
          const start = performance.now();
          setValue.call(slider, String(position));
          slider.dispatchEvent(new Event("input", { bubbles: true }));
          const frameAt = await new Promise<number>((r) => requestAnimationFrame(r));
          await new Promise((r) => setTimeout(r, 0));
          observer.disconnect();
          if (changedAt >= 0) out.push({ domMs: changedAt - start, beforeNextFrame: changedAt <= frameAt });
        }
        return out;
      },
      { name, curve, steps: STEPS },
    );
    const ms = samples.map((s) => s.domMs).sort((a, b) => a - b);
    const figures = {
      samples: samples.length,
      p50Ms: Number(quantile(ms, 0.5).toFixed(2)),
      p95Ms: Number(quantile(ms, 0.95).toFixed(2)),
      maxMs: Number((ms[ms.length - 1] ?? NaN).toFixed(2)),
      beforeNextFrame: `${samples.filter((s) => s.beforeNextFrame).length}/${samples.length}`,
    };
    report[name] = figures;
    console.log(`${name}: ${JSON.stringify(figures)}`);
  }
  mkdirSync(".reports", { recursive: true });
  writeFileSync(".reports/bench-ui.json", `${JSON.stringify(report, null, 2)}\n`);
});
