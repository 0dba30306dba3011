//! A fio job file's workloads as the lab's settings, for the app's paste and `run --link
//! … --fio`: the lab has one group of buffered writers, one of sync writers and one of
//! readers.

use super::FioJobs;
use crate::schema::Id;

impl FioJobs {
    /// The lab's workload settings for these jobs: one group of buffered writers, one of
    /// sync writers and one of readers at most (a scenario file takes any number), the
    /// kinds the jobs do not have set to no threads, and the runtime as the duration.
    pub fn lab_settings(&self) -> Result<Vec<(Id, u64)>, String> {
        let mut out = vec![(Id::AsyncWriters, 0), (Id::SyncWriters, 0), (Id::Readers, 0)];
        let mut seen = Vec::new();
        for w in &self.workloads {
            let kind = w["kind"].as_str().unwrap_or("");
            let group = if kind.ends_with("_read") { "readers" } else { kind };
            if seen.contains(&group) {
                return Err(format!(
                    "two jobs of {group}: the lab has one group of each kind; throttle-lab run --fio takes any number"
                ));
            }
            seen.push(group);
            let n = |key: &str| w[key].as_u64();
            let threads = n("threads").unwrap_or(1);
            match kind {
                "async_write" => {
                    out.push((Id::AsyncWriters, threads));
                    out.extend(n("block_size").map(|b| (Id::AsyncBlockSize, b)));
                    out.push((Id::AsyncRate, n("rate").unwrap_or(0)));
                    out.push((Id::AsyncPattern, u64::from(w["pattern"] == "random")));
                    out.extend(n("region").map(|r| (Id::FileSize, r)));
                    out.push((Id::AsyncCompressible, n("compressible").unwrap_or(0)));
                    out.extend(w["zvol"].as_bool().map(|z| (Id::Dataset, u64::from(z))));
                }
                "sync_write" => {
                    out.push((Id::SyncWriters, threads));
                    out.extend(n("block_size").map(|b| (Id::SyncBlockSize, b)));
                    out.push((Id::FsyncEvery, n("fsync_every").unwrap_or(0)));
                    out.push((Id::SyncWait, 0));
                    out.push((Id::SyncRate, n("rate").unwrap_or(0)));
                    out.push((Id::SyncPattern, u64::from(w["pattern"] == "random")));
                    out.extend(n("region").map(|r| (Id::FileSize, r)));
                    // A job naming no file leaves the dataset as set (`fio.rs`).
                    out.extend(w["zvol"].as_bool().map(|z| (Id::Dataset, u64::from(z))));
                }
                _ => {
                    out.push((Id::Readers, threads));
                    out.extend(n("block_size").map(|b| (Id::ReadBlockSize, b)));
                    out.push((Id::ReadPattern, u64::from(kind == "sequential_read")));
                    out.extend(n("working_set").map(|r| (Id::ReadWorkingSet, r)));
                }
            }
        }
        out.extend(self.duration_s.map(|d| (Id::Duration, d)));
        // Later entries win: a kind's threads replace the zero set first.
        out.reverse();
        let mut unique: Vec<(Id, u64)> = Vec::new();
        for (id, v) in out {
            if !unique.iter().any(|(u, _)| *u == id) {
                unique.push((id, v));
            }
        }
        unique.reverse();
        // Each within its setting's range, or the job is refused naming the setting.
        let mut t = crate::tunables::Tunables::default();
        for &(id, v) in &unique {
            t.set(id, v).map_err(|e| format!("{}: {e}", id.spec().name))?;
        }
        Ok(unique)
    }
}
