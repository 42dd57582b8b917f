//! One index over the resources of every connection, and where each connection's listing
//! stands: the state behind the browser (this module's parent), which feeds it and asks it.

use std::collections::{BTreeMap, HashMap, HashSet};
use std::sync::{Mutex, MutexGuard};

use lode_core::browse::{BrowseStatus, ListingState, ServerListing};
use lode_core::index::{
    Facets, Query, QueryResult, RankedAnswer, ResourceIndex, SortKey, TreeQuery, TreeResult,
};
use lode_core::skills::{Skill, SkillListing};
use lode_core::{ConnectionId, ListingCut, LodeError, ResourceItem, ResourceTemplate};
use std::sync::Arc;
use tokio::sync::watch;
use tokio::task::JoinHandle;

#[derive(Default)]
struct State {
    listings: BTreeMap<ConnectionId, ServerListing>,
    /// The listing running for each connection, aborted when a newer one starts.
    jobs: HashMap<ConnectionId, Job>,
    /// Connections whose list changed while their listing ran: listed once more after it.
    pending: HashSet<ConnectionId>,
    /// Tells a job apart from the one that replaced it.
    next_token: u64,
}

struct Job {
    token: u64,
    handle: JoinHandle<()>,
}

pub struct Browser {
    index: Mutex<ResourceIndex>,
    state: Mutex<State>,
    /// Each server's skills as it last listed them (by server name, as the index keys them):
    /// what a skill's details, its files' digest checks and "add the whole skill" read.
    skills: Mutex<HashMap<String, Arc<SkillListing>>>,
    /// Bumped on every change of the index or of a listing's state.
    revision: watch::Sender<u64>,
}

impl Default for Browser {
    fn default() -> Self {
        Self {
            index: Mutex::default(),
            state: Mutex::default(),
            skills: Mutex::default(),
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

    /// The window of `query`'s hits with why each ranked, the relevance floor applied unless
    /// `include_below_floor` (the context hub's search).
    pub fn ranked(&self, query: &Query, include_below_floor: bool) -> RankedAnswer {
        lock(&self.index).ranked(query, include_below_floor)
    }

    pub fn facets(&self, query: &Query) -> Facets {
        lock(&self.index).facets(query)
    }

    pub fn tree(&self, question: &TreeQuery) -> TreeResult {
        lock(&self.index).tree(question)
    }

    /// Runs `read` over the index, for a lookup that needs no search.
    pub(crate) fn with_index<T>(&self, read: impl FnOnce(&ResourceIndex) -> T) -> T {
        read(&lock(&self.index))
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
            lock(&self.skills).remove(&old);
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

    /// The listing is complete, or ended early at `cut`: `resources` (when given) replace
    /// what the server had.
    pub(crate) fn finish(
        &self,
        id: ConnectionId,
        server: &str,
        resources: Option<Vec<ResourceItem>>,
        cut: Option<ListingCut>,
    ) {
        let changed = match resources {
            Some(resources) => lock(&self.index).replace_server(server, resources),
            None => false,
        };
        let state = match cut {
            Some(cut) => ListingState::Cut { cut },
            None => ListingState::Listed,
        };
        self.set_state(id, state);
        self.recount(id);
        if changed {
            // Sorting by priority (the default order) is computed now rather than on the next
            // keystroke.
            lock(&self.index).prepare(SortKey::Priority);
        }
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

    /// Makes `skills` what `server` lists: the index marks their files, and the listing is
    /// kept for their details and checks.
    pub(crate) fn set_skills(&self, server: &str, skills: SkillListing) {
        let marked = lock(&self.index).set_skills(server, &skills.skills);
        let mut kept = lock(&self.skills);
        let same = match kept.get(server) {
            Some(old) => **old == skills,
            None => skills.skills.is_empty() && skills.refused.is_empty(),
        };
        // The same skills listed again (every `list_changed`) change nothing to tell the window.
        if same && !marked {
            return;
        }
        if skills.skills.is_empty() && skills.refused.is_empty() {
            kept.remove(server);
        } else {
            kept.insert(server.to_owned(), Arc::new(skills));
        }
        drop(kept);
        self.bump();
    }

    /// `server`'s skills as it last listed them.
    pub(crate) fn skills_of(&self, server: &str) -> Option<Arc<SkillListing>> {
        lock(&self.skills).get(server).cloned()
    }

    /// The skill of `server` whose `SKILL.md` is at `uri`, or of which `uri` is a file.
    pub(crate) fn skill_at(&self, server: &str, uri: &str) -> Option<Skill> {
        let listing = self.skills_of(server)?;
        let skill_uri = lock(&self.index).skill_of(server, uri)?.to_owned();
        listing.skills.iter().find(|s| s.uri == skill_uri).cloned()
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
        state.pending.remove(&id);
        if let Some(job) = state.jobs.remove(&id) {
            job.handle.abort();
        }
        if let Some(listing) = state.listings.remove(&id) {
            lock(&self.index).remove_server(&listing.server);
            lock(&self.skills).remove(&listing.server);
        }
        drop(state);
        self.bump();
    }

    /// Starts `id`'s listing with `spawn(token)`. With `coalesce` (the server said its list
    /// changed) and a listing already running, none starts: one more runs when that one ends,
    /// however many changes arrive meanwhile. Otherwise a running listing is aborted.
    pub(crate) fn start_job(
        &self,
        id: ConnectionId,
        coalesce: bool,
        spawn: impl FnOnce(u64) -> JoinHandle<()>,
    ) {
        let mut state = lock(&self.state);
        let running = state
            .jobs
            .get(&id)
            .is_some_and(|job| !job.handle.is_finished());
        if coalesce && running {
            state.pending.insert(id);
            return;
        }
        state.pending.remove(&id);
        state.next_token += 1;
        let token = state.next_token;
        let handle = spawn(token);
        if let Some(old) = state.jobs.insert(id, Job { token, handle }) {
            old.handle.abort();
        }
    }

    /// Called by listing job `token` as it ends: `true` when the list changed meanwhile and
    /// the job should list once more; otherwise the job is forgotten.
    pub(crate) fn job_done(&self, id: ConnectionId, token: u64) -> bool {
        let mut state = lock(&self.state);
        if state.jobs.get(&id).is_none_or(|job| job.token != token) {
            return false;
        }
        if state.pending.remove(&id) {
            return true;
        }
        state.jobs.remove(&id);
        false
    }

    /// Stops `id`'s listing in progress (the person asked): what was listed so far stays, and
    /// the listing shows as stopped. `false` when none was running.
    pub(crate) fn stop(&self, id: ConnectionId) -> bool {
        let mut state = lock(&self.state);
        state.pending.remove(&id);
        let Some(job) = state.jobs.remove(&id) else {
            return false;
        };
        job.handle.abort();
        if let Some(listing) = state.listings.get_mut(&id) {
            if matches!(
                listing.state,
                ListingState::Listing { .. } | ListingState::Waiting
            ) {
                listing.state = ListingState::Cut {
                    cut: ListingCut::Stopped,
                };
            }
        }
        drop(state);
        self.bump();
        true
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::{AtomicUsize, Ordering};
    use std::sync::Arc;

    use tokio::sync::Notify;

    use super::*;

    /// A listing job that runs until `release` is notified, counting its starts.
    fn job(started: &Arc<AtomicUsize>, release: &Arc<Notify>) -> JoinHandle<()> {
        started.fetch_add(1, Ordering::SeqCst);
        let release = release.clone();
        tokio::spawn(async move { release.notified().await })
    }

    #[tokio::test]
    async fn a_flood_of_changes_waits_for_the_running_listing_and_adds_one_more() {
        let browser = Browser::default();
        let id = ConnectionId(1);
        let started = Arc::new(AtomicUsize::new(0));
        let release = Arc::new(Notify::new());
        browser.start_job(id, false, |_| job(&started, &release));
        for _ in 0..10_000 {
            browser.start_job(id, true, |_| job(&started, &release));
        }
        assert_eq!(started.load(Ordering::SeqCst), 1, "one listing at a time");
        let token = lock(&browser.state).jobs[&id].token;
        // The running job ends: once more for all the changes, then done.
        assert!(browser.job_done(id, token));
        assert!(!browser.job_done(id, token));
        // A change once nothing runs starts a listing at once.
        release.notify_waiters();
        browser.start_job(id, true, |_| job(&started, &release));
        assert_eq!(started.load(Ordering::SeqCst), 2);
    }

    #[tokio::test]
    async fn a_new_session_replaces_the_running_listing_and_stop_ends_it() {
        let browser = Browser::default();
        let id = ConnectionId(1);
        let started = Arc::new(AtomicUsize::new(0));
        let release = Arc::new(Notify::new());
        browser.start_job(id, false, |_| job(&started, &release));
        let first = lock(&browser.state).jobs[&id].token;
        browser.start_job(id, false, |_| job(&started, &release));
        assert_eq!(started.load(Ordering::SeqCst), 2);
        assert!(!browser.job_done(id, first), "the replaced job stops");
        browser.begin(id, "S");
        assert!(browser.stop(id));
        assert_eq!(
            browser.status().servers[0].state,
            ListingState::Cut {
                cut: ListingCut::Stopped
            }
        );
        assert!(!browser.stop(id));
    }
}
