// From a customer's evidence to settings they can apply: paste a zpool iostat -w and a txgs
// kstat, read them, use the lab they imply and see the model beside the evidence; export
// each OS's settings and read the file back to the same tunables.
import { readFileSync } from "node:fs";
import { expect, test, type Page } from "@playwright/test";
import { collectErrors, field, openLab, simulationsDone } from "./lab";

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

async function readEvidence(page: Page, text: string) {
  const box = page.getByTestId("evidence");
  if (!(await box.evaluate((d) => (d as HTMLDetailsElement).open))) await box.locator("summary").click();
  await box.getByRole("textbox").fill(text);
  await box.getByRole("button", { name: "Read the evidence" }).click();
  return box;
}

test("a pasted zpool iostat -v is set beside the model's vdevs, row by row", async ({ page }) => {
  const errors = collectErrors(page);
  await openLab(page);
  // openzfs/zfs#2888 (ZoL 0.6.3): a two-disk mirror with an SSD log device.
  const box = await readEvidence(page, fixture("iostat-v-mirror-log.txt"));
  const implied = box.getByTestId("evidence-settings");
  // The mirror's row counts each block once (0.6.x): it is the writers' rate as it is.
  await expect(implied.locator("tr", { hasText: "async_rate" })).toContainText("count each block once");
  await box.getByRole("button", { name: "Use these settings" }).click();
  await simulationsDone(page, 2);
  const table = page.locator('[data-panel="evidence"]').getByTestId("evidence-vdevs");
  await expect(table.locator("tr[data-key]")).toHaveCount(6);
  // The customer's devices by name, the lab's at the same place beside them.
  await expect(table.locator('tr[data-key="0/1"]')).toContainText("wwn-5000c5002e3aa680 (disk1)");
  await expect(table.locator('tr[data-key="logs/0"] td.side-evidence').nth(1)).toHaveText("358");
  await expect(table.locator('tr[data-key="logs/0"] td.side-b').nth(1)).toHaveText(/^[\d,]+\.\d$/);
  const vdevs = page.locator('[data-panel="vdevs"]');
  await expect(vdevs.getByTestId("vdev-table").locator("tr[data-key]")).toHaveCount(6);
  await vdevs.locator("summary", { hasText: "zpool iostat -v for" }).click();
  await expect(vdevs.getByTestId("iostat-v")).toContainText(/^\s+capacity\s+operations\s+bandwidth/);
  await expect(vdevs.getByTestId("iostat-v")).toContainText("\nlogs ");
  expect(errors).toEqual([]);
});

test("a pasted zpool iostat -w and txgs kstat become a lab, and the model shows beside them", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openLab(page);
  const box = await readEvidence(
    page,
    `${fixture("iostat-w.txt")}\n${fixture("txgs.txt")}\n$ zpool iostat -vq mypool\n${fixture("iostat-q.txt")}\n$ cat /proc/spl/kstat/zfs/mypool/dmu_tx_assign\n${fixture("dmu_tx_assign.txt")}`,
  );
  const sections = box.getByTestId("evidence-sections");
  await expect(sections).toContainText("zpool iostat");
  await expect(sections).toContainText("txgs kstat");
  // The settings it implies, each with its source: the device from the histogram, the rate from the txgs.
  const implied = box.getByTestId("evidence-settings");
  await expect(implied.locator("tr", { hasText: "async_rate" })).toContainText(
    /dirty bytes of \d+ consecutive synced txgs/,
  );
  await expect(implied.locator("tr", { hasText: /^device/ })).toContainText("disk_wait");
  // A long exact value is also given for reading.
  await expect(implied.locator("tr", { hasText: "async_rate" }).locator("td").first()).toHaveText(
    /^\d{5,}\/s \(\d+(\.\d+)? [KMG]iB\/s\)$/,
  );
  await box.getByRole("button", { name: "Use these settings" }).click();
  await simulationsDone(page, 2);
  const panel = page.locator('[data-panel="evidence"]');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId("fit-txgs")).toContainText(/fit \d+% · median txg dirty data: customer/);
  await expect(panel.getByTestId("fit-latency").first()).toContainText(
    /fit \d+% · \w+ (read|write): \d+% of the distributions overlap/,
  );
  await expect(panel.getByTestId("fit-queues")).toContainText(
    /fit \d+% · queue depths \(mean I\/Os\): .*asyncq_write pend customer 207\.00 model /,
  );
  await expect(panel.getByTestId("fit-tx-assign")).toContainText(
    /fit \d+% · dmu_tx_assign: \d+% of the distributions overlap/,
  );
  await expect(panel.getByTestId("fit-bandwidth")).toContainText("mean write bandwidth: customer 29.1 MiB/s");
  // Squares for the customer's txgs, bars for their histogram, beside the model's.
  expect(await panel.locator("rect.dot.side-evidence").count()).toBeGreaterThan(3);
  expect(await panel.locator("rect.bar.side-evidence").count()).toBeGreaterThan(3);
  await panel.scrollIntoViewIfNeeded();
  await page.screenshot({ path: "test-results/evidence-panel.png", fullPage: false });
  expect(errors).toEqual([]);
});

test("a line that is not evidence is named, markup stays text, and the rest is kept", async ({ page }) => {
  await openLab(page);
  const box = await readEvidence(page, `<img src=x onerror="window.pwned=1">\n${fixture("txgs.txt")}`);
  await expect(box.getByTestId("evidence-problems")).toContainText(
    "pasted line 1: not part of any output the lab reads",
  );
  await expect(box.getByTestId("evidence-sections")).toContainText("txgs kstat");
  expect(await page.locator(".evidence img").count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
});

for (const os of ["linux", "freebsd", "illumos"] as const) {
  test(`the ${os} export reads back to the same tunables`, async ({ page }) => {
    await openLab(
      page,
      "#v=1&release=2.2&zfs_txg_timeout=10&zfs_vdev_async_write_max_active=20&zfs_dirty_data_max=2G",
    );
    const exp = page.getByTestId("export");
    await exp.locator("summary").click();
    await exp.getByLabel("Operating system").selectOption(os);
    await exp.getByRole("button", { name: "Write the settings" }).click();
    const text = await exp.getByTestId("export-text").inputValue();
    const expected =
      os === "freebsd"
        ? 'vfs.zfs.txg.timeout="10"'
        : os === "illumos"
          ? "set zfs:zfs_txg_timeout = 10"
          : "options zfs zfs_txg_timeout=10";
    expect(text).toContain(expected);
    // The file back as evidence: the same tunables, each from its line.
    const box = await readEvidence(page, text);
    const implied = box.getByTestId("evidence-settings");
    await expect(implied.locator("tr", { hasText: "zfs_txg_timeout" }).locator("td").first()).toHaveText(
      "10",
    );
    await expect(
      implied.locator("tr", { hasText: "zfs_vdev_async_write_max_active" }).locator("td").first(),
    ).toHaveText("20");
    await expect(implied.locator("tr", { hasText: "zfs_dirty_data_max" }).locator("td").first()).toHaveText(
      "2G",
    );
    await box.getByRole("button", { name: "Use these settings" }).click();
    await expect(field(page, "zfs_txg_timeout")).toHaveValue("10");
  });
}

test("a panel saves as SVG and PNG, and the export box gives the ticket, report and series", async ({
  page,
}) => {
  const errors = collectErrors(page);
  await openLab(page, "#v=1&duration=5&zfs_delay_scale=2ms&pinned=1&a.duration=5");
  const save = async (locator: ReturnType<Page["locator"]>) => {
    const [download] = await Promise.all([page.waitForEvent("download"), locator.click()]);
    const path = await download.path();
    return { name: download.suggestedFilename(), bytes: readFileSync(path) };
  };
  const txgs = page.locator('[data-panel="txgs"]');
  const svg = await save(txgs.getByRole("button", { name: "SVG", exact: true }));
  expect(svg.name).toBe("txgs.svg");
  expect(svg.bytes.toString("utf8")).toMatch(
    /^<svg[^>]*xmlns="http:\/\/www.w3.org\/2000\/svg".*Transaction groups.*<\/svg>$/s,
  );
  const png = await save(txgs.getByRole("button", { name: "PNG", exact: true }));
  expect(png.bytes.subarray(1, 4).toString("latin1")).toBe("PNG");
  const exp = page.getByTestId("export");
  await exp.locator("summary").click();
  await exp.getByRole("button", { name: "Ticket summary of the comparison (Markdown)" }).click();
  const ticket = await exp.getByTestId("export-text").inputValue();
  expect(ticket).toContain("- `zfs_delay_scale: 500us → 2ms`");
  expect(ticket).toMatch(/\| figure \| A \(pinned\) \| B \(current\) \| change \|/);
  const csv = await save(exp.getByRole("button", { name: "Current run's series (CSV)" }));
  expect(csv.bytes.toString("utf8").split("\n")[0]).toContain("t_ns");
  const report = await save(exp.getByRole("button", { name: "Current run's report (JSON)" }));
  const parsed = JSON.parse(report.bytes.toString("utf8")) as {
    series: { t_ns: number[] };
    summary: unknown;
  };
  expect(parsed.series.t_ns.length).toBeGreaterThan(0);
  expect(errors).toEqual([]);
});

test("a latency histogram cut off in its first rows is said to hold no I/O, not dropped", async ({
  page,
}) => {
  await openLab(page);
  const box = await readEvidence(page, `${fixture("iostat-w-cut-short.txt")}\n${fixture("txgs.txt")}`);
  await box.getByRole("button", { name: "Use these settings" }).click();
  await simulationsDone(page, 2);
  await expect(page.getByTestId("evidence-latency-empty")).toContainText(
    "hold no I/O in total_wait read, total_wait write",
  );
});
