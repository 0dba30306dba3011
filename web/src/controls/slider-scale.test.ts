import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { fromPosition, snap, STEPS, toPosition, valueForMove } from "./slider-scale";
import { loadEngineSync } from "../engine/load-node";

const engine = loadEngineSync();

describe("slider scale", () => {
  it("reaches both ends of every tunable's range", () => {
    for (const spec of engine.schema) {
      // An entry with a "not set" value has it at position 0 and its range after.
      const first = spec.off === null ? 0 : 1;
      expect(fromPosition(spec, first)).toBe(spec.min);
      expect(fromPosition(spec, STEPS)).toBe(spec.max);
      expect(toPosition(spec, spec.min)).toBe(first);
      expect(toPosition(spec, spec.max)).toBe(STEPS);
      if (spec.off !== null) {
        expect(fromPosition(spec, 0)).toBe(spec.off);
        expect(toPosition(spec, spec.off)).toBe(0);
      }
    }
  });

  it("gives whole, in-range values that the engine accepts, at every position", () => {
    for (const spec of engine.schema) {
      for (let p = 0; p <= STEPS; p += 7) {
        const v = fromPosition(spec, p);
        expect(Number.isSafeInteger(v)).toBe(true);
        const parsed = engine.parseValue(spec.name, String(v));
        expect(parsed).toEqual({ status: "ok", value: v });
      }
    }
  });

  it("snaps sizes to sixteenths of a binary unit", () => {
    const spec = engine.schema.find((s) => s.name === "zfs_dirty_data_max");
    if (!spec) throw new Error("no zfs_dirty_data_max");
    expect(snap(spec, 1.5 * 2 ** 30 + 12345)).toBe(1.5 * 2 ** 30);
    expect(snap(spec, 4 * 2 ** 30 - 1)).toBe(4 * 2 ** 30);
  });

  it("moves by at least one value per key press, in the key's direction", () => {
    fc.assert(
      fc.property(fc.constantFrom(...engine.schema), fc.nat(STEPS), (spec, p) => {
        const current = fromPosition(spec, p);
        const up = valueForMove(spec, current, toPosition(spec, current) + 1);
        const down = valueForMove(spec, current, toPosition(spec, current) - 1);
        expect(up).toBeGreaterThanOrEqual(current);
        expect(down).toBeLessThanOrEqual(current);
        if (current < spec.max) expect(up).toBeGreaterThan(current);
        if (current > spec.min) expect(down).toBeLessThan(current);
      }),
    );
  });
});
