// Starting points: each preset is a link that sets the simulated system (and any tunables)
// to show one symptom, listed by it, with its source (the seed scenario or data sheet) as
// a subtitle; picking one replaces the current settings, and the page's link then names it,
// so that a shared link shows its title, source and description too.

import type { Engine } from "../engine/engine";

interface Props {
  engine: Engine;
  /** The preset the settings started from, if any. */
  chosen: string | null;
  onPick: (name: string) => void;
}

export function PresetPicker({ engine, chosen, onPick }: Props) {
  const presets = engine.labPresets();
  if (presets.status === "error") return <p role="alert">{presets.message}</p>;
  const known = presets.value.some((p) => p.name === chosen);
  return (
    <div className="preset-picker">
      <label htmlFor="preset">Start from</label>
      <select id="preset" value={known ? (chosen ?? "") : ""} onChange={(e) => onPick(e.target.value)}>
        <option value="">a preset…</option>
        {presets.value.map((p) => (
          <option key={p.name} value={p.name} title={p.source}>
            {p.title}
          </option>
        ))}
      </select>
      <PresetAbout engine={engine} name={chosen} />
    </div>
  );
}

/** The preset's source and what to look for in it, when the settings started from one. */
export function PresetAbout({ engine, name }: { engine: Engine; name: string | null }) {
  const presets = engine.labPresets();
  const preset = presets.status === "ok" ? presets.value.find((p) => p.name === name) : undefined;
  if (!preset) return null;
  return (
    <div className="preset-about" data-testid="preset-about">
      <p className="preset-title">{preset.title}</p>
      <p className="preset-source" data-testid="preset-source">
        {preset.source}
      </p>
      <p className="preset-description">{preset.description}</p>
    </div>
  );
}
