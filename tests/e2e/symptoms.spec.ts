// The symptom views as a user meets them: a scrub beside readers and writers, pinned as A and
// changed as B, fills the scan, writer-time, txg-timeline and queue panels for both runs; a
// latency line breaks where no I/O finished; the heat maps share one colour scale.
import { expect, test } from "@playwright/test";
import { collectErrors, field, openLab, simulationsDone } from "./lab";

const SCRUB = "#v=1&drive=7200-hc310&mirror=2&scrub=on&zfs_scan_vdev_limit=64M&async_writers=4&readers=4";

test("a scrub with A pinned fills every symptom panel for both runs", async ({ page }) => {
  const errors = collectErrors(page);
  await openLab(page, SCRUB);
  await page.getByRole("button", { name: "Pin as A" }).click();
  const limit = field(page, "zfs_scan_vdev_limit");
  await limit.fill("1M");
  await limit.press("Enter");
  await simulationsDone(page, 2);
  await expect(page.getByTestId("ab-differences")).toContainText("zfs_scan_vdev_limit");

  // Scan progress: both runs scan; the smaller in-flight limit issues less.
  const scan = page.locator('[data-panel="scan"]');
  await expect(scan.locator("path.series.side-a")).toHaveCount(2);
  await expect(scan.locator("path.series.side-b")).toHaveCount(2);
  const rates = await scan.getByTestId("scan-figures").locator("li").allTextContents();
  const issued = rates.map((t) => Number(/([\d.]+) MiB\/s issued/.exec(t)?.[1]));
  expect(
    issued.every((v) => v > 0),
    rates.join("\n"),
  ).toBe(true);
  expect(issued[0], rates.join("\n")).toBeLessThan(issued[1] ?? 0);

  // Why each sync started: a running scan keeps the sync thread awake, in both runs.
  const timeline = page.locator('[data-panel="txg-timeline"]');
  for (const side of ["a", "b"]) {
    await expect(timeline.locator(`[data-lane="${side}-sync"] rect[data-key="scan"]`).first()).toBeVisible();
  }
  await expect(timeline.getByTestId("txg-causes")).toContainText("scan running");

  // What held writers back: one stacked chart per run. Writers at 40 MB/s on a mirror that
  // takes more are held back by nothing: between calls nearly all the time, copying the rest.
  const waits = page.locator('[data-panel="writer-waits"]');
  await expect(waits.locator(".writer-shares")).toHaveCount(2);
  await expect(waits.locator('.writer-shares path[data-cause="copy"]')).toHaveCount(2);
  await expect(waits.getByTestId("writer-wait-figures")).toContainText(
    /between calls 100%.*between calls 100%/,
  );

  // Queue depths: the scrub class is busy, with a deeper queue under the larger limit.
  const queues = page.locator('[data-panel="queue-depths"]');
  await expect(queues.locator('[data-class="scrub"] path.series')).toHaveCount(4);
  await queues.getByText(/zpool iostat -q rows/).click();
  await expect(queues.getByTestId("iostat-q")).toContainText("scrubq_read");

  // The application sees reads beside its writes.
  await expect(page.locator('[data-panel="application"] .time-chart')).toHaveCount(2);

  // The heat maps share one colour scale, with its legend.
  const legend = page.getByTestId("heat-legend");
  await expect(legend).toBeVisible();
  expect(Number(await legend.getAttribute("data-max"))).toBeGreaterThan(1);

  // Hovering moves every symptom panel's readout to the same moment.
  const target = timeline.locator(".hover-target");
  await target.scrollIntoViewIfNeeded();
  // Panels skip layout while off screen: let those scrolled past settle before measuring.
  await target.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  const box = await target.boundingBox();
  if (!box) throw new Error("no timeline chart");
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height / 2);
  await expect(timeline.getByTestId("txg-timeline-readout")).toContainText(/At 15\.\d\d s: .*txg \d+/);
  await expect(page.getByTestId("scan-readout")).toContainText(/At 15\.\d\d s: .*MiB\/s, [\d.]+% done/);
  await expect(page.getByTestId("writer-wait-readout")).toContainText(/At 15\.\d\d s/);
  await expect(page.getByTestId("queue-readout")).toContainText(/scrubq_read \d+ pend \d+ activ/);
  expect(errors).toEqual([]);
});

test("a latency line breaks where no I/O finished, instead of falling to zero", async ({ page }) => {
  // Bursty writers and no readers: between bursts, once the dirty data is written, whole
  // intervals pass with no device I/O, so the average device latency has nothing to average.
  await openLab(
    page,
    "#v=1&zfs_dirty_data_max=800M&async_writers=16&async_rate=200000000&burst_on=10000&burst_off=10000&readers=0&lun_latency=500us&duration=60",
  );
  const line = page.locator('[data-metric="latency_mean_ns"] path.series.side-b');
  const d = (await line.getAttribute("d")) ?? "";
  const pieces = d.match(/M/g)?.length ?? 0;
  expect(pieces, d.slice(0, 200)).toBeGreaterThan(1);
  // No point of the broken line sits on the zero line (y at the plot's bottom).
  const bottom = await page
    .locator('[data-metric="latency_mean_ns"] .time-chart line.axis')
    .first()
    .getAttribute("y1");
  const ys = [...d.matchAll(/[ML][\d.e+-]+,([\d.e+-]+)/g)].map((m) => Number(m[1]));
  expect(ys.length).toBeGreaterThan(10);
  expect(ys.every((y) => Math.abs(y - Number(bottom)) > 0.5)).toBe(true);
  // Throughput's zero stays a zero: the client write line is one piece.
  const writes = page.locator('[data-panel="application"] path.series.side-b').first();
  expect(((await writes.getAttribute("d")) ?? "").match(/M/g)?.length).toBe(1);
});

test("the scan's panel appears for the scan presets, and only when a run scans", async ({ page }) => {
  await openLab(page);
  await expect(page.locator('[data-panel="scan"]')).toHaveCount(0);
  for (const preset of ["scrub-limit", "resilver"]) {
    await page.locator("#preset").selectOption(preset);
    await expect(page.getByTestId("sim-status")).toHaveAttribute("aria-busy", "false", { timeout: 20_000 });
    const figures = page.locator('[data-panel="scan"]').getByTestId("scan-figures");
    await expect(figures).toContainText(/% done, [\d.]+ MiB\/s issued/);
    await expect(page.locator('[data-panel="txg-timeline"]').getByTestId("txg-causes")).toContainText(
      "scan running",
    );
  }
});
