import { describe, expect, it } from "vitest";
import fc from "fast-check";
import { spanRects, type Span } from "./spans";

const px = (s: number) => s * 100; // 100 px a second

describe("spans as a lane's rectangles", () => {
  it("draws wide spans as they are, and each at least a pixel wide", () => {
    const spans: Span[] = [
      { startS: 0, endS: 1, key: "timeout" },
      { startS: 2, endS: 2.001, key: "dirty" },
    ];
    const r = spanRects(spans, px);
    expect(r.map((x) => [x.x0Px, x.x1Px, x.key])).toEqual([
      [0, 100, "timeout"],
      [200, 201, "dirty"],
    ]);
  });

  it("merges spans that share a pixel, saying which kinds they held", () => {
    const spans: Span[] = Array.from({ length: 1000 }, (_, i) => ({
      startS: i * 0.001,
      endS: i * 0.001 + 0.0005,
      key: i % 10 === 0 ? "timeout" : "dirty",
    }));
    const r = spanRects(spans, px);
    expect(r.length).toBeLessThanOrEqual(100);
    expect(r.reduce((n, x) => n + x.spans.length, 0)).toBe(1000);
    expect(r.some((x) => x.key === "mixed")).toBe(true);
    const first = r[0];
    expect(first?.byKey.get("timeout")).toBeGreaterThan(0);
  });

  it("keeps spans that only touch apart, of one kind or two", () => {
    const same = spanRects(
      [
        { startS: 0, endS: 1, key: "a" },
        { startS: 1, endS: 2, key: "a" },
      ],
      px,
    );
    expect(same.map((x) => [x.x0Px, x.x1Px])).toEqual([
      [0, 100],
      [100, 200],
    ]);
    const two = spanRects(
      [
        { startS: 0, endS: 1, key: "a" },
        { startS: 1, endS: 2, key: "b" },
      ],
      px,
    );
    expect(two.map((x) => x.key)).toEqual(["a", "b"]);
  });

  it("draws a long span after a moment's one in its own colour, from where the moment's ends", () => {
    const r = spanRects(
      [
        { startS: 1, endS: 1.001, key: "quiesce" },
        { startS: 1.001, endS: 3, key: "wait" },
      ],
      px,
    );
    expect(r.map((x) => [x.x0Px, x.x1Px, x.key])).toEqual([
      [100, 101, "quiesce"],
      [101, 300, "wait"],
    ]);
  });

  it("never draws more rectangles than the lane has pixels, nor loses a span", () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.double({ min: 0, max: 0.05, noNaN: true }), fc.constantFrom("a", "b", "c")), {
          maxLength: 2000,
        }),
        (gaps) => {
          let t = 0;
          const spans = gaps.map(([g, key]) => {
            const startS = t;
            t += g;
            return { startS, endS: t, key };
          });
          const r = spanRects(spans, px);
          expect(r.length).toBeLessThanOrEqual(Math.ceil(px(t)) + 1);
          expect(r.reduce((n, x) => n + x.spans.length, 0)).toBe(spans.length);
        },
      ),
    );
  });
});
