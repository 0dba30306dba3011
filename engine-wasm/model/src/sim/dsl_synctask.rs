//! Sync tasks (`dsl_synctask.c` `dsl_sync_task()`): an administrative action (a snapshot,
//! a property change) is queued in the open txg's `dp_sync_tasks`, and its caller waits for
//! that txg to sync (`txg_wait_synced()`), which asks the sync thread for it at once. The
//! task runs in that txg's `dsl_pool_sync()`, after the first pass of the MOS. While any is
//! pending, `spa_has_pending_synctask()` makes `vdev_queue_max_async_writes()` give
//! `zfs_vdev_async_write_max_active`: "sync tasks correspond to interactive user actions",
//! so their txg's data goes out as fast as possible.
//!
//! Simplified: the task's own transaction is not delayed by the write throttle, and what it
//! changes in the MOS is not written (a few blocks in the next pass).

use super::{Ev, Sim};
use crate::scenario::Workload;

impl Sim {
    /// The first action of each sync-task workload.
    pub(super) fn synctask_init(&mut self) {
        for (w, workload) in self.scenario.workloads.iter().enumerate() {
            if let Workload::SyncTask { every_ns } = *workload {
                self.events.push(every_ns, Ev::SyncTask(w as u32));
            }
        }
    }

    /// Workload `w` acts: a task in the open txg, and a `txg_wait_synced()` for it.
    pub(super) fn synctask(&mut self, w: u32) {
        let txg = self.txg.open;
        self.synctasks.push(txg);
        self.txg_wait_synced(txg);
        if let Some(Workload::SyncTask { every_ns }) = self.scenario.workloads.get(w as usize) {
            self.events.push(self.now + every_ns, Ev::SyncTask(w));
        }
    }

    /// `dsl_sync_task_sync()` of the syncing txg's tasks.
    pub(super) fn synctasks_run(&mut self, txg: u64) {
        self.synctasks.retain(|&t| t > txg);
    }

    /// `spa_has_pending_synctask()`.
    pub(super) fn synctask_pending(&self) -> bool {
        !self.synctasks.is_empty()
    }
}
