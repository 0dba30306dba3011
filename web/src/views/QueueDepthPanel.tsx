// Queue depths per I/O class over time, as `zpool iostat -q` would show them: for each class
// that queued or issued anything, the I/Os issued (activ) and waiting (pend) on all leaves
// at each interval's end, per run, and the rows as the command prints them.

import { memo } from "react";
import { column } from "../engine/report";
import { useTimeAxis } from "./chart/time-axis";
import { TimeChart, type Series } from "./chart/TimeChart";
import { Panel, TextView } from "./Panel";
import {
  busyClasses,
  iostatQText,
  QUEUE_CLASSES,
  activeOf,
  pendingOf,
  type QueueClass,
} from "./queue-depths";
import { sampleAt, type RunView } from "./runs";
import { lastRows } from "./text-rows";

interface Props {
  runs: RunView[];
}

const headerOf = (c: QueueClass) => QUEUE_CLASSES.find((q) => q.key === c)?.header ?? c;

/** A run's pend or activ of class `c` against time [s]. */
function seriesFor(r: RunView, c: QueueClass, which: "activ" | "pend"): Series {
  const t = column(r.report, "t_ns");
  const v = which === "activ" ? activeOf(r.report, c) : pendingOf(r.report, c);
  return {
    id: `${c}-${which}-${r.side}`,
    side: r.side,
    label: `${r.label}: ${headerOf(c)} ${which}`,
    points: Array.from(t, (ns, i) => [ns / 1e9, v[i] ?? 0]),
    ...(which === "pend" ? { variant: "queue-pend" } : {}),
  };
}

export const QueueDepthPanel = memo(function QueueDepthPanel({ runs }: Props) {
  const classes = busyClasses(runs.map((r) => r.report));
  const b = runs.find((r) => r.side === "b");
  const rows = lastRows(Array.from(b ? column(b.report, "t_ns") : [], (_, i) => i));
  return (
    <Panel
      id="queue-depths"
      title="Queue depths per class"
      caption="What zpool iostat -q shows: per I/O class, the I/Os issued to the disks (activ, the full line) and those waiting in the vdev queue (pend, the faint one), summed over the leaves at each interval's end. A class pinned at its max_active with a queue behind it is the one the scheduler holds back."
    >
      {classes.length === 0 ? (
        <p className="readout">No I/O was queued or issued in either run.</p>
      ) : (
        <div className="queue-grid">
          {classes.map((c) => (
            <figure key={c} className="queue-class" data-class={c}>
              <figcaption>{headerOf(c)}: activ (full line) and pend (faint)</figcaption>
              <TimeChart
                title={`${headerOf(c)}: issued and queued I/Os over time`}
                yLabel="I/Os"
                series={runs.flatMap((r) => [seriesFor(r, c, "activ"), seriesFor(r, c, "pend")])}
              />
            </figure>
          ))}
        </div>
      )}
      <QueueReadout runs={runs} classes={classes} />
      {b && (
        <TextView
          summary={`zpool iostat -q rows for ${b.label}, one per interval (${rows.note || rows.shown.length})`}
          testId="iostat-q"
          text={iostatQText(b.report, rows.shown)}
        />
      )}
    </Panel>
  );
});

/** Each run's queues at the cursor. */
function QueueReadout({ runs, classes }: { runs: RunView[]; classes: QueueClass[] }) {
  const { cursorS } = useTimeAxis();
  let text = "Hover or focus a chart to read each class's queue at a moment.";
  if (cursorS !== null) {
    text =
      `At ${cursorS.toFixed(2)} s: ` +
      runs
        .map((r) => {
          const i = sampleAt(column(r.report, "t_ns"), cursorS);
          const parts = classes.map(
            (c) =>
              `${headerOf(c)} ${pendingOf(r.report, c)[i] ?? 0} pend ${activeOf(r.report, c)[i] ?? 0} activ`,
          );
          return `${r.label} ${parts.join(", ")}`;
        })
        .join(" · ");
  }
  return (
    <p className="readout" aria-live="polite" data-testid="queue-readout">
      {text}
    </p>
  );
}
