//! What the browser's search explains and keeps: the facets of a question (counted in the
//! index, off the async threads), and the recent and saved searches (in the store).

use lode_core::index::{
    Facets, Query, SavedSearch, SavedSearches, SearchSpec, SEARCH_TEXT_AT_MOST,
};
use lode_core::LodeResult;

use super::on_worker;
use crate::Lode;

impl Lode {
    /// How the matches of `query`'s text spread over servers, MIME families, schemes and
    /// audiences, and how many its filters hide. The window asks after the first rows.
    pub async fn browse_facets(&self, query: Query) -> LodeResult<Facets> {
        let browser = self.browser.clone();
        on_worker(move || browser.facets(&query)).await
    }

    /// The saved searches and the recent ones.
    pub fn saved_searches(&self) -> LodeResult<SavedSearches> {
        self.store.saved_searches()
    }

    /// Records `search` as the newest recent one; a blank one, or one whose text is longer
    /// than a search box holds, is not kept. Answers the kept searches.
    pub fn record_search(&self, search: SearchSpec) -> LodeResult<SavedSearches> {
        if search.text.chars().count() <= SEARCH_TEXT_AT_MOST {
            self.store.record_recent_search(&search)?;
        }
        self.store.saved_searches()
    }

    /// Saves `search` under `name` (replacing a saved search of that name).
    pub fn save_search(&self, name: &str, search: SearchSpec) -> LodeResult<SavedSearch> {
        self.store.save_search(name, &search)
    }

    /// Forgets a saved or recent search. `false` when there was none with that id.
    pub fn delete_search(&self, id: i64) -> LodeResult<bool> {
        self.store.delete_search(id)
    }
}
