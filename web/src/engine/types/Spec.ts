// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Effect } from "./Effect";
import type { Kind } from "./Kind";
import type { Scale } from "./Scale";
import type { Unit } from "./Unit";

/**
 * One entry of the schema.
 */
export type Spec = {
  /**
   * OpenZFS module parameter name (Linux `/sys/module/zfs/parameters/NAME`), or the lab's own.
   */
  name: string;
  kind: Kind;
  /**
   * Section of the controls this belongs to.
   */
  group: string;
  unit: Unit;
  default: number;
  /**
   * Smallest accepted value (inclusive).
   */
  min: number;
  /**
   * Largest accepted value (inclusive).
   */
  max: number;
  /**
   * A value outside `min..=max` that means "not set" (the device's own size), accepted
   * besides the range; `None` for most entries.
   */
  off: number | null;
  scale: Scale;
  effect: Effect;
  /**
   * One line: what it does.
   */
  meaning: string;
  /**
   * Where older releases or other platforms had another default or behaviour.
   */
  history: string;
  /**
   * FreeBSD (13+, OpenZFS) sysctl, if it has one.
   */
  freebsd: string | null;
  /**
   * For [`Unit::Choice`]: the name of each value, the value being the index.
   */
  choices: Array<string>;
};
