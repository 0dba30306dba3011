//! The discrete-event simulation of the OpenZFS write path.

pub mod allocator;
pub mod bench;
pub mod device;
pub mod engine;
pub mod events;
pub mod legacy_queue;
pub mod rng;
pub mod slab;
pub mod stats;
pub mod steady;
pub mod text;
pub mod vdev_queue;
