//! Throttle Lab's model of the OpenZFS write path.
//!
//! Pure Rust with no browser dependency: the WASM binding and the CLI are thin layers over
//! it. Module map:
//! - [`schema`]: the one table of tunables (names, units, defaults, ranges, history);
//! - [`units`]: exact parsing and formatting of typed values (`4G`, `100ms`, `60%`);
//! - [`tunables`]: a set of values, always in range;
//! - [`validate`]: cross-tunable errors and warnings;
//! - [`curves`]: `dmu_tx_delay()` and `vdev_queue_max_async_writes()`, exact;
//! - [`amount`]: dirty-data amounts as bytes or percent of `zfs_dirty_data_max`;
//! - [`link`]: the shareable-link codec;
//! - [`messages`]: every message shown to a person.

pub mod amount;
pub mod curves;
pub mod link;
pub mod messages;
pub mod report;
pub mod scenario;
pub mod schema;
pub mod sim;
pub mod spec;
pub mod tunables;
pub mod units;
pub mod validate;

pub use messages::Error;
pub use schema::{Id, Spec, SPECS};
pub use tunables::Tunables;

/// The engine's version, reported by the CLI and the app.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
