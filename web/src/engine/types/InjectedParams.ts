// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * OpenZFS's own slow leaf, `zinject -D LATENCY:LANES` (`zio_inject.c`,
 * `zio_handle_io_delay()`): `lanes` lanes, each serving one read or write at a time, each
 * taking `latency_ns` whatever its size.
 */
export type InjectedParams = {
  /**
   * Addressable bytes.
   */
  capacity: number;
  /**
   * What every read or write takes on its lane [ns] (`zi_timer`).
   */
  latency_ns: number;
  /**
   * I/Os served at once (`zi_nlanes`).
   */
  lanes: number;
};
