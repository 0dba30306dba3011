// A pool typed as the customer has it: their `zpool create` line or the `config:` part of
// `zpool status`. The engine reads it (refusing what it cannot, naming the word or line)
// and the lab's pool settings take what it describes.

import { useId, useState } from "react";
import type { Engine, TunableName } from "../engine/engine";
import { messages } from "../messages";

interface Props {
  engine: Engine;
  onApply: (settings: readonly (readonly [string, number])[]) => void;
}

export function PoolLayout({ engine, onApply }: Props) {
  const id = useId();
  const [text, setText] = useState("");
  const [said, setSaid] = useState<{ error: boolean; lines: string[] } | null>(null);
  const apply = () => {
    const read = engine.layoutSettings(text);
    if (read.status === "error") return setSaid({ error: true, lines: [read.message] });
    onApply(read.value.settings);
    const shown = (name: string, value: number) => {
      const text = engine.formatValue(name as TunableName, value);
      return text.status === "ok" ? text.value : String(value);
    };
    const set = read.value.settings.map(([name, value]) => `${name}=${shown(name, value)}`).join(", ");
    setSaid({ error: false, lines: [messages.layoutApplied(set), ...read.value.notes] });
  };
  return (
    <details className="pool-layout" data-testid="pool-layout">
      <summary>{messages.layoutTitle}</summary>
      <label htmlFor={id}>{messages.layoutLabel}</label>
      <textarea
        id={id}
        rows={4}
        value={text}
        spellCheck={false}
        placeholder="zpool create tank raidz2 sda sdb sdc sdd sde sdf log mirror nvme0n1 nvme1n1"
        onChange={(e) => setText(e.target.value)}
      />
      <button type="button" onClick={apply} disabled={text.trim() === ""}>
        {messages.layoutApply}
      </button>
      {said && (
        <ul className={said.error ? "layout-error" : "layout-notes"} role={said.error ? "alert" : "status"}>
          {said.lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </details>
  );
}
