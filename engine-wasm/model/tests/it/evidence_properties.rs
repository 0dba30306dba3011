//! `zpool get` / `zfs get` as customers paste them: the header's columns, aligned rows,
//! `-H` tab-separated rows, `-o` column choices and `inherited from` sources.

use throttle_model::evidence::properties::{Properties, Property};
use throttle_model::evidence::{import, Body, Import};

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../tests/evidence/zpool-status-get/");

fn properties(imp: &Import) -> &Properties {
    assert_eq!(
        imp.sections.len(),
        1,
        "sections: {:?}",
        imp.sections.iter().map(|s| s.body.format()).collect::<Vec<_>>()
    );
    match &imp.sections[0].body {
        Body::Properties(p) => p,
        other => panic!("read as {}", other.format()),
    }
}

fn row(p: &Property) -> (usize, &str, &str, &str, &str) {
    (p.line, p.dataset.as_str(), p.name.as_str(), p.value.as_str(), p.source.as_str())
}

#[test]
fn zpool_get_all_of_2_2() {
    let name = "gh15824-imanolbarba-zpool-get-all-2.2";
    let text = std::fs::read_to_string(format!("{DIR}{name}.txt")).unwrap();
    let imp = import(&[(name, &text)]);
    assert_eq!(imp.problems, vec![]);
    let p = properties(&imp);
    assert_eq!(p.rows.len(), 16);
    assert_eq!(row(&p.rows[0]), (2, "bckpool", "size", "58.2T", "-"));
    assert_eq!(row(&p.rows[1]), (3, "bckpool", "capacity", "7%", "-"));
    assert_eq!(row(&p.rows[2]), (4, "bckpool", "altroot", "-", "default"));
    assert_eq!(row(&p.rows[4]), (6, "bckpool", "guid", "5555043564619793091", "-"));
    assert_eq!(row(&p.rows[15]), (17, "bckpool", "allocated", "4.58T", "-"));
}

#[test]
fn every_get_sample_is_read_as_properties() {
    let mut n = 0;
    for entry in std::fs::read_dir(DIR).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().to_string();
        if !name.ends_with(".txt") || !name.contains("get-all") {
            continue;
        }
        let text = std::fs::read_to_string(&path).unwrap();
        let imp = import(&[(&name, &text)]);
        assert_eq!(imp.problems, vec![], "{name}");
        assert!(!properties(&imp).rows.is_empty(), "{name}");
        n += 1;
    }
    assert!(n >= 1);
}

fn one(text: &str) -> (Properties, Vec<(usize, String)>) {
    let imp = import(&[("t", text)]);
    let problems = imp.problems.iter().map(|p| (p.line, p.message.clone())).collect();
    (properties(&imp).clone(), problems)
}

#[test]
fn zfs_get_with_inherited_sources_and_blanks_in_values() {
    let text = "\
$ zfs get recordsize,compression,sync,mountpoint tank/db
NAME     PROPERTY     VALUE            SOURCE
tank/db  recordsize   16K              local
tank/db  compression  lz4              inherited from tank
tank/db  sync         standard         default
tank/db  mountpoint   /srv/my data     local
";
    let (p, problems) = one(text);
    assert_eq!(problems, vec![]);
    let rows: Vec<_> = p.rows.iter().map(row).collect();
    assert_eq!(
        rows,
        vec![
            (3, "tank/db", "recordsize", "16K", "local"),
            (4, "tank/db", "compression", "lz4", "inherited from tank"),
            (5, "tank/db", "sync", "standard", "default"),
            (6, "tank/db", "mountpoint", "/srv/my data", "local"),
        ]
    );
}

#[test]
fn rows_out_of_line_are_read_by_words() {
    // The blanks collapsed in a paste: the header no longer lines up, the words still do.
    let text = "NAME PROPERTY VALUE SOURCE\ntank/a compression zstd-3 inherited from tank\ntank/a atime off local\n";
    let (p, problems) = one(text);
    assert_eq!(problems, vec![]);
    assert_eq!(row(&p.rows[0]), (2, "tank/a", "compression", "zstd-3", "inherited from tank"));
    assert_eq!(row(&p.rows[1]), (3, "tank/a", "atime", "off", "local"));
}

#[test]
fn chosen_columns_and_scripted_rows() {
    let text = "PROPERTY     VALUE\nrecordsize   1M\nlogbias      throughput\n";
    let (p, problems) = one(text);
    assert_eq!(problems, vec![]);
    assert_eq!(row(&p.rows[1]), (3, "", "logbias", "throughput", ""));

    // `-H` prints no header: a prompt names the command, tabs split the default columns.
    let text =
        "# zfs get -H all tank\ntank\tused\t1.2T\t-\ntank\tcompression\tlz4\tlocal\ntank\tcomment\ttwo words\tlocal\n";
    let (p, problems) = one(text);
    assert_eq!(problems, vec![]);
    assert_eq!(row(&p.rows[0]), (2, "tank", "used", "1.2T", "-"));
    assert_eq!(row(&p.rows[2]), (4, "tank", "comment", "two words", "local"));
}

#[test]
fn short_rows_are_named_problems() {
    let text = "NAME  PROPERTY  VALUE  SOURCE\ntank  size  10T  -\ntank  oops\ntank\tused\t1T\n";
    let (p, problems) = one(text);
    assert_eq!(p.rows.len(), 1);
    let lines: Vec<usize> = problems.iter().map(|p| p.0).collect();
    assert_eq!(lines, vec![3, 4], "{problems:?}");
    assert!(
        problems[0].1.starts_with("expected a row of 4 columns (NAME PROPERTY VALUE SOURCE), found 2"),
        "{problems:?}"
    );
    assert!(problems[1].1.starts_with("expected 4 tab-separated columns"), "{problems:?}");
}

#[test]
fn two_datasets_and_features() {
    let text = "\
NAME  PROPERTY               VALUE    SOURCE
tank  feature@async_destroy  enabled  local
tank  feature@large_blocks   active   local
tank/a  recordsize  1M  local
";
    let imp = import(&[("t", text)]);
    assert_eq!(imp.problems, vec![]);
    let notes = &imp.sections[0].notes;
    assert!(notes.iter().any(|n| n == "properties of 2 pools or datasets"), "{notes:?}");
    assert!(notes.iter().any(|n| n.contains("feature flags")), "{notes:?}");
}

#[test]
fn mangled_properties_never_panic() {
    let text = "NAME      PROPERTY    VALUE       SOURCE\nmy pool   mountpoint  /my pool    default\ntank\tused\t1T\t-\ntank/a compression lz4 inherited from tank\n";
    crate::evidence_params::never_panics(text, 500);
    let name = "gh15824-imanolbarba-zpool-get-all-2.2";
    crate::evidence_params::never_panics(&std::fs::read_to_string(format!("{DIR}{name}.txt")).unwrap(), 300);
}
