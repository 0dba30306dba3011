//! `zpool iostat -v` of a run: what each vdev counts, as each release counts it
//! (`vdev_stat_update()` and `vdev_get_stats()` in `vdev.c`), and the customer's rows set
//! beside the lab's by their place in the pool.

use crate::evidence_iostat::{iostat, text_of};
use serde_json::{json, Value};
use throttle_model::evidence::import;
use throttle_model::evidence::overlay::{keyed_rows, overlay};
use throttle_model::report::vdevs::zpool_iostat_v;
use throttle_model::report::{self, Report, VdevRow};
use throttle_model::scenario::Scenario;

fn run(v: &Value) -> Report {
    report::run(Scenario::from_json(&v.to_string()).unwrap_or_else(|e| panic!("{e}")))
}

fn row<'a>(r: &'a Report, key: &str) -> &'a VdevRow {
    r.vdevs.iter().find(|v| v.key == key).unwrap_or_else(|| panic!("no row {key} in {:?}", r.vdevs))
}

fn writes(r: &Report, key: &str) -> (f64, u64) {
    let v = row(r, key).rates.unwrap_or_else(|| panic!("{key} has no figures"));
    (v.write_ops_per_s, v.write_bytes_per_s)
}

/// A two-way mirror of HDDs with an SSD log, buffered writers of 128 KiB records and
/// O_DSYNC writers of 8 KiB, on `release`.
fn mirror_with_log(release: &str) -> Report {
    run(&json!({"name": "lab", "duration": "10s", "models": {"release": release},
        "pool": {"layout": "mirror a b log c", "device": {"kind": "hdd"}},
        "workloads": [
            {"kind": "async_write", "threads": 4, "block_size": "128K", "rate": "40M"},
            {"kind": "sync_write", "threads": 4, "block_size": "8K", "sync": "dsync"}]}))
}

/// zfs-0.7.0 `vdev_stat_update()`: "the bytes/ops/histograms are recorded at the leaf
/// level", and `vdev_get_stats_ex_impl()` gives every other vdev its children's sum: the
/// mirror's row is its sides' added, the pool's its top-level vdevs', the log's included.
#[test]
fn from_0_7_a_mirror_shows_its_sides_added_and_the_pool_every_vdev() {
    let r = mirror_with_log("0.7");
    let names: Vec<&str> = r.vdevs.iter().map(|v| v.name.as_str()).collect();
    assert_eq!(names, ["lab", "mirror-0", "disk0", "disk1", "logs", "disk2"]);
    let (m_ops, m_bytes) = writes(&r, "0");
    let (a_ops, a_bytes) = writes(&r, "0/0");
    let (b_ops, b_bytes) = writes(&r, "0/1");
    // Each row's rate is floored on its own: the sums may differ by a byte per row.
    assert!(m_bytes.abs_diff(a_bytes + b_bytes) <= 2);
    assert!((m_ops - a_ops - b_ops).abs() < 1e-6);
    let (_, log_bytes) = writes(&r, "logs/0");
    assert!(log_bytes > 0, "the O_DSYNC writers' log blocks go to the log device");
    assert!(writes(&r, "pool").1.abs_diff(m_bytes + log_bytes) <= 2);
    // The pool's row is what the backend wrote.
    assert!(writes(&r, "pool").1.abs_diff(r.summary.backend.write_bytes_per_s) <= 1);
    assert!(r.series.pool_write_bytes_per_s.is_empty());
    assert!(row(&r, "logs").rates.is_none());
}

/// zfs-0.6.5 `vdev_stat_update()` counts every vdev's own zios and `vdev_get_stats()`
/// sums the root's children: a mirror counts each block written once, at its size and
/// before aggregation, so its row shows more operations than either side and half the
/// sides' bytes; a single-disk log vdev is its own leaf. As openzfs/zfs#2888 (0.6.3)
/// showed: the pool's write ops far above the sum of the leaves'.
#[test]
fn until_0_6_5_a_mirror_counts_each_block_once_and_the_pool_its_top_level_vdevs() {
    let r = mirror_with_log("0.6.5");
    assert_eq!(row(&r, "0").name, "mirror", "0.6.5 names a vdev by its type alone");
    let (m_ops, m_bytes) = writes(&r, "0");
    let (a_ops, a_bytes) = writes(&r, "0/0");
    let (b_ops, b_bytes) = writes(&r, "0/1");
    assert!(m_ops > a_ops.max(b_ops), "the mirror's blocks {m_ops} against its sides' aggregates {a_ops}, {b_ops}");
    // Each side writes every block (and labels of its own): the mirror's bytes are about one side's.
    let side = a_bytes.min(b_bytes) as f64;
    assert!((m_bytes as f64) <= side && m_bytes as f64 > 0.9 * side, "mirror {m_bytes} against a side's {side}");
    let (log_ops, log_bytes) = writes(&r, "logs/0");
    let (p_ops, p_bytes) = writes(&r, "pool");
    assert!(p_bytes.abs_diff(m_bytes + log_bytes) <= 2);
    assert!((p_ops - m_ops - log_ops).abs() < 1e-6);
    assert!(p_bytes < r.summary.backend.write_bytes_per_s, "the pool's row is below what the leaves wrote");
    // The pool row's series, for setting a customer's 0.6.x bandwidth beside the model's.
    let series = &r.series.pool_write_bytes_per_s;
    assert_eq!(series.len(), r.series.write_bytes_per_s.len());
    assert!(series.iter().zip(&r.series.write_bytes_per_s).all(|(p, l)| p <= l));
}

/// zfs-0.6.5: a RAID-Z vdev counts each block at its physical size, without parity or
/// padding; from 0.7 its row is its children's, parity included (openzfs/zfs#4834 at
/// 0.6.5: a raidz2 row of 801K against six children of 202K).
#[test]
fn a_raidz_row_leaves_out_parity_until_0_6_5_and_counts_it_after() {
    let pool = |release: &str| {
        run(&json!({"duration": "10s", "models": {"release": release},
            "pool": {"layout": "raidz2 a b c d e f", "device": {"kind": "hdd"}},
            "workloads": [{"kind": "async_write", "threads": 4, "block_size": "1M", "record_size": "1M", "rate": "40M"}]}))
    };
    let leaves = |r: &Report| (0..6).map(|j| writes(r, &format!("0/{j}")).1).sum::<u64>();
    let old = pool("0.6.5");
    let (_, top) = writes(&old, "0");
    // 1 MiB records: 256 data sectors and 128 of parity, so the vdev's own bytes are about
    // 4/6 of its children's.
    let share = top as f64 / leaves(&old) as f64;
    assert!((0.6..0.7).contains(&share), "0.6.5 raidz2 row over its children's: {share}");
    let new = pool("0.7");
    assert!(writes(&new, "0").1.abs_diff(leaves(&new)) <= 6);
    assert_eq!(row(&new, "0").name, "raidz2-0");
}

#[test]
fn the_table_is_zpool_iostat_v() {
    let r = mirror_with_log("2.2");
    let text = zpool_iostat_v(&r.vdevs);
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[0].contains("capacity     operations     bandwidth"), "{text}");
    assert!(lines[1].starts_with("pool ") && lines[1].ends_with("alloc   free   read  write   read  write"));
    assert!(lines[3].starts_with("lab "));
    assert!(lines[4].starts_with("  mirror-0 "));
    assert!(lines[5].starts_with("    disk0 "));
    assert!(lines[7].starts_with("logs ") && lines[7].ends_with("-      -      -      -      -      -"));
    assert!(lines[8].starts_with("  disk2 "));
    // Every line under the top labels is as wide as the column labels'.
    assert!(lines[1..].iter().all(|l| l.len() == lines[1].len()), "{text}");
}

/// The customer's rows get the places the lab's have, whatever the devices are called:
/// openzfs/zfs#2888's mirror with a log device.
#[test]
fn the_customers_rows_are_keyed_by_their_place_in_the_pool() {
    let name = "gh2888-dswartz-mirror-slog-2014";
    let o = overlay(&import(&[(name, &text_of("zpool-iostat-v", name))]));
    let keys: Vec<(&str, &str)> = o.vdevs.iter().map(|v| (v.key.as_str(), v.name.as_str())).collect();
    assert_eq!(
        keys,
        [
            ("pool", "tank-copy"),
            ("0", "mirror"),
            ("0/0", "wwn-5000c5002e38e0eb"),
            ("0/1", "wwn-5000c5002e3aa680"),
            ("logs", "logs"),
            ("logs/0", "wwn-5000c500301004bf"),
        ]
    );
    let pool = &o.vdevs[0];
    assert_eq!((pool.write_ops, pool.write_bytes), (Some(4546), Some(72561459)));
    assert_eq!(o.vdevs[4].write_ops, None, "the class's header prints dashes");
}

/// Rows deeper than a leaf and a second pool have no place in the lab's pool.
#[test]
fn keys_skip_a_second_pool_and_rows_below_a_leaf() {
    let text = "\
              capacity     operations     bandwidth
pool        alloc   free   read  write   read  write
----------  -----  -----  -----  -----  -----  -----
tank        1.00T  1.00T      1      2     1K     2K
  mirror-0  1.00T  1.00T      1      2     1K     2K
    sda         -      -      1      1     1K     1K
    replacing-1  -      -      0      1      0     1K
      sdb       -      -      0      1      0     1K
      sdc       -      -      0      0      0      0
----------  -----  -----  -----  -----  -----  -----
other       1.00T  1.00T      0      0      0      0
  sdd       1.00T  1.00T      0      0      0      0
----------  -----  -----  -----  -----  -----  -----
";
    let imported = import(&[("two-pools", text)]);
    let rows = iostat(&imported).samples[0].rows.clone();
    let keys: Vec<String> = keyed_rows(&rows).into_iter().map(|(k, _)| k).collect();
    assert_eq!(keys, ["pool", "0", "0/0", "0/1"]);
}

/// The rate an import reads off a table of `release`'s, as bytes per second.
fn imported_rate(table: &str) -> u64 {
    let f = throttle_model::scenario::evidence::from_evidence(&import(&[("iostat-v.txt", table)]));
    let (t, _) = f.tunables(&[]);
    t.get(throttle_model::Id::AsyncRate)
}

/// A pool's buffered writes read back from the lab's own `zpool iostat -v` give the client
/// rate, not its copies: from 0.7 the mirror's and RAID-Z's rows sum their disks (every
/// side, every parity column), which the import takes off; until 0.6.5 they count each
/// block once, which it keeps.
#[test]
fn an_imported_table_gives_the_writers_rate_not_their_copies_or_parity() {
    for (layout, release) in
        [("mirror a b", "0.7"), ("mirror a b", "0.6.5"), ("raidz2 a b c d e f", "2.2"), ("raidz2 a b c d e f", "0.6.5")]
    {
        let r = run(&json!({"name": "tank", "duration": "60s", "models": {"release": release},
            "pool": {"layout": layout, "device": {"kind": "hdd"}},
            "workloads": [{"kind": "async_write", "threads": 4, "block_size": "1M", "record_size": "1M", "rate": "30M"}]}));
        let client = r.summary.client_write_bytes_per_s as f64;
        let read = imported_rate(&zpool_iostat_v(&r.vdevs)) as f64;
        // Taking copies or parity for writes would read 1.5 to 2 times the rate, and taking a
        // 0.6.x row's blocks for their sum two thirds or half of it; the last txg's writes
        // still in memory at the end keep the pool a little below the client.
        assert!((0.88..1.04).contains(&(read / client)), "{layout} at {release}: read {read} for a client's {client}");
    }
}

/// How a table counts its mirror or RAID-Z rows tells the release (`vdev.c`): a row that is
/// not its disks' sum is before 0.7 (openzfs/zfs#4834, 0.6.5), one that is, 0.7 on
/// (openzfs/zfs#11001, 0.8).
#[test]
fn how_a_table_counts_its_rows_tells_the_release() {
    let release = |name: &str| {
        let f = throttle_model::scenario::evidence::from_evidence(&import(&[(name, &text_of("zpool-iostat-v", name))]));
        f.settings.iter().find(|s| s.name == "release").map(|s| (s.value.clone(), s.source.clone()))
    };
    let (old, why) = release("gh4834-bdaroz-0.6.5-2xraidz2").expect("a release");
    assert_eq!(old, "0.6.5", "{why}");
    assert!(why.contains("counts each block once"), "{why}");
    let (new, why) = release("gh11001-collinsl03-raidz2-heavy-read").expect("a release");
    assert!(why.contains("allow 0.7 to master"), "{new}: {why}");
}
