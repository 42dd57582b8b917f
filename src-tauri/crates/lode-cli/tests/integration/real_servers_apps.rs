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
