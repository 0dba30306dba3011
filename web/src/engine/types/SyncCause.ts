// Generated from the engine's Rust types (ts-rs) by scripts/gen-types.sh: do not edit.

/**
 * Why a txg was quiesced and synced: which of the conditions that end the sync thread's
 * wait in `txg_sync_thread()` (0.6.4, 0.8.0 and 2.2.0 alike: a scan, a waiter, a quiesced
 * txg, the timer, and before 2.2 the pool's dirty data) held, or who asked the quiesce
 * thread for it (`tx_quiesce_txg_waiting`, from `txg_wait_open()` or, before 2.2,
 * `txg_kick()`). Named once, when the txg's quiesce begins.
 */
export type SyncCause = "timeout" | "dirty" | "wrlog" | "scan" | "wait_synced" | "hard_limit" | "open_wait";
