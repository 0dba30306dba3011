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
