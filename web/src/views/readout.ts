// Text of the curve readouts: exact engine values, formatted for reading.

import { format } from "d3-format";
import type { Engine, Result } from "../engine/engine";

export const grouped = format(",");
const rate = format(",.4~r");

const text = (r: Result<string>) => (r.status === "ok" ? r.value : "?");

/** `45.00% of zfs_dirty_data_max = 1,932,735,283 bytes (1.80 GiB)`, the percent as given. */
export function dirtyText(engine: Engine, bytes: number, percentText: string): string {
  return `${percentText}% of zfs_dirty_data_max = ${grouped(bytes)} bytes (${text(engine.describeBytes(bytes))})`;
}

export function nsText(engine: Engine, ns: number): string {
  return `${grouped(ns)} ns (${text(engine.describeNs(ns))})`;
}

/** Delayed transactions per second at `ns` each, and the throughput at `writeSize` bytes each. */
export function rateText(engine: Engine, ns: number, writeSize: number): string {
  const perSecond = 1e9 / ns;
  const bytesPerSecond = Math.floor(perSecond * writeSize);
  return `at most ${rate(perSecond)} delayed transactions/s per pool = ${text(engine.describeBytes(bytesPerSecond))}/s at ${text(engine.describeBytes(writeSize))} per transaction`;
}
