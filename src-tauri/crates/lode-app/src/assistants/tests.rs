use std::path::{Path, PathBuf};

use lode_core::assistants::{Assistant, ConfigScope, EntryState, LodeEntry};
use lode_core::ErrorCode;

use super::*;

fn lode() -> LodeEntry {
    LodeEntry::serve(Path::new("/usr/bin/lode"), "default")
}

fn user(assistant: Assistant) -> AssistantTarget {
    AssistantTarget {
        assistant,
        scope: ConfigScope::User,
        project: None,
    }
}

fn connect(folders: &AssistantFolders, target: &AssistantTarget) -> ChangeWritten {
    let change = plan(folders, target, AssistantAction::Connect, &lode()).expect("plan");
    apply(&change).expect("apply")
}

fn state(folders: &AssistantFolders, assistant: Assistant) -> Option<EntryState> {
    list(folders, &lode(), None)
        .into_iter()
        .find(|row| row.assistant == assistant)
        .and_then(|row| row.state)
}

#[test]
fn connecting_a_fresh_home_creates_the_file_and_its_folders() {
    let home = tempfile::tempdir().expect("home");
    let folders = AssistantFolders::under_home(home.path());
    assert_eq!(
        state(&folders, Assistant::Windsurf),
        Some(EntryState::Absent)
    );
    let written = connect(&folders, &user(Assistant::Windsurf));
    assert!(written.changed);
    assert_eq!(written.backup, None);
    let path = home.path().join(".codeium/windsurf/mcp_config.json");
    let value: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).expect("written")).expect("JSON");
    assert_eq!(value["mcpServers"]["lode"]["command"], "/usr/bin/lode");
    assert_eq!(
        state(&folders, Assistant::Windsurf),
        Some(EntryState::Current)
    );
    // Disconnecting leaves a valid, empty configuration rather than no file.
    let change = plan(
        &folders,
        &user(Assistant::Windsurf),
        AssistantAction::Disconnect,
        &lode(),
    )
    .expect("plan");
    apply(&change).expect("disconnect");
    let value: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&path).expect("kept")).expect("JSON");
    assert_eq!(value, serde_json::json!({"mcpServers": {}}));
}

#[cfg(unix)]
#[test]
fn an_existing_file_is_backed_up_keeps_its_mode_and_comes_back_to_the_byte() {
    use std::os::unix::fs::PermissionsExt;
    let home = tempfile::tempdir().expect("home");
    let folders = AssistantFolders::under_home(home.path());
    let path = home.path().join(".codex/config.toml");
    std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
    let before = "# mine\n[mcp_servers.docs]\ncommand = \"docs\"\n";
    std::fs::write(&path, before).expect("seed");
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o664)).expect("mode");

    let written = connect(&folders, &user(Assistant::Codex));
    assert!(written.changed);
    let backup = backup_path(&path);
    assert_eq!(written.backup, Some(backup.display().to_string()));
    assert_eq!(std::fs::read_to_string(&backup).expect("backup"), before);
    let mode = |p: &Path| std::fs::metadata(p).expect("meta").permissions().mode() & 0o777;
    assert_eq!(mode(&path), 0o664);
    assert_eq!(mode(&backup), 0o664);

    let connected = std::fs::read(&path).expect("connected");
    let again = connect(&folders, &user(Assistant::Codex));
    assert!(!again.changed, "connecting twice writes nothing");
    assert_eq!(std::fs::read(&path).expect("same"), connected);

    let change = plan(
        &folders,
        &user(Assistant::Codex),
        AssistantAction::Disconnect,
        &lode(),
    )
    .expect("plan");
    assert!(
        change.diff.contains("-[mcp_servers.lode]"),
        "{}",
        change.diff
    );
    apply(&change).expect("disconnect");
    assert_eq!(std::fs::read_to_string(&path).expect("back"), before);
    assert_eq!(mode(&path), 0o664);
    // No temporary file is left beside it.
    let names: Vec<_> = std::fs::read_dir(path.parent().expect("folder"))
        .expect("list")
        .map(|e| e.expect("entry").file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

#[test]
fn a_file_changed_after_the_diff_was_shown_is_not_written() {
    let home = tempfile::tempdir().expect("home");
    let folders = AssistantFolders::under_home(home.path());
    let path = home.path().join(".cursor/mcp.json");
    std::fs::create_dir_all(path.parent().expect("folder")).expect("folder");
    std::fs::write(&path, "{\"mcpServers\": {}}").expect("seed");
    let change = plan(
        &folders,
        &user(Assistant::Cursor),
        AssistantAction::Connect,
        &lode(),
    )
    .expect("plan");
    std::fs::write(&path, "{\"mcpServers\": {\"new\": {}}}").expect("someone else");
    let err = apply(&change).expect_err("changed since");
    assert_eq!(err.code, ErrorCode::FileChanged);
    assert_eq!(
        std::fs::read_to_string(&path).expect("kept"),
        "{\"mcpServers\": {\"new\": {}}}"
    );
    assert!(!backup_path(&path).exists());
}

#[cfg(unix)]
#[test]
fn a_linked_configuration_is_written_where_it_lives_and_stays_a_link() {
    let home = tempfile::tempdir().expect("home");
    let dotfiles = tempfile::tempdir().expect("dotfiles");
    let real = dotfiles.path().join("gemini.json");
    std::fs::write(&real, "{\n  // mine\n  \"mcpServers\": {}\n}\n").expect("seed");
    std::fs::create_dir_all(home.path().join(".gemini")).expect("folder");
    let link = home.path().join(".gemini/settings.json");
    std::os::unix::fs::symlink(&real, &link).expect("link");
    let folders = AssistantFolders::under_home(home.path());
    connect(&folders, &user(Assistant::GeminiCli));
    assert!(std::fs::symlink_metadata(&link)
        .expect("link")
        .file_type()
        .is_symlink());
    let text = std::fs::read_to_string(&real).expect("real");
    assert!(
        text.contains("// mine") && text.contains("/usr/bin/lode"),
        "{text}"
    );
}

#[test]
fn a_stale_entry_is_listed_and_repaired() {
    let home = tempfile::tempdir().expect("home");
    let folders = AssistantFolders::under_home(home.path());
    let old = LodeEntry::serve(Path::new("/opt/lode-0.1/lode"), "default");
    let change = plan(
        &folders,
        &user(Assistant::ClaudeCode),
        AssistantAction::Connect,
        &old,
    )
    .expect("plan");
    apply(&change).expect("old connect");
    assert_eq!(
        state(&folders, Assistant::ClaudeCode),
        Some(EntryState::Stale)
    );
    let repair = plan(
        &folders,
        &user(Assistant::ClaudeCode),
        AssistantAction::Repair,
        &lode(),
    )
    .expect("plan");
    assert!(
        repair
            .diff
            .contains("-      \"command\": \"/opt/lode-0.1/lode\""),
        "{}",
        repair.diff
    );
    apply(&repair).expect("repair");
    assert_eq!(
        state(&folders, Assistant::ClaudeCode),
        Some(EntryState::Current)
    );
}

#[test]
fn a_malformed_file_is_listed_with_its_problem_and_left_alone() {
    let home = tempfile::tempdir().expect("home");
    let folders = AssistantFolders::under_home(home.path());
    let path = home.path().join(".claude.json");
    std::fs::write(&path, "{\"mcpServers\": [").expect("seed");
    let row = list(&folders, &lode(), None)
        .into_iter()
        .find(|row| row.assistant == Assistant::ClaudeCode)
        .expect("row");
    assert_eq!(row.state, None);
    assert!(row.problem.expect("problem").contains("not valid JSON"));
    let err = plan(
        &folders,
        &user(Assistant::ClaudeCode),
        AssistantAction::Connect,
        &lode(),
    )
    .expect_err("malformed");
    assert!(
        err.message.starts_with(&path.display().to_string()),
        "{}",
        err.message
    );
    assert_eq!(
        std::fs::read_to_string(&path).expect("kept"),
        "{\"mcpServers\": ["
    );
}

#[test]
fn project_scopes_need_a_folder_and_exist_only_where_documented() {
    let home = tempfile::tempdir().expect("home");
    let folders = AssistantFolders::under_home(home.path());
    let project = PathBuf::from("/work/project");
    let path = |assistant| config_path(&folders, assistant, ConfigScope::Project, Some(&project));
    assert_eq!(
        path(Assistant::ClaudeCode).expect("cc"),
        project.join(".mcp.json")
    );
    assert_eq!(
        path(Assistant::VsCode).expect("vs"),
        project.join(".vscode/mcp.json")
    );
    assert!(path(Assistant::ClaudeDesktop).is_err());
    assert!(config_path(&folders, Assistant::ClaudeCode, ConfigScope::Project, None).is_err());
    let rows = list(&folders, &lode(), Some(&project));
    assert_eq!(rows.len(), 8 + 5);
}

#[cfg(unix)]
#[test]
fn installed_means_a_command_on_the_path_or_the_assistants_folder() {
    use std::os::unix::fs::PermissionsExt;
    let home = tempfile::tempdir().expect("home");
    let bin = tempfile::tempdir().expect("bin");
    let mut folders = AssistantFolders::under_home(home.path());
    folders.path = vec![bin.path().to_path_buf()];
    assert!(!is_installed(&folders, Assistant::Codex));
    assert!(!is_installed(&folders, Assistant::ClaudeCode));
    let codex = bin.path().join("codex");
    std::fs::write(&codex, "#!/bin/sh\n").expect("codex");
    assert!(!is_installed(&folders, Assistant::Codex), "not executable");
    std::fs::set_permissions(&codex, std::fs::Permissions::from_mode(0o755)).expect("mode");
    assert!(is_installed(&folders, Assistant::Codex));
    std::fs::create_dir(home.path().join(".claude")).expect("folder");
    assert!(is_installed(&folders, Assistant::ClaudeCode));
}

#[test]
fn the_lode_beside_the_app_is_found_or_named_missing() {
    let folder = tempfile::tempdir().expect("folder");
    let app = folder.path().join("lode-desktop");
    let err = lode_beside(&app).expect_err("missing");
    assert!(
        err.message.contains("not installed beside Lode"),
        "{}",
        err.message
    );
    std::fs::write(
        folder
            .path()
            .join(if cfg!(windows) { "lode.exe" } else { "lode" }),
        "",
    )
    .expect("lode");
    let found = lode_beside(&app).expect("found");
    assert!(found.is_absolute());
    assert!(found.ends_with(if cfg!(windows) { "lode.exe" } else { "lode" }));
}
