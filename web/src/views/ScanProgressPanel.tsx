// Scrub or resilver progress: the bytes the scan issued per second and its percent done
// over time, for each run that scans, as `zpool status` prints them ("X issued at Y/s",
// "Z% done"). Shown only when a run has a scan.

import { memo } from "react";
import { column } from "../engine/report";
import { fixed, MIB, rate } from "./chart/display";
import { useTimeAxis } from "./chart/time-axis";
import { maxOf, TimeChart } from "./chart/TimeChart";
import { Panel, RunLines } from "./Panel";
import { sampleAt, seriesOf, type RunView } from "./runs";

interface Props {
  runs: RunView[];
}

/** Whether a run scans (its report has the scan's series). */
export const scans = (r: RunView) => column(r.report, "scan_percent_done").length > 0;

/** A run's scan figures: the mean rate while it ran, the last percent, and when it finished [s]. */
export function scanFigures(r: RunView) {
  const t = column(r.report, "t_ns");
  const done = column(r.report, "scan_percent_done");
  const bytes = column(r.report, "scan_issued_bytes_per_s");
  const end = done.findIndex((p) => p >= 100);
  const running = end < 0 ? bytes.length : end + 1;
  let sum = 0;
  for (let i = 0; i < running; i++) sum += bytes[i] ?? 0;
  return {
    meanBytesPerS: running > 0 ? sum / running : 0,
    percent: done.at(-1) ?? 0,
    finishedS: end < 0 ? null : (t[end] ?? 0) / 1e9,
  };
}

export const ScanProgressPanel = memo(function ScanProgressPanel({ runs }: Props) {
  const scanning = runs.filter(scans);
  const issued = seriesOf(scanning, "scan_issued_bytes_per_s", MIB);
  const done = seriesOf(scanning, "scan_percent_done", 1);
  return (
    <Panel
      id="scan"
      title="Scrub or resilver progress"
      caption="What the scan issued per second and how far it got, as zpool status reports them. Reads and writes beside it take its share of the disks: a tunable that helps their latency by starving the scan (zfs_vdev_scrub_max_active, zfs_scan_vdev_limit) shows here as a rate that falls, and a scan that will take that much longer."
    >
      <RunLines runs={runs} className="readout" testId="scan-figures">
        {(r) => {
          if (!scans(r)) return "no scrub or resilver";
          const f = scanFigures(r);
          const end = f.finishedS === null ? "not finished" : `finished at ${f.finishedS.toFixed(1)} s`;
          return `${fixed(2)(f.percent)}% done, ${rate(f.meanBytesPerS)} issued on average while it ran; ${end}`;
        }}
      </RunLines>
      <TimeChart title="Scan issue rate" yLabel="scan issued, MiB/s" series={issued} />
      <TimeChart title="Scan progress" yLabel="done, %" yMax={Math.max(maxOf(done), 0.01)} series={done} />
      <ScanReadout runs={scanning} />
      <p className="readout note">
        Scanned is issued here: the lab issues each block as the scan finds it, so the 0.8+ traversal&apos;s
        &ldquo;scanned&rdquo; ahead of &ldquo;issued&rdquo; is not modelled. The bytes to examine are the
        blocks the scan walks: nine tenths of each scanned vdev.
      </p>
    </Panel>
  );
});

/** Each run's scan at the cursor. */
function ScanReadout({ runs }: { runs: RunView[] }) {
  const { cursorS } = useTimeAxis();
  let text = "Hover or focus a chart to read the scan's rate and progress at a moment.";
  if (cursorS !== null) {
    text =
      `At ${cursorS.toFixed(2)} s: ` +
      runs
        .map((r) => {
          const i = sampleAt(column(r.report, "t_ns"), cursorS);
          const percent = column(r.report, "scan_percent_done")[i] ?? 0;
          const bytes = column(r.report, "scan_issued_bytes_per_s")[i] ?? 0;
          return `${r.label} ${rate(bytes)}, ${fixed(2)(percent)}% done`;
        })
        .join(" · ");
  }
  return (
    <p className="readout" aria-live="polite" data-testid="scan-readout">
      {text}
    </p>
  );
}
