//! `lode connections …` (and its alias `lode servers`) with the real binary, a real SQLite file and the real keychain (CI runs the
//! tests under gnome-keyring): a connection added with a secret from the environment reaches a
//! server that starts only with that secret; edits, tests, import, export and removal behave as
//! the README says, and no secret is ever printed.

use crate::support;

use std::io::Write;
use std::process::Stdio;

use support::{assert_failed, demo_server, stderr, Cli};

const TOKEN: &str = "cli-planted-token-91be";

/// A script that starts the demo server only when `$VAR` holds the token (in a file, so the
/// command line that Lode saves and prints does not hold the token).
fn guard_script(dir: &std::path::Path, var: &str) -> String {
    let path = dir.join(format!("guard-{var}.sh"));
    let script = format!(
        "test \"${var}\" = {TOKEN} || exit 3; exec \"{}\" stdio",
        demo_server().display()
    );
    std::fs::write(&path, script).expect("write the guard script");
    path.display().to_string()
}

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn ok(cli: &Cli, args: &[&str], env: &[(&str, &str)]) -> String {
    let output = cli
        .command(args)
        .envs(env.iter().copied())
        .stdin(Stdio::null())
        .output()
        .expect("run lode");
    assert!(
        output.status.success(),
        "lode {args:?}: {}",
        stderr(&output)
    );
    let text = format!("{}{}", stdout(&output), stderr(&output));
    assert!(!text.contains(TOKEN), "lode {args:?} printed the secret");
    stdout(&output)
}

#[test]
fn a_saved_secret_reaches_its_server_and_is_never_printed() {
    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp");
    let line = format!("sh {}", guard_script(dir.path(), "GITHUB_TOKEN"));
    let saved = ok(
        &cli,
        &[
            "connections",
            "add",
            "gh",
            "--stdio",
            &line,
            "--secret-env",
            "GITHUB_TOKEN=MY_TOKEN",
        ],
        &[("MY_TOKEN", TOKEN)],
    );
    assert!(saved.contains("env/GITHUB_TOKEN"), "{saved}");
    // The secret comes from the keychain: nothing in this environment holds it.
    let listed = ok(&cli, &["ls", "gh", "--json"], &[]);
    assert!(listed.contains("demo://"), "{listed}");
    let tested = ok(&cli, &["connections", "test", "gh"], &[]);
    assert!(tested.starts_with("ok: lode-demo-server"), "{tested}");

    let list: serde_json::Value =
        serde_json::from_str(&ok(&cli, &["connections", "list", "--json"], &[])).expect("JSON");
    let gh = &list[1];
    assert_eq!(gh["name"], "gh");
    assert_eq!(gh["settings"]["secrets"][0]["name"], "GITHUB_TOKEN");

    // A new value from stdin replaces it: the server no longer starts.
    let mut edit = cli
        .command(&[
            "connections",
            "edit",
            "gh",
            "--secret-stdin",
            "env:GITHUB_TOKEN",
            "--rename",
            "GH",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("spawn");
    edit.stdin
        .take()
        .expect("stdin")
        .write_all(b"wrong\n")
        .expect("write");
    let edited = edit.wait_with_output().expect("edit");
    assert!(edited.status.success(), "{}", stderr(&edited));
    let refused = cli.run(&["ls", "GH", "--timeout", "10"]);
    assert_failed(&refused, 2, "the server exits without the right secret");

    let exported = ok(&cli, &["connections", "export", "GH"], &[]);
    assert!(exported.contains("\"GH\"") && !exported.contains("GITHUB_TOKEN\":"));

    // Removing asks for --yes without a terminal, then deletes it.
    let unconfirmed = cli
        .command(&["connections", "remove", "GH"])
        .stdin(Stdio::null())
        .output();
    let unconfirmed = unconfirmed.expect("run");
    assert_failed(&unconfirmed, 1, "remove without --yes");
    assert!(stderr(&unconfirmed).contains("--yes"));
    let removed = ok(&cli, &["connections", "remove", "GH", "--yes"], &[]);
    assert_eq!(removed, "removed GH and 1 secret\n");
    let names = ok(&cli, &["connections", "list"], &[]);
    assert!(!names.contains("GH"), "{names}");
}

#[test]
fn bad_drafts_and_missing_variables_are_usage_errors() {
    let cli = Cli::new();
    let missing = cli.run(&[
        "connections",
        "add",
        "x",
        "--stdio",
        "srv",
        "--secret-env",
        "T=UNSET_VAR_9",
    ]);
    assert_failed(&missing, 1, "an unset variable");
    assert!(stderr(&missing).contains("UNSET_VAR_9"));
    let taken = cli.run(&[
        "connections",
        "add",
        "demo",
        "--http",
        "http://127.0.0.1:9/mcp",
    ]);
    assert_failed(&taken, 1, "a taken name");
    assert!(
        stderr(&taken).contains("name is already"),
        "{}",
        stderr(&taken)
    );
    let bad_url = cli.run(&["connections", "add", "r", "--http", "ftp://x"]);
    assert_failed(&bad_url, 1, "a bad URL");
    assert!(stderr(&bad_url).contains("http://"), "{}", stderr(&bad_url));
}

#[test]
fn import_shows_then_saves_the_servers_of_a_claude_desktop_file() {
    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp");
    let config = dir.path().join("claude_desktop_config.json");
    let text = serde_json::json!({"mcpServers": {
        "guarded": {"command": "sh", "args": [guard_script(dir.path(), "API_TOKEN")],
                    "env": {"API_TOKEN": TOKEN}},
        "Demo": {"command": demo_server().display().to_string(), "args": ["stdio"]}
    }});
    std::fs::write(&config, text.to_string()).expect("write");
    let path = config.display().to_string();

    let shown = ok(&cli, &["connections", "import", &path], &[]);
    assert!(shown.contains("guarded\tstdio"), "{shown}");
    assert!(shown.contains("env/API_TOKEN"), "{shown}");
    assert!(shown.contains("name taken by Demo"), "{shown}");
    assert!(ok(&cli, &["connections", "list"], &[]).contains("1 connection"));

    let imported = ok(&cli, &["connections", "import", &path, "--yes"], &[]);
    assert!(
        imported.starts_with("imported 1 connection: guarded\n"),
        "{imported}"
    );
    // The secret went from the file to the keychain, and reaches the server from there.
    let listed = ok(&cli, &["ls", "guarded", "--json"], &[]);
    assert!(listed.contains("demo://"), "{listed}");
}

/// Scripts written for the command's earlier name keep working: `lode servers …` is the same
/// command, and the help names it beside `connections`.
#[test]
fn servers_is_an_alias_of_connections() {
    let cli = Cli::new();
    let added = ok(
        &cli,
        &["servers", "add", "plain", "--stdio", "sleep 30"],
        &[],
    );
    assert!(added.starts_with("saved plain "), "{added}");
    let by_alias = ok(&cli, &["servers", "list", "--json"], &[]);
    let by_name = ok(&cli, &["connections", "list", "--json"], &[]);
    assert_eq!(by_alias, by_name);
    let listed: serde_json::Value = serde_json::from_str(&by_alias).expect("JSON");
    assert!(
        listed
            .as_array()
            .is_some_and(|all| all.iter().any(|c| c["name"] == "plain")),
        "{by_alias}"
    );
    let help = ok(&cli, &["--help"], &[]);
    let line = help
        .lines()
        .find(|line| line.trim_start().starts_with("connections "))
        .unwrap_or_default();
    assert!(line.ends_with("[alias: servers]"), "{help}");
}
