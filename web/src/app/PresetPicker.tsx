// Starting points: each preset is a link that sets the simulated system (and any tunables)
// to show one symptom, listed by it, with its source (the seed scenario or data sheet) as
// a subtitle; picking one replaces the current settings.

import { useState } from "react";
import type { Engine } from "../engine/engine";

interface Props {
  engine: Engine;
  onPick: (link: string) => void;
}

export function PresetPicker({ engine, onPick }: Props) {
  const presets = engine.labPresets();
  const [chosen, setChosen] = useState("");
  if (presets.status === "error") return <p role="alert">{presets.message}</p>;
  const preset = presets.value.find((p) => p.name === chosen);
  return (
    <div className="preset-picker">
      <label htmlFor="preset">Start from</label>
      <select
        id="preset"
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          const picked = presets.value.find((p) => p.name === e.target.value);
          if (picked) onPick(picked.link);
        }}
      >
        <option value="">a preset…</option>
        {presets.value.map((p) => (
          <option key={p.name} value={p.name} title={p.source}>
            {p.title}
          </option>
        ))}
      </select>
      {preset && (
        <>
          <p className="preset-source" data-testid="preset-source">
            {preset.source}
          </p>
          <p className="preset-description">{preset.description}</p>
        </>
      )}
    </div>
  );
}
