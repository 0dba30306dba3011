// The frame every time panel shares: simulated time across, a value axis with units, lines
// for the current run (B) and the comparison (A), broken where there was nothing to measure
// (`gaps.ts`), levels and marks, and the shared hover cursor (pointer or arrow keys) and
// steady-state mark, both from the time axis.

import type { ReactNode } from "react";
import { scaleLinear, type ScaleLinear } from "d3-scale";
import { line } from "d3-shape";
import { cursorKeyDown, HoverTarget } from "./cursor";
import { decimate, distinctColumns, maxValue } from "./decimate";
import { isDefined } from "./gaps";
import { tick } from "./display";
import { ticksAt, YGrid } from "./grid";
import { freeRow, stackLabels } from "./label-layout";
import { usePresenting } from "./presenting";
import { useTimeAxis } from "./time-axis";
import { TIME_MARGIN, TIME_PLOT, TIME_VIEW, timeScale } from "./time-layout";

export interface Series {
  id: string;
  side: "a" | "b";
  /** Time [s] and value pairs; a value that is not a number is a gap in the line. */
  points: [number, number][];
  label: string;
  /** A class beside the side's, for a second line of the same run (a queue's pend beside its activ). */
  variant?: string;
}

export interface Level {
  y: number;
  label: string;
}

interface Props {
  title: string;
  yLabel: string;
  /** The largest value on the axis (which reaches 8% above it); the largest of `series` if not given. */
  yMax?: number;
  /** Tick labels; `tick` (1,234.5) if not given. */
  yFormat?: (v: number) => string;
  /** Where the value axis has its ticks; d3's round numbers if not given. */
  yTicks?: number[];
  /** Lines, one per run; none if the chart draws only marks of its own (`children`). */
  series?: Series[];
  levels?: Level[];
  /** Times [s] marked by a faint vertical line (txg syncs); one line per pixel column at most. */
  marks?: number[];
  children?: (x: ScaleLinear<number, number>, y: ScaleLinear<number, number>) => ReactNode;
}

export function TimeChart({ series = [], yFormat = tick, ...p }: Props) {
  const { durationS, cursorS, setCursorS, steadyS } = useTimeAxis();
  // On a projector the text is 16 px or more: half as many ticks fit.
  const presenting = usePresenting();
  const yMax = p.yMax ?? maxOf(series);
  const x = timeScale(durationS);
  const y = scaleLinear()
    .domain([0, yMax > 0 ? yMax * 1.08 : 1])
    .range([TIME_PLOT.height, 0]);
  const path = line<[number, number]>()
    .defined(isDefined)
    .x((d) => x(d[0]))
    .y((d) => y(d[1]));
  const levelLabels = stackLabels((p.levels ?? []).map((l) => ({ yPx: y(l.y), label: l.label })));
  // The steady mark's label keeps clear of the levels' labels.
  const steadyRow = freeRow(
    levelLabels.map((l) => l.yPx - 4),
    10,
    14,
    TIME_PLOT.height - 4,
  );
  // Work and markup bounded by the plot's width, not the run's length.
  const markPx = distinctColumns((p.marks ?? []).map(x));
  const onXPx = (xPx: number) => setCursorS(Math.min(durationS, Math.max(0, x.invert(xPx))));
  // Arrows move a hundredth of the run, a tenth with Shift.
  const keys = { step: durationS / 100, bigStep: durationS / 10, end: durationS };
  return (
    <svg
      className="chart time-chart"
      viewBox={`0 0 ${TIME_VIEW.width} ${TIME_VIEW.height}`}
      role="img"
      aria-label={`${p.title}. Focus and use the arrow keys to move the time cursor.`}
      tabIndex={0}
      onKeyDown={cursorKeyDown(cursorS, keys, setCursorS)}
      onBlur={() => setCursorS(null)}
    >
      <g transform={`translate(${TIME_MARGIN.left},${TIME_MARGIN.top})`}>
        <YGrid ticks={ticksAt(p.yTicks ?? y.ticks(presenting ? 3 : 5), y, yFormat)} width={TIME_PLOT.width} />
        {x.ticks(presenting ? 4 : 8).map((s) => (
          <g key={s} className="tick" transform={`translate(${x(s)},${TIME_PLOT.height})`}>
            <line y2={5} />
            <text y={18} textAnchor="middle">
              {s}
            </text>
          </g>
        ))}
        {markPx.length > 0 && (
          <path className="txg-mark" d={markPx.map((xPx) => `M${xPx},0V${TIME_PLOT.height}`).join("")} />
        )}
        {(p.levels ?? []).map((l) => (
          <line key={l.label} className="level" x2={TIME_PLOT.width} y1={y(l.y)} y2={y(l.y)} />
        ))}
        {levelLabels.map((l) => (
          <text key={l.label} className="level-label" x={TIME_PLOT.width - 4} y={l.yPx - 4} textAnchor="end">
            {l.label}
          </text>
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
            <text x={x(steadyS) + 4} y={steadyRow}>
              steady
            </text>
          </g>
        )}
        {series.map((s) => (
          <path
            key={s.id}
            className={`series side-${s.side}${s.variant ? ` ${s.variant}` : ""}`}
            d={path(decimate(s.points, 0, durationS, TIME_PLOT.width)) ?? ""}
            data-series={s.id}
          >
            <title>{s.label}</title>
          </path>
        ))}
        {cursorS !== null && (
          <line className="cursor" x1={x(cursorS)} x2={x(cursorS)} y2={TIME_PLOT.height} />
        )}
        <HoverTarget
          width={TIME_PLOT.width}
          height={TIME_PLOT.height}
          onXPx={onXPx}
          onLeave={() => setCursorS(null)}
        />
      </g>
    </svg>
  );
}

/** The largest value of any series (0 for none). */
export const maxOf = (series: { points: [number, number][] }[]) =>
  maxValue(
    (function* () {
      for (const s of series) for (const p of s.points) yield p[1];
    })(),
  );
