// The cursor every chart shares: the pointer's position across the plot, and the keys that
// move it (arrows step, Shift for bigger steps, Home and End jump to the ends, Escape hides).

import type { KeyboardEvent, PointerEvent } from "react";

/** How the keys move a cursor along an axis from 0 to `end` (in the axis's own unit). */
export interface CursorKeys {
  step: number;
  /** The step with Shift held. */
  bigStep: number;
  end: number;
}

/**
 * Where `key` puts a cursor at `at` (null: hidden, and a first step starts mid-axis); null
 * hides it, undefined means the key is not the cursor's.
 */
export function cursorAfterKey(
  key: string,
  shift: boolean,
  at: number | null,
  keys: CursorKeys,
): number | null | undefined {
  const step = shift ? keys.bigStep : keys.step;
  const from = at ?? keys.end / 2;
  const moves: Record<string, number | null> = {
    ArrowRight: Math.min(keys.end, from + step),
    ArrowLeft: Math.max(0, from - step),
    Home: 0,
    End: keys.end,
    Escape: null,
  };
  return key in moves ? (moves[key] ?? null) : undefined;
}

/** A chart's keydown handler: moves the cursor and keeps the key from scrolling the page. */
export const cursorKeyDown =
  (at: number | null, keys: CursorKeys, move: (at: number | null) => void) => (e: KeyboardEvent) => {
    const next = cursorAfterKey(e.key, e.shiftKey, at, keys);
    if (next === undefined) return;
    move(next);
    e.preventDefault();
  };

interface TargetProps {
  /** The plot's size [chart units]. */
  width: number;
  height: number;
  /** The pointer's x inside the plot [chart units]. */
  onXPx: (xPx: number) => void;
  onLeave: () => void;
}

/** A transparent rectangle over the plot that follows the pointer. */
export function HoverTarget({ width, height, onXPx, onLeave }: TargetProps) {
  const onMove = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    onXPx(((e.clientX - rect.left) / rect.width) * width);
  };
  return (
    <rect
      className="hover-target"
      width={width}
      height={height}
      onPointerMove={onMove}
      onPointerDown={onMove}
      onPointerLeave={onLeave}
    />
  );
}
