// What leaves the lab for the customer: the settings for their OS (the tunables changed
// from the chosen release's defaults, written by the engine for Linux's modprobe.d and
// /sys, FreeBSD's loader.conf and sysctl.conf, or illumos's /etc/system, each with its unit
// and what it costs), a ticket-ready Markdown summary of the A/B comparison, and the
// current run's JSON report.

import { useId, useState } from "react";
import type { Engine, Values } from "../engine/engine";
import type { SimReport } from "../engine/report";
import { download, seriesCsv } from "../views/panel-export";
import type { RunView } from "../views/runs";
import { messages } from "../messages";

type Os = "linux" | "freebsd" | "illumos";
const FILES: Record<Os, string> = { linux: "zfs.conf", freebsd: "loader.conf", illumos: "system" };

interface Props {
  engine: Engine;
  values: Values;
  runs: RunView[];
  /** The settings the comparison run changes, `name: A → B`. */
  changes: string[];
}

/** The report as the engine wrote it: its series back in the JSON's own shape. */
function reportJson(r: SimReport): string {
  const series: Record<string, unknown> = {};
  for (const [name, col] of Object.entries(r.columns)) {
    const [key, sub] = name.split(".");
    if (!key) continue;
    if (sub === undefined) series[key] = Array.from(col);
    else series[key] = { ...(series[key] as Record<string, unknown> | undefined), [sub]: Array.from(col) };
  }
  return JSON.stringify({ ...r.meta, series }, null, 1);
}

export function ExportSettings({ engine, values, runs, changes }: Props) {
  const id = useId();
  const [os, setOs] = useState<Os>("linux");
  const [out, setOut] = useState<{ error: boolean; text: string; file: string } | null>(null);
  const make = () => {
    const got = engine.exportSettings(values, os);
    setOut(
      got.status === "ok"
        ? { error: false, text: got.value, file: FILES[os] }
        : { error: true, text: got.message, file: "" },
    );
  };
  const a = runs.find((r) => r.side === "a");
  const b = runs.find((r) => r.side === "b");
  const ticket = () => {
    if (!a || !b) return;
    const got = engine.ticketMarkdown(
      a.report.meta.summary,
      b.report.meta.summary,
      [a.label, b.label],
      changes,
      window.location.href,
    );
    setOut(
      got.status === "ok"
        ? { error: false, text: got.value, file: "ab-comparison.md" }
        : { error: true, text: got.message, file: "" },
    );
  };
  return (
    <details className="paste-settings export" data-testid="export">
      <summary>{messages.exportTitle}</summary>
      <label htmlFor={id}>{messages.exportOs}</label>{" "}
      <select id={id} value={os} onChange={(e) => setOs(e.target.value as Os)}>
        <option value="linux">Linux</option>
        <option value="freebsd">FreeBSD</option>
        <option value="illumos">illumos</option>
      </select>{" "}
      <button type="button" onClick={make}>
        {messages.exportMake}
      </button>
      <p className="export-more">
        <button type="button" onClick={ticket} disabled={!a || !b}>
          {messages.exportTicket}
        </button>{" "}
        <button
          type="button"
          onClick={() => b && download("report.json", reportJson(b.report), "application/json")}
          disabled={!b}
        >
          {messages.exportReport}
        </button>{" "}
        <button
          type="button"
          onClick={() => b && download("series.csv", seriesCsv(b.report), "text/csv")}
          disabled={!b}
        >
          {messages.exportSeries}
        </button>
      </p>
      {out?.error && (
        <p className="paste-error" role="alert">
          {out.text}
        </p>
      )}
      {out && !out.error && (
        <>
          <textarea readOnly rows={10} value={out.text} data-testid="export-text" spellCheck={false} />
          <button type="button" onClick={() => void navigator.clipboard?.writeText(out.text)}>
            {messages.exportCopy}
          </button>{" "}
          <button type="button" onClick={() => download(out.file, out.text)}>
            {messages.exportDownload}
          </button>
        </>
      )}
    </details>
  );
}
