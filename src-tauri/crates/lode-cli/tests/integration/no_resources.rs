//! A server that does not declare the `resources` capability (server-filesystem, which offers
//! tools only): `ls`, `search` and `read` say it offers no resources, with the code
//! `no-resources` and exit status 2, without asking it (no `resources/*` request in the trace,
//! so no `-32601` either); `templates` notes it and lists none.

use crate::support;

use support::servers::filesystem_stdio;
use support::{assert_failed, stderr, Cli};

/// Every method Lode sent, from a `--trace` file.
fn methods_sent(trace: &std::path::Path) -> Vec<String> {
    let text = std::fs::read_to_string(trace).expect("trace file");
    text.lines()
        .filter_map(|line| serde_json::from_str::<serde_json::Value>(line).ok())
        .filter(|entry| entry["direction"] == "out")
        .filter_map(|entry| entry["method"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn a_server_without_resources_is_not_asked_for_them() {
    let cli = Cli::new();
    let server = filesystem_stdio();
    let saved = cli.run(&["connections", "add", "fs", "--stdio", &server.cmd]);
    assert!(saved.status.success(), "{}", stderr(&saved));
    let note = server.dir.path().join("note.txt");
    let note_uri = format!("file://{}", note.display());
    let traces = tempfile::tempdir().expect("temp dir");

    for (command, args) in [
        ("ls", vec!["ls", "fs"]),
        ("read", vec!["read", "fs", &note_uri]),
        ("search", vec!["search", "note", "fs"]),
    ] {
        let trace = traces.path().join(format!("{command}.jsonl"));
        let mut traced = vec!["--trace", trace.to_str().expect("UTF-8 path")];
        traced.extend(&args);
        let output = cli.run(&traced);
        assert_failed(&output, 2, command);
        let said = stderr(&output);
        assert!(
            said.contains("no-resources: fs offers no resources"),
            "{command}: {said}"
        );
        assert!(
            !said.contains("-32601") && !said.contains("method-not-found"),
            "{command}: {said}"
        );
        let sent = methods_sent(&trace);
        assert!(
            sent.iter().any(|m| m == "initialize"),
            "{command}: {sent:?}"
        );
        assert!(
            !sent.iter().any(|m| m.starts_with("resources/")),
            "{command} asked for resources: {sent:?}"
        );
    }

    let templates = cli.run(&["templates", "fs", "--json"]);
    assert!(templates.status.success(), "{}", stderr(&templates));
    assert_eq!(String::from_utf8_lossy(&templates.stdout).trim(), "[]");
    assert!(
        stderr(&templates).contains("note: fs offers no resources"),
        "{}",
        stderr(&templates)
    );
}
