//! The discrete-event simulation of the OpenZFS write path.

pub mod device;
pub mod events;
pub mod rng;
pub mod slab;
pub mod stats;
pub mod vdev_queue;
