// One tunable: a slider, an exact-value field that takes units, a reset, and its meaning
// on hover or focus. A refused entry shows the reason beside the field; the value stays.

import { memo, useState, type KeyboardEvent } from "react";
import type { Engine, Values } from "../engine/engine";
import type { TunableSpec } from "../engine/schema";
import { STEPS, toPosition, valueForMove } from "./slider-scale";

/** What every control calls; stable, so that a slider move re-renders only what it changed. */
export interface ControlHandlers {
  onValue: (index: number, value: number) => void;
  onText: (index: number, text: string) => void;
  onReset: (index: number) => void;
}

interface Props extends ControlHandlers {
  engine: Engine;
  spec: TunableSpec;
  index: number;
  value: number;
  /** Set on purpose (even to its default), so not following the release's, RAM's or drive's. */
  given: boolean;
  /** What a run uses instead, when the release or the machine's RAM decides it. */
  runsWith?: number | undefined;
  /** Whose default that is: "the chosen drive", ... */
  runsWithFrom?: string | undefined;
  /** The chosen release's name, when this is not one of its tunables. */
  absentFrom?: string | undefined;
  /** What the chosen release calls this, when it has another name there. */
  oldName?: string | undefined;
  error: string | undefined;
}

const text = (r: { status: "ok"; value: string } | { status: "error"; message: string }) =>
  r.status === "ok" ? r.value : "?";

export const TunableControl = memo(function TunableControl({
  engine,
  spec,
  index,
  value,
  given,
  runsWith,
  runsWithFrom,
  absentFrom,
  oldName,
  error,
  onValue,
  onText,
  onReset,
}: Props) {
  const [draft, setDraft] = useState<string | null>(null);
  const [helpHidden, setHelpHidden] = useState(false);
  const formatted = text(engine.formatValue(spec.name, value));
  const described = text(engine.describeValue(spec.name, value));
  const defaultText = text(engine.describeValue(spec.name, spec.default));
  const ids = {
    slider: `slider-${spec.name}`,
    field: `field-${spec.name}`,
    help: `help-${spec.name}`,
    error: `error-${spec.name}`,
  };

  const commit = () => {
    // The value shown, entered while it follows a default, becomes a choice of its own.
    if (draft !== null && (draft !== formatted || !given)) onText(index, draft);
    setDraft(null);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    // Enter on the value shown, unedited, while it follows a default: that value is chosen
    // (typing the same text is no change to the field, so there is no draft to commit).
    if (e.key === "Enter" && draft === null && !given) onText(index, formatted);
    else if (e.key === "Enter") commit();
    if (e.key === "Escape") setDraft(null);
  };

  return (
    // Escape anywhere in the control hides its help until the control is left.
    <div
      className={`control${error ? " has-error" : ""}${helpHidden ? " help-hidden" : ""}${absentFrom === undefined ? "" : " absent"}`}
      data-tunable={spec.name}
      onKeyDown={(e) => e.key === "Escape" && setHelpHidden(true)}
      onMouseLeave={() => setHelpHidden(false)}
      onBlur={() => setHelpHidden(false)}
    >
      <div className="control-head">
        <label htmlFor={ids.field} className="control-name">
          {spec.name}
        </label>
        <span className="control-value" aria-hidden="true">
          {described}
        </span>
        <button
          type="button"
          className="reset"
          onClick={() => onReset(index)}
          disabled={!given}
          aria-label={`Reset ${spec.name} to its default, ${defaultText}`}
          title={`Reset to ${defaultText}`}
        >
          ↺
        </button>
      </div>
      {spec.unit === "choice" ? (
        <div className="control-row">
          <select
            id={ids.field}
            value={value}
            aria-describedby={ids.help}
            onChange={(e) => onValue(index, Number(e.target.value))}
          >
            {spec.choices.map((c, i) => (
              <option key={c} value={i}>
                {c}
              </option>
            ))}
          </select>
        </div>
      ) : (
        <div className="control-row">
          <input
            id={ids.slider}
            type="range"
            min={0}
            max={STEPS}
            step={1}
            value={toPosition(spec, value)}
            aria-label={`${spec.name} slider`}
            aria-valuetext={described}
            aria-describedby={ids.help}
            onChange={(e) => onValue(index, valueForMove(spec, value, Number(e.target.value)))}
          />
          <input
            id={ids.field}
            className="field"
            type="text"
            value={draft ?? formatted}
            spellCheck={false}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${ids.error} ${ids.help}` : ids.help}
            onChange={(e) => setDraft(e.target.value)}
            onBlur={commit}
            onKeyDown={onKey}
          />
        </div>
      )}
      {oldName !== undefined && (
        <p className="runs-with" data-testid={`old-name-${spec.name}`}>
          Called <code>{oldName}</code> in this release.
        </p>
      )}
      {absentFrom !== undefined && (
        <p className="runs-with" data-testid={`absent-${spec.name}`}>
          Not a module parameter of OpenZFS {absentFrom}.
        </p>
      )}
      {absentFrom === undefined && runsWith !== undefined && runsWith !== value && (
        <p className="runs-with" data-testid={`runs-with-${spec.name}`}>
          Runs with {text(engine.describeValue(spec.name, runsWith))}, the default of{" "}
          {runsWithFrom || "the chosen release, legacy era, machine (ram) or drive"}; enter a value, even this
          one, to keep it.
        </p>
      )}
      {error && (
        <p id={ids.error} className="field-error" role="alert">
          {error}
        </p>
      )}
      <div id={ids.help} className="help" role="tooltip">
        <p>{spec.meaning}</p>
        <p>
          Default <strong>{defaultText}</strong> · range {text(engine.describeValue(spec.name, spec.min))} to{" "}
          {text(engine.describeValue(spec.name, spec.max))}
          {spec.off === null ? "" : `, or ${spec.off} for the device's own`}
          {spec.effect === "redraw" ? " · redraws only" : ""}
        </p>
        {spec.kind === "tunable" &&
          // The zone throttle's tunables exist only in illumos-joyent (SmartOS).
          (spec.name.startsWith("zfs_zone_") ? (
            <p>
              SmartOS <code>/etc/system</code>: <code>set zfs:{spec.name} = …</code> · Linux and FreeBSD: none
            </p>
          ) : (
            <p>
              Linux <code>/sys/module/zfs/parameters/{spec.name}</code> · FreeBSD{" "}
              {spec.freebsd ? <code>{spec.freebsd}</code> : "none"}
            </p>
          ))}
        <p className="history">{spec.history}</p>
      </div>
    </div>
  );
});

interface EntryProps extends ControlHandlers {
  engine: Engine;
  index: number;
  /** All values in schema order, and each entry's refusal by name. */
  values: Values;
  /** What the run uses, in schema order (`Engine.effectiveValues`). */
  effective?: Values | undefined;
  /** Per tunable, where that value comes from ("" when it is the one set). */
  derivedBy?: readonly string[] | undefined;
  /** The tunables the chosen release lacks, and its name. */
  absent?: { names: ReadonlySet<string>; oldNames: ReadonlyMap<string, string>; release: string } | undefined;
  errors: Record<string, string>;
}

/** The control of schema entry `index`, its value and error picked from the lab's. */
export function EntryControl({
  engine,
  index,
  values,
  effective,
  derivedBy,
  absent,
  errors,
  ...handlers
}: EntryProps) {
  const spec = engine.schema[index];
  if (!spec) return null;
  return (
    <TunableControl
      engine={engine}
      spec={spec}
      index={index}
      value={values[index] ?? spec.default}
      given={(values[engine.schema.length + index] ?? 0) === 1 || values[index] !== spec.default}
      runsWith={effective?.[index]}
      runsWithFrom={derivedBy?.[index]}
      absentFrom={absent?.names.has(spec.name) ? absent.release : undefined}
      oldName={absent?.oldNames.get(spec.name)}
      error={errors[spec.name]}
      {...handlers}
    />
  );
}
