// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * An OpenZFS release, by its first tag (2.1.16: by its own, the series' last).
 */
export type Release =
  "0.6.4" | "0.6.5" | "0.7" | "0.8" | "2.0" | "2.1" | "2.1.16" | "2.2" | "2.3" | "2.4" | "master";
