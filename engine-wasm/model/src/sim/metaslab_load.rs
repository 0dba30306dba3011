//! The starting holes of a metaslab, placed when it is loaded (`metaslab_load()`, see
//! `Allocator::load`): the written blocks marked in a bitmap as they are sampled, the free
//! segments read off it at the end, and the segment trees built from them at once. Placing
//! them one by one in the trees gives the same segments (frees merge with their
//! neighbours, writes split what they land in) at a search or two per block.

use super::rng::Rng;

/// The blocks of `block` bytes of a metaslab of `size` bytes: the first `written` hold
/// data, except `freed` of them at random places, or, when holes outnumber the blocks kept,
/// only `written - freed` at random places among them. Each block sampled costs one unit
/// of `work`. Returns the free segments (offset from the metaslab's start, length) in
/// offset order, and whether all were placed before the work ran out (else the segments
/// are those of the blocks placed so far).
///
/// Holes are made by freeing random written blocks, or by writing the kept blocks at
/// random places of the written region: either way a sample hits its target at least half
/// the time, so the sampling never spins (at 100% holes it writes nothing). Both give the
/// same distribution.
pub(super) fn starting_segments(
    seed: u64,
    size: u64,
    block: u64,
    written: u64,
    freed: u64,
    work: &mut u64,
) -> (Vec<(u64, u64)>, bool) {
    let kept = written - freed;
    let punch = freed <= kept;
    // Which of the written blocks hold data: all of them before holes are punched, none
    // before the kept blocks are written.
    let mut data = vec![if punch { u64::MAX } else { 0 }; written.div_ceil(64) as usize];
    let mut rng = Rng::new(seed);
    let (target, mut made) = (if punch { freed } else { kept }, 0);
    let mut complete = true;
    while made < target {
        if *work == 0 {
            complete = false;
            break;
        }
        *work -= 1;
        let b = rng.below(written);
        let (word, bit) = ((b / 64) as usize, 1u64 << (b % 64));
        let holds = data[word] & bit != 0;
        if holds != punch {
            continue; // Already a hole (punching), or already written.
        }
        data[word] ^= bit;
        made += 1;
    }
    // The free runs of the written region; past it all is free, to the metaslab's end.
    let mut segments = Vec::new();
    let mut run: Option<u64> = None;
    for b in 0..written {
        let holds = data[(b / 64) as usize] & (1u64 << (b % 64)) != 0;
        match (holds, run) {
            (true, Some(start)) => {
                segments.push((start, b * block - start));
                run = None;
            }
            (false, None) => run = Some(b * block),
            _ => {}
        }
    }
    let start = run.unwrap_or(written * block);
    if start < size {
        segments.push((start, size - start));
    }
    (segments, complete)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Sorted, apart (each ends before the next starts, as merged segments do), inside the
    /// metaslab; their total.
    fn check(segments: &[(u64, u64)], size: u64) -> u64 {
        assert!(segments.windows(2).all(|w| w[0].0 + w[0].1 < w[1].0), "{segments:?}");
        assert!(segments.iter().all(|&(offset, len)| len > 0 && offset + len <= size));
        segments.iter().map(|&(_, len)| len).sum()
    }

    #[test]
    fn segments_hold_what_was_not_written_merged() {
        let (size, block) = (1 << 20, 8 << 10);
        // 70% written, 8% of the metaslab punched in it: the kept blocks are the rest.
        for (written, freed) in [(89, 10), (89, 80), (128, 0), (0, 0), (128, 128)] {
            let (segments, complete) = starting_segments(5, size + 512, block, written, freed, &mut { u64::MAX });
            assert!(complete);
            assert_eq!(check(&segments, size + 512), size + 512 - (written - freed) * block, "{written} {freed}");
        }
        // The work runs out: the blocks placed so far.
        let mut work = 3;
        let (segments, complete) = starting_segments(5, size, block, 89, 10, &mut work);
        assert!(!complete);
        assert_eq!(work, 0);
        assert_eq!(check(&segments, size), size - 86 * block);
    }
}
