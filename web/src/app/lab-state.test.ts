import { describe, expect, it } from "vitest";
import { applyText, applyToward, applyValue } from "./lab-state";
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
    const r = applyValue(engine, engine.defaults, i("zfs_vdev_sync_read_min_active"), 11);
    expect(r.status).toBe("refused");
    if (r.status === "refused") {
      expect(r.reason).toContain("zfs_vdev_sync_read_min_active");
      expect(r.reason).toContain("zfs_vdev_sync_read_max_active");
    }
  });

  it("refuses out-of-range percents", () => {
    const r = applyText(engine, engine.defaults, i("zfs_dirty_data_sync_percent"), "101");
    expect(r.status).toBe("refused");
  });

  it("stops a slider at the nearest accepted value and says why", () => {
    const r = applyToward(engine, engine.defaults, i("zfs_vdev_async_write_min_active"), 1000);
    expect(r.status).toBe("ok");
    if (r.status === "ok") {
      expect(r.values[i("zfs_vdev_async_write_min_active")]).toBe(10);
      expect(r.limitedBy).toContain("zfs_vdev_async_write_max_active");
    }
  });

  it("refuses outright when no step toward the target is accepted", () => {
    const values = [...engine.defaults];
    values[i("zfs_vdev_async_write_min_active")] = 10;
    expect(applyToward(engine, values, i("zfs_vdev_async_write_min_active"), 11).status).toBe("refused");
  });
});
