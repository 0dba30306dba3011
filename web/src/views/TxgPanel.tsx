// Panel 6: transaction groups. Each txg's dirty data and sync time, placed at the moment its
// sync started (the duration.d view and the txgs kstat rows).

import { memo } from "react";
import { syncStart, txgsOf, type TxgRow } from "../engine/report";
import { maxValue, rangePath } from "./chart/decimate";
import { TimeChart } from "./chart/TimeChart";
import { MIB } from "./chart/display";
import { Panel, TextView } from "./Panel";
import type { RunView } from "./runs";
import { lastRows } from "./text-rows";

interface Props {
  runs: RunView[];
}

/** Txgs per run drawn as dots, each with its tooltip; a run with more is drawn as ranges. */
export const DOTS_MAX = 300;

export const TxgPanel = memo(function TxgPanel({ runs }: Props) {
  const rows = runs.map((r) => ({ run: r, txgs: txgsOf(r.report) }));
  const dirtyMax = maxValue(values(rows, (t) => t.ndirty / MIB));
  const syncMax = maxValue(values(rows, (t) => t.stime / 1e9));
  const ranged = rows.some((r) => r.txgs.length > DOTS_MAX);
  const marks = (pick: (t: TxgRow) => number) =>
    function Marks(x: (s: number) => number, y: (v: number) => number) {
      return rows.map(({ run, txgs }) => {
        if (txgs.length > DOTS_MAX) {
          // Thousands of txgs: per pixel column, one stroke from the least to the most.
          const { d } = rangePath(txgs.map((t) => ({ xPx: x(syncStart(t) / 1e9), yPx: y(pick(t)) })));
          return <path key={run.side} className={`txg-range side-${run.side}`} d={d} />;
        }
        return txgs.map((t) => (
          <circle
            key={`${run.side}-${t.txg}`}
            className={`dot side-${run.side}`}
            cx={x(syncStart(t) / 1e9)}
            cy={y(pick(t))}
            r={3.5}
          >
            <title>{`${run.label}: txg ${t.txg}, ${(t.ndirty / MIB).toFixed(0)} MiB dirty, sync ${(t.stime / 1e9).toFixed(2)} s`}</title>
          </circle>
        ));
      });
    };
  const b = rows.find((r) => r.run.side === "b");
  const last = b?.txgs.at(-1);
  const kstat = lastRows(b?.txgs ?? []);
  return (
    <Panel
      id="txgs"
      title="Transaction groups"
      caption="Each synced txg at the moment its sync began: how much it carried and how long the sync took. Syncs longer than zfs_txg_timeout, or sizes pinned at the sync kick, say the pool is at its limit."
    >
      <p className="readout" data-testid="txg-count">
        {rows.map((r) => `${r.run.label}: ${r.txgs.length.toLocaleString("en")} txgs synced`).join(" · ")}
        {last
          ? ` · last of ${b?.run.label ?? "B"}: txg ${last.txg}, ${(last.ndirty / MIB).toFixed(0)} MiB in ${(last.stime / 1e9).toFixed(2)} s`
          : ""}
        {ranged ? ` · over ${DOTS_MAX} txgs in a run: each stroke spans the txgs whose sync began there` : ""}
      </p>
      <TimeChart title="Dirty data per txg" yLabel="txg dirty data, MiB" yMax={dirtyMax}>
        {marks((t) => t.ndirty / MIB)}
      </TimeChart>
      <TimeChart title="Sync time per txg" yLabel="sync time, s" yMax={syncMax}>
        {marks((t) => t.stime / 1e9)}
      </TimeChart>
      {b && (
        <TextView
          summary={`txgs kstat rows for ${b.run.label} (${kstat.note || b.txgs.length} synced)`}
          testId="txgs-kstat"
          text={kstatText(kstat.shown)}
        />
      )}
    </Panel>
  );
});

/** Every run's txgs, each through `pick`. */
function* values(rows: { txgs: TxgRow[] }[], pick: (t: TxgRow) => number) {
  for (const r of rows) for (const t of r.txgs) yield pick(t);
}

/** The synced rows as `/proc/spl/kstat/zfs/<pool>/txgs` prints them (times in ns). */
function kstatText(txgs: readonly TxgRow[]): string {
  const head = [
    "txg",
    "birth",
    "state",
    "ndirty",
    "nread",
    "nwritten",
    "reads",
    "writes",
    "otime",
    "qtime",
    "wtime",
    "stime",
  ];
  const rows = txgs.map((t) =>
    [
      t.txg,
      t.birth,
      "C",
      t.ndirty,
      t.nread,
      t.nwritten,
      t.reads,
      t.writes,
      t.otime,
      t.qtime,
      t.wtime,
      t.stime,
    ].map(String),
  );
  const widths = head.map((h, i) =>
    maxValue(
      rows.map((r) => (r[i] ?? "").length),
      h.length,
    ),
  );
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join(" ")
      .trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}
