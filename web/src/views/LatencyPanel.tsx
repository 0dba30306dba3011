// Panel 5: latency quantizations of client writes, device reads, device writes and the
// delays applied: power-of-two bars, or on a toggle the text engineers already read, in
// exactly DTrace's quantize() format and as the zpool iostat -w table, both copyable.

import { memo, useState } from "react";
import type { Engine } from "../engine/engine";
import { histogramsOf, type Histograms } from "../engine/report";
import { Pow2Bars } from "./chart/Pow2Bars";
import { Panel, TextBlock } from "./Panel";
import type { RunView } from "./runs";

interface Props {
  engine: Engine;
  runs: RunView[];
}

/** The histograms that are one set of buckets each (not one per class). */
type Buckets = { [K in keyof Histograms]: Histograms[K] extends number[] ? K : never }[keyof Histograms];

const KINDS: { key: Buckets; title: string; probe: string }[] = [
  { key: "client_write", title: "Client writes", probe: "write(2) entry to return" },
  { key: "device_read", title: "Device reads", probe: "io:::start to io:::done, reads" },
  { key: "device_write", title: "Device writes", probe: "io:::start to io:::done, writes" },
  { key: "delay_mintime", title: "Delays applied", probe: "delay-mintime arg2, ns" },
];

type View = "bars" | "quantize" | "iostat" | "kstat";

export const LatencyPanel = memo(function LatencyPanel({ engine, runs }: Props) {
  const [view, setView] = useState<View>("bars");
  const [copied, setCopied] = useState("");
  const copy = async (id: string, text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      setCopied(id);
    } catch {
      setCopied("");
    }
  };
  const text = (r: { status: "ok"; value: string } | { status: "error"; message: string }) =>
    r.status === "ok" ? r.value : r.message;
  const blocks: { id: string; heading: string; body: string }[] = [];
  if (view === "quantize") {
    for (const r of runs) {
      for (const k of KINDS) {
        const body = text(engine.quantizeText(histogramsOf(r.report)[k.key]));
        blocks.push({
          id: `${r.side}-${k.key}`,
          heading: `${r.label}: ${k.title} (${k.probe})`,
          body: body || "(none)\n",
        });
      }
    }
  } else if (view === "iostat") {
    for (const r of runs) {
      const h = histogramsOf(r.report);
      const body = text(
        engine.iostatText(r.side === "b" ? "lab-b" : "lab-a", h.total_wait, h.queue_wait, h.disk_wait),
      );
      blocks.push({ id: `${r.side}-iostat`, heading: `${r.label}: zpool iostat -w (the whole run)`, body });
    }
  } else if (view === "kstat") {
    for (const r of runs) {
      const body = text(engine.dmuTxAssignText(histogramsOf(r.report).dmu_tx_assign));
      blocks.push({
        id: `${r.side}-kstat`,
        heading: `${r.label}: cat /proc/spl/kstat/zfs/<pool>/dmu_tx_assign (calls by time taken)`,
        body,
      });
    }
  }
  return (
    <Panel
      id="latency"
      title="Latency quantizations"
      caption="Where each kind of I/O spent its time, in power-of-two buckets as DTrace and zpool iostat -w count them: a second hump far to the right is the tail users feel."
    >
      <div className="toggle" role="radiogroup" aria-label="Latency view">
        {(["bars", "quantize", "iostat", "kstat"] as const).map((v) => (
          <label key={v}>
            <input type="radio" name="latency-view" checked={view === v} onChange={() => setView(v)} />
            {v === "bars"
              ? "Bars"
              : v === "quantize"
                ? "DTrace quantize()"
                : v === "iostat"
                  ? "zpool iostat -w"
                  : "dmu_tx_assign kstat"}
          </label>
        ))}
      </div>
      {view === "bars" ? (
        <div className="bar-grid">
          {KINDS.map((k) => (
            <Pow2Bars
              key={k.key}
              title={`${k.title} (${k.probe})`}
              sets={runs.map((r) => ({
                side: r.side,
                label: r.label,
                buckets: histogramsOf(r.report)[k.key],
              }))}
            />
          ))}
        </div>
      ) : (
        <div className="text-blocks">
          {blocks.map((b) => (
            <TextBlock
              key={b.id}
              heading={b.heading}
              text={b.body}
              testId={`text-${b.id}`}
              action={
                <button type="button" onClick={() => void copy(b.id, b.body)}>
                  {copied === b.id ? "Copied" : "Copy"}
                </button>
              }
            />
          ))}
        </div>
      )}
    </Panel>
  );
});
