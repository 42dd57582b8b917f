//! [`HubOfLode`]: lode-serve's `HubSource` answered by this Lode, for one exposure that a saved
//! profile may change while it is served (`serving.rs` follows it), recording what the
//! assistant did in the profile's activity.

use std::collections::BTreeMap;
use std::sync::{Arc, PoisonError, RwLock};

use lode_core::context_hub::{
    HubActivityKind, HubSearch, HubSearchAnswer, HubSuggestion, SuggestContext,
};
use lode_core::index::{Filters, Query, SortKey};
use lode_core::{
    Completion, ConnectionId, ErrorCode, LodeError, LodeResult, ResourceContent, ResourceTemplate,
};
use lode_serve::context_hub::{HubChange, HubPage, HubResource, HubSource};
use tokio::sync::broadcast;

use super::Exposure;
use crate::Lode;

pub(crate) struct HubOfLode {
    pub lode: Arc<Lode>,
    /// What is exposed now: a saved profile's edits (connections, pause, audience, budget)
    /// replace it while it is served.
    pub exposure: RwLock<Exposure>,
    pub changes: broadcast::Sender<HubChange>,
}

impl HubOfLode {
    /// The exposure as it is now.
    pub fn now(&self) -> Exposure {
        self.exposure
            .read()
            .unwrap_or_else(PoisonError::into_inner)
            .clone()
    }

    /// The exposure now, if the profile answers (not paused); a refusal is recorded.
    fn answering(&self, what: &str) -> LodeResult<Exposure> {
        let exposure = self.now();
        if let Err(error) = exposure.answering() {
            self.record(
                &exposure,
                HubActivityKind::Refused {
                    what: what.to_owned(),
                    why: "the profile is paused".to_owned(),
                },
            );
            return Err(error);
        }
        Ok(exposure)
    }

    /// The exposed connection `connection`, or the error a client reads (recorded).
    fn exposed(&self, connection: i64, uri: &str) -> LodeResult<(Exposure, ConnectionId)> {
        let exposure = self.answering(uri)?;
        match exposure.by_id(connection).map(|c| c.id) {
            Some(id) => Ok((exposure, id)),
            None => {
                self.record(
                    &exposure,
                    HubActivityKind::Refused {
                        what: uri.to_owned(),
                        why: format!("connection {connection} is not exposed"),
                    },
                );
                Err(LodeError::new(
                    ErrorCode::NotFound,
                    format!("connection {connection} is not exposed to this assistant"),
                ))
            }
        }
    }

    /// Keeps `kind` in the saved profile's activity (off the async threads; a failure to record
    /// never fails the assistant's request).
    fn record(&self, exposure: &Exposure, kind: HubActivityKind) {
        if !exposure.saved {
            return;
        }
        let lode = self.lode.clone();
        let profile = exposure.profile.clone();
        tokio::task::spawn_blocking(move || {
            if let Err(error) = lode.record_hub_activity(&profile, kind) {
                tracing::warn!(%error, "could not record the hub's activity");
            }
        });
    }
}

impl HubSource for HubOfLode {
    fn describe(&self) -> (String, Vec<String>) {
        let exposure = self.now();
        (exposure.profile.clone(), exposure.names())
    }

    async fn search(&self, search: HubSearch) -> LodeResult<HubSearchAnswer> {
        let exposure = self.answering("search_resources")?;
        let query = search.query.clone();
        let answer = self.lode.hub_search(&exposure, search).await?;
        self.record(
            &exposure,
            HubActivityKind::Search {
                query,
                hits: u32::try_from(answer.hits.len()).unwrap_or(u32::MAX),
            },
        );
        Ok(answer)
    }

    async fn suggest(&self, request: SuggestContext) -> LodeResult<HubSuggestion> {
        let exposure = self.answering("suggest_context")?;
        let task = request.task.clone();
        let suggestion = self.lode.hub_suggest(&exposure, request).await?;
        self.record(
            &exposure,
            HubActivityKind::Suggest {
                task,
                items: u32::try_from(suggestion.resources.len()).unwrap_or(u32::MAX),
                tokens: suggestion.total_tokens,
            },
        );
        Ok(suggestion)
    }

    async fn page(&self, offset: usize, limit: usize) -> LodeResult<HubPage> {
        let exposure = self.answering("resources/list")?;
        let query = Query {
            text: String::new(),
            sort: SortKey::Server,
            filters: Filters {
                servers: Some(exposure.names()),
                audience: exposure.audience,
                ..Filters::default()
            },
            offset,
            limit,
        };
        let answer = self.lode.browse_list(query).await?;
        let shown = answer.rows.len();
        let resources = answer
            .rows
            .into_iter()
            .filter_map(|row| {
                let connection = exposure.named(&row.item.server)?.id.0;
                Some(HubResource {
                    connection,
                    item: row.item,
                })
            })
            .collect();
        let end = offset.saturating_add(shown);
        Ok(HubPage {
            resources,
            next: (shown > 0 && end < answer.total).then_some(end),
        })
    }

    async fn templates(&self) -> LodeResult<Vec<(i64, ResourceTemplate)>> {
        let exposure = self.answering("resources/templates/list")?;
        Ok(self.lode.browser.with_index(|index| {
            exposure
                .connections
                .iter()
                .flat_map(|connection| {
                    index
                        .templates_of(&connection.name)
                        .iter()
                        .map(|template| (connection.id.0, template.clone()))
                })
                .collect()
        }))
    }

    async fn read(&self, connection: i64, uri: &str) -> LodeResult<Vec<ResourceContent>> {
        let (exposure, id) = self.exposed(connection, uri)?;
        let contents = self.lode.read_resource(id, uri).await?;
        let name = exposure
            .by_id(connection)
            .map(|c| c.name.clone())
            .unwrap_or_default();
        self.record(
            &exposure,
            HubActivityKind::Read {
                connection: name,
                uri: uri.to_owned(),
            },
        );
        Ok(contents)
    }

    async fn complete(
        &self,
        connection: i64,
        template: &str,
        argument: &str,
        value: &str,
        context: BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        let (_, id) = self.exposed(connection, template)?;
        self.lode
            .complete_template(id, template, argument, value, context)
            .await
    }

    async fn subscribe(&self, connection: i64, uri: &str) -> LodeResult<bool> {
        let (_, id) = self.exposed(connection, uri)?;
        self.lode.subscribe_resource(id, uri).await
    }

    async fn unsubscribe(&self, connection: i64, uri: &str) -> LodeResult<()> {
        let (_, id) = self.exposed(connection, uri)?;
        self.lode.unsubscribe_resource(id, uri).await
    }

    fn exposes(&self, connection: i64) -> bool {
        let exposure = self.now();
        !exposure.paused && exposure.by_id(connection).is_some()
    }

    fn changes(&self) -> broadcast::Receiver<HubChange> {
        self.changes.subscribe()
    }
}
