//! Property tests over the five importers: whatever a file holds (arbitrary bytes, JSON-shaped
//! text with the keys the importers look for, JSONC cut or littered with comment and string
//! marks), reading it, previewing it and exporting what came of it never panics and ends fast.

use std::time::{Duration, Instant};

use proptest::prelude::*;

use super::*;
use crate::connection::Connection;

const FORMATS: [ConfigFormat; 5] = [
    ConfigFormat::ClaudeDesktop,
    ConfigFormat::ClaudeCode,
    ConfigFormat::VsCode,
    ConfigFormat::Cursor,
    ConfigFormat::Windsurf,
];

/// Far more than any input here should take, even on a busy machine at opt-level 2.
const PER_INPUT: Duration = Duration::from_secs(2);

/// Everything an import does with a file's text, in every format.
fn import_everything(text: &str) -> Result<(), TestCaseError> {
    let started = Instant::now();
    for format in FORMATS {
        let Ok(parsed) = parse_config(format, text) else {
            continue;
        };
        let source = ImportSource {
            format,
            path: "/fuzz.json".into(),
        };
        let shown = preview(
            source,
            digest(text.as_bytes()),
            &parsed,
            &[] as &[Connection],
        );
        prop_assert_eq!(shown.candidates.len(), parsed.servers.len());
        let entries: Vec<ExportEntry> = parsed
            .servers
            .iter()
            .map(|s| ExportEntry {
                name: s.name.clone(),
                transport: s.transport.clone(),
                secrets: s.secrets.iter().map(|f| f.place.clone()).collect(),
            })
            .collect();
        let _ = claude_desktop_config(&entries);
        let _ = serde_json::to_string(&shown).map_err(|e| TestCaseError::fail(e.to_string()))?;
    }
    prop_assert!(
        started.elapsed() < PER_INPUT,
        "took {:?}",
        started.elapsed()
    );
    Ok(())
}

/// Keys the importers look for, and values that steer them, mixed with anything.
fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        3 => prop::sample::select(vec![
            "mcpServers", "servers", "mcp", "inputs", "projects", "command", "args", "env",
            "url", "serverUrl", "type", "headers", "cwd", "disabled", "id", "description",
            "envFile", "Authorization", "NODE_OPTIONS", "GITHUB_TOKEN", "",
        ])
        .prop_map(str::to_owned),
        1 => ".{0,12}",
    ]
    .prop_map(|k| serde_json::to_string(&k).unwrap_or_default())
}

fn string_value() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "stdio",
            "http",
            "sse",
            "streamable-http",
            "npx",
            "https://u:p@h/x?api_key=abcdefgh",
            "http://",
            "${input:tok}",
            "${env:HOME}",
            "Bearer ",
            "Bearer sk-0123456789ab",
            "--api-key",
            "--token=ghp_0123456789abcdef",
            "a\u{202E}b\u{200B}",
            "%zz%4",
        ])
        .prop_map(str::to_owned),
        any::<String>(),
    ]
    .prop_map(|v| serde_json::to_string(&v).unwrap_or_default())
}

/// JSON text of any shape up to a few levels deep, built from the keys above.
fn json_text() -> impl Strategy<Value = String> {
    let leaf = prop_oneof![
        Just("null".to_owned()),
        any::<bool>().prop_map(|b| b.to_string()),
        any::<i64>().prop_map(|n| n.to_string()),
        any::<f64>().prop_map(|n| serde_json::to_string(&n).unwrap_or_default()),
        string_value(),
    ];
    leaf.prop_recursive(6, 96, 8, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(|v| format!("[{}]", v.join(","))),
            prop::collection::vec((key(), inner), 0..6).prop_map(|pairs| {
                let pairs: Vec<String> =
                    pairs.into_iter().map(|(k, v)| format!("{k}:{v}")).collect();
                format!("{{{}}}", pairs.join(","))
            }),
        ]
    })
}

/// JSON text cut short or with comment marks, quotes and commas dropped in: what JSONC meets.
fn mangled_text() -> impl Strategy<Value = String> {
    let marks = prop::sample::select(vec!["//", "/*", "*/", ",", "\"", "\\", "\n", "}", "]"]);
    (
        json_text(),
        prop::collection::vec((any::<prop::sample::Index>(), marks), 0..6),
        any::<prop::sample::Index>(),
        any::<bool>(),
    )
        .prop_map(|(text, inserts, cut, cut_it)| {
            let mut text = text;
            for (at, mark) in inserts {
                let at = floor_boundary(&text, at.index(text.len() + 1));
                text.insert_str(at, mark);
            }
            if cut_it {
                let at = floor_boundary(&text, cut.index(text.len() + 1));
                text.truncate(at);
            }
            text
        })
}

fn floor_boundary(text: &str, mut at: usize) -> usize {
    while at > 0 && !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: 2_000,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config())]

    #[test]
    fn arbitrary_bytes_never_break_an_importer(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        import_everything(&String::from_utf8_lossy(&bytes))?;
    }

    #[test]
    fn json_of_any_shape_never_breaks_an_importer(text in json_text()) {
        import_everything(&text)?;
        import_everything(&format!("{{\"mcpServers\":{text},\"servers\":{text},\"mcp\":{{\"servers\":{text}}}}}"))?;
    }

    #[test]
    fn jsonc_cut_or_littered_never_breaks_an_importer(text in mangled_text()) {
        import_everything(&text)?;
    }
}

#[test]
fn nesting_beyond_the_parser_s_limit_is_refused_not_a_crash() {
    for depth in [200, 100_000] {
        let text = format!("{}{}", "[".repeat(depth), "]".repeat(depth));
        for format in FORMATS {
            assert!(parse_config(format, &text).is_err(), "{depth} deep");
        }
        let objects = format!("{}1{}", "{\"mcpServers\":".repeat(depth), "}".repeat(depth));
        assert!(parse_config(ConfigFormat::ClaudeDesktop, &objects).is_err());
    }
}
