// Unit parsing and formatting as the app uses them, through the real WASM module.
import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { TunableName } from "./engine";
import * as wasm from "./generated/throttle_lab_wasm.js";
import { loadEngineSync } from "./load-node";

const engine = loadEngineSync();
const parse = (name: TunableName, text: string) => engine.parseValue(name, text);

describe("typed values", () => {
  it.each<[TunableName, string, number]>([
    ["zfs_dirty_data_max", "4G", 4 * 2 ** 30],
    ["zfs_dirty_data_max", "512M", 512 * 2 ** 20],
    ["zfs_dirty_data_max", "1.5GiB", 1.5 * 2 ** 30],
    ["zfs_dirty_data_max", "0x100000000", 2 ** 32],
    ["zfs_delay_max_ns", "100ms", 1e8],
    ["zfs_delay_scale", "500us", 500_000],
    ["zfs_delay_scale", "500µs", 500_000],
    ["zfs_delay_min_dirty_percent", "60%", 60],
    ["zfs_txg_timeout", "10s", 10],
    ["zfs_vdev_max_active", " 1000 ", 1000],
  ])("%s reads %s as %d", (name, text, value) => {
    expect(parse(name, text)).toEqual({ status: "ok", value });
  });

  it.each<[TunableName, string, string]>([
    ["zfs_dirty_data_max", "4X", "unknown unit 'X'"],
    ["zfs_dirty_data_max", "", "no value given"],
    ["zfs_dirty_data_max", "-1G", "negative (0 or more)"],
    ["zfs_dirty_data_max", "0.1K", "not a whole number of bytes"],
    ["zfs_dirty_data_max", "2T", "out of range"],
    ["zfs_txg_timeout", "100ms", "not a whole number of seconds"],
    ["zfs_delay_min_dirty_percent", "101%", "out of range"],
    ["zfs_vdev_max_active", "1e3", "unknown unit 'e3'"],
  ])("%s refuses %j: %s", (name, text, reason) => {
    const r = parse(name, text);
    expect(r.status).toBe("error");
    if (r.status === "error") expect(r.message).toContain(reason);
  });

  it("refuses a name the schema does not have (the binding takes any text)", () => {
    expect(() => wasm.parseValue("zfs_nonexistent", "1")).toThrow("unknown tunable 'zfs_nonexistent'");
  });

  it("formats every in-range value so that it reads back exactly", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...engine.schema),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (spec, f) => {
          const value = Math.round(spec.min + f * (spec.max - spec.min));
          const text = engine.formatValue(spec.name, value);
          expect(text.status).toBe("ok");
          if (text.status === "ok") expect(parse(spec.name, text.value)).toEqual({ status: "ok", value });
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("accepts a tunable's off value outside its range, and nothing else there", () => {
    expect(parse("disk_capacity", "0")).toEqual({ status: "ok", value: 0 });
    expect(parse("disk_capacity", "1M").status).toBe("error");
  });

  it("never throws on hostile text, and refuses or accepts within range (or the off value)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...engine.schema), fc.string({ maxLength: 40 }), (spec, text) => {
        const r = parse(spec.name, text);
        // A few tunables take one value outside their range that means "off" (0 for disk_capacity:
        // the device's own size); a random string such as "0" reaches it now and then.
        if (r.status === "ok")
          expect(r.value === spec.off || (r.value >= spec.min && r.value <= spec.max)).toBe(true);
        else expect(r.message.length).toBeGreaterThan(0);
      }),
      { numRuns: 2000 },
    );
  });
});
