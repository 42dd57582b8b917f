//! `lode ls` against a real MCP server nobody here wrote: server-everything, pinned in
//! tests/servers/package.json and installed by the README's test command.

use crate::support;

use std::path::PathBuf;

use support::Cli;

fn server_everything() -> String {
    let script = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(
        "../../../tests/servers/node_modules/@modelcontextprotocol/server-everything/dist/index.js",
    );
    assert!(
        script.is_file(),
        "server-everything is not installed: run `npm ci --prefix tests/servers` (the README's test \
         command does) — looked for {}",
        script.display()
    );
    format!("node \"{}\" stdio", script.display())
}

#[test]
fn lists_and_reads_server_everything_resources() {
    let cli = Cli::new();
    let listing = cli.json(&["ls", "--stdio", &server_everything(), "--json"]);
    let rows = listing.as_array().expect("array");
    assert!(
        rows.len() >= 5,
        "server-everything lists its static documents: {listing}"
    );
    let first = &rows[0];
    let uri = first["uri"].as_str().expect("uri");
    assert!(uri.starts_with("demo://resource/"), "{uri}");
    assert_eq!(first["mimeType"], "text/markdown");

    let contents = cli.json(&["read", "--stdio", &server_everything(), uri, "--json"]);
    assert_eq!(contents[0]["uri"], uri);
    assert!(contents[0]["text"].as_str().is_some_and(|t| !t.is_empty()));
}
