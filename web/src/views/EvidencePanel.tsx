// Model beside evidence: the customer's figures (from "The customer's evidence") drawn with
// the current run's in the same units and buckets: each synced txg's dirty data and sync
// time, the `zpool iostat -w` latency histograms beside the model's, and the pool's write
// bandwidth; each part with its fit figure and a plain sentence on where they agree.

import { scaleLinear } from "d3-scale";
import { memo, type ReactNode } from "react";
import type { Engine } from "../engine/engine";
import { column, histogramsOf, txgsOf } from "../engine/report";
import type { Fit, ImportedEvidence } from "../engine/types";
import { messages } from "../messages";
import { Pow2Bars } from "./chart/Pow2Bars";
import { MIB, rate } from "./chart/display";
import { Panel } from "./Panel";
import { grouped } from "./readout";
import type { RunView } from "./runs";
import { SideCells, vdevCells } from "./VdevPanel";

interface Props {
  engine: Engine;
  evidence: ImportedEvidence;
  run: RunView;
}

/** The model's classes a `zpool iostat -w` column sums: `disk_wait write` is every write class. */
function modelColumn(run: RunView, name: string): number[] | null {
  const h = histogramsOf(run.report);
  const [kind, dir] = name.split(" ");
  const byKind: Record<string, Record<string, number[]>> = {
    total_wait: h.total_wait,
    disk_wait: h.disk_wait,
    syncq_wait: h.queue_wait,
    asyncq_wait: h.queue_wait,
    sync_queue: h.queue_wait,
    async_queue: h.queue_wait,
  };
  const table = kind ? byKind[kind] : undefined;
  if (!table || (dir !== "read" && dir !== "write")) return null;
  const prefix = kind?.startsWith("sync") ? "sync_" : kind?.startsWith("async") ? "async_" : "";
  const classes = Object.keys(table).filter((c) => c.endsWith(dir) && c.startsWith(prefix));
  const out = new Array<number>(37).fill(0);
  for (const c of classes) (table[c] ?? []).forEach((n, j) => (out[j] = (out[j] ?? 0) + n));
  return out;
}

function FitLine({ fit, testId }: { fit: Fit | null; testId: string }) {
  if (!fit) return null;
  return (
    <p className="readout fit" data-testid={testId}>
      <strong>fit {fit.percent.toFixed(0)}%</strong> · {fit.statement}
    </p>
  );
}

const VIEW = { width: 410, height: 170 };
const M = { top: 10, right: 10, bottom: 30, left: 52 };

/** A small chart's frame: its caption, the value grid with ticks, the x axis and its label. */
function Frame({
  title,
  xLabel,
  yMax,
  tickedX = false,
  children,
}: {
  title: string;
  xLabel: string;
  yMax: number;
  /** The chart draws x ticks under the axis: its label goes lower. */
  tickedX?: boolean;
  children: (y: (v: number) => number, w: number, h: number) => ReactNode;
}) {
  const w = VIEW.width - M.left - M.right;
  const h = VIEW.height - M.top - M.bottom;
  const y = scaleLinear()
    .domain([0, Math.max(yMax, 1e-9) * 1.1])
    .range([h, 0])
    .nice();
  return (
    <figure className="bars">
      <figcaption>{title}</figcaption>
      <svg viewBox={`0 0 ${VIEW.width} ${VIEW.height}`} role="img" aria-label={title}>
        <g transform={`translate(${M.left},${M.top})`}>
          {y.ticks(4).map((t) => (
            <g key={t} transform={`translate(0,${y(t)})`}>
              <line className="grid" x2={w} />
              <text x={-6} dy="0.32em" textAnchor="end">
                {t}
              </text>
            </g>
          ))}
          <line className="axis" y1={h} y2={h} x2={w} />
          <text x={w / 2} y={h + (tickedX ? 26 : 22)} textAnchor="middle">
            {xLabel}
          </text>
          {children(y, w, h)}
        </g>
      </svg>
    </figure>
  );
}

/** One dot per synced txg, in order, the customer's and the model's on one value axis. */
function TxgDots({
  title,
  unit,
  customer,
  model,
}: {
  title: string;
  unit: string;
  customer: number[];
  model: number[];
}) {
  return (
    <Frame title={title} xLabel={`synced txgs in order (${unit})`} yMax={Math.max(...customer, ...model)}>
      {(y, w) => {
        const n = Math.max(customer.length, model.length, 2);
        const x = scaleLinear()
          .domain([0, n - 1])
          .range([0, w]);
        return (
          <>
            {model.map((v, i) => (
              <circle key={`m${i}`} className="dot side-b" cx={x(i)} cy={y(v)} r={3} />
            ))}
            {customer.map((v, i) => (
              <rect
                key={`c${i}`}
                className="dot side-evidence"
                x={x(i) - 3}
                y={y(v) - 3}
                width={6}
                height={6}
              />
            ))}
          </>
        );
      }}
    </Frame>
  );
}

/** Write bandwidth over time: the customer's reports (at their interval, else one a second) and the run's series. */
function BandwidthOverTime({
  intervalS,
  customer,
  model,
}: {
  intervalS: number | null;
  customer: number[];
  model: (readonly [number, number])[];
}) {
  const step = intervalS ?? 1;
  const xMax = Math.max(customer.length * step, model.at(-1)?.[0] ?? 0, 1);
  const title = `Write bandwidth over time, MiB/s${intervalS ? "" : " (the customer's interval unknown: one report a second)"}`;
  return (
    <Frame title={title} xLabel="time, s" yMax={Math.max(...customer, ...model.map((p) => p[1]))} tickedX>
      {(y, w, h) => {
        const x = scaleLinear().domain([0, xMax]).range([0, w]);
        const path = model
          .map(([t, v], i) => `${i === 0 ? "M" : "L"}${x(t).toFixed(1)},${y(v).toFixed(1)}`)
          .join("");
        return (
          <>
            {x.ticks(5).map((t) => (
              <text key={t} x={x(t)} y={h + 12} textAnchor="middle">
                {t}
              </text>
            ))}
            <path className="series side-b" d={path} fill="none" />
            {customer.map((v, i) => (
              <rect
                key={i}
                className="dot side-evidence"
                x={x((i + 1) * step) - 3}
                y={y(v) - 3}
                width={6}
                height={6}
              />
            ))}
          </>
        );
      }}
    </Frame>
  );
}

export const EvidencePanel = memo(function EvidencePanel({ engine, evidence, run }: Props) {
  const o = evidence.overlay;
  const modelTxgs = txgsOf(run.report).filter((t) => t.state === "C" || t.stime > 0);
  const customerTxgs = o.txgs;
  const txgFit =
    customerTxgs.length > 0 && modelTxgs.length > 0
      ? engine.fitTxgs(
          customerTxgs.map((t) => [t.ndirty, t.stime] as const),
          modelTxgs.map((t) => [t.ndirty, t.stime] as const),
        )
      : null;
  const columns = o.latency.filter(
    (h) => h.buckets.some((c) => c > 0) && modelColumn(run, h.column) !== null,
  );
  // Columns read whole but empty (a histogram cut off in its first rows) are said, not dropped.
  const empty = o.latency.filter((h) => h.buckets.every((c) => c === 0)).map((h) => h.column);
  // The pool's row as the run's release counts it: until 0.6.5 a mirror or RAID-Z counts
  // each block once (the engine writes that series only then); else the leaves' writes.
  const poolBw = column(run.report, "pool_write_bytes_per_s");
  const modelBw = Array.from(poolBw.length > 0 ? poolBw : column(run.report, "write_bytes_per_s"));
  const bwFit = o.write_bandwidth.length > 0 ? engine.fitBandwidth(o.write_bandwidth, modelBw) : null;
  const label = "customer";
  // The kstat's bucket i holds calls of (2^(i-1), 2^i] ns; one down, it is drawn and
  // fitted as the lab's [2^j, 2^(j+1)) buckets, the first two together.
  const down = (a: readonly number[]) => [(a[0] ?? 0) + (a[1] ?? 0), ...a.slice(2)];
  const customerAssign = down(o.dmu_tx_assign);
  const modelAssign = down(histogramsOf(run.report).dmu_tx_assign);
  const txAssignFit =
    o.dmu_tx_assign.length > 0 ? engine.fitHistogram("dmu_tx_assign", customerAssign, modelAssign) : null;
  // zpool iostat -q's columns the lab models, each beside the run's mean of the same count.
  const queueRows = o.queues.flatMap(([name, customer]) => {
    const c = engine.queueClass(name);
    if (c.status !== "ok" || !c.value) return [];
    const [cls, pending] = c.value;
    const series = Array.from(column(run.report, pending ? `class_pending.${cls}` : `class_active.${cls}`));
    const mean = series.length ? series.reduce((a, v) => a + v, 0) / series.length : 0;
    return [{ name, customer, model: Math.round(mean * 100) }];
  });
  const queueFit =
    queueRows.length > 0
      ? engine.fitQueues(
          queueRows.map((q) => q.name),
          queueRows.map((q) => q.customer),
          queueRows.map((q) => q.model),
        )
      : null;
  return (
    <Panel
      id="evidence"
      title="Model beside evidence"
      caption="The customer's figures beside the current run's in the same units and buckets, with a fit per part: how much of the two distributions overlaps, or the smaller median over the larger."
    >
      <p className="readout legend" data-testid="evidence-legend">
        <span className="key side-evidence">■ the customer&apos;s evidence</span>{" "}
        <span className="key side-b">● {run.label} (the model)</span>
      </p>
      {customerTxgs.length > 0 && (
        <div className="evidence-part" data-testid="evidence-txgs">
          <FitLine fit={txgFit?.status === "ok" ? txgFit.value : null} testId="fit-txgs" />
          <div>
            <TxgDots
              title="Dirty data per synced txg"
              unit="MiB"
              customer={customerTxgs.map((t) => t.ndirty / MIB)}
              model={modelTxgs.map((t) => t.ndirty / MIB)}
            />
            <TxgDots
              title="Sync time per synced txg"
              unit="s"
              customer={customerTxgs.map((t) => t.stime / 1e9)}
              model={modelTxgs.map((t) => t.stime / 1e9)}
            />
          </div>
        </div>
      )}
      {empty.length > 0 && (
        <p className="readout" data-testid="evidence-latency-empty">
          {messages.evidenceNoLatency(empty)}
        </p>
      )}
      {columns.length > 0 && (
        <div className="evidence-part" data-testid="evidence-latency">
          {columns.map((h) => {
            const model = modelColumn(run, h.column) ?? [];
            const fit = engine.fitHistogram(h.column, h.buckets, model);
            return (
              <div key={`${h.name}-${h.column}`}>
                <FitLine fit={fit.status === "ok" ? fit.value : null} testId="fit-latency" />
                <Pow2Bars
                  title={`${h.column} (${h.name} beside ${run.label})`}
                  sets={[
                    { side: "evidence", label, buckets: h.buckets },
                    { side: "b", label: run.label, buckets: model },
                  ]}
                />
              </div>
            );
          })}
        </div>
      )}
      {bwFit && (
        <div className="evidence-part" data-testid="evidence-bandwidth">
          <FitLine fit={bwFit.status === "ok" ? bwFit.value : null} testId="fit-bandwidth" />
          <BandwidthOverTime
            intervalS={o.interval_s ?? null}
            customer={o.write_bandwidth.map((b) => b / MIB)}
            model={Array.from(
              column(run.report, "t_ns"),
              (t, i) => [t / 1e9, (modelBw[i] ?? 0) / MIB] as const,
            )}
          />
        </div>
      )}
      {o.vdevs.length > 0 && (
        <div className="evidence-part scroll-x" data-testid="evidence-vdevs">
          <table className="summary vdevs device-paths">
            <caption>
              zpool iostat -v: the customer&apos;s rows beside {run.label}&apos;s at the same place in the
              pool (the nth top-level vdev, its nth disk), per second
            </caption>
            <thead>
              <tr>
                <th scope="col">vdev</th>
                <th scope="col" colSpan={4} className="side-evidence">
                  {label}: read ops, write ops, read, write
                </th>
                <th scope="col" colSpan={4} className="side-b">
                  {run.label}
                </th>
              </tr>
            </thead>
            <tbody>
              {o.vdevs.map((v) => {
                const model = run.report.meta.vdevs.find((m) => m.key === v.key);
                const customer = [v.read_ops, v.write_ops].map((n) => (n == null ? "-" : grouped(n)));
                const bw = [v.read_bytes, v.write_bytes].map((n) => (n == null ? "-" : rate(n)));
                return (
                  <tr key={v.key} data-key={v.key}>
                    <th scope="row" style={{ paddingLeft: `${0.3 + (v.key === v.name ? 0 : v.depth)}em` }}>
                      {v.name}
                      {model && model.name !== v.name ? ` (${model.name})` : ""}
                    </th>
                    <SideCells cells={[...customer, ...bw]} side="evidence" />
                    <SideCells
                      cells={model ? vdevCells(model) : ["not in the lab's pool", "", "", ""]}
                      side="b"
                    />
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {o.dmu_tx_assign.length > 0 && (
        <div className="evidence-part" data-testid="evidence-tx-assign">
          <FitLine fit={txAssignFit?.status === "ok" ? txAssignFit.value : null} testId="fit-tx-assign" />
          <Pow2Bars
            title={`dmu_tx_assign: calls by time taken (customer beside ${run.label})`}
            sets={[
              { side: "evidence", label, buckets: customerAssign },
              { side: "b", label: run.label, buckets: modelAssign },
            ]}
          />
        </div>
      )}
      {queueRows.length > 0 && (
        <div className="evidence-part" data-testid="evidence-queues">
          <FitLine fit={queueFit?.status === "ok" ? queueFit.value : null} testId="fit-queues" />
        </div>
      )}
    </Panel>
  );
});
