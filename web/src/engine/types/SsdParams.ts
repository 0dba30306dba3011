// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type SsdParams = {
  /**
   * Addressable bytes.
   */
  capacity: number;
  channels: number;
  dies_per_channel: number;
  /**
   * Reading one page into the die's register [ns].
   */
  read_ns: number;
  /**
   * Programming one page [ns].
   */
  program_ns: number;
  /**
   * Flash page [bytes].
   */
  page_bytes: number;
  /**
   * Per-channel transfer rate [bytes/s].
   */
  channel_rate: number;
  /**
   * Controller processing per request [ns].
   */
  overhead_ns: number;
  /**
   * A partly filled page is programmed after its first write waited this long [ns].
   */
  coalesce_ns: number;
};
