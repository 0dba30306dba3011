// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { DeviceSpec } from "./DeviceSpec";
import type { TopVdev } from "./TopVdev";

/**
 * The log class: its top-level vdevs (disks or mirrors) and their device.
 */
export type LogClass = { vdevs: Array<TopVdev>; device: DeviceSpec };
