// Shared geometry of the curve charts: one viewBox, the same dirty-data x axis, so the two
// panels line up and a cursor means the same dirty amount in both.

import { scaleLinear } from "d3-scale";
import type { Line } from "d3-shape";

export const VIEW = { width: 860, height: 340 };
export const MARGIN = { top: 46, right: 24, bottom: 44, left: 70 };
export const PLOT = {
  width: VIEW.width - MARGIN.left - MARGIN.right,
  height: VIEW.height - MARGIN.top - MARGIN.bottom,
};

/** x: percent of zfs_dirty_data_max → px inside the plot. */
export const xPercent = scaleLinear().domain([0, 100]).range([0, PLOT.width]);

/** Dirty bytes → percent of `dirtyMax`. */
export const percentOf = (dirty: number, dirtyMax: number) => (dirty / dirtyMax) * 100;

/**
 * The `d` of a curve (values against dirty bytes) drawn by `shape`: x in percent of its own
 * `dirtyMax`, so that A's curve and B's share the axes; y in px by `yPx`.
 */
export function curvePath(
  shape: Line<[number, number]>,
  curve: { dirty: Float64Array; value: Float64Array },
  dirtyMax: number,
  yPx: (value: number) => number,
): string {
  return (
    shape(Array.from(curve.dirty, (d, i) => [xPercent(percentOf(d, dirtyMax)), yPx(curve.value[i] ?? 0)])) ??
    ""
  );
}

/** The chart cursor moves in hundredths of a percent of zfs_dirty_data_max. */
export const CURSOR_STEPS = 10_000;

/** ⌊D × hundredths / 10000⌋ exactly (the product can pass 2^53, so in BigInt). */
export const bytesAtHundredths = (hundredths: number, dirtyMax: number) =>
  Number((BigInt(dirtyMax) * BigInt(Math.round(hundredths))) / BigInt(CURSOR_STEPS));

/** Rough width of a label in chart units, for choosing the side it fits on. */
export const labelWidth = (text: string) => text.length * 6;

/** Which side of a vertical line at `xPx` a label goes: the preferred one if it fits. */
export function labelSide(xPx: number, text: string, prefer: "start" | "end" = "start") {
  const fitsRight = xPx + 4 + labelWidth(text) <= PLOT.width;
  const fitsLeft = xPx - 4 - labelWidth(text) >= -MARGIN.left + 4;
  const anchor =
    prefer === "start"
      ? fitsRight || !fitsLeft
        ? "start"
        : "end"
      : fitsLeft || !fitsRight
        ? "end"
        : "start";
  return { anchor, x: xPx + (anchor === "start" ? 4 : -4) } as const;
}
