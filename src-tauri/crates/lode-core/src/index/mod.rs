//! One index over the resources of every connection: fuzzy search (nucleo), sorting by
//! priority, recency, name, size or server, filters, and windows of rows, so the window never
//! receives the whole index. Pure: the caller feeds it listings as they arrive.

mod modified;
mod query;

use std::cmp::Ordering;

use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32String};

use crate::resource::ResourceItem;

pub use modified::parse_timestamp;
pub use query::{AudienceFilter, IndexRow, Query, QueryResult, SortKey};

/// A resource with what searching and sorting it needs, computed once when it is added.
struct Entry {
    item: ResourceItem,
    /// Title, name, URI and description as nucleo reads them (converted once: per-search
    /// conversion of non-ASCII text is three times slower).
    haystacks: Vec<Utf32String>,
    modified: Option<i64>,
    sort_name: String,
}

impl Entry {
    fn new(item: ResourceItem) -> Self {
        let mut haystacks = Vec::with_capacity(4);
        for text in [
            item.title.as_deref(),
            Some(item.name.as_str()),
            Some(item.uri.as_str()),
            item.description.as_deref(),
        ]
        .into_iter()
        .flatten()
        {
            haystacks.push(Utf32String::from(text));
        }
        let modified = item
            .annotations
            .last_modified
            .as_deref()
            .and_then(parse_timestamp);
        let sort_name = item.display_name().to_lowercase();
        Self {
            item,
            haystacks,
            modified,
            sort_name,
        }
    }

    fn priority(&self) -> Option<f64> {
        self.item.annotations.priority.filter(|p| p.is_finite())
    }
}

#[derive(Default)]
pub struct ResourceIndex {
    entries: Vec<Entry>,
}

impl ResourceIndex {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// Adds resources (a page as it arrives).
    pub fn extend(&mut self, items: impl IntoIterator<Item = ResourceItem>) {
        self.entries.extend(items.into_iter().map(Entry::new));
    }

    /// Replaces every resource of `server` with `items` (a fresh listing after `list_changed`).
    pub fn replace_server(&mut self, server: &str, items: impl IntoIterator<Item = ResourceItem>) {
        self.remove_server(server);
        self.extend(items);
    }

    pub fn remove_server(&mut self, server: &str) {
        self.entries.retain(|entry| entry.item.server != server);
    }

    /// The rows `query` selects, sorted, and the window of them it asks for.
    pub fn query(&self, query: &Query) -> QueryResult {
        let mut matcher = Matcher::new(Config::DEFAULT);
        let pattern = Pattern::parse(&query.text, CaseMatching::Smart, Normalization::Smart);
        let searching = !query.text.trim().is_empty();
        let mut hits: Vec<(usize, u32)> = self
            .entries
            .iter()
            .enumerate()
            .filter(|(_, entry)| passes_filters(&entry.item, query))
            .filter_map(|(at, entry)| {
                if !searching {
                    return Some((at, 0));
                }
                let best = entry
                    .haystacks
                    .iter()
                    .filter_map(|haystack| pattern.score(haystack.slice(..), &mut matcher))
                    .max()?;
                Some((at, best))
            })
            .collect();
        let sort = match query.sort {
            SortKey::Relevance if !searching => SortKey::Priority,
            other => other,
        };
        hits.sort_by(|a, b| self.compare(sort, a, b));
        let total = hits.len();
        let rows = hits
            .iter()
            .skip(query.offset)
            .take(query.limit)
            .map(|&(at, score)| {
                let item = &self.entries[at].item;
                let mut name_matches = Vec::new();
                let mut uri_matches = Vec::new();
                if searching {
                    let mut buffer = Vec::new();
                    let name = nucleo_matcher::Utf32Str::new(item.display_name(), &mut buffer);
                    pattern.indices(name, &mut matcher, &mut name_matches);
                    let mut buffer = Vec::new();
                    let uri = nucleo_matcher::Utf32Str::new(&item.uri, &mut buffer);
                    pattern.indices(uri, &mut matcher, &mut uri_matches);
                    for matches in [&mut name_matches, &mut uri_matches] {
                        matches.sort_unstable();
                        matches.dedup();
                    }
                }
                IndexRow {
                    item: item.clone(),
                    score: searching.then_some(score),
                    name_matches,
                    uri_matches,
                }
            })
            .collect();
        QueryResult { total, rows }
    }

    fn compare(&self, sort: SortKey, a: &(usize, u32), b: &(usize, u32)) -> Ordering {
        let (x, y) = (&self.entries[a.0], &self.entries[b.0]);
        let by_name = || {
            x.sort_name
                .cmp(&y.sort_name)
                .then_with(|| x.item.uri.cmp(&y.item.uri))
        };
        let by_priority = || descending_present(x.priority(), y.priority(), f64::total_cmp);
        match sort {
            SortKey::Relevance => b.1.cmp(&a.1).then_with(by_priority).then_with(by_name),
            SortKey::Priority => by_priority().then_with(by_name),
            SortKey::Modified => {
                descending_present(x.modified, y.modified, |p, q| p.cmp(q)).then_with(by_name)
            }
            SortKey::Name => by_name(),
            SortKey::Size => {
                descending_present(x.item.size, y.item.size, |p, q| p.cmp(q)).then_with(by_name)
            }
            SortKey::Server => x.item.server.cmp(&y.item.server).then_with(by_name),
        }
    }
}

/// Larger first; absent values after every present one.
fn descending_present<T>(x: Option<T>, y: Option<T>, cmp: impl Fn(&T, &T) -> Ordering) -> Ordering {
    match (x, y) {
        (Some(x), Some(y)) => cmp(&y, &x),
        (Some(_), None) => Ordering::Less,
        (None, Some(_)) => Ordering::Greater,
        (None, None) => Ordering::Equal,
    }
}

fn passes_filters(item: &ResourceItem, query: &Query) -> bool {
    if query.hidden.contains(&item.server) {
        return false;
    }
    if let Some(servers) = &query.servers {
        if !servers.contains(&item.server) {
            return false;
        }
    }
    if let Some(audience) = query.audience {
        if !audience.accepts(item) {
            return false;
        }
    }
    if let Some(prefix) = &query.mime_prefix {
        let mime = item.mime_type.as_deref().unwrap_or_default();
        if !mime
            .to_ascii_lowercase()
            .starts_with(&prefix.to_ascii_lowercase())
        {
            return false;
        }
    }
    if let Some(scheme) = &query.scheme {
        let found = item.uri.split_once(':').map(|(scheme, _)| scheme);
        if !found.is_some_and(|found| found.eq_ignore_ascii_case(scheme)) {
            return false;
        }
    }
    true
}

#[cfg(test)]
mod tests;
