// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

export type HddParams = {
  /**
   * Spindle speed [revolutions per minute].
   */
  rpm: number;
  /**
   * Addressable bytes.
   */
  capacity: number;
  /**
   * Seek to the next track [ns].
   */
  track_to_track_ns: number;
  /**
   * Seek across the whole surface [ns].
   */
  full_stroke_ns: number;
  /**
   * Bytes per track: maps an offset to its angular position.
   */
  track_bytes: number;
  /**
   * Sustained media transfer rate [bytes/s].
   */
  media_rate: number;
  /**
   * Host interface rate, for writes taken into the cache [bytes/s].
   */
  interface_rate: number;
  /**
   * Command processing per request [ns].
   */
  overhead_ns: number;
  /**
   * Requests the drive accepts and may reorder (NCQ depth); more wait in the host.
   */
  queue_depth: number;
  /**
   * Writes the write-back cache holds before new writes wait; 0 turns the cache off.
   */
  cache_writes: number;
  /**
   * A queued request older than this is served next, whatever its position [ns].
   */
  age_limit_ns: number;
  /**
   * Drive-managed SMR: the persistent media cache (a CMR region) that takes writes
   * before they are merged into their shingled bands [bytes]; 0 for a CMR drive.
   */
  smr_cache_bytes: number;
  /**
   * Drive-managed SMR: a shingled band, read and rewritten whole to merge what the
   * media cache holds of it [bytes].
   */
  smr_band_bytes: number;
};
