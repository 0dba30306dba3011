//! The metaslab allocator a scenario asks for: the era's policy, its tunables, and the
//! pool's starting state (an aged pool). The allocator itself is `sim/allocator.rs`.

use serde::Serialize;

/// Which era's allocator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub enum AllocPolicy {
    Y2009,
    Y2010,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct AllocatorSpec {
    pub policy: AllocPolicy,
    /// `metaslab_df_free_pct`: best fit below this percent free.
    pub df_free_pct: u64,
    /// `metaslab_df_alloc_threshold`: best fit when the largest free segment is smaller [bytes].
    pub df_alloc_threshold: u64,
    /// The pool's starting state, per metaslab: the share allocated, and the share of free
    /// holes (single blocks, as copy-on-write frees leave them) inside the written region
    /// at the start of the metaslab; the rest is one free run after it, where the
    /// allocation cursor stands.
    pub fill_percent: u64,
    pub holes_percent: u64,
    /// The block size of the starting state [bytes].
    pub fill_block: u64,
}

impl AllocatorSpec {
    pub fn for_policy(policy: AllocPolicy) -> Self {
        let df_free_pct = match policy {
            AllocPolicy::Y2009 => 30,
            AllocPolicy::Y2010 => 4,
        };
        AllocatorSpec {
            policy,
            df_free_pct,
            df_alloc_threshold: 128 << 10,
            fill_percent: 0,
            holes_percent: 0,
            fill_block: 8 << 10,
        }
    }
}
