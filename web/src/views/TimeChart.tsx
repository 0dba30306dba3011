// The frame every time panel shares: simulated time across, a value axis with units, lines
// for the current run (B) and the comparison (A), levels and marks, and the shared hover
// cursor (pointer or arrow keys) that every time panel draws at the same moment.

import { useContext, type KeyboardEvent, type PointerEvent, type ReactNode } from "react";
import { scaleLinear, type ScaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { column } from "../engine/report";
import type { RunView } from "./runs";
import { SteadyMark, TIME_MARGIN, TIME_PLOT, TIME_VIEW, timeScale } from "./time-layout";

export interface Series {
  id: string;
  side: "a" | "b";
  /** Time [s] and value pairs. */
  points: [number, number][];
  label: string;
}

export interface Level {
  y: number;
  label: string;
}

interface Props {
  title: string;
  yLabel: string;
  yMax: number;
  yFormat: (v: number) => string;
  durationS: number;
  series: Series[];
  levels?: Level[];
  /** Times [s] marked by a faint vertical line (txg syncs). */
  marks?: number[];
  cursorS: number | null;
  onCursorS: (s: number | null) => void;
  children?: (x: ScaleLinear<number, number>, y: ScaleLinear<number, number>) => ReactNode;
}

export function TimeChart(p: Props) {
  const steadyS = useContext(SteadyMark);
  const x = timeScale(p.durationS);
  const y = scaleLinear()
    .domain([0, p.yMax > 0 ? p.yMax * 1.08 : 1])
    .range([TIME_PLOT.height, 0]);
  const path = line<[number, number]>()
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  const onMove = (e: PointerEvent<SVGRectElement>) => {
    const rect = e.currentTarget.getBoundingClientRect();
    if (rect.width <= 0) return;
    const px = ((e.clientX - rect.left) / rect.width) * TIME_PLOT.width;
    p.onCursorS(Math.min(p.durationS, Math.max(0, x.invert(px))));
  };
  const onKey = (e: KeyboardEvent<SVGSVGElement>) => {
    const step = p.durationS / (e.shiftKey ? 10 : 100);
    const at = p.cursorS ?? p.durationS / 2;
    const moves: Record<string, number | null> = {
      ArrowRight: Math.min(p.durationS, at + step),
      ArrowLeft: Math.max(0, at - step),
      Home: 0,
      End: p.durationS,
      Escape: null,
    };
    if (!(e.key in moves)) return;
    p.onCursorS(moves[e.key] ?? null);
    e.preventDefault();
  };
  return (
    <svg
      className="chart time-chart"
      viewBox={`0 0 ${TIME_VIEW.width} ${TIME_VIEW.height}`}
      role="img"
      aria-label={`${p.title}. Focus and use the arrow keys to move the time cursor.`}
      tabIndex={0}
      onKeyDown={onKey}
      onBlur={() => p.onCursorS(null)}
    >
      <g transform={`translate(${TIME_MARGIN.left},${TIME_MARGIN.top})`}>
        {y.ticks(5).map((v) => (
          <g key={v} className="tick" transform={`translate(0,${y(v)})`}>
            <line className="grid" x2={TIME_PLOT.width} />
            <text x={-8} dy="0.32em" textAnchor="end">
              {p.yFormat(v)}
            </text>
          </g>
        ))}
        {x.ticks(8).map((s) => (
          <g key={s} className="tick" transform={`translate(${x(s)},${TIME_PLOT.height})`}>
            <line y2={5} />
            <text y={18} textAnchor="middle">
              {s}
            </text>
          </g>
        ))}
        {(p.marks ?? []).map((s, i) => (
          <line key={i} className="txg-mark" x1={x(s)} x2={x(s)} y2={TIME_PLOT.height} />
        ))}
        {(p.levels ?? []).map((l) => (
          <g key={l.label}>
            <line className="level" x2={TIME_PLOT.width} y1={y(l.y)} y2={y(l.y)} />
            <text className="level-label" x={TIME_PLOT.width - 4} y={y(l.y) - 4} textAnchor="end">
              {l.label}
            </text>
          </g>
        ))}
        <line className="axis" y1={TIME_PLOT.height} y2={TIME_PLOT.height} x2={TIME_PLOT.width} />
        <line className="axis" y2={TIME_PLOT.height} />
        <text className="axis-label" x={TIME_PLOT.width / 2} y={TIME_PLOT.height + 34} textAnchor="middle">
          simulated time, s
        </text>
        <text
          className="axis-label"
          transform={`translate(${-TIME_MARGIN.left + 14},${TIME_PLOT.height / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {p.yLabel}
        </text>
        {p.children?.(x, y)}
        {steadyS !== null && (
          <g className="steady-mark">
            <line x1={x(steadyS)} x2={x(steadyS)} y2={TIME_PLOT.height} />
            <text x={x(steadyS) + 4} y={10}>
              steady
            </text>
          </g>
        )}
        {p.series.map((s) => (
          <path key={s.id} className={`series side-${s.side}`} d={path(s.points) ?? ""} data-series={s.id}>
            <title>{s.label}</title>
          </path>
        ))}
        {p.cursorS !== null && (
          <line className="cursor" x1={x(p.cursorS)} x2={x(p.cursorS)} y2={TIME_PLOT.height} />
        )}
        <rect
          className="hover-target"
          width={TIME_PLOT.width}
          height={TIME_PLOT.height}
          onPointerMove={onMove}
          onPointerDown={onMove}
          onPointerLeave={() => p.onCursorS(null)}
        />
      </g>
    </svg>
  );
}

/** The index of the sample covering time `s` (samples end at `t_ns`), or -1. */
export function sampleAt(tNs: Float64Array, s: number): number {
  const ns = s * 1e9;
  for (let i = 0; i < tNs.length; i++) if ((tNs[i] ?? 0) >= ns) return i;
  return tNs.length - 1;
}

/** One series per run from report column `name`, divided by `scale` for display. */
export function seriesOf(runs: RunView[], name: string, scale: number): Series[] {
  return runs.map((r) => ({
    id: `${name}-${r.side}`,
    side: r.side,
    label: r.label,
    points: pointsOf(r, name, scale),
  }));
}

/** A run's report column `name` against simulated time [s], divided by `scale`. */
export function pointsOf(r: RunView, name: string, scale: number): [number, number][] {
  const t = column(r.report, "t_ns");
  const v = column(r.report, name);
  return Array.from(t, (ns, i) => [ns / 1e9, (v[i] ?? 0) / scale]);
}

/** The largest value of any series (0 for none). */
export const maxOf = (series: { points: [number, number][] }[]) =>
  Math.max(0, ...series.flatMap((s) => s.points.map((p) => p[1])));
