// What held writers back: per run, the writer threads' time in each interval stacked by
// what they waited for (copying, the delay, the hard limit, the log-data delay, the legacy
// tick and write limit, the ARC, the ZIL, a txg sync, or nothing: between calls), from the
// report's `writer_wait_ns` (`writer-shares.ts`).

import { memo } from "react";
import { area, stack, type SeriesPoint } from "d3-shape";
import { fixed } from "./chart/display";
import { useTimeAxis } from "./chart/time-axis";
import { TimeChart } from "./chart/TimeChart";
import { TIME_PLOT } from "./chart/time-layout";
import { Panel, RunLines } from "./Panel";
import type { RunView } from "./runs";
import {
  causeOf,
  runShares,
  shareBuckets,
  WAIT_CAUSES,
  writerColumns,
  type ShareBucket,
  type WaitKey,
} from "./writer-shares";

interface Props {
  runs: RunView[];
}

const KEYS = WAIT_CAUSES.map((c) => c.key);
const percent = fixed(0);

/** A run's shares bucketed to the plot's width. */
const bucketsOf = (r: RunView): ShareBucket[] | null => {
  const { tNs, byCause, any } = writerColumns(r.report);
  return any ? shareBuckets(tNs, byCause, TIME_PLOT.width) : null;
};

export const WriterWaitPanel = memo(function WriterWaitPanel({ runs }: Props) {
  const rows = runs.map((run) => ({ run, buckets: bucketsOf(run) }));
  const used = new Set<WaitKey>();
  for (const { buckets } of rows)
    for (const b of buckets ?? []) for (const k of KEYS) if (b.share[k] > 0) used.add(k);
  const layers = stack<ShareBucket, WaitKey>()
    .keys(KEYS)
    .value((b, k) => b.share[k]);
  return (
    <Panel
      id="writer-waits"
      title="What held writers back"
      caption="The writer threads' time in each interval, by what they were doing: copying data in, or waiting in the write delay, at the hard limit, for log data, for a txg, for the ZIL, or between calls. A writer that starts fast and then stalls moves from copying to the delay or the hard limit."
    >
      <ul className="cause-legend" data-testid="writer-wait-legend">
        {WAIT_CAUSES.filter((c) => used.has(c.key)).map((c) => (
          <li key={c.key} title={c.detail}>
            <svg className="swatch" width="12" height="12" aria-hidden="true">
              <rect width="12" height="12" rx="2" fill={c.colour} />
            </svg>
            {c.label}
          </li>
        ))}
      </ul>
      {rows.map(({ run, buckets }) =>
        buckets ? (
          <TimeChart
            key={run.side}
            title={`${run.label}: writer time by cause`}
            yLabel={`${run.label}: % of writer time`}
            yMax={100 / 1.08}
            yTicks={[0, 25, 50, 75, 100]}
          >
            {(x, y) => {
              // A tenth of a pixel is enough: hundreds of points per layer stay small markup.
              const shape = area<SeriesPoint<ShareBucket>>()
                .digits(1)
                .x((d) => x(d.data.tS))
                .y0((d) => y(d[0]))
                .y1((d) => y(d[1]));
              return (
                <g className="writer-shares" data-side={run.side}>
                  {layers(buckets)
                    .filter((layer) => used.has(layer.key))
                    .map((layer) => (
                      <path
                        key={layer.key}
                        d={shape(layer) ?? ""}
                        fill={causeOf(layer.key).colour}
                        data-cause={layer.key}
                      >
                        <title>{`${run.label}: ${causeOf(layer.key).label} (${causeOf(layer.key).detail})`}</title>
                      </path>
                    ))}
                </g>
              );
            }}
          </TimeChart>
        ) : (
          <p key={run.side} className="readout">
            {run.label}: no writer threads in this run.
          </p>
        ),
      )}
      <SharesReadout rows={rows} />
      <RunLines runs={runs} className="readout" testId="writer-wait-figures">
        {(r) => {
          const shares = runShares(writerColumns(r.report).byCause);
          return shares.length === 0
            ? "no writer threads"
            : `over the run: ${shares.map((s) => `${causeOf(s.key).label} ${percent(s.percent)}%`).join(", ")}`;
        }}
      </RunLines>
      <p className="readout note">
        The log-data delay (zfs_wrlog_data_max) exists from OpenZFS 2.2; before it, and under the legacy
        throttle, there is none. The space estimate (dsl_dir_tempreserve_space()&apos;s quota and free-space
        check) never holds a writer here: the lab&apos;s pools are never near full. The legacy throttle&apos;s
        estimate is its write limit.
      </p>
    </Panel>
  );
});

/** Each run's shares at the cursor. */
function SharesReadout({ rows }: { rows: { run: RunView; buckets: ShareBucket[] | null }[] }) {
  const { cursorS } = useTimeAxis();
  let text = "Hover or focus a chart to read what the writers' time went to at a moment.";
  if (cursorS !== null) {
    text =
      `At ${cursorS.toFixed(2)} s: ` +
      rows
        .map(({ run, buckets }) => {
          const b = buckets?.find((x) => x.tS >= cursorS) ?? buckets?.at(-1);
          if (!b) return `${run.label} no writers`;
          const top = KEYS.filter((k) => b.share[k] >= 1)
            .sort((p, q) => b.share[q] - b.share[p])
            .map((k) => `${causeOf(k).label} ${percent(b.share[k])}%`);
          return `${run.label} ${top.join(", ")}`;
        })
        .join(" · ");
  }
  return (
    <p className="readout" aria-live="polite" data-testid="writer-wait-readout">
      {text}
    </p>
  );
}
