// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Era } from "./Era";
import type { SchedulerModel } from "./SchedulerModel";
import type { ThrottleModel } from "./ThrottleModel";

export type Models = {
  throttle: ThrottleModel;
  scheduler: SchedulerModel;
  /**
   * Used when either model is legacy: historical defaults and behaviour.
   */
  era: Era;
};
