// The txg timeline: for each run, three lanes on the shared time axis, each txg open, then
// quiescing and waiting for the sync thread, then syncing, the sync coloured by why it
// started (the txg row's `cause`). Spans narrower than a pixel merge (`chart/spans.ts`).

import { memo } from "react";
import { txgsOf, type TxgRow } from "../engine/report";
import { latency, MIB } from "./chart/display";
import { spanRects } from "./chart/spans";
import { useTimeAxis } from "./chart/time-axis";
import { TimeChart } from "./chart/TimeChart";
import { Panel, RunLines } from "./Panel";
import type { RunView } from "./runs";
import { DOTS_MAX } from "./TxgPanel";
import {
  CAUSE_ORDER,
  causeSummary,
  STATE_COLOURS,
  SYNC_CAUSES,
  txgSpans,
  txgsAt,
  type TxgSpan,
} from "./txg-timeline";

interface Props {
  runs: RunView[];
}

/** A run's lanes, top to bottom. */
const LANES = [
  { kind: "sync", label: "syncing" },
  { kind: "held", label: "quiescing" },
  { kind: "open", label: "open" },
] as const;

const colourOf = (key: string) =>
  key in SYNC_CAUSES
    ? SYNC_CAUSES[key as keyof typeof SYNC_CAUSES].colour
    : (STATE_COLOURS[key as keyof typeof STATE_COLOURS] ?? STATE_COLOURS.mixed);

/** Where a rectangle is drawn: wider than 2 px, a hairline apart from its neighbours, so that back-to-back txgs show as several. */
const inset = (r: { x0Px: number; x1Px: number }) =>
  r.x1Px - r.x0Px > 2
    ? { x: r.x0Px + 0.5, width: r.x1Px - r.x0Px - 1 }
    : { x: r.x0Px, width: r.x1Px - r.x0Px };

/** What one span says in its tooltip. */
function spanText(s: TxgSpan): string {
  const t = s.txg;
  switch (s.key) {
    case "open":
      return `txg ${t.txg} open ${latency(t.otime)}`;
    case "quiesce":
      return `txg ${t.txg} quiescing ${latency(t.qtime)} (its last holds released)`;
    case "wait":
      return `txg ${t.txg} quiesced, waiting ${latency(t.wtime)} for the sync thread`;
    default: {
      const cause = SYNC_CAUSES[t.cause];
      return `txg ${t.txg} synced ${(t.ndirty / MIB).toFixed(1)} MiB in ${latency(t.stime)}; started by the ${cause.label}: ${cause.detail}`;
    }
  }
}

/** What a merged rectangle says: its txgs and how many of each kind. */
function mergedText(spans: TxgSpan[], byKey: Map<string, number>): string {
  const first = spans[0]?.txg.txg ?? 0;
  const last = spans.at(-1)?.txg.txg ?? first;
  const kinds = [...byKey]
    .map(([key, n]) => `${n} ${key in SYNC_CAUSES ? SYNC_CAUSES[key as TxgRow["cause"]].label : key}`)
    .join(", ");
  return `txgs ${first}–${last} (${spans.length} spans, narrower than a pixel): ${kinds}`;
}

export const TxgTimelinePanel = memo(function TxgTimelinePanel({ runs }: Props) {
  const rows = runs.map((run) => ({ run, txgs: txgsOf(run.report), spans: txgSpans(txgsOf(run.report)) }));
  const lanes = rows.flatMap((row) => LANES.map((lane) => ({ row, ...lane })));
  const n = lanes.length;
  // Lane i (from the top) spans [n - i - 1, n - i] on the value axis.
  const centre = (i: number) => n - i - 0.5;
  const used = CAUSE_ORDER.filter((c) => rows.some((r) => r.txgs.some((t) => t.cause === c)));
  return (
    <Panel
      id="txg-timeline"
      title="Txg timeline: why each sync started"
      caption="Each synced txg open, then quiescing (its last transactions finishing) and waiting for the sync thread, then syncing, coloured by what started the sync. Syncs back to back from the dirty-data kick say the writers outrun the pool; long quiescing or waiting says a sync held the next one up. Each run's lanes are marked in its colour at the left; a txg still open or syncing when the run ended has no row yet, so is not drawn."
    >
      <ul className="cause-legend" data-testid="sync-cause-legend">
        {CAUSE_ORDER.map((c) => (
          <li key={c} className={used.includes(c) ? "used" : "unused"} title={SYNC_CAUSES[c].detail}>
            <Swatch colour={SYNC_CAUSES[c].colour} />
            {SYNC_CAUSES[c].label}
          </li>
        ))}
        <li title="The txg accepts transactions">
          <Swatch colour={STATE_COLOURS.open} />
          open
        </li>
        <li title="txg_quiesce(): waiting for the holds of transactions still assigned to it">
          <Swatch colour={STATE_COLOURS.quiesce} />
          quiescing
        </li>
        <li title="Quiesced, waiting for the sync thread (a sync still running)">
          <Swatch colour={STATE_COLOURS.wait} />
          waiting to sync
        </li>
      </ul>
      <TimeChart
        title="Txg timeline"
        yLabel=""
        yMax={n / 1.08}
        yTicks={lanes.map((_, i) => centre(i))}
        yFormat={(v) => lanes[n - Math.round(v + 0.5)]?.label ?? ""}
      >
        {(x, y) =>
          lanes.map((lane, i) => {
            const top = y(n - i) + 3;
            const height = Math.max(1, y(n - i - 1) - y(n - i) - 6);
            const rects = spanRects(lane.row.spans[lane.kind], x);
            return (
              <g
                key={`${lane.row.run.side}-${lane.kind}`}
                className={`txg-lane side-${lane.row.run.side}`}
                data-lane={`${lane.row.run.side}-${lane.kind}`}
              >
                {lane.kind === "sync" && (
                  <rect
                    className={`lane-run side-${lane.row.run.side}`}
                    x={-5}
                    width={3}
                    y={y(n - i)}
                    height={y(n - i - 3) - y(n - i)}
                  >
                    <title>{lane.row.run.label}</title>
                  </rect>
                )}
                {rects.length <= DOTS_MAX
                  ? rects.map((r) => (
                      <rect
                        key={r.x0Px}
                        x={inset(r).x}
                        width={inset(r).width}
                        y={top}
                        height={height}
                        fill={colourOf(r.key)}
                        data-key={r.key}
                      >
                        <title>{`${lane.row.run.label}: ${r.spans.length === 1 && r.spans[0] ? spanText(r.spans[0]) : mergedText(r.spans, r.byKey)}`}</title>
                      </rect>
                    ))
                  : // Hundreds of rectangles: one path per kind, the cursor's readout for details.
                    [...new Set(rects.map((r) => r.key))].map((key) => (
                      <path
                        key={key}
                        d={rects
                          .filter((r) => r.key === key)
                          .map((r) => `M${inset(r).x},${top}h${inset(r).width}v${height}h${-inset(r).width}Z`)
                          .join("")}
                        fill={colourOf(key)}
                        data-key={key}
                      />
                    ))}
              </g>
            );
          })
        }
      </TimeChart>
      <TimelineReadout runs={runs} />
      <RunLines runs={runs} className="readout" testId="txg-causes">
        {(r) => {
          const txgs = txgsOf(r.report);
          return txgs.length === 0
            ? "no txg synced yet"
            : `${txgs.length.toLocaleString("en")} txgs synced, started by: ${causeSummary(txgs)}`;
        }}
      </RunLines>
    </Panel>
  );
});

function Swatch({ colour }: { colour: string }) {
  return (
    <svg className="swatch" width="12" height="12" aria-hidden="true">
      <rect width="12" height="12" rx="2" fill={colour} />
    </svg>
  );
}

/** Each run's txgs at the cursor: the one part of the panel that follows it. */
function TimelineReadout({ runs }: { runs: RunView[] }) {
  const { cursorS } = useTimeAxis();
  let text =
    "Hover or focus the chart to read which txg was open, quiescing and syncing at a moment, and why.";
  if (cursorS !== null) {
    text =
      `At ${cursorS.toFixed(2)} s: ` +
      runs
        .map((r) => {
          const at = txgsAt(txgsOf(r.report), cursorS);
          const parts = [
            at.open && `txg ${at.open.txg} open`,
            at.quiescing && `txg ${at.quiescing.txg} quiescing`,
            at.waiting && `txg ${at.waiting.txg} waiting to sync`,
            at.syncing && `txg ${at.syncing.txg} syncing (${SYNC_CAUSES[at.syncing.cause].label})`,
          ].filter(Boolean);
          return `${r.label} ${parts.length ? parts.join(", ") : "no synced txg here"}`;
        })
        .join(" · ");
  }
  return (
    <p className="readout" aria-live="polite" data-testid="txg-timeline-readout">
      {text}
    </p>
  );
}
