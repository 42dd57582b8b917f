//! `lode apps` and `lode read` of an app against a real MCP Apps server nobody here wrote:
//! `@modelcontextprotocol/server-basic-react` (pinned in tests/servers), whose `get-time` tool
//! renders its results through `ui://get-time/mcp-app.html`.

use crate::support::{servers, Cli};

const APP: &str = "ui://get-time/mcp-app.html";

#[test]
fn finds_the_app_of_a_real_apps_server_with_the_tool_that_names_it() {
    let cli = Cli::new();
    let server = servers::basic_react_stdio();
    let apps = cli.json(&["apps", "--stdio", &server, "--json"]);
    let apps = apps.as_array().expect("apps --json prints an array");
    assert_eq!(apps.len(), 1, "{apps:?}");
    assert_eq!(apps[0]["uri"], APP);
    assert_eq!(apps[0]["listed"]["mimeType"], "text/html;profile=mcp-app");
    assert_eq!(apps[0]["tools"][0]["name"], "get-time");
    assert_eq!(
        apps[0]["tools"][0]["visibility"],
        serde_json::json!({"model": true, "app": true})
    );

    let text = cli.run(&["apps", "--stdio", &server]);
    assert!(text.status.success());
    let text = String::from_utf8_lossy(&text.stdout);
    assert!(
        text.contains(APP) && text.contains("tool get-time\tmodel and app"),
        "{text}"
    );
    assert!(text.ends_with("1 app\n"), "{text}");
}

#[test]
fn reading_an_app_says_what_it_declares_beside_its_html() {
    let cli = Cli::new();
    let read = cli.run(&["read", "--stdio", &servers::basic_react_stdio(), APP]);
    assert!(read.status.success(), "{read:?}");
    let html = String::from_utf8_lossy(&read.stdout);
    assert!(
        html.contains("<html") || html.contains("<!DOCTYPE html"),
        "the HTML on stdout"
    );
    let declared = String::from_utf8_lossy(&read.stderr);
    assert!(
        declared.contains(&format!("app {APP} declares:")),
        "{declared}"
    );
    // It declares no CSP: the extension's default, no outside origin.
    assert!(declared.contains("no CSP"), "{declared}");
    assert!(declared.contains("permissions: none"), "{declared}");
}

/// The demo server speaks 2026-07-28, where a client's capabilities travel in each request's
/// `_meta`, and serves its clock app's page only to a client that says there that it shows apps
/// (`io.modelcontextprotocol/ui`): reading it through Lode shows Lode says so on that wire.
#[test]
fn lode_says_it_shows_apps_on_the_2026_wire_too() {
    let cli = Cli::new();
    let demo = crate::support::demo_stdio();
    let info = cli.json(&["info", "--stdio", &demo, "--json"]);
    assert_eq!(info["protocolVersion"], "2026-07-28", "{info}");

    let apps = cli.json(&["apps", "--stdio", &demo, "--json"]);
    let apps = apps.as_array().expect("apps --json prints an array");
    assert_eq!(apps.len(), 1, "{apps:?}");
    assert_eq!(apps[0]["uri"], "ui://lode-demo/clock.html");
    assert!(apps[0].get("listed").is_none(), "named only by its tool");
    assert_eq!(apps[0]["tools"][0]["name"], "demo_clock");

    let read = cli.run(&["read", "--stdio", &demo, "ui://lode-demo/clock.html"]);
    assert!(read.status.success(), "{read:?}");
    assert!(String::from_utf8_lossy(&read.stdout).contains("Demo clock"));
    let declared = String::from_utf8_lossy(&read.stderr);
    assert!(
        declared.contains("app ui://lode-demo/clock.html declares:"),
        "{declared}"
    );
}
