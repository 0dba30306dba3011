// Panel 4: picket-fencing versus smooth output. Backend write throughput and sync-read
// latency over time for the current run (B) and the comparison (A) on the same workload and
// seed (the latency broken where no read finished), a client-read latency heat map for each
// on one colour scale with its legend, and the picket-fence figures.

import { memo } from "react";
import { column, simulatedNs, summaryOf } from "../engine/report";
import { HEAT_WIDTH, HeatLegend, HeatMap, bucketRange } from "./chart/HeatMap";
import { sharedHeat } from "./chart/heat-scale";
import { TimeChart } from "./chart/TimeChart";
import { fixed, latency, MIB } from "./chart/display";
import { Panel, RunLines } from "./Panel";
import { seriesOf, type RunView } from "./runs";

/** A read p99, or "none" when no read finished in that part of the run (a p99 is never 0). */
const readP99 = (ns: number) => (ns === 0 ? "none" : latency(ns));

interface Props {
  runs: RunView[];
}

export const PicketFencePanel = memo(function PicketFencePanel({ runs }: Props) {
  const writes = seriesOf(runs, "write_bytes_per_s", MIB);
  const reads = seriesOf(runs, "class_mean_ns.sync_read", 1e6);
  const heat = runs.map((r) => column(r.report, "read_latency_buckets"));
  const [lo, hi] = bucketRange(heat);
  const { max, perColumn } = sharedHeat(heat, HEAT_WIDTH);
  return (
    <Panel
      id="picket-fence"
      title="Picket-fencing versus smooth output"
      caption="A square wave of backend writes (bursts at each sync, idle between) is picket-fencing; reads queued behind a burst wait. A smooth line and a flat heat map are what the OpenZFS throttle and scheduler aim for."
    >
      <RunLines runs={runs} className="figures" testId="picket-figures" as="paragraphs">
        {(r) => {
          const pf = summaryOf(r.report).picket_fence;
          return (
            <>
              write CV <strong data-testid={`cv-${r.side}`}>{fixed(3)(pf.write_cv)}</strong> (0 smooth, 1 or
              more a square wave) · read p99 {readP99(pf.read_p99_during_sync_ns)} while a txg sync writes,{" "}
              {readP99(pf.read_p99_between_syncs_ns)} otherwise
            </>
          );
        }}
      </RunLines>
      <TimeChart title="Backend write throughput over time" yLabel="backend writes, MiB/s" series={writes} />
      <TimeChart title="Mean sync-read latency over time" yLabel="sync-read latency, ms" series={reads} />
      <div className="heat-maps">
        {runs.map((r, i) => (
          <HeatMap
            key={r.side}
            label={`${r.label}: client reads`}
            buckets={heat[i] ?? new Float64Array()}
            lo={lo}
            hi={hi}
            max={max}
            simulatedS={simulatedNs(r.report) / 1e9}
          />
        ))}
      </div>
      <HeatLegend max={max} unit={perColumn === 1 ? "interval" : `${perColumn} intervals`} />
    </Panel>
  );
});
