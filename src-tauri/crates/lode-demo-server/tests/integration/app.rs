//! The demo's MCP App over the protocol: `demo_clock` links `ui://lode-demo/clock.html` in its
//! `_meta.ui`, the page is readable as `text/html;profile=mcp-app` and speaks the bridge, and
//! `resources/list` still holds the sixty fixed resources and not the app; a client that does
//! not say it shows apps is not served the page.

use crate::support;

use support::*;

const APP: &str = "ui://lode-demo/clock.html";

#[tokio::test]
async fn demo_clock_links_the_clock_app_which_is_read_but_not_listed() {
    let (_, client, _) = start(options(0, 60_000)).await;

    let listed: Vec<Resource> = list_pages(&client).await.into_iter().flatten().collect();
    assert_eq!(listed.len(), 60, "the sixty fixed resources, no more");
    assert!(
        listed
            .iter()
            .all(|r| !r.uri.starts_with("ui://") && !r.uri.starts_with("skill://")),
        "neither the app nor the skill is listed"
    );

    let tools = client.list_all_tools().await.expect("tools");
    let tool = tools
        .iter()
        .find(|t| t.name == "demo_clock")
        .expect("demo_clock is listed");
    let wire = serde_json::to_value(tool).expect("a tool serializes");
    assert_eq!(
        wire["_meta"]["ui"],
        json!({ "resourceUri": APP, "visibility": ["model", "app"] })
    );
    assert_eq!(wire["annotations"]["readOnlyHint"], true);
    let linked: Vec<_> = tools
        .iter()
        .filter(|t| t.meta.as_ref().is_some_and(|m| m.0.contains_key("ui")))
        .map(|t| t.name.as_ref())
        .collect();
    assert_eq!(linked, ["demo_clock"], "only demo_clock has an app");

    let page = read(&client, APP).await;
    let wire = serde_json::to_value(&page).expect("contents serialize");
    assert_eq!(wire["uri"], APP);
    assert_eq!(wire["mimeType"], "text/html;profile=mcp-app");
    assert_eq!(
        wire["_meta"]["ui"],
        json!({ "csp": {}, "prefersBorder": true }),
        "it declares no network"
    );
    let html = text_of(page);
    for expected in [
        "<h1>Demo clock</h1>",
        r#"<button id="ask-time">Ask the server</button>"#,
        r#"<pre id="answer">"#,
        r#""ui/initialize""#,
        r#"protocolVersion: "2026-01-26""#,
        r#"appInfo: { name: "lode-demo-clock", version: "1" }"#,
        r#""ui/notifications/initialized""#,
        r#""ui/notifications/tool-result""#,
        r#""tools/call", { name: TOOL, arguments: {} }"#,
        r#"const TOOL = "demo_clock";"#,
        "event.source !== window.parent",
        "window.parent.postMessage",
    ] {
        assert!(html.contains(expected), "the page has {expected}");
    }
    // Self-contained: nothing fetched, nothing loaded from elsewhere.
    for absent in [
        "http://",
        "https://",
        "<script src",
        "<link",
        "fetch(",
        "@import",
    ] {
        assert!(!html.contains(absent), "the page has no {absent}");
    }

    let answer = client
        .call_tool(CallToolRequestParams::new("demo_clock").with_arguments(Default::default()))
        .await
        .expect("demo_clock");
    assert_ne!(answer.is_error, Some(true));
    let text = answer.content[0].as_text().expect("text").text.clone();
    let stamp = text
        .strip_prefix("Current time: ")
        .unwrap_or_else(|| panic!("the time: {text}"))
        .trim_end();
    let time = DateTime::parse_from_rfc3339(stamp).expect("RFC 3339");
    assert!((Utc::now() - time.with_timezone(&Utc)).abs() < TimeDelta::minutes(1));
    client.cancel().await.expect("client closes");
}

#[tokio::test]
async fn a_client_that_shows_no_apps_is_not_served_the_page() {
    let (demo, _, _) = start(options(0, 60_000)).await;
    let plain = ().serve(serve_in_process(demo)).await.expect("connects");
    let refused = plain
        .read_resource(ReadResourceRequestParams::new(APP))
        .await
        .expect_err("refused");
    assert_eq!(error_code(refused), ErrorCode::INVALID_PARAMS);
    plain.cancel().await.expect("client closes");
}
