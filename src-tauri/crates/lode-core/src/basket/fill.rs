//! "Fill to budget by priority": which listed resources to try first. Resources meant for the
//! assistant (audience includes `assistant`) come first, then those that name no audience;
//! within each, highest priority first, a resource without a priority after every one with
//! one, then newest `lastModified`. Resources meant only for the user are never added.

use crate::index::parse_timestamp;
use crate::resource::{ResourceItem, Role};

/// A resource that could go into the basket.
pub type FillCandidate = ResourceItem;

/// The indices of `candidates` in the order to try them.
pub fn fill_order(candidates: &[FillCandidate]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..candidates.len())
        .filter(|&i| group(&candidates[i]).is_some())
        .collect();
    order.sort_by(|&a, &b| {
        let (a, b) = (&candidates[a], &candidates[b]);
        group(a)
            .cmp(&group(b))
            .then_with(|| {
                let (pa, pb) = (a.annotations.priority, b.annotations.priority);
                match (pa, pb) {
                    (Some(x), Some(y)) => y.total_cmp(&x),
                    (Some(_), None) => std::cmp::Ordering::Less,
                    (None, Some(_)) => std::cmp::Ordering::Greater,
                    (None, None) => std::cmp::Ordering::Equal,
                }
            })
            .then_with(|| modified(b).cmp(&modified(a)))
    });
    order
}

/// 0: meant for the assistant; 1: no audience named; `None`: only for the user.
fn group(item: &ResourceItem) -> Option<u8> {
    match &item.annotations.audience {
        Some(audience) if audience.contains(&Role::Assistant) => Some(0),
        Some(audience) if !audience.is_empty() => None,
        _ => Some(1),
    }
}

fn modified(item: &ResourceItem) -> Option<i64> {
    item.annotations
        .last_modified
        .as_deref()
        .and_then(parse_timestamp)
}
