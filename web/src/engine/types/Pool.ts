// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { AllocatorSpec } from "./AllocatorSpec";
import type { DeviceSpec } from "./DeviceSpec";
import type { Retire } from "./Retire";

export type Pool = {
  top_level_vdevs: number;
  /**
   * Children per top-level vdev: 1 is a single disk, 2 or more a mirror.
   */
  mirror: number;
  device: DeviceSpec;
  retire: Retire;
  /**
   * The metaslab allocator, if modelled; without it blocks go to a sequential cursor.
   */
  allocator: AllocatorSpec | null;
};
