// Operations and bandwidth per vdev, as `zpool iostat -v` shows them: each run's rows side by
// side (the pool, its top-level vdevs and leaves, the log and special classes), counted as
// the run's release counts them, and the command's text for the current run.

import { memo } from "react";
import type { Engine } from "../engine/engine";
import type { VdevRow } from "../engine/types";
import { fixed, rate } from "./chart/display";
import { Panel, TextView } from "./Panel";
import type { RunView } from "./runs";

interface Props {
  engine: Engine;
  runs: RunView[];
}

const ops = fixed(1);

/** A row's four figures as text; dashes on a class's header line. */
export function vdevCells(row: VdevRow | undefined): string[] {
  const v = row?.rates;
  if (!v) return ["-", "-", "-", "-"];
  return [ops(v.read_ops_per_s), ops(v.write_ops_per_s), rate(v.read_bytes_per_s), rate(v.write_bytes_per_s)];
}

/** A row's figures as table cells of one side. */
export function SideCells({ cells, side }: { cells: string[]; side: string }) {
  return (
    <>
      {cells.map((c, k) => (
        <td key={k} className={`side-${side}`}>
          {c}
        </td>
      ))}
    </>
  );
}

/** How far a row's name is indented, as zpool prints it: a class's header line at the left. */
export const indent = (row: { depth: number; rates?: unknown; class?: string | null }) =>
  row.class && row.rates == null ? 0 : row.depth;

export const VdevPanel = memo(function VdevPanel({ engine, runs }: Props) {
  const b = runs.find((r) => r.side === "b") ?? runs[0];
  if (!b) return null;
  const rows = b.report.meta.vdevs;
  const others = runs.filter((r) => r !== b);
  const text = engine.iostatVText(rows);
  return (
    <Panel
      id="vdevs"
      title="Operations and bandwidth per vdev"
      caption="What zpool iostat -v shows over the time the summaries cover: per second, the operations each vdev completed (an aggregated I/O counts once) and its bytes. From 0.7 a mirror's or RAID-Z's row is its children's added, parity included; until 0.6.5 (and in illumos) it counts each block once, without parity, and the pool's row is its top-level vdevs'. The lab's disks are named disk0, disk1, … in pool order."
    >
      <div className="scroll-x">
        <table className="summary vdevs" data-testid="vdev-table">
          <thead>
            <tr>
              <th scope="col">vdev</th>
              {[b, ...others].map((r) => (
                <th key={r.side} scope="col" colSpan={4} className={`side-${r.side}`}>
                  {r.label}: read ops, write ops, read, write
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} data-key={row.key}>
                <th scope="row" style={{ paddingLeft: `${0.3 + indent(row)}em` }}>
                  {row.name}
                </th>
                {[b, ...others].map((r) => {
                  const match = r === b ? row : r.report.meta.vdevs.find((v) => v.key === row.key);
                  return <SideCells key={r.side} cells={vdevCells(match)} side={r.side} />;
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {text.status === "ok" && (
        <TextView summary={`zpool iostat -v for ${b.label}`} testId="iostat-v" text={text.value} />
      )}
    </Panel>
  );
});
