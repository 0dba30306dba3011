// `npm test` after set-up: every lint and test suite in turn, each one's output shown as it
// runs, then a summary and one closing line "N passed, N failed" over all of them.
// A lint or format check counts as one check; a test suite counts its own tests.
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync } from "node:fs";
import { resolve } from "node:path";

const cargo = ["--manifest-path", "engine-wasm/Cargo.toml"];
// Absolute: vitest resolves relative paths against Vite's root (web/).
const reports = resolve(".reports");
mkdirSync(reports, { recursive: true });

/** Runs a command, echoing its output; resolves to { code, output }. */
function run(cmd, args, env = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
    let output = "";
    const keep = (stream, sink) =>
      stream.on("data", (chunk) => {
        output += chunk;
        sink.write(chunk);
      });
    keep(child.stdout, process.stdout);
    keep(child.stderr, process.stderr);
    child.on("error", (e) => resolve({ code: 127, output: `${output}\n${e.message}` }));
    child.on("close", (code) => resolve({ code: code ?? 1, output }));
  });
}

const check = (code) => (code === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 });

function cargoCounts({ code, output }) {
  let passed = 0;
  let failed = 0;
  for (const m of output.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  return code !== 0 && failed === 0 ? { passed, failed: 1 } : { passed, failed };
}

function jsonCounts(code, file, read) {
  try {
    const counts = read(JSON.parse(readFileSync(file, "utf8")));
    return code !== 0 && counts.failed === 0 ? { ...counts, failed: 1 } : counts;
  } catch {
    return { passed: 0, failed: 1 };
  }
}

const steps = [
  ["rustfmt", () => run("cargo", ["fmt", ...cargo, "--all", "--", "--check"]).then((r) => check(r.code))],
  [
    "clippy (native)",
    () =>
      run("cargo", [
        "clippy",
        ...cargo,
        "--workspace",
        "--all-targets",
        "--locked",
        "--",
        "-D",
        "warnings",
      ]).then((r) => check(r.code)),
  ],
  [
    "clippy (wasm32)",
    () =>
      run("cargo", [
        "clippy",
        ...cargo,
        "--target",
        "wasm32-unknown-unknown",
        "-p",
        "throttle-model",
        "-p",
        "throttle-lab-wasm",
        "--locked",
        "--",
        "-D",
        "warnings",
      ]).then((r) => check(r.code)),
  ],
  ["cargo test", () => run("cargo", ["test", ...cargo, "--workspace", "--locked"]).then(cargoCounts)],
  [
    "TypeScript types up to date",
    () => run("bash", ["scripts/gen-types.sh", "--check"]).then((r) => check(r.code)),
  ],
  ["tsc --noEmit (strict)", () => run("npx", ["tsc", "--noEmit", "-p", "."]).then((r) => check(r.code))],
  ["eslint", () => run("npx", ["eslint", "--max-warnings", "0", "."]).then((r) => check(r.code))],
  ["prettier --check", () => run("npx", ["prettier", "--check", "."]).then((r) => check(r.code))],
  [
    "vitest",
    () =>
      run("npx", [
        "vitest",
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile=${reports}/vitest.json`,
      ]).then((r) =>
        jsonCounts(r.code, `${reports}/vitest.json`, (j) => ({
          passed: j.numPassedTests,
          failed: j.numFailedTests,
        })),
      ),
  ],
  [
    "playwright (chromium)",
    () =>
      run("npx", ["playwright", "test", "--reporter=list,json"], {
        PLAYWRIGHT_JSON_OUTPUT_NAME: `${reports}/playwright.json`,
      }).then((r) =>
        jsonCounts(r.code, `${reports}/playwright.json`, (j) => ({
          passed: j.stats.expected,
          failed: j.stats.unexpected + j.stats.flaky,
        })),
      ),
  ],
];

const results = [];
for (const [name, step] of steps) {
  console.log(`\n=== ${name} ===`);
  results.push([name, await step()]);
}

console.log("\n=== summary ===");
for (const [name, { passed, failed }] of results) {
  console.log(`${failed === 0 ? "ok  " : "FAIL"}  ${name}: ${passed} passed, ${failed} failed`);
}
const total = results.reduce((t, [, r]) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
