//! One index over the resources of every connection, and where each connection's listing
//! stands: the state behind the browser (`browser/`), which feeds it and asks it.

use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, MutexGuard};

use lode_core::browse::{BrowseStatus, ListingState, ServerListing};
use lode_core::index::{Query, QueryResult, ResourceIndex, SortKey, TreeQuery, TreeResult};
use lode_core::{ConnectionId, LodeError, ResourceItem, ResourceTemplate};
use tokio::sync::watch;
use tokio::task::JoinHandle;

#[derive(Default)]
struct State {
    listings: BTreeMap<ConnectionId, ServerListing>,
    /// The listing running for each connection, aborted when a newer one starts.
    jobs: HashMap<ConnectionId, JoinHandle<()>>,
}

pub struct Browser {
    index: Mutex<ResourceIndex>,
    state: Mutex<State>,
    /// Bumped on every change of the index or of a listing's state.
    revision: watch::Sender<u64>,
}

impl Default for Browser {
    fn default() -> Self {
        Self {
            index: Mutex::default(),
            state: Mutex::default(),
            revision: watch::channel(0).0,
        }
    }
}

/// A poisoned lock only means a panic elsewhere; the data is still the last consistent state.
fn lock<T>(mutex: &Mutex<T>) -> MutexGuard<'_, T> {
    mutex
        .lock()
        .unwrap_or_else(|poisoned| poisoned.into_inner())
}

impl Browser {
    pub fn status(&self) -> BrowseStatus {
        let generation = lock(&self.index).generation();
        let servers = lock(&self.state).listings.values().cloned().collect();
        BrowseStatus {
            generation,
            servers,
        }
    }

    pub fn list(&self, query: &Query) -> QueryResult {
        lock(&self.index).query(query)
    }

    pub fn tree(&self, question: &TreeQuery) -> TreeResult {
        lock(&self.index).tree(question)
    }

    /// Ticks whenever `status()` would answer differently.
    pub fn changes(&self) -> watch::Receiver<u64> {
        self.revision.subscribe()
    }

    pub(crate) fn bump(&self) {
        self.revision.send_modify(|revision| *revision += 1);
    }

    /// Marks `id` (named `server`) as listing from now on. A listing under an older name (the
    /// connection was renamed) is forgotten. Returns whether the server has nothing indexed
    /// yet, so its pages can be shown as they arrive.
    pub(crate) fn begin(&self, id: ConnectionId, server: &str) -> bool {
        let renamed = {
            let mut state = lock(&self.state);
            let listing = state.listings.entry(id).or_insert_with(|| ServerListing {
                connection: id,
                server: server.to_owned(),
                state: ListingState::Waiting,
                resources: 0,
                templates: 0,
            });
            let old = (listing.server != server).then(|| listing.server.clone());
            listing.server = server.to_owned();
            listing.state = ListingState::Listing { pages: 0, items: 0 };
            old
        };
        let mut index = lock(&self.index);
        if let Some(old) = renamed {
            index.remove_server(&old);
        }
        let fresh = index.count_of(server) == 0;
        drop(index);
        self.bump();
        fresh
    }

    pub(crate) fn add_page(&self, id: ConnectionId, page: &[ResourceItem]) {
        lock(&self.index).extend(page.iter().cloned());
        self.recount(id);
    }

    pub(crate) fn progress(&self, id: ConnectionId, pages: u64, items: u64) {
        self.set_state(id, ListingState::Listing { pages, items });
    }

    /// The listing is complete: `resources` (when given) replace what the server had.
    pub(crate) fn finish(
        &self,
        id: ConnectionId,
        server: &str,
        resources: Option<Vec<ResourceItem>>,
    ) {
        if let Some(resources) = resources {
            lock(&self.index).replace_server(server, resources);
        }
        self.set_state(id, ListingState::Listed);
        self.recount(id);
        // Sorting by priority (the default order) is computed now rather than on the next
        // keystroke.
        lock(&self.index).prepare(SortKey::Priority);
    }

    pub(crate) fn set_templates(
        &self,
        id: ConnectionId,
        server: &str,
        templates: Vec<ResourceTemplate>,
    ) {
        let count = templates.len();
        lock(&self.index).set_templates(server, templates);
        if let Some(listing) = lock(&self.state).listings.get_mut(&id) {
            listing.templates = count;
        }
        self.bump();
    }

    pub(crate) fn set_state(&self, id: ConnectionId, state: ListingState) {
        if let Some(listing) = lock(&self.state).listings.get_mut(&id) {
            listing.state = state;
        }
        self.bump();
    }

    /// Notes that `id` is not connected (yet, or again): shown as waiting unless it has
    /// resources from before, which stay browsable.
    pub(crate) fn waiting(&self, id: ConnectionId, server: &str) {
        let mut state = lock(&self.state);
        let listing = state.listings.entry(id).or_insert_with(|| ServerListing {
            connection: id,
            server: server.to_owned(),
            state: ListingState::Waiting,
            resources: 0,
            templates: 0,
        });
        if listing.resources == 0 && !matches!(listing.state, ListingState::Failed { .. }) {
            listing.state = ListingState::Waiting;
        }
        drop(state);
        self.bump();
    }

    pub(crate) fn failed(&self, id: ConnectionId, error: LodeError) {
        self.set_state(id, ListingState::Failed { error });
    }

    pub(crate) fn recount(&self, id: ConnectionId) {
        let mut state = lock(&self.state);
        if let Some(listing) = state.listings.get_mut(&id) {
            listing.resources = lock(&self.index).count_of(&listing.server);
        }
        drop(state);
        self.bump();
    }

    /// Forgets `id`: its resources, templates and state (the connection stopped or is gone).
    pub(crate) fn forget(&self, id: ConnectionId) {
        let mut state = lock(&self.state);
        if let Some(job) = state.jobs.remove(&id) {
            job.abort();
        }
        if let Some(listing) = state.listings.remove(&id) {
            lock(&self.index).remove_server(&listing.server);
        }
        drop(state);
        self.bump();
    }

    pub(crate) fn replace_job(&self, id: ConnectionId, job: JoinHandle<()>) {
        if let Some(old) = lock(&self.state).jobs.insert(id, job) {
            old.abort();
        }
    }
}
