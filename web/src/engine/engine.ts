// The Engine interface the app talks to, made from the wasm-bindgen module. Every call that
// can fail returns a Result, so a bad value becomes a message and never an exception.

import type * as Wasm from "./generated/throttle_lab_wasm.js";
import { readSchema, type TunableSpec } from "./schema";
import type {
  AsyncWriteMarks,
  Catalog,
  Checked,
  DecodedLink,
  DelayMarks,
  Fit,
  ImportedEvidence,
  LabPreset,
  Lesson,
  PastedSettings,
  PresetText,
  StepCheck,
  SummaryReport,
  TunableName,
  VdevRow,
  View,
} from "./types";

type WasmModule = typeof Wasm;

export type Result<T> = { status: "ok"; value: T } | { status: "error"; message: string };

/**
 * Tunable values in schema order, then one mark per tunable in the same order: 1 when it
 * was set on purpose (even to its default), so that it keeps its value where the release,
 * the machine's RAM, a drive or a legacy era has another default; 0 when it follows that
 * default (`Tunables::is_given`).
 */
export type Values = readonly number[];

/** `values` with tunable `index` set to `value`, and marked as set (or not, for a reset). */
export function withValue(
  engine: Pick<Engine, "schema">,
  values: Values,
  index: number,
  value: number,
  given = true,
): number[] {
  const n = engine.schema.length;
  return values.map((v, i) => (i === index ? value : i === n + index ? (given ? 1 : 0) : v));
}

export interface Curve {
  /** Dirty data [bytes], increasing. */
  dirty: Float64Array;
  /** The curve's value at each point [ns or I/O slots]. */
  value: Float64Array;
}

export type { TunableName };

/** Per-class power-of-two histograms, as a report holds them. */
export type ClassBuckets = Record<string, number[]>;

export interface Engine {
  readonly version: string;
  readonly schema: readonly TunableSpec[];
  readonly defaults: Values;
  indexOf(name: TunableName): number;
  parseValue(name: TunableName, text: string): Result<number>;
  formatValue(name: TunableName, value: number): Result<string>;
  describeValue(name: TunableName, value: number): Result<string>;
  describeBytes(bytes: number): Result<string>;
  describeNs(ns: number): Result<string>;
  check(values: Values): Result<Checked>;
  /** What a run of `values` uses: release defaults, dirty limits from RAM, era defaults. */
  effectiveValues(values: Values): Result<Values>;
  /** Per tunable, where the value a run uses comes from when not the one set ("" if it is). */
  derivedBy(values: Values): Result<string[]>;
  /** The tunables the chosen release does not have. */
  absentTunables(values: Values): Result<TunableName[]>;
  /** The tunables the chosen release calls by another name, with that name. */
  oldNames(values: Values): Result<[TunableName, string][]>;
  delayNs(values: Values, dirty: number): Result<number>;
  asyncWrites(values: Values, dirty: number): Result<number>;
  delayCurve(values: Values, points: number): Result<Curve>;
  asyncWriteCurve(values: Values): Result<Curve>;
  delayMarks(values: Values): Result<DelayMarks>;
  asyncWriteMarks(values: Values): Result<AsyncWriteMarks>;
  decodeLink(query: string): Result<DecodedLink>;
  /** As `decodeLink`, the values the query does not name kept from `base`. */
  applyLink(base: Values, query: string): Result<DecodedLink>;
  /** The lab settings of a pool typed as its `zpool create` line or `zpool status`. */
  layoutSettings(text: string): Result<PastedSettings>;
  /** The lab's workload settings of a fio job file. */
  fioSettings(text: string): Result<PastedSettings>;
  /** What a customer's evidence files hold and imply, and their figures in the panels' units. */
  importEvidence(files: readonly { name: string; text: string }[]): Result<ImportedEvidence>;
  /** A latency column's fit: the customer's histogram beside the model's, same buckets. */
  fitHistogram(column: string, customer: readonly number[], model: readonly number[]): Result<Fit | null>;
  /** Synced txgs' fit: `[ndirty, stime]` pairs of each side. */
  fitTxgs(
    customer: readonly (readonly [number, number])[],
    model: readonly (readonly [number, number])[],
  ): Result<Fit | null>;
  /** Queue depths' fit: per `zpool iostat -q` column, the customer's and the model's means in hundredths. */
  fitQueues(
    names: readonly string[],
    customer: readonly number[],
    model: readonly number[],
  ): Result<Fit | null>;
  /** The lab's class of a `zpool iostat -q` column and whether it is `pend`; null if not modelled. */
  queueClass(column: string): Result<[string, boolean] | null>;
  /** The `dmu_tx_assign` kstat as Linux prints it, of a report's 42 counts. */
  dmuTxAssignText(counts: readonly number[]): Result<string>;
  /** Write bandwidth's fit [bytes/s]. */
  fitBandwidth(customer: readonly number[], model: readonly number[]): Result<Fit | null>;
  /** Ticket-ready Markdown of an A/B comparison from two reports' summaries. */
  ticketMarkdown(
    a: SummaryReport,
    b: SummaryReport,
    labels: readonly [string, string],
    changes: readonly string[],
    link: string,
  ): Result<string>;
  /** The settings file for `os` of these values' changes from their release's defaults. */
  exportSettings(values: Values, os: "linux" | "freebsd" | "illumos"): Result<string>;
  /** The link's query for these values, the pinned ones and where the page is. */
  encodeLink(values: Values, pinned?: Values | null, view?: View): Result<string>;
  /**
   * `name: A → B` for each schema entry that differs, in schema order, values as a person
   * writes them; a change of release is followed by what the release does differently.
   */
  differenceLines(a: Values, b: Values): Result<string[]>;
  /** DTrace `quantize()` text of power-of-two buckets. */
  quantizeText(buckets: readonly number[]): Result<string>;
  /** DTrace `lquantize(x, base, limit, step)` text of `values`. */
  lquantizeText(values: ArrayLike<number>, base: number, limit: number, step: number): Result<string>;
  /** The `zpool iostat -w` table of a report's per-class total, queue and disk histograms. */
  iostatText(pool: string, total: ClassBuckets, queue: ClassBuckets, disk: ClassBuckets): Result<string>;
  /** The `zpool iostat -v` table of a report's per-vdev rows. */
  iostatVText(rows: readonly VdevRow[]): Result<string>;
  /** Runs a scenario (JSON text); the report as JSON text, the same bytes as the native CLI. */
  runScenario(scenario: string): Result<string>;
  /** The built-in scenarios. */
  presets(): Result<PresetText[]>;
  /** The app's starting points, as link queries. */
  labPresets(): Result<LabPreset[]>;
  /** The guided lessons, as their files hold them. */
  lessons(): Result<Lesson[]>;
  /** The link query of the state step `step` (from 0) of lesson `name` starts from: its run A. */
  lessonStepStart(name: string, step: number): Result<string>;
  /** Step `step` of lesson `name` checked on run B's report (JSON text), against run A's if given. */
  checkLessonStep(name: string, step: number, b: string, a: string | null): Result<StepCheck>;
  /** The tuning advisor's symptoms and the metrics they and its guards name. */
  advisorCatalog(): Result<Catalog>;
}

/** Both values, or the first error. */
export function both<A, B>(a: Result<A>, b: Result<B>): Result<[A, B]> {
  if (a.status === "error") return a;
  if (b.status === "error") return b;
  return { status: "ok", value: [a.value, b.value] };
}

/**
 * Calls the engine, turning a thrown error into a message. The binding returns its JSON
 * values untyped; `T` is their type as generated from the Rust type that wrote them.
 */
function attempt<T>(f: () => T): Result<T> {
  try {
    return { status: "ok", value: f() };
  } catch (e) {
    return { status: "error", message: e instanceof Error ? e.message : String(e) };
  }
}

const column = (values: Values) => Float64Array.from(values);

function curve(c: Wasm.Curve): Curve {
  try {
    return { dirty: Float64Array.from(c.dirty), value: Float64Array.from(c.value) };
  } finally {
    c.free();
  }
}

/** Wraps an initialised wasm-bindgen module. Throws only if its schema is malformed. */
export function makeEngine(wasm: WasmModule): Engine {
  const schema = readSchema(wasm.schema());
  const index = new Map(schema.map((s, i) => [s.name, i]));
  const names = new Map<string, TunableName>(schema.map((s) => [s.name, s.name]));
  return {
    version: wasm.version(),
    schema,
    defaults: [...schema.map((s) => s.default), ...schema.map(() => 0)],
    indexOf: (name) => index.get(name) ?? -1,
    parseValue: (name, text) => attempt(() => wasm.parseValue(name, text)),
    formatValue: (name, value) => attempt(() => wasm.formatValue(name, value)),
    describeValue: (name, value) => attempt(() => wasm.describeValue(name, value)),
    describeBytes: (bytes) => attempt(() => wasm.describeBytes(bytes)),
    describeNs: (ns) => attempt(() => wasm.describeNs(ns)),
    check: (values) => attempt<Checked>(() => wasm.check(column(values))),
    effectiveValues: (values) => attempt(() => Array.from(wasm.effectiveValues(column(values)))),
    derivedBy: (values) => attempt(() => wasm.derivedBy(column(values))),
    oldNames: (values) => attempt<[TunableName, string][]>(() => wasm.oldNames(column(values))),
    absentTunables: (values) =>
      attempt(() => wasm.absentTunables(column(values)).flatMap((n) => names.get(n) ?? [])),
    delayNs: (values, dirty) => attempt(() => wasm.delayNs(column(values), dirty)),
    asyncWrites: (values, dirty) => attempt(() => wasm.asyncWrites(column(values), dirty)),
    delayCurve: (values, points) => attempt(() => curve(wasm.delayCurve(column(values), points))),
    asyncWriteCurve: (values) => attempt(() => curve(wasm.asyncWriteCurve(column(values)))),
    delayMarks: (values) => attempt<DelayMarks>(() => wasm.delayMarks(column(values))),
    asyncWriteMarks: (values) => attempt<AsyncWriteMarks>(() => wasm.asyncWriteMarks(column(values))),
    decodeLink: (query) => attempt<DecodedLink>(() => wasm.decodeLink(query)),
    applyLink: (base, query) => attempt<DecodedLink>(() => wasm.applyLink(column(base), query)),
    layoutSettings: (text) => attempt<PastedSettings>(() => wasm.layoutSettings(text)),
    fioSettings: (text) => attempt<PastedSettings>(() => wasm.fioSettings(text)),
    importEvidence: (files) =>
      attempt<ImportedEvidence>(() =>
        wasm.importEvidence(
          files.map((f) => f.name),
          files.map((f) => f.text),
        ),
      ),
    fitHistogram: (name, customer, model) =>
      attempt<Fit | null>(() =>
        wasm.fitHistogram(name, Float64Array.from(customer), Float64Array.from(model)),
      ),
    fitTxgs: (customer, model) =>
      attempt<Fit | null>(() =>
        wasm.fitTxgs(Float64Array.from(customer.flat()), Float64Array.from(model.flat())),
      ),
    fitQueues: (names, customer, model) =>
      attempt<Fit | null>(() =>
        wasm.fitQueues([...names], Float64Array.from(customer), Float64Array.from(model)),
      ),
    queueClass: (column) => attempt<[string, boolean] | null>(() => wasm.queueClass(column)),
    dmuTxAssignText: (counts) => attempt(() => wasm.dmuTxAssignText(Float64Array.from(counts))),
    fitBandwidth: (customer, model) =>
      attempt<Fit | null>(() => wasm.fitBandwidth(Float64Array.from(customer), Float64Array.from(model))),
    ticketMarkdown: (a, b, labels, changes, link) =>
      attempt(() =>
        wasm.ticketMarkdown(JSON.stringify(a), JSON.stringify(b), labels[0], labels[1], [...changes], link),
      ),
    exportSettings: (values, os) => attempt(() => wasm.exportSettings(column(values), os)),
    encodeLink: (values, pinned, view) =>
      attempt(() =>
        wasm.encodeLink(
          column(values),
          pinned ? column(pinned) : undefined,
          view?.preset ?? undefined,
          view?.lesson ?? undefined,
          view?.step ?? undefined,
          view?.present ?? false,
        ),
      ),
    differenceLines: (a, b) => attempt(() => wasm.differenceLines(column(a), column(b))),
    quantizeText: (buckets) => attempt(() => wasm.quantizeText(column(buckets))),
    lquantizeText: (values, base, limit, step) =>
      attempt(() => wasm.lquantizeText(Float64Array.from(values), base, limit, step)),
    iostatText: (pool, total, queue, disk) => attempt(() => wasm.iostatText(pool, total, queue, disk)),
    iostatVText: (rows) => attempt(() => wasm.iostatVText(rows)),
    runScenario: (scenario) => attempt(() => wasm.runScenario(scenario)),
    presets: () => attempt<PresetText[]>(() => wasm.presets()),
    labPresets: () => attempt<LabPreset[]>(() => wasm.labPresets()),
    lessons: () => attempt<Lesson[]>(() => wasm.lessons()),
    lessonStepStart: (name, step) => attempt(() => wasm.lessonStepStart(name, step)),
    checkLessonStep: (name, step, b, a) =>
      attempt<StepCheck>(() => wasm.checkLessonStep(name, step, b, a ?? undefined)),
    advisorCatalog: () => attempt<Catalog>(() => wasm.advisorCatalog()),
  };
}
