//! The browser's side of Lode: one index over the resources of every connection, fed by the
//! hub (see `feeder`), asked for windows of rows by the window and the CLI.

mod feeder;

use std::collections::{BTreeMap, HashMap};
use std::sync::{Mutex, MutexGuard};

use lode_core::browse::{BrowseStatus, ListingState, ServerListing};
use lode_core::index::{Query, QueryResult, ResourceIndex, SortKey, TreeQuery, TreeResult};
use lode_core::{ConnectionId, ErrorCode, LodeError, LodeResult, ResourceItem, ResourceTemplate};
use tokio::sync::watch;
use tokio::task::JoinHandle;

use crate::Lode;

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

    fn bump(&self) {
        self.revision.send_modify(|revision| *revision += 1);
    }

    /// Marks `id` (named `server`) as listing from now on. A listing under an older name (the
    /// connection was renamed) is forgotten. Returns whether the server has nothing indexed
    /// yet, so its pages can be shown as they arrive.
    fn begin(&self, id: ConnectionId, server: &str) -> bool {
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

    fn add_page(&self, id: ConnectionId, page: &[ResourceItem]) {
        lock(&self.index).extend(page.iter().cloned());
        self.recount(id);
    }

    fn progress(&self, id: ConnectionId, pages: u64, items: u64) {
        self.set_state(id, ListingState::Listing { pages, items });
    }

    /// The listing is complete: `resources` (when given) replace what the server had.
    fn finish(&self, id: ConnectionId, server: &str, resources: Option<Vec<ResourceItem>>) {
        if let Some(resources) = resources {
            lock(&self.index).replace_server(server, resources);
        }
        self.set_state(id, ListingState::Listed);
        self.recount(id);
        // Sorting by priority (the default order) is computed now rather than on the next
        // keystroke.
        lock(&self.index).prepare(SortKey::Priority);
    }

    fn set_templates(&self, id: ConnectionId, server: &str, templates: Vec<ResourceTemplate>) {
        let count = templates.len();
        lock(&self.index).set_templates(server, templates);
        if let Some(listing) = lock(&self.state).listings.get_mut(&id) {
            listing.templates = count;
        }
        self.bump();
    }

    fn set_state(&self, id: ConnectionId, state: ListingState) {
        if let Some(listing) = lock(&self.state).listings.get_mut(&id) {
            listing.state = state;
        }
        self.bump();
    }

    /// Notes that `id` is not connected (yet, or again): shown as waiting unless it has
    /// resources from before, which stay browsable.
    fn waiting(&self, id: ConnectionId, server: &str) {
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

    fn failed(&self, id: ConnectionId, error: LodeError) {
        self.set_state(id, ListingState::Failed { error });
    }

    fn recount(&self, id: ConnectionId) {
        let mut state = lock(&self.state);
        if let Some(listing) = state.listings.get_mut(&id) {
            listing.resources = lock(&self.index).count_of(&listing.server);
        }
        drop(state);
        self.bump();
    }

    /// Forgets `id`: its resources, templates and state (the connection stopped or is gone).
    fn forget(&self, id: ConnectionId) {
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

    fn replace_job(&self, id: ConnectionId, job: JoinHandle<()>) {
        if let Some(old) = lock(&self.state).jobs.insert(id, job) {
            old.abort();
        }
    }
}

impl Lode {
    /// Where each server's listing stands.
    pub fn browse_status(&self) -> BrowseStatus {
        self.browser.status()
    }

    /// A window of the list of every indexed resource that `query` selects.
    pub async fn browse_list(&self, query: Query) -> LodeResult<QueryResult> {
        let browser = self.browser.clone();
        on_worker(move || browser.list(&query)).await
    }

    /// A window of the visible rows of the URI tree.
    pub async fn browse_tree(&self, question: TreeQuery) -> LodeResult<TreeResult> {
        let browser = self.browser.clone();
        on_worker(move || browser.tree(&question)).await
    }

    /// Ticks whenever the index or a listing's state changes.
    pub fn browse_changes(&self) -> watch::Receiver<u64> {
        self.browser.changes()
    }
}

/// Searching 100k resources takes milliseconds of CPU: off the async threads.
async fn on_worker<T: Send + 'static>(work: impl FnOnce() -> T + Send + 'static) -> LodeResult<T> {
    tokio::task::spawn_blocking(work)
        .await
        .map_err(|e| LodeError::new(ErrorCode::Internal, format!("the search stopped: {e}")))
}

pub(crate) use feeder::follow;
