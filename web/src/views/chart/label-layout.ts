// Labels of horizontal lines that would overlap: lines closer than a label's height share
// one label, the names joined top to bottom, above the topmost of them; and a row for a
// label that must keep clear of theirs.

export interface LineLabel {
  /** The line's height [chart units, down from the plot's top]. */
  yPx: number;
  label: string;
}

/** One label per group of lines within `gapPx` of the group's top line. */
export function stackLabels(lines: readonly LineLabel[], gapPx = 13): LineLabel[] {
  const sorted = [...lines].sort((a, b) => a.yPx - b.yPx);
  const out: { yPx: number; labels: string[] }[] = [];
  for (const l of sorted) {
    const group = out.at(-1);
    if (group && l.yPx - group.yPx < gapPx) group.labels.push(l.label);
    else out.push({ yPx: l.yPx, labels: [l.label] });
  }
  return out.map((g) => ({ yPx: g.yPx, label: g.labels.join(" · ") }));
}

/**
 * The first baseline from `first`, in steps of `step` down to `last`, at least `gapPx` from
 * every baseline in `taken` (`first` if none is): where a label goes that must not sit on
 * the others.
 */
export function freeRow(
  taken: readonly number[],
  first: number,
  step: number,
  last: number,
  gapPx = 12,
): number {
  for (let y = first; y <= last; y += step) if (taken.every((t) => Math.abs(t - y) >= gapPx)) return y;
  return first;
}
