// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type VdevRates = {
  read_ops_per_s: number;
  write_ops_per_s: number;
  read_bytes_per_s: number;
  write_bytes_per_s: number;
};
