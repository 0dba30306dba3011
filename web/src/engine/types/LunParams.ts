// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type LunParams = {
  /**
   * Addressable bytes.
   */
  capacity: number;
  /**
   * Sustained bandwidth, reads and writes together [bytes/s].
   */
  bandwidth: number;
  /**
   * Latency added to every request after its transfer [ns].
   */
  base_latency_ns: number;
  /**
   * The LUN reports itself rotational, so the rotational aggregation limit applies.
   * NOTE: false by default, as LUNs have always been modelled (the non-rotating limit);
   * arrays report either, depending on their firmware.
   */
  rotational: boolean;
  /**
   * Of every million requests, how many are held up (a network retransmission, a
   * replica's hiccup, the array's own housekeeping).
   */
  stall_per_million: number;
  /**
   * How long such a request is held up beyond its base latency [ns].
   */
  stall_ns: number;
};
