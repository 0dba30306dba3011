//! A ticket holds several outputs pasted one after another, with or without the commands
//! that printed them: each captured sample, pasted after any other, is still read as its
//! own format.

use super::evidence_mangled::samples;
use throttle_model::evidence::import;

/// The formats read from `text`, in order.
fn formats(text: &str) -> Vec<&'static str> {
    import(&[("t", text)]).sections.iter().map(|s| s.body.format()).collect()
}

#[test]
fn each_sample_pasted_after_any_other_is_still_read_as_its_own_format() {
    let all = samples();
    let alone: Vec<Vec<&str>> = all.iter().map(|(_, t)| formats(t)).collect();
    let mut wrong = Vec::new();
    for (i, (a, ta)) in all.iter().enumerate() {
        for (j, (b, tb)) in all.iter().enumerate() {
            if i == j {
                continue;
            }
            let got = formats(&format!("{ta}\n\n{tb}"));
            // Two of one format may be read as one block; otherwise both, in order.
            let mut want = alone[i].clone();
            want.extend(alone[j].iter().copied());
            want.dedup();
            let mut got_d = got.clone();
            got_d.dedup();
            if got_d != want {
                wrong.push(format!("{a} then {b}: {got:?}, alone {:?} and {:?}", alone[i], alone[j]));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "{} pairs:\n{}",
        wrong.len(),
        wrong.iter().take(40).cloned().collect::<Vec<_>>().join("\n")
    );
}
