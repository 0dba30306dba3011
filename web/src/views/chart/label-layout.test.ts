import { describe, expect, it } from "vitest";
import { freeRow, stackLabels } from "./label-layout";

describe("labels of nearby lines", () => {
  it("share one label above the topmost line when closer than a label's height", () => {
    expect(
      stackLabels([
        { yPx: 100, label: "async-write band ends" },
        { yPx: 96, label: "txg sync kick" },
        { yPx: 40, label: "delay starts" },
      ]),
    ).toEqual([
      { yPx: 40, label: "delay starts" },
      { yPx: 96, label: "txg sync kick · async-write band ends" },
    ]);
  });

  it("leave lines far enough apart with a label each", () => {
    expect(
      stackLabels([
        { yPx: 10, label: "a" },
        { yPx: 30, label: "b" },
      ]),
    ).toHaveLength(2);
  });
});

describe("a label kept clear of the others", () => {
  it("takes the first row no other label is on", () => {
    expect(freeRow([], 10, 14, 160)).toBe(10);
    expect(freeRow([8], 10, 14, 160)).toBe(24);
    expect(freeRow([8, 20, 30], 10, 14, 160)).toBe(52);
    // Nowhere free: its first row.
    expect(freeRow([10, 24], 10, 14, 30)).toBe(10);
  });
});
