//! `lode connect` and `lode disconnect` with `HOME` in a temporary folder: the diff shown,
//! nothing written without `--yes` off a terminal, the entry written with this `lode`'s own
//! path, the file given back byte for byte, and `--list` in text and JSON.

use crate::support;

use std::path::Path;
use std::process::{Command, Output, Stdio};

use support::{assert_failed, stderr, Cli};

fn in_home(cli: &Cli, home: &Path, args: &[&str]) -> Command {
    let mut command = cli.command(args);
    command
        .env("HOME", home)
        .env_remove("XDG_CONFIG_HOME")
        .env_remove("CODEX_HOME")
        .env("PATH", "")
        .stdin(Stdio::null());
    command
}

fn run(cli: &Cli, home: &Path, args: &[&str]) -> Output {
    in_home(cli, home, args).output().expect("run lode")
}

fn ok(cli: &Cli, home: &Path, args: &[&str]) -> String {
    let output = run(cli, home, args);
    assert!(
        output.status.success(),
        "lode {args:?}: {}",
        stderr(&output)
    );
    String::from_utf8_lossy(&output.stdout).into_owned()
}

fn this_lode() -> String {
    Path::new(env!("CARGO_BIN_EXE_lode"))
        .canonicalize()
        .expect("lode")
        .display()
        .to_string()
}

#[test]
fn connect_writes_this_lode_and_disconnect_gives_the_file_back() {
    let cli = Cli::new();
    let home = tempfile::tempdir().expect("home");
    let config = home.path().join(".gemini/settings.json");
    std::fs::create_dir_all(config.parent().expect("folder")).expect("folder");
    let before = "{\n  // my servers\n  \"mcpServers\": {\n    \"docs\": { \"command\": \"docs\" },\n  },\n}\n";
    std::fs::write(&config, before).expect("seed");

    // Off a terminal and without --yes: the diff is shown, nothing is written.
    let refused = run(&cli, home.path(), &["connect", "gemini"]);
    assert_eq!(refused.status.code(), Some(1), "{}", stderr(&refused));
    assert!(stderr(&refused).contains("--yes"), "{}", stderr(&refused));
    let shown = String::from_utf8_lossy(&refused.stdout);
    assert!(shown.contains("+    \"lode\": {"), "{shown}");
    assert_eq!(std::fs::read_to_string(&config).expect("kept"), before);

    let connected = ok(
        &cli,
        home.path(),
        &["connect", "gemini", "--profile", "work", "--yes"],
    );
    assert!(connected.contains("connected Gemini CLI"), "{connected}");
    assert!(connected.contains(".lode-backup"), "{connected}");
    let text = std::fs::read_to_string(&config).expect("connected");
    assert!(text.contains("// my servers"), "{text}");
    let lode = serde_json::to_string(&this_lode()).expect("json");
    assert!(text.contains(&format!("\"command\": {lode}")), "{text}");
    assert!(
        text.contains("[\"serve\", \"--profile\", \"work\"]"),
        "{text}"
    );

    let again = ok(
        &cli,
        home.path(),
        &["connect", "gemini", "--profile", "work", "--yes"],
    );
    assert!(again.contains("connected to Lode already"), "{again}");
    assert_eq!(std::fs::read_to_string(&config).expect("same"), text);

    let listed = ok(&cli, home.path(), &["connect", "--list", "--json"]);
    let rows: serde_json::Value = serde_json::from_str(&listed).expect("JSON");
    let gemini = rows
        .as_array()
        .expect("rows")
        .iter()
        .find(|row| row["cliName"] == "gemini")
        .expect("gemini");
    // Another profile than the one listed with (`default`): Lode's entry, not current.
    assert_eq!(gemini["state"], "stale");
    assert_eq!(gemini["installed"], true);

    ok(&cli, home.path(), &["disconnect", "gemini", "--yes"]);
    assert_eq!(std::fs::read_to_string(&config).expect("back"), before);
}

#[test]
fn list_shows_every_assistant_as_a_table() {
    let cli = Cli::new();
    let home = tempfile::tempdir().expect("home");
    std::fs::write(home.path().join(".claude.json"), "{\"mcpServers\": [").expect("seed");
    let table = ok(&cli, home.path(), &["connect", "--list"]);
    let lines: Vec<&str> = table.lines().collect();
    assert!(lines[0].starts_with("ASSISTANT"), "{table}");
    for name in [
        "claude-desktop",
        "claude-code",
        "vscode",
        "cursor",
        "windsurf",
        "zed",
        "gemini",
        "codex",
    ] {
        assert!(
            table.lines().any(|l| l.starts_with(name)),
            "{name} in {table}"
        );
    }
    let claude_code = lines
        .iter()
        .find(|l| l.starts_with("claude-code "))
        .expect("row");
    assert!(claude_code.contains("unreadable"), "{claude_code}");
    assert!(table.contains("claude-code: "), "{table}");
}

#[test]
fn bad_requests_are_usage_errors_and_write_nothing() {
    let cli = Cli::new();
    let home = tempfile::tempdir().expect("home");
    assert_failed(
        &run(&cli, home.path(), &["connect", "chatgpt", "--yes"]),
        1,
        "unknown assistant",
    );
    assert_failed(
        &run(
            &cli,
            home.path(),
            &["connect", "windsurf", "--scope", "project", "--yes"],
        ),
        1,
        "no project scope",
    );
    let foreign = home.path().join(".cursor/mcp.json");
    std::fs::create_dir_all(foreign.parent().expect("folder")).expect("folder");
    let theirs = "{\"mcpServers\": {\"lode\": {\"command\": \"npx\", \"args\": [\"lode-mcp\"]}}}";
    std::fs::write(&foreign, theirs).expect("seed");
    for args in [
        ["connect", "cursor", "--yes"],
        ["disconnect", "cursor", "--yes"],
    ] {
        let output = run(&cli, home.path(), &args);
        assert_failed(&output, 1, "another program's entry");
        assert!(
            stderr(&output).contains("does not start Lode"),
            "{}",
            stderr(&output)
        );
    }
    assert_eq!(std::fs::read_to_string(&foreign).expect("kept"), theirs);
    assert!(!home.path().join(".cursor/mcp.json.lode-backup").exists());
}

#[test]
fn project_scope_writes_in_the_folder_given() {
    let cli = Cli::new();
    let home = tempfile::tempdir().expect("home");
    let project = tempfile::tempdir().expect("project");
    let dir = project.path().display().to_string();
    ok(
        &cli,
        home.path(),
        &[
            "connect",
            "claude-code",
            "--scope",
            "project",
            "--dir",
            &dir,
            "--yes",
        ],
    );
    let value: serde_json::Value =
        serde_json::from_slice(&std::fs::read(project.path().join(".mcp.json")).expect("written"))
            .expect("JSON");
    assert_eq!(value["mcpServers"]["lode"]["command"], this_lode());
    assert!(!home.path().join(".claude.json").exists());
}
