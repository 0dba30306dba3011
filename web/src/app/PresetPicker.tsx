// Starting points: each preset is a link that sets the simulated system (and any tunables)
// to show one seed scenario; picking one replaces the current settings.

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
  const description = presets.value.find((p) => p.name === chosen)?.description;
  return (
    <div className="preset-picker">
      <label htmlFor="preset">Start from</label>
      <select
        id="preset"
        value={chosen}
        onChange={(e) => {
          setChosen(e.target.value);
          const preset = presets.value.find((p) => p.name === e.target.value);
          if (preset) onPick(preset.link);
        }}
      >
        <option value="">a preset…</option>
        {presets.value.map((p) => (
          <option key={p.name} value={p.name}>
            {p.title}
          </option>
        ))}
      </select>
      {description && <p className="preset-description">{description}</p>}
    </div>
  );
}
