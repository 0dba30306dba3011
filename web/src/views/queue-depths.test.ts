import { describe, expect, it } from "vitest";
import type { SimReport } from "../engine/report";
import { busyClasses, iostatQText } from "./queue-depths";

const report = (columns: Record<string, number[]>): SimReport => ({
  meta: {} as SimReport["meta"],
  columns: Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, Float64Array.from(v)])),
});

describe("queue depths as zpool iostat -q shows them", () => {
  const r = report({
    t_ns: [1e9, 2e9],
    "class_pending.sync_read": [3, 0],
    "class_active.sync_read": [10, 1],
    "class_pending.async_write": [0, 0],
    "class_active.async_write": [0, 0],
    "class_pending.scrub": [0, 0],
    "class_active.scrub": [0, 2],
  });

  it("shows only the classes that queued or issued anything, in the command's order", () => {
    expect(busyClasses([r])).toEqual(["sync_read", "scrub"]);
    expect(busyClasses([])).toEqual([]);
  });

  it("prints each sample's pend and activ per class under the command's headers", () => {
    const lines = iostatQText(r, [0, 1]).split("\n");
    expect(lines[0]).toContain("syncq_read");
    expect(lines[0]).toContain("scrubq_read");
    expect(lines[1]).toMatch(/^time, s +pend +activ/);
    expect(lines[3]).toBe("1.00           3     10      0      0      0      0      0      0      0      0");
    expect(lines[4]?.endsWith("0      2")).toBe(true);
    // Each group's header sits over its two columns.
    expect(lines[0]?.indexOf("syncq_read")).toBeLessThan(lines[1]?.indexOf("activ") ?? 0);
  });
});
