// The shape of the tunable schema the engine exports. Names, defaults and ranges come only
// from the engine at run time; this file states the shape once and checks it on load.

export type Unit =
  "bytes" | "nanoseconds" | "milliseconds" | "seconds" | "percent" | "count" | "bytes_per_second" | "choice";
export type Scale = "linear" | "log";
export type Effect = "rerun" | "redraw";
export type Kind = "tunable" | "lab";

export interface TunableSpec {
  name: string;
  kind: Kind;
  group: string;
  unit: Unit;
  default: number;
  min: number;
  max: number;
  scale: Scale;
  effect: Effect;
  meaning: string;
  history: string;
  freebsd: string | null;
  /** For unit "choice": the name of each value (the value is its index). */
  choices: string[];
}

const UNITS: readonly Unit[] = [
  "bytes",
  "nanoseconds",
  "milliseconds",
  "seconds",
  "percent",
  "count",
  "bytes_per_second",
  "choice",
];
const SCALES: readonly Scale[] = ["linear", "log"];
const EFFECTS: readonly Effect[] = ["rerun", "redraw"];
const KINDS: readonly Kind[] = ["tunable", "lab"];

function field<T>(entry: Record<string, unknown>, key: string, ok: (v: unknown) => v is T): T {
  const value = entry[key];
  if (!ok(value)) throw new Error(`schema entry ${String(entry["name"])}: field '${key}' is malformed`);
  return value;
}

const isString = (v: unknown): v is string => typeof v === "string";
const isNumber = (v: unknown): v is number => typeof v === "number" && Number.isSafeInteger(v) && v >= 0;
const oneOf =
  <T extends string>(options: readonly T[]) =>
  (v: unknown): v is T =>
    typeof v === "string" && (options as readonly string[]).includes(v);

/** Checks the engine's exported schema against the shape this app was written for. */
export function readSchema(raw: unknown): TunableSpec[] {
  if (!Array.isArray(raw) || raw.length === 0) throw new Error("the engine exported no schema");
  return raw.map((item: unknown) => {
    if (typeof item !== "object" || item === null) throw new Error("schema entry is not an object");
    const e = item as Record<string, unknown>;
    const spec: TunableSpec = {
      name: field(e, "name", isString),
      kind: field(e, "kind", oneOf(KINDS)),
      group: field(e, "group", isString),
      unit: field(e, "unit", oneOf(UNITS)),
      default: field(e, "default", isNumber),
      min: field(e, "min", isNumber),
      max: field(e, "max", isNumber),
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
    if (!(spec.min <= spec.default && spec.default <= spec.max)) {
      throw new Error(`schema entry ${spec.name}: default outside its range`);
    }
    return spec;
  });
}
