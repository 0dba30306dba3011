// Screenshots of every panel, for people to look at (written to tests/e2e/screenshots/).
import { expect, test, type Locator } from "@playwright/test";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PANELS, openLab } from "./lab";

const dir = "tests/e2e/screenshots";

/**
 * A screenshot of one element. Panels skip layout while off screen (content-visibility), so
 * scrolling to one lays out those it passes and moves it: wait two frames for the page to
 * settle before measuring it, or a tall panel is clipped from where it used to be.
 */
async function shot(element: Locator, path: string) {
  // The first visit's "saved for offline use" news floats over the panels for a while.
  const offline = element.page().getByTestId("offline-ready");
  if (await offline.isVisible()) await offline.getByRole("button", { name: "Dismiss" }).click();
  await element.scrollIntoViewIfNeeded();
  await element.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
  await element.screenshot({ path });
}

test("screenshots of the page and each panel", async ({ page }) => {
  await openLab(page);
  await page.screenshot({ path: `${dir}/page.png`, fullPage: true });
  // The README's picture: the settings, the curves and the first simulation panels.
  await page.setViewportSize({ width: 1400, height: 1500 });
  await page.screenshot({ path: `${dir}/readme.png` });
  await page.setViewportSize({ width: 1400, height: 900 });
  for (const id of PANELS) {
    await shot(page.locator(`[data-panel="${id}"]`), `${dir}/${id}.png`);
  }
  await page.getByLabel("DTrace quantize()").check();
  await shot(page.locator('[data-panel="latency"]'), `${dir}/latency-quantize.png`);
  await page.getByLabel("zpool iostat -w").check();
  await shot(page.locator('[data-panel="latency"]'), `${dir}/latency-iostat.png`);
  await page.locator(".controls").screenshot({ path: `${dir}/controls.png` });
  await page
    .locator('details.group[data-group="Workload"]')
    .screenshot({ path: `${dir}/controls-workload.png` });
  for (const [file, legend] of [
    ["controls-legacy-throttle", "Legacy write throttle"],
    ["controls-legacy-scheduler", "Legacy I/O scheduler"],
  ] as const) {
    await page.locator(`details.group[data-group^="${legend}"]`).screenshot({ path: `${dir}/${file}.png` });
  }
  await openLab(
    page,
    "#v=1&zfs_dirty_data_max=1G&zfs_delay_scale=2ms&zfs_vdev_async_write_active_min_dirty_percent=20&zfs_bogus=1",
  );
  // The keyboard cursor: from 50%, eight steps of 5% to 90% of zfs_dirty_data_max.
  await page.locator('[data-panel="delay-curve"] svg').focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.screenshot({ path: `${dir}/page-tuned.png`, fullPage: true });
});

test("screenshots of the charts at awkward settings and a narrow window", async ({ page }) => {
  for (const [name, search] of [
    ["delay-scale-90ms", "#v=1&zfs_delay_scale=90ms"],
    [
      "async-low-percents",
      "#v=1&zfs_vdev_async_write_active_min_dirty_percent=2&zfs_vdev_async_write_active_max_dirty_percent=5&zfs_dirty_data_sync_percent=1",
    ],
    ["delay-min-99", "#v=1&zfs_delay_min_dirty_percent=99"],
  ] as const) {
    await openLab(page, search);
    await page.locator(".panels").screenshot({ path: `${dir}/${name}.png` });
  }
  await page.setViewportSize({ width: 1000, height: 900 });
  await openLab(page);
  await page.screenshot({ path: `${dir}/narrow-1000.png`, fullPage: true });
});

test("screenshots of the simulation panels for other presets and an A/B pair", async ({ page }) => {
  for (const [name, search] of [
    ["delay-tuning", "#v=1&async_writers=64&async_rate=0&readers=0&lun_latency=500us&duration=30"],
    ["hdd-mirror", "#v=1&device=hdd&mirror=2&async_writers=16&async_rate=0"],
    ["steady-state", "#v=1&async_writers=32&async_rate=0&lun_latency=500us&duration=240&run_until=steady"],
    [
      "metaslab",
      "#v=1&async_writers=16&async_block_size=8K&recordsize=8K&file_size=4G&async_pattern=random&async_rate=0&readers=0&device=hdd&disk_capacity=64G&allocator=2009&pool_fill=62&pool_holes=8&zfs_dirty_data_max=512M&duration=60&pinned=1&a.async_writers=16&a.async_block_size=8K&a.recordsize=8K&a.file_size=4G&a.async_pattern=random&a.async_rate=0&a.readers=0&a.device=hdd&a.disk_capacity=64G&a.allocator=2010&a.pool_fill=62&a.pool_holes=8&a.zfs_dirty_data_max=512M&a.duration=60",
    ],
    [
      "zones",
      "#v=1&async_writers=1&async_block_size=8K&async_rate=0&readers=3&tenancy=per_workload&device=hdd&top_level_vdevs=4&throttle_model=legacy&scheduler_model=legacy&duration=60",
    ],
    [
      "ab-delay-scale",
      "#v=1&zfs_dirty_data_max=1G&zfs_delay_scale=2ms&async_writers=64&async_rate=0&readers=4&lun_latency=500us&duration=30&pinned=1&a.zfs_dirty_data_max=1G&a.async_writers=64&a.async_rate=0&a.readers=4&a.lun_latency=500us&a.duration=30",
    ],
  ] as const) {
    await openLab(page, search);
    await page.screenshot({ path: `${dir}/page-${name}.png`, fullPage: true });
    await page.locator('[data-panel="summary"]').screenshot({ path: `${dir}/summary-${name}.png` });
  }
  await page.locator(".controls").screenshot({ path: `${dir}/controls-ab.png` });
  // The scan's progress appears only when a run scans: a scrub beside readers and writers.
  await openLab(
    page,
    "#v=1&drive=7200-hc310&mirror=2&scrub=on&zfs_scan_vdev_limit=64M&async_writers=4&readers=4",
  );
  for (const id of ["scan", "txg-timeline", "queue-depths"])
    await shot(page.locator(`[data-panel="${id}"]`), `${dir}/${id}-scrub.png`);
});

test("screenshots of finding one's way and the shipped site, at 1280x720 and 1920x1080", async ({ page }) => {
  test.setTimeout(120_000);
  for (const [width, height] of [
    [1280, 720],
    [1920, 1080],
  ] as const) {
    const at = `${width}x${height}`;
    await page.setViewportSize({ width, height });
    await openLab(page);
    await page.screenshot({ path: `${dir}/page-${at}.png` });
    await page.keyboard.press("Tab");
    await page.screenshot({ path: `${dir}/skip-link-${at}.png` });
    await page.getByLabel("Find a setting").fill("dirty");
    await page.screenshot({ path: `${dir}/filter-${at}.png` });
    await page.getByLabel("Find a setting").fill("");
    await page.locator('[data-tunable="zfs_dirty_data_max"] .control-name').hover();
    await page.screenshot({ path: `${dir}/help-${at}.png` });
    await page.getByRole("button", { name: "Reset all to defaults" }).click();
    await page.screenshot({ path: `${dir}/undo-${at}.png` });
    await page.goto(
      "./#v=1&zfs_dirty_data_max=1M&async_rate=100G/s&device=ssd&duration=831&steady_window=759",
    );
    // In view, the panel follows the run's partial reports (WhenSeen).
    await page.locator('[data-panel="txgs"]').scrollIntoViewIfNeeded();
    await expect(page.getByTestId("txg-count")).toContainText(/Current: \d{2,3},\d{3} txgs synced/, {
      timeout: 60_000,
    });
    await page.screenshot({ path: `${dir}/f0-txgs-${at}.png` });
    await page.locator('[data-panel="dirty"]').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${dir}/f0-dirty-${at}.png` });
    await page.goto(pathToFileURL(resolve("dist/index.html")).href);
    await page.screenshot({ path: `${dir}/file-${at}.png` });
  }
});
