//! The best few hits of a relevance answer, found without reordering (or copying) all of
//! them: the first window of a search is what a person reads, and the first letters typed
//! into a large index match most of it.

use std::collections::BinaryHeap;

use super::search::Hit;

/// Up to this many best hits are selected one pass at a time; an answer read further down
/// is copied and sorted instead (see `ResourceIndex::sort_up_to`).
pub(super) const BEST_AT_MOST: usize = 1024;

/// Where a hit stands in a relevance answer: best score first, then the tie-break rank (the
/// priority order). Smaller stands earlier; ranks are distinct, so keys of distinct entries
/// are too.
pub(super) fn relevance_key(score: u32, rank: u32) -> u64 {
    (u64::from(u32::MAX - score) << 32) | u64::from(rank)
}

/// The `count` hits of `hits` that stand first by [`relevance_key`], in that order. `rank`
/// gives an entry's tie-break rank; it is asked only for hits whose score could still place
/// them, since most hits score below the best few and a rank is a read from a table as large
/// as the index.
pub(super) fn best(hits: &[Hit], count: usize, rank: impl Fn(u32) -> u32) -> Vec<Hit> {
    if count == 0 {
        return Vec::new();
    }
    // A max-heap of the best so far: its top is the worst of them, the one to beat.
    let mut kept: BinaryHeap<(u64, Hit)> = BinaryHeap::with_capacity(count + 1);
    for &hit in hits {
        if kept.len() == count {
            let Some(&(worst, _)) = kept.peek() else {
                break;
            };
            // Below the worst kept score whatever the rank: the common case, decided without it.
            if u64::from(u32::MAX - hit.score) > worst >> 32 {
                continue;
            }
            let key = relevance_key(hit.score, rank(hit.entry));
            if key < worst {
                kept.pop();
                kept.push((key, hit));
            }
        } else {
            kept.push((relevance_key(hit.score, rank(hit.entry)), hit));
        }
    }
    kept.into_sorted_vec()
        .into_iter()
        .map(|(_, hit)| hit)
        .collect()
}
