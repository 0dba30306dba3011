// Helpers for the browser tests: open the lab, wait on its own ready signal, collect errors.
import { expect, type Page } from "@playwright/test";

/** Console errors and uncaught exceptions seen by `page`, from now on. */
/** Every panel of the page, by its `data-panel` id, in page order. */
export const PANELS = [
  "async-write-curve",
  "delay-curve",
  "application",
  "writer-waits",
  "txg-timeline",
  "dirty",
  "picket-fence",
  "queue-depths",
  "latency",
  "txgs",
  "steady",
  "summary",
] as const;

export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on("console", (m) => {
    if (m.type() === "error") errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  return errors;
}

/**
 * Opens the lab at `link` (`#v=1&…`, or an old `?v=1&…`) and waits until it is ready and
 * both simulations have finished once. Always a fresh load: going from the lab to the lab
 * with another fragment would only move within the page.
 */
export async function openLab(page: Page, link = ""): Promise<void> {
  if (page.url() !== "about:blank") await page.goto("about:blank");
  await page.goto(`./${link}`);
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await simulationsDone(page);
}

/**
 * Waits until the current run and the comparison have each finished `n` times or more, the
 * current run's hash is that of its last run, and the panels out of view have caught up with
 * them (WhenSeen).
 */
export async function simulationsDone(page: Page, n = 1): Promise<void> {
  await page.waitForFunction(
    (min) =>
      Number(document.body.dataset["simCompleted"]) >= min &&
      Number(document.body.dataset["compareCompleted"]) >= min &&
      document.body.dataset["reportHashOf"] === document.body.dataset["simCompleted"] &&
      (document.body.dataset["panelsBehind"] ?? "0") === "0",
    n,
    { timeout: 20_000 },
  );
}

export const field = (page: Page, name: string) => page.locator(`#field-${name}`);
export const slider = (page: Page, name: string) => page.locator(`#slider-${name}`);
export const control = (page: Page, name: string) => page.locator(`[data-tunable="${name}"]`);

/** The URL's fragment once the history writer has caught up with `expected`. */
export async function expectFragment(page: Page, expected: RegExp): Promise<void> {
  await expect.poll(() => new URL(page.url()).hash).toMatch(expected);
}
