//! The command list (src-tauri/command_list.rs) as the UI sees it. `CommandName.ts` in
//! ui/src/ipc/bindings is made from it, like ts-rs's bindings (written when it differs; CI's
//! "bindings are current" step fails on a commit that forgot it), so `call` and the IPC mock take
//! no other name; and every command has a caller in the UI, or it would not be granted.

use std::path::{Path, PathBuf};

#[macro_use]
#[path = "../../src-tauri/command_list.rs"]
mod the_list;

const COMMANDS: &[&str] = lode_commands!(command_names);

fn ui_src() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("ui/src")
}

fn command_name_ts() -> String {
    let union: Vec<String> = COMMANDS.iter().map(|c| format!("  | \"{c}\"")).collect();
    format!(
        "// Generated from src-tauri/command_list.rs by tests/integration/command_list.rs: do not \
         edit.\n\n/** Every command the shell registers and the window may call. */\n\
         export type CommandName =\n{};\n",
        union.join("\n")
    )
}

#[test]
fn the_ui_gets_the_command_names_from_the_list() {
    let file = ui_src().join("ipc/bindings/CommandName.ts");
    let wanted = command_name_ts();
    if std::fs::read_to_string(&file).ok().as_deref() != Some(wanted.as_str()) {
        std::fs::write(&file, &wanted).expect("write CommandName.ts");
    }
    let mut sorted = COMMANDS.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), COMMANDS.len(), "a command is listed twice");
}

/// The TypeScript files under `dir`, tests and generated bindings left out.
fn sources(dir: &Path, out: &mut Vec<(PathBuf, String)>) {
    for entry in std::fs::read_dir(dir).expect("read ui/src").flatten() {
        let path = entry.path();
        let name = entry.file_name().to_string_lossy().into_owned();
        if path.is_dir() {
            if name != "bindings" && name != "test" {
                sources(&path, out);
            }
        } else if (name.ends_with(".ts") || name.ends_with(".tsx")) && !name.contains(".test.") {
            out.push((
                path.clone(),
                std::fs::read_to_string(&path).expect("read source"),
            ));
        }
    }
}

/// The exported function of `text` that encloses byte `at`: the last `export function NAME` or
/// `export async function NAME` before it.
fn enclosing_export(text: &str, at: usize) -> Option<&str> {
    let before = &text[..at];
    let start = ["export function ", "export async function "]
        .iter()
        .filter_map(|key| before.rfind(key).map(|i| i + key.len()))
        .max()?;
    let name = &text[start..];
    let end = name.find(|c: char| !(c.is_alphanumeric() || c == '_'))?;
    Some(&name[..end])
}

/// Whether `word` stands in `text` as a whole identifier (called, or handed on as a function).
fn mentions_word(text: &str, word: &str) -> bool {
    let is_ident = |c: char| c.is_alphanumeric() || c == '_' || c == '$';
    text.match_indices(word).any(|(at, _)| {
        let before = text[..at].chars().next_back();
        let after = text[at + word.len()..].chars().next();
        !before.is_some_and(is_ident) && !after.is_some_and(is_ident)
    })
}

#[test]
fn every_command_is_called_by_a_feature_of_the_ui() {
    let mut files = Vec::new();
    sources(&ui_src(), &mut files);
    let (ipc, features): (Vec<_>, Vec<_>) = files
        .iter()
        .partition(|(path, _)| path.starts_with(ui_src().join("ipc")));
    let mut uncalled = Vec::new();
    for command in COMMANDS {
        let literal = format!("\"{command}\"");
        let wrappers: Vec<&str> = ipc
            .iter()
            .filter_map(|(_, text)| {
                text.find(&literal)
                    .and_then(|at| enclosing_export(text, at))
            })
            .collect();
        let called = wrappers.iter().any(|wrapper| {
            features
                .iter()
                .any(|(_, text)| mentions_word(text, wrapper))
        });
        if !called {
            uncalled.push(format!("{command} (wrapped by {wrappers:?})"));
        }
    }
    assert!(
        uncalled.is_empty(),
        "commands no UI feature calls, so the window should not be granted them: {uncalled:#?}"
    );
}
