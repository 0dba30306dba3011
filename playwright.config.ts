// Playwright drives Debian's Chromium (installed by scripts/setup.sh) against the built app,
// served by a plain static server under a base path (the build must work under any), with
// the security headers a deployment sends.
import { defineConfig } from "@playwright/test";

// PW_PORT lets two checkouts run their tests side by side.
const port = Number(process.env["PW_PORT"] ?? 4173);
const base = "/throttle-lab/";

export default defineConfig({
  // `npm run bench:ui` sets BENCH to run the browser benchmarks instead of the tests.
  testDir: process.env["BENCH"] ? "tests/bench" : "tests/e2e",
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${port}${base}`,
    viewport: { width: 1400, height: 900 },
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  webServer: {
    command: `npx vite build --logLevel warn && node tests/static-server.mjs --port ${port} --base ${base}`,
    url: `http://127.0.0.1:${port}${base}`,
    reuseExistingServer: false,
    timeout: 120_000,
  },
});
