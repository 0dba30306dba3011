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
  /**
   * DRAM that takes writes before they are programmed: a write is acknowledged once it is
   * in it while it has room [bytes]; 0 acknowledges each write when programmed.
   */
  write_cache_bytes: number;
  /**
   * Power-loss protection: what the DRAM holds is safe, so a cache flush completes at
   * once (datacentre drives); without it a flush waits for everything to be programmed.
   */
  power_loss_protection: boolean;
  /**
   * Garbage collection: of every million page programs, how many first wait for their
   * die to relocate valid pages and erase a block.
   */
  stall_per_million: number;
  /**
   * How long such a collection holds the die [ns].
   */
  stall_ns: number;
};
