import { describe, expect, it } from "vitest";
import { applyText, applyToward, applyValue, syncKickBytes } from "./lab-state";
import type { TunableName } from "../engine/engine";
import { loadEngineSync } from "../engine/load-node";

const engine = loadEngineSync();
const i = (name: TunableName) => engine.indexOf(name);

describe("lab state changes", () => {
  it("accepts a value in units and reports warnings", () => {
    const r = applyText(engine, engine.defaults, i("zfs_delay_min_dirty_percent"), "50%");
    expect(r.status).toBe("ok");
    if (r.status === "ok") {
      expect(r.values[i("zfs_delay_min_dirty_percent")]).toBe(50);
      expect(r.warnings[0]).toContain("zfs_vdev_async_write_active_max_dirty_percent");
    }
  });

  it("refuses a malformed entry, naming the tunable, and keeps the previous values", () => {
    const r = applyText(engine, engine.defaults, i("zfs_dirty_data_max"), "4X");
    expect(r).toEqual({
      status: "refused",
      reason: expect.stringContaining("zfs_dirty_data_max: cannot read '4X': unknown unit 'X'"),
    });
  });

  it("refuses a combination that cannot work, naming both tunables", () => {
    // 5 s × 4 GiB overflows dmu_tx_delay()'s 64 bits.
    const r = applyValue(engine, engine.defaults, i("zfs_delay_scale"), 5e9);
    expect(r.status).toBe("refused");
    if (r.status === "refused") {
      expect(r.reason).toContain("zfs_delay_scale");
      expect(r.reason).toContain("zfs_dirty_data_max");
    }
  });

  it("accepts a minimum above its maximum, which the kernel handles, with a warning", () => {
    const r = applyValue(engine, engine.defaults, i("zfs_vdev_sync_read_min_active"), 11);
    expect(r.status).toBe("ok");
    if (r.status === "ok") expect(r.warnings[0]).toContain("zfs_vdev_sync_read_max_active");
  });

  it("refuses out-of-range percents", () => {
    const r = applyText(engine, engine.defaults, i("zfs_dirty_data_sync_percent"), "101");
    expect(r.status).toBe("refused");
  });

  it("stops a slider at the nearest accepted value and says why", () => {
    // The largest zfs_delay_scale whose product with 4 GiB fits 64 bits: 2^32 − 1.
    const r = applyToward(engine, engine.defaults, i("zfs_delay_scale"), 100e9);
    expect(r.status).toBe("ok");
    if (r.status === "ok") {
      expect(r.values[i("zfs_delay_scale")]).toBe(4294967295);
      expect(r.limitedBy).toContain("zfs_dirty_data_max");
    }
  });

  it("refuses outright when no step toward the target is accepted", () => {
    const values = [...engine.defaults];
    values[i("zfs_delay_scale")] = 4294967295;
    expect(applyToward(engine, values, i("zfs_delay_scale"), 4294967296).status).toBe("refused");
  });
});

describe("the txg sync kick drawn", () => {
  const at = (link: string) => {
    const r = engine.applyLink(engine.defaults, link);
    if (r.status !== "ok") throw new Error(r.message);
    const [effective, absent] = [
      engine.effectiveValues(r.value.values),
      engine.absentTunables(r.value.values),
    ];
    if (effective.status !== "ok" || absent.status !== "ok") throw new Error("the engine refused the values");
    return syncKickBytes(engine, effective.value, new Set(absent.value));
  };
  const MIB = 2 ** 20;

  it("is the absolute zfs_dirty_data_sync before 0.8, whatever the RAM", () => {
    // zfs-0.6.5 dsl_pool.c: zfs_dirty_data_sync = 64 MB; the limit is 10% of 128 GiB.
    expect(at("v=1&release=0.6.5&ram=128G")).toBe(64 * MIB);
    expect(at("v=1&release=0.6.4&ram=2G&zfs_dirty_data_sync=32M")).toBe(32 * MIB);
  });

  it("is zfs_dirty_data_sync_percent of the dirty limit from 0.8", () => {
    expect(at("v=1&release=2.2&zfs_dirty_data_max=1G")).toBe(0.2 * 1024 * MIB);
    expect(at("v=1&release=0.8&zfs_dirty_data_max=1G&zfs_dirty_data_sync_percent=50")).toBe(512 * MIB);
  });
});
