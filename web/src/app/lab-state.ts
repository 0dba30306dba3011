// Pure state transitions of the lab: a change is applied only if the engine accepts the
// resulting combination; otherwise the previous values stay and the reason is returned.

import { withValue, type Engine, type TunableName, type Values } from "../engine/engine";
import { messages } from "../messages";

export type Change =
  | { status: "ok"; values: Values; warnings: string[]; limitedBy?: string }
  | { status: "refused"; reason: string };

/**
 * `values` with tunable `index` set to `value` (marked as set, or as following its default
 * when `given` is false), if the whole combination is valid.
 */
export function applyValue(
  engine: Engine,
  values: Values,
  index: number,
  value: number,
  given = true,
): Change {
  const next = withValue(engine, values, index, value, given);
  const checked = engine.check(next);
  if (checked.status === "error") return { status: "refused", reason: checked.message };
  const [first] = checked.value.errors;
  if (first) return { status: "refused", reason: first.message };
  return { status: "ok", values: next, warnings: checked.value.warnings.map((w) => w.message) };
}

/**
 * A slider move or reset toward `target`: if the combination there is refused, it stops
 * at the last accepted value on the way (the limits between tunables are monotonic), and
 * says why it stopped.
 */
export function applyToward(engine: Engine, values: Values, index: number, target: number): Change {
  const direct = applyValue(engine, values, index, target);
  if (direct.status === "ok") return direct;
  let good = values[index] ?? target;
  let bad = target;
  while (Math.abs(bad - good) > 1) {
    const mid = Math.round((good + bad) / 2);
    if (applyValue(engine, values, index, mid).status === "ok") good = mid;
    else bad = mid;
  }
  const stopped = applyValue(engine, values, index, good);
  if (stopped.status === "ok" && good !== values[index]) return { ...stopped, limitedBy: direct.reason };
  return direct;
}

/**
 * Tunable `index` back to following its default (the release's, the RAM's, the drive's or
 * the era's), or as near as the other values allow.
 */
export function resetValue(engine: Engine, values: Values, index: number): Change {
  const target = engine.defaults[index] ?? 0;
  const direct = applyValue(engine, values, index, target, false);
  return direct.status === "ok" ? direct : applyToward(engine, values, index, target);
}

/** Parses `text` for tunable `index` and applies it. */
export function applyText(engine: Engine, values: Values, index: number, text: string): Change {
  const spec = engine.schema[index];
  if (!spec) return { status: "refused", reason: `no tunable at ${index}` };
  const parsed = engine.parseValue(spec.name, text);
  if (parsed.status === "error") return { status: "refused", reason: parsed.message };
  return applyValue(engine, values, index, parsed.value);
}

/** The warnings of a valid combination. */
export function warningsOf(engine: Engine, values: Values): string[] {
  const checked = engine.check(values);
  return checked.status === "ok" ? checked.value.warnings.map((w) => w.message) : [checked.message];
}

/**
 * The dirty data at which the settings' release kicks a txg sync [bytes], from what a run
 * uses (`Engine.effectiveValues`) and the tunables its release lacks: from 0.8 the
 * `zfs_dirty_data_sync_percent` of `zfs_dirty_data_max`; before, the absolute
 * `zfs_dirty_data_sync`, the release's only sync setting (`txg_sync_thread()`, 0.6.x-0.7).
 */
export function syncKickBytes(engine: Engine, effective: Values, absent: ReadonlySet<string>): number {
  const at = (name: TunableName) => effective[engine.indexOf(name)] ?? 0;
  return absent.has("zfs_dirty_data_sync_percent")
    ? at("zfs_dirty_data_sync")
    : (at("zfs_dirty_data_max") * at("zfs_dirty_data_sync_percent")) / 100;
}

/** What the controls edit: the values, each control's refusal or limit, the copy status. */
export interface EditState {
  values: Values;
  errors: Record<string, string>;
  copyStatus: string;
}

export type EditAction =
  | { type: "value"; index: number; value: number }
  | { type: "text"; index: number; text: string }
  | { type: "reset"; index: number }
  | { type: "replace"; values: Values }
  | { type: "copyStatus"; text: string };

/**
 * The controls' reducer. Dispatch is stable, so the controls can be memoized and a slider
 * move re-renders only the control that moved and what reads the values.
 */
export function editReducer(engine: Engine) {
  // An accepted change makes earlier refusals moot, so their messages go with it.
  const settle = (s: EditState, index: number, change: Change): EditState => {
    const name = engine.schema[index]?.name ?? "";
    if (change.status === "refused") {
      return { ...s, errors: { ...s.errors, [name]: messages.refused(change.reason) } };
    }
    const errors = change.limitedBy ? { [name]: messages.limited(change.limitedBy) } : {};
    return { values: change.values, errors, copyStatus: "" };
  };
  return (s: EditState, a: EditAction): EditState => {
    switch (a.type) {
      case "value":
        return settle(s, a.index, applyToward(engine, s.values, a.index, a.value));
      case "text":
        return settle(s, a.index, applyText(engine, s.values, a.index, a.text));
      case "reset":
        return settle(s, a.index, resetValue(engine, s.values, a.index));
      case "replace":
        return { values: a.values, errors: {}, copyStatus: "" };
      case "copyStatus":
        return { ...s, copyStatus: a.text };
    }
  };
}
