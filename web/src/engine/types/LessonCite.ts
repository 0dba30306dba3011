// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * A section of a document: `docs/model.md` (in this repository) or
 * `shared/docs/openzfs-model.md` (the reference the model follows).
 */
export type LessonCite = {
  doc: string;
  /**
   * The section's heading, as written (without the `#`s).
   */
  section: string;
};
