// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Era } from "./Era";
import type { Release } from "./Release";
import type { SchedulerModel } from "./SchedulerModel";
import type { ThrottleModel } from "./ThrottleModel";

export type Models = {
  throttle: ThrottleModel;
  scheduler: SchedulerModel;
  /**
   * Used when either model is legacy: historical defaults and behaviour.
   */
  era: Era;
  /**
   * The OpenZFS release the OpenZFS models follow.
   * NOTE: left out of a report when it is master, so that those reports keep their bytes.
   */
  release?: Release;
};
