//! Throttle Lab's model of the OpenZFS write path.
//!
//! Pure Rust with no browser dependency: the WASM binding and the CLI are thin layers over
//! it. Five rooms form a one-way pipe, evidence -> input -> simulation -> output ->
//! lessons and advice, on a foundation all of them share; a module imports only from its own room,
//! the rooms upstream of it and the foundation (`tests/it/architecture.rs` fails on anything else, and on any cycle):
//!
//! - [`evidence`]: what a customer's system printed (`zpool iostat`, kstats, parameters,
//!   `zpool status`, ...), read into plain values, upstream of everything else;
//! - [`scenario`]: what is simulated: the scenario and its pool, devices, workloads,
//!   tenants, models and budget, the built-in presets, the lab's settings as a scenario,
//!   and reading and validating scenario files;
//! - [`sim`]: the discrete-event simulation, one file per mechanism of the write path,
//!   each named for the OpenZFS code it follows; it records what happens as it runs;
//! - [`report`]: what a run produced: [`report::run`] runs a scenario and returns its
//!   [`report::Report`]; the text formats engineers already read;
//! - [`lesson`]: guided lessons, each step checked on the reports of its runs, and a
//!   walker that runs them without a person.
//! - [`advisor`]: from a symptom and what must not get worse, a sweep of the tunables that
//!   bear on it, one run per candidate, and the setting it proposes with its cost.
//!
//! The foundation, upstream of every room, holds what the rooms and the app are all
//! written in. The schema of tunables and settings is what sliders, links, scenario files
//! and the simulation's knobs share, so it cannot sit in any one room; the curves are
//! pure functions of the tunables that the app plots without a run and the simulation
//! calls on its hot path; a link carries only schema values (the lab's settings are
//! schema entries too), and `scenario::lab` is what turns them into a scenario.
//! - [`schema`]: the one table of tunables and settings (names, units, defaults, ranges,
//!   history); [`spec`]: what an entry is and how its values are read and written;
//! - [`units`]: exact parsing and formatting of typed values (`4G`, `100ms`, `60%`);
//! - [`tunables`]: a set of values, always in range;
//! - [`validate`]: cross-tunable errors and warnings;
//! - [`curves`]: `dmu_tx_delay()` and `vdev_queue_max_async_writes()`, exact;
//! - [`amount`]: dirty-data amounts as bytes or percent of `zfs_dirty_data_max`;
//! - [`link`]: the shareable-link codec;
//! - [`messages`]: every message shown to a person.

pub mod advisor;
pub mod amount;
pub mod curves;
pub mod evidence;
pub mod lesson;
pub mod link;
pub mod messages;
pub mod report;
pub mod scenario;
pub mod schema;
pub mod sim;
pub mod spec;
pub mod tunable_releases;
pub mod tunables;
pub mod units;
pub mod validate;

pub use messages::Error;
pub use schema::{Id, Spec, SPECS};
pub use tunables::Tunables;

/// The engine's version, reported by the CLI and the app.
pub const VERSION: &str = env!("CARGO_PKG_VERSION");
