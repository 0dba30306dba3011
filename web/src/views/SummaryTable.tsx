// Panel 7: the run in rw.d's form (average latency, standard deviation, IOPS and throughput
// for device reads and writes), plus what clients saw and how often they were delayed.

import { memo } from "react";
import { steadyOf, stoppedByCaller, summaryOf, tenantsOf, truncatedOf, type Summary } from "../engine/report";
import { fixed, latency, rate } from "./chart/display";
import { Panel, RunLines } from "./Panel";
import type { RunView } from "./runs";

interface Props {
  runs: RunView[];
}

const ops = fixed(1);

interface Row {
  name: string;
  cells: (r: RunView) => string[];
}

const ioRow = (name: string, pick: (r: RunView) => [Summary, number, number]): Row => ({
  name,
  cells: (r) => {
    const [s, iops, bytes] = pick(r);
    // No I/O of the kind: no latency to give, rather than a latency of 0.
    const ns = (v: number) => (s.count > 0 ? latency(v) : "-");
    return [ns(s.mean_ns), ns(s.stddev_ns), ns(s.p99_ns), ops(iops), rate(bytes)];
  },
});

const ROWS: Row[] = [
  ioRow("device reads", (r) => {
    const b = summaryOf(r.report).backend;
    return [b.device_read, b.read_iops, b.read_bytes_per_s];
  }),
  ioRow("device writes", (r) => {
    const b = summaryOf(r.report).backend;
    return [b.device_write, b.write_iops, b.write_bytes_per_s];
  }),
  ioRow("client writes", (r) => {
    const s = summaryOf(r.report);
    return [s.client_write, s.client_write_ops_per_s, s.client_write_bytes_per_s];
  }),
  ioRow("client reads", (r) => {
    const s = summaryOf(r.report);
    const seconds = s.measured_ns / 1e9;
    return [s.client_read, s.client_read.count / Math.max(seconds, 1e-9), s.client_read_bytes_per_s];
  }),
];

export const SummaryTable = memo(function SummaryTable({ runs }: Props) {
  return (
    <Panel
      id="summary"
      title="Summary (rw.d)"
      caption="The numbers a support engineer quotes: device latency and throughput as rw.d prints them, what clients saw, and how many writes the throttle delayed."
    >
      <table className="summary" data-testid="summary-table">
        <thead>
          <tr>
            <th scope="col">run</th>
            <th scope="col">I/O</th>
            <th scope="col">avg latency</th>
            <th scope="col">stddev</th>
            <th scope="col">p99</th>
            <th scope="col">IOPS</th>
            <th scope="col">throughput</th>
          </tr>
        </thead>
        <tbody>
          {runs.flatMap((r) =>
            ROWS.map((row, i) => (
              <tr key={`${r.side}-${row.name}`} className={`side-${r.side}`}>
                {i === 0 && (
                  <th scope="rowgroup" rowSpan={ROWS.length}>
                    {r.label}
                  </th>
                )}
                <th scope="row">{row.name}</th>
                {row.cells(r).map((c, k) => (
                  <td key={k}>{c}</td>
                ))}
              </tr>
            )),
          )}
        </tbody>
      </table>
      <p className="readout" data-testid="summary-scope">
        {runs.map((r) => `${r.label}: over ${steadyOf(r.report).summaries}`).join(" · ")}
      </p>
      <TenantTable runs={runs} />
      <RunLines runs={runs} className="delay-counts" testId="delay-counts" plain>
        {(r) => {
          const t = summaryOf(r.report).throttle;
          const legacy = t.legacy_delays_7_8 + t.legacy_limit_waits > 0;
          return (
            <>
              {t.transactions.toLocaleString("en")} write transactions, {t.delayed.toLocaleString("en")}{" "}
              delayed ({(t.delayed_fraction * 100).toFixed(1)}%), {t.hard_waits.toLocaleString("en")} waited
              at the hard limit, {(t.delay_total_ns / 1e9).toFixed(1)} s of delay in all
              {t.arc_dirty_throttles + t.arc_memory_reserves > 0 &&
                `; ${(t.arc_dirty_throttles + t.arc_memory_reserves).toLocaleString("en")} waited for the next txg with the ARC full of dirty data (dmu_tx_dirty_throttle)`}
              {legacy &&
                `; legacy throttle: ${t.legacy_delays_7_8.toLocaleString("en")} delayed a tick past 7/8 of the limit, ${t.legacy_limit_waits.toLocaleString("en")} waited for the next txg`}
              {truncatedOf(r.report) && !stoppedByCaller(r.report) && (
                <span className="truncated"> · {truncatedOf(r.report)}</span>
              )}
            </>
          );
        }}
      </RunLines>
    </Panel>
  );
});

/**
 * Per tenant (zone) at the system-call level, as vfsstat prints it, with the zone I/O
 * throttle's delay per call; shown when workloads run in zones of their own.
 */
function TenantTable({ runs }: Props) {
  const rows = runs.flatMap((r) =>
    tenantsOf(r.report)
      .filter((t) => t.name !== "global")
      .map((t) => ({ r, t })),
  );
  if (!runs.some((r) => tenantsOf(r.report).filter((t) => t.name !== "global").length > 1)) return null;
  return (
    <table className="summary" data-testid="tenant-table">
      <caption>Tenants (zones), as vfsstat shows them</caption>
      <thead>
        <tr>
          <th scope="col">run</th>
          <th scope="col">zone</th>
          <th scope="col">r/s</th>
          <th scope="col">read_t</th>
          <th scope="col">max read</th>
          <th scope="col">w/s</th>
          <th scope="col">MB/s written</th>
          <th scope="col">throttle delay now</th>
          <th scope="col">calls delayed</th>
        </tr>
      </thead>
      <tbody>
        {rows.map(({ r, t }) => (
          <tr key={`${r.side}-${t.name}`} className={`side-${r.side}`}>
            <th scope="row">{r.label}</th>
            <th scope="row">{t.name}</th>
            <td>{ops(t.read_ops_per_s)}</td>
            <td>{latency(t.reads.mean_ns)}</td>
            <td>{latency(t.reads.max_ns)}</td>
            <td>{ops(t.write_ops_per_s)}</td>
            <td>{(t.write_bytes_per_s / 1e6).toFixed(1)}</td>
            <td>{latency(t.delay_now_ns)}</td>
            <td>{t.delays.toLocaleString("en")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
