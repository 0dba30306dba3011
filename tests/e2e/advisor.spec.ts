// The tuning advisor as a user meets it: pick a symptom on a preset, start the sweep, watch
// it go, read the trade-off and the proposal with its cost, apply it as B; and Stop.
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "@playwright/test";
import { collectErrors, expectFragment, openLab, simulationsDone } from "./lab";

test("the advisor sweeps a preset, plots the trade-off, proposes a setting and applies it as B", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openLab(page);
  await page.locator("#preset").selectOption("scrub-limit");
  await simulationsDone(page, 2);
  const advisor = page.getByTestId("advisor");
  await advisor.locator("summary").click();
  await advisor.getByLabel("Symptom").selectOption("scan-hurts-reads");
  // The symptom's own guard is on: the scan must not slow by more than 10%.
  await expect(advisor.getByRole("checkbox", { name: "scan rate" })).toBeChecked();
  await advisor.getByRole("button", { name: "Start the sweep" }).click();
  const progress = advisor.getByTestId("advisor-progress");
  await expect(progress).toContainText(/Run \d+ of about \d+/);
  // Points appear while it runs, and the settings as given are among them.
  const plot = advisor.getByTestId("advisor-plot");
  await expect(plot.locator(".points .point.baseline")).toHaveCount(1);
  await expect(progress).toContainText(/Done: \d+ runs/, { timeout: 60_000 });
  expect(await plot.locator(".points .point").count()).toBeGreaterThan(20);
  // zfs_vdev_scrub_min_active=0 stops the scrub: tried, and drawn as breaking the guard.
  expect(await plot.locator(".points .point.infeasible").count()).toBeGreaterThan(0);
  await expect(plot.locator(".points .point.proposal")).toHaveCount(1);
  const verdict = advisor.getByTestId("advisor-verdict");
  await expect(verdict).toContainText(/^Set zfs_\w+=\S+.*: client read p99 [\d.]+ ms -> [\d.]+ ms \(-\d+%\)/);
  // No label of the plot sits on another (legend, ticks, axis titles).
  const overlaps = await plot.evaluate((svg) => {
    const boxes = [...svg.querySelectorAll("text")].map((t) => ({
      text: t.textContent,
      box: t.getBoundingClientRect(),
    }));
    return boxes.flatMap((a, i) =>
      boxes
        .slice(i + 1)
        .filter(
          ({ box: b }) =>
            a.box.left < b.right - 1 &&
            b.left < a.box.right - 1 &&
            a.box.top < b.bottom - 1 &&
            b.top < a.box.bottom - 1,
        )
        .map((b) => `"${a.text}" on "${b.text}"`),
    );
  });
  expect(overlaps).toEqual([]);
  expect(await plot.locator("text").count()).toBeGreaterThan(8);
  // Open, with every part shown, the panel passes the accessibility scan the page does.
  await advisor.getByText(/^All \d+ settings tried$/).click();
  await advisor.getByText(/^What it swept/).click();
  const scan = await new AxeBuilder({ page }).include('[data-testid="advisor"]').analyze();
  const serious = scan.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  const proposed =
    /^Set ((?:zfs_\w+=\S+ ?)+):/
      .exec(await verdict.innerText())?.[1]
      ?.trim()
      .split(" ") ?? [];
  expect(proposed.length).toBeGreaterThan(0);
  await advisor.getByTestId("advisor-apply").click();
  // A is the preset as it was, B the proposal: the A/B list names each change.
  const ab = page.getByTestId("ab-differences");
  await expect(ab).toBeVisible();
  for (const change of proposed) {
    const [name] = change.split("=");
    await expect(ab).toContainText(name ?? "");
  }
  await expectFragment(page, /&pinned=1&a\.zfs_scan_vdev_limit=64M&.*a\.scrub=on/);
  await simulationsDone(page, 3);
  expect(errors).toEqual([]);
});

test("Stop ends a sweep between runs and keeps what it found", async ({ page }) => {
  await openLab(page, "#v=1&async_writers=64&async_rate=0&readers=0&lun_latency=500us");
  const advisor = page.getByTestId("advisor");
  await advisor.locator("summary").click();
  await advisor.getByLabel("Symptom").selectOption("fast-then-slow");
  await advisor.getByRole("button", { name: "Start the sweep" }).click();
  await expect(advisor.getByTestId("advisor-plot").locator(".points .point")).not.toHaveCount(0);
  await advisor.getByRole("button", { name: "Stop" }).click();
  await expect(advisor.getByTestId("advisor-progress")).toContainText(/Stopped after \d+ runs/);
  await expect(advisor.getByTestId("advisor-verdict")).toContainText(/^So far: /);
  await expect(advisor.getByRole("button", { name: "Start the sweep" })).toBeEnabled();
});
