//! One MCP App (extension `io.modelcontextprotocol/ui`, spec 2026-01-26): the page
//! `ui://lode-demo/clock.html`, linked from the tool `demo_clock` by the tool's `_meta.ui`, so a
//! client that runs apps has a harmless one to run. The page is read, not listed: the demo's
//! `resources/list` keeps its sixty fixed resources, and the extension lets a server reach an
//! app only through a tool.

use std::sync::Arc;

use chrono::Utc;
use rmcp::model::{
    CallToolResult, ContentBlock, JsonObject, MetaObject, ResourceContents, Tool, ToolAnnotations,
};
use serde_json::json;

use crate::clock;

pub const DEMO_CLOCK: &str = "demo_clock";
pub const CLOCK_APP_URI: &str = "ui://lode-demo/clock.html";
/// The type the extension gives an app's page.
pub const APP_MIME: &str = "text/html;profile=mcp-app";

/// Self-contained: inline script and style, no network, the bridge written by hand.
const CLOCK_PAGE: &str = include_str!("../assets/apps/clock.html");

/// The extension's identifier, in a client's capabilities (`extensions`).
pub const APPS_EXTENSION: &str = "io.modelcontextprotocol/ui";

/// Whether the client of `context`'s request says it shows apps: on 2026-07-28 in the
/// request's own `_meta`, on 2025 revisions in `initialize`. A page for a client that shows no
/// app would only be shown as text, so the demo serves it only to one that does (and a test of
/// the 2026 wire sees whether Lode says so there).
pub fn client_shows_apps(context: &rmcp::service::RequestContext<rmcp::RoleServer>) -> bool {
    context
        .client_capabilities()
        .and_then(|capabilities| capabilities.extensions)
        .is_some_and(|extensions| extensions.contains_key(APPS_EXTENSION))
}

/// `demo_clock`, with the link to its app. Both the model and the app may call it: the page's
/// button calls it back through the host.
pub fn tool() -> Tool {
    let schema: JsonObject =
        serde_json::from_value(json!({"type": "object", "properties": {}})).unwrap_or_default();
    let meta = serde_json::Map::from_iter([(
        "ui".to_owned(),
        json!({ "resourceUri": CLOCK_APP_URI, "visibility": ["model", "app"] }),
    )]);
    Tool::new(
        DEMO_CLOCK,
        "The server's current time (UTC); a client that runs MCP Apps shows it in the demo clock app.",
        Arc::new(schema),
    )
    .with_title("Demo clock")
    .with_annotations(ToolAnnotations::new().read_only(true).open_world(false))
    .with_meta(MetaObject(meta))
}

/// The answer of `demo_clock`: the same text as `demo://clock/now`.
pub fn call() -> CallToolResult {
    CallToolResult::success(vec![ContentBlock::text(clock::render(Utc::now()))])
}

/// The app's page when `uri` names it. Its `_meta.ui` declares no network (an empty CSP) and
/// asks for a border.
pub fn read(uri: &str) -> Option<ResourceContents> {
    if uri != CLOCK_APP_URI {
        return None;
    }
    let meta = serde_json::Map::from_iter([(
        "ui".to_owned(),
        json!({ "csp": {}, "prefersBorder": true }),
    )]);
    Some(ResourceContents::TextResourceContents {
        uri: CLOCK_APP_URI.to_owned(),
        mime_type: Some(APP_MIME.to_owned()),
        text: CLOCK_PAGE.to_owned(),
        meta: Some(MetaObject(meta)),
    })
}
