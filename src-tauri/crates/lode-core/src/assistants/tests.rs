use std::path::Path;

use super::*;
use crate::error::ErrorCode;

fn lode_at(path: &str) -> LodeEntry {
    LodeEntry::serve(Path::new(path), "default")
}

fn wanted() -> LodeEntry {
    lode_at("/usr/bin/lode")
}

const CLAUDE: &str = r#"{
  "globalShortcut": "",
  "mcpServers": {
    "files": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
    }
  },
  "zzz": 1
}
"#;

const VSCODE: &str = r#"// My servers
{
	"inputs": [],
	"servers": {
		// the GitHub one
		"github": {
			"type": "http",
			"url": "https://api.githubcopilot.com/mcp/", // remote
		},
	},
}
"#;

const CODEX: &str = r#"# Codex settings
model = "o3"

[mcp_servers.docs]
# the docs server
command = "docs-mcp"
args = ["--stdio"]

[profiles.fast]
model = "o4-mini"
"#;

fn roundtrip(assistant: Assistant, before: &str) -> String {
    let format = assistant.format();
    let after = with_entry(format, before, &wanted()).expect("connect");
    assert_eq!(
        inspect(format, &after, &wanted()).expect("inspect"),
        EntryState::Current,
        "{after}"
    );
    let again = with_entry(format, &after, &wanted()).expect("connect again");
    assert_eq!(again, after, "connecting twice changes nothing");
    let removed = without_entry(format, &after).expect("disconnect");
    assert_eq!(
        removed, before,
        "disconnect gives back the file byte for byte"
    );
    after
}

#[test]
fn json_entry_added_beside_the_others_and_removed_to_the_byte() {
    let after = roundtrip(Assistant::ClaudeDesktop, CLAUDE);
    assert_eq!(
        after,
        r#"{
  "globalShortcut": "",
  "mcpServers": {
    "files": {
      "command": "npx",
      "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
    },
    "lode": {
      "command": "/usr/bin/lode",
      "args": ["serve", "--profile", "default"]
    }
  },
  "zzz": 1
}
"#
    );
}

#[test]
fn jsonc_comments_and_trailing_commas_kept() {
    let after = roundtrip(Assistant::VsCode, VSCODE);
    assert!(after.starts_with("// My servers\n"), "{after}");
    assert!(after.contains("// the GitHub one"), "{after}");
    assert!(after.contains("// remote"), "{after}");
    assert!(after.contains("\"type\": \"stdio\""), "{after}");
    let value = jsonc_parser::cst::CstRootNode::parse(&after, &Default::default())
        .expect("still JSONC")
        .to_serde_value()
        .expect("a value");
    assert_eq!(value["servers"]["lode"]["command"], "/usr/bin/lode");
    assert_eq!(value["servers"]["github"]["type"], "http");
}

#[test]
fn toml_table_added_and_removed_to_the_byte() {
    let after = roundtrip(Assistant::Codex, CODEX);
    assert!(after.starts_with("# Codex settings\n"), "{after}");
    assert!(after.contains("# the docs server"), "{after}");
    let doc: toml_edit::DocumentMut = after.parse().expect("still TOML");
    assert_eq!(
        doc["mcp_servers"]["lode"]["command"].as_str(),
        Some("/usr/bin/lode")
    );
    assert_eq!(
        doc["mcp_servers"]["docs"]["command"].as_str(),
        Some("docs-mcp")
    );
}

#[test]
fn every_assistant_round_trips_a_file_with_another_server() {
    for assistant in Assistant::ALL {
        let format = assistant.format();
        let before = match format.syntax {
            ConfigSyntax::Toml => CODEX.to_string(),
            _ => format!(
                "{{\n  \"{}\": {{\n    \"other\": {{ \"command\": \"x\" }}\n  }}\n}}\n",
                format.servers_key
            ),
        };
        roundtrip(assistant, &before);
    }
}

#[test]
fn a_missing_file_becomes_a_config_with_only_lodes_entry() {
    let json = with_entry(Assistant::Cursor.format(), "", &wanted()).expect("new JSON");
    let value: serde_json::Value = serde_json::from_str(&json).expect("plain JSON");
    assert_eq!(value["mcpServers"]["lode"]["args"][2], "default");
    let zed = with_entry(Assistant::Zed.format(), "", &wanted()).expect("new Zed");
    assert!(zed.contains("\"context_servers\""), "{zed}");
    let toml = with_entry(Assistant::Codex.format(), "", &wanted()).expect("new TOML");
    assert_eq!(
        toml,
        "[mcp_servers.lode]\ncommand = \"/usr/bin/lode\"\nargs = [\"serve\", \"--profile\", \"default\"]\n"
    );
    // Disconnecting leaves an empty, valid configuration, not nothing.
    let emptied = without_entry(Assistant::Cursor.format(), &json).expect("disconnect");
    let value: serde_json::Value = serde_json::from_str(&emptied).expect("plain JSON");
    assert_eq!(value, serde_json::json!({"mcpServers": {}}));
}

#[test]
fn a_moved_lode_is_stale_and_repaired_in_place_keeping_the_persons_keys() {
    let format = Assistant::ClaudeCode.format();
    let old = r#"{"mcpServers": {"lode": {"command": "/opt/old/lode", "args": ["serve", "--profile", "default"], "env": {"A": "1"}}}}"#;
    assert_eq!(
        inspect(format, old, &wanted()).expect("inspect"),
        EntryState::Stale
    );
    let other_profile = lode_at("/opt/old/lode");
    let other_profile = LodeEntry {
        args: vec!["serve".into(), "--profile".into(), "work".into()],
        ..other_profile
    };
    assert_eq!(
        inspect(format, old, &other_profile).expect("inspect"),
        EntryState::Stale
    );
    let repaired = with_entry(format, old, &wanted()).expect("repair");
    let value: serde_json::Value = serde_json::from_str(&repaired).expect("JSON");
    assert_eq!(value["mcpServers"]["lode"]["command"], "/usr/bin/lode");
    assert_eq!(value["mcpServers"]["lode"]["env"]["A"], "1");
    assert_eq!(
        inspect(format, &repaired, &wanted()).expect("inspect"),
        EntryState::Current
    );

    let toml = "[mcp_servers.lode]\ncommand = \"/opt/old/lode\"\nargs = [\"serve\", \"--profile\", \"default\"]\nenv = { A = \"1\" }\n";
    let codex = Assistant::Codex.format();
    assert_eq!(
        inspect(codex, toml, &wanted()).expect("inspect"),
        EntryState::Stale
    );
    let repaired = with_entry(codex, toml, &wanted()).expect("repair");
    assert!(repaired.contains("env = { A = \"1\" }"), "{repaired}");
    assert_eq!(
        inspect(codex, &repaired, &wanted()).expect("inspect"),
        EntryState::Current
    );
}

#[test]
fn vscode_entry_without_stdio_type_is_stale() {
    let format = Assistant::VsCode.format();
    let text = r#"{"servers": {"lode": {"command": "/usr/bin/lode", "args": ["serve", "--profile", "default"]}}}"#;
    assert_eq!(
        inspect(format, text, &wanted()).expect("inspect"),
        EntryState::Stale
    );
}

#[test]
fn another_programs_lode_entry_is_never_overwritten_nor_removed() {
    let cases = [
        (
            Assistant::ClaudeDesktop,
            r#"{"mcpServers": {"lode": {"command": "npx", "args": ["lode-mcp"]}}}"#,
        ),
        (
            Assistant::ClaudeDesktop,
            r#"{"mcpServers": {"lode": {"command": "/usr/bin/lode", "args": ["read", "x"]}}}"#,
        ),
        (
            Assistant::VsCode,
            r#"{"servers": {"lode": {"type": "http", "url": "https://lode.example"}}}"#,
        ),
        (
            Assistant::Zed,
            r#"{"context_servers": {"lode": "not an object"}}"#,
        ),
        (
            Assistant::Codex,
            "[mcp_servers.lode]\nurl = \"https://lode.example/mcp\"\n",
        ),
    ];
    for (assistant, text) in cases {
        let format = assistant.format();
        assert_eq!(
            inspect(format, text, &wanted()).expect("inspect"),
            EntryState::Foreign,
            "{text}"
        );
        let err = with_entry(format, text, &wanted()).expect_err(text);
        assert_eq!(err.code, ErrorCode::InvalidInput);
        assert!(
            err.message.contains("does not start Lode"),
            "{}",
            err.message
        );
        let err = without_entry(format, text).expect_err(text);
        assert!(
            err.message.contains("does not start Lode"),
            "{}",
            err.message
        );
    }
}

#[test]
fn hostile_files_are_specific_errors_and_left_alone() {
    let cases: &[(Assistant, &str, &str)] = &[
        (
            Assistant::ClaudeDesktop,
            "{\"mcpServers\": {",
            "not valid JSON",
        ),
        (
            Assistant::ClaudeDesktop,
            "{\"mcpServers\": {}} // mine",
            "not valid JSON",
        ),
        (Assistant::Cursor, "{\"mcpServers\": {},}", "not valid JSON"),
        (Assistant::ClaudeCode, "[1, 2]", "top level is a list"),
        (
            Assistant::ClaudeCode,
            "{\"mcpServers\": [1]}",
            "\"mcpServers\" in the configuration is a list",
        ),
        (
            Assistant::GeminiCli,
            "{\"mcpServers\": \"x\"}",
            "is a string",
        ),
        (Assistant::Zed, "{\"context_servers\": null}", "is null"),
        (Assistant::Codex, "mcp_servers = \"x\"", "is string"),
        (
            Assistant::Codex,
            "[mcp_servers\ncommand = 1",
            "not valid TOML",
        ),
    ];
    for (assistant, text, expected) in cases {
        let format = assistant.format();
        for err in [
            inspect(format, text, &wanted()).expect_err(text),
            with_entry(format, text, &wanted()).expect_err(text),
            without_entry(format, text).expect_err(text),
        ] {
            assert_eq!(err.code, ErrorCode::InvalidInput, "{text}");
            assert!(err.message.contains(expected), "{text}: {}", err.message);
        }
    }
}

#[test]
fn jsonc_accepts_what_json_refuses() {
    let text = "{\n  // mine\n  \"mcpServers\": {},\n}\n";
    let after = with_entry(Assistant::GeminiCli.format(), text, &wanted()).expect("JSONC");
    assert!(after.contains("// mine"), "{after}");
    assert!(with_entry(Assistant::ClaudeDesktop.format(), text, &wanted()).is_err());
}

#[test]
fn a_huge_file_is_refused_before_it_is_parsed() {
    let huge = format!("{{\"pad\": \"{}\"}}", "x".repeat(MAX_CONFIG_BYTES));
    let err = with_entry(Assistant::ClaudeDesktop.format(), &huge, &wanted()).expect_err("huge");
    assert!(
        err.message.contains("larger than 16 MiB"),
        "{}",
        err.message
    );
}

#[test]
fn inline_toml_servers_take_an_inline_entry() {
    let text = "mcp_servers = { docs = { command = \"docs\" } }\n";
    let after = with_entry(Assistant::Codex.format(), text, &wanted()).expect("inline");
    let doc: toml_edit::DocumentMut = after.parse().expect("TOML");
    assert_eq!(
        doc["mcp_servers"]["lode"]["command"].as_str(),
        Some("/usr/bin/lode")
    );
    assert_eq!(
        without_entry(Assistant::Codex.format(), &after).expect("remove"),
        text
    );
}

#[test]
fn lodes_entry_is_recognised_by_program_name_and_serve() {
    assert!(entry::is_lodes(Some("/usr/bin/lode"), &["serve".into()]));
    assert!(entry::is_lodes(
        Some("C:\\Program Files\\Lode\\lode.exe"),
        &["serve".into()]
    ));
    assert!(!entry::is_lodes(Some("/usr/bin/lode"), &[]));
    assert!(!entry::is_lodes(Some("/usr/bin/lodes"), &["serve".into()]));
    assert!(!entry::is_lodes(None, &["serve".into()]));
}

#[test]
fn the_diff_shows_the_change_with_context() {
    let after = with_entry(Assistant::ClaudeDesktop.format(), CLAUDE, &wanted()).expect("connect");
    let diff = unified_diff("claude_desktop_config.json", CLAUDE, &after);
    assert_eq!(
        diff,
        r#"--- claude_desktop_config.json
+++ claude_desktop_config.json
@@ -4,6 +4,10 @@
     "files": {
       "command": "npx",
       "args": ["-y", "@modelcontextprotocol/server-filesystem", "/tmp"]
+    },
+    "lode": {
+      "command": "/usr/bin/lode",
+      "args": ["serve", "--profile", "default"]
     }
   },
   "zzz": 1
"#
    );
    assert_eq!(unified_diff("x", CLAUDE, CLAUDE), "");
    assert_eq!(
        unified_diff("x", "", "a\n"),
        "--- x\n+++ x\n@@ -0,0 +1,1 @@\n+a\n"
    );
    assert_eq!(
        unified_diff("x", "a", "b"),
        "--- x\n+++ x\n@@ -1,1 +1,1 @@\n-a\n\\ No newline at end of file\n+b\n\\ No newline at end of file\n"
    );
}

#[test]
fn cli_names_round_trip() {
    for assistant in Assistant::ALL {
        assert_eq!(
            Assistant::from_cli_name(assistant.cli_name()),
            Some(assistant)
        );
    }
    assert_eq!(
        Assistant::from_cli_name("Claude-Code"),
        Some(Assistant::ClaudeCode)
    );
    assert_eq!(Assistant::from_cli_name("chatgpt"), None);
}

#[test]
fn the_profile_an_entry_serves_is_read_back_in_every_format() {
    let work = LodeEntry::serve(Path::new("/usr/bin/lode"), "work");
    for (assistant, before) in [
        (Assistant::ClaudeDesktop, CLAUDE),
        (Assistant::VsCode, VSCODE),
        (Assistant::Codex, CODEX),
    ] {
        let format = assistant.format();
        assert_eq!(served_profile(format, before).expect("read"), None);
        let after = with_entry(format, before, &work).expect("connect");
        assert_eq!(
            served_profile(format, &after).expect("read"),
            Some("work".to_owned()),
            "{after}"
        );
    }
    // Another program's entry named `lode` serves no profile of Lode's.
    let foreign =
        r#"{"mcpServers": {"lode": {"command": "node", "args": ["serve", "--profile", "x"]}}}"#;
    assert_eq!(
        served_profile(Assistant::ClaudeDesktop.format(), foreign).expect("read"),
        None
    );
}
