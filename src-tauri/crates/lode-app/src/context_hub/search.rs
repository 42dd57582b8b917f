//! `search_resources` over this Lode's index: the window's ranking, restricted to what the
//! profile exposes, with each exposed server's listing state.

use lode_core::browse::ListingState;
use lode_core::context_hub::{
    estimated_tokens, hub_uri, HubHit, HubSearch, HubSearchAnswer, HubSort, ServerState,
};
use lode_core::index::{Filters, Query, SortKey};
use lode_core::LodeResult;

use super::Exposure;
use crate::Lode;

impl Lode {
    /// Searches the exposed connections' resources as the window would, best first.
    pub async fn hub_search(
        &self,
        exposure: &Exposure,
        search: HubSearch,
    ) -> LodeResult<HubSearchAnswer> {
        search
            .check()
            .map_err(|why| lode_core::LodeError::new(lode_core::ErrorCode::InvalidInput, why))?;
        let servers = exposure.servers(search.servers.as_deref())?;
        let query = Query {
            text: search.query.clone(),
            sort: match search.sort {
                HubSort::BestMatch => SortKey::Relevance,
                HubSort::Priority => SortKey::Priority,
                HubSort::Recent => SortKey::Modified,
            },
            filters: Filters {
                audience: exposure.audience(search.audience)?,
                servers: Some(servers.clone()),
                hidden: Vec::new(),
                mime_prefix: search.mime_prefix.clone(),
                scheme: search.scheme.clone(),
                kind: None,
                hidden_kinds: Vec::new(),
            },
            offset: 0,
            limit: search.limit(),
        };
        let filters = query.filters.clone();
        let started = std::time::Instant::now();
        let answer = self
            .browse_ranked(query, search.include_below_floor)
            .await?;
        let index_ms = started.elapsed().as_secs_f64() * 1000.0;
        // Counted, not asked as a second question: a question without text orders and
        // collects every entry (tens of ms at 100k, most of a search's time) and would
        // replace the answer the index keeps for the next window.
        let indexed = self.browser.with_index(|index| index.count(&filters));
        let hits = answer
            .hits
            .into_iter()
            .filter_map(|hit| {
                let connection = exposure.named(&hit.item.server)?.id.0;
                let item = hit.item;
                Some(HubHit {
                    uri: hub_uri(connection, &item.uri),
                    tokens: estimated_tokens(item.size),
                    server: item.server,
                    name: item.name,
                    title: item.title,
                    description: item.description,
                    mime_type: item.mime_type,
                    annotations: item.annotations,
                    size: item.size,
                    score: hit.score,
                    matched: hit.matched,
                })
            })
            .collect();
        Ok(HubSearchAnswer {
            hits,
            total: answer.total,
            below_floor: answer.below_floor,
            unchecked: answer.unchecked,
            indexed,
            index_ms,
            servers: self.listing_states(exposure, &servers),
        })
    }

    /// Each of `servers` whose listing is not complete: its hits may be missing.
    pub(crate) fn listing_states(
        &self,
        exposure: &Exposure,
        servers: &[String],
    ) -> Vec<ServerState> {
        let status = self.browse_status();
        servers
            .iter()
            .filter_map(|name| {
                let connection = exposure.named(name)?;
                let listing = status
                    .servers
                    .iter()
                    .find(|listing| listing.connection == connection.id);
                let Some(listing) = listing else {
                    let state = if connection.settings.enabled {
                        "waiting"
                    } else {
                        "off"
                    };
                    return Some(ServerState {
                        server: name.clone(),
                        state: state.to_owned(),
                        resources: 0,
                        error: (!connection.settings.enabled).then(|| {
                            "the connection is turned off in Lode: turn it on to search it"
                                .to_owned()
                        }),
                    });
                };
                let (state, error) = match &listing.state {
                    ListingState::Listed => return None,
                    ListingState::Waiting => ("waiting", None),
                    ListingState::Listing { .. } => ("listing", None),
                    ListingState::Cut { cut } => ("cut", Some(format!("{cut:?}"))),
                    ListingState::Failed { error } => ("failed", Some(error.message.clone())),
                };
                Some(ServerState {
                    server: name.clone(),
                    state: state.to_owned(),
                    resources: listing.resources,
                    error,
                })
            })
            .collect()
    }
}
