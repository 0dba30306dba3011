// Maps a tunable's value to a slider position and back. Sizes, times and counts move
// logarithmically (in 1 + value, so 0 stays reachable), percents linearly; values from the
// slider are snapped to round numbers so links stay readable.

import type { TunableSpec } from "../engine/schema";

/** Slider positions, 0 to STEPS. */
export const STEPS = 1000;

const toAxis = (spec: TunableSpec, v: number) => (spec.scale === "log" ? Math.log1p(v) : v);
const fromAxis = (spec: TunableSpec, a: number) => (spec.scale === "log" ? Math.expm1(a) : a);

/** Position 0 is the entry's "not set" value when it has one; the range takes the rest. */
const first = (spec: TunableSpec) => (spec.off === null ? 0 : 1);

export function toPosition(spec: TunableSpec, value: number): number {
  if (spec.off !== null && value === spec.off) return 0;
  const lo = toAxis(spec, spec.min);
  const hi = toAxis(spec, spec.max);
  if (hi <= lo) return first(spec);
  const clamped = Math.min(Math.max(value, spec.min), spec.max);
  return first(spec) + Math.round(((toAxis(spec, clamped) - lo) / (hi - lo)) * (STEPS - first(spec)));
}

/** A round value near `value`: two or three significant figures in the unit people read. */
export function snap(spec: TunableSpec, value: number): number {
  let v = Math.round(value);
  if ((spec.unit === "bytes" || spec.unit === "bytes_per_second") && v >= 1024) {
    // Sixteenths of the largest binary unit: 1.5G, 1088M, 768K — always whole bytes.
    const unit = 1024 ** Math.floor(Math.log(v) / Math.log(1024));
    const step = v >= unit * 10 ? unit : unit / 16;
    v = Math.round(v / step) * step;
  } else if ((spec.unit === "nanoseconds" || spec.unit === "count") && v >= 100) {
    const magnitude = 10 ** (Math.floor(Math.log10(v)) - 1);
    v = Math.round(v / magnitude) * magnitude;
  }
  return Math.min(Math.max(v, spec.min), spec.max);
}

export function fromPosition(spec: TunableSpec, position: number): number {
  if (spec.off !== null && position <= 0) return spec.off;
  // The ends are the range's ends exactly, whatever rounding does in between.
  if (position <= first(spec)) return spec.min;
  if (position >= STEPS) return spec.max;
  const lo = toAxis(spec, spec.min);
  const hi = toAxis(spec, spec.max);
  const share = (position - first(spec)) / (STEPS - first(spec));
  return snap(spec, fromAxis(spec, lo + share * (hi - lo)));
}

/**
 * The value a slider move from `current` to `position` selects. Where a position step is
 * smaller than one unit (the low end of a log scale), it still moves to the next value in
 * that direction, so the keyboard never gets stuck.
 */
export function valueForMove(spec: TunableSpec, current: number, position: number): number {
  const candidate = fromPosition(spec, position);
  const direction = Math.sign(position - toPosition(spec, current));
  if (candidate !== current || direction === 0) return candidate;
  for (let p = position; p >= 0 && p <= STEPS; p += direction) {
    const v = fromPosition(spec, p);
    if (v !== current) return v;
  }
  if (spec.off !== null && current === spec.off) return direction > 0 ? spec.min : current;
  return Math.min(Math.max(current + direction, spec.min), spec.max);
}
