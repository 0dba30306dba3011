// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.
import type { Burst } from "./Burst";
import type { SyncMode } from "./SyncMode";

export type Workload =
  | {
      kind: "async_write";
      threads: number;
      block_size: number;
      /**
       * The dataset's recordsize: the first write into a record in a txg dirties the
       * whole record, later ones in the same txg add nothing (`dbuf_dirty`).
       */
      record_size: number;
      sequential: boolean;
      /**
       * Bytes the writers cover before wrapping (the file size), split between threads
       * when sequential.
       */
      region: number;
      /**
       * Total target rate [bytes/s]; 0 = closed loop, as fast as admitted.
       */
      rate: number;
      burst: Burst | null;
      /**
       * Percent of each record that compression removes (fio's
       * `buffer_compress_percentage`); 0: incompressible.
       */
      compressible: number;
      /**
       * Percent of partly written records found in the ARC; the others are read before
       * the write (read-modify-write). 100: always cached.
       */
      cache_hit: number;
      /**
       * Writes to a zvol (`record_size` its volblocksize): logged, not to be committed,
       * by `zvol_log_write()`, whose choice of log record differs from a file's until
       * 2.3, and which counts their log bytes against `zfs_wrlog_data_max` (2.2+).
       */
      zvol: boolean;
    }
  | {
      kind: "sync_write";
      threads: number;
      block_size: number;
      /**
       * The dataset's recordsize (a zvol's volblocksize): also the block size
       * `zfs_log_write()` chooses each write's log record by, and the block
       * `dmu_sync()` writes whole for one logged indirectly.
       */
      record_size: number;
      /**
       * Sequential (each thread its own part of `region`) or random over `region`.
       */
      sequential: boolean;
      region: number;
      /**
       * Percent of partly written records found in the ARC; the others are read before
       * the write (read-modify-write). 100: always cached.
       */
      cache_hit: number;
      sync: SyncMode;
      rate: number;
      /**
       * The dataset's `logbias=throughput`: every record is logged indirectly, its data
       * written in place rather than into the log (`zil_write_state()`).
       */
      logbias_throughput: boolean;
      /**
       * Writes to a zvol (`record_size` its volblocksize): logged by `zvol_log_write()`,
       * which until 2.3 logs indirectly only whole blocks larger than 32 KiB.
       */
      zvol: boolean;
    }
  | { kind: "random_read"; threads: number; block_size: number; working_set: number; cache_hit: number }
  | { kind: "sequential_read"; threads: number; block_size: number; region: number }
  | {
      kind: "scrub";
      block_size: number;
      /**
       * Blocks in flight per top-level vdev under the legacy scheduler (each reads every
       * leaf of its vdev); the OpenZFS scheduler uses `zfs_scan_vdev_limit` instead.
       */
      outstanding_per_leaf: number;
    }
  | { kind: "sync_task"; every_ns: number }
  | {
      kind: "resilver";
      block_size: number;
      /**
       * Blocks in flight per top-level vdev under the legacy scheduler; the OpenZFS
       * scheduler uses `zfs_scan_vdev_limit` instead.
       */
      outstanding: number;
    };
