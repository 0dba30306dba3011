// Engine benchmark, natively and in WASM under Node, in one run: events per second on every
// preset, each beside a bare event loop on the same heap (same process),
// the WASM/native time ratio, and instructions per event from callgrind when valgrind is
// installed. The same WASM is then timed in Chromium, the browser the app's tests drive
// (its V8 is not Node's), for a second WASM/native column. Run with `npm run bench:engine`;
// figures go to the console and .reports/bench-engine.json.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { resolve } from "node:path";
import { chromium } from "@playwright/test";
import * as wasm from "../web/src/engine/generated/throttle_lab_wasm.js";

const generated = resolve("web/src/engine/generated");

const cli = resolve("engine-wasm/target/release/throttle-lab");

execFileSync(
  "cargo",
  ["build", "--quiet", "--release", "--manifest-path", "engine-wasm/Cargo.toml", "-p", "throttle-lab"],
  {
    stdio: "inherit",
  },
);
wasm.initSync({ module: readFileSync(resolve(generated, "throttle_lab_wasm_bg.wasm")) });

/** The fastest of repeated runs after a warm-up, sampling about half a second. */
function bestOf(f) {
  f();
  let best = Infinity;
  let spent = 0;
  for (let runs = 0; runs < 3 || (spent < 500 && runs < 50); runs++) {
    const start = performance.now();
    f();
    const ms = performance.now() - start;
    best = Math.min(best, ms);
    spent += ms;
  }
  return best / 1000;
}

/**
 * Seconds per run of each preset in Chromium, timed as `bestOf` does, in the page's main
 * thread. The page and the module are served from the disk by a route: nothing listens and
 * no request leaves the process.
 */
async function chromiumSeconds(names) {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    args: ["--no-sandbox", "--disable-gpu"],
  });
  try {
    const page = await browser.newPage();
    await page.route("http://bench.invalid/**", (route) => {
      const file = new URL(route.request().url()).pathname.slice(1);
      if (file === "")
        return route.fulfill({ contentType: "text/html", body: "<!doctype html><title>bench</title>" });
      const type = file.endsWith(".wasm") ? "application/wasm" : "text/javascript";
      return route.fulfill({ contentType: type, body: readFileSync(resolve(generated, file)) });
    });
    await page.goto("http://bench.invalid/");
    return await page.evaluate(
      async ({ names, bestOfText }) => {
        const bestOf = new Function(`return ${bestOfText}`)();
        const wasm = await import("/throttle_lab_wasm.js");
        await wasm.default();
        const out = {};
        for (const { name, json } of wasm.presets()) {
          if (!names.includes(name)) continue;
          const bench = new wasm.BenchRun(json);
          out[name] = bestOf(() => bench.run());
          bench.free();
        }
        return out;
      },
      { names, bestOfText: bestOf.toString() },
    );
  } finally {
    await browser.close();
  }
}

const bench = JSON.parse(execFileSync(cli, ["bench", "--json"], { encoding: "utf8" }));
const native = bench.engine;
const list = wasm.presets();
const rows = [];
for (const { name } of list) {
  const json = list.find((p) => p.name === name).json;
  const bench = new wasm.BenchRun(json);
  let events = 0;
  const seconds = bestOf(() => (events = bench.run()));
  bench.free();
  const bare = bestOf(() => wasm.bareHeapLoop(events, 256));
  const n = native.find((r) => r.preset === name && r.duration === "preset");
  const row = {
    preset: name,
    events,
    native_events_per_s: Math.round(n.events_per_s),
    native_ratio_to_bare_heap: +n.ratio_to_bare_heap.toFixed(3),
    wasm_events_per_s: Math.round(events / seconds),
    wasm_ratio_to_bare_heap: +(bare / seconds).toFixed(3),
    wasm_over_native_time: +(seconds / n.seconds).toFixed(3),
  };
  const valgrind = spawnSync(
    "valgrind",
    ["--tool=callgrind", "--callgrind-out-file=/dev/null", cli, "run", "--preset", name, "--json"],
    {
      encoding: "utf8",
      maxBuffer: 1 << 30,
    },
  );
  const collected = /Collected : (\d+)/.exec(valgrind.stderr ?? "");
  if (valgrind.status === 0 && collected)
    row.instructions_per_event = Math.round(Number(collected[1]) / events);
  rows.push(row);
}
const inChromium = await chromiumSeconds(rows.map((r) => r.preset));
for (const row of rows) {
  const n = native.find((r) => r.preset === row.preset && r.duration === "preset");
  row.chromium_over_native_time = +(inChromium[row.preset] / n.seconds).toFixed(3);
}
const scaling = native.filter((r) => r.preset === "default" && r.duration !== "preset");
const allocator = bench.allocator.map((r) => ({
  preset: r.preset,
  blocks_placed: r.blocks_placed,
  ns_per_event_with: Math.round(r.ns_per_event_with),
  ns_per_event_without: Math.round(r.ns_per_event_without),
  setup_seconds: +r.setup_seconds.toFixed(3),
  ns_per_block_placed: Math.round(r.ns_per_block_placed),
}));
const report = {
  rows,
  allocator,
  scaling: scaling.map((r) => ({
    duration: r.duration,
    leaf_ios: r.leaf_ios,
    ns_per_leaf_io: Math.round(r.ns_per_leaf_io),
  })),
};
console.table(rows);
console.table(report.scaling);
console.table(allocator);
mkdirSync(".reports", { recursive: true });
writeFileSync(".reports/bench-engine.json", `${JSON.stringify(report, null, 2)}\n`);
