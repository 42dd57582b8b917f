//! A server on the official TypeScript SDK (tests/servers/metadata-server.mjs) whose tools
//! declare an `outputSchema`, and whose tools, prompts, resources, templates and server info
//! carry `_meta` and `icons`: results come back checked, metadata comes back bounded.

use std::path::PathBuf;
use std::time::Duration;

use lode_core::item_meta::MAX_ICONS;
use lode_core::meta_json::MAX_META_BYTES;
use lode_core::{OutputCheck, TransportSpec};
use lode_mcp::{ConnectOptions, McpClient};
use serde_json::{json, Value};

fn spec(hostile: bool) -> TransportSpec {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/metadata-server.mjs");
    let mut args = vec![script.display().to_string()];
    if hostile {
        args.push("--hostile".into());
    }
    TransportSpec::Stdio {
        command: "node".into(),
        args,
        env: Default::default(),
        cwd: None,
    }
}

async fn connect(hostile: bool) -> McpClient {
    let mut options = ConnectOptions::new("metadata");
    options.request_timeout = Duration::from_secs(20);
    McpClient::connect(&spec(hostile), options)
        .await
        .expect("connect")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn results_are_checked_against_the_output_schema_even_before_any_listing() {
    let client = connect(false).await;
    // No tools/list yet: the call lists once to learn the schema.
    let good = client.call_tool("forecast", json!({})).await.expect("call");
    assert_eq!(good.output_check, Some(OutputCheck::Valid));

    let wrong = client
        .call_tool_followed("forecast_wrong", json!({}), "t")
        .await
        .expect("call");
    let Some(OutputCheck::Mismatch { problems, total }) = wrong.output_check else {
        panic!("expected a mismatch, got {:?}", wrong.output_check);
    };
    assert_eq!(total, 2);
    let temperature = problems
        .iter()
        .find(|p| p.path == "/temperature")
        .expect("temperature");
    assert_eq!(temperature.expected, r#"type: "number""#);
    assert_eq!(temperature.found, r#""cold""#);
    assert!(problems.iter().any(|p| p.path == "/conditions"));

    let missing = client
        .call_tool("forecast_missing", json!({}))
        .await
        .expect("call");
    assert_eq!(missing.output_check, Some(OutputCheck::Missing));
    let plain = client.call_tool("plain", json!({})).await.expect("call");
    assert_eq!(plain.output_check, None);
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn meta_and_icons_arrive_on_every_kind_of_item_and_the_server() {
    let client = connect(false).await;
    let meta = |json: &str| serde_json::from_str::<Value>(json).expect("meta JSON");
    let srcs = |icons: &Option<Vec<lode_core::Icon>>| {
        icons
            .as_ref()
            .expect("icons")
            .iter()
            .map(|i| i.src.clone())
            .collect::<Vec<_>>()
    };

    let server_icons = srcs(&client.info().icons);
    assert_eq!(server_icons.len(), 3);
    assert!(server_icons[0].starts_with("data:image/png;base64,"));
    assert_eq!(server_icons[1], "https://example.org/icon.png");

    let tools = client.list_tools().await.expect("tools");
    let forecast = tools
        .iter()
        .find(|t| t.name == "forecast")
        .expect("forecast");
    assert_eq!(
        forecast.output_schema.as_ref().expect("schema")["required"][0],
        "city"
    );
    assert_eq!(srcs(&forecast.icons).len(), 3);
    let tool_meta = forecast.meta.as_ref().expect("tool meta");
    assert_eq!(meta(&tool_meta.json)["example.org/owner"], "team-tools");
    assert!(!tool_meta.cut);

    let prompts = client.list_prompts().await.expect("prompts");
    assert_eq!(
        meta(&prompts[0].meta.as_ref().expect("meta").json)["example.org/owner"],
        "team-prompts"
    );
    assert_eq!(srcs(&prompts[0].icons).len(), 3);

    let resources = client.list_resources().await.expect("resources");
    let one = resources
        .iter()
        .find(|r| r.uri == "memo://one")
        .expect("one");
    assert_eq!(
        meta(&one.meta.as_ref().expect("meta").json)["example.org/limits"]["perMinute"],
        60
    );
    assert_eq!(srcs(&one.icons).len(), 3);

    let templates = client.list_templates().await.expect("templates");
    assert_eq!(
        meta(&templates[0].meta.as_ref().expect("meta").json)["example.org/owner"],
        "team-templates"
    );
    assert_eq!(srcs(&templates[0].icons).len(), 3);
    client.close().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hostile_servers_huge_meta_and_icon_lists_are_cut() {
    let client = connect(true).await;
    let tools = client.list_tools().await.expect("tools");
    let prompts = client.list_prompts().await.expect("prompts");
    let resources = client.list_resources().await.expect("resources");
    let metas = [
        (tools
            .iter()
            .find(|t| t.name == "hostile")
            .map(|t| (&t.meta, &t.icons))),
        (prompts
            .iter()
            .find(|p| p.name == "hostile")
            .map(|p| (&p.meta, &p.icons))),
    ];
    for (meta, icons) in metas.into_iter().map(|m| m.expect("hostile item")) {
        let meta = meta.as_ref().expect("meta");
        assert!(
            meta.cut && meta.json.len() <= MAX_META_BYTES,
            "{}",
            meta.json.len()
        );
        assert!(meta.bytes > 10 * 1024 * 1024);
        assert_eq!(icons.as_ref().expect("icons").len(), MAX_ICONS);
    }
    let hostile = resources
        .iter()
        .find(|r| r.uri == "memo://hostile")
        .expect("resource");
    // The resource listing's own decoding may drop an oversized field first (with a warning):
    // either way nothing past the bound arrives.
    assert!(hostile
        .meta
        .as_ref()
        .is_none_or(|m| m.cut && m.json.len() <= MAX_META_BYTES));
    assert_eq!(hostile.icons.as_ref().expect("icons").len(), MAX_ICONS);
    client.close().await;
}
