//! The state every connection shares: content, notes, tables and subscribers.
//! One `Demo` per process; each connection gets its own [`crate::DemoServer`].

use std::{
    sync::{Arc, Weak},
    time::Duration,
};

use base64::Engine;
use chrono::{DateTime, Utc};
use rmcp::{
    model::{ListResourcesResult, MetaObject, Resource, ResourceContents},
    ErrorData,
};
use serde_json::json;
use tokio::{task::JoinHandle, time::MissedTickBehavior};

use lode_serve::plumbing::Subscriptions;

use crate::{
    catalog::{Body, Catalog},
    clock,
    notes::{self, Notes},
    synthetic::Synthetic,
    tables::Tables,
    templates,
};

/// What the command line can change.
#[derive(Debug, Clone)]
pub struct DemoOptions {
    /// Synthetic resources to add after the fixed ones (`--n`).
    pub synthetic: usize,
    /// Resources per `resources/list` page; 0 means one page with everything.
    pub page_size: usize,
    /// How often `demo://clock/now` changes.
    pub update_interval: Duration,
    /// Serve the demo skill's checklist changed after listing it (`--tampered-skill`), so a
    /// client's check of a read against the listed digest can be tested.
    pub tampered_skill: bool,
}

impl Default for DemoOptions {
    fn default() -> Self {
        Self {
            synthetic: 0,
            page_size: 50,
            update_interval: Duration::from_millis(3000),
            tampered_skill: false,
        }
    }
}

pub struct Demo {
    options: DemoOptions,
    catalog: Catalog,
    synthetic: Synthetic,
    notes: Notes,
    tables: Tables,
    subscriptions: Subscriptions,
}

impl Demo {
    /// Builds the content and starts the clock's ticker. Call inside a Tokio runtime.
    pub fn launch(options: DemoOptions) -> anyhow::Result<Arc<Self>> {
        let interval = options.update_interval;
        let demo = Arc::new(Self::new(options)?);
        spawn_clock_ticker(Arc::downgrade(&demo), interval);
        Ok(demo)
    }

    /// Builds the content without a ticker.
    pub fn new(options: DemoOptions) -> anyhow::Result<Self> {
        // One "now" for the whole catalog, so lastModified values are consistent.
        let now = Utc::now();
        let tables = Tables::open()?;
        let catalog = Catalog::build(now, &tables)?;
        let synthetic = Synthetic::build(options.synthetic, now);
        Ok(Self {
            options,
            catalog,
            synthetic,
            notes: Notes::default(),
            tables,
            subscriptions: Subscriptions::default(),
        })
    }

    pub fn options(&self) -> &DemoOptions {
        &self.options
    }

    pub(crate) fn tables(&self) -> &Tables {
        &self.tables
    }

    pub(crate) fn catalog(&self) -> &Catalog {
        &self.catalog
    }

    pub(crate) fn subscriptions(&self) -> &Subscriptions {
        &self.subscriptions
    }

    pub(crate) fn add_note(&self, title: &str, text: &str, now: DateTime<Utc>) -> Resource {
        self.notes.add(title, text, now)
    }

    /// Fixed resources + synthetic ones + notes. Notes come last so that adding
    /// one never shifts the offsets of a client paging through the list.
    pub fn total(&self) -> usize {
        self.catalog.len() + self.synthetic.len() + self.notes.len()
    }

    /// One page of `resources/list`; the cursor is the decimal offset of the page.
    pub fn page(&self, cursor: Option<&str>) -> Result<ListResourcesResult, ErrorData> {
        let start = match cursor {
            None => 0,
            Some(cursor) => cursor.parse::<usize>().map_err(|_| {
                ErrorData::invalid_params(format!("invalid cursor: {cursor:?}"), None)
            })?,
        };
        let total = self.total();
        let end = match self.options.page_size {
            0 => total,
            size => start.saturating_add(size).min(total),
        };
        let mut resources = Vec::with_capacity(end.saturating_sub(start));
        let fixed = self.catalog.len();
        let synthetic_end = fixed + self.synthetic.len();
        resources.extend(
            self.catalog
                .slice(start, end)
                .iter()
                .map(|entry| entry.resource.clone()),
        );
        resources.extend_from_slice(
            self.synthetic
                .slice(start.saturating_sub(fixed), end.saturating_sub(fixed)),
        );
        resources.extend(self.notes.resources(
            start.saturating_sub(synthetic_end),
            end.saturating_sub(synthetic_end),
        ));
        let mut page = ListResourcesResult::with_all_items(resources);
        page.next_cursor = (end < total).then(|| end.to_string());
        Ok(page)
    }

    /// The contents of `uri`, or the MCP resource-not-found error (-32002).
    pub fn read(&self, uri: &str) -> Result<ResourceContents, ErrorData> {
        if let Some(entry) = self.catalog.get(uri) {
            let mime_type = entry.resource.mime_type.clone();
            return match &entry.body {
                Body::Text(text) => Ok(text_contents(uri, mime_type, text.clone())),
                Body::Blob(bytes) => Ok(ResourceContents::BlobResourceContents {
                    uri: uri.to_owned(),
                    mime_type,
                    blob: base64::engine::general_purpose::STANDARD.encode(bytes),
                    meta: None,
                }),
                Body::Table(name) => match self.tables.render(name).map_err(internal)? {
                    Some(text) => Ok(text_contents(uri, mime_type, text)),
                    None => Err(not_found(uri)),
                },
                Body::Clock => {
                    let now = Utc::now();
                    Ok(ResourceContents::TextResourceContents {
                        uri: uri.to_owned(),
                        mime_type,
                        text: clock::render(now),
                        meta: Some(MetaObject(clock::meta(now))),
                    })
                }
            };
        }
        if uri.starts_with(notes::PREFIX) {
            let note = self.notes.get(uri).ok_or_else(|| not_found(uri))?;
            return Ok(text_contents(uri, note.resource.mime_type, note.text));
        }
        if let Some((mime, text)) = self.synthetic.read(uri) {
            return Ok(text_contents(uri, Some(mime.to_owned()), text));
        }
        if let Some((name, id)) = templates::table_row(uri) {
            if let Some(text) = self.tables.render_row(name, id).map_err(internal)? {
                return Ok(text_contents(
                    uri,
                    Some("application/json".to_owned()),
                    text,
                ));
            }
        }
        Err(not_found(uri))
    }

    /// Whether `uri` can be read; subscribing to anything else is refused.
    pub fn exists(&self, uri: &str) -> bool {
        self.catalog.get(uri).is_some()
            || self.notes.get(uri).is_some()
            || self.synthetic.read(uri).is_some()
            || templates::table_row(uri)
                .is_some_and(|(name, id)| matches!(self.tables.render_row(name, id), Ok(Some(_))))
    }
}

/// Every `interval`, notifies the subscribers of the clock (`demo://clock/now`). Holds the demo
/// weakly so the task ends when the last server of that demo is gone (tests start many).
fn spawn_clock_ticker(demo: Weak<Demo>, interval: Duration) -> JoinHandle<()> {
    tokio::spawn(async move {
        let mut ticks = tokio::time::interval(interval);
        ticks.set_missed_tick_behavior(MissedTickBehavior::Delay);
        // The first tick completes at once; the clock has not changed yet.
        ticks.tick().await;
        loop {
            ticks.tick().await;
            let Some(demo) = demo.upgrade() else {
                break;
            };
            demo.subscriptions().resource_updated(clock::URI).await;
        }
    })
}

fn text_contents(uri: &str, mime_type: Option<String>, text: String) -> ResourceContents {
    ResourceContents::TextResourceContents {
        uri: uri.to_owned(),
        mime_type,
        text,
        meta: None,
    }
}

pub(crate) fn not_found(uri: &str) -> ErrorData {
    ErrorData::resource_not_found(
        format!("resource not found: {uri}"),
        Some(json!({ "uri": uri })),
    )
}

pub(crate) fn internal(error: anyhow::Error) -> ErrorData {
    ErrorData::internal_error(format!("{error:#}"), None)
}
