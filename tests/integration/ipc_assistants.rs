//! Writing an assistant's configuration makes that assistant start a program, so a page cannot
//! do it alone: `change_assistant` writes only after Lode's native yes, which shows the file and
//! the diff. A "no" leaves the file byte for byte, with no backup beside it. Acts as a page
//! would: IPC on Tauri's mock runtime.

use crate::support::ipc_harness as support;

use std::path::Path;
use std::sync::{Arc, Mutex};

use lode_app::assistants::AssistantFolders;
use lode_app::confirmation::Confirmation;
use lode_desktop::{AssistantPlaces, Confirmer};
use serde_json::json;
use support::{harness_confirming, invoke, Harness};
use tauri::Manager;

const CODEX: &str = "# mine\n[mcp_servers.docs]\ncommand = \"docs\"\n";

fn answering(accept: bool, home: &Path) -> (Harness, Arc<Mutex<Vec<Confirmation>>>) {
    let asked = Arc::new(Mutex::new(Vec::new()));
    let h = harness_confirming(Confirmer::Scripted {
        accept,
        asked: asked.clone(),
    });
    h.app
        .state::<AssistantPlaces>()
        .set(AssistantFolders::under_home(home), "/usr/bin/lode".into());
    (h, asked)
}

fn seeded() -> (tempfile::TempDir, std::path::PathBuf) {
    let home = tempfile::tempdir().expect("home");
    let config = home.path().join(".codex/config.toml");
    std::fs::create_dir_all(config.parent().expect("folder")).expect("folder");
    std::fs::write(&config, CODEX).expect("seed");
    (home, config)
}

#[test]
fn a_declined_connect_writes_nothing() {
    let (home, config) = seeded();
    let (h, asked) = answering(false, home.path());
    let change = json!({"assistant": "codex", "action": "connect"});

    // The preview shows the diff and writes nothing.
    let preview = invoke(&h.window, "preview_assistant_change", change.clone()).expect("preview");
    assert!(
        preview["diff"]
            .as_str()
            .expect("diff")
            .contains("+[mcp_servers.lode]"),
        "{preview}"
    );
    assert_eq!(std::fs::read_to_string(&config).expect("kept"), CODEX);

    let refused = invoke(&h.window, "change_assistant", change).expect_err("declined");
    assert_eq!(refused["code"], "declined", "{refused}");
    assert_eq!(std::fs::read_to_string(&config).expect("kept"), CODEX);
    assert!(!home.path().join(".codex/config.toml.lode-backup").exists());
    {
        // Scoped: the scripted confirmer takes this lock to record the next question.
        let asked = asked.lock().expect("asked");
        assert_eq!(asked.len(), 1);
        assert_eq!(asked[0].title, "Connect Codex to Lode?");
        assert!(asked[0].message.contains(&config.display().to_string()));
        assert!(
            asked[0].message.contains("+command = \"/usr/bin/lode\""),
            "{}",
            asked[0].message
        );
    }

    // Nor does a declined connect of an assistant with no file create one.
    let refused = invoke(
        &h.window,
        "change_assistant",
        json!({"assistant": "cursor", "action": "connect"}),
    )
    .expect_err("declined");
    assert_eq!(refused["code"], "declined");
    assert!(!home.path().join(".cursor").exists());
}

#[test]
fn an_accepted_connect_writes_and_a_declined_disconnect_keeps_it() {
    let (home, config) = seeded();
    let (h, asked) = answering(true, home.path());
    let written = invoke(
        &h.window,
        "change_assistant",
        json!({"assistant": "codex", "action": "connect"}),
    )
    .expect("connected");
    assert_eq!(written["changed"], true);
    let connected = std::fs::read_to_string(&config).expect("connected");
    assert!(connected.contains("[mcp_servers.lode]"), "{connected}");
    let listed = invoke(&h.window, "list_assistants", json!({})).expect("list");
    let codex = listed
        .as_array()
        .expect("rows")
        .iter()
        .find(|row| row["assistant"] == "codex")
        .expect("codex");
    assert_eq!(codex["state"], "current");

    // Connecting again changes nothing, and asks nothing.
    invoke(
        &h.window,
        "change_assistant",
        json!({"assistant": "codex", "action": "connect"}),
    )
    .expect("again");
    assert_eq!(asked.lock().expect("asked").len(), 1);

    let (h, _) = answering(false, home.path());
    let refused = invoke(
        &h.window,
        "change_assistant",
        json!({"assistant": "codex", "action": "disconnect"}),
    )
    .expect_err("declined");
    assert_eq!(refused["code"], "declined");
    assert_eq!(std::fs::read_to_string(&config).expect("kept"), connected);
}
