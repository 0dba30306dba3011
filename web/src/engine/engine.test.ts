// The engine through its TypeScript interface, with the real WASM module in-process.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { TunableName } from "./engine";
import { loadEngineSync } from "./load-node";

const engine = loadEngineSync();
const D = 4 * 2 ** 30;
const i = (name: TunableName) => engine.indexOf(name);
const ok = <T>(r: { status: "ok"; value: T } | { status: "error"; message: string }): T => {
  if (r.status === "error") throw new Error(r.message);
  return r.value;
};

describe("the exported schema", () => {
  it("lists every tunable the foundation needs, with defaults in range", () => {
    const names = engine.schema.map((s) => s.name);
    for (const name of [
      "zfs_dirty_data_max",
      "zfs_dirty_data_sync_percent",
      "zfs_txg_timeout",
      "zfs_delay_min_dirty_percent",
      "zfs_delay_scale",
      "zfs_delay_max_ns",
      "zfs_vdev_async_write_active_min_dirty_percent",
      "zfs_vdev_async_write_active_max_dirty_percent",
      "zfs_vdev_max_active",
      ...["sync_read", "sync_write", "async_read", "async_write", "scrub"].flatMap((c) => [
        `zfs_vdev_${c}_min_active`,
        `zfs_vdev_${c}_max_active`,
      ]),
    ]) {
      expect(names).toContain(name);
    }
    expect(engine.defaults[i("zfs_dirty_data_max")]).toBe(D);
  });
});

describe("the curves through WASM", () => {
  it("match the delay table to the nanosecond", () => {
    const at = (pct: number) => Math.floor((D * pct) / 100);
    expect(ok(engine.delayNs(engine.defaults, at(70)))).toBe(166_666);
    expect(ok(engine.delayNs(engine.defaults, 3_435_973_836))).toBe(499_999);
    expect(ok(engine.delayNs(engine.defaults, at(90)))).toBe(1_499_999);
    expect(ok(engine.delayNs(engine.defaults, at(99)))).toBe(19_499_999);
  });

  it("agree with a BigInt implementation at random points and tunables", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1 << 20, max: 2 ** 40 }),
        fc.integer({ min: 0, max: 100 }),
        fc.integer({ min: 0, max: 4_000_000 }),
        fc.double({ min: 0, max: 1.05, noNaN: true }),
        (dirtyMax, minPct, scale, frac) => {
          const values = [...engine.defaults];
          values[i("zfs_dirty_data_max")] = dirtyMax;
          values[i("zfs_delay_min_dirty_percent")] = minPct;
          values[i("zfs_delay_scale")] = scale;
          const dirty = Math.floor(dirtyMax * frac);
          const d = BigInt(dirtyMax);
          const x = BigInt(dirty);
          const min = (d * BigInt(minPct)) / 100n;
          const cap = 100_000_000n;
          let t = x >= d ? cap : x > min ? (BigInt(scale) * (x - min)) / (d - x) : 0n;
          if (t > cap) t = cap;
          expect(ok(engine.delayNs(values, dirty))).toBe(Number(t));
        },
      ),
      { numRuns: 500 },
    );
  });

  it("give the async-write staircase of the documented table", () => {
    const at = (pct: number) => Math.floor((D * pct) / 100);
    const slots = [0, 33.75, 37.5, 45, 50, 55, 56.25, 60, 100].map((p) =>
      ok(engine.asyncWrites(engine.defaults, at(p))),
    );
    expect(slots).toEqual([2, 3, 4, 6, 7, 8, 9, 10, 10]);
    const curve = ok(engine.asyncWriteCurve(engine.defaults));
    expect(Array.from(curve.value)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 10]);
  });

  it("refuse values that are not whole numbers in range, as errors not exceptions", () => {
    const values = [...engine.defaults];
    values[i("zfs_delay_min_dirty_percent")] = 101;
    expect(engine.delayNs(values, 0).status).toBe("error");
    expect(engine.delayNs(engine.defaults, -1).status).toBe("error");
    expect(engine.delayNs(engine.defaults, 1.5).status).toBe("error");
    expect(engine.delayNs([1, 2], 0).status).toBe("error");
  });
});
