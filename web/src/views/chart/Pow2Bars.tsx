// A power-of-two histogram as bars (the run's count per bucket, as a share of its total),
// the current run (B) filled and the comparison (A) outlined, on one latency axis.

import { scaleBand, scaleLinear } from "d3-scale";
import { bucketLabel } from "./display";
import { usePresenting } from "./presenting";
import { ticksAt, YGrid } from "./grid";

interface Props {
  title: string;
  sets: { side: "a" | "b" | "evidence"; label: string; buckets: number[] }[];
}

const VIEW = { width: 410, height: 190 };
const M = { top: 10, right: 10, bottom: 44, left: 52 };
/** On a projector, room at the left for "100%" and the axis title in 16 px text. */
const M_PRESENTING = { ...M, left: 84 };
const H = VIEW.height - M.top - M.bottom;

export function Pow2Bars({ title, sets }: Props) {
  // On a projector the labels are 16 px: a third as many fit under the bars.
  const presenting = usePresenting();
  const labels = presenting ? 3 : 7;
  const m = presenting ? M_PRESENTING : M;
  const W = VIEW.width - m.left - m.right;
  const nonEmpty = sets.flatMap((s) => s.buckets.flatMap((c, j) => (c > 0 ? [j] : [])));
  const totals = sets.map((s) => s.buckets.reduce((a, c) => a + c, 0));
  if (nonEmpty.length === 0) {
    return (
      <figure className="bars">
        <figcaption>{title}</figcaption>
        <p className="empty">None in this run.</p>
      </figure>
    );
  }
  const lo = Math.max(0, Math.min(...nonEmpty) - 1);
  const hi = Math.max(...nonEmpty) + 1;
  const js = Array.from({ length: hi - lo + 1 }, (_, k) => lo + k);
  const x = scaleBand<number>().domain(js).range([0, W]).padding(0.15);
  const y = scaleLinear().domain([0, 100]).range([H, 0]);
  const every = Math.ceil(js.length / labels);
  return (
    <figure className="bars">
      <figcaption>{title}</figcaption>
      <svg
        viewBox={`0 0 ${VIEW.width} ${VIEW.height}`}
        role="img"
        aria-label={`${title}, power-of-two latency buckets`}
      >
        <g transform={`translate(${m.left},${m.top})`}>
          <YGrid ticks={ticksAt([0, 25, 50, 75, 100], y, (v) => `${v}%`)} width={W} labelX={-6} />
          {sets.map((s, k) =>
            js.map((j) => {
              const share = totals[k] ? ((s.buckets[j] ?? 0) / (totals[k] ?? 1)) * 100 : 0;
              const bw = x.bandwidth() / sets.length;
              return (
                <rect
                  key={`${s.side}-${j}`}
                  className={`bar side-${s.side}`}
                  x={(x(j) ?? 0) + k * bw}
                  y={y(share)}
                  width={bw}
                  height={H - y(share)}
                >
                  <title>{`${s.label}: ${s.buckets[j] ?? 0} in [${bucketLabel(j)}, ${bucketLabel(j + 1)})`}</title>
                </rect>
              );
            }),
          )}
          {js
            .filter((_, k) => k % every === 0)
            .map((j) => (
              <text
                key={j}
                className="tick-label"
                x={(x(j) ?? 0) + x.bandwidth() / 2}
                y={H + 14}
                textAnchor="middle"
              >
                {bucketLabel(j)}
              </text>
            ))}
          <line className="axis" y1={H} y2={H} x2={W} />
          <text
            className="axis-label"
            transform={`translate(${-m.left + 12},${H / 2}) rotate(-90)`}
            textAnchor="middle"
          >
            share, %
          </text>
          <text className="axis-label" x={W / 2} y={H + 34} textAnchor="middle">
            latency (bucket lower bound)
          </text>
        </g>
      </svg>
    </figure>
  );
}
