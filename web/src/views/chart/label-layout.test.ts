import { describe, expect, it } from "vitest";
import { stackLabels } from "./label-layout";

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
