//! Which pool the evidence is of. The lab models one pool, and a ticket often holds more:
//! `zpool status` with no pool named prints every pool, and a customer may paste the
//! status of one pool beside the iostat of another. Mixing them (one's layout, the other's
//! write rate) would describe neither, so the pool is the first `zpool status` config's (else
//! the first `zpool iostat`'s pool), its layout and scan are the ones taken, and a note
//! names every pool with where it appears.

use super::{at, Builder};
use crate::evidence::{Body, Import};

/// The pool the layout and scan come from, and a note when the evidence names others.
pub(super) fn chosen_pool(import: &Import, b: &mut Builder) -> Option<String> {
    // Each pool once, where it first appears, in the order read.
    let mut seen: Vec<(String, String)> = Vec::new();
    let mut add = |name: &str, place: String| {
        if !name.is_empty() && !seen.iter().any(|(n, _)| n == name) {
            seen.push((name.to_string(), place));
        }
    };
    for (s, body) in import.bodies() {
        match body {
            Body::Status(st) => add(&st.pool, at(&s.file, s.first_line)),
            Body::Iostat(io) => {
                let pools = io.samples.first().filter(|x| !x.vdev_title).into_iter().flat_map(|x| &x.rows);
                for r in pools.filter(|r| r.depth == 0 && r.class.is_none()) {
                    add(&r.name, at(&s.file, r.line));
                }
            }
            _ => {}
        }
    }
    let with_config = import.bodies().find_map(|(_, body)| match body {
        Body::Status(st) if !st.config.is_empty() => Some(st.pool.clone()),
        _ => None,
    });
    let chosen = with_config.or_else(|| seen.first().map(|(n, _)| n.clone()))?;
    if seen.len() > 1 {
        let list: Vec<String> = seen.iter().map(|(n, place)| format!("{n} ({place})")).collect();
        b.note(format!(
            "the evidence is of {} pools: {}; the lab models one: the layout and any scan are {chosen}'s; each setting below says which output it came from",
            seen.len(),
            list.join(", ")
        ));
    }
    Some(chosen)
}
