// The frame every curve panel shares: axes from D3 scales rendered by React, a hover and
// keyboard cursor over dirty data, and slots for the curve and its annotations.

import type { KeyboardEvent, PointerEvent, ReactNode } from "react";
import { MARGIN, PLOT, VIEW, xPercent } from "./chart-layout";

export interface Tick {
  value: number;
  label: string;
  yPx: number;
}

interface Props {
  title: string;
  yLabel: string;
  yTicks: Tick[];
  /** Cursor position in percent of zfs_dirty_data_max, or null. */
  cursorPercent: number | null;
  onCursor: (percent: number | null) => void;
  children: ReactNode;
}

const X_TICKS = [0, 10, 20, 30, 40, 50, 60, 70, 80, 90, 100];

export function CurveChart({ title, yLabel, yTicks, cursorPercent, onCursor, children }: Props) {
  const onMove = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const xPx = ((e.clientX - rect.left) / rect.width) * PLOT.width;
    onCursor(Math.min(100, Math.max(0, xPercent.invert(xPx))));
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const step = e.shiftKey ? 5 : 0.25;
    const at = cursorPercent ?? 50;
    if (e.key === "ArrowRight") onCursor(Math.min(100, at + step));
    else if (e.key === "ArrowLeft") onCursor(Math.max(0, at - step));
    else if (e.key === "Escape") onCursor(null);
    else return;
    e.preventDefault();
  };

  return (
    <svg
      className="chart"
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      role="img"
      aria-label={`${title}. Focus and use the left and right arrow keys to read exact values.`}
      tabIndex={0}
      onKeyDown={onKey}
      onBlur={() => onCursor(null)}
    >
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        {yTicks.map((t) => (
          <g key={t.value} className="tick" transform={`translate(0,${t.yPx})`}>
            <line className="grid" x2={PLOT.width} />
            <text x={-8} dy="0.32em" textAnchor="end">
              {t.label}
            </text>
          </g>
        ))}
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
        {cursorPercent !== null && (
          <line
            className="cursor"
            x1={xPercent(cursorPercent)}
            x2={xPercent(cursorPercent)}
            y2={PLOT.height}
          />
        )}
        <rect
          className="hover-target"
          width={PLOT.width}
          height={PLOT.height}
          onPointerMove={onMove}
          onPointerDown={onMove}
          onPointerLeave={() => onCursor(null)}
        />
      </g>
    </svg>
  );
}
