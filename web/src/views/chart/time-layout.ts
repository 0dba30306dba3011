// Shared geometry of the time panels: one viewBox and one time axis, so that the panels
// line up and the hover cursor means the same simulated moment in every one of them.

import { scaleLinear } from "d3-scale";

export const TIME_VIEW = { width: 860, height: 230 };
export const TIME_MARGIN = { top: 18, right: 24, bottom: 40, left: 70 };
export const TIME_PLOT = {
  width: TIME_VIEW.width - TIME_MARGIN.left - TIME_MARGIN.right,
  height: TIME_VIEW.height - TIME_MARGIN.top - TIME_MARGIN.bottom,
};

/** Seconds of simulated time → px inside the plot. */
export const timeScale = (seconds: number) =>
  scaleLinear()
    .domain([0, Math.max(seconds, 1e-3)])
    .range([0, TIME_PLOT.width]);
