// The built site as it is shipped: served by a plain static server under a base path, with
// the deployment's headers. Offline after one visit, the WASM fetched once per load, no CSP
// violation and no request to another origin, a helpful page when opened as a file, long
// links that never reach the server, and a huge run that keeps the page alive and small.
import { expect, test, type Page } from "@playwright/test";
import { spawn } from "node:child_process";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { PANELS, collectErrors, field, openLab, simulationsDone } from "./lab";

/** Records every CSP violation the page or its workers report, from the first script on. */
async function watchCsp(page: Page): Promise<() => Promise<string[]>> {
  const console: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy/i.test(m.text())) console.push(m.text());
  });
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { cspViolations: string[] }).cspViolations = seen;
    document.addEventListener("securitypolicyviolation", (e) =>
      seen.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  return async () => [
    ...console,
    ...(await page.evaluate(() => (window as unknown as { cspViolations: string[] }).cspViolations)),
  ];
}

test("no CSP violation and no request to another origin, on load and through a run", async ({
  page,
  context,
  baseURL,
}) => {
  const origin = new URL(baseURL ?? "").origin;
  const elsewhere: string[] = [];
  context.on("request", (r) => {
    if (new URL(r.url()).origin !== origin) elsewhere.push(r.url());
  });
  const violations = await watchCsp(page);
  const errors = collectErrors(page);
  const response = await page.goto("./");
  expect(response?.headers()["content-security-policy"]).toContain("script-src 'self' 'wasm-unsafe-eval'");
  await expect(page.locator('meta[http-equiv="Content-Security-Policy"]')).toHaveAttribute(
    "content",
    /default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; style-src 'self'/,
  );
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  await simulationsDone(page);
  const readers = field(page, "readers");
  await readers.fill("9");
  await readers.press("Enter");
  await simulationsDone(page, 2);
  // Hover a time chart: the heat maps' cursor is positioned by a style property.
  const target = page.locator('[data-panel="dirty"] .hover-target');
  await target.scrollIntoViewIfNeeded();
  await target.hover();
  await expect(page.locator(".heat-cursor")).toHaveCount(2);
  expect(await violations()).toEqual([]);
  expect(elsewhere).toEqual([]);
  expect(errors).toEqual([]);
});

test("text from a link is shown as text, never as markup", async ({ page }) => {
  const violations = await watchCsp(page);
  const hostile = encodeURIComponent('<img src=x onerror="document.title=1">');
  await openLab(page, `#v=1&${hostile}=1&zfs_txg_timeout=${hostile}`);
  const notices = page.getByTestId("link-notices");
  await expect(notices).toContainText('<img src=x onerror="document.title=1">');
  await expect(page.locator("img")).toHaveCount(0);
  expect(await violations()).toEqual([]);
});

test("the WASM is fetched and compiled once per load, for the page and both workers", async ({ page }) => {
  const wasm: string[] = [];
  page.on("request", (r) => {
    if (r.url().endsWith(".wasm")) wasm.push(r.url());
  });
  await openLab(page);
  expect(wasm).toHaveLength(1);
  // A second load, now through the service worker: once again.
  wasm.length = 0;
  await page.reload();
  await simulationsDone(page);
  expect(wasm).toHaveLength(1);
});

test("after one visit the lab loads and runs with no network and no server", async ({ browser }) => {
  // A server of its own, stopped before the offline load: nothing can come from it.
  const port = 4174;
  const server = spawn(
    process.execPath,
    ["tests/static-server.mjs", "--port", String(port), "--base", "/x/"],
    {
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((ready) => server.stdout.once("data", () => ready()));
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}/x/` });
  try {
    const page = await context.newPage();
    await openLab(page, "#v=1&readers=6");
    // The service worker is active once it has precached the app and the WASM.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    server.kill();
    await context.setOffline(true);
    await page.reload();
    await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
    await simulationsDone(page);
    await expect(field(page, "readers")).toHaveValue("6");
    const readers = field(page, "readers");
    await readers.fill("3");
    await readers.press("Enter");
    await simulationsDone(page, 2);
    await expect(page.getByTestId("summary-table")).toContainText("device writes");
  } finally {
    server.kill();
    await context.close();
  }
});

test("opened from the disk, the page says how to serve it", async ({ page }) => {
  await page.goto(pathToFileURL(resolve("dist/index.html")).href);
  const fallback = page.getByTestId("boot-fallback");
  await expect(fallback).toBeVisible();
  await expect(fallback).toContainText("served over HTTP");
  await expect(fallback).toContainText("python3 -m http.server");
});

test("a link with 10,000 parameters opens with a notice, and no server ever sees it", async ({
  page,
  request,
}) => {
  const errors = collectErrors(page);
  const parts = Array.from({ length: 10_000 }, (_, k) => `readers=${k % 50}`).join("&");
  await openLab(page, `#v=1&${parts}`);
  await expect(page.getByTestId("link-notices")).toContainText("the link has too many parts");
  // The same state in a query is what servers refuse (here Node's 16 KiB header limit).
  expect((await request.get(`./?v=1&${parts}`)).status()).toBe(431);
  expect(errors).toEqual([]);
});

test("an old ?-link still opens, is read as the CLI reads it, and becomes a fragment", async ({ page }) => {
  await openLab(page, "??v=1&zfs_txg_timeout=10&readers=8");
  await expect(field(page, "zfs_txg_timeout")).toHaveValue("10");
  await expect(page.getByTestId("link-notices")).toHaveCount(0);
  expect(new URL(page.url()).search).toBe("");
  expect(new URL(page.url()).hash).toBe("#v=1&zfs_txg_timeout=10&readers=8");
});

test("a run of ~400k txgs keeps the page alive, every panel drawn and the page small (F0)", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const errors = collectErrors(page);
  await page.goto("./#v=1&zfs_dirty_data_max=1M&async_rate=100G/s&device=ssd&duration=831&steady_window=759");
  await expect(page.locator("body")).toHaveAttribute("data-ready", "true");
  // Partial reports while it runs, each with tens of thousands of txgs more: the panel in
  // view follows them (the panels out of view catch up when the runs are in).
  await page.locator('[data-panel="txgs"]').scrollIntoViewIfNeeded();
  await expect(page.getByTestId("txg-count")).toContainText(/Current: \d{2,3},\d{3} txgs synced/, {
    timeout: 60_000,
  });
  // Then a later partial report, drawn over the first: the panels must cope as the run grows.
  const first = (await page.getByTestId("txg-count").textContent()) ?? "";
  await expect(page.getByTestId("txg-count")).not.toHaveText(first, { timeout: 30_000 });
  for (const id of PANELS) await expect(page.locator(`[data-panel="${id}"]`)).toBeVisible();
  await expect(page.locator("[data-panel-failed]")).toHaveCount(0);
  const size = await page.evaluate(() => ({
    elements: document.getElementsByTagName("*").length,
    markup: document.documentElement.outerHTML.length,
  }));
  console.log(`F0 link: ${size.elements} elements, ${size.markup} characters of markup`);
  expect(size.elements).toBeLessThan(6_000);
  expect(size.markup).toBeLessThan(1_500_000);
  // Still answering: a control moves.
  const timeout = field(page, "zfs_txg_timeout");
  await timeout.fill("7");
  await timeout.press("Enter");
  await expect(timeout).toHaveValue("7");
  expect(errors).toEqual([]);
});
