// Display units of the simulation panels: values are plotted in MiB, MiB/s, ms and s so
// that axis ticks fall on round numbers of the unit printed beside them.

import { format } from "d3-format";

export const MIB = 1024 * 1024;
export const tick = format(",~g");
export const fixed = (digits: number) => format(`,.${digits}f`);

/** `12.3 ms`, `850 µs`, `2.41 s` for a latency in ns. */
export function latency(ns: number): string {
  if (!Number.isFinite(ns) || ns <= 0) return "0";
  if (ns >= 1e9) return `${(ns / 1e9).toFixed(2)} s`;
  if (ns >= 1e6) return `${(ns / 1e6).toFixed(ns >= 1e8 ? 0 : 1)} ms`;
  if (ns >= 1e3) return `${(ns / 1e3).toFixed(0)} µs`;
  return `${Math.round(ns)} ns`;
}

/** `41.9 MiB/s` for bytes per second. */
export const rate = (bytesPerS: number) => `${fixed(1)(bytesPerS / MIB)} MiB/s`;

/** `1,024 MiB` for bytes. */
export const mib = (bytes: number) => `${format(",.0f")(bytes / MIB)} MiB`;

/** Power-of-two buckets of a histogram: bucket j holds [2^j, 2^(j+1)) ns. */
export const POW2_BUCKETS = 37;

/** The label of power-of-two bucket j by its lower bound, as zpool iostat -w names rows. */
export const bucketLabel = (j: number) => latency(2 ** j);
