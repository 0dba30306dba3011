// Settings from text the user has at hand: a pool's `zpool create` line or `zpool status`,
// a fio job file. The engine reads it (refusing what it cannot, naming the word or line)
// and the lab's settings take what it describes; what was read differently is said.

import { useId, useState } from "react";
import type { Engine, Result, TunableName } from "../engine/engine";
import type { PastedSettings } from "../engine/types";
import { messages } from "../messages";

interface Props {
  engine: Engine;
  /** The disclosure's title, the text box's label, an example, and the button. */
  title: string;
  label: string;
  placeholder: string;
  apply: string;
  testId: string;
  read: (text: string) => Result<PastedSettings>;
  onApply: (settings: readonly (readonly [string, number])[]) => void;
}

export function PasteSettings({ engine, title, label, placeholder, apply, testId, read, onApply }: Props) {
  const id = useId();
  const [text, setText] = useState("");
  const [said, setSaid] = useState<{ error: boolean; lines: string[] } | null>(null);
  const use = () => {
    const got = read(text);
    if (got.status === "error") return setSaid({ error: true, lines: [got.message] });
    onApply(got.value.settings);
    const shown = (name: string, value: number) => {
      const formatted = engine.formatValue(name as TunableName, value);
      return formatted.status === "ok" ? formatted.value : String(value);
    };
    const set = got.value.settings.map(([name, value]) => `${name}=${shown(name, value)}`).join(", ");
    setSaid({ error: false, lines: [messages.pasteApplied(set), ...got.value.notes] });
  };
  return (
    <details className="paste-settings" data-testid={testId}>
      <summary>{title}</summary>
      <label htmlFor={id}>{label}</label>
      <textarea
        id={id}
        rows={4}
        value={text}
        spellCheck={false}
        placeholder={placeholder}
        onChange={(e) => setText(e.target.value)}
      />
      <button type="button" onClick={use} disabled={text.trim() === ""}>
        {apply}
      </button>
      {said && (
        <ul className={said.error ? "paste-error" : "paste-notes"} role={said.error ? "alert" : "status"}>
          {said.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
