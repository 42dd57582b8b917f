//! Every `lode` command against the real demo server, over stdio and Streamable HTTP: the
//! documented JSON shapes, the text output, the flags and the exit statuses.

use crate::support;

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use base64::Engine;
use serde_json::Value;
use support::http_server::HttpServer;
use support::{demo_server, demo_stdio, stderr, Cli};

/// Runs `check` with the flags of each transport: `--stdio "demo stdio EXTRA"`, then
/// `--http URL` of a demo server started with EXTRA.
fn on_both_transports(extra: &[&str], check: impl Fn(&[&str])) {
    let stdio = format!("{} {}", demo_stdio(), extra.join(" "));
    check(&["--stdio", &stdio]);
    let http = HttpServer::start(&demo_server(), extra);
    check(&["--http", &http.url]);
}

fn with<'a>(server: &[&'a str], args: &[&'a str]) -> Vec<&'a str> {
    args.iter().chain(server).copied().collect()
}

#[test]
fn templates_lists_the_demo_templates() {
    let cli = Cli::new();
    on_both_transports(&[], |server| {
        let templates = cli.json(&with(server, &["templates", "--json"]));
        let uris: Vec<&str> = templates
            .as_array()
            .expect("an array")
            .iter()
            .filter_map(|t| t["uriTemplate"].as_str())
            .collect();
        assert_eq!(
            uris,
            [
                "file:///{path}",
                "table://{name}",
                "table://{name}/{id}",
                "demo://slow/{steps}"
            ]
        );
        let table = &templates[1];
        assert_eq!(table["mimeType"], "application/json");
        assert_eq!(table["title"], "Database table");
        assert!(table["annotations"].is_object());

        let text = cli.run(&with(server, &["templates"]));
        assert!(text.status.success(), "{}", stderr(&text));
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains("table://{name}/{id}\tTable row\t"), "{text}");
        assert!(text.ends_with("4 templates\n"), "{text}");
    });
}

#[test]
fn complete_uses_the_context_of_arguments_already_chosen() {
    let cli = Cli::new();
    on_both_transports(&[], |server| {
        let names = cli.json(&with(
            server,
            &["complete", "table://{name}", "name", "u", "--json"],
        ));
        assert_eq!(names["values"], serde_json::json!(["user"]));
        assert_eq!(names["total"], 1);
        assert_eq!(names["hasMore"], false);

        let ids = cli.json(&with(
            server,
            &[
                "complete",
                "table://{name}/{id}",
                "id",
                "",
                "--context",
                "name=user",
                "--json",
            ],
        ));
        let values = ids["values"].as_array().expect("values");
        assert_eq!(values.len(), 12, "the user table has 12 rows: {ids}");
        assert!(values
            .iter()
            .all(|v| v.as_str().is_some_and(|s| s.parse::<u32>().is_ok())));

        // Without the table chosen, the demo server has nothing to offer for `id`.
        let none = cli.json(&with(
            server,
            &["complete", "table://{name}/{id}", "id", "", "--json"],
        ));
        assert_eq!(none["values"], serde_json::json!([]));

        let text = cli.run(&with(
            server,
            &[
                "complete",
                "table://{name}/{id}",
                "id",
                "1",
                "--context",
                "name=user",
            ],
        ));
        assert!(text.status.success(), "{}", stderr(&text));
        assert_eq!(String::from_utf8_lossy(&text.stdout), "1\n10\n11\n12\n");
    });
}

#[test]
fn read_out_writes_the_decoded_blob_and_the_text() {
    let cli = Cli::new();
    let dir = tempfile::tempdir().expect("temp dir");
    on_both_transports(&[], |server| {
        let logo = "file:///project/assets/logo.png";
        let contents = cli.json(&with(server, &["read", logo, "--json"]));
        let expected = base64::engine::general_purpose::STANDARD
            .decode(contents[0]["blob"].as_str().expect("blob"))
            .expect("base64");

        let png = dir.path().join("logo.png");
        let png_arg = png.to_str().expect("utf-8 path");
        let written = cli.run(&with(server, &["read", logo, "--out", png_arg]));
        assert!(written.status.success(), "{}", stderr(&written));
        assert_eq!(std::fs::read(&png).expect("written file"), expected);
        assert!(expected.starts_with(b"\x89PNG"));
        let summary = String::from_utf8_lossy(&written.stdout);
        assert!(summary.contains("image/png"), "{summary}");
        assert!(
            summary.contains(&format!("{} bytes", group(expected.len()))),
            "{summary}"
        );

        let json = cli.json(&with(server, &["read", logo, "--out", png_arg, "--json"]));
        assert_eq!(json["bytes"], expected.len());
        assert_eq!(json["mimeType"], "image/png");
        assert_eq!(json["contents"], 1);

        let printed = cli.run(&with(server, &["read", "table://user"]));
        assert!(printed.status.success(), "{}", stderr(&printed));
        let table = dir.path().join("user.json");
        let table_arg = table.to_str().expect("utf-8 path");
        let written = cli.run(&with(server, &["read", "table://user", "--out", table_arg]));
        assert!(written.status.success(), "{}", stderr(&written));
        assert_eq!(std::fs::read(&table).expect("written file"), printed.stdout);
        assert!(String::from_utf8_lossy(&written.stdout).contains("application/json"));
    });
}

fn group(n: usize) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, ch) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i).is_multiple_of(3) {
            out.push(',');
        }
        out.push(ch);
    }
    out
}

#[test]
fn prompts_and_prompt_fill_in_the_research_prompt() {
    let cli = Cli::new();
    on_both_transports(&[], |server| {
        let prompts = cli.json(&with(server, &["prompts", "--json"]));
        let research = prompts
            .as_array()
            .expect("an array")
            .iter()
            .find(|p| p["name"] == "research")
            .expect("research listed");
        let arguments = research["arguments"].as_array().expect("arguments");
        assert_eq!(arguments[0]["name"], "topic");
        assert_eq!(arguments[0]["required"], true);
        assert_eq!(arguments[1]["required"], false);

        let result = cli.json(&with(
            server,
            &[
                "prompt",
                "research",
                "--arg",
                "topic=deployment",
                "--arg",
                "depth=brief",
                "--json",
            ],
        ));
        let message = &result["messages"][0];
        assert_eq!(message["role"], "user");
        assert_eq!(message["content"]["type"], "text");
        assert!(message["content"]["text"]
            .as_str()
            .is_some_and(|t| t.contains("deployment")));

        let text = cli.run(&with(
            server,
            &["prompt", "research", "--arg", "topic=stock alerts"],
        ));
        assert!(text.status.success(), "{}", stderr(&text));
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(
            text.contains("[user]\n") && text.contains("stock alerts"),
            "{text}"
        );

        let unknown = cli.run(&with(server, &["prompt", "no-such-prompt"]));
        assert_eq!(unknown.status.code(), Some(2), "{}", stderr(&unknown));
    });
}

#[test]
fn tools_and_call_run_the_demo_tools() {
    let cli = Cli::new();
    on_both_transports(&[], |server| {
        let tools = cli.json(&with(server, &["tools", "--json"]));
        let names: Vec<&str> = tools
            .as_array()
            .expect("an array")
            .iter()
            .filter_map(|t| t["name"].as_str())
            .collect();
        // Which tools the demo has, in which order, is asserted by the demo's own tests
        // (lode-demo-server tests/integration/live.rs); here, that the CLI lists them, each once.
        assert!(
            names.contains(&"add_note") && names.contains(&"row_count"),
            "{names:?}"
        );
        let mut unique = names.clone();
        unique.sort_unstable();
        unique.dedup();
        assert_eq!(unique.len(), names.len(), "{names:?}");
        let row_count = tools
            .as_array()
            .and_then(|tools| tools.iter().find(|t| t["name"] == "row_count"))
            .expect("row_count");
        assert_eq!(row_count["inputSchema"]["required"][0], "table");

        let result = cli.json(&with(
            server,
            &[
                "call",
                "row_count",
                "--args",
                r#"{"table":"user"}"#,
                "--json",
            ],
        ));
        assert_eq!(result["isError"], false);
        assert_eq!(result["content"][0]["type"], "text");
        assert_eq!(result["content"][0]["text"], "12");

        let text = cli.run(&with(
            server,
            &["call", "row_count", "--args", r#"{"table":"item"}"#],
        ));
        assert!(text.status.success(), "{}", stderr(&text));
        let count: u32 = String::from_utf8_lossy(&text.stdout)
            .trim()
            .parse()
            .expect("a row count");
        assert!(count > 0);

        let note = cli.run(&with(
            server,
            &["call", "add_note", "--args", r#"{"title":"t","text":"x"}"#],
        ));
        assert!(note.status.success(), "{}", stderr(&note));
        let note = String::from_utf8_lossy(&note.stdout);
        assert!(note.contains("[resource link: demo://notes/"), "{note}");

        // The tool ran and failed: the result is printed, and the status says so.
        let failed = cli.run(&with(
            server,
            &[
                "call",
                "row_count",
                "--args",
                r#"{"table":"nope"}"#,
                "--json",
            ],
        ));
        assert_eq!(failed.status.code(), Some(2), "{}", stderr(&failed));
        let failed_json: Value = serde_json::from_slice(&failed.stdout).expect("result JSON");
        assert_eq!(failed_json["isError"], true);
        assert!(stderr(&failed).contains("row_count reported an error"));

        for bad in ["{not json", "[1, 2]"] {
            let invalid = cli.run(&with(server, &["call", "row_count", "--args", bad]));
            assert_eq!(
                invalid.status.code(),
                Some(1),
                "{bad}: {}",
                stderr(&invalid)
            );
            assert!(stderr(&invalid).contains("--args"), "{}", stderr(&invalid));
            assert!(invalid.stdout.is_empty());
        }
    });
}

#[test]
fn watch_prints_one_json_line_per_update_and_stops_after_count() {
    let cli = Cli::new();
    on_both_transports(&["--update-interval-ms", "100"], |server| {
        let started = Instant::now();
        let output = cli.run(&with(
            server,
            &["watch", "demo://clock/now", "--count", "2", "--json"],
        ));
        assert!(output.status.success(), "{}", stderr(&output));
        assert!(started.elapsed() < Duration::from_secs(20));
        let stdout = String::from_utf8_lossy(&output.stdout);
        let lines: Vec<&str> = stdout.lines().collect();
        assert_eq!(lines.len(), 2, "{stdout}");
        for line in lines {
            let event: Value = serde_json::from_str(line).expect("one JSON object per line");
            assert_eq!(
                event,
                serde_json::json!({"kind": "resourceUpdated", "uri": "demo://clock/now"})
            );
        }

        let text = cli.run(&with(
            server,
            &["watch", "demo://clock/now", "--count", "1"],
        ));
        assert!(text.status.success(), "{}", stderr(&text));
        assert_eq!(
            String::from_utf8_lossy(&text.stdout),
            "updated demo://clock/now\n"
        );
    });
}

#[test]
fn watch_over_http_ends_with_transport_closed_when_the_server_goes_away() {
    let cli = Cli::new();
    let mut http = HttpServer::start(&demo_server(), &["--update-interval-ms", "100"]);
    let watcher = cli
        .command(&["watch", "demo://clock/now", "--json", "--http", &http.url])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start lode watch");
    std::thread::sleep(Duration::from_secs(1));
    http.stop();
    let killed = Instant::now();
    let mut watcher = watcher;
    // A stateless HTTP session has no connection to drop: the end of the notification stream,
    // which cannot be reopened, is the sign. A watcher that never notices is killed, not
    // waited on forever.
    while watcher.try_wait().expect("poll lode watch").is_none() {
        if killed.elapsed() > Duration::from_secs(20) {
            let _ = watcher.kill();
            panic!("lode watch did not notice the server had gone");
        }
        std::thread::sleep(Duration::from_millis(100));
    }
    let output = watcher.wait_with_output().expect("lode watch ends");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("transport-closed"),
        "{}",
        stderr(&output)
    );
    assert!(String::from_utf8_lossy(&output.stdout).contains("resourceUpdated"));
}

#[test]
fn info_describes_the_modern_demo_server() {
    let cli = Cli::new();
    on_both_transports(&[], |server| {
        let info = cli.json(&with(server, &["info", "--json"]));
        assert_eq!(info["era"], "modern");
        assert_eq!(info["protocolVersion"], "2026-07-28");
        assert_eq!(info["name"], "lode-demo-server");
        let caps = &info["capabilities"];
        for on in [
            "resources",
            "resourceSubscribe",
            "prompts",
            "tools",
            "completions",
        ] {
            assert_eq!(caps[on], true, "{on}: {info}");
        }
        assert!(info["instructions"].as_str().is_some_and(|i| !i.is_empty()));
        let tail = info["stderrTail"].as_array().expect("stderrTail array");
        assert!(tail.len() <= 20 && tail.iter().all(Value::is_string));

        let text = cli.run(&with(server, &["info"]));
        assert!(text.status.success(), "{}", stderr(&text));
        let text = String::from_utf8_lossy(&text.stdout);
        assert!(text.contains("protocol: 2026-07-28 (modern)"), "{text}");
        assert!(text.contains("offers: resources (subscribe"), "{text}");
    });
}

#[test]
fn a_server_that_never_answers_times_out_with_status_4() {
    let cli = Cli::new();
    let started = Instant::now();
    let output = cli.run(&["info", "--stdio", "sleep 30", "--timeout", "1"]);
    let elapsed = started.elapsed();
    assert_eq!(output.status.code(), Some(4), "{}", stderr(&output));
    assert!(
        stderr(&output).contains("lode: timeout: "),
        "{}",
        stderr(&output)
    );
    assert!(
        elapsed < Duration::from_secs(8),
        "exits soon after the 1 s timeout, took {elapsed:?}"
    );
}

#[test]
fn credentials_come_from_the_environment_and_are_never_printed() {
    let cli = Cli::new();
    let missing = cli.run(&[
        "ls",
        "--http",
        "http://127.0.0.1:9/mcp",
        "--bearer-env",
        "LODE_TEST_UNSET_TOKEN",
    ]);
    assert_eq!(missing.status.code(), Some(1), "{}", stderr(&missing));
    assert!(
        stderr(&missing).contains("LODE_TEST_UNSET_TOKEN"),
        "{}",
        stderr(&missing)
    );

    let half = cli.run(&[
        "ls",
        "--http",
        "http://127.0.0.1:9/mcp",
        "--api-key-header",
        "X-Key",
    ]);
    assert_eq!(half.status.code(), Some(1), "{}", stderr(&half));

    // A set token reaches a server that is not there: the failure names no secret.
    let output = Command::new(env!("CARGO_BIN_EXE_lode"))
        .args(["ls", "--http", "http://127.0.0.1:9/mcp", "--timeout", "5"])
        .args(["--bearer-env", "LODE_TEST_TOKEN"])
        .args([
            "--api-key-header",
            "X-Key",
            "--api-key-env",
            "LODE_TEST_KEY",
        ])
        .args(["--header", "X-Other: visible-value"])
        .env("LODE_TEST_TOKEN", "sekrit-token-123")
        .env("LODE_TEST_KEY", "sekrit-key-456")
        .env("LODE_DATA_DIR", tempfile::tempdir().expect("dir").path())
        .output()
        .expect("run lode");
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    let printed = format!(
        "{}{}",
        stderr(&output),
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(!printed.contains("sekrit"), "{printed}");
}

#[test]
fn transport_flags_that_do_not_fit_are_usage_errors() {
    let cli = Cli::new();
    for args in [
        &["ls", "--http", "http://127.0.0.1:9/mcp", "--env", "A=b"][..],
        &["ls", "Demo", "--header", "X: y"],
        &["ls", "--stdio", "x", "--http", "http://127.0.0.1:9/mcp"],
        &["ls", "--stdio", "x", "--bearer-env", "HOME"],
        &["ls", "--stdio", "x", "--timeout", "0"],
        &["read", "--stdio", &demo_stdio()],
        &[
            "complete",
            "--stdio",
            &demo_stdio(),
            "table://{name}",
            "name",
        ],
        &["watch", "--stdio", &demo_stdio()],
    ] {
        let output = cli.run(args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
    }
}

#[cfg(unix)]
#[test]
fn env_and_cwd_reach_the_stdio_server() {
    let cli = Cli::new();
    let demo = demo_server();
    let needs_env = format!(
        "sh -c 'test \"$LODE_TEST_FLAG\" = yes && exec \"{}\" stdio'",
        demo.display()
    );
    let with_env = cli.run(&["info", "--stdio", &needs_env, "--env", "LODE_TEST_FLAG=yes"]);
    assert!(with_env.status.success(), "{}", stderr(&with_env));
    let without = cli.run(&["info", "--stdio", &needs_env]);
    assert_eq!(without.status.code(), Some(2), "{}", stderr(&without));

    let dir = tempfile::tempdir().expect("temp dir");
    std::fs::write(dir.path().join("marker"), "").expect("marker file");
    let needs_cwd = format!(
        "sh -c 'test -f marker && exec \"{}\" stdio'",
        demo.display()
    );
    let cwd = dir.path().to_str().expect("utf-8 path");
    let in_dir = cli.run(&["info", "--stdio", &needs_cwd, "--cwd", cwd]);
    assert!(in_dir.status.success(), "{}", stderr(&in_dir));
    let elsewhere = cli.run(&["info", "--stdio", &needs_cwd]);
    assert_eq!(elsewhere.status.code(), Some(2), "{}", stderr(&elsewhere));
}

#[test]
fn every_command_reports_an_unknown_saved_connection_as_a_usage_error() {
    let cli = Cli::new();
    for args in [
        &["templates", "NoSuchServer"][..],
        &["read", "NoSuchServer", "file:///x"],
        &["complete", "NoSuchServer", "t", "a", "v"],
        &["prompts", "NoSuchServer"],
        &["prompt", "NoSuchServer", "p"],
        &["tools", "NoSuchServer"],
        &["call", "NoSuchServer", "t"],
        &["watch", "NoSuchServer", "demo://clock/now"],
        &["info", "NoSuchServer"],
    ] {
        let output = cli.run(args);
        assert_eq!(
            output.status.code(),
            Some(1),
            "{args:?}: {}",
            stderr(&output)
        );
        assert!(
            stderr(&output).contains("lode: unknown-connection: no saved connection named"),
            "{}",
            stderr(&output)
        );
    }
}

#[test]
fn ls_prints_no_progress_line_when_stderr_is_not_a_terminal() {
    let cli = Cli::new();
    let output = cli.run(&["ls", "--stdio", &demo_stdio(), "--json"]);
    assert!(output.status.success(), "{}", stderr(&output));
    assert!(stderr(&output).is_empty(), "{}", stderr(&output));
}

#[test]
fn the_saved_demo_connection_works_for_the_new_commands() {
    let cli = Cli::new();
    let info = cli.json(&["info", "demo", "--json"]);
    assert_eq!(info["era"], "modern");
    let tools = cli.json(&["tools", "Demo", "--json"]);
    assert_eq!(tools.as_array().map(Vec::len), Some(7));
}
