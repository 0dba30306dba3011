// The foundation as a user meets it: load, move, type, share, and survive bad links.
import { expect, test } from "@playwright/test";
import { collectErrors, control, expectFragment, field, openLab, simulationsDone, slider } from "./lab";

test("the page loads with both curves and no console error", async ({ page }) => {
  const errors = collectErrors(page);
  await openLab(page);
  await expect(page.getByTestId("async-curve")).toHaveAttribute("d", /^M/);
  await expect(page.getByTestId("delay-curve")).toHaveAttribute("d", /^M/);
  // 48 tunables (27 OpenZFS, 9 legacy, 12 of the SmartOS zone throttle) in the side panel
  // and the write size under the delay curve.
  await expect(page.locator('.controls .control[data-tunable^="zfs_"]')).toHaveCount(58);
  await expect(page.locator(".panels .control")).toHaveCount(1);
  await expect(page.getByTestId("delay-readout")).toContainText("499,999 ns");
  expect(errors).toEqual([]);
});

test("moving a slider redraws the curve and updates the link", async ({ page }) => {
  await openLab(page);
  const curve = page.getByTestId("async-curve");
  const before = await curve.getAttribute("d");
  await slider(page, "zfs_vdev_async_write_max_active").focus();
  await page.keyboard.press("ArrowRight");
  await expect(field(page, "zfs_vdev_async_write_max_active")).toHaveValue("11");
  await expect(curve).not.toHaveAttribute("d", before ?? "");
  await expectFragment(page, /zfs_vdev_async_write_max_active=11/);
  await page.keyboard.press("End");
  await expect(field(page, "zfs_vdev_async_write_max_active")).toHaveValue("100000");
});

test("a field takes units, and refuses bad entries with the reason beside it", async ({ page }) => {
  await openLab(page);
  const dirtyMax = field(page, "zfs_dirty_data_max");
  await dirtyMax.fill("1.5GiB");
  await dirtyMax.press("Enter");
  await expect(dirtyMax).toHaveValue("1536M");
  await expectFragment(page, /zfs_dirty_data_max=1536M/);

  await dirtyMax.fill("4X");
  await dirtyMax.press("Enter");
  await expect(control(page, "zfs_dirty_data_max").getByRole("alert")).toContainText("unknown unit 'X'");
  await expect(dirtyMax).toHaveValue("1536M");

  // 20 s × 1.5 GiB overflows dmu_tx_delay()'s 64 bits.
  const scale = field(page, "zfs_delay_scale");
  await scale.fill("20s");
  await scale.press("Enter");
  const alert = control(page, "zfs_delay_scale").getByRole("alert");
  await expect(alert).toContainText("zfs_dirty_data_max");
  await expect(scale).toHaveValue("500us");
});

test("warnings name advised-against combinations without refusing them", async ({ page }) => {
  await openLab(page);
  const f = field(page, "zfs_delay_min_dirty_percent");
  await f.fill("50%");
  await f.press("Enter");
  await expect(f).toHaveValue("50");
  await expect(page.getByTestId("warnings")).toContainText("zfs_vdev_async_write_active_max_dirty_percent");
});

test("reset restores one tunable or all of them", async ({ page }) => {
  await openLab(page, "#v=1&zfs_delay_scale=1ms&zfs_txg_timeout=10");
  await page.getByRole("button", { name: /Reset zfs_delay_scale to its default/ }).click();
  await expect(field(page, "zfs_delay_scale")).toHaveValue("500us");
  await expect(field(page, "zfs_txg_timeout")).toHaveValue("10");
  await page.getByRole("button", { name: "Reset all to defaults" }).click();
  await expect(field(page, "zfs_txg_timeout")).toHaveValue("5");
  await expectFragment(page, /^#v=1$/);
});

test("a copied link restores the same state in a new page", async ({ page, context }) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await openLab(page);
  for (const [name, text] of [
    ["zfs_dirty_data_max", "1G"],
    ["zfs_delay_scale", "1000000"],
    ["zfs_vdev_async_write_active_min_dirty_percent", "20"],
  ] as const) {
    await field(page, name).fill(text);
    await field(page, name).press("Enter");
  }
  await page.getByRole("button", { name: "Copy link" }).click();
  await expect(page.getByText("Link copied")).toBeVisible();
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toContain(
    "#v=1&zfs_dirty_data_max=1G&zfs_delay_scale=1ms&zfs_vdev_async_write_active_min_dirty_percent=20",
  );

  const other = await context.newPage();
  const errors = collectErrors(other);
  await other.goto(link);
  await expect(other.locator("body")).toHaveAttribute("data-ready", "true");
  for (const id of ["async-curve", "delay-curve"]) {
    await expect(other.getByTestId(id)).toHaveAttribute(
      "d",
      (await page.getByTestId(id).getAttribute("d")) ?? "",
    );
  }
  await expect(field(other, "zfs_delay_scale")).toHaveValue("1ms");
  await expect(other.getByTestId("link-notices")).toHaveCount(0);
  expect(errors).toEqual([]);
});

test("a malformed link opens with a notice naming each problem, and the rest applies", async ({ page }) => {
  const errors = collectErrors(page);
  await openLab(page, "?v=1&zfs_bogus=3&zfs_txg_timeout=ten&zfs_dirty_data_max=2G&raidz=raidz2&%ZZ");
  const notices = page.getByTestId("link-notices");
  await expect(notices).toContainText("'zfs_bogus' is not a setting of this lab");
  await expect(notices).toContainText("zfs_txg_timeout: cannot read 'ten'");
  await expect(notices).toContainText("reset to the default: raidz");
  await expect(field(page, "zfs_dirty_data_max")).toHaveValue("2G");
  await expect(field(page, "zfs_txg_timeout")).toHaveValue("5");
  await slider(page, "zfs_delay_min_dirty_percent").focus();
  await page.keyboard.press("ArrowRight");
  await expect(field(page, "zfs_delay_min_dirty_percent")).toHaveValue("61");
  expect(errors).toEqual([]);
});

test("reversed async-write percents run as a step, which the curve and its readout say", async ({ page }) => {
  await openLab(
    page,
    "#v=1&release=2.0&zfs_vdev_async_write_active_min_dirty_percent=50&zfs_vdev_async_write_active_max_dirty_percent=30",
  );
  await expect(page.getByTestId("async-readout")).toContainText("No ramp with these settings (50% to 30%");
  // 0.6.5-2.0 test dirty < min_bytes first: at 40% it is still the minimum.
  const chart = page.locator('[data-panel="async-write-curve"] svg');
  await chart.focus();
  for (let i = 0; i < 40; i++) await page.keyboard.press("ArrowLeft");
  await expect(page.getByTestId("async-readout")).toContainText("At 40.00% of zfs_dirty_data_max");
  await expect(page.getByTestId("async-readout")).toContainText(": 2 async writes in flight");
});

test("hovering or arrowing over a chart reads exact values, shared by both charts", async ({ page }) => {
  await openLab(page);
  const chart = page.locator('[data-panel="async-write-curve"] svg');
  await chart.focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByTestId("async-readout")).toContainText(
    "At 50.25% of zfs_dirty_data_max = 2,158,221,066 bytes (2.01 GiB): 7 async writes",
  );
  await expect(page.getByTestId("delay-readout")).toContainText("no delay");
  const target = page.locator('[data-panel="delay-curve"] .hover-target');
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error("no delay chart");
  await page.mouse.move(box.x + box.width * 0.9, box.y + box.height / 2);
  await expect(page.getByTestId("delay-readout")).toContainText("delayed transactions/s");
  await expect(page.getByTestId("async-readout")).toContainText("10 async writes");
});

test("each control shows its meaning, default and OpenZFS/FreeBSD names on focus", async ({ page }) => {
  await openLab(page);
  await field(page, "zfs_txg_timeout").focus();
  const help = page.locator("#help-zfs_txg_timeout");
  await expect(help).toBeVisible();
  await expect(help).toContainText("/sys/module/zfs/parameters/zfs_txg_timeout");
  await expect(help).toContainText("vfs.zfs.txg.timeout");
  await expect(help).toContainText("Default 5 s");
});

test("a control's help never blocks the control below it, and Escape hides it", async ({ page }) => {
  await openLab(page);
  // The control in the middle of the screen, so that the field below it is on screen too:
  // centred, then centred again once the groups it brought near are drawn (the settings
  // column draws a group when it comes near; until then its height is an estimate).
  const above = control(page, "zfs_dirty_data_max");
  for (let i = 0; i < 2; i++) {
    await above.evaluate((e) => e.scrollIntoView({ block: "center" }));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  await above.hover();
  await expect(page.locator("#help-zfs_dirty_data_max")).toBeVisible();
  const below = field(page, "zfs_dirty_data_sync_percent");
  // The help lies over the field below, and yet the pointer there finds the field. Read in
  // one go, so that the settings column cannot move between measuring and hitting.
  const { covered, hit } = await below.evaluate((f) => {
    const r = f.getBoundingClientRect();
    const [x, y] = [r.x + r.width / 2, r.y + r.height / 2];
    const help = document.getElementById("help-zfs_dirty_data_max")?.getBoundingClientRect();
    const over = !!help && help.left <= x && x <= help.right && help.top <= y && y <= help.bottom;
    const at = document.elementFromPoint(x, y);
    return { covered: over, hit: at === f ? true : `${at?.outerHTML.slice(0, 80)} at ${x},${y}` };
  });
  expect(covered).toBe(true);
  expect(hit).toBe(true);
  await below.click();
  await expect(below).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(page.locator("#help-zfs_dirty_data_sync_percent")).toBeHidden();
});

test("a slider stops at the nearest accepted value and says why; the message clears later", async ({
  page,
}) => {
  await openLab(page);
  // zfs_delay_scale x zfs_dirty_data_max (4 GiB) must fit in 64 bits: 4294967295 ns at most.
  await slider(page, "zfs_delay_scale").focus();
  await page.keyboard.press("End");
  await expect(field(page, "zfs_delay_scale")).toHaveValue("4294967295");
  const note = control(page, "zfs_delay_scale").getByRole("alert");
  await expect(note).toContainText("Stopped at the nearest accepted value");
  await field(page, "zfs_txg_timeout").fill("7");
  await field(page, "zfs_txg_timeout").press("Enter");
  await expect(note).toHaveCount(0);
});

test("a link that raises the work budget asks before it runs with it", async ({ page }) => {
  await openLab(page, "#v=1&event_budget=5000000000&duration=1");
  const ask = page.getByTestId("budget-confirm");
  await expect(ask).toContainText("5,000,000,000 events");
  // Meanwhile the run uses the default cap.
  await expect(field(page, "event_budget")).toHaveValue("200000000");
  await ask.getByRole("button", { name: "Run with 5,000,000,000 events" }).click();
  await expect(ask).toBeHidden();
  await expect(field(page, "event_budget")).toHaveValue("5000000000");
  // Keeping the default leaves it, and a budget below the cap is not asked about.
  await openLab(page, "#v=1&event_budget=9000000000&duration=1");
  await page.getByTestId("budget-confirm").getByRole("button", { name: "Keep the default" }).click();
  await expect(field(page, "event_budget")).toHaveValue("200000000");
  await openLab(page, "#v=1&event_budget=5000&duration=1");
  await expect(page.getByTestId("budget-confirm")).toBeHidden();
});

test("the machine's RAM sets the dirty limit the runs and the curves use, while it is left at its default", async ({
  page,
}) => {
  await openLab(page, "#v=1&ram=16G");
  // 10% of 16 GiB: the control says what the run uses, the delay curve is drawn from it.
  await expect(page.getByTestId("runs-with-zfs_dirty_data_max")).toContainText(
    "Runs with 1.60 GiB, the default of the chosen release (with the machine's ram)",
  );
  await expect(page.getByTestId("delay-readout")).toContainText("(1.28 GiB)");
  // Set explicitly, the value is the one used.
  await page.locator("#field-zfs_dirty_data_max").fill("2G");
  await page.locator("#field-zfs_dirty_data_max").press("Enter");
  await expect(page.getByTestId("runs-with-zfs_dirty_data_max")).toHaveCount(0);
  await expect(page.getByTestId("delay-readout")).toContainText("(1.60 GiB)");
  // Set to the current default (4 GiB), it is still a choice: the run keeps it.
  await page.locator("#field-zfs_dirty_data_max").fill("4G");
  await page.locator("#field-zfs_dirty_data_max").press("Enter");
  await expect(page.getByTestId("runs-with-zfs_dirty_data_max")).toHaveCount(0);
  await expect(page.getByTestId("delay-readout")).toContainText("(3.20 GiB)");
  await expectFragment(page, /zfs_dirty_data_max=4G/);
  // Reset, it follows the RAM again.
  await page.getByRole("button", { name: /Reset zfs_dirty_data_max to its default/ }).click();
  await expect(page.getByTestId("runs-with-zfs_dirty_data_max")).toContainText("Runs with 1.60 GiB");
  await expect(page.getByTestId("delay-readout")).toContainText("(1.28 GiB)");
  // The default shown, entered as it is, is kept too.
  await page.locator("#field-zfs_dirty_data_max").fill("4G");
  await page.locator("#field-zfs_dirty_data_max").press("Enter");
  await expect(page.getByTestId("runs-with-zfs_dirty_data_max")).toHaveCount(0);
  await expect(page.getByTestId("delay-readout")).toContainText("(3.20 GiB)");
});

test("a tunable the chosen release does not have says so", async ({ page }) => {
  await openLab(page, "#v=1&release=3");
  await expect(page.getByTestId("absent-zfs_dirty_data_sync")).toHaveText(
    "Not a module parameter of OpenZFS 0.8.",
  );
  await expect(page.getByTestId("absent-zfs_wrlog_data_max")).toBeVisible();
  await expect(page.getByTestId("absent-zfs_dirty_data_sync_percent")).toHaveCount(0);
  // A value for it is refused by name, not run without effect.
  await page.locator("#field-zfs_wrlog_data_max").fill("1G");
  await page.locator("#field-zfs_wrlog_data_max").press("Enter");
  await expect(page.locator("#error-zfs_wrlog_data_max")).toHaveText(
    "Refused: zfs_wrlog_data_max is not a tunable of OpenZFS 0.8 (release; 2.1.16 to master have it): reset it, or choose a release that has it",
  );
  await expect(page.locator("#field-zfs_wrlog_data_max")).toHaveValue("0");
  // 0.7 had zfs_dirty_data_sync, not the percent.
  await openLab(page, "#v=1&release=2");
  await expect(page.getByTestId("absent-zfs_dirty_data_sync")).toHaveCount(0);
  await expect(page.getByTestId("absent-zfs_dirty_data_sync_percent")).toBeVisible();
  // ... and called zfs_scrub_min_time_ms zfs_scan_min_time_ms.
  await expect(page.getByTestId("old-name-zfs_scrub_min_time_ms")).toHaveText(
    "Called zfs_scan_min_time_ms in this release.",
  );
});

test("a pool pasted as its zpool create line or zpool status sets the pool, and a mix is refused by name", async ({
  page,
}) => {
  await openLab(page);
  const layout = page.getByTestId("pool-layout");
  await layout.locator("summary").click();
  const text = layout.locator("textarea");
  await text.fill(
    "zpool create -o ashift=12 tank raidz2 sda sdb sdc sdd sde sdf raidz2 sdg sdh sdi sdj sdk sdl log mirror nvme0n1 nvme1n1 cache nvme2n1",
  );
  await layout.getByRole("button", { name: "Use this pool" }).click();
  await expect(layout.getByRole("status")).toContainText(
    "top_level_vdevs=2, mirror=6, raidz=raidz2, slog=ssd-mirror",
  );
  await expect(layout.getByRole("status")).toContainText("L2ARC takes no part in writes");
  await expect(field(page, "top_level_vdevs")).toHaveValue("2");
  await expect(field(page, "mirror")).toHaveValue("6");
  await expectFragment(page, /raidz=raidz2/);
  await simulationsDone(page, 2);
  // zpool status of a pool mixing a mirror with RAID-Z: refused, saying where it can go.
  await text.fill(
    "  NAME        STATE     READ WRITE CKSUM\n  tank        ONLINE       0     0     0\n    mirror-0  ONLINE       0     0     0\n      sdc     ONLINE       0     0     0\n      sdd     ONLINE       0     0     0\n    raidz1-1  ONLINE       0     0     0\n      sde     ONLINE       0     0     0\n      sdf     ONLINE       0     0     0\n      sdg     ONLINE       0     0     0\n",
  );
  await layout.getByRole("button", { name: "Use this pool" }).click();
  await expect(layout.getByRole("alert")).toContainText("mixes mirror of 2 disks with raidz1 of 3");
  await expect(field(page, "mirror")).toHaveValue("6");
  // A zpool create line zpool itself would refuse names its word.
  await text.fill("zpool create tank mirror sda");
  await layout.getByRole("button", { name: "Use this pool" }).click();
  await expect(layout.getByRole("alert")).toContainText(
    "word 4: a mirror needs at least 2 devices, it has 1",
  );
});

test("a named drive sets the disk's kind and figures, and a moved setting still changes it", async ({
  page,
}) => {
  await openLab(page);
  await page.locator("#field-drive").selectOption("sata-s4500");
  await expect(page.getByTestId("runs-with-device")).toContainText("Runs with ssd");
  await expect(page.getByTestId("runs-with-ssd_read")).toContainText(
    "Runs with 75 µs, the default of the chosen drive",
  );
  await expectFragment(page, /drive=sata-s4500/);
  await simulationsDone(page, 2);
  // The kind's own setting, moved, is what the run uses.
  await field(page, "ssd_read").fill("20us");
  await field(page, "ssd_read").press("Enter");
  await expect(page.getByTestId("runs-with-ssd_read")).toHaveCount(0);
});

test("a pasted fio job file sets the workload, and what the lab cannot take is refused by name", async ({
  page,
}) => {
  await openLab(page);
  const fio = page.getByTestId("fio-jobs");
  await fio.locator("summary").click();
  const text = fio.locator("textarea");
  await text.fill(
    "[global]\nruntime=20\nioengine=libaio\n[db]\nrw=randwrite\nbs=8k\nnumjobs=4\nrate=2m\n[scan]\nrw=read\nbs=1m\n",
  );
  await fio.getByRole("button", { name: "Use these jobs" }).click();
  await expect(fio.getByRole("status")).toContainText("async_writers=4");
  await expect(field(page, "async_block_size")).toHaveValue("8K");
  await expect(field(page, "readers")).toHaveValue("1");
  await expectFragment(page, /read_pattern=sequential/);
  await simulationsDone(page, 2);
  // A sync job's rate and pattern reach their controls; a comment after a value is not
  // part of it; what the lab runs differently from fio is said with its line.
  await text.fill("[global]\nstonewall\n[s]\nrw=randwrite\nsync=1 ; O_DSYNC\nrate=2m\nnumjobs=4\n");
  await fio.getByRole("button", { name: "Use these jobs" }).click();
  await expect(fio.getByRole("status")).toContainText("sync_rate=8M/s, sync_pattern=random");
  await expect(fio.getByRole("status")).toContainText("line 2: [global] stonewall");
  await expect(field(page, "sync_rate")).toHaveValue("8M/s");
  await simulationsDone(page, 3);
  await text.fill("[a]\nrw=write\n[b]\nrw=randwrite\n");
  await fio.getByRole("button", { name: "Use these jobs" }).click();
  await expect(fio.getByRole("alert")).toContainText("two jobs of async_write");
  await text.fill("[a]\nrw=trim\n");
  await fio.getByRole("button", { name: "Use these jobs" }).click();
  await expect(fio.getByRole("alert")).toContainText("line 2: [a] rw=trim is not modelled");
});
