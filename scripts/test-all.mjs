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

/** The names of a vitest JSON report's failed tests, with their files. */
const vitestFailures = (j) =>
  j.testResults.flatMap((file) =>
    file.assertionResults
      .filter((t) => t.status === "failed")
      .map((t) => `${file.name.replace(`${process.cwd()}/`, "")} > ${t.fullName}`),
  );

/** The titles of a Playwright JSON report's failed or flaky tests, with their files. */
function playwrightFailures(j) {
  const names = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      if (spec.tests.some((t) => t.status === "unexpected" || t.status === "flaky"))
        names.push(`${spec.file}:${spec.line} > ${spec.title}`);
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of j.suites ?? []) walk(suite);
  return names;
}

function cargoCounts({ code, output }) {
  let passed = 0;
  let failed = 0;
  for (const m of output.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    passed += Number(m[1]);
    failed += Number(m[2]);
  }
  const names = [...output.matchAll(/^---- (\S+) stdout ----$/gm)].map((m) => m[1]);
  return code !== 0 && failed === 0 ? { passed, failed: 1, names } : { passed, failed, names };
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
          names: vitestFailures(j),
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
          names: playwrightFailures(j),
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
// The failed tests are named here too, since a CI log is often read from its end.
for (const [name, { passed, failed, names = [] }] of results) {
  console.log(`${failed === 0 ? "ok  " : "FAIL"}  ${name}: ${passed} passed, ${failed} failed`);
  for (const test of names.slice(0, 10)) console.log(`        failed: ${test}`);
  if (names.length > 10) console.log(`        and ${names.length - 10} more`);
}
const total = results.reduce((t, [, r]) => ({ passed: t.passed + r.passed, failed: t.failed + r.failed }), {
  passed: 0,
  failed: 0,
});
console.log(`${total.passed} passed, ${total.failed} failed`);
process.exit(total.failed === 0 ? 0 : 1);
