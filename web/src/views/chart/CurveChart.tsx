// The frame every curve panel shares: axes from D3 scales rendered by React, a hover and
// keyboard cursor over dirty data, and slots for the curve and its annotations.

import type { ReactNode } from "react";
import { CURSOR_STEPS, MARGIN, PLOT, VIEW, xPercent } from "./chart-layout";
import { useCurveCursor } from "./curve-cursor";
import { cursorKeyDown, HoverTarget } from "./cursor";
import { YGrid, type Tick } from "./grid";

interface Props {
  title: string;
  yLabel: string;
  yTicks: Tick[];
  children: ReactNode;
}

const X_TICKS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

/** The pointer snaps to 0.05% so a readout's percent is exactly the bytes it shows. */
const POINTER_SNAP = 5;
const clampCursor = (h: number) => Math.min(CURSOR_STEPS, Math.max(0, h));
/** Arrows move 0.25%, 5% with Shift. */
const KEYS = { step: 25, bigStep: 500, end: CURSOR_STEPS };

export function CurveChart({ title, yLabel, yTicks, children }: Props) {
  const { cursor, setCursor: onCursor } = useCurveCursor();
  const onXPx = (xPx: number) =>
    onCursor(clampCursor(Math.round(xPercent.invert(xPx) * (100 / POINTER_SNAP)) * POINTER_SNAP));

  return (
    <svg
      className="chart"
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      role="img"
      aria-label={`${title}. Focus and use the arrow keys (Shift for bigger steps, Home, End) to read exact values.`}
      tabIndex={0}
      onKeyDown={cursorKeyDown(cursor, KEYS, onCursor)}
      onBlur={() => onCursor(null)}
    >
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        <YGrid ticks={yTicks} width={PLOT.width} />
        {X_TICKS.map((p) => (
          <g key={p} className="tick" transform={`translate(${xPercent(p)},${PLOT.height})`}>
            <line y2={5} />
            <text y={18} textAnchor="middle">
              {p}%
            </text>
          </g>
        ))}
        <line className="axis" y1={PLOT.height} y2={PLOT.height} x2={PLOT.width} />
        <line className="axis" y2={PLOT.height} />
        <text className="axis-label" x={PLOT.width / 2} y={PLOT.height + 38} textAnchor="middle">
          dirty data, % of zfs_dirty_data_max
        </text>
        <text
          className="axis-label"
          transform={`translate(${-MARGIN.left + 14},${PLOT.height / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {yLabel}
        </text>
        {children}
        {cursor !== null && (
          <line className="cursor" x1={xPercent(cursor / 100)} x2={xPercent(cursor / 100)} y2={PLOT.height} />
        )}
        <HoverTarget width={PLOT.width} height={PLOT.height} onXPx={onXPx} onLeave={() => onCursor(null)} />
      </g>
    </svg>
  );
}
