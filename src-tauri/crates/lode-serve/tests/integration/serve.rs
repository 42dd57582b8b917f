//! Lode serving a basket as an MCP server, driven by rmcp's own client: in-process over a pipe
//! for the protocol, and over real HTTP on 127.0.0.1 for the token and Origin checks.

use crate::support::basket_fixture;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use basket_fixture::*;
use lode_core::basket::BasketItem;
use lode_core::{ErrorCode as LodeCode, ResourceContent};
use lode_serve::{item_uri, serve_http, BasketFeed};
use rmcp::model::{
    ContentBlock, ErrorCode, GetPromptRequestParams, PaginatedRequestParams, ProtocolVersion,
    ReadResourceRequestParams, ResourceContents, ServerNotification, SubscribeRequestParams,
    SubscriptionFilter,
};
use rmcp::transport::streamable_http_client::StreamableHttpClientTransportConfig;
use rmcp::transport::StreamableHttpClientTransport;
use rmcp::{ClientLifecycleMode, ClientServiceExt, ServiceError, ServiceExt};
use serde_json::json;

const WAIT: Duration = Duration::from_secs(3);

fn error_code(error: ServiceError) -> ErrorCode {
    match error {
        ServiceError::McpError(data) => data.code,
        other => panic!("expected an MCP error, got {other:?}"),
    }
}

#[tokio::test]
async fn lists_every_item_with_its_annotations_and_provenance() {
    let fixture = Fixture::new(basket());
    let (client, _, _) = connect(&fixture).await;

    let info = client.peer_info().expect("server info");
    let server = info.server_info.as_ref().expect("serverInfo");
    assert_eq!(server.name, "lode");
    assert_eq!(server.title.as_deref(), Some("Lode basket Q3 review"));
    assert!(info
        .instructions
        .as_deref()
        .is_some_and(|i| i.contains("Q3 review")));
    let resources = info.capabilities.resources.as_ref().expect("resources");
    assert_eq!(
        (resources.subscribe, resources.list_changed),
        (Some(true), Some(true))
    );
    let prompts = info.capabilities.prompts.as_ref().expect("prompts");
    assert_eq!(prompts.list_changed, Some(true));

    let listed = client.list_all_resources().await.expect("resources/list");
    let listed = serde_json::to_value(&listed).expect("json");
    assert_eq!(
        listed,
        json!([
            {
                "uri": URI_1, "name": "README.md", "title": "Read me",
                "description": "the overview", "mimeType": "text/markdown", "size": 7,
                "annotations": {
                    "audience": ["user", "assistant"], "priority": 0.75,
                    "lastModified": "2026-01-02T03:04:05Z"
                },
                "_meta": { "dev.lode/provenance": {
                    "server": "Demo", "uri": "file:///project/README.md", "kind": "resource",
                    "fetchedAt": "2026-03-01T10:00:00Z", "lastModified": "2026-01-02T03:04:05Z",
                    "stale": false, "tokens": 3
                }}
            },
            {
                "uri": URI_2, "name": "logo.png", "mimeType": "image/png", "size": 4,
                "_meta": { "dev.lode/provenance": {
                    "server": "Images", "uri": "img://logo.png", "kind": "template",
                    "fetchedAt": "2026-03-01T10:05:00Z", "stale": true, "tokens": 0
                }}
            }
        ])
    );
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn reads_give_text_and_blobs_under_the_lode_uri() {
    let fixture = Fixture::new(basket());
    let (client, _, _) = connect(&fixture).await;

    let text = client
        .read_resource(ReadResourceRequestParams::new(URI_1))
        .await
        .expect("read text");
    assert_eq!(
        text.contents,
        vec![ResourceContents::TextResourceContents {
            uri: URI_1.into(),
            mime_type: Some("text/markdown".into()),
            text: "# Atlas".into(),
            meta: None,
        }]
    );
    let blob = client
        .read_resource(ReadResourceRequestParams::new(URI_2))
        .await
        .expect("read blob");
    assert_eq!(
        blob.contents,
        vec![ResourceContents::BlobResourceContents {
            uri: URI_2.into(),
            mime_type: Some("image/png".into()),
            blob: PNG_BASE64.into(),
            meta: None,
        }]
    );
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn unknown_uris_are_resource_not_found() {
    let fixture = Fixture::new(basket());
    let (client, _, _) = connect(&fixture).await;
    for (uri, why) in [
        ("lode://basket/Q3%20review/3", "there is no item 3"),
        ("lode://basket/Q3%20review/0", "there is no item 0"),
        ("lode://basket/Other/1", "no basket called \"Other\""),
        ("lode://basket/Q3 review/1x", "expected lode://basket/"),
        ("file:///project/README.md", "expected lode://basket/"),
    ] {
        let error = client
            .read_resource(ReadResourceRequestParams::new(uri))
            .await
            .expect_err(uri);
        let ServiceError::McpError(data) = error else {
            panic!("{uri}: expected an MCP error, got {error:?}");
        };
        assert_eq!(data.code, ErrorCode(-32002), "{uri}");
        assert!(data.message.contains(why), "{uri}: {}", data.message);
    }
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn the_basket_prompt_embeds_every_item() {
    let fixture = Fixture::new(basket());
    let (client, _, _) = connect(&fixture).await;

    let prompts = client.list_all_prompts().await.expect("prompts/list");
    assert_eq!(prompts.len(), 1);
    assert_eq!(prompts[0].name, "basket");
    assert_eq!(prompts[0].title.as_deref(), Some("The whole basket"));
    assert!(prompts[0].arguments.as_ref().is_none_or(Vec::is_empty));

    let prompt = client
        .get_prompt(GetPromptRequestParams::new("basket"))
        .await
        .expect("prompts/get");
    assert_eq!(prompt.messages.len(), 3);
    let ContentBlock::Text(intro) = &prompt.messages[0].content else {
        panic!("a text introduction first: {:?}", prompt.messages[0]);
    };
    assert_eq!(
        intro.text,
        "Context from the Lode basket \"Q3 review\": 2 items."
    );
    let embedded: Vec<_> = prompt.messages[1..]
        .iter()
        .map(|message| match &message.content {
            ContentBlock::Resource(embedded) => embedded.resource.clone(),
            other => panic!("an embedded resource, got {other:?}"),
        })
        .collect();
    assert!(
        matches!(&embedded[0], ResourceContents::TextResourceContents { uri, text, .. }
        if uri == URI_1 && text == "# Atlas")
    );
    assert!(
        matches!(&embedded[1], ResourceContents::BlobResourceContents { uri, blob, .. }
        if uri == URI_2 && blob == PNG_BASE64)
    );

    let error = client
        .get_prompt(GetPromptRequestParams::new("research"))
        .await
        .expect_err("unknown prompt");
    assert_eq!(error_code(error), ErrorCode::INVALID_PARAMS);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
#[allow(deprecated)] // resources/subscribe is the pre-2026-07-28 mechanism, still widely used.
async fn changes_reach_every_session_and_the_watchers_of_changed_items() {
    let fixture = Fixture::new(basket());
    let (client, mut events, _) = connect(&fixture).await;
    for uri in [URI_1, URI_2] {
        client
            .subscribe(SubscribeRequestParams::new(uri))
            .await
            .expect("subscribe");
    }
    let error = client
        .subscribe(SubscribeRequestParams::new("lode://basket/Q3%20review/9"))
        .await
        .expect_err("no item 9");
    assert_eq!(error_code(error), ErrorCode(-32002));

    // The same revision again, or a budget change: nothing a client sees.
    fixture.touch();
    fixture.change(|basket| basket.token_limit = Some(5));
    assert_eq!(
        heard_within(&mut events, Duration::from_millis(300)).await,
        vec![]
    );

    // The second item is refreshed: it is the only one updated.
    fixture.change(|basket| basket.items[1].stale = false);
    let heard = heard_within(&mut events, Duration::from_millis(500)).await;
    assert!(heard.contains(&Heard::ResourcesChanged), "{heard:?}");
    assert!(heard.contains(&Heard::PromptsChanged), "{heard:?}");
    assert!(heard.contains(&Heard::Updated(URI_2.into())), "{heard:?}");
    assert!(!heard.contains(&Heard::Updated(URI_1.into())), "{heard:?}");

    // Removing the first item moves the second into its place: both positions changed.
    fixture.change(|basket| {
        basket.items.remove(0);
    });
    let heard = heard_within(&mut events, Duration::from_millis(500)).await;
    assert!(heard.contains(&Heard::Updated(URI_1.into())), "{heard:?}");
    assert!(heard.contains(&Heard::Updated(URI_2.into())), "{heard:?}");
    let listed = client.list_all_resources().await.expect("list");
    assert_eq!(listed.len(), 1);
    assert_eq!(listed[0].name, "logo.png");
    client.cancel().await.expect("client closes");
}

/// 2026-07-28 clients hold `subscriptions/listen` open instead of subscribing.
#[tokio::test]
async fn modern_clients_listen_for_changes() {
    let fixture = Fixture::new(basket());
    let (stream, _server) = serve_in_process(&fixture);
    let client = ()
        .serve_with_lifecycle(
            stream,
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
                .prompts_list_changed()
                .resource_subscription(URI_1)
                .resource_subscription("lode://basket/Q3%20review/42")
                .build(),
        )
        .await
        .expect("listen");
    assert_eq!(
        subscription.acknowledged().resource_subscriptions,
        Some(vec![URI_1.to_owned()]),
        "only URIs of existing items are acknowledged"
    );

    fixture.change(|basket| {
        basket.items[0].contents = vec![ResourceContent::Text {
            uri: "file:///project/README.md".into(),
            mime_type: Some("text/markdown".into()),
            text: "# Atlas, revised".into(),
            meta: None,
        }];
    });
    let mut seen = (false, false, false);
    while seen != (true, true, true) {
        let next = tokio::time::timeout(WAIT, subscription.next())
            .await
            .unwrap_or_else(|_| panic!("notifications within 3 s, got {seen:?}"));
        match next.expect("subscription open").expect("a notification") {
            ServerNotification::ResourceListChangedNotification(_) => seen.0 = true,
            ServerNotification::PromptListChangedNotification(_) => seen.1 = true,
            ServerNotification::ResourceUpdatedNotification(update) => {
                assert_eq!(update.params.uri, URI_1);
                seen.2 = true;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    let read = client
        .read_resource(ReadResourceRequestParams::new(URI_1))
        .await
        .expect("read");
    assert!(
        matches!(&read.contents[0], ResourceContents::TextResourceContents { text, .. }
        if text == "# Atlas, revised")
    );
    drop(subscription);
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn big_baskets_are_listed_in_pages_and_serving_ends_with_the_client() {
    let mut big = basket();
    let template: BasketItem = big.items[0].clone();
    big.items = (0..2500).map(|_| template.clone()).collect();
    let fixture = Fixture::new(big);
    let (client, _, server) = connect(&fixture).await;

    let first = client
        .list_resources(Some(PaginatedRequestParams::default()))
        .await
        .expect("first page");
    assert_eq!(first.resources.len(), 1000);
    assert_eq!(first.next_cursor.as_deref(), Some("1000"));
    let all = client.list_all_resources().await.expect("every page");
    assert_eq!(all.len(), 2500);
    for (index, resource) in all.iter().enumerate() {
        assert_eq!(resource.uri, item_uri(NAME, index + 1));
    }

    client.cancel().await.expect("client closes");
    let served = tokio::time::timeout(WAIT, server)
        .await
        .expect("serving ends when the client goes")
        .expect("no panic");
    assert_eq!(served, Ok(()));
}

async fn post_initialize(url: &str, headers: &[(&str, &str)]) -> reqwest::Response {
    let mut request = reqwest::Client::new()
        .post(url)
        .header("accept", "application/json, text/event-stream")
        .header("content-type", "application/json");
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    let body = json!({
        "jsonrpc": "2.0", "id": 1, "method": "initialize",
        "params": {
            "protocolVersion": "2025-11-25", "capabilities": {},
            "clientInfo": { "name": "probe", "version": "1" }
        }
    });
    request
        .body(body.to_string())
        .send()
        .await
        .expect("the server answers")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn http_requires_the_token_and_a_local_origin() {
    let fixture = Fixture::new(basket());
    let feed: Arc<dyn BasketFeed> = fixture.clone();
    let addr: SocketAddr = "127.0.0.1:0".parse().expect("address");
    let serving = serve_http(feed, fixture.revisions(), addr, "s3cret".into())
        .await
        .expect("serving over HTTP");
    let url = serving.url();
    assert_eq!(
        url,
        format!("http://127.0.0.1:{}/mcp", serving.local_addr().port())
    );
    assert_ne!(serving.local_addr().port(), 0);

    for headers in [
        vec![],
        vec![("authorization", "Bearer s3cre")],
        vec![("authorization", "Basic s3cret")],
    ] {
        let response = post_initialize(&url, &headers).await;
        assert_eq!(response.status(), 401, "{headers:?}");
        assert_eq!(
            response
                .headers()
                .get("www-authenticate")
                .and_then(|v| v.to_str().ok()),
            Some("Bearer")
        );
    }
    let evil = [
        ("authorization", "Bearer s3cret"),
        ("origin", "http://evil.example"),
    ];
    assert_eq!(post_initialize(&url, &evil).await.status(), 403);
    let local = [
        ("authorization", "Bearer s3cret"),
        ("origin", "http://localhost:5173"),
    ];
    assert_eq!(post_initialize(&url, &local).await.status(), 200);

    let transport = StreamableHttpClientTransport::from_config(
        StreamableHttpClientTransportConfig::with_uri(url.as_str()).auth_header("s3cret"),
    );
    let client = ().serve(transport).await.expect("initialize with the token");
    let listed = client.list_all_resources().await.expect("list over HTTP");
    assert_eq!(listed.len(), 2);
    let read = client
        .read_resource(ReadResourceRequestParams::new(URI_2))
        .await
        .expect("read over HTTP");
    assert!(
        matches!(&read.contents[0], ResourceContents::BlobResourceContents { blob, .. }
        if blob == PNG_BASE64)
    );
    client.cancel().await.expect("client closes");

    tokio::time::timeout(WAIT, serving.stop())
        .await
        .expect("stops promptly")
        .expect("stops cleanly");
    assert!(
        reqwest::Client::new().post(&url).send().await.is_err(),
        "nothing listens after stop"
    );
}

#[tokio::test]
async fn http_refuses_addresses_off_loopback_and_empty_tokens() {
    let fixture = Fixture::new(basket());
    for (addr, token) in [
        ("0.0.0.0:0", "t"),
        ("[::]:0", "t"),
        ("192.0.2.1:0", "t"),
        ("127.0.0.1:0", " "),
    ] {
        let feed: Arc<dyn BasketFeed> = fixture.clone();
        let addr: SocketAddr = addr.parse().expect("address");
        let refused = serve_http(feed, fixture.revisions(), addr, token.into()).await;
        let error = refused
            .err()
            .unwrap_or_else(|| panic!("{addr} with {token:?} is refused"));
        assert_eq!(
            error.code,
            LodeCode::InvalidInput,
            "{addr}: {}",
            error.message
        );
    }
}
