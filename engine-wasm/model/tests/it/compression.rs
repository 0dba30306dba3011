//! Compression (`zio_write_compress()`): dirty data and the write throttle count logical
//! bytes, the devices write the compressed ones.

use serde_json::json;
use throttle_model::report::{self, Report};
use throttle_model::scenario::Scenario;

/// 40 MB/s of 128 KiB writes to a 100 MB/s LUN, `compressible` percent compressing away.
fn run(compressible: u64) -> Report {
    let v = json!({"duration": "30s", "steady": {"summaries": "whole_run"}, "pool": {"device": {"kind": "lun"}},
        "workloads": [{"kind": "async_write", "threads": 8, "block_size": "128K", "rate": "40M",
            "compressible": compressible}]});
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

#[test]
fn dirty_data_counts_logical_bytes_and_the_device_writes_compressed_ones() {
    let (plain, half) = (run(0), run(50));
    // The same bytes dirty the same txgs...
    let dirty = |r: &Report| r.txgs.iter().map(|t| t.ndirty).sum::<u64>();
    let (a, b) = (dirty(&plain) as f64, dirty(&half) as f64);
    assert!((a / b - 1.0).abs() < 0.02, "{a} vs {b}");
    // ...and half of them reach the device (the metadata is not compressed here).
    let (a, b) = (plain.summary.backend.write_bytes_per_s as f64, half.summary.backend.write_bytes_per_s as f64);
    assert!((b / a - 0.5).abs() < 0.05, "{b} of {a} bytes/s");
    // Less than an eighth saved: written as it is.
    assert_eq!(run(10).summary.backend.write_bytes_per_s, plain.summary.backend.write_bytes_per_s);
}
