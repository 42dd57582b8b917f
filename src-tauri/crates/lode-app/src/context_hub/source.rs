//! [`HubOfLode`]: lode-serve's `HubSource` answered by this Lode, for one exposure.

use std::collections::BTreeMap;
use std::sync::Arc;

use lode_core::context_hub::{HubSearch, HubSearchAnswer, HubSuggestion, SuggestContext};
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
    pub exposure: Exposure,
    pub changes: broadcast::Sender<HubChange>,
}

impl HubOfLode {
    /// The exposed connection `connection`, or the error a client reads.
    fn exposed(&self, connection: i64) -> LodeResult<ConnectionId> {
        self.exposure
            .by_id(connection)
            .map(|c| c.id)
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::NotFound,
                    format!("connection {connection} is not exposed to this assistant"),
                )
            })
    }
}

impl HubSource for HubOfLode {
    fn describe(&self) -> (String, Vec<String>) {
        (self.exposure.profile.clone(), self.exposure.names())
    }

    async fn search(&self, search: HubSearch) -> LodeResult<HubSearchAnswer> {
        self.lode.hub_search(&self.exposure, search).await
    }

    async fn suggest(&self, request: SuggestContext) -> LodeResult<HubSuggestion> {
        self.lode.hub_suggest(&self.exposure, request).await
    }

    async fn page(&self, offset: usize, limit: usize) -> LodeResult<HubPage> {
        let query = Query {
            text: String::new(),
            sort: SortKey::Server,
            filters: Filters {
                servers: Some(self.exposure.names()),
                audience: self.exposure.audience,
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
                let connection = self.exposure.named(&row.item.server)?.id.0;
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
        let exposure = &self.exposure;
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
        let id = self.exposed(connection)?;
        self.lode.read_resource(id, uri).await
    }

    async fn complete(
        &self,
        connection: i64,
        template: &str,
        argument: &str,
        value: &str,
        context: BTreeMap<String, String>,
    ) -> LodeResult<Completion> {
        let id = self.exposed(connection)?;
        self.lode
            .complete_template(id, template, argument, value, context)
            .await
    }

    async fn subscribe(&self, connection: i64, uri: &str) -> LodeResult<bool> {
        let id = self.exposed(connection)?;
        self.lode.subscribe_resource(id, uri).await
    }

    async fn unsubscribe(&self, connection: i64, uri: &str) -> LodeResult<()> {
        let id = self.exposed(connection)?;
        self.lode.unsubscribe_resource(id, uri).await
    }

    fn exposes(&self, connection: i64) -> bool {
        self.exposure.by_id(connection).is_some()
    }

    fn changes(&self) -> broadcast::Receiver<HubChange> {
        self.changes.subscribe()
    }
}
