// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { LessonCondition } from "./LessonCondition";

/**
 * What a step's runs must show: every condition holds.
 */
export type LessonCheck = { all: Array<LessonCondition> };
