// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { ConditionCheck } from "./ConditionCheck";

/**
 * A step's check: whether it passed, and each condition with its figure.
 */
export type StepCheck = { passed: boolean; conditions: Array<ConditionCheck> };
