// Screenshots of every panel, for people to look at (written to tests/e2e/screenshots/).
import { test } from "@playwright/test";
import { openLab } from "./lab";

const dir = "tests/e2e/screenshots";

test("screenshots of the page and each panel", async ({ page }) => {
  await openLab(page);
  await page.screenshot({ path: `${dir}/page.png`, fullPage: true });
  await page.locator('[data-panel="async-write-curve"]').screenshot({ path: `${dir}/async-write-curve.png` });
  await page.locator('[data-panel="delay-curve"]').screenshot({ path: `${dir}/delay-curve.png` });
  await page.locator(".controls").screenshot({ path: `${dir}/controls.png` });
  for (const [file, legend] of [
    ["controls-legacy-throttle", "Legacy write throttle"],
    ["controls-legacy-scheduler", "Legacy I/O scheduler"],
  ] as const) {
    await page.locator("fieldset", { hasText: legend }).screenshot({ path: `${dir}/${file}.png` });
  }
  await openLab(
    page,
    "?v=1&zfs_dirty_data_max=1G&zfs_delay_scale=2ms&zfs_vdev_async_write_active_min_dirty_percent=20&zfs_bogus=1",
  );
  // The keyboard cursor: from 50%, eight steps of 5% to 90% of zfs_dirty_data_max.
  await page.locator('[data-panel="delay-curve"] svg').focus();
  for (let i = 0; i < 8; i++) await page.keyboard.press("Shift+ArrowRight");
  await page.screenshot({ path: `${dir}/page-tuned.png`, fullPage: true });
});

test("screenshots of the charts at awkward settings and a narrow window", async ({ page }) => {
  for (const [name, search] of [
    ["delay-scale-90ms", "?v=1&zfs_delay_scale=90ms"],
    [
      "async-low-percents",
      "?v=1&zfs_vdev_async_write_active_min_dirty_percent=2&zfs_vdev_async_write_active_max_dirty_percent=5&zfs_dirty_data_sync_percent=1",
    ],
    ["delay-min-99", "?v=1&zfs_delay_min_dirty_percent=99"],
  ] as const) {
    await openLab(page, search);
    await page.locator(".panels").screenshot({ path: `${dir}/${name}.png` });
  }
  await page.setViewportSize({ width: 1000, height: 900 });
  await openLab(page);
  await page.screenshot({ path: `${dir}/narrow-1000.png`, fullPage: true });
});
