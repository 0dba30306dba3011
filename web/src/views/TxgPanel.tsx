// Panel 6: transaction groups. Each txg's dirty data and sync time, placed at the moment its
// sync started (the duration.d view and the txgs kstat rows).

import { memo } from "react";
import { syncStart, txgsOf, type TxgRow } from "../engine/report";
import { TimeChart } from "./chart/TimeChart";
import { MIB } from "./chart/display";
import { Panel, TextView } from "./Panel";
import type { RunView } from "./runs";

interface Props {
  runs: RunView[];
}

export const TxgPanel = memo(function TxgPanel({ runs }: Props) {
  const rows = runs.map((r) => ({ run: r, txgs: txgsOf(r.report) }));
  const dirtyMax = Math.max(0, ...rows.flatMap((r) => r.txgs.map((t) => t.ndirty / MIB)));
  const syncMax = Math.max(0, ...rows.flatMap((r) => r.txgs.map((t) => t.stime / 1e9)));
  const dots = (pick: (t: { ndirty: number; stime: number }) => number) =>
    function Dots(x: (s: number) => number, y: (v: number) => number) {
      return rows.map(({ run, txgs }) =>
        txgs.map((t) => (
          <circle
            key={`${run.side}-${t.txg}`}
            className={`dot side-${run.side}`}
            cx={x(syncStart(t) / 1e9)}
            cy={y(pick(t))}
            r={3.5}
          >
            <title>{`${run.label}: txg ${t.txg}, ${(t.ndirty / MIB).toFixed(0)} MiB dirty, sync ${(t.stime / 1e9).toFixed(2)} s`}</title>
          </circle>
        )),
      );
    };
  const b = rows.find((r) => r.run.side === "b");
  const last = b?.txgs.at(-1);
  return (
    <Panel
      id="txgs"
      title="Transaction groups"
      caption="Each synced txg at the moment its sync began: how much it carried and how long the sync took. Syncs longer than zfs_txg_timeout, or sizes pinned at the sync kick, say the pool is at its limit."
    >
      <p className="readout" data-testid="txg-count">
        {rows.map((r) => `${r.run.label}: ${r.txgs.length} txgs synced`).join(" · ")}
        {last
          ? ` · last of B: txg ${last.txg}, ${(last.ndirty / MIB).toFixed(0)} MiB in ${(last.stime / 1e9).toFixed(2)} s`
          : ""}
      </p>
      <TimeChart title="Dirty data per txg" yLabel="txg dirty data, MiB" yMax={dirtyMax}>
        {dots((t) => t.ndirty / MIB)}
      </TimeChart>
      <TimeChart title="Sync time per txg" yLabel="sync time, s" yMax={syncMax}>
        {dots((t) => t.stime / 1e9)}
      </TimeChart>
      {b && (
        <TextView
          summary={`txgs kstat rows for ${b.run.label} (${b.txgs.length} synced)`}
          testId="txgs-kstat"
          text={kstatText(b.txgs)}
        />
      )}
    </Panel>
  );
});

/** The synced rows as `/proc/spl/kstat/zfs/<pool>/txgs` prints them (times in ns). */
function kstatText(txgs: TxgRow[]): string {
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
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i] ?? 0))
      .join(" ")
      .trimEnd();
  return [line(head), ...rows.map(line)].join("\n");
}
