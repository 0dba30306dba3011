// The advisor's trade-off: one point per candidate setting, the symptom's metric up the
// side and a guard's (or another) metric across, the settings as given and the proposal
// marked, settings that break a guard drawn as crosses. A pure function of its props; D3
// gives the scales and ticks. Sized for the settings column: its own small viewBox keeps
// the text readable there.

import { scaleLinear, scaleLog, type ScaleContinuousNumeric } from "d3-scale";

export type PointKind = "feasible" | "infeasible" | "baseline" | "proposal";

export interface TradeOffPoint {
  x: number;
  y: number;
  kind: PointKind;
  /** What the point stands for (its settings and figures), shown on hover. */
  label: string;
}

interface Props {
  title: string;
  xLabel: string;
  yLabel: string;
  xFormat: (v: number) => string;
  yFormat: (v: number) => string;
  points: TradeOffPoint[];
}

const VIEW = { width: 440, height: 300 };
const MARGIN = { top: 30, right: 30, bottom: 44, left: 66 };
const PLOT = {
  width: VIEW.width - MARGIN.left - MARGIN.right,
  height: VIEW.height - MARGIN.top - MARGIN.bottom,
};

/**
 * A scale over `values`: logarithmic when they are all positive and span more than 20
 * times (a scrub that stops, a burst into empty memory), else linear from a nice domain.
 */
export function axisScale(values: number[], range: [number, number]): ScaleContinuousNumeric<number, number> {
  const lo = Math.min(...values);
  const hi = Math.max(...values);
  if (lo > 0 && hi / lo > 20)
    return scaleLog()
      .domain([lo / 1.3, hi * 1.3])
      .range(range);
  const pad = hi > lo ? (hi - lo) * 0.08 : Math.abs(hi) * 0.1 || 1;
  return scaleLinear()
    .domain([Math.max(0, lo - pad), hi + pad])
    .range(range)
    .nice();
}

/** The leading digit of `v` (5 for 500, 2 for 0.02). */
const leading = (v: number) => Math.round(v / 10 ** Math.floor(Math.log10(v) + 1e-9));

/**
 * At most `n` ticks of `scale`, evenly thinned; on a log scale (which offers one per 1..9
 * multiple) the 1, 2 and 5 multiples of powers of ten if they are few enough, else the 1
 * and 3 ones, else the powers alone: evenly spaced along the axis each time.
 */
export function fewTicks(scale: ScaleContinuousNumeric<number, number>, n: number): number[] {
  let all = scale.ticks(n);
  if ("base" in scale) {
    const sets = [[1, 2, 5], [1, 3], [1]].map((digits) => all.filter((v) => digits.includes(leading(v))));
    all = sets.find((t) => t.length <= n && t.length >= 2) ?? sets[0] ?? all;
  }
  const every = Math.ceil(all.length / n);
  return all.filter((_, i) => i % every === 0);
}

/** The marker of a point: a cross for a setting that breaks a guard, circles otherwise. */
function Marker({ kind, cx, cy }: { kind: PointKind; cx: number; cy: number }) {
  if (kind === "infeasible") {
    const d = 3.5;
    return (
      <path
        className="point infeasible"
        d={`M${cx - d},${cy - d}L${cx + d},${cy + d}M${cx - d},${cy + d}L${cx + d},${cy - d}`}
      />
    );
  }
  return <circle className={`point ${kind}`} cx={cx} cy={cy} r={kind === "feasible" ? 3.2 : 5.5} />;
}

const LEGEND_ITEMS: { kind: PointKind; text: string }[] = [
  { kind: "feasible", text: "within the guards" },
  { kind: "infeasible", text: "breaks a guard" },
  { kind: "baseline", text: "as given" },
  { kind: "proposal", text: "proposal" },
];
/** Each legend item after the widths of those before it (about 5.6 units a character at 10.5 px). */
const LEGEND = LEGEND_ITEMS.map((l, i) => ({
  ...l,
  x: LEGEND_ITEMS.slice(0, i).reduce((at, p) => at + 26 + p.text.length * 5.6, 0),
}));

export function TradeOffChart({ title, xLabel, yLabel, xFormat, yFormat, points }: Props) {
  const x = axisScale(
    points.map((p) => p.x),
    [0, PLOT.width],
  );
  const y = axisScale(
    points.map((p) => p.y),
    [PLOT.height, 0],
  );
  // The marked points last, so that they sit on top of the rest.
  const order: PointKind[] = ["infeasible", "feasible", "baseline", "proposal"];
  const drawn = [...points].sort((a, b) => order.indexOf(a.kind) - order.indexOf(b.kind));
  return (
    <svg
      className="chart trade-off"
      viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
      role="img"
      aria-label={`${title}: ${points.length} settings`}
      data-testid="advisor-plot"
    >
      <g transform={`translate(${MARGIN.left},${MARGIN.top})`}>
        {LEGEND.map((l) => (
          <g key={l.kind} transform={`translate(${l.x},-18)`} className="legend-item">
            <Marker kind={l.kind} cx={4} cy={-4} />
            <text x={12} dy="-0.05em">
              {l.text}
            </text>
          </g>
        ))}
        {fewTicks(y, 5).map((v) => (
          <g key={`y${v}`} className="tick" transform={`translate(0,${y(v)})`}>
            <line className="grid" x2={PLOT.width} />
            <text x={-6} dy="0.32em" textAnchor="end">
              {yFormat(v)}
            </text>
          </g>
        ))}
        {fewTicks(x, 4).map((v) => (
          <g key={`x${v}`} className="tick" transform={`translate(${x(v)},${PLOT.height})`}>
            <line y2={5} />
            <text y={17} textAnchor="middle">
              {xFormat(v)}
            </text>
          </g>
        ))}
        <line className="axis" y1={PLOT.height} y2={PLOT.height} x2={PLOT.width} />
        <line className="axis" y2={PLOT.height} />
        <text className="axis-label" x={PLOT.width / 2} y={PLOT.height + 36} textAnchor="middle">
          {xLabel}
        </text>
        <text
          className="axis-label"
          transform={`translate(${-MARGIN.left + 12},${PLOT.height / 2}) rotate(-90)`}
          textAnchor="middle"
        >
          {yLabel}
        </text>
        <g className="points">
          {drawn.map((p, i) => (
            <g key={i}>
              <title>{p.label}</title>
              <Marker kind={p.kind} cx={x(p.x)} cy={y(p.y)} />
            </g>
          ))}
        </g>
      </g>
    </svg>
  );
}
