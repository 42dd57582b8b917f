//! The shell's build script: the build commit, then tauri-build with the app's commands (named
//! once, in command_list.rs) as its AppManifest and as the main window's capability.

#[macro_use]
#[path = "command_list.rs"]
mod command_list;

/// Every command the window may call: the AppManifest makes Tauri deny any command that the main
/// window's capability does not grant, and the capability grants exactly these.
const COMMANDS: &[&str] = lode_commands!(command_names);

#[path = "build_commit.rs"]
mod build_commit;
#[path = "build_capability.rs"]
mod capability;

fn main() {
    build_commit::emit_commit();
    let capabilities = match capability::write_main(COMMANDS) {
        Ok(pattern) => pattern,
        Err(error) => {
            println!("cargo::error=could not write the main window's capability: {error}");
            std::process::exit(1);
        }
    };
    let attributes = tauri_build::Attributes::new()
        .capabilities_path_pattern(capabilities)
        .app_manifest(tauri_build::AppManifest::new().commands(COMMANDS));
    if let Err(error) = tauri_build::try_build(attributes) {
        println!("cargo::error=tauri build step failed: {error:#}");
        std::process::exit(1);
    }
}
