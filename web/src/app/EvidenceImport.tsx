// The customer's evidence: pasted text or dropped files (zpool iostat, kstats, parameters,
// zpool status, ...). The engine recognises each by its content, names every line it
// could not read, and says what lab settings the evidence implies and where each came
// from; "Use these settings" applies them (each can be changed after). The customer's
// figures then show beside the model's in "Model beside evidence".

import { useId, useState, type DragEvent } from "react";
import type { Engine, TunableName } from "../engine/engine";
import type { ImportedEvidence } from "../engine/types";
import { messages } from "../messages";

interface Props {
  engine: Engine;
  onEvidence: (evidence: ImportedEvidence | null) => void;
  onApply: (settings: readonly (readonly [string, number])[]) => void;
}

/** Files read at most at once, and bytes read at most per file. */
const MAX_FILES = 32;
const MAX_BYTES = 64 << 20;

export function EvidenceImport({ engine, onEvidence, onApply }: Props) {
  const id = useId();
  const [text, setText] = useState("");
  const [files, setFiles] = useState<{ name: string; text: string }[]>([]);
  const [read, setRead] = useState<ImportedEvidence | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [applied, setApplied] = useState<string | null>(null);

  const addFiles = async (list: FileList | null) => {
    if (!list) return;
    const picked = Array.from(list).slice(0, MAX_FILES);
    const texts = await Promise.all(
      picked.map(async (f) => ({ name: f.name, text: await f.slice(0, MAX_BYTES).text() })),
    );
    setFiles((old) => [...old, ...texts].slice(0, MAX_FILES));
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    void addFiles(e.dataTransfer.files);
  };
  const readAll = () => {
    const all = [...(text.trim() ? [{ name: "pasted", text }] : []), ...files];
    const got = engine.importEvidence(all);
    setApplied(null);
    if (got.status === "error") {
      setError(got.message);
      setRead(null);
      onEvidence(null);
      return;
    }
    setError(null);
    setRead(got.value);
    onEvidence(got.value.summary.length > 0 ? got.value : null);
  };
  const apply = () => {
    if (!read) return;
    const settings: [string, number][] = [];
    const refused: string[] = [];
    for (const s of read.settings) {
      const v = engine.parseValue(s.name as TunableName, s.value);
      if (v.status === "ok") settings.push([s.name, v.value]);
      else refused.push(`${s.name}: ${v.message}`);
    }
    onApply(settings);
    setApplied([messages.evidenceApplied(settings.length), ...refused].join(" "));
  };
  return (
    <details className="paste-settings evidence" data-testid="evidence">
      <summary>{messages.evidenceTitle}</summary>
      <label htmlFor={id}>{messages.evidenceLabel}</label>
      <textarea
        id={id}
        rows={6}
        value={text}
        spellCheck={false}
        placeholder={messages.evidencePlaceholder}
        onChange={(e) => setText(e.target.value)}
        onDrop={drop}
        onDragOver={(e) => e.preventDefault()}
      />
      <label className="evidence-files">
        {messages.evidenceFiles}
        <input type="file" multiple onChange={(e) => void addFiles(e.target.files)} />
      </label>
      {files.length > 0 && (
        <p className="evidence-file-list" data-testid="evidence-files">
          {files.map((f) => f.name).join(", ")}{" "}
          <button type="button" onClick={() => setFiles([])}>
            {messages.evidenceClearFiles}
          </button>
        </p>
      )}
      <button type="button" onClick={readAll} disabled={text.trim() === "" && files.length === 0}>
        {messages.evidenceRead}
      </button>
      {error && (
        <p className="paste-error" role="alert">
          {error}
        </p>
      )}
      {read && (
        <div className="evidence-read" data-testid="evidence-read">
          <h3>{messages.evidenceRecognised}</h3>
          <ul data-testid="evidence-sections">
            {read.summary.length === 0 ? <li>{messages.evidenceNothing}</li> : null}
            {read.summary.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
          {read.problems.length > 0 && (
            <>
              <h3>{messages.evidenceProblems}</h3>
              <ul className="paste-error" data-testid="evidence-problems">
                {read.problems.map((p) => (
                  <li key={p}>{p}</li>
                ))}
              </ul>
            </>
          )}
          {read.settings.length > 0 && (
            <>
              <h3>{messages.evidenceImplies}</h3>
              <table className="evidence-settings" data-testid="evidence-settings">
                <tbody>
                  {read.settings.map((s) => (
                    <tr key={s.name}>
                      <th scope="row">{s.name}</th>
                      <td>{readable(engine, s.name, s.value)}</td>
                      <td className="source">{s.source}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <button type="button" onClick={apply}>
                {messages.evidenceApply}
              </button>
            </>
          )}
          {read.notes.length > 0 && (
            <ul className="paste-notes" data-testid="evidence-notes">
              {read.notes.map((n) => (
                <li key={n}>{n}</li>
              ))}
            </ul>
          )}
          {applied && (
            <p className="paste-notes" role="status">
              {applied}
            </p>
          )}
        </div>
      )}
    </details>
  );
}

/**
 * A setting's value as the link holds it (exact: `16484892K`), and for reading when it is a
 * long run of digits (`16484892K (15.7 GiB)`); `10` or `2G` read well as they are.
 */
function readable(engine: Engine, name: string, value: string): string {
  if (!/\d{5}/.test(value)) return value;
  const parsed = engine.parseValue(name as TunableName, value);
  if (parsed.status !== "ok") return value;
  const described = engine.describeValue(name as TunableName, parsed.value);
  return described.status === "ok" ? `${value} (${described.value})` : value;
}
