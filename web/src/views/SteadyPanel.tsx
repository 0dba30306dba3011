// The steady-state panel (S12): each tracked metric over time, the window in which it first
// became steady shaded and that moment marked, and when the run as a whole became steady
// (a quorum of metrics), which every time panel marks too.

import { memo } from "react";
import { column, reportIntervalNs, steadyOf, syncStart, txgsOf } from "../engine/report";
import { TimeChart } from "./chart/TimeChart";
import { MIB } from "./chart/display";
import { Panel, RunLines } from "./Panel";
import { pointsOf, seriesBy, type RunView } from "./runs";

interface Props {
  runs: RunView[];
}

/** Each metric: its title, axis label, and its value per interval in display units. */
const METRICS: { name: string; title: string; unit: string; values: (r: RunView) => [number, number][] }[] = [
  { name: "ops_per_s", title: "Pool operations", unit: "ops/s", values: (r) => pointsOf(r, "ops_per_s", 1) },
  {
    name: "bandwidth_bytes_per_s",
    title: "Pool bandwidth",
    unit: "MiB/s",
    values: (r) => {
      const t = column(r.report, "t_ns");
      const rd = column(r.report, "read_bytes_per_s");
      const wr = column(r.report, "write_bytes_per_s");
      return Array.from(t, (ns, i) => [ns / 1e9, ((rd[i] ?? 0) + (wr[i] ?? 0)) / MIB]);
    },
  },
  {
    name: "latency_mean_ns",
    title: "Average latency",
    unit: "ms",
    values: (r) => pointsOf(r, "latency_mean_ns", 1e6),
  },
  { name: "dirty_bytes", title: "Dirty data", unit: "MiB", values: (r) => pointsOf(r, "dirty_bytes", MIB) },
  {
    name: "txg_sync_ns",
    title: "Txg sync time (last synced)",
    unit: "s",
    values: (r) => {
      // The last synced txg's sync time at each sample: a step that moves at each sync, and
      // a gap before the first (nothing measured yet). One pass over both, in time order:
      // samples times txgs would not be bounded.
      const syncs = txgsOf(r.report)
        .map((t) => [syncStart(t) + t.stime, t.stime / 1e9] as const)
        .sort((p, q) => p[0] - q[0]);
      let k = 0;
      let last = NaN;
      return Array.from(column(r.report, "t_ns"), (ns): [number, number] => {
        for (; k < syncs.length && (syncs[k]?.[0] ?? Infinity) <= ns; k++) last = syncs[k]?.[1] ?? last;
        return [ns / 1e9, last];
      });
    },
  },
  {
    name: "write_aggregation",
    title: "Write aggregation",
    unit: "writes per I/O",
    values: (r) => pointsOf(r, "write_aggregation", 1),
  },
];

export const SteadyPanel = memo(function SteadyPanel({ runs }: Props) {
  const b = runs.find((r) => r.side === "b");
  const bSteady = b ? steadyOf(b.report) : null;
  const intervalS = b ? reportIntervalNs(b.report) / 1e9 : 0;
  return (
    <Panel
      id="steady"
      title="Steady state"
      caption="When each metric settled: steady once, over a window of intervals, its range stays within 20% of its mean and its fitted line moves less than 10% (SNIA). A window spans at least two zfs_txg_timeout periods and starts no earlier than the metric's first data. The run is steady when a quorum of metrics is; summaries then cover only what follows."
    >
      <RunLines runs={runs} className="steady-verdicts" testId="steady-verdicts">
        {(r) => {
          const st = steadyOf(r.report);
          const verdict =
            st.reached_at_ns === null
              ? `not steady (${st.metrics.filter((m) => m.steady_at_end).length} of ${st.metrics.length} metrics steady at the end, ${st.quorum} needed)`
              : `steady at ${(st.reached_at_ns / 1e9).toFixed(2)} s (${st.quorum} of ${st.metrics.length} metrics over ${st.window} intervals)`;
          const widened =
            st.window > st.window_asked
              ? `; the ${st.window_asked} intervals asked for are widened to ${st.window}, two zfs_txg_timeout periods`
              : "";
          return `${verdict}; summaries cover ${st.summaries}${widened}`;
        }}
      </RunLines>
      <div className="steady-grid">
        {METRICS.map((m) => {
          const series = seriesBy(runs, m.name, m.values);
          const verdict = bSteady?.metrics.find((v) => v.name === m.name);
          const at =
            verdict?.steady_at_ns === null || verdict === undefined ? null : verdict.steady_at_ns / 1e9;
          const windowS = bSteady ? bSteady.window * intervalS : 0;
          return (
            <figure key={m.name} className="steady-metric" data-metric={m.name}>
              <figcaption>
                {m.title}: {at === null ? "never steady" : `steady at ${at.toFixed(2)} s`}
                {verdict && verdict.data_from_ns === null
                  ? " (no data: never anything to measure)"
                  : verdict && verdict.data_from_ns !== null && verdict.data_from_ns > intervalS * 1e9
                    ? ` (data from ${(verdict.data_from_ns / 1e9).toFixed(2)} s)`
                    : ""}
                {verdict && verdict.failed_intervals > 0
                  ? ` (not collected in ${verdict.failed_intervals} intervals: counted steady once it had data)`
                  : ""}
              </figcaption>
              <TimeChart title={`${m.title} over time`} yLabel={m.unit} series={series}>
                {(x, y) =>
                  at !== null && (
                    <>
                      <rect
                        className="steady-window"
                        x={x(Math.max(0, at - windowS))}
                        width={x(at) - x(Math.max(0, at - windowS))}
                        y={0}
                        height={y(0)}
                      />
                      <line className="steady-at" x1={x(at)} x2={x(at)} y1={0} y2={y(0)} />
                    </>
                  )
                }
              </TimeChart>
            </figure>
          );
        })}
      </div>
    </Panel>
  );
});
