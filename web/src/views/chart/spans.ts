// Spans on the time axis (a txg open, quiescing, syncing) as the rectangles a lane draws:
// spans narrower than a pixel merge with their neighbours, so that what a lane draws is
// bounded by its pixels, not by the run's thousands of txgs.

/** A span of simulated time [s] of some kind (`key` picks its colour). */
export interface Span {
  startS: number;
  endS: number;
  key: string;
}

/** What a lane draws: [x0Px, x1Px], the spans it covers and how many of each kind. */
export interface SpanRect<S extends Span> {
  x0Px: number;
  x1Px: number;
  /** The kind of every span it covers, or "mixed". */
  key: string;
  spans: S[];
  byKey: Map<string, number>;
}

/**
 * The rectangles of `spans` (in time order) placed by `xPx`, each at least `minPx` wide. A
 * span that starts inside the last rectangle drawn (a narrow one is widened to `minPx`)
 * joins it, unless it runs on more than a pixel past it: then it is drawn from there on,
 * so that a long wait after a moment's quiesce keeps its own colour. Spans that only touch
 * stay apart, so that back-to-back syncs still show as several. Each rectangle starts at or
 * past the end of the one before, so a lane draws no more rectangles than it has pixels (at
 * `minPx` 1).
 */
export function spanRects<S extends Span>(
  spans: readonly S[],
  xPx: (s: number) => number,
  minPx = 1,
): SpanRect<S>[] {
  const out: SpanRect<S>[] = [];
  for (const span of spans) {
    const x0Px = xPx(span.startS);
    const x1Px = Math.max(xPx(span.endS), x0Px + minPx);
    if (!Number.isFinite(x0Px) || !Number.isFinite(x1Px)) continue;
    const last = out.at(-1);
    if (last && x0Px < last.x1Px && x1Px > last.x1Px + 1) {
      out.push({ x0Px: last.x1Px, x1Px, key: span.key, spans: [span], byKey: new Map([[span.key, 1]]) });
      continue;
    }
    if (last && x0Px < last.x1Px) {
      last.x1Px = Math.max(last.x1Px, x1Px);
      last.spans.push(span);
      last.byKey.set(span.key, (last.byKey.get(span.key) ?? 0) + 1);
      if (last.key !== span.key) last.key = "mixed";
      continue;
    }
    out.push({ x0Px, x1Px, key: span.key, spans: [span], byKey: new Map([[span.key, 1]]) });
  }
  return out;
}
