// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type LabPreset = {
  name: string;
  /**
   * The symptom it shows, as a customer would say it.
   */
  title: string;
  /**
   * Where it comes from: the seed scenario and its source, or the data it rests on.
   */
  source: string;
  /**
   * What to look for.
   */
  description: string;
  /**
   * The link's query: only what differs from the defaults.
   */
  link: string;
};
