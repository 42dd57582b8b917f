//! Tests of reading other clients' configuration files and writing Lode's connections back.

use std::collections::BTreeMap;

use super::*;

fn server<'a>(parsed: &'a ParsedConfig, name: &str) -> &'a ImportedServer {
    parsed
        .servers
        .iter()
        .find(|s| s.name == name)
        .unwrap_or_else(|| panic!("no server {name} in {parsed:?}"))
}

fn given(value: &str) -> SecretValue {
    SecretValue::Given(value.to_owned())
}

#[test]
fn claude_desktop_servers_keep_their_settings_and_lose_their_secrets() {
    let text = r#"{
      "mcpServers": {
        "github": {
          "command": "npx",
          "args": ["-y", "@modelcontextprotocol/server-github"],
          "env": {"GITHUB_PERSONAL_ACCESS_TOKEN": "ghp_0123456789abcdefghij", "LOG_LEVEL": "info"}
        },
        "files": {"command": "npx", "args": ["-y", "server-filesystem", "/home/me"], "disabled": true},
        "broken": {"args": ["x"]},
        "odd": "not an object"
      },
      "globalShortcut": "Ctrl+Space"
    }"#;
    let parsed = parse_config(ConfigFormat::ClaudeDesktop, text).expect("parsed");
    assert_eq!(parsed.servers.len(), 2);
    let github = server(&parsed, "github");
    assert_eq!(github.origin, "mcpServers");
    assert!(github.enabled);
    assert_eq!(
        github.transport,
        TransportSpec::Stdio {
            command: "npx".into(),
            args: vec!["-y".into(), "@modelcontextprotocol/server-github".into()],
            env: BTreeMap::from([("LOG_LEVEL".into(), "info".into())]),
            cwd: None,
        }
    );
    assert_eq!(
        github.secrets,
        [FoundSecret {
            place: SecretPlace::Env {
                name: "GITHUB_PERSONAL_ACCESS_TOKEN".into()
            },
            value: given("ghp_0123456789abcdefghij"),
        }]
    );
    assert!(!server(&parsed, "files").enabled);
    let mut problems: Vec<(&str, &str)> = parsed
        .problems
        .iter()
        .map(|p| (p.name.as_str(), p.message.as_str()))
        .collect();
    problems.sort_unstable();
    assert_eq!(
        problems,
        [
            ("broken", "has neither a `command` nor a `url`"),
            ("odd", "is not an object")
        ]
    );
}

#[test]
fn claude_code_reads_user_and_project_servers_of_every_transport() {
    let text = r#"{
      "numStartups": 3,
      "mcpServers": {
        "remote": {"type": "http", "url": "https://mcp.example.com/mcp",
                   "headers": {"Authorization": "Bearer tok_0123456789", "X-Region": "eu"}}
      },
      "projects": {
        "/home/me/app": {
          "mcpServers": {
            "legacy": {"type": "sse", "url": "http://127.0.0.1:3001/sse",
                       "headers": {"X-Agent-API-Key": "k-123"}},
            "local": {"type": "stdio", "command": "uvx", "args": ["mcp-server-sqlite"]}
          }
        },
        "/home/me/empty": {"allowedTools": []}
      }
    }"#;
    let parsed = parse_config(ConfigFormat::ClaudeCode, text).expect("parsed");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let remote = server(&parsed, "remote");
    assert_eq!(
        remote.transport,
        TransportSpec::Http {
            url: "https://mcp.example.com/mcp".into(),
            headers: BTreeMap::from([("X-Region".into(), "eu".into())]),
        }
    );
    assert_eq!(
        remote.secrets,
        [FoundSecret {
            place: SecretPlace::Bearer,
            value: given("tok_0123456789")
        }]
    );
    let legacy = server(&parsed, "legacy");
    assert_eq!(legacy.origin, "projects./home/me/app.mcpServers");
    assert!(matches!(&legacy.transport, TransportSpec::Sse { headers, .. } if headers.is_empty()));
    assert_eq!(
        legacy.secrets[0].place,
        SecretPlace::Header {
            name: "X-Agent-API-Key".into()
        }
    );
    assert!(matches!(
        server(&parsed, "local").transport,
        TransportSpec::Stdio { .. }
    ));
}

#[test]
fn vs_code_inputs_become_secrets_to_ask_for_in_jsonc_settings() {
    let text = r#"{
      // user settings
      "editor.fontSize": 14,
      "mcp": {
        "inputs": [
          {"type": "promptString", "id": "gh", "description": "GitHub token", "password": true},
        ],
        "servers": {
          "github": {
            "type": "stdio", "command": "docker",
            "args": ["run", "-i", "--rm", "-e", "GITHUB_TOKEN", "ghcr.io/github/github-mcp-server"],
            "env": {"GITHUB_TOKEN": "${input:gh}"},
            "envFile": "${workspaceFolder}/.env",
          },
          "api": {"type": "http", "url": "https://api.example.com/mcp",
                  "headers": {"Authorization": "Bearer ${input:api-token}"}},
          "ws": {"command": "node", "args": ["${workspaceFolder}/server.js"]},
        },
      },
    }"#;
    let parsed = parse_config(ConfigFormat::VsCode, text).expect("parsed");
    assert!(parsed.problems.is_empty(), "{:?}", parsed.problems);
    let github = server(&parsed, "github");
    assert_eq!(github.origin, "mcp.servers");
    assert_eq!(
        github.secrets,
        [FoundSecret {
            place: SecretPlace::Env {
                name: "GITHUB_TOKEN".into()
            },
            value: SecretValue::Ask {
                prompt: "GitHub token".into()
            },
        }]
    );
    assert!(
        github.notes.iter().any(|n| n.contains("envFile")),
        "{:?}",
        github.notes
    );
    let api = server(&parsed, "api");
    assert_eq!(
        api.secrets,
        [FoundSecret {
            place: SecretPlace::Bearer,
            value: SecretValue::Ask {
                prompt: "api-token".into()
            },
        }]
    );
    let ws = server(&parsed, "ws");
    assert!(
        ws.notes.iter().any(|n| n.contains("${workspaceFolder}")),
        "{:?}",
        ws.notes
    );
}

#[test]
fn cursor_and_windsurf_remote_servers_without_a_type_are_streamable_http() {
    let cursor = r#"{"mcpServers": {"docs": {"url": "https://docs.example.com/mcp"}}}"#;
    let parsed = parse_config(ConfigFormat::Cursor, cursor).expect("parsed");
    let docs = server(&parsed, "docs");
    assert!(
        matches!(&docs.transport, TransportSpec::Http { url, .. } if url == "https://docs.example.com/mcp")
    );
    assert!(
        docs.notes[0].contains("Streamable HTTP"),
        "{:?}",
        docs.notes
    );

    let windsurf = r#"{"mcpServers": {"w": {"serverUrl": "http://localhost:8080/mcp"},
                                      "bad": {"serverUrl": "ftp://x"}}}"#;
    let parsed = parse_config(ConfigFormat::Windsurf, windsurf).expect("parsed");
    assert!(matches!(
        server(&parsed, "w").transport,
        TransportSpec::Http { .. }
    ));
    assert_eq!(parsed.problems.len(), 1);
    assert!(parsed.problems[0].message.contains("not http or https"));
}

#[test]
fn a_file_that_is_not_json_fails_whole_with_its_position() {
    let error = parse_config(ConfigFormat::ClaudeDesktop, "{\n  \"mcpServers\": {,\n}")
        .expect_err("not JSON");
    assert_eq!(error.code, ErrorCode::InvalidInput);
    assert!(error.message.contains("line 2"), "{}", error.message);
    assert!(parse_config(ConfigFormat::Cursor, "[1, 2]").is_err());
    // JSON with comments is VS Code's, not Claude Desktop's.
    assert!(parse_config(ConfigFormat::ClaudeDesktop, "{// x\n}").is_err());
    let empty = parse_config(ConfigFormat::ClaudeDesktop, "{}").expect("no servers is fine");
    assert!(empty.servers.is_empty() && empty.problems.is_empty());
}

#[test]
fn secret_values_never_show_in_debug_output() {
    let text =
        r#"{"mcpServers": {"s": {"command": "x", "env": {"API_KEY": "hunter2-very-secret"}}}}"#;
    let parsed = parse_config(ConfigFormat::ClaudeDesktop, text).expect("parsed");
    let debug = format!("{parsed:?}");
    assert!(!debug.contains("hunter2"), "{debug}");
    assert!(debug.contains("API_KEY"));
}

#[test]
fn export_writes_claude_desktop_config_without_secrets() {
    let entries = [
        ExportEntry {
            name: "github".into(),
            transport: TransportSpec::Stdio {
                command: "npx".into(),
                args: vec!["-y".into(), "server-github".into()],
                env: BTreeMap::from([("LOG_LEVEL".into(), "info".into())]),
                cwd: None,
            },
            secrets: vec![SecretPlace::Env {
                name: "GITHUB_TOKEN".into(),
            }],
        },
        ExportEntry {
            name: "remote".into(),
            transport: TransportSpec::Sse {
                url: "http://127.0.0.1:3001/sse".into(),
                headers: BTreeMap::new(),
            },
            secrets: vec![SecretPlace::Bearer],
        },
        ExportEntry {
            name: "table".into(),
            transport: TransportSpec::Rest {
                url: "http://127.0.0.1:9/api".into(),
                headers: BTreeMap::new(),
            },
            secrets: Vec::new(),
        },
    ];
    let exported = claude_desktop_config(&entries);
    let servers = &exported.config["mcpServers"];
    assert_eq!(servers["github"]["command"], "npx");
    assert_eq!(
        servers["github"]["env"],
        serde_json::json!({"LOG_LEVEL": "info"})
    );
    assert_eq!(
        servers["remote"],
        serde_json::json!({"type": "sse", "url": "http://127.0.0.1:3001/sse"})
    );
    assert!(servers.get("table").is_none());
    assert_eq!(exported.notes.len(), 3, "{:?}", exported.notes);
    assert!(exported.notes.iter().any(|n| n.contains("GITHUB_TOKEN")));
    // What was exported reads back as the same servers.
    let text = exported.config.to_string();
    let back = parse_config(ConfigFormat::ClaudeDesktop, &text).expect("round trip");
    assert_eq!(server(&back, "github").transport, entries[0].transport);
    assert_eq!(server(&back, "remote").transport, entries[1].transport);
}

#[test]
fn the_preview_marks_duplicates_and_never_carries_a_secret_value() {
    let text = r#"{"mcpServers": {
        "demo": {"command": "lode-demo-server", "args": ["stdio"]},
        "github": {"command": "npx", "args": ["gh"], "env": {"GITHUB_TOKEN": "ghp_planted"}},
        "copy": {"url": "http://127.0.0.1:3000/mcp"},
        "fresh": {"command": "fresh"}
    }}"#;
    let parsed = parse_config(ConfigFormat::ClaudeDesktop, text).expect("parses");
    let saved = |id, name: &str, transport| {
        crate::Connection::unsaved(crate::ConnectionId(id), name, transport)
    };
    let demo = parse_config(
        ConfigFormat::ClaudeDesktop,
        r#"{"mcpServers": {"x": {"command": "lode-demo-server", "args": ["stdio"]}}}"#,
    )
    .expect("parses");
    let saved = vec![
        saved(1, "Demo", demo.servers[0].transport.clone()),
        saved(2, "GitHub", TransportSpec::http("http://other/mcp")),
        saved(
            3,
            "Remote",
            TransportSpec::http("http://127.0.0.1:3000/mcp"),
        ),
    ];
    let source = ImportSource {
        format: ConfigFormat::ClaudeDesktop,
        path: "/x/claude_desktop_config.json".into(),
    };
    let preview = preview(source, "digest".into(), &parsed, &saved);
    let duplicate = |name: &str| {
        let candidate = preview.candidates.iter().find(|c| c.name == name);
        candidate.and_then(|c| c.duplicate.clone())
    };
    let same_name = |existing: &str, same_transport| Duplicate::SameName {
        existing: existing.into(),
        same_transport,
    };
    assert_eq!(duplicate("demo"), Some(same_name("Demo", true)));
    assert_eq!(duplicate("github"), Some(same_name("GitHub", false)));
    let same_server = Duplicate::SameServer {
        existing: "Remote".into(),
    };
    assert_eq!(duplicate("copy"), Some(same_server.clone()));
    assert_eq!(duplicate("fresh"), None);
    assert!(same_server.skipped_by_default() && !same_name("GitHub", false).skipped_by_default());
    let json = serde_json::to_string(&preview).expect("serializes");
    assert!(
        json.contains("GITHUB_TOKEN") && !json.contains("ghp_planted"),
        "{json}"
    );
}

#[test]
fn a_picked_file_s_format_is_guessed_from_its_path() {
    for (path, format) in [
        (
            "C:\\Users\\me\\AppData\\Roaming\\Claude\\claude_desktop_config.json",
            Some(ConfigFormat::ClaudeDesktop),
        ),
        ("/home/me/.claude.json", Some(ConfigFormat::ClaudeCode)),
        ("/p/.mcp.json", Some(ConfigFormat::ClaudeCode)),
        ("/p/.vscode/mcp.json", Some(ConfigFormat::VsCode)),
        (
            "/home/me/.config/Code/User/settings.json",
            Some(ConfigFormat::VsCode),
        ),
        ("/home/me/.cursor/mcp.json", Some(ConfigFormat::Cursor)),
        (
            "/home/me/.codeium/windsurf/mcp_config.json",
            Some(ConfigFormat::Windsurf),
        ),
        ("/tmp/servers.json", None),
    ] {
        assert_eq!(ConfigFormat::guess(path), format, "{path}");
    }
}
