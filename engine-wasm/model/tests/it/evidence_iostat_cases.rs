//! `zpool iostat` pastes an audit found misread, each a captured case in
//! `tests/evidence/zpool-iostat*/`: a table of named vdevs, headerless rows, a fork's
//! columns, a `-v` tree cut short.

use super::evidence_iostat::*;
use throttle_model::evidence::import;

fn problems(name: &str, text: &str) -> Vec<(usize, String)> {
    import(&[(name, text)]).problems.into_iter().map(|p| (p.line, p.message)).collect()
}

#[test]
fn a_table_of_named_vdevs_has_no_pool_row() {
    let text = text_of("zpool-iostat", "gh12779-grahamperrin-iostat-vdev-title-indented-2024");
    let imp = import(&[("c", &text)]);
    let io = iostat(&imp);
    assert_eq!(io.samples.len(), 2);
    assert!(io.samples.iter().all(|s| s.vdev_title && s.rows.len() == 2), "{:#?}", io.samples);
    assert_eq!(row(&io.samples[1], "gpt/cache1-august").write_bytes, n("39.9K"));
    // Rows there are, but none is a pool's: nothing for the rate or the overlay.
    assert_eq!(io.pool_rows().count(), 0);
    let s = imp.sections.iter().find(|s| s.first_line == 2).expect("the iostat section");
    assert!(
        s.notes.contains(
            &"the header's title is vdev, not pool: zpool iostat was given vdevs, so its rows are those vdevs and none is a pool's"
                .to_string()
        ),
        "{:#?}",
        s.notes
    );
}

#[test]
fn headerless_rows_of_the_default_table_are_read() {
    let text = text_of("zpool-iostat", "gh3453-dagger-iostat-1-headerless");
    let (io, notes) = only("c", &text);
    assert_eq!(io.samples.len(), 17);
    assert!(io.samples.iter().all(|s| s.rows.len() == 1 && s.rows[0].name == "test"));
    let r = &io.samples[5].rows[0];
    assert_eq!((r.line, r.alloc, r.write_ops, r.write_bytes), (6, n("6.69G"), Some(197), n("14.7M")));
    assert!(
        notes.contains(&"rows without a header (and not TAB separated as -H prints them): their columns were inferred from their count of values".to_string()),
        "{notes:#?}"
    );
    // One such row alone is no table: it opens nothing.
    let one = "test        6.68G  4.45G    445      0  55.5M      0\n";
    assert_eq!(import(&[("one", one)]).sections.len(), 0);
}

#[test]
fn a_header_with_a_forks_columns_is_named_not_read_as_h_rows() {
    let text = text_of("zpool-iostat", "delphix527-iostat-ol-objectstore");
    let over = "a header line over columns no OpenZFS release prints (their labels at line 4): not read";
    let row = "a row under the header at line 4, whose columns the lab does not know: not read";
    assert_eq!(
        problems("c", &text),
        [
            (2, over.to_string()),
            (3, over.to_string()),
            (
                4,
                "a zpool iostat header with columns no OpenZFS release prints (get put); -o is no option of OpenZFS's zpool iostat, so they are a fork's: the rows under it are not read"
                    .to_string()
            ),
            (6, row.to_string()),
            (7, row.to_string()),
        ]
    );
}

#[test]
fn a_v_tree_whose_top_level_vdevs_fall_short_of_the_pool_is_partial() {
    let (io, notes) = sample("zpool-iostat-v", "gh17320-clhedrick-iostat-v-14mirrors-2.x");
    assert_eq!(io.samples.len(), 1);
    assert!(io.samples[0].partial_tree);
    assert!(
        notes.contains(&"line 4: the -v tree of big looks partial: its 6 top-level vdev rows add up to 240 of the pool's 1.66K read operations, and the pool row is their sum in every release (vdev.c); the rest of the tree was not pasted".to_string()),
        "{notes:#?}"
    );
}

/// Of the captured `-v` samples, only the three whose source notes say the excerpt was cut
/// before the last top-level vdev (a mirror, or the log class) are partial.
#[test]
fn only_the_captured_v_trees_cut_short_are_partial() {
    let mut partial = Vec::new();
    for folder in FOLDERS {
        for entry in std::fs::read_dir(format!("{}/{folder}", root())).unwrap() {
            let path = entry.unwrap().path();
            if path.extension().map_or(true, |e| e != "txt") {
                continue;
            }
            let name = path.file_stem().unwrap().to_str().unwrap().to_string();
            let (io, _) = sample(folder, &name);
            if io.samples.iter().any(|s| s.partial_tree) {
                partial.push(format!("{folder}/{name}"));
            }
        }
    }
    partial.sort();
    assert_eq!(
        partial,
        [
            "zpool-iostat-l/gh11754-dodexahedron-vlTd-2.0",
            "zpool-iostat-q/gh4433-tonyhutter-q-2016",
            "zpool-iostat-v/gh17320-clhedrick-iostat-v-14mirrors-2.x"
        ]
    );
}
