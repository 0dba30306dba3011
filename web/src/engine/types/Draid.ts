// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * A dRAID vdev's layout beyond its parity (`vdev_draid.c`).
 */
export type Draid = {
  /**
   * Data disks of a redundancy group (`vdc_ndata`).
   */
  data: number;
  /**
   * Distributed spares (`vdc_nspares`).
   */
  spares: number;
};
