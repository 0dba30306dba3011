// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type LabPreset = {
  name: string;
  title: string;
  /**
   * What to look for.
   */
  description: string;
  /**
   * The link's query: only what differs from the defaults.
   */
  link: string;
};
