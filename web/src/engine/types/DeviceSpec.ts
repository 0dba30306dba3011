// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { HddParams } from "./HddParams";
import type { InjectedParams } from "./InjectedParams";
import type { LunParams } from "./LunParams";
import type { SsdParams } from "./SsdParams";

/**
 * The parameters of a device of any kind, as a scenario gives them.
 */
export type DeviceSpec =
  | ({ kind: "hdd" } & HddParams)
  | ({ kind: "ssd" } & SsdParams)
  | ({ kind: "lun" } & LunParams)
  | ({ kind: "injected" } & InjectedParams);
