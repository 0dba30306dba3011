// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Where a page is, beside its settings: which preset it started from, which lesson and
 * step it walks, and whether it is in presenter mode. The names are checked here only for
 * their form; the app, which has the lists, says when one names nothing.
 */
export type View = {
  preset: string | null;
  lesson: string | null;
  /**
   * The lesson's step, from 1.
   */
  step: number | null;
  present: boolean;
};
