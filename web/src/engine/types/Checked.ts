// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Problem } from "./Problem";

/**
 * The outcome of [`check`]: errors mean the combination cannot be used.
 */
export type Checked = { errors: Array<Problem>; warnings: Array<Problem> };
