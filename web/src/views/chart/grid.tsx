// The value axis every chart draws: a grid line across the plot at each tick, labelled at
// the left.

export interface Tick {
  value: number;
  label: string;
  yPx: number;
}

interface Props {
  ticks: Tick[];
  /** The plot's width [chart units]. */
  width: number;
  /** Where the labels end, left of the axis [chart units]. */
  labelX?: number;
}

export function YGrid({ ticks, width, labelX = -8 }: Props) {
  return (
    <>
      {ticks.map((t) => (
        <g key={t.value} className="tick" transform={`translate(0,${t.yPx})`}>
          <line className="grid" x2={width} />
          <text x={labelX} dy="0.32em" textAnchor="end">
            {t.label}
          </text>
        </g>
      ))}
    </>
  );
}

/** Ticks at `values`, placed by `yPx` and labelled by `label`. */
export const ticksAt = (values: number[], yPx: (v: number) => number, label: (v: number) => string): Tick[] =>
  values.map((value) => ({ value, label: label(value), yPx: yPx(value) }));
