// What the application sees: the bytes its write calls return per second, over time, for
// each run. "Writes start fast, then stall" is this line: a burst while dirty data fills,
// then a floor where writers wait for the delay or for a txg to sync. Beside it, the bytes
// its read calls return, counted the same way, when either run reads.

import { memo } from "react";
import { column } from "../engine/report";
import { maxOf, TimeChart } from "./chart/TimeChart";
import { MIB } from "./chart/display";
import { Panel, RunLines } from "./Panel";
import { seriesOf, type RunView } from "./runs";

interface Props {
  runs: RunView[];
}

/** A run's client write figures: the mean, the first second's, and the intervals that fell below a tenth of the mean. */
export function writeFigures(bytesPerS: Float64Array, intervalS: number) {
  const n = bytesPerS.length;
  const mean = n ? bytesPerS.reduce((a, v) => a + v, 0) / n : 0;
  const firstN = Math.max(1, Math.round(1 / Math.max(intervalS, 1e-9)));
  const first = bytesPerS.slice(0, firstN);
  const firstMean = first.length ? first.reduce((a, v) => a + v, 0) / first.length : 0;
  const stalled = mean > 0 ? bytesPerS.filter((v) => v < mean / 10).length : 0;
  return { mean, firstMean, stalled, n };
}

export const ApplicationPanel = memo(function ApplicationPanel({ runs }: Props) {
  const all = seriesOf(runs, "client_write_bytes_per_s", MIB);
  // Writes into empty dirty data run at memory speed for a moment, often a hundred times
  // the pool's rate: drawn to scale they flatten the rest, so past three times the
  // highest value after the first second the line is cut at the top and the peak said.
  const peak = maxOf(all);
  const later = Math.max(0, ...all.flatMap((s) => s.points.filter(([t]) => t > 1).map(([, v]) => v)));
  const cut = later > 0 && peak > 3 * later ? later * 1.5 : null;
  const series = cut
    ? all.map((s) => ({ ...s, points: s.points.map(([t, v]) => [t, Math.min(v, cut)] as [number, number]) }))
    : all;
  const reads = seriesOf(runs, "client_read_bytes_per_s", MIB);
  const reading = maxOf(reads) > 0;
  return (
    <Panel
      id="application"
      title="What the application sees"
      caption="Client write and read throughput over time, as the programs measure it at their write and read calls: a run that starts fast and then stalls shows a burst while dirty data fills, then a floor set by the write delay or by waits for a txg to sync."
    >
      <TimeChart
        title="Client write throughput"
        yLabel="client writes, MiB/s"
        yMax={cut ?? peak}
        series={series}
      />
      {cut && (
        <p className="readout" data-testid="application-cut">
          Drawn up to {cut.toFixed(0)} MiB/s: the first moments reach {peak.toFixed(0)} MiB/s, writes landing
          in empty dirty data at memory speed.
        </p>
      )}
      <RunLines runs={runs} className="readout" testId="application-figures">
        {(r) => {
          const t = column(r.report, "t_ns");
          const intervalS = t.length > 1 ? ((t[1] ?? 0) - (t[0] ?? 0)) / 1e9 : 1;
          const f = writeFigures(column(r.report, "client_write_bytes_per_s"), intervalS);
          const read = writeFigures(column(r.report, "client_read_bytes_per_s"), intervalS);
          const reads = read.mean > 0 ? `; reads ${(read.mean / MIB).toFixed(1)} MiB/s on average` : "";
          return `writes ${(f.mean / MIB).toFixed(1)} MiB/s on average, ${(f.firstMean / MIB).toFixed(1)} MiB/s in the first second; ${f.stalled} of ${f.n} intervals under a tenth of the average${reads}`;
        }}
      </RunLines>
      {reading ? (
        <TimeChart title="Client read throughput" yLabel="client reads, MiB/s" series={reads} />
      ) : (
        <p className="readout" data-testid="application-no-reads">
          Neither run reads: no client read throughput to show.
        </p>
      )}
    </Panel>
  );
});
