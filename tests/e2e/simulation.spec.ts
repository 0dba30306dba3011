// The running model as a user meets it: presets fill every panel, a slider reruns every
// simulation panel, A/B shows both runs, a link reproduces the same report, failures are
// shown beside the controls, and the page passes an accessibility scan.
import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { collectErrors, expectFragment, field, openLab, simulationsDone, slider } from "./lab";

const SIM_PANELS = [
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
];
const ALL_PANELS = ["async-write-curve", "delay-curve", ...SIM_PANELS];

const completed = (page: Page) => page.evaluate(() => Number(document.body.dataset["simCompleted"]));
const panelHtml = (page: Page, id: string) => page.locator(`[data-panel="${id}"]`).innerHTML();

test("every preset fills every panel without a console error", async ({ page }) => {
  // Two dozen presets, each run twice (current and comparison): longer than one test's default.
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await openLab(page);
  const names = await page
    .locator("#preset option")
    .evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value).filter(Boolean));
  expect(names.length).toBeGreaterThanOrEqual(6);
  for (const name of names) {
    await page.locator("#preset").selectOption(name);
    await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
    for (const id of ALL_PANELS) await expect(page.locator(`[data-panel="${id}"]`)).toBeVisible();
    await expect(page.locator('[data-panel="dirty"] path.series.side-b')).toHaveAttribute("d", /^M/);
    await expect(page.locator('[data-panel="picket-fence"] canvas')).toHaveCount(2);
    await expect(page.getByTestId("summary-table")).toContainText("device writes");
    await expect(page.getByTestId("txg-count")).toContainText("txgs synced");
  }
  expect(errors).toEqual([]);
});

test("a slider change reruns the simulation and updates every simulation panel", async ({ page }) => {
  await openLab(page);
  const before = Object.fromEntries(
    await Promise.all(SIM_PANELS.map(async (id) => [id, await panelHtml(page, id)])),
  );
  const runs = await completed(page);
  await slider(page, "async_rate").focus();
  for (let k = 0; k < 40; k++) await page.keyboard.press("ArrowRight");
  await simulationsDone(page, runs + 1);
  await expect(page.getByTestId("sim-status")).toContainText("done");
  for (const id of SIM_PANELS) expect(await panelHtml(page, id), id).not.toBe(before[id]);
});

test("A/B: pin A, change B, and see both runs and the differences", async ({ page }) => {
  await openLab(page);
  await page.getByRole("button", { name: "Pin as A" }).click();
  await expect(page.getByTestId("ab-differences")).toContainText("B is the same as A");
  const readers = field(page, "readers");
  await readers.fill("12");
  await readers.press("Enter");
  await expect(page.getByTestId("ab-differences")).toContainText("readers: 4 → 12");
  await expect(page.getByTestId("summary-table")).toContainText("A (pinned)");
  await expect(page.getByTestId("summary-table")).toContainText("B (current)");
  await expect(page.locator('[data-panel="dirty"] path.series.side-a')).toHaveCount(1);
  // The curves show A dashed beside B; a tunable change moves B's curve only.
  await expect(page.getByTestId("delay-curve-a")).toHaveAttribute("d", /^M/);
  const aCurve = await page.getByTestId("delay-curve-a").getAttribute("d");
  await field(page, "zfs_delay_scale").fill("2ms");
  await field(page, "zfs_delay_scale").press("Enter");
  await expect(page.getByTestId("ab-differences")).toContainText("zfs_delay_scale: 500us → 2ms");
  await expect(page.getByTestId("delay-curve-a")).toHaveAttribute("d", aCurve ?? "");
  await expect(page.getByTestId("delay-curve")).not.toHaveAttribute("d", aCurve ?? "");
  await expect.poll(() => new URL(page.url()).hash).toMatch(/readers=12&pinned=1/);
});

test("a shared link reproduces exactly the same report", async ({ page, browser }) => {
  await openLab(page, "#v=1&device=hdd&mirror=2&async_writers=16&async_rate=0&duration=20&seed=7&pinned=1");
  const hash = await page.evaluate(() => document.body.dataset["reportHash"]);
  expect(hash).toMatch(/^[0-9a-f]{8}$/);
  const other = await browser.newPage();
  await openLab(other, new URL(page.url()).hash);
  expect(await other.evaluate(() => document.body.dataset["reportHash"])).toBe(hash);
  // Another seed is another run.
  await openLab(other, "#v=1&device=hdd&mirror=2&async_writers=16&async_rate=0&duration=20&seed=8&pinned=1");
  expect(await other.evaluate(() => document.body.dataset["reportHash"])).not.toBe(hash);
  await other.close();
});

test("a slider's runs, started as it moves, give the report a fresh page gives for its link", async ({
  page,
  browser,
}) => {
  // A move starts its runs before the page is drawn for it, and the simulations take them
  // over: what they show must be exactly the run the link describes.
  await openLab(page, "#v=1&device=hdd&mirror=2&async_writers=16&duration=20&seed=7");
  const before = await page.evaluate(() => document.body.dataset["reportHash"]);
  const runs = await completed(page);
  await slider(page, "zfs_dirty_data_max").focus();
  for (let k = 0; k < 3; k++) await page.keyboard.press("ArrowRight");
  await simulationsDone(page, runs + 1);
  await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false");
  // The address bar has the burst's last state once the burst has settled.
  const value = (await field(page, "zfs_dirty_data_max").inputValue()).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  await expectFragment(page, new RegExp(`zfs_dirty_data_max=${value}(&|$)`));
  const hash = await page.evaluate(() => document.body.dataset["reportHash"]);
  expect(hash).not.toBe(before);
  const other = await browser.newPage();
  await openLab(other, new URL(page.url()).hash);
  expect(await other.evaluate(() => document.body.dataset["reportHash"])).toBe(hash);
  await other.close();
});

test("a run that hits its work budget says so beside the controls, and the lab keeps working", async ({
  page,
}) => {
  await openLab(page, "#v=1&event_budget=2000");
  await expect(page.getByTestId("sim-status")).toContainText("2000");
  await expect(page.getByTestId("summary-table")).toBeVisible();
  const runs = await completed(page);
  const budget = field(page, "event_budget");
  await budget.fill("200000000");
  await budget.press("Enter");
  await simulationsDone(page, runs + 1);
  await expect(page.getByTestId("sim-status")).not.toContainText("2000");
});

async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.length} × ${v.nodes[0]?.target.join(" ")}`);
}

test("the page has no serious accessibility violations, in each of its views", async ({ page }) => {
  await openLab(page);
  expect(await seriousViolations(page)).toEqual([]);
  // The text views, an A/B comparison, and an error beside the controls.
  await page.getByLabel("DTrace quantize()").check();
  await page.getByRole("button", { name: "Pin as A" }).click();
  await openLab(page, `${new URL(page.url()).hash}&event_budget=2000`);
  await page.getByLabel("zpool iostat -w").check();
  expect(await seriousViolations(page)).toEqual([]);
});

test("a long run shows progress and partial results before it ends", async ({ page }) => {
  await page.goto("./?v=1&duration=1800");
  await expect(page.locator('[data-panel="dirty"]')).toBeVisible({ timeout: 20_000 });
  // On screen, the panel follows the partial reports (out of view it waits for the end).
  await page.locator('[data-panel="dirty"]').scrollIntoViewIfNeeded();
  await expect(page.getByTestId("dirty-readout")).toContainText("simulated");
  const progress = page.getByLabel("Current simulation progress");
  const share = Number(await progress.getAttribute("value"));
  expect(share).toBeGreaterThan(0);
  expect(share).toBeLessThan(1);
  // The controls stay live meanwhile: a change supersedes the long run.
  const duration = field(page, "duration");
  await duration.fill("5");
  await duration.press("Enter");
  await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
  await expect(page.getByTestId("dirty-readout")).not.toContainText("so far");
});

test("hovering one time panel puts the cursor on every time panel", async ({ page }) => {
  await openLab(page);
  const target = page.locator('[data-panel="dirty"] .hover-target');
  await target.scrollIntoViewIfNeeded();
  // Panels skip layout while off screen (content-visibility): the ones scrolled past lay out
  // and move this one; let the page settle before measuring it.
  await target.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  const box = await target.boundingBox();
  if (!box) throw new Error("no dirty chart");
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await expect(page.getByTestId("dirty-readout")).toContainText("At 15.");
  // A vertical line has an empty box, so count the cursors rather than ask if they show.
  for (const [id, charts] of [
    ["dirty", 1],
    ["picket-fence", 2],
    ["txgs", 2],
  ] as const) {
    await expect(page.locator(`[data-panel="${id}"] .time-chart line.cursor`)).toHaveCount(charts);
  }
  await expect(page.locator(".heat-cursor")).toHaveCount(2);
});

test("the steady-state preset runs until steady, marks it on every time panel, and measures after it", async ({
  page,
}) => {
  await openLab(page);
  await page.locator("#preset").selectOption("steady-state");
  await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
  await expect(page.getByTestId("steady-verdicts")).toContainText(
    /steady at \d+\.\d+ s \(5 of 6 metrics over 20 intervals\)/,
  );
  await expect(page.getByTestId("summary-scope")).toContainText("after steady state");
  // The steady mark on every time chart: the application's writes and reads, each run's writer
  // time, the txg timeline, dirty data, the picket fence's two, each busy class's queues, the
  // txgs' two and all six metric charts.
  const queues = await page.locator('[data-panel="queue-depths"] .time-chart').count();
  expect(queues).toBeGreaterThanOrEqual(2);
  await expect(page.locator(".time-chart .steady-mark")).toHaveCount(2 + 2 + 1 + 1 + 2 + queues + 2 + 6);
  await expect(page.locator('[data-metric="dirty_bytes"] figcaption')).toContainText("steady at");
});

test("the zones preset shows each tenant as vfsstat does, the writer throttled", async ({ page }) => {
  await openLab(page);
  await page.locator("#preset").selectOption("zones");
  await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
  const table = page.getByTestId("tenant-table");
  await expect(table).toContainText("readers");
  await expect(table.locator("tr", { hasText: "writers" }).first()).toContainText("100 µs");
});

test("the metaslab preset shows allocation, aggregation and each metaslab's fill", async ({ page }) => {
  await openLab(page);
  await page.locator("#preset").selectOption("metaslab");
  await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false", { timeout: 30_000 });
  await expect(page.getByTestId("allocator-figures")).toContainText("115 metaslabs per vdev");
  await expect(page.getByTestId("allocator-figures")).toContainText("best fit");
  await expect(page.locator('[data-panel="allocator"] rect.fill-end')).toHaveCount(2 * 115);
});

test("a long run shows its progress and an estimate of the time left", async ({ page }) => {
  // An hour of 64 writers on an SSD: long enough in WASM for an estimate to show.
  await page.goto("./#v=1&duration=3600&device=ssd&async_writers=64");
  const status = page.getByTestId("sim-status");
  await expect(status).toContainText(/\d+% · ~\d+ (s|min) left/, { timeout: 20_000 });
});

test("Stop ends a heavy run within 200 ms, keeps what it reached, and Run starts it again", async ({
  page,
}) => {
  await page.goto("./#v=1&duration=3600&device=ssd&async_writers=64");
  const status = page.getByTestId("sim-status");
  await expect(status).toContainText(/\d+% · ~\d+ (s|min) left/, { timeout: 20_000 });
  // Timed in the page: from the click to the status saying so.
  const ms = await page.evaluate(async () => {
    const button = document.querySelector<HTMLButtonElement>('button[aria-label="Stop the Current run"]');
    const box = document.querySelector('[data-testid="sim-status"]');
    if (!button || !box) throw new Error("no Stop button");
    const clicked = performance.now();
    const seen = new Promise<number>((resolve) => {
      const observer = new MutationObserver(() => {
        if (box.textContent?.includes("stopped at")) {
          observer.disconnect();
          resolve(performance.now() - clicked);
        }
      });
      observer.observe(box, { subtree: true, childList: true, characterData: true });
    });
    button.click();
    return seen;
  });
  expect(ms).toBeLessThan(200);
  await expect(page.getByTestId("sim-stopped")).toContainText("Current: stopped");
  await expect(page.getByTestId("dirty-readout")).toBeVisible();
  // The stopped worker was replaced: the same settings run again.
  await page.getByRole("button", { name: "Run Current again" }).click();
  await expect(status).toContainText(/\d+% · ~\d+ (s|min) left/, { timeout: 20_000 });
  await page.getByRole("button", { name: "Stop the Current run" }).click();
  await expect(page.getByTestId("sim-stopped")).toBeVisible();
});

test("writes that start fast and then stall show in what the application sees", async ({ page }) => {
  await openLab(page);
  await page.locator("#preset").selectOption("fast-then-slow");
  await simulationsDone(page, 2);
  const panel = page.locator('[data-panel="application"]');
  const line = await panel.getByTestId("application-figures").locator("li").first().innerText();
  const m = /([\d.]+) MiB\/s on average, ([\d.]+) MiB\/s in the first second/.exec(line);
  expect(m, line).not.toBeNull();
  const [average, first] = [Number(m?.[1]), Number(m?.[2])];
  // The first second runs at memory speed into empty dirty data; then the delay holds writers to the pool.
  expect(first).toBeGreaterThan(2 * average);
  // The plotted line itself: high at the start, then a floor for the rest of the run.
  const chart = panel.locator("svg.time-chart").first();
  const d = (await chart.locator("path.series.side-b").first().getAttribute("d")) ?? "";
  const base = Number(await chart.locator("line.axis").first().getAttribute("y1"));
  const points = [...d.matchAll(/(-?[\d.]+),(-?[\d.]+)/g)].map(
    (p) => [Number(p[1]), base - Number(p[2])] as const,
  );
  expect(points.length).toBeGreaterThan(20);
  const xEnd = Math.max(...points.map((p) => p[0]));
  const height = (from: number, to: number) =>
    points.filter((p) => p[0] >= from * xEnd && p[0] <= to * xEnd).map((p) => p[1]);
  const start = Math.max(...height(0, 0.05));
  const rest = height(0.5, 1).sort((a, b) => a - b);
  const floor = rest[Math.floor(rest.length / 2)] ?? 0;
  expect(floor).toBeGreaterThan(0);
  expect(
    start,
    `the line starts at ${start} and settles at ${floor} (chart units above the axis)`,
  ).toBeGreaterThan(3 * floor);
});

test("the rw.d summary gives client read throughput, and no latency where there was no I/O", async ({
  page,
}) => {
  await openLab(page, "#v=1&readers=0&duration=5");
  await simulationsDone(page);
  const row = (name: string) =>
    page.getByTestId("summary-table").locator("tr.side-b", { has: page.locator(`th:text-is("${name}")`) });
  // No readers: no device read latency to give.
  await expect(row("device reads").locator("td").first()).toHaveText("-");
  await openLab(page, "#v=1&duration=5");
  await simulationsDone(page);
  await expect(row("client reads").locator("td").nth(4)).toHaveText(/^\d+(\.\d+)? [KMG]?i?B\/s$/);
  await expect(row("device reads").locator("td").first()).not.toHaveText("-");
});
