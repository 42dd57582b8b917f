//! Facets: how the matches of a search spread over servers, MIME families, URI schemes,
//! audiences and kinds (a resource, an app, a skill's file), so the window can offer each as a
//! filter with its count, and say how many matches the filters hide.
//!
//! What a connection hides by default (`Filters::hidden_kinds`) belongs to the facet that shows
//! it again: a server hidden whole to the server facet (choosing it shows it), a kind hidden to
//! the kind facet (choosing the kind shows it).
//!
//! Counted over the search text's matches without filters, in one pass: a match that passes
//! every filter counts everywhere; a match that fails exactly one counts only in that filter's
//! facet. So each count is what the list would show after choosing that value instead of the
//! one chosen now (the usual "disjunctive" facets), and a chosen value's count is the list's.

use std::collections::HashMap;

use serde::Serialize;
use ts_rs::TS;

use super::query::{AudienceFilter, Filters, ResourceKind};
use super::search::Hit;
use super::Entry;

/// At most this many values per facet, the most frequent first: a server may invent a scheme
/// per resource, and a row of a thousand chips helps nobody.
pub const FACET_VALUES_AT_MOST: usize = 24;

/// One value of a facet and how many matches have it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct FacetCount {
    /// What the filter takes: a server's name, a MIME prefix (`text/`, `application/json`),
    /// a URI scheme (lower case).
    pub value: String,
    #[ts(type = "number")]
    pub count: usize,
}

/// How many matches are meant for one audience.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AudienceCount {
    pub audience: AudienceFilter,
    #[ts(type = "number")]
    pub count: usize,
}

/// How many matches are of one kind.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct KindCount {
    pub kind: ResourceKind,
    #[ts(type = "number")]
    pub count: usize,
}

/// The facets of one question (its text and filters; its sort and window do not matter).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct Facets {
    /// Matches of the text that pass the filters: the list's total.
    #[ts(type = "number")]
    pub total: usize,
    /// Matches of the text without any filter: `unfiltered - total` are hidden by filters.
    /// What a connection hides by default (`Filters::hidden_kinds`) is not among them unless
    /// a chosen filter shows it, so clearing the filters would show exactly that many more.
    #[ts(type = "number")]
    pub unfiltered: usize,
    pub servers: Vec<FacetCount>,
    /// By MIME family: `type/` (e.g. `text/`, `image/`), or the whole type for
    /// `application/…` (`application/json`), whose families say little.
    pub mime_families: Vec<FacetCount>,
    pub schemes: Vec<FacetCount>,
    pub audiences: Vec<AudienceCount>,
    /// Only the kinds some match has.
    pub kinds: Vec<KindCount>,
}

/// The filters an item fails, one flag per facet.
struct Fails {
    server: bool,
    mime: bool,
    scheme: bool,
    audience: bool,
    kind: bool,
}

impl Fails {
    fn of(entry: &Entry, filters: &Filters) -> Self {
        let item = &entry.item;
        Self {
            server: !super::passes_servers(item, filters),
            mime: !super::passes_mime(item, filters),
            scheme: !super::passes_scheme(item, filters),
            audience: !super::passes_audience(item, filters),
            kind: !super::passes_kind(entry, filters),
        }
    }

    fn count(&self) -> usize {
        [
            self.server,
            self.mime,
            self.scheme,
            self.audience,
            self.kind,
        ]
        .iter()
        .filter(|&&fails| fails)
        .count()
    }
}

/// The MIME family a filter on `mime` would name: see [`Facets::mime_families`]. `None`
/// without a MIME type (no prefix selects exactly those).
pub(super) fn mime_family(mime: &str) -> Option<&str> {
    let essence = mime.split(';').next().unwrap_or_default().trim();
    let (kind, _) = essence.split_once('/')?;
    if kind.is_empty() {
        return None;
    }
    if kind.eq_ignore_ascii_case("application") {
        Some(essence)
    } else {
        Some(&essence[..=kind.len()])
    }
}

/// The scheme of `uri` (what a scheme filter compares), if it has one.
pub(super) fn scheme(uri: &str) -> Option<&str> {
    let (scheme, _) = uri.split_once(':')?;
    let valid = scheme.starts_with(|c: char| c.is_ascii_alphabetic())
        && scheme
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    valid.then_some(scheme)
}

#[derive(Default)]
struct Tally<'a> {
    servers: HashMap<&'a str, usize>,
    mimes: HashMap<&'a str, usize>,
    schemes: HashMap<&'a str, usize>,
    audiences: [usize; 4],
    kinds: [usize; ResourceKind::ALL.len()],
    /// Matches that pass every filter.
    total: usize,
    /// Matches shown without any filter chosen, or with the filters chosen now.
    unfiltered: usize,
}

const AUDIENCES: [AudienceFilter; 4] = [
    AudienceFilter::User,
    AudienceFilter::Assistant,
    AudienceFilter::Both,
    AudienceFilter::Unspecified,
];

/// Counts the facets of the matches `hits` (every entry when `None`) under `filters`.
pub(super) fn count(entries: &[Entry], hits: Option<&[Hit]>, filters: &Filters) -> Facets {
    let mut tally = Tally::default();
    let matches = match hits {
        Some(hits) => {
            for hit in hits {
                tally.add(&entries[hit.entry as usize], filters);
            }
            hits.len()
        }
        None => {
            for entry in entries {
                tally.add(entry, filters);
            }
            entries.len()
        }
    };
    Facets {
        total: tally.total,
        // Without defaults every match is one the filters could show: no need to count them.
        unfiltered: if filters.hidden_kinds.is_empty() {
            matches
        } else {
            tally.unfiltered
        },
        servers: ranked(tally.servers, false),
        mime_families: ranked(tally.mimes, true),
        schemes: ranked(tally.schemes, true),
        audiences: AUDIENCES
            .iter()
            .zip(tally.audiences)
            .filter(|(_, count)| *count > 0)
            .map(|(&audience, count)| AudienceCount { audience, count })
            .collect(),
        kinds: ResourceKind::ALL
            .iter()
            .zip(tally.kinds)
            .filter(|(_, count)| *count > 0)
            .map(|(&kind, count)| KindCount { kind, count })
            .collect(),
    }
}

impl<'a> Tally<'a> {
    fn add(&mut self, entry: &'a Entry, filters: &Filters) {
        let item = &entry.item;
        let fails = Fails::of(entry, filters);
        let failed = fails.count();
        // Hidden by its connection's defaults and by no choice of the person: clearing the
        // filters would not show it, so it is not one they hide.
        self.unfiltered += usize::from(failed == 0 || !super::hidden_by_default(entry, filters));
        if failed > 1 {
            return;
        }
        self.total += usize::from(failed == 0);
        if !fails.mime && !fails.scheme && !fails.audience && !fails.kind {
            *self.servers.entry(item.server.as_str()).or_default() += 1;
        }
        if !fails.server && !fails.scheme && !fails.audience && !fails.kind {
            if let Some(family) = item.mime_type.as_deref().and_then(mime_family) {
                *self.mimes.entry(family).or_default() += 1;
            }
        }
        if !fails.server && !fails.mime && !fails.audience && !fails.kind {
            if let Some(scheme) = scheme(&item.uri) {
                *self.schemes.entry(scheme).or_default() += 1;
            }
        }
        if !fails.server && !fails.mime && !fails.scheme && !fails.kind {
            for (at, audience) in AUDIENCES.iter().enumerate() {
                self.audiences[at] += usize::from(audience.accepts(item));
            }
        }
        if !fails.server && !fails.mime && !fails.scheme && !fails.audience {
            let kind = entry.kind;
            for (at, each) in ResourceKind::ALL.iter().enumerate() {
                self.kinds[at] += usize::from(*each == kind);
            }
        }
    }
}

/// The values most frequent first (then by value), at most [`FACET_VALUES_AT_MOST`]. Values
/// that differ only in ASCII case are one value (in lower case) when `fold_case`: the filters
/// of MIME types and schemes ignore case.
fn ranked(counts: HashMap<&str, usize>, fold_case: bool) -> Vec<FacetCount> {
    let mut merged: HashMap<String, usize> = HashMap::with_capacity(counts.len());
    for (value, count) in counts {
        let value = if fold_case {
            value.to_ascii_lowercase()
        } else {
            value.to_owned()
        };
        *merged.entry(value).or_default() += count;
    }
    let mut ranked: Vec<FacetCount> = merged
        .into_iter()
        .map(|(value, count)| FacetCount { value, count })
        .collect();
    ranked.sort_unstable_by(|a, b| b.count.cmp(&a.count).then_with(|| a.value.cmp(&b.value)));
    ranked.truncate(FACET_VALUES_AT_MOST);
    ranked
}
