// The lab: owns the tunable values, applies changes through the engine's validation, keeps
// the URL in step, and lays out the controls and the curve panels.

import { useEffect, useMemo, useState } from "react";
import type { Engine, Values } from "../engine/engine";
import { ControlPanel } from "../controls/ControlPanel";
import { TunableControl } from "../controls/TunableControl";
import { AsyncWriteCurvePanel } from "../views/AsyncWriteCurvePanel";
import { DelayCurvePanel } from "../views/DelayCurvePanel";
import { applyText, applyToward, warningsOf, type Change } from "./lab-state";
import { messages } from "./messages";
import { createUrlWriter, searchFor, type Initial } from "./url-state";

interface Props {
  engine: Engine;
  initial: Initial;
}

export function Lab({ engine, initial }: Props) {
  const [values, setValues] = useState<Values>(initial.values);
  const [notices, setNotices] = useState<string[]>(initial.notices);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [cursor, setCursor] = useState<number | null>(null);
  const [copyStatus, setCopyStatus] = useState("");
  const writeUrl = useMemo(() => createUrlWriter(), []);
  const warnings = useMemo(() => warningsOf(engine, values), [engine, values]);

  useEffect(() => writeUrl(searchFor(engine, values)), [engine, values, writeUrl]);
  useEffect(() => {
    document.body.dataset["ready"] = "true";
  }, []);

  // An accepted change makes earlier refusals moot, so their messages go with it.
  const settle = (index: number, change: Change) => {
    const name = engine.schema[index]?.name ?? "";
    if (change.status === "ok") {
      setValues(change.values);
      setCopyStatus("");
      setErrors(change.limitedBy ? { [name]: messages.limited(change.limitedBy) } : {});
    } else {
      setErrors((e) => ({ ...e, [name]: messages.refused(change.reason) }));
    }
  };
  const handlers = {
    onValue: (index: number, value: number) => settle(index, applyToward(engine, values, index, value)),
    onText: (index: number, text: string) => settle(index, applyText(engine, values, index, text)),
    onReset: (index: number) =>
      settle(index, applyToward(engine, values, index, engine.defaults[index] ?? 0)),
  };
  const resetAll = () => {
    setValues(engine.defaults);
    setErrors({});
    setCopyStatus("");
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(
        `${window.location.origin}${window.location.pathname}${searchFor(engine, values)}`,
      );
      setCopyStatus(messages.copied);
    } catch {
      setCopyStatus(messages.copyFailed);
    }
  };

  const writeSizeIndex = engine.indexOf("write_size");
  const writeSizeSpec = engine.schema[writeSizeIndex];
  const writeSizeControl = writeSizeSpec && (
    <TunableControl
      engine={engine}
      spec={writeSizeSpec}
      index={writeSizeIndex}
      value={values[writeSizeIndex] ?? writeSizeSpec.default}
      error={errors[writeSizeSpec.name]}
      {...handlers}
    />
  );

  return (
    <div className="lab">
      <header className="top">
        <div>
          <h1>Throttle Lab</h1>
          <p className="tagline">
            The OpenZFS write throttle and I/O scheduler, computed exactly as the kernel does.
          </p>
        </div>
        <div className="actions">
          <span className="copy-status" role="status">
            {copyStatus}
          </span>
          <button type="button" onClick={() => void copyLink()}>
            Copy link
          </button>
          <button type="button" onClick={resetAll}>
            {messages.resetAll}
          </button>
        </div>
      </header>
      {notices.length > 0 && (
        <div className="notice" role="status" data-testid="link-notices">
          <p>{messages.linkNotices}</p>
          <ul>
            {notices.map((n) => (
              <li key={n}>{n}</li>
            ))}
          </ul>
          <button type="button" onClick={() => setNotices([])}>
            Dismiss
          </button>
        </div>
      )}
      <div className="layout">
        <aside className="controls" aria-label="Tunables">
          {warnings.length > 0 && (
            <div className="warnings" role="status" data-testid="warnings">
              <p>{messages.warnings}</p>
              <ul>
                {warnings.map((w) => (
                  <li key={w}>{w}</li>
                ))}
              </ul>
            </div>
          )}
          <ControlPanel engine={engine} values={values} errors={errors} {...handlers} />
        </aside>
        <main className="panels">
          <AsyncWriteCurvePanel engine={engine} values={values} cursor={cursor} onCursor={setCursor} />
          <DelayCurvePanel
            engine={engine}
            values={values}
            cursor={cursor}
            onCursor={setCursor}
            writeSizeControl={writeSizeControl}
          />
          <footer className="footer">
            Engine {engine.version}. Defaults are current OpenZFS on 64-bit Linux; each tunable&apos;s history
            says where older releases differ.
          </footer>
        </main>
      </div>
    </div>
  );
}
