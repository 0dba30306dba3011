// The README's sample server configuration, run for real: deploy/nginx.conf with its path
// and port pointed at this build, checked for its headers and for a lab that runs under it
// with no CSP violation. (scripts/setup.sh installs Debian's nginx-light for the tests.)
import { expect, test } from "@playwright/test";
import { execFileSync } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { field, openLab, simulationsDone } from "./lab";

const port = 4175;

test("the sample nginx configuration serves the lab with its security headers", async ({ browser }) => {
  const dir = mkdtempSync(join(tmpdir(), "throttle-lab-nginx-"));
  mkdirSync(join(dir, "logs"));
  const conf = readFileSync("deploy/nginx.conf", "utf8")
    .replaceAll("/srv/throttle-lab/", `${resolve("dist")}/`)
    .replace("listen 8080;", `listen 127.0.0.1:${port};`);
  writeFileSync(join(dir, "nginx.conf"), conf);
  copyFileSync("deploy/security-headers.conf", join(dir, "security-headers.conf"));
  const nginx = (...extra: string[]) =>
    execFileSync(existsSync("/usr/sbin/nginx") ? "/usr/sbin/nginx" : "nginx", [
      "-p",
      dir,
      "-c",
      join(dir, "nginx.conf"),
      "-g",
      `pid ${dir}/nginx.pid; error_log ${dir}/logs/error.log;`,
      ...extra,
    ]);
  nginx();
  const context = await browser.newContext({ baseURL: `http://127.0.0.1:${port}/throttle-lab/` });
  try {
    const page = await context.newPage();
    const violations: string[] = [];
    page.on("console", (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
    });
    const response = await page.goto("./");
    const headers = response?.headers() ?? {};
    expect(headers["content-security-policy"]).toContain("frame-ancestors 'none'");
    expect(headers["x-content-type-options"]).toBe("nosniff");
    expect(headers["cache-control"]).toBe("no-cache");
    await openLab(page, "#v=1&readers=7");
    await field(page, "readers").fill("3");
    await field(page, "readers").press("Enter");
    await simulationsDone(page, 2);
    const wasmFile = readdirSync("dist/assets").find((f) => f.endsWith(".wasm"));
    const wasm = await context.request.get(`./assets/${wasmFile ?? ""}`);
    expect(wasm.headers()["content-type"]).toBe("application/wasm");
    expect(wasm.headers()["cache-control"]).toContain("immutable");
    expect((await context.request.post("./")).status()).toBe(403);
    expect(violations).toEqual([]);
  } finally {
    await context.close();
    nginx("-s", "quit");
  }
});
