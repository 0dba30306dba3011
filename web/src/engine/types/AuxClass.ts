// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { DeviceSpec } from "./DeviceSpec";
import type { TopVdev } from "./TopVdev";

/**
 * A log or special class: its top-level vdevs and their device.
 */
export type AuxClass = { vdevs: Array<TopVdev>; device: DeviceSpec };
