// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * One vdev's row: its place in the pool (`pool`, `0`, `0/2`, `logs`, `logs/0`, as
 * `report::vdevs` keys the lab's), its name, and its means over the reports that gave them.
 */
export type OverlayVdev = {
  key: string;
  name: string;
  depth: number;
  /**
   * Operations and bytes per second (`None` where the table printed `-`).
   */
  read_ops: number | null;
  write_ops: number | null;
  read_bytes: number | null;
  write_bytes: number | null;
};
