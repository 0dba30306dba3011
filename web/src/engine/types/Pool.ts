// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { AllocatorSpec } from "./AllocatorSpec";
import type { DeviceSpec } from "./DeviceSpec";
import type { LogClass } from "./LogClass";
import type { Retire } from "./Retire";
import type { TopVdev } from "./TopVdev";

export type Pool = {
  /**
   * The normal class's top-level vdevs, in the order they were added.
   */
  vdevs: Array<TopVdev>;
  /**
   * The device of every leaf of the normal class.
   */
  device: DeviceSpec;
  /**
   * Log vdevs (a SLOG): the ZIL's blocks go there instead of the normal class.
   */
  log: LogClass | null;
  retire: Retire;
  /**
   * The metaslab allocator, if modelled; without it blocks go to a sequential cursor.
   */
  allocator: AllocatorSpec | null;
};
