//! The demo server in-process, driven by rmcp's own client over `tokio::io::duplex`.
//! Each test builds its own `Demo`, so they run in parallel without sharing state.

use std::{collections::HashSet, sync::Arc, time::Duration};

use base64::Engine;
use chrono::{DateTime, TimeDelta, Utc};
use lode_demo_server::{Demo, DemoOptions, DemoServer};
use rmcp::{
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
use serde_json::{json, Value};
use tokio::sync::mpsc::{unbounded_channel, UnboundedReceiver, UnboundedSender};

/// What the server told the client, in order.
#[derive(Debug, PartialEq)]
enum Heard {
    Updated(String),
    ListChanged,
}

/// A client that speaks the session protocol (2025-11-25, `initialize`) and
/// forwards resource notifications to the test.
struct Listener {
    heard: UnboundedSender<Heard>,
}

impl ClientHandler for Listener {
    fn get_info(&self) -> ClientConfig {
        ClientConfig::default().with_protocol_version(ProtocolVersion::LATEST_WITH_INITIALIZE)
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

type Client = RunningService<RoleClient, Listener>;

fn options(page_size: usize, interval_ms: u64) -> DemoOptions {
    DemoOptions {
        synthetic: 0,
        page_size,
        update_interval: Duration::from_millis(interval_ms),
    }
}

fn serve_in_process(demo: Arc<Demo>) -> tokio::io::DuplexStream {
    let (server_side, client_side) = tokio::io::duplex(1 << 20);
    tokio::spawn(async move {
        let server = DemoServer::connect(demo).serve(server_side).await?;
        server.waiting().await?;
        anyhow::Ok(())
    });
    client_side
}

async fn connect(demo: Arc<Demo>) -> (Client, UnboundedReceiver<Heard>) {
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

async fn start(options: DemoOptions) -> (Arc<Demo>, Client, UnboundedReceiver<Heard>) {
    let demo = Demo::launch(options).expect("demo content builds");
    let (client, events) = connect(demo.clone()).await;
    (demo, client, events)
}

async fn list_pages(client: &Client) -> Vec<Vec<Resource>> {
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

async fn read(client: &Client, uri: &str) -> ResourceContents {
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

fn text_of(contents: ResourceContents) -> String {
    match contents {
        ResourceContents::TextResourceContents { text, .. } => text,
        other => panic!("expected text, got {other:?}"),
    }
}

fn blob_of(contents: ResourceContents) -> Vec<u8> {
    match contents {
        ResourceContents::BlobResourceContents { blob, .. } => {
            base64::engine::general_purpose::STANDARD
                .decode(blob)
                .expect("blob is base64")
        }
        other => panic!("expected a blob, got {other:?}"),
    }
}

fn error_code(error: ServiceError) -> ErrorCode {
    match error {
        ServiceError::McpError(data) => data.code,
        other => panic!("expected an MCP error, got {other:?}"),
    }
}

async fn next_heard(events: &mut UnboundedReceiver<Heard>, within: Duration) -> Option<Heard> {
    tokio::time::timeout(within, events.recv())
        .await
        .ok()
        .flatten()
}

#[tokio::test]
async fn pagination_returns_every_resource_once_in_pages_of_the_configured_size() {
    let (demo, client, _) = start(options(7, 60_000)).await;
    let pages = list_pages(&client).await;
    let all: Vec<_> = pages.iter().flatten().collect();
    let uris: HashSet<_> = all.iter().map(|r| r.uri.as_str()).collect();

    assert_eq!(all.len(), demo.total());
    assert_eq!(uris.len(), all.len(), "no resource is listed twice");
    assert!(
        all.len() >= 60,
        "about sixty fixed resources, got {}",
        all.len()
    );
    assert_eq!(pages.len(), all.len().div_ceil(7));
    assert!(pages.iter().all(|page| page.len() <= 7));
    for uri in [
        "file:///project/README.md",
        "file:///project/docs/guides/getting-started.md",
        "table://user",
        "table://item",
        "beeos://agent/config",
        "beeos://agent/skills",
        "demo://clock/now",
    ] {
        assert!(uris.contains(uri), "{uri} is listed");
    }
    let schemes: HashSet<_> = uris
        .iter()
        .filter_map(|u| u.split_once("://"))
        .map(|(s, _)| s)
        .collect();
    assert!(schemes.len() >= 3, "at least three schemes: {schemes:?}");

    let bad = client
        .list_resources(Some(
            PaginatedRequestParams::default().with_cursor(Some("x".into())),
        ))
        .await
        .expect_err("a malformed cursor is refused");
    assert_eq!(error_code(bad), ErrorCode::INVALID_PARAMS);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn page_size_zero_lists_everything_in_one_page_including_synthetic() {
    let mut options = options(0, 60_000);
    options.synthetic = 2_500;
    let (demo, client, _) = start(options).await;
    let pages = list_pages(&client).await;
    assert_eq!(pages.len(), 1);
    assert_eq!(pages[0].len(), demo.total());
    let synthetic = pages[0]
        .iter()
        .filter(|r| r.uri.starts_with("demo://synthetic/"))
        .count();
    assert_eq!(synthetic, 2_500);

    let last = pages[0].last().expect("non-empty");
    let text = text_of(read(&client, &last.uri).await);
    assert_eq!(Some(text.len() as u64), last.size);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn every_annotation_combination_is_present_including_absent() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let all: Vec<Resource> = list_pages(&client).await.into_iter().flatten().collect();

    let audiences = [
        Some(vec![Role::User]),
        Some(vec![Role::Assistant]),
        Some(vec![Role::User, Role::Assistant]),
        None,
    ];
    let priorities: Vec<Option<i32>> = (0..=10).map(Some).chain([None]).collect();
    let seen: HashSet<(String, Option<i32>)> = all
        .iter()
        .map(|r| {
            let annotations = r.annotations.as_ref();
            let audience = annotations.and_then(|a| a.audience.clone());
            let priority = annotations
                .and_then(|a| a.priority)
                .map(|p| (p * 10.0).round() as i32);
            (format!("{audience:?}"), priority)
        })
        .collect();
    for audience in &audiences {
        for priority in &priorities {
            assert!(
                seen.contains(&(format!("{audience:?}"), *priority)),
                "audience {audience:?} with priority {priority:?}"
            );
        }
    }

    assert!(
        all.iter().any(|r| r.annotations.is_none()),
        "a resource with no annotations"
    );
    let stamps: Vec<Option<&String>> = all
        .iter()
        .map(|r| {
            r.annotations
                .as_ref()
                .and_then(|a| a.last_modified.as_ref())
        })
        .collect();
    assert!(
        stamps.iter().any(Option::is_none),
        "lastModified absent somewhere"
    );
    let now = Utc::now();
    let times: Vec<DateTime<Utc>> = stamps
        .iter()
        .flatten()
        .map(|s| {
            DateTime::parse_from_rfc3339(s)
                .expect("RFC 3339")
                .with_timezone(&Utc)
        })
        .collect();
    assert!(times.len() > 30);
    assert!(times.iter().all(|t| *t <= now + TimeDelta::minutes(1)));
    assert!(times.iter().all(|t| *t >= now - TimeDelta::days(366)));
    let oldest = times.iter().min().expect("some");
    assert!(
        *oldest < now - TimeDelta::days(180),
        "spread over the past year"
    );

    // Most resources carry the descriptive fields.
    let described = all
        .iter()
        .filter(|r| r.title.is_some() && r.description.is_some() && r.size.is_some())
        .count();
    assert!(described * 10 >= all.len() * 9);
    assert!(all.iter().filter(|r| r.icons.is_some()).count() * 4 >= all.len() * 3);
    assert!(
        all.iter().any(|r| r.mime_type.is_none()),
        "one resource has no mimeType"
    );
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn reads_text_tables_blobs_with_sizes_that_match_the_listing() {
    let (_, client, _) = start(options(0, 60_000)).await;

    let readme = text_of(read(&client, "file:///project/README.md").await);
    assert!(readme.starts_with("# Atlas"));

    let user: Value = serde_json::from_str(&text_of(read(&client, "table://user").await))
        .expect("table text is JSON");
    assert_eq!(user["table"], "user");
    let records = user["records"].as_array().expect("records array");
    assert!(records.len() >= 10);
    assert_eq!(user["count"].as_u64(), Some(records.len() as u64));

    let row: Value = serde_json::from_str(&text_of(read(&client, "table://user/3").await))
        .expect("row text is JSON");
    assert_eq!(row["record"]["id"], 3);

    let png = blob_of(read(&client, "file:///project/assets/logo.png").await);
    assert_eq!(&png[..8], b"\x89PNG\r\n\x1a\n");
    let pdf = blob_of(read(&client, "file:///project/docs/spec.pdf").await);
    assert!(pdf.starts_with(b"%PDF-1.4"));

    let config: Value = serde_json::from_str(&text_of(read(&client, "beeos://agent/config").await))
        .expect("agent config is JSON");
    assert!(config["model"].is_string() && config["tools"].is_array());
    let skills: Value = serde_json::from_str(&text_of(read(&client, "beeos://agent/skills").await))
        .expect("skills are JSON");
    assert!(skills["skills"][0]["description"].is_string());

    // `size` is the byte length of what a read returns, for every fixed resource.
    let all = list_pages(&client).await.remove(0);
    for resource in &all {
        let contents = read(&client, &resource.uri).await;
        let (length, mime) = match contents {
            ResourceContents::TextResourceContents {
                text, mime_type, ..
            } => (text.len(), mime_type),
            ResourceContents::BlobResourceContents {
                blob, mime_type, ..
            } => (
                base64::engine::general_purpose::STANDARD
                    .decode(blob)
                    .expect("base64")
                    .len(),
                mime_type,
            ),
            other => panic!("unexpected contents {other:?}"),
        };
        assert_eq!(
            Some(length as u64),
            resource.size,
            "size of {}",
            resource.uri
        );
        assert_eq!(mime, resource.mime_type, "mimeType of {}", resource.uri);
    }
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn unknown_uri_is_resource_not_found_with_the_uri_in_the_message() {
    let (_, client, _) = start(options(50, 60_000)).await;
    for uri in [
        "file:///project/nope.md",
        "table://nope",
        "table://user/999",
        "demo://notes/1",
    ] {
        let error = client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await
            .expect_err("unknown resource");
        let ServiceError::McpError(data) = error else {
            panic!("expected an MCP error for {uri}");
        };
        assert_eq!(data.code, ErrorCode::RESOURCE_NOT_FOUND, "{uri}");
        assert_eq!(data.code.0, -32002);
        assert!(
            data.message.contains(uri),
            "message names {uri}: {}",
            data.message
        );
    }
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn templates_complete_table_names_ids_file_paths_and_prompt_values() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let templates = client
        .list_all_resource_templates()
        .await
        .expect("templates");
    let patterns: Vec<_> = templates.iter().map(|t| t.uri_template.as_str()).collect();
    assert!(patterns.contains(&"table://{name}") && patterns.contains(&"file:///{path}"));

    let tables = client
        .complete_resource_simple("table://{name}", "name", "u")
        .await
        .expect("completion");
    assert_eq!(tables, ["user"]);

    let paths = client
        .complete_resource_simple("file:///{path}", "path", "project/docs/g")
        .await
        .expect("completion");
    assert!(paths.contains(&"project/docs/guides/getting-started.md".to_owned()));
    assert!(paths.iter().all(|p| p.starts_with("project/docs/g")));

    let context =
        CompletionContext::with_arguments([("name".to_owned(), "user".to_owned())].into());
    let ids = client
        .complete_resource_argument("table://{name}/{id}", "id", "1", Some(context))
        .await
        .expect("completion");
    assert_eq!(ids.values, ["1", "10", "11", "12"]);
    assert_eq!(ids.total, Some(4));

    let depth = client
        .complete_prompt_simple("research", "depth", "d")
        .await
        .expect("completion");
    assert_eq!(depth, ["deep"]);
    let all_depths = client
        .complete_prompt_simple("research", "depth", "")
        .await
        .expect("completion");
    assert_eq!(all_depths, ["brief", "standard", "deep"]);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
#[allow(deprecated)] // resources/subscribe is the pre-2026-07-28 mechanism, still widely used.
async fn subscription_delivers_clock_updates_until_unsubscribed() {
    let (_, client, mut events) = start(options(50, 100)).await;
    client
        .subscribe(SubscribeRequestParams::new("demo://clock/now"))
        .await
        .expect("subscribe");
    let heard = next_heard(&mut events, Duration::from_secs(3)).await;
    assert_eq!(heard, Some(Heard::Updated("demo://clock/now".into())));

    let first = text_of(read(&client, "demo://clock/now").await);
    assert!(first.starts_with("Current time: "));

    client
        .unsubscribe(UnsubscribeRequestParams::new("demo://clock/now"))
        .await
        .expect("unsubscribe");
    // A tick already in flight may still land; after that, silence.
    tokio::time::sleep(Duration::from_millis(250)).await;
    while events.try_recv().is_ok() {}
    assert_eq!(
        next_heard(&mut events, Duration::from_millis(600)).await,
        None
    );

    let refused = client
        .subscribe(SubscribeRequestParams::new("demo://nope"))
        .await
        .expect_err("subscribing to an unknown resource");
    assert_eq!(error_code(refused), ErrorCode::RESOURCE_NOT_FOUND);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn add_note_notifies_list_changed_and_the_note_is_listed_and_readable() {
    let (demo, client, mut events) = start(options(50, 60_000)).await;
    // A second client sees the change too: list_changed goes to every session.
    let (other, mut other_events) = connect(demo.clone()).await;
    let before = demo.total();

    let arguments = json!({ "title": "Standup", "text": "Ship the demo server." });
    let result = client
        .call_tool(
            CallToolRequestParams::new("add_note")
                .with_arguments(arguments.as_object().cloned().expect("object")),
        )
        .await
        .expect("add_note");
    assert_ne!(result.is_error, Some(true));

    assert_eq!(
        next_heard(&mut events, Duration::from_secs(3)).await,
        Some(Heard::ListChanged)
    );
    assert_eq!(
        next_heard(&mut other_events, Duration::from_secs(3)).await,
        Some(Heard::ListChanged)
    );

    let all: Vec<Resource> = list_pages(&client).await.into_iter().flatten().collect();
    assert_eq!(all.len(), before + 1);
    let note = all
        .iter()
        .find(|r| r.uri == "demo://notes/1")
        .expect("the note is listed");
    assert_eq!(note.title.as_deref(), Some("Standup"));
    let text = text_of(read(&client, "demo://notes/1").await);
    assert!(text.contains("Ship the demo server."));
    assert_eq!(Some(text.len() as u64), note.size);

    other.cancel().await.expect("client closes");
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn tools_and_prompt_behave() {
    let (_, client, _) = start(options(50, 60_000)).await;
    let tools = client.list_all_tools().await.expect("tools");
    let names: Vec<_> = tools.iter().map(|t| t.name.as_ref()).collect();
    assert_eq!(names, ["add_note", "row_count"]);

    let count = client
        .call_tool(
            CallToolRequestParams::new("row_count").with_arguments(
                json!({ "table": "item" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("row_count");
    let text = count.content[0].as_text().expect("text").text.clone();
    assert_eq!(text, "15");

    let missing = client
        .call_tool(
            CallToolRequestParams::new("row_count").with_arguments(
                json!({ "table": "nope" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("a tool-level error, not a protocol error");
    assert_eq!(missing.is_error, Some(true));

    let prompts = client.list_all_prompts().await.expect("prompts");
    assert_eq!(prompts[0].name, "research");
    let prompt = client
        .get_prompt(
            GetPromptRequestParams::new("research").with_arguments(
                json!({ "topic": "stock alerts", "depth": "brief" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("prompt");
    assert_eq!(prompt.messages.len(), 1);
    assert_eq!(prompt.messages[0].role, Role::User);
    let body = serde_json::to_string(&prompt.messages[0].content).expect("serialises");
    assert!(body.contains("stock alerts") && body.contains("five bullet points"));

    let error = client
        .get_prompt(GetPromptRequestParams::new("research"))
        .await
        .expect_err("topic is required");
    assert_eq!(error_code(error), ErrorCode::INVALID_PARAMS);

    let info = client.peer_info().expect("server info");
    assert_eq!(
        info.server_info.as_ref().map(|s| s.name.as_str()),
        Some("lode-demo-server")
    );
    client.cancel().await.expect("client closes");
}

/// 2026-07-28 clients have no `initialize` and no `resources/subscribe`: they hold
/// `subscriptions/listen` open. Lode's Auto lifecycle takes this path with us.
#[tokio::test]
async fn modern_clients_listen_for_clock_updates_and_list_changes() {
    let demo = Demo::launch(options(50, 100)).expect("demo");
    let client = ()
        .serve_with_lifecycle(
            serve_in_process(demo.clone()),
            ClientLifecycleMode::Discover {
                preferred_versions: vec![ProtocolVersion::V_2026_07_28],
            },
        )
        .await
        .expect("discover lifecycle");
    let mut subscription = client
        .listen(
            SubscriptionFilter::builder()
                .resources_list_changed()
                .resource_subscription("demo://clock/now")
                .resource_subscription("demo://does-not-exist")
                .build(),
        )
        .await
        .expect("listen");
    assert_eq!(
        subscription.acknowledged().resource_subscriptions,
        Some(vec!["demo://clock/now".to_owned()]),
        "only existing URIs are acknowledged"
    );

    let update = tokio::time::timeout(Duration::from_secs(3), subscription.next())
        .await
        .expect("an update within 3 s")
        .expect("subscription open")
        .expect("a notification");
    let ServerNotification::ResourceUpdatedNotification(update) = update else {
        panic!("expected resources/updated, got {update:?}");
    };
    assert_eq!(update.params.uri, "demo://clock/now");

    client
        .call_tool(
            CallToolRequestParams::new("add_note").with_arguments(
                json!({ "title": "t", "text": "x" })
                    .as_object()
                    .cloned()
                    .expect("object"),
            ),
        )
        .await
        .expect("add_note");
    let list_changed = async {
        loop {
            match subscription.next().await {
                Ok(Some(ServerNotification::ResourceListChangedNotification(_))) => return true,
                Ok(Some(_)) => continue,
                _ => return false,
            }
        }
    };
    assert!(tokio::time::timeout(Duration::from_secs(3), list_changed)
        .await
        .expect("list_changed within 3 s"));

    // SEP-2164: from 2026-07-28, rmcp maps resource-not-found to -32602.
    let error = client
        .read_resource(ReadResourceRequestParams::new("demo://nope"))
        .await
        .expect_err("unknown resource");
    assert_eq!(error_code(error), ErrorCode::INVALID_PARAMS);

    drop(subscription);
    client.cancel().await.expect("client closes");
}
