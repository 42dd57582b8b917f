//! One index over the resources of every connection: fuzzy search (nucleo), sorting by
//! priority, recency, name, size or server, filters, a URI tree, and windows of rows, so the
//! window never receives the whole index. Pure: the caller feeds it listings as they arrive.
//!
//! Speed comes from keeping work between questions: the order of every entry under each sort
//! key is computed once per change; the last search's hits are kept, so a longer search text
//! scores only them; the last ordered answer is kept, so scrolling fetches windows of it.

mod best;
mod entry;
mod facets;
mod floor;
mod greedy;
mod modified;
mod order;
mod query;
mod ranked;
mod ranking;
mod saved_search;
mod search;
mod skill_roots;
mod text;
mod tree;
mod uri_path;

use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

use nucleo_matcher::{Config, Matcher};

use crate::listing::ResourceTemplate;
use crate::resource::ResourceItem;
use crate::skills::Skill;
use best::{best, relevance_key, BEST_AT_MOST};
use entry::Entry;
use order::Orders;
use search::{Candidates, Hit, Search};
use skill_roots::SkillRoots;
use text::Texts;

pub use facets::{AudienceCount, FacetCount, Facets, KindCount, FACET_VALUES_AT_MOST};
pub use modified::parse_timestamp;
pub use query::{
    AudienceFilter, Filters, IndexRow, Query, QueryResult, ResourceKind, ServerKinds, SortKey,
};
pub use ranked::FLOOR_LOOKAHEAD;
pub use ranking::{FieldMatch, MatchField, MatchHow, RankedAnswer, RankedHit};
pub use saved_search::{
    check_search_name, SavedSearch, SavedSearches, SearchSpec, RECENT_SEARCHES_AT_MOST,
    SEARCH_NAME_AT_MOST, SEARCH_TEXT_AT_MOST,
};
pub use tree::{FolderKind, TreeGroup, TreeNode, TreeQuery, TreeResult, TreeRow};

/// The hits of one search text under one set of filters, in entry order.
struct Scan {
    text: String,
    filters: Filters,
    generation: u64,
    /// Shared with a relevance answer that has not needed its own copy yet.
    hits: Arc<Vec<Hit>>,
}

/// The hits of a scan in the order of one sort key.
struct Ordered {
    text: String,
    filters: Filters,
    sort: SortKey,
    generation: u64,
    hits: Vec<Hit>,
    /// How many leading hits are in their final order (the rest come after all of them).
    sorted: usize,
    /// Every hit of a relevance answer while `hits` holds only its best (all in order): the
    /// scan's, in entry order. A window past them copies these into `hits`.
    unplaced: Option<Arc<Vec<Hit>>>,
}

#[derive(Default)]
pub struct ResourceIndex {
    entries: Vec<Entry>,
    /// The searchable text and character masks of `entries[i]`, entry `i` of it.
    texts: Texts,
    templates: BTreeMap<String, Vec<ResourceTemplate>>,
    /// How many entries each server has: asked after every page of a listing, so kept rather
    /// than counted (counting made a 1M listing quadratic).
    counts: HashMap<String, usize>,
    /// Bumped by every change; cached answers of an older generation are stale.
    generation: u64,
    orders: Orders,
    scan: Option<Scan>,
    /// The hits of the last faceted text without filters, when it had filters: facets count
    /// over them, and a longer text narrows them as `scan` narrows its own.
    unfiltered: Option<Scan>,
    ordered: Option<Ordered>,
    tree: Option<tree::Cached>,
    /// The skills each server listed: which entries are a skill's files.
    skills: SkillRoots,
}

impl ResourceIndex {
    pub fn len(&self) -> usize {
        self.entries.len()
    }

    pub fn is_empty(&self) -> bool {
        self.entries.is_empty()
    }

    /// A number that changes whenever the index does.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// How many resources `server` has in the index.
    pub fn count_of(&self, server: &str) -> usize {
        self.counts.get(server).copied().unwrap_or_default()
    }

    /// How many resources pass `filters`: the `total` of a question without search text,
    /// counted without ordering the entries or replacing the kept answer. Filtered by servers
    /// alone (the common question: "how many do these servers have?"), it adds up the kept
    /// counts instead of reading every entry.
    pub fn count(&self, filters: &Filters) -> usize {
        let only_servers = filters.audience.is_none()
            && filters.hidden.is_empty()
            && filters.mime_prefix.is_none()
            && filters.scheme.is_none()
            && filters.kind.is_none()
            && filters.hidden_kinds.is_empty();
        match &filters.servers {
            Some(servers) if only_servers => servers
                .iter()
                .enumerate()
                .filter(|(at, server)| !servers[..*at].contains(server))
                .map(|(_, server)| self.count_of(server))
                .sum(),
            None if only_servers => self.entries.len(),
            _ => self
                .entries
                .iter()
                .filter(|entry| passes_filters(entry, filters))
                .count(),
        }
    }

    /// Every indexed resource, in the order it was added.
    pub fn items(&self) -> impl Iterator<Item = &ResourceItem> {
        self.entries.iter().map(|entry| &entry.item)
    }

    /// Adds resources (a page as it arrives).
    pub fn extend(&mut self, items: impl IntoIterator<Item = ResourceItem>) {
        for item in items {
            self.texts.push(entry::fields(&item));
            *self.counts.entry(item.server.clone()).or_default() += 1;
            let kind = self.skills.kind_of(&item);
            self.entries.push(Entry::new(item, kind));
        }
        self.changed();
    }

    /// Drops the resources of `server`, keeping `texts` in step with `entries`.
    fn drop_server(&mut self, server: &str) {
        if self.counts.remove(server).is_none() {
            return;
        }
        let entries = &self.entries;
        self.texts.retain(|at| entries[at].item.server != server);
        self.entries.retain(|entry| entry.item.server != server);
    }

    /// Replaces every resource of `server` with `items` (a fresh listing after `list_changed`).
    /// Returns whether anything changed: a server that lists the same resources again (as a
    /// flood of `list_changed` makes it do, many times a second) leaves the index, its caches
    /// and its sort orders as they were, so a search over 100k resources is not redone for it.
    pub fn replace_server(&mut self, server: &str, items: Vec<ResourceItem>) -> bool {
        if self.holds_exactly(server, &items) {
            return false;
        }
        self.drop_server(server);
        self.extend(items);
        true
    }

    /// Whether `server`'s resources are `items`, in that order.
    fn holds_exactly(&self, server: &str, items: &[ResourceItem]) -> bool {
        self.counts.get(server).copied().unwrap_or(0) == items.len()
            && self
                .entries
                .iter()
                .filter(|entry| entry.item.server == server)
                .map(|entry| &entry.item)
                .eq(items.iter())
    }

    /// Forgets `server`: its resources, templates and skills.
    pub fn remove_server(&mut self, server: &str) {
        self.drop_server(server);
        self.templates.remove(server);
        self.skills.forget(server);
        self.changed();
    }

    /// Makes `skills` the skills `server` lists (from `skills/list`): its resources they name
    /// become skills' files, and the others stop being any.
    /// Listing the same skills again changes nothing (no cache is dropped); returns whether
    /// anything changed.
    pub fn set_skills(&mut self, server: &str, skills: &[Skill]) -> bool {
        if !self.skills.set(server, skills) {
            return false;
        }
        let roots = &self.skills;
        for entry in self.entries.iter_mut().filter(|e| e.item.server == server) {
            entry.kind = roots.kind_of(&entry.item);
        }
        self.changed();
        true
    }

    /// The `SKILL.md` URI of the skill `server`'s resource `uri` is a file of, if any.
    pub fn skill_of(&self, server: &str, uri: &str) -> Option<&str> {
        self.skills.skill_of(server, uri)
    }

    /// The resource templates `server` offers (none when it offers none or is not listed).
    pub fn templates_of(&self, server: &str) -> &[ResourceTemplate] {
        self.templates
            .get(server)
            .map(Vec::as_slice)
            .unwrap_or_default()
    }

    /// The resource templates `server` offers, shown as nodes of its tree.
    pub fn set_templates(&mut self, server: &str, templates: Vec<ResourceTemplate>) {
        if templates.is_empty() {
            self.templates.remove(server);
        } else {
            self.templates.insert(server.to_owned(), templates);
        }
        self.changed();
    }

    /// Computes the order of `sort` now, so the next question in it does not wait for that.
    pub fn prepare(&mut self, sort: SortKey) {
        self.orders.rank(&self.entries, sort);
    }

    fn changed(&mut self) {
        self.generation += 1;
        self.orders.clear();
        self.scan = None;
        self.unfiltered = None;
        self.ordered = None;
        self.tree = None;
    }

    /// The rows `query` selects, sorted, and the window of them it asks for.
    pub fn query(&mut self, query: &Query) -> QueryResult {
        let search = Search::parse(&query.text);
        self.order(query, search.as_ref());
        let total = self.matches();
        let window = window(self.ordered_hits(), query.offset, query.limit).to_vec();
        let mut matcher = Matcher::new(Config::DEFAULT);
        let rows = window
            .iter()
            .map(|hit| self.row(*hit, search.as_ref(), &mut matcher))
            .collect();
        QueryResult {
            total,
            indexed: self.entries.len(),
            offset: query.offset,
            rows,
        }
    }

    fn ordered_hits(&self) -> &[Hit] {
        self.ordered.as_ref().map_or(&[], |ordered| &ordered.hits)
    }

    /// How many hits the last answer has: more than [`Self::ordered_hits`] while only its best
    /// are placed.
    fn matches(&self) -> usize {
        self.ordered.as_ref().map_or(0, |ordered| {
            ordered
                .unplaced
                .as_ref()
                .map_or(ordered.hits.len(), |all| all.len())
        })
    }

    fn row(&self, hit: Hit, search: Option<&Search>, matcher: &mut Matcher) -> IndexRow {
        let item = &self.entries[hit.entry as usize].item;
        let (name_matches, uri_matches, description_matches) = match search {
            Some(search) => {
                let [title, name, uri, description] = entry::fields(item);
                (
                    search.indices(item.display_name(), matcher),
                    search.indices(&item.uri, matcher),
                    search.description_indices([title, name, uri], description, matcher),
                )
            }
            None => (Vec::new(), Vec::new(), Vec::new()),
        };
        let entry = &self.entries[hit.entry as usize];
        IndexRow {
            kind: entry.kind,
            skill: self
                .skills
                .skill_of(&item.server, &item.uri)
                .map(str::to_owned),
            item: item.clone(),
            score: search.map(|_| hit.score),
            name_matches,
            uri_matches,
            description_matches,
        }
    }

    /// How the matches of `query`'s text spread over servers, MIME families, schemes and
    /// audiences, and how many its filters hide (see [`facets`]). Not on a keystroke's path:
    /// the window asks after the first rows. Without filters it reuses the list's scan; with
    /// some it keeps a scan of its own without them, narrowed as the text grows.
    pub fn facets(&mut self, query: &Query) -> Facets {
        let Some(search) = Search::parse(&query.text) else {
            return facets::count(&self.entries, None, &query.filters);
        };
        let unfiltered = Query {
            text: query.text.clone(),
            ..Query::default()
        };
        let listed = self.scan.as_ref().filter(|scan| {
            scan.generation == self.generation
                && scan.filters == Filters::default()
                && scan.text == query.text
        });
        let hits = match listed {
            Some(scan) => Arc::clone(&scan.hits),
            None => {
                // `scan` fills `self.scan`: lend it the facets' own and put the list's back.
                let listed = std::mem::replace(&mut self.scan, self.unfiltered.take());
                self.scan(&unfiltered, Some(&search));
                self.unfiltered = std::mem::replace(&mut self.scan, listed);
                self.unfiltered
                    .as_ref()
                    .map_or_else(Arc::default, |scan| Arc::clone(&scan.hits))
            }
        };
        facets::count(&self.entries, Some(&hits), &query.filters)
    }

    /// Makes `self.ordered` the answer to `query`, in order at least up to its window.
    fn order(&mut self, query: &Query, search: Option<&Search>) {
        let sort = match query.sort {
            SortKey::Relevance if search.is_none() => SortKey::Priority,
            other => other,
        };
        let fresh = self.ordered.as_ref().is_some_and(|ordered| {
            ordered.generation == self.generation
                && ordered.sort == sort
                && ordered.text == query.text
                && ordered.filters == query.filters
        });
        if !fresh {
            let (hits, sorted, unplaced) = match search {
                None => (self.walk_in_order(sort, &query.filters), usize::MAX, None),
                Some(search) => {
                    self.scan(query, Some(search));
                    let found = self
                        .scan
                        .as_ref()
                        .map_or_else(Arc::default, |scan| Arc::clone(&scan.hits));
                    if sort == SortKey::Relevance {
                        (Vec::new(), 0, Some(found))
                    } else {
                        let hits = self.sort_by_key(found.to_vec(), sort);
                        (hits, usize::MAX, None)
                    }
                }
            };
            self.ordered = Some(Ordered {
                text: query.text.clone(),
                filters: query.filters.clone(),
                sort,
                generation: self.generation,
                sorted: sorted.min(hits.len()),
                hits,
                unplaced,
            });
        }
        self.sort_up_to(query.offset.saturating_add(query.limit));
    }

    /// Every entry passing `filters`, in `sort`'s order: a walk of the kept order, no sort.
    fn walk_in_order(&mut self, sort: SortKey, filters: &Filters) -> Vec<Hit> {
        let entries = &self.entries;
        let order = self.orders.order(entries, sort);
        let unfiltered = *filters == Filters::default();
        order
            .iter()
            .filter(|&&at| unfiltered || passes_filters(&entries[at as usize], filters))
            .map(|&entry| Hit { entry, score: 0 })
            .collect()
    }

    /// `hits` in `sort`'s order: many hits by walking the kept order, few by sorting them.
    fn sort_by_key(&mut self, mut hits: Vec<Hit>, sort: SortKey) -> Vec<Hit> {
        if hits.len() * 8 < self.entries.len() {
            let ranks = self.orders.rank(&self.entries, sort);
            hits.sort_unstable_by_key(|hit| ranks[hit.entry as usize]);
            return hits;
        }
        let mut scores = vec![u32::MAX; self.entries.len()];
        for hit in &hits {
            scores[hit.entry as usize] = hit.score;
        }
        let order = self.orders.order(&self.entries, sort);
        order
            .iter()
            .filter(|&&at| scores[at as usize] != u32::MAX)
            .map(|&entry| Hit {
                entry,
                score: scores[entry as usize],
            })
            .collect()
    }

    /// Puts the best `upto` hits of a relevance answer in their final order. A first few are
    /// selected from the scan's hits without copying them; further down, only the window asked
    /// for is sorted (after a linear selection), the rest when a later window needs it.
    fn sort_up_to(&mut self, upto: usize) {
        let Some(ordered) = self.ordered.as_mut() else {
            return;
        };
        if let Some(all) = &ordered.unplaced {
            let upto = upto.min(all.len());
            if upto <= ordered.hits.len() {
                return;
            }
            if upto <= BEST_AT_MOST {
                let ranks = self.orders.rank(&self.entries, SortKey::Priority);
                ordered.hits = best(all, upto, |entry| ranks[entry as usize]);
                ordered.sorted = ordered.hits.len();
                return;
            }
            ordered.hits = all.to_vec();
            ordered.sorted = 0;
            ordered.unplaced = None;
        }
        let len = ordered.hits.len();
        let upto = upto.min(len);
        if ordered.sorted >= upto || ordered.sorted == len {
            return;
        }
        // Only now: the priority order takes a second to compute at 1M after a change, and an
        // answer in another order never needs it.
        let ranks = self.orders.rank(&self.entries, SortKey::Priority);
        // Best score first, then the priority order: one integer per hit to compare.
        let key = |hit: &Hit| relevance_key(hit.score, ranks[hit.entry as usize]);
        let rest = &mut ordered.hits[ordered.sorted..];
        let wanted = upto - ordered.sorted;
        if wanted < rest.len() / 2 {
            rest.select_nth_unstable_by_key(wanted - 1, key);
            rest[..wanted].sort_unstable_by_key(key);
            ordered.sorted = upto;
        } else {
            rest.sort_unstable_by_key(key);
            ordered.sorted = len;
        }
    }

    /// Makes `self.scan` the hits of `query`'s text and filters.
    fn scan(&mut self, query: &Query, search: Option<&Search>) {
        let previous = self
            .scan
            .take()
            .filter(|scan| scan.generation == self.generation && scan.filters == query.filters);
        if previous
            .as_ref()
            .is_some_and(|scan| scan.text == query.text)
        {
            self.scan = previous;
            return;
        }
        let previous = match (previous, search) {
            // Only spaces changed ("deploy" then "deploy "): the same words, the same hits.
            (Some(scan), Some(search)) if search.same_words(&scan.text) => {
                self.scan = Some(Scan {
                    text: query.text.clone(),
                    ..scan
                });
                return;
            }
            (previous, _) => previous,
        };
        let filters = &query.filters;
        let keep = |entry: &Entry| passes_filters(entry, filters);
        let hits = match search {
            None => self
                .entries
                .iter()
                .enumerate()
                .filter(|(_, entry)| keep(entry))
                .map(|(at, _)| Hit {
                    entry: at as u32,
                    score: 0,
                })
                .collect(),
            Some(search) => {
                let narrowed = previous.filter(|scan| search.narrows(&scan.text));
                let entries = &self.entries;
                let keep_at = |at: u32| keep(&entries[at as usize]);
                match &narrowed {
                    // The previous hits already passed the filters.
                    Some(scan) => search.scan(&self.texts, Candidates::Hits(&scan.hits), None),
                    None => {
                        let unfiltered = *filters == Filters::default();
                        let keep: Option<&(dyn Fn(u32) -> bool + Sync)> =
                            (!unfiltered).then_some(&keep_at);
                        search.scan(&self.texts, Candidates::All, keep)
                    }
                }
            }
        };
        self.scan = Some(Scan {
            text: query.text.clone(),
            filters: query.filters.clone(),
            generation: self.generation,
            hits: Arc::new(hits),
        });
    }
}

fn window<T>(all: &[T], offset: usize, limit: usize) -> &[T] {
    let start = offset.min(all.len());
    let end = start.saturating_add(limit).min(all.len());
    &all[start..end]
}

fn passes_filters(entry: &Entry, filters: &Filters) -> bool {
    let item = &entry.item;
    passes_servers(item, filters)
        && passes_audience(item, filters)
        && passes_mime(item, filters)
        && passes_scheme(item, filters)
        && passes_kind(entry, filters)
}

// One function per facet (see `facets`), each a filter the others do not look at.

fn passes_servers(item: &ResourceItem, filters: &Filters) -> bool {
    shows_server(&item.server, filters)
}

/// Whether `server` is shown: not hidden by the person, chosen when some are, and not hidden
/// by its connection by default unless chosen (the tree asks it of servers' templates too).
fn shows_server(server: &str, filters: &Filters) -> bool {
    !filters.hidden.iter().any(|hidden| hidden == server)
        && filters
            .servers
            .as_ref()
            .is_none_or(|servers| servers.iter().any(|s| s == server))
        && !filters.hides_server_by_default(server)
}

fn passes_audience(item: &ResourceItem, filters: &Filters) -> bool {
    filters
        .audience
        .is_none_or(|audience| audience.accepts(item))
}

fn passes_mime(item: &ResourceItem, filters: &Filters) -> bool {
    filters.mime_prefix.as_ref().is_none_or(|prefix| {
        let mime = item.mime_type.as_deref().unwrap_or_default();
        mime.get(..prefix.len())
            .is_some_and(|head| head.eq_ignore_ascii_case(prefix))
    })
}

/// A chosen kind shows that kind of every server, even one whose connection hides it by
/// default; with none chosen, each server's hidden kinds stay hidden.
fn passes_kind(entry: &Entry, filters: &Filters) -> bool {
    match filters.kind {
        Some(kind) => kind == entry.kind,
        None => filters
            .defaults_of(&entry.item.server)
            .is_none_or(|defaults| !defaults.kinds.contains(&entry.kind)),
    }
}

/// Whether `entry`'s connection hides it by default, whatever the filters choose: what the
/// list leaves out when the person chose no filter at all.
fn hidden_by_default(entry: &Entry, filters: &Filters) -> bool {
    filters
        .defaults_of(&entry.item.server)
        .is_some_and(|defaults| defaults.all || defaults.kinds.contains(&entry.kind))
}

fn passes_scheme(item: &ResourceItem, filters: &Filters) -> bool {
    filters.scheme.as_ref().is_none_or(|scheme| {
        let found = item.uri.split_once(':').map(|(scheme, _)| scheme);
        found.is_some_and(|found| found.eq_ignore_ascii_case(scheme))
    })
}

#[cfg(test)]
mod directory_tests;
#[cfg(test)]
mod facets_tests;
#[cfg(test)]
mod floor_tests;
#[cfg(test)]
mod greedy_tests;
#[cfg(test)]
mod picker_tests;
#[cfg(test)]
mod ranked_tests;
#[cfg(test)]
mod skill_tests;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod text_tests;
#[cfg(test)]
mod tree_group_tests;
#[cfg(test)]
mod tree_proptests;
