// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Inferred } from "./Inferred";
import type { Overlay } from "./Overlay";

/**
 * What [`import_evidence`] returns.
 */
export type ImportedEvidence = {
  /**
   * One line per section read.
   */
  summary: Array<string>;
  notes: Array<string>;
  /**
   * Each line that could not be read: `file line N: what was expected`.
   */
  problems: Array<string>;
  settings: Array<Inferred>;
  overlay: Overlay;
};
