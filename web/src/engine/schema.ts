// The shape of the tunable schema the engine exports. Names, defaults and ranges come only
// from the engine at run time; this file states the shape once and checks it on load.

import type { Effect, Kind, Scale, Spec, TunableName, Unit } from "./types";

export type { Effect, Kind, Scale, TunableName, Unit };

/** A schema entry (generated from the model's `Entry`), named by its generated name type. */
export type TunableSpec = Omit<Spec, "name"> & { name: TunableName };

// Every member of each generated union, so that a new one in the engine fails the build
// here until this check knows it.
const UNITS: Record<Unit, true> = {
  bytes: true,
  nanoseconds: true,
  milliseconds: true,
  seconds: true,
  percent: true,
  count: true,
  bytes_per_second: true,
  choice: true,
};
const SCALES: Record<Scale, true> = { linear: true, log: true };
const EFFECTS: Record<Effect, true> = { rerun: true, redraw: true };
const KINDS: Record<Kind, true> = { tunable: true, lab: true };

function field<T>(entry: Record<string, unknown>, key: string, ok: (v: unknown) => v is T): T {
  const value = entry[key];
  if (!ok(value)) throw new Error(`schema entry ${String(entry["name"])}: field '${key}' is malformed`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === "string";
// The schema is the table TunableName is generated from, so any name in it is one.
const isName = (v: unknown): v is TunableName => typeof v === "string" && v.length > 0;
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const oneOf =
  <T extends string>(options: Record<T, true>) =>
  (v: unknown): v is T =>
    typeof v === "string" && Object.hasOwn(options, v);

/** Checks the engine's exported schema against the shape this app was written for. */
export function readSchema(raw: unknown): TunableSpec[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new Error("the engine exported no schema");
  return raw.map((item: unknown) => {
    if (typeof item !== "object" || item === null) throw new Error("schema entry is not an object");
    const e: Record<string, unknown> = Object.fromEntries(Object.entries(item));
    const spec: TunableSpec = {
      name: field(e, "name", isName),
      kind: field(e, "kind", oneOf(KINDS)),
      group: field(e, "group", isString),
      unit: field(e, "unit", oneOf(UNITS)),
      default: field(e, "default", isNumber),
      min: field(e, "min", isNumber),
      max: field(e, "max", isNumber),
      off: field(e, "off", (v: unknown): v is number | null => v === null || isNumber(v)),
      scale: field(e, "scale", oneOf(SCALES)),
      effect: field(e, "effect", oneOf(EFFECTS)),
      meaning: field(e, "meaning", isString),
      history: field(e, "history", isString),
      freebsd: field(e, "freebsd", (v: unknown): v is string | null => v === null || typeof v === "string"),
      choices: field(e, "choices", (v: unknown): v is string[] => Array.isArray(v) && v.every(isString)),
    };
    const isChoice = spec.unit === "choice";
    if (isChoice !== spec.choices.length > 0 || (isChoice && spec.max !== spec.choices.length - 1)) {
      throw new Error(`schema entry ${spec.name}: choices do not match its range`);
    }
    if (!(spec.min <= spec.default && spec.default <= spec.max) && spec.default !== spec.off) {
      throw new Error(`schema entry ${spec.name}: default outside its range`);
    }
    return spec;
  });
}
