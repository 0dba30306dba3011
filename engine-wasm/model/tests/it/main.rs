//! Integration tests of the model, compiled into one binary.

mod allocation_throttle;
mod allocator;
mod arc;
mod architecture;
mod compression;
mod curves;
mod devices;
mod drives;
mod engine_invariants;
mod fuzz;
mod golden;
mod ground_truth;
mod lab;
mod legacy;
mod liveness;
mod prefetch;
mod raidz;
mod read_modify_write;
mod releases;
mod scan;
mod scenario_file;
mod scenarios;
mod steady;
mod synctask;
mod tenants;
mod zil;
