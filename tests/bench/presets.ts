// What the browser benchmarks share: which presets to run (BENCH_PRESETS, a
// comma-separated list of names, else all), opening one, and a quantile of sorted figures.
import type { Page } from "@playwright/test";
import { loadEngineSync } from "../../web/src/engine/load-node";
import { openLab } from "../e2e/lab";

/** The lab's presets the benchmark runs. */
export function benchPresets() {
  const only = process.env["BENCH_PRESETS"]?.split(",");
  const presets = loadEngineSync().labPresets();
  if (presets.status === "error") throw new Error(presets.message);
  return presets.value.filter((p) => !only || only.includes(p.name));
}

/** Opens the lab at a preset's link (written with or without its `#`, or as an old `?` link). */
export async function openPreset(page: Page, link: string): Promise<void> {
  await openLab(page, link.startsWith("?") || link.startsWith("#") ? link : `#${link}`);
}

export const quantile = (sorted: number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? NaN;
