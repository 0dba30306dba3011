//! fio's `--output-format=json`: one or more documents in a block, `jobs` or `client_stats`.

use super::*;

pub(super) fn json_start(t: &str) -> bool {
    t.starts_with('{') || t.starts_with("\"fio version\"")
}

/// Reads fio's JSON from line `k` of the block (`joined` is the block's text, `starts`
/// where each line starts in it): the jobs into `out`, and how many lines it took; `None`
/// when it does not parse (one problem says where and why).
pub(super) fn read_json(
    joined: &str,
    starts: &[usize],
    k: usize,
    block: &[Line],
    out: &mut Parsed<FioResult>,
) -> Option<usize> {
    let first_no = block.get(k).map_or(0, |l| l.no);
    let from = starts.get(k).copied().unwrap_or(joined.len());
    let rest = joined.get(from..).unwrap_or("");
    // Opened at `"fio version"`, the brace before it was cut off: read as if it were there.
    let brace: &[u8] = if rest.trim_start().starts_with('{') { b"" } else { b"{\n" };
    let reader = std::io::Read::chain(brace, rest.as_bytes());
    let mut stream = serde_json::Deserializer::from_reader(reader).into_iter::<Value>();
    let value = match stream.next() {
        Some(Ok(v)) => v,
        Some(Err(e)) => {
            // At the end of the text serde counts one line past the last: name the last.
            let last_no = block.last().map_or(first_no, |l| l.no);
            let line = (first_no + e.line()).saturating_sub(1 + usize::from(!brace.is_empty()));
            out.problems.push((line.clamp(first_no, last_no.max(first_no)), format!("fio's JSON does not parse: {e}")));
            return None;
        }
        None => return Some(block.len() - k),
    };
    // The lines the document took: up to the one holding its last byte.
    let end = (from + stream.byte_offset()).saturating_sub(brace.len());
    let last = starts.partition_point(|&s| s < end);
    let used = last.saturating_sub(k).max(1);
    let jobs = value.get("jobs").or_else(|| value.get("client_stats")).and_then(Value::as_array);
    let Some(jobs) = jobs else {
        out.problems.push((first_no, "expected fio's JSON to hold \"jobs\" (or \"client_stats\")".to_string()));
        return Some(used);
    };
    if let Some(v) = value.get("fio version").and_then(Value::as_str) {
        out.notes.push(format!("fio version {}", v.trim_start_matches("fio-")));
    }
    for job in jobs {
        let name = job.get("jobname").and_then(Value::as_str).unwrap_or("").to_string();
        out.value.jobs.push(FioJob {
            line: first_no,
            name,
            read: job.get("read").and_then(json_dir),
            write: job.get("write").and_then(json_dir),
            ..FioJob::default()
        });
    }
    Some(used)
}

/// A direction of fio's JSON, if it did any I/O.
pub(super) fn json_dir(d: &Value) -> Option<FioDirection> {
    let num = |v: Option<&Value>| v.and_then(Value::as_f64).filter(|x| x.is_finite() && *x >= 0.0);
    let iops = num(d.get("iops")).unwrap_or(0.0);
    let io_bytes = num(d.get("io_bytes")).unwrap_or(0.0);
    if iops <= 0.0 && io_bytes <= 0.0 {
        return None;
    }
    let bytes_per_s = num(d.get("bw_bytes")).or_else(|| num(d.get("bw")).map(|kib| kib * 1024.0)).unwrap_or(0.0);
    // fio 3 has clat_ns in ns; fio 2 had clat in usec.
    let (clat, per) = match d.get("clat_ns") {
        Some(c) => (Some(c), 1.0),
        None => (d.get("clat"), 1000.0),
    };
    let clat_mean_ns = num(clat.and_then(|c| c.get("mean"))).map(|m| (m * per) as u64);
    let mut clat_percentiles: Vec<(u64, u64)> = clat
        .and_then(|c| c.get("percentile"))
        .and_then(Value::as_object)
        .map(|p| {
            p.iter().filter_map(|(k, v)| Some((decimal_thousandths(k)? / 10, (num(Some(v))? * per) as u64))).collect()
        })
        .unwrap_or_default();
    clat_percentiles.sort_unstable();
    Some(FioDirection { iops: iops as u64, bytes_per_s: bytes_per_s as u64, clat_mean_ns, clat_percentiles })
}
