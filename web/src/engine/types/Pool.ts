// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { AllocatorSpec } from "./AllocatorSpec";
import type { AuxClass } from "./AuxClass";
import type { DeviceSpec } from "./DeviceSpec";
import type { Retire } from "./Retire";
import type { TopVdev } from "./TopVdev";
import type { Written } from "./Written";

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
  log: AuxClass | null;
  /**
   * The special allocation class (0.8 on): metadata, and data blocks of at most
   * `special_small_blocks`, go there (`spa_preferred_class()`).
   */
  special: AuxClass | null;
  /**
   * The datasets' `special_small_blocks` property [bytes]; 0 keeps data off the special class.
   */
  special_small_blocks: number;
  retire: Retire;
  /**
   * The metaslab allocator, if modelled; without it blocks go to a sequential cursor.
   */
  allocator: AllocatorSpec | null;
  /**
   * How the data already on the pool was written: the order a scan before 0.8 reads it.
   * NOTE: left out of a report when aged, so that those reports keep their bytes.
   */
  written?: Written;
};
