// Settings the customer can apply: the tunables changed from the chosen release's defaults,
// written by the engine for Linux (modprobe.d and /sys), FreeBSD (loader.conf and
// sysctl.conf) or illumos (/etc/system), each with its unit and what it costs.

import { useId, useState } from "react";
import type { Engine, Values } from "../engine/engine";
import { messages } from "../messages";

type Os = "linux" | "freebsd" | "illumos";
const FILES: Record<Os, string> = { linux: "zfs.conf", freebsd: "loader.conf", illumos: "system" };

interface Props {
  engine: Engine;
  values: Values;
}

export function ExportSettings({ engine, values }: Props) {
  const id = useId();
  const [os, setOs] = useState<Os>("linux");
  const [out, setOut] = useState<{ error: boolean; text: string } | null>(null);
  const make = () => {
    const got = engine.exportSettings(values, os);
    setOut(got.status === "ok" ? { error: false, text: got.value } : { error: true, text: got.message });
  };
  const download = () => {
    if (!out || out.error) return;
    const url = URL.createObjectURL(new Blob([out.text], { type: "text/plain" }));
    const a = document.createElement("a");
    a.href = url;
    a.download = FILES[os];
    a.click();
    URL.revokeObjectURL(url);
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
          <button type="button" onClick={download}>
            {messages.exportDownload}
          </button>
        </>
      )}
    </details>
  );
}
