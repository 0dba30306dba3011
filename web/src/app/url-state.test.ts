// The share-link codec through the real WASM module: round trips and hostile links.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { loadEngineSync } from "../engine/load-node";
import { readLink, searchFor } from "./url-state";

const engine = loadEngineSync();
const i = (name: string) => engine.indexOf(name);

/** Any combination of in-range values, valid together or not. */
const anyValues = fc.tuple(...engine.schema.map((s) => fc.integer({ min: s.min, max: s.max })));

describe("share links", () => {
  it("write only the version for the defaults", () => {
    expect(searchFor(engine, engine.defaults)).toBe("?v=1");
  });

  it("write readable values under OpenZFS names", () => {
    const values = [...engine.defaults];
    values[i("zfs_dirty_data_max")] = 2 ** 30;
    values[i("zfs_delay_scale")] = 1_000_000;
    expect(searchFor(engine, values)).toBe("?v=1&zfs_dirty_data_max=1G&zfs_delay_scale=1ms");
  });

  it("restore exactly any valid state, and repair any invalid one with a notice", () => {
    fc.assert(
      fc.property(anyValues, (values) => {
        const back = readLink(engine, searchFor(engine, values));
        const checked = engine.check(values);
        if (checked.status === "ok" && checked.value.errors.length === 0) {
          expect(back.values).toEqual(values);
          expect(back.notices).toEqual([]);
        } else {
          expect(back.notices.length).toBeGreaterThan(0);
          const repaired = engine.check(back.values);
          expect(repaired.status === "ok" && repaired.value.errors.length === 0).toBe(true);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it("never fail on hostile links, and always give a valid state", () => {
    const part = fc.oneof(
      fc.string({ maxLength: 30 }),
      fc
        .constantFrom(...engine.schema.map((s) => s.name))
        .chain((name) => fc.string({ maxLength: 12 }).map((v) => `${name}=${v}`)),
      fc.constantFrom("%", "%ZZ", "%FF", "v=999", "=", "&&", "#frag", "+", "%E2%82"),
    );
    fc.assert(
      fc.property(fc.array(part, { maxLength: 20 }), (parts) => {
        const initial = readLink(engine, `?${parts.join("&")}`);
        expect(initial.values).toHaveLength(engine.schema.length);
        const checked = engine.check(initial.values);
        expect(checked.status === "ok" && checked.value.errors.length === 0).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it("name each problem and apply the rest", () => {
    const initial = readLink(engine, "?v=1&zfs_bogus=1&zfs_dirty_data_max=2G&zfs_txg_timeout=-3");
    expect(initial.values[i("zfs_dirty_data_max")]).toBe(2 * 2 ** 30);
    expect(initial.values[i("zfs_txg_timeout")]).toBe(5);
    expect(initial.notices).toEqual([
      "'zfs_bogus' is not a setting of this lab; ignored",
      expect.stringContaining("zfs_txg_timeout: cannot read '-3'"),
    ]);
  });
});

describe("share links with a pinned A", () => {
  const valid = (values: number[]) => {
    const c = engine.check(values);
    return c.status === "ok" && c.value.errors.length === 0;
  };

  it("restore both configurations exactly", () => {
    fc.assert(
      fc.property(anyValues, anyValues, (b0, a0) => {
        // Any values, repaired by the codec into a valid state (shown above to be exact).
        const [b, a] = [b0, a0].map((v) => [...readLink(engine, searchFor(engine, v)).values]);
        if (!b || !a) return;
        const back = readLink(engine, searchFor(engine, b, a));
        expect(back.values).toEqual(b);
        expect(back.pinned).toEqual(a);
        expect(back.notices).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it("carry the workload, pool, models, duration and seed by name", () => {
    const b = [...engine.defaults];
    b[i("device")] = 0;
    b[i("readers")] = 12;
    b[i("throttle_model")] = 1;
    b[i("duration")] = 20;
    b[i("seed")] = 42;
    const a = [...engine.defaults];
    a[i("async_rate")] = 100 * 2 ** 20;
    expect(searchFor(engine, b, a)).toBe(
      "?v=1&readers=12&device=hdd&throttle_model=legacy&duration=20&seed=42&pinned=1&a.async_rate=100M/s",
    );
  });

  it("keep the rest when parts of A are hostile, naming each problem", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (key, value) => {
        const link = `?v=1&readers=7&pinned=1&a.${encodeURIComponent(key)}=${encodeURIComponent(value)}&a.duration=9`;
        const back = readLink(engine, link);
        expect(back.values[i("readers")]).toBe(7);
        expect(back.pinned).not.toBeNull();
        const pinned = back.pinned ?? [];
        if (key !== "duration") expect(pinned[i("duration")]).toBe(9);
        expect(valid([...pinned])).toBe(true);
      }),
      { numRuns: 300 },
    );
    const back = readLink(engine, "?v=1&a.device=tape&a.seed=-1&pinned=maybe");
    expect(back.notices).toHaveLength(3);
    expect(back.notices[0]).toContain("a.device: cannot read 'tape'");
  });
});
