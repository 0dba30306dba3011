// Shared geometry of the curve charts: one viewBox, the same dirty-data x axis, so the two
// panels line up and a cursor means the same dirty amount in both.

import { scaleLinear } from "d3-scale";

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

/** Percent of `dirtyMax` → whole bytes, floored as the tables floor them. */
export const bytesAt = (percent: number, dirtyMax: number) =>
  Math.max(0, Math.min(dirtyMax, Math.floor((dirtyMax * percent) / 100)));

/** Top-margin labels: anchored to the right of their line in the left half, else to the left. */
export const anchorFor = (xPx: number) => (xPx < PLOT.width / 2 ? "start" : "end");
export const labelDx = (xPx: number) => (xPx < PLOT.width / 2 ? 4 : -4);
