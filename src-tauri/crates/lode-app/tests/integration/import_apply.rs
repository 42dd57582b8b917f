//! Importing from real configuration files into a real SQLite file: the chosen servers are
//! saved with their secrets in the keychain (not in the database), values the file only asks
//! for come from the person, a bad choice saves nothing, and an export holds no secret. A program
//! (stdio server) is saved turned off and runs only once the person starts it.

use std::sync::Arc;

use crate::support::demo as support;
use crate::support::events;

use lode_app::secrets::{MemoryStore, SecretKey, SecretName, SecretStore};
use lode_app::Lode;
use lode_core::import::{ConfigFormat, Duplicate, ImportChoice, ImportSource, SecretAnswer};
use lode_core::{ErrorCode, SecretPlace, SecretText, TransportSpec};
use support::demo;

const PLANTED: &str = "ghp_planted_import_secret_7f3a";

fn demo_json() -> String {
    let TransportSpec::Stdio { command, args, .. } = demo() else {
        panic!("the demo server runs over stdio");
    };
    serde_json::json!({"command": command, "args": args}).to_string()
}

fn choice(index: u32, name: &str) -> ImportChoice {
    ImportChoice {
        index,
        name: name.into(),
        answers: Vec::new(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn chosen_servers_are_saved_with_their_secrets_in_the_keychain_only() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Lode::open_with_secrets(dir.path(), Some(demo()), keychain.clone()).expect("open");
    let config = dir.path().join("claude_desktop_config.json");
    let text = format!(
        r#"{{"mcpServers": {{
            "Demo": {demo},
            "github": {{"command": "npx", "args": ["-y", "gh"], "env": {{"GITHUB_TOKEN": "{PLANTED}"}}, "disabled": true}},
            "remote": {{"url": "http://127.0.0.1:9/mcp", "headers": {{"Authorization": "Bearer {PLANTED}"}}}}
        }}}}"#,
        demo = demo_json()
    );
    std::fs::write(&config, text).expect("write config");
    let source = ImportSource {
        format: ConfigFormat::ClaudeDesktop,
        path: config.display().to_string(),
    };

    let preview = lode.preview_import(&source).expect("preview");
    assert_eq!(preview.candidates.len(), 3);
    let demo_dup = preview.candidates[0].duplicate.clone();
    assert!(
        matches!(
            demo_dup,
            Some(Duplicate::SameName {
                same_transport: true,
                ..
            })
        ),
        "{demo_dup:?}"
    );
    // A name already saved refuses the whole import.
    let taken = lode
        .apply_import(
            &source,
            &preview.digest,
            &[choice(1, "github"), choice(0, "demo")],
        )
        .await
        .expect_err("name taken");
    assert_eq!(taken.code, ErrorCode::InvalidInput);
    assert!(taken.message.contains("already"), "{taken:?}");
    assert_eq!(lode.list_connections().expect("list").len(), 1);

    let saved = lode
        .apply_import(
            &source,
            &preview.digest,
            &[choice(1, "GitHub"), choice(2, "remote")],
        )
        .await
        .expect("imported");
    assert_eq!(saved.len(), 2);
    assert!(!saved[0].settings.enabled, "the file marks it disabled");
    let token = SecretKey::for_connection(saved[0].id, &SecretName::Env("GITHUB_TOKEN".into()));
    let bearer = SecretKey::for_connection(saved[1].id, &SecretName::Bearer);
    for key in [token, bearer] {
        let secret = keychain.get(&key).expect("read").expect("stored");
        assert_eq!(secret.expose(), PLANTED);
    }
    assert_eq!(saved[1].settings.secrets, [SecretPlace::Bearer]);

    // Neither the database files nor an export hold the secret.
    let exported = lode.export_connections(&[]).expect("export");
    assert!(!exported.config.to_string().contains(PLANTED));
    assert!(exported.config["mcpServers"]["GitHub"]["command"] == "npx");
    lode.shutdown().await;
    drop(lode);
    for entry in std::fs::read_dir(dir.path()).expect("data dir") {
        let path = entry.expect("entry").path();
        if path.extension().is_some_and(|e| e != "json") {
            let bytes = std::fs::read(&path).expect("read");
            let found = bytes
                .windows(PLANTED.len())
                .any(|w| w == PLANTED.as_bytes());
            assert!(!found, "{} holds the secret", path.display());
        }
    }
}

#[tokio::test]
async fn a_vs_code_input_is_asked_for_and_required() {
    let dir = tempfile::tempdir().expect("temp dir");
    let keychain = Arc::new(MemoryStore::default());
    let lode = Lode::open_with_secrets(dir.path(), None, keychain.clone()).expect("open");
    let config = dir.path().join("mcp.json");
    std::fs::write(
        &config,
        r#"{
          // JSON with comments, as VS Code writes it
          "inputs": [{"id": "key", "type": "promptString", "description": "API key", "password": true}],
          "servers": {"api": {"type": "http", "url": "http://127.0.0.1:9/mcp",
                              "headers": {"X-Api-Key": "${input:key}"}},}
        }"#,
    )
    .expect("write");
    let source = ImportSource {
        format: ConfigFormat::VsCode,
        path: config.display().to_string(),
    };
    let preview = lode.preview_import(&source).expect("preview");
    let asked = &preview.candidates[0].secrets[0];
    assert_eq!(asked.ask.as_deref(), Some("API key"));

    let unanswered = lode
        .apply_import(&source, &preview.digest, &[choice(0, "api")])
        .await
        .expect_err("needs the value");
    assert!(unanswered.message.contains("API key"), "{unanswered:?}");
    assert!(lode.list_connections().expect("list").is_empty());

    let answered = ImportChoice {
        answers: vec![SecretAnswer {
            place: asked.place.clone(),
            value: SecretText::new("typed-k3y"),
        }],
        ..choice(0, "api")
    };
    let saved = lode
        .apply_import(&source, &preview.digest, &[answered])
        .await
        .expect("saved");
    let key = SecretKey::for_connection(saved[0].id, &SecretName::from(&asked.place));
    let stored = keychain.get(&key).expect("read").expect("stored");
    assert_eq!(stored.expose(), "typed-k3y");
    lode.shutdown().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_imported_program_waits_until_the_person_starts_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let lode = Arc::new(
        Lode::open_with_secrets(dir.path(), None, Arc::new(MemoryStore::default())).expect("open"),
    );
    lode.start_all().await.expect("live");
    let mut events = lode.events();
    let config = dir.path().join("claude_desktop_config.json");
    std::fs::write(
        &config,
        format!(r#"{{"mcpServers": {{"demo": {}}}}}"#, demo_json()),
    )
    .expect("write config");
    let source = ImportSource {
        format: ConfigFormat::ClaudeDesktop,
        path: config.display().to_string(),
    };
    let preview = lode.preview_import(&source).expect("preview");
    assert!(!preview.candidates[0].starts_on_import);
    let saved = lode
        .apply_import(&source, &preview.digest, &[choice(0, "demo")])
        .await
        .expect("imported");
    assert!(!saved[0].settings.enabled, "a program is saved turned off");
    // A request that needs the server does not start it either.
    let refused = lode
        .server_info(saved[0].id)
        .await
        .expect_err("not started");
    assert_eq!(
        refused.code,
        lode_core::ErrorCode::TransportClosed,
        "{refused:?}"
    );
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert!(
        lode.statuses().await.is_empty(),
        "nothing started: {:?}",
        lode.statuses().await
    );

    let started = lode.start_connections(&[saved[0].id]).await.expect("start");
    assert!(started[0].settings.enabled, "on from now on");
    events::wait_for_status(
        &mut events,
        saved[0].id,
        std::time::Duration::from_secs(30),
        |status| matches!(status, lode_core::ConnectionStatus::Ready),
    )
    .await;
    lode.shutdown().await;
}
