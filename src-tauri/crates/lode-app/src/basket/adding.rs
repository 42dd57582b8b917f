//! Adding to a basket: each resource is read from its server now, and kept with what it said
//! and when. Reads run one after another per call (a basket is picked by hand, a few at a
//! time); one that fails is reported and the others are still added.

use std::collections::{HashMap, HashSet};

use lode_core::basket::{fill_order, BasketId, ItemKind, NewItem};
use lode_core::{ConnectionId, LodeError, LodeResult, ResourceItem};
use serde::Serialize;
use ts_rs::TS;

use super::now_rfc3339;
use crate::Lode;

/// What an add did, item by item.
#[derive(Debug, Clone, Default, PartialEq, Serialize, TS)]
#[serde(rename_all = "camelCase")]
#[ts(export)]
pub struct AddReport {
    pub added: usize,
    /// Items that were already in the basket and were read again.
    pub refreshed: usize,
    /// The resources that could not be read, with why.
    pub failed: Vec<AddFailure>,
    /// Resources "fill to budget" left out because they would not fit.
    pub skipped_for_budget: usize,
}

/// One resource an add could not read, and why.
#[derive(Debug, Clone, PartialEq, Serialize, TS)]
#[ts(export)]
pub struct AddFailure {
    pub uri: String,
    pub error: LodeError,
}

impl Lode {
    /// Reads `resources` (rows of connection `id`'s listing) and adds them to basket `basket`,
    /// as resources; a URI the listing does not have (a template's expansion) is added as
    /// a template item.
    pub async fn add_to_basket(
        &self,
        basket: BasketId,
        id: ConnectionId,
        resources: Vec<ResourceItem>,
    ) -> LodeResult<AddReport> {
        let rows = resources
            .into_iter()
            .map(|r| (r, ItemKind::Resource))
            .collect();
        self.add_rows(basket, id, rows).await
    }

    async fn add_rows(
        &self,
        basket: BasketId,
        id: ConnectionId,
        rows: Vec<(ResourceItem, ItemKind)>,
    ) -> LodeResult<AddReport> {
        self.add_rows_with(basket, id, rows, |_| {}).await
    }

    /// [`Self::add_rows`], with `finish` given each item read before it is kept.
    pub(crate) async fn add_rows_with(
        &self,
        basket: BasketId,
        id: ConnectionId,
        rows: Vec<(ResourceItem, ItemKind)>,
        mut finish: impl FnMut(&mut NewItem),
    ) -> LodeResult<AddReport> {
        let mut report = AddReport::default();
        let mut items = Vec::new();
        for (resource, kind) in rows {
            match self.read_as_item(id, resource, kind).await {
                Ok(mut item) => {
                    finish(&mut item);
                    items.push(item)
                }
                Err((uri, error)) => report.failed.push(AddFailure { uri, error }),
            }
        }
        let added = self.store.add_basket_items(basket, &items)?;
        report.added = added.new;
        report.refreshed = added.refreshed;
        self.watch_basket_items(id, items.iter().map(|i| i.uri.as_str()))
            .await;
        Ok(report)
    }

    /// Reads `resources` — rows of the browser's index, of any connections — and adds them,
    /// grouped by the connection each names (`ResourceItem::server`), in the order given
    /// within each. What the window's "add to basket" does.
    pub async fn add_resources_to_basket(
        &self,
        basket: BasketId,
        resources: Vec<ResourceItem>,
    ) -> LodeResult<AddReport> {
        let mut groups: Vec<(String, Vec<ResourceItem>)> = Vec::new();
        for resource in resources {
            match groups
                .iter_mut()
                .find(|(server, _)| *server == resource.server)
            {
                Some((_, rows)) => rows.push(resource),
                None => groups.push((resource.server.clone(), vec![resource])),
            }
        }
        let mut report = AddReport::default();
        for (server, rows) in groups {
            let connection = match self.find_by_name(&server) {
                Ok(connection) => connection,
                Err(error) => {
                    report.failed.extend(rows.into_iter().map(|r| AddFailure {
                        uri: r.uri,
                        error: error.clone(),
                    }));
                    continue;
                }
            };
            let part = self.add_to_basket(basket, connection.id, rows).await?;
            report.added += part.added;
            report.refreshed += part.refreshed;
            report.failed.extend(part.failed);
        }
        Ok(report)
    }

    /// Adds the URIs given, taking each one's name, title, MIME type and annotations from
    /// connection `id`'s listing when it is there; one it does not have (a template's
    /// expansion) is added as a template item, named by its URI. What `lode basket add` does.
    pub async fn add_uris_to_basket(
        &self,
        basket: BasketId,
        id: ConnectionId,
        uris: &[String],
    ) -> LodeResult<AddReport> {
        let listed = self.list_resources(id).await?;
        let server = self.store.get_connection(id)?.name;
        let rows = uris
            .iter()
            .map(|uri| match listed.iter().find(|r| &r.uri == uri) {
                Some(row) => (row.clone(), ItemKind::Resource),
                None => (unlisted(&server, uri), ItemKind::Template),
            })
            .collect();
        self.add_rows(basket, id, rows).await
    }

    /// "Fill to budget by priority": tries `candidates` (rows of any connections) in
    /// [`fill_order`] (for the assistant first, highest priority first) and adds each one that
    /// still fits under the basket's token limit, reading at most `max_reads` of them. A
    /// basket without a limit is refused.
    pub async fn fill_basket(
        &self,
        basket: BasketId,
        candidates: Vec<ResourceItem>,
        max_reads: usize,
    ) -> LodeResult<AddReport> {
        let current = self.store.basket(basket)?;
        let Some(limit) = current.token_limit else {
            return Err(LodeError::new(
                lode_core::ErrorCode::InvalidInput,
                "set the basket's token limit before filling it to budget",
            ));
        };
        let mut left = limit.saturating_sub(current.totals().tokens);
        let present: HashSet<(&str, &str)> = current
            .items
            .iter()
            .map(|i| (i.server.as_str(), i.uri.as_str()))
            .collect();
        let mut connections: HashMap<String, LodeResult<ConnectionId>> = HashMap::new();
        let mut report = AddReport::default();
        let mut items = Vec::new();
        let mut reads = 0;
        for index in fill_order(&candidates) {
            if left == 0 || reads == max_reads {
                break;
            }
            let candidate = &candidates[index];
            if present.contains(&(candidate.server.as_str(), candidate.uri.as_str())) {
                continue;
            }
            let connection = connections
                .entry(candidate.server.clone())
                .or_insert_with(|| self.find_by_name(&candidate.server).map(|c| c.id))
                .clone();
            let id = match connection {
                Ok(id) => id,
                Err(error) => {
                    report.failed.push(AddFailure {
                        uri: candidate.uri.clone(),
                        error,
                    });
                    continue;
                }
            };
            reads += 1;
            match self
                .read_as_item(id, candidate.clone(), ItemKind::Resource)
                .await
            {
                Ok(item) if item.tokens() <= left => {
                    left -= item.tokens();
                    items.push((id, item));
                }
                Ok(_) => report.skipped_for_budget += 1,
                Err((uri, error)) => report.failed.push(AddFailure { uri, error }),
            }
        }
        let new_items: Vec<NewItem> = items.iter().map(|(_, item)| item.clone()).collect();
        let added = self.store.add_basket_items(basket, &new_items)?;
        report.added = added.new;
        report.refreshed = added.refreshed;
        for (id, item) in &items {
            self.watch_basket_items(*id, std::iter::once(item.uri.as_str()))
                .await;
        }
        Ok(report)
    }

    /// Reads item `item` of basket `basket` from its server again: fresh contents, no longer
    /// stale. The server is found by the connection's name the item was added from.
    pub async fn refresh_basket_item(&self, basket: BasketId, item: i64) -> LodeResult<()> {
        let current = self.store.basket(basket)?;
        let Some(old) = current.items.into_iter().find(|i| i.id == item) else {
            return Err(LodeError::new(
                lode_core::ErrorCode::NotFound,
                "no such item in the basket",
            ));
        };
        if !old.kind.is_readable() {
            return Err(LodeError::new(
                lode_core::ErrorCode::InvalidInput,
                format!(
                    "\"{}\" is a {} and cannot be read again",
                    old.name,
                    old.kind.as_str()
                ),
            ));
        }
        let connection = self.find_by_name(&old.server)?;
        let row = ResourceItem {
            server: old.server,
            uri: old.uri,
            name: old.name,
            title: old.title,
            description: None,
            mime_type: old.mime_type,
            size: None,
            annotations: old.annotations,
            icons: None,
            meta: None,
        };
        let fresh = self
            .read_as_item(connection.id, row, old.kind)
            .await
            .map_err(|(_, error)| error)?;
        self.store.add_basket_items(basket, &[fresh])?;
        Ok(())
    }

    pub(crate) async fn read_as_item(
        &self,
        id: ConnectionId,
        row: ResourceItem,
        kind: ItemKind,
    ) -> Result<NewItem, (String, LodeError)> {
        let contents = match self.read_resource(id, &row.uri).await {
            Ok(contents) => contents,
            Err(error) => return Err((row.uri, error)),
        };
        let server = match self.store.get_connection(id) {
            Ok(connection) => connection.name,
            Err(error) => return Err((row.uri, error)),
        };
        let mime_type = row.mime_type.clone().or_else(|| {
            contents
                .first()
                .and_then(|c| c.mime_type().map(str::to_owned))
        });
        Ok(NewItem {
            kind,
            server,
            uri: row.uri,
            name: row.name,
            title: row.title,
            mime_type,
            annotations: row.annotations,
            contents,
            fetched_at: now_rfc3339(),
            skill_frontmatter: None,
        })
    }
}

/// A row for a URI the listing does not have: named by the URI itself.
fn unlisted(server: &str, uri: &str) -> ResourceItem {
    ResourceItem {
        server: server.to_owned(),
        uri: uri.to_owned(),
        name: uri.to_owned(),
        title: None,
        description: None,
        mime_type: None,
        size: None,
        annotations: Default::default(),
        icons: None,
        meta: None,
    }
}
