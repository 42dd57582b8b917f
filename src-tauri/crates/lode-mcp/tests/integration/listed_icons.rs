//! The icon URLs a server lists are remembered for the icon fetcher (the only ones it fetches):
//! its own (`serverInfo`), its tools', prompts' and resources' (tests/servers/
//! metadata-server.mjs; `--hostile` adds items with 10,000 icons, bounded to 8 each).

use std::path::PathBuf;
use std::time::Duration;

use lode_core::TransportSpec;
use lode_mcp::{ConnectOptions, ListedIcons, McpClient};

async fn connect(listed: &ListedIcons) -> McpClient {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../../../tests/servers/metadata-server.mjs");
    let spec = TransportSpec::Stdio {
        command: "node".into(),
        args: vec![script.display().to_string(), "--hostile".into()],
        env: Default::default(),
        cwd: None,
    };
    let mut options = ConnectOptions::new("metadata");
    options.request_timeout = Duration::from_secs(20);
    options.listed_icons = Some(listed.clone());
    McpClient::connect(&spec, options).await.expect("connect")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_listing_s_icons_are_remembered_bounded() {
    let first_hostile = "https://example.org/0.png";
    for list in ["tools", "prompts", "resources"] {
        let listed = ListedIcons::default();
        let client = connect(&listed).await;
        // The server's own icons arrive with the handshake; a local process has no address.
        assert_eq!(
            listed.listers("https://example.org/icon.png"),
            Some(vec![None])
        );
        assert!(listed.listers(first_hostile).is_none(), "{list}: not yet");
        match list {
            "tools" => drop(client.list_tools().await.expect("tools")),
            "prompts" => drop(client.list_prompts().await.expect("prompts")),
            _ => drop(client.list_resources().await.expect("resources")),
        }
        assert!(listed.listers(first_hostile).is_some(), "{list}");
        // 10,000 icons on the wire, 8 kept per item: no more remembered.
        assert!(
            listed.listers("https://example.org/8.png").is_none(),
            "{list}"
        );
        // Inline icons are not fetched, so not remembered.
        assert!(listed.len() <= 9, "{list}: {}", listed.len());
        client.close().await;
    }
}
