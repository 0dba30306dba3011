// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Draid } from "./Draid";

/**
 * One top-level vdev: a single disk, an n-way mirror, RAID-Z or dRAID of some parity.
 */
export type TopVdev = {
  /**
   * Its leaves: 1 is a single disk.
   */
  children: number;
  /**
   * 0 for a disk or a mirror (every child holds every block), else RAID-Z's or dRAID's.
   */
  parity: number;
  /**
   * dRAID: its redundancy groups' data disks and its distributed spares.
   */
  draid: Draid | null;
};
