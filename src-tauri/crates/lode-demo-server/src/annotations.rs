//! Spreads resource annotations so that every value a client must handle appears.
//!
//! Lode filters and sorts by audience, priority and lastModified, so the demo must
//! show each audience (user, assistant, both, absent) crossed with each priority
//! (0.0, 0.1, ..., 1.0, absent), and lastModified both absent and spread over the
//! past year. A formula on the resource's position does that deterministically;
//! with 60 resources positions 0..48 cover the full audience x priority product.

use chrono::{DateTime, SecondsFormat, TimeDelta, Utc};
use rmcp::model::{Annotations, Role};

/// Priority slots: eleven values 0.0..=1.0 and one "absent".
const PRIORITY_SLOTS: usize = 12;
/// Audience slots: user, assistant, both, absent.
const AUDIENCE_SLOTS: usize = 4;

/// The annotations of the resource at `position`, or `None` when all three
/// fields fall on "absent" (so the `annotations` key itself is absent too).
pub fn spread(position: usize, now: DateTime<Utc>) -> Option<Annotations> {
    let mut annotations = Annotations::default();
    annotations.priority = priority(position % PRIORITY_SLOTS);
    annotations.audience = audience((position / PRIORITY_SLOTS) % AUDIENCE_SLOTS);
    annotations.last_modified = last_modified(position, now);
    let empty = annotations.priority.is_none()
        && annotations.audience.is_none()
        && annotations.last_modified.is_none();
    (!empty).then_some(annotations)
}

fn priority(slot: usize) -> Option<f32> {
    // Integer tenths keep the values exact in JSON (0.3, not 0.30000001).
    (slot <= 10).then(|| slot as f32 / 10.0)
}

fn audience(slot: usize) -> Option<Vec<Role>> {
    match slot {
        0 => Some(vec![Role::User]),
        1 => Some(vec![Role::Assistant]),
        2 => Some(vec![Role::User, Role::Assistant]),
        _ => None,
    }
}

fn last_modified(position: usize, now: DateTime<Utc>) -> Option<String> {
    // Every fifth resource has no timestamp; 5 is coprime with 12, so "absent"
    // meets every priority slot, and it meets every audience slot too.
    if position % 5 == 2 {
        return None;
    }
    // 53 is coprime with 365, so consecutive positions land far apart in the year.
    let days = ((position * 53) % 365) as i64;
    let hours = (position % 24) as i64;
    let at = now - TimeDelta::days(days) - TimeDelta::hours(hours);
    Some(timestamp(at))
}

/// RFC 3339 with whole seconds and a `Z`, the form most servers send.
pub fn timestamp(at: DateTime<Utc>) -> String {
    at.to_rfc3339_opts(SecondsFormat::Secs, true)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn first_sixty_positions_cover_every_combination() {
        let now = Utc::now();
        let all: Vec<_> = (0..60).map(|p| spread(p, now)).collect();
        let mut pairs = std::collections::HashSet::new();
        for annotations in all.iter().flatten() {
            let audience = format!("{:?}", annotations.audience);
            let priority = annotations.priority.map(|p| (p * 10.0).round() as i32);
            pairs.insert((audience, priority));
        }
        // The fully absent combination has no Annotations at all.
        assert!(all.iter().any(Option::is_none));
        assert_eq!(pairs.len() + 1, AUDIENCE_SLOTS * PRIORITY_SLOTS);
    }
}
