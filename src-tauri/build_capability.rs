//! The main window's capability, made from the command list at build time: it grants the window
//! Tauri's event API and every command of `lode_commands!`, and nothing else. Written to
//! OUT_DIR, never to the source tree, so no second copy of the list can drift.

use std::path::PathBuf;

/// Writes `capabilities/main.json` under OUT_DIR and returns the glob for tauri-build.
pub fn write_main(commands: &[&str]) -> Result<&'static str, String> {
    let out_dir = std::env::var_os("OUT_DIR").ok_or("cargo set no OUT_DIR")?;
    let dir = PathBuf::from(out_dir).join("capabilities");
    std::fs::create_dir_all(&dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let permissions: Vec<String> = std::iter::once("core:event:default".to_owned())
        .chain(
            commands
                .iter()
                .map(|c| format!("allow-{}", c.replace('_', "-"))),
        )
        .collect();
    let capability = serde_json::json!({
        "identifier": "main",
        "description": "The main window may call Lode's own commands and nothing else.",
        "windows": ["main"],
        "permissions": permissions,
    });
    let text = serde_json::to_string_pretty(&capability).map_err(|e| e.to_string())?;
    let file = dir.join("main.json");
    std::fs::write(&file, text).map_err(|e| format!("{}: {e}", file.display()))?;
    // tauri-build takes a glob with a 'static lifetime; a build script runs once, so leaking
    // this one string is the simple way to give it one.
    let pattern = format!("{}/*.json", dir.display());
    Ok(Box::leak(pattern.into_boxed_str()))
}
