//! The order of every entry under each sort key, computed once per change of the index and
//! kept: changing the sort, or sorting a search's hits, then costs integer comparisons only.
//!
//! Each order is computed over compact keys (an integer per entry plus the entry's place in
//! name order), not by comparing entries: comparing entries reads scattered memory, and that,
//! not the comparing, was most of the time.

use std::collections::hash_map::Entry;
use std::collections::{BTreeSet, HashMap};

use super::entry::Entry as IndexEntry;
use super::query::SortKey;

#[derive(Default)]
pub(super) struct Orders {
    /// `rank[key][entry]`: where the entry stands in that order.
    ranks: HashMap<SortKey, Vec<u32>>,
    /// `order[key]`: the entries in that order.
    orders: HashMap<SortKey, Vec<u32>>,
}

impl Orders {
    pub fn clear(&mut self) {
        self.ranks.clear();
        self.orders.clear();
    }

    /// The entries sorted by `key` (`Relevance` as priority).
    pub fn order(&mut self, entries: &[IndexEntry], key: SortKey) -> &[u32] {
        let key = plain(key);
        self.rank(entries, key);
        &self.orders[&key]
    }

    /// Where each entry stands when sorted by `key` (`Relevance` stands for its tie-break,
    /// priority). Computed on first use after a change.
    pub fn rank(&mut self, entries: &[IndexEntry], key: SortKey) -> &[u32] {
        let key = plain(key);
        if let Entry::Vacant(vacant) = self.ranks.entry(SortKey::Name) {
            let order = name_order(entries);
            vacant.insert(ranks_of(&order));
            self.orders.insert(SortKey::Name, order);
        }
        if !self.orders.contains_key(&key) {
            let order = keyed_order(entries, &self.ranks[&SortKey::Name], key);
            self.ranks.insert(key, ranks_of(&order));
            self.orders.insert(key, order);
        }
        &self.ranks[&key]
    }
}

/// Without search text there is no relevance: it stands for its tie-break, priority.
fn plain(key: SortKey) -> SortKey {
    match key {
        SortKey::Relevance => SortKey::Priority,
        other => other,
    }
}

/// By the lowercased display name, then URI, then server. Sorted first by the name's first
/// eight bytes as one integer; only entries that share those are compared as strings.
fn name_order(entries: &[IndexEntry]) -> Vec<u32> {
    let mut keyed: Vec<(u64, u32)> = entries
        .iter()
        .enumerate()
        .map(|(at, entry)| (prefix(&entry.sort_name), at as u32))
        .collect();
    keyed.sort_unstable();
    let mut order: Vec<u32> = keyed.iter().map(|&(_, at)| at).collect();
    let mut start = 0;
    while start < keyed.len() {
        let end = start + keyed[start..].partition_point(|&(p, _)| p == keyed[start].0);
        if end - start > 1 {
            order[start..end].sort_unstable_by(|&a, &b| {
                let (x, y) = (&entries[a as usize], &entries[b as usize]);
                x.sort_name
                    .cmp(&y.sort_name)
                    .then_with(|| x.item.uri.cmp(&y.item.uri))
                    .then_with(|| x.item.server.cmp(&y.item.server))
            });
        }
        start = end;
    }
    order
}

/// The first eight bytes, big-endian, so integer order is byte order.
fn prefix(text: &str) -> u64 {
    let mut bytes = [0u8; 8];
    let head = &text.as_bytes()[..text.len().min(8)];
    bytes[..head.len()].copy_from_slice(head);
    u64::from_be_bytes(bytes)
}

/// Sorted by `key` (absent values last), then by name.
fn keyed_order(entries: &[IndexEntry], names: &[u32], key: SortKey) -> Vec<u32> {
    let servers: Vec<&str> = entries
        .iter()
        .map(|e| e.item.server.as_str())
        .collect::<BTreeSet<_>>()
        .into_iter()
        .collect();
    let mut keyed: Vec<(u8, u64, u32, u32)> = entries
        .iter()
        .enumerate()
        .map(|(at, entry)| {
            let value = match key {
                SortKey::Priority | SortKey::Relevance => entry.priority().map(descending_f64),
                SortKey::Modified => entry.modified.map(|m| u64::MAX - (m as u64 ^ (1 << 63))),
                SortKey::Size => entry.item.size.map(|size| u64::MAX - size),
                SortKey::Server => servers
                    .binary_search(&entry.item.server.as_str())
                    .ok()
                    .map(|rank| rank as u64),
                SortKey::Name => Some(0),
            };
            let (absent, value) = value.map_or((1, 0), |value| (0, value));
            (absent, value, names[at], at as u32)
        })
        .collect();
    keyed.sort_unstable();
    keyed.into_iter().map(|(_, _, _, at)| at).collect()
}

/// An integer that sorts ascending as `value` sorts descending (finite values only).
fn descending_f64(value: f64) -> u64 {
    let bits = value.to_bits();
    // IEEE 754 as an ordered integer: flip every bit of negatives, the sign bit of positives.
    let ascending = if bits >> 63 == 1 {
        !bits
    } else {
        bits | (1 << 63)
    };
    u64::MAX - ascending
}

fn ranks_of(order: &[u32]) -> Vec<u32> {
    let mut ranks = vec![0; order.len()];
    for (rank, &entry) in order.iter().enumerate() {
        ranks[entry as usize] = rank as u32;
    }
    ranks
}
