//! `lode call` against tools that declare an `outputSchema` (tests/servers/metadata-server.mjs,
//! on the MCP TypeScript SDK): a conforming result is printed and succeeds; a mismatching or
//! missing `structuredContent` is printed too, but stderr says where and what did not match,
//! and the exit status is 2 so a script notices.

use crate::support;

use support::servers::servers_dir;
use support::{stderr, Cli};

fn server() -> String {
    assert!(
        servers_dir()
            .join("node_modules/@modelcontextprotocol/sdk/package.json")
            .is_file(),
        "run `npm ci --prefix tests/servers` first"
    );
    format!(
        "node {}",
        servers_dir().join("metadata-server.mjs").display()
    )
}

fn call(tool: &str, json: bool) -> std::process::Output {
    let cmd = server();
    let mut args = vec!["call", "--stdio", &cmd, tool];
    if json {
        args.push("--json");
    }
    Cli::new().run(&args)
}

#[test]
fn a_conforming_result_succeeds_quietly() {
    let output = call("forecast", false);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(String::from_utf8_lossy(&output.stdout).contains("Lisbon"));
    assert_eq!(stderr(&output), "");
}

#[test]
fn a_mismatch_names_each_path_the_rule_and_the_value_and_exits_2() {
    let output = call("forecast_wrong", false);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    // The result itself is still printed.
    assert!(String::from_utf8_lossy(&output.stdout).contains("Oslo"));
    let stderr = stderr(&output);
    assert!(
        stderr.starts_with(
            "lode: error: tool forecast_wrong: structuredContent does not match the tool's outputSchema (2 problems)"
        ),
        "{stderr}"
    );
    assert!(
        stderr.contains(r#"  at /temperature: expected type: "number", found "cold""#),
        "{stderr}"
    );
    assert!(
        stderr.contains(
            r#"  at /conditions: expected enum: ["sunny","cloudy","rain"], found "snow""#
        ),
        "{stderr}"
    );
}

#[test]
fn a_missing_structured_content_is_a_mismatch_too_and_json_carries_the_check() {
    let output = call("forecast_missing", true);
    assert_eq!(output.status.code(), Some(2), "{}", stderr(&output));
    assert!(
        stderr(&output)
            .contains("declares an outputSchema but its result has no structuredContent"),
        "{}",
        stderr(&output)
    );
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["outputCheck"]["status"], "missing");

    let output = call("forecast_wrong", true);
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(json["outputCheck"]["status"], "mismatch");
    let paths: Vec<&str> = json["outputCheck"]["problems"]
        .as_array()
        .expect("problems")
        .iter()
        .filter_map(|p| p["path"].as_str())
        .collect();
    assert!(
        paths.contains(&"/temperature") && paths.contains(&"/conditions"),
        "{paths:?}"
    );
}

#[test]
fn a_tool_without_an_output_schema_is_not_checked() {
    let output = call("plain", true);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    let json: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert!(json.get("outputCheck").is_none(), "{json}");
}
