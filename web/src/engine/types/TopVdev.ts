// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * One top-level vdev: a single disk, an n-way mirror, or RAID-Z of some parity.
 */
export type TopVdev = {
  /**
   * Its leaves: 1 is a single disk.
   */
  children: number;
  /**
   * 0 for a disk or a mirror (every child holds every block), else RAID-Z1/2/3.
   */
  parity: number;
};
