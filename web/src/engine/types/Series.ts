// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * One value per report interval, as columns; `t_ns` is each interval's end.
 */
export type Series = {
  interval_ns: number;
  t_ns: Array<number>;
  dirty_bytes: Array<number>;
  read_bytes_per_s: Array<number>;
  write_bytes_per_s: Array<number>;
  /**
   * Where the release's `zpool iostat` counts a mirror's or RAID-Z's writes once per
   * block (until 0.6.5, illumos): the pool row's write bandwidth, which is not the
   * leaves' (`write_bytes_per_s`, the pool row from 0.7). Empty otherwise.
   */
  pool_write_bytes_per_s?: Array<number>;
  async_write_limit: Array<number>;
  async_writes_active: Array<number>;
  delayed_txs: Array<number>;
  client_write_bytes_per_s: Array<number>;
  /**
   * Bytes client reads returned per second (the read calls that finished in the
   * interval, ARC hits included): what the reading program sees.
   */
  client_read_bytes_per_s: Array<number>;
  client_write_mean_ns: Array<number>;
  class_mean_ns: { [key in string]: Array<number> };
  class_max_ns: { [key in string]: Array<number> };
  /**
   * Per class, the I/Os queued and issued on all leaves at the interval's end, as
   * `zpool iostat -q` prints the pool's `pend` and `activ` (instantaneous, not averaged).
   */
  class_pending: { [key in string]: Array<number> };
  class_active: { [key in string]: Array<number> };
  open_txg: Array<number>;
  syncing_txg: Array<number>;
  /**
   * Issued I/Os completed per second, all kinds.
   */
  ops_per_s: Array<number>;
  /**
   * Mean issue-to-completion latency of the device I/Os completed in the interval, reads
   * and writes (rw.d's and iostat's view; 0: none).
   */
  latency_mean_ns: Array<number>;
  /**
   * Queued writes per issued write in the interval (0: no write issued).
   */
  write_aggregation: Array<number>;
  /**
   * Per tenant (zone) by name: reads per second, their mean latency, bytes written per
   * second at the system-call level (vfsstat's r/s, read_t and Mw/s), the zone
   * throttle's delay per call and the tenant's utilisation at the interval's end.
   */
  tenant_read_ops_per_s: { [key in string]: Array<number> };
  tenant_read_mean_ns: { [key in string]: Array<number> };
  tenant_write_bytes_per_s: { [key in string]: Array<number> };
  tenant_delay_ns: { [key in string]: Array<number> };
  tenant_utilization: { [key in string]: Array<number> };
  /**
   * With the metaslab allocator: the share of the interval's allocations made by best
   * fit [%].
   */
  alloc_best_fit_percent?: Array<number>;
  /**
   * Client reads finished in each interval by power-of-two latency bucket, flat: the
   * interval's [`POW2_BUCKETS`] counts one after another (a latency heat map).
   */
  read_latency_buckets: Array<number>;
  /**
   * The writer threads' time in each interval by what they were doing or waiting for
   * (`WaitCause`, by name; `idle` between calls) [ns]: per interval the causes sum to
   * the interval times the writer threads. Empty with no writers.
   */
  writer_wait_ns: { [key in string]: Array<number> };
  /**
   * With a scrub or resilver: bytes it issued per second, and its progress as `zpool
   * status` computes it (issued of the bytes to examine, in percent), to four decimals
   * where the command prints two, so that a long scan's progress is not a staircase.
   */
  scan_issued_bytes_per_s?: Array<number>;
  scan_percent_done?: Array<number>;
};
