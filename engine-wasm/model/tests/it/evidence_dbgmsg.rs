//! The dbgmsg reader against the real capture in `tests/evidence/dbgmsg/` and hand-made
//! cases.

use throttle_model::evidence::dbgmsg::Dbgmsg;
use throttle_model::evidence::{import, Body, Section};

fn only_dbgmsg(name: &str, text: &str) -> (Section, Dbgmsg) {
    let imp = import(&[(name, text)]);
    assert!(imp.problems.is_empty(), "{name}: {:?}", imp.problems);
    assert_eq!(imp.sections.len(), 1, "{name}: {:?}", imp.sections);
    let s = imp.sections[0].clone();
    match &s.body {
        Body::Dbgmsg(d) => {
            let d = d.clone();
            (s, d)
        }
        other => panic!("{name}: read as {}", other.format()),
    }
}

#[test]
fn cojabo_stuck_sync() {
    let path = format!("{}/../../tests/evidence/dbgmsg/gh7598-cojabo-slow-spa_sync.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let (s, d) = only_dbgmsg("gh7598", &text);
    assert_eq!(d.messages.len(), 13);
    let (a, z) = (&d.messages[0], &d.messages[12]);
    assert_eq!(
        (a.line, a.time, a.location.as_str(), a.function.as_str()),
        (1, 1527970244, "spa_misc.c:546:spa_deadman()", "spa_deadman")
    );
    assert_eq!(a.message, "slow spa_sync: started 33858 seconds ago, calls 6417");
    assert_eq!(
        (z.line, z.time, z.message.as_str()),
        (13, 1527970306, "slow spa_sync: started 33920 seconds ago, calls 6429")
    );
    let stuck: Vec<&String> = s.notes.iter().filter(|n| n.contains("stuck sync")).collect();
    assert_eq!(stuck.len(), 1, "{:?}", s.notes);
    assert!(stuck[0].contains("13 times (lines 1 to 13)"), "{}", stuck[0]);
    assert!(stuck[0].contains("33920 s (9.4 h)"), "{}", stuck[0]);
    assert!(s.notes.iter().any(|n| n.contains("13 messages from 2018-06-02 20:10:44 to 2018-06-02 20:11:46 UTC")));
}

#[test]
fn every_dbgmsg_sample_is_read_whole() {
    let dir = format!("{}/../../tests/evidence/dbgmsg", env!("CARGO_MANIFEST_DIR"));
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "txt") {
            let text = std::fs::read_to_string(&path).unwrap();
            let (_, d) = only_dbgmsg(&path.display().to_string(), &text);
            assert!(!d.messages.is_empty());
        }
    }
}

#[test]
fn header_prompt_continuations_and_messages_without_location() {
    let text = "# cat /proc/spl/kstat/zfs/dbgmsg\n\
                timestamp    message \n\
                1700000000   spa.c:6512:spa_import(): spa_import: importing tank\n\
                1700000001   spa_history.c:306:spa_history_log_sync(): txg 5 open pool version 5000; software version zfs-2.2.0\n\
                    vdev_tree:\n\
                        type: 'root'\n\
                1700000002   dprintf: dsl_pool.c:12:dsl_pool_sync(): x\n\
                1700000003   a message without location\n";
    let (s, d) = only_dbgmsg("h.txt", text);
    assert_eq!(d.messages.len(), 4);
    assert_eq!(
        d.messages[1].message,
        "txg 5 open pool version 5000; software version zfs-2.2.0\nvdev_tree:\ntype: 'root'"
    );
    assert_eq!(d.messages[2].function, "dsl_pool_sync");
    assert_eq!((d.messages[3].location.as_str(), d.messages[3].message.as_str()), ("", "a message without location"));
    assert!(s.notes.iter().any(|n| n.contains("2 lines (from line 5) do not start with a time")));
    assert!(!s.notes.iter().any(|n| n.contains("stuck")));
}

#[test]
fn a_line_before_any_message_is_a_problem() {
    let text = "timestamp    message\nnot a message\n1700000000   spa.c:1:f(): ok\n";
    let imp = import(&[("p.txt", text)]);
    assert_eq!(imp.problems.len(), 1);
    assert_eq!(imp.problems[0].line, 2);
    assert!(imp.problems[0].message.contains("expected a dbgmsg line"));
    let Body::Dbgmsg(d) = &imp.sections[0].body else { panic!("not dbgmsg") };
    assert_eq!(d.messages.len(), 1);
}

#[test]
fn two_stuck_syncs_are_told_apart() {
    let mut text = String::from("timestamp message\n");
    for i in 0..3u64 {
        text.push_str(&format!(
            "{} spa_misc.c:546:spa_deadman(): slow spa_sync: started {} seconds ago, calls {i}\n",
            1000 + i * 5,
            700 + i * 5
        ));
    }
    for i in 0..2u64 {
        text.push_str(&format!(
            "{} spa_misc.c:546:spa_deadman(): slow spa_sync: started {} seconds ago, calls {i}\n",
            90000 + i * 5,
            600 + i * 5
        ));
    }
    let (s, _) = only_dbgmsg("two.txt", &text);
    let stuck: Vec<&String> = s.notes.iter().filter(|n| n.contains("stuck sync")).collect();
    assert_eq!(stuck.len(), 2, "{:?}", s.notes);
    assert!(stuck[0].contains("3 times (lines 2 to 4)"));
    assert!(stuck[1].contains("2 times (lines 5 to 6)"));
}
