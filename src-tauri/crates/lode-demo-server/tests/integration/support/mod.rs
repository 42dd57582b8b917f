//! The demo server in-process, driven by rmcp's own client over `tokio::io::duplex`.
//! Each test builds its own `Demo`, so they run in parallel without sharing state.
#![allow(dead_code, unused_imports)] // each test binary uses a different part of this module

pub use std::{collections::HashSet, sync::Arc, time::Duration};

pub use base64::Engine;
pub use chrono::{DateTime, TimeDelta, Utc};
pub use lode_demo_server::{Demo, DemoOptions, DemoServer};
pub use rmcp::{
    model::{
        CallToolRequestParams, ClientConfig, CompletionContext, ErrorCode, GetPromptRequestParams,
        PaginatedRequestParams, ProtocolVersion, ReadResourceRequestParams, Resource,
        ResourceContents, ResourceUpdatedNotificationParam, Role, ServerNotification,
        SubscribeRequestParams, SubscriptionFilter, UnsubscribeRequestParams,
    },
    service::{NotificationContext, RunningService},
    ClientCacheConfig, ClientHandler, ClientLifecycleMode, ClientServiceExt, RoleClient,
    ServiceError, ServiceExt,
};
pub use serde_json::{json, Value};
pub use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// What the server told the client, in order.
#[derive(Debug, PartialEq)]
pub enum Heard {
    Updated(String),
    ListChanged,
}

/// A client that speaks the session protocol (2025-11-25, `initialize`), says it shows MCP Apps
/// (the demo serves its app's page only to such a client), and forwards resource
/// notifications to the test.
pub struct Listener {
    pub heard: UnboundedSender<Heard>,
}

impl ClientHandler for Listener {
    fn get_info(&self) -> ClientConfig {
        let mut config =
            ClientConfig::default().with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE);
        let apps = json!({ "mimeTypes": ["text/html;profile=mcp-app"] });
        config.capabilities.extensions = Some(
            [(
                "io.modelcontextprotocol/ui".to_owned(),
                serde_json::from_value(apps).unwrap_or_default(),
            )]
            .into(),
        );
        config
    }

    async fn on_resource_updated(
        &self,
        params: ResourceUpdatedNotificationParam,
        _context: NotificationContext<RoleClient>,
    ) {
        let _ = self.heard.send(Heard::Updated(params.uri));
    }

    async fn on_resource_list_changed(&self, _context: NotificationContext<RoleClient>) {
        let _ = self.heard.send(Heard::ListChanged);
    }
}

pub type Client = RunningService<RoleClient, Listener>;

pub fn options(page_size: usize, interval_ms: u64) -> DemoOptions {
    DemoOptions {
        synthetic: 0,
        page_size,
        update_interval: Duration::from_millis(interval_ms),
        tampered_skill: false,
    }
}

pub fn serve_in_process(demo: Arc<Demo>) -> tokio::io::DuplexStream {
    let (server_side, client_side) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        let server = DemoServer::connect(demo).serve(server_side).await?;
        server.waiting().await?;
        anyhow::Ok(())
    });
    client_side
}

pub async fn connect(demo: Arc<Demo>) -> (Client, UnboundedReceiver<Heard>) {
    let (heard, events) = unbounded_channel();
    let client = Listener { heard }
        .serve(serve_in_process(demo))
        .await
        .expect("client connects");
    // Lode disables rmcp's response cache; the tests observe the server directly too.
    client
        .peer()
        .set_response_cache_config(ClientCacheConfig::disabled())
        .await;
    (client, events)
}

pub async fn start(options: DemoOptions) -> (Arc<Demo>, Client, UnboundedReceiver<Heard>) {
    let demo = Demo::launch(options).expect("demo content builds");
    let (client, events) = connect(demo.clone()).await;
    (demo, client, events)
}

pub async fn list_pages(client: &Client) -> Vec<Vec<Resource>> {
    let mut pages = Vec::new();
    let mut cursor = None;
    loop {
        let page = client
            .list_resources(Some(PaginatedRequestParams::default().with_cursor(cursor)))
            .await
            .expect("resources/list");
        pages.push(page.resources);
        match page.next_cursor {
            Some(next) => cursor = Some(next),
            None => return pages,
        }
    }
}

pub async fn read(client: &Client, uri: &str) -> ResourceContents {
    let result = client
        .read_resource(ReadResourceRequestParams::new(uri))
        .await
        .unwrap_or_else(|error| panic!("reading {uri}: {error}"));
    assert_eq!(result.contents.len(), 1, "{uri} has one content item");
    result
        .contents
        .into_iter()
        .next()
        .expect("one content item")
}

pub fn text_of(contents: ResourceContents) -> String {
    match contents {
        ResourceContents::TextResourceContents { text, .. } => text,
        other => panic!("expected text, got {other:?}"),
    }
}

pub fn blob_of(contents: ResourceContents) -> Vec<u8> {
    match contents {
        ResourceContents::BlobResourceContents { blob, .. } => {
            base64::engine::general_purpose::STANDARD
                .decode(blob)
                .expect("blob is base64")
        }
        other => panic!("expected a blob, got {other:?}"),
    }
}

pub fn error_code(error: ServiceError) -> ErrorCode {
    match error {
        ServiceError::McpError(data) => data.code,
        other => panic!("expected an MCP error, got {other:?}"),
    }
}

pub async fn next_heard(events: &mut UnboundedReceiver<Heard>, within: Duration) -> Option<Heard> {
    tokio::time::timeout(within, events.recv())
        .await
        .ok()
        .flatten()
}
