// Finding one's way in the lab: a filter over the settings, groups that fold, a skip link,
// labels that never sit on each other, help that never covers its control, Back and Forward
// through the changes, and an Undo for "Reset all".
import { expect, test, type Page } from "@playwright/test";
import { control, expectFragment, field, openLab, slider } from "./lab";

const fragment = (page: Page) => new URL(page.url()).hash;

test("the filter narrows the settings by name or meaning and keeps their groups", async ({ page }) => {
  await openLab(page);
  const filter = page.getByLabel("Find a setting");
  await filter.fill("delay_scale");
  await expect(page.locator(".controls .control")).toHaveCount(1);
  await expect(control(page, "zfs_delay_scale")).toBeVisible();
  await expect(page.getByTestId("filter-count")).toContainText("1 of");
  // By meaning, across groups, each group kept with its count.
  await filter.fill("scrub");
  const groups = page.locator(".controls details.group");
  expect(await groups.count()).toBeGreaterThan(1);
  await expect(groups.first().locator(".group-count")).toHaveText(/\d+ of \d+/);
  await filter.fill("no such setting anywhere");
  await expect(page.getByTestId("filter-count")).toContainText("No setting matches");
  await filter.fill("");
  await expect(page.locator('.controls .control[data-tunable^="zfs_"]')).toHaveCount(58);
});

test("the skip link takes the keyboard to the panels, and groups fold and unfold", async ({ page }) => {
  await openLab(page);
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to the panels" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press("Enter");
  await expect(page.locator("#panels")).toBeFocused();
  // The fragment holds the lab's state: the skip link leaves it alone.
  expect(fragment(page)).toBe("#v=1");

  const workload = page.locator('details.group[data-group="Workload"]');
  await workload.locator("summary").click();
  await expect(field(page, "async_writers")).toBeHidden();
  await workload.locator("summary").click();
  await expect(field(page, "async_writers")).toBeVisible();
});

/** Pairs of text boxes that overlap: in each chart, and among each control's name and value. */
async function collisions(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const hit = (a: DOMRect, b: DOMRect) =>
      a.width > 0 &&
      b.width > 0 &&
      a.left < b.right - 1 &&
      b.left < a.right - 1 &&
      a.top < b.bottom - 1 &&
      b.top < a.bottom - 1;
    const check = (where: string, elements: Element[]) => {
      const boxes = elements.map((e) => ({ text: e.textContent ?? "", box: e.getBoundingClientRect() }));
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i], boxes[j]];
          if (a && b && hit(a.box, b.box)) out.push(`${where}: "${a.text}" on "${b.text}"`);
        }
    };
    for (const svg of document.querySelectorAll("svg"))
      check(svg.getAttribute("aria-label")?.split(".")[0] ?? "chart", [...svg.querySelectorAll("text")]);
    for (const head of document.querySelectorAll(".control-head")) check("control", [...head.children]);
    check("header", [...document.querySelectorAll(".top h1, .top .tagline, .top button")]);
    return out;
  });
}

for (const [width, height] of [
  [1280, 720],
  [1920, 1080],
] as const) {
  test(`no label sits on another at ${width}x${height}`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height });
    for (const link of [
      "",
      "#v=1&zfs_vdev_async_write_active_min_dirty_percent=2&zfs_vdev_async_write_active_max_dirty_percent=5&zfs_dirty_data_sync_percent=1",
      "#v=1&zfs_delay_min_dirty_percent=99&zfs_delay_scale=90ms",
      "#v=1&async_writers=16&async_block_size=8K&recordsize=8K&file_size=4G&async_pattern=random&async_rate=0&readers=0&device=hdd&disk_capacity=64G&allocator=2009&pool_fill=62&pool_holes=8&zfs_dirty_data_max=512M&duration=60",
      "#v=1&device=hdd&mirror=2&async_writers=16&async_rate=0&pinned=1",
    ]) {
      await openLab(page, link);
      expect(await collisions(page), link || "defaults").toEqual([]);
    }
  });
}

test("a control's help opens clear of the control it explains", async ({ page }) => {
  test.setTimeout(60_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  const names = await page
    .locator(".controls .control")
    .evaluateAll((cs) => cs.map((c) => c.getAttribute("data-tunable") ?? ""));
  expect(names.length).toBeGreaterThan(40);
  for (const name of names) {
    const c = control(page, name);
    // Close the last control's help first, as a reader moving on would (Escape hides it).
    await page.keyboard.press("Escape");
    await page.mouse.move(0, 0);
    await c.scrollIntoViewIfNeeded();
    await c.locator(".control-name").hover();
    const help = page.locator(`#help-${name}`);
    await expect(help).toBeVisible();
    const helpBox = await help.boundingBox();
    const parts = await c.locator(".control-head > *, .control-row > *").all();
    for (const part of parts) {
      const box = await part.boundingBox();
      if (!helpBox || !box) continue;
      const overlaps =
        helpBox.x < box.x + box.width &&
        box.x < helpBox.x + helpBox.width &&
        helpBox.y < box.y + box.height &&
        box.y < helpBox.y + helpBox.height;
      expect(overlaps, `${name}'s help covers part of it`).toBe(false);
    }
  }
});

test("Back and Forward walk through the changes, one entry per settled change", async ({ page }) => {
  await openLab(page);
  const readers = field(page, "readers");
  await readers.fill("12");
  await readers.press("Enter");
  await expectFragment(page, /^#v=1&readers=12$/);
  const timeout = field(page, "zfs_txg_timeout");
  await timeout.fill("7");
  await timeout.press("Enter");
  await expectFragment(page, /zfs_txg_timeout=7/);
  const afterTwo = fragment(page);

  // Twenty quick arrow presses on a slider, as a drag: one history entry.
  const entries = await page.evaluate(() => history.length);
  await slider(page, "zfs_delay_scale").focus();
  for (let k = 0; k < 20; k++) await page.keyboard.press("ArrowRight");
  await expectFragment(page, /zfs_delay_scale=/);
  await expect.poll(() => page.evaluate(() => history.length)).toBe(entries + 1);
  // The burst's last state, once it has settled, in that one entry.
  const scale = await field(page, "zfs_delay_scale").inputValue();
  await expectFragment(page, new RegExp(`zfs_delay_scale=${scale}`));
  expect(await page.evaluate(() => history.length)).toBe(entries + 1);

  await page.goBack();
  await expect.poll(() => fragment(page)).toBe(afterTwo);
  await expect(field(page, "zfs_delay_scale")).toHaveValue("500us");
  await page.goBack();
  await expect.poll(() => fragment(page)).toBe("#v=1&readers=12");
  await expect(timeout).toHaveValue("5");
  await expect(readers).toHaveValue("12");
  await page.goBack();
  await expect.poll(() => fragment(page)).toBe("#v=1");
  await expect(readers).toHaveValue("4");
  await page.goForward();
  await expect.poll(() => fragment(page)).toBe("#v=1&readers=12");
  await expect(readers).toHaveValue("12");
  // Back from the lab's first entry leaves the lab, as Back should.
});

test("Reset all can be undone, restoring the settings and the pinned A exactly", async ({ page }) => {
  await openLab(page, "#v=1&zfs_delay_scale=2ms&readers=9&pinned=1&a.readers=2");
  const before = fragment(page);
  await page.getByRole("button", { name: "Reset all to defaults" }).click();
  await expectFragment(page, /^#v=1$/);
  await expect(field(page, "readers")).toHaveValue("4");
  await page.getByRole("button", { name: "Undo reset" }).click();
  await expect.poll(() => fragment(page)).toBe(before);
  await expect(field(page, "zfs_delay_scale")).toHaveValue("2ms");
  await expect(field(page, "readers")).toHaveValue("9");
  await expect(page.getByRole("button", { name: "Unpin A" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Undo reset" })).toHaveCount(0);
  // Any other change after a reset retires the offer.
  await page.getByRole("button", { name: "Reset all to defaults" }).click();
  await field(page, "readers").fill("5");
  await field(page, "readers").press("Enter");
  await expect(page.getByRole("button", { name: "Undo reset" })).toHaveCount(0);
});

test("Undo after Reset all brings back the preset the lab was on, its link and its description", async ({
  page,
}) => {
  await openLab(page, "#v=1");
  await page.locator("#preset").selectOption("slog");
  await expect(page.getByTestId("preset-about")).toBeVisible();
  await field(page, "readers").fill("7");
  await field(page, "readers").press("Enter");
  await expect.poll(() => fragment(page)).toContain("readers=7");
  const before = fragment(page);
  expect(before).toContain("slog");
  await page.getByRole("button", { name: "Reset all to defaults" }).click();
  await expectFragment(page, /^#v=1$/);
  await expect(page.getByTestId("preset-about")).toHaveCount(0);
  await page.getByRole("button", { name: "Undo reset" }).click();
  await expect.poll(() => fragment(page)).toBe(before);
  await expect(page.getByTestId("preset-about")).toBeVisible();
  await expect(field(page, "readers")).toHaveValue("7");
});
