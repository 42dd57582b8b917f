//! Where bundles go on this computer — `bundles/` in Lode's data folder, one folder per
//! installed bundle, named by its manifest's name and version — and what of this computer a
//! bundle's `compatibility` and command ask for: the Node.js or Python version, the program it
//! runs.

use std::path::{Path, PathBuf};
use std::time::Duration;

use lode_core::mcpb::{FoundRuntimes, McpbCheck, McpbManifest, McpbPlaces, McpbServerType};

use crate::install::find_program;

/// The folder `manifest` goes into under `bundles`: its name and version in safe characters,
/// then `-2`, `-3`… past the folders already there.
pub(super) fn free_folder(bundles: &Path, manifest: &McpbManifest) -> PathBuf {
    let base: String = format!("{}-{}", manifest.name, manifest.version)
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .take(80)
        .collect();
    let base = base.trim_start_matches('.').to_owned();
    let base = if base.is_empty() {
        "bundle".to_owned()
    } else {
        base
    };
    std::iter::once(base.clone())
        .chain((2..).map(|n| format!("{base}-{n}")))
        .map(|name| bundles.join(name))
        .find(|folder| !folder.exists())
        .unwrap_or_else(|| bundles.join(base))
}

/// This computer's places, for a bundle unpacked into `folder`.
pub(super) fn places_for(folder: &Path) -> McpbPlaces {
    let shown = |p: Option<PathBuf>| p.map(|p| p.display().to_string());
    McpbPlaces {
        folder: folder.display().to_string(),
        home: shown(dirs::home_dir()).unwrap_or_else(|| "/".to_owned()),
        desktop: shown(dirs::desktop_dir()),
        documents: shown(dirs::document_dir()),
        downloads: shown(dirs::download_dir()),
    }
}

/// The versions of the runtimes `manifest` names a range of (none asked otherwise).
pub(super) async fn found_runtimes(manifest: &McpbManifest) -> FoundRuntimes {
    let wanted = &manifest.compatibility;
    let node = match (&wanted.node, manifest.server_type) {
        (Some(_), McpbServerType::Node) => version_of("node").await,
        _ => None,
    };
    let python = match (&wanted.python, manifest.server_type) {
        (Some(_), McpbServerType::Python) => match version_of("python3").await {
            Some(found) => Some(found),
            None => version_of("python").await,
        },
        _ => None,
    };
    FoundRuntimes { node, python }
}

/// `PROGRAM --version`'s first line, when the program is on the PATH and answers in 5 s.
async fn version_of(program: &str) -> Option<String> {
    let path = std::env::var_os("PATH").unwrap_or_default();
    let found = find_program(program, &path)?;
    let run = tokio::process::Command::new(found)
        .arg("--version")
        .stdin(std::process::Stdio::null())
        .kill_on_drop(true)
        .output();
    let output = tokio::time::timeout(Duration::from_secs(5), run)
        .await
        .ok()?
        .ok()?;
    let text = [output.stdout, output.stderr].concat();
    String::from_utf8_lossy(&text)
        .lines()
        .next()
        .map(str::to_owned)
}

/// Whether the program a bundle's command runs is there: on the PATH, or a file of the bundle
/// (checked once it is unpacked).
pub(super) fn program_check(command: &str, folder: &Path) -> McpbCheck {
    let check = |met: bool, detail: String| McpbCheck {
        what: "program".into(),
        met,
        detail,
    };
    if let Ok(relative) = Path::new(command).strip_prefix(folder) {
        return check(true, format!("runs {} from the bundle", relative.display()));
    }
    if command.contains('/') {
        let there = Path::new(command).is_file();
        return check(
            there,
            if there {
                format!("runs {command}")
            } else {
                format!("runs {command}, which is not on this computer")
            },
        );
    }
    let path = std::env::var_os("PATH").unwrap_or_default();
    match find_program(command, &path) {
        Some(found) => check(true, format!("runs {command} ({})", found.display())),
        None => check(
            false,
            format!(
                "runs {command}, which is not on this computer (not on the PATH): {}",
                how_to_get(command)
            ),
        ),
    }
}

fn how_to_get(command: &str) -> &'static str {
    match command {
        "node" => "install Node.js (https://nodejs.org, or your system's nodejs package)",
        "python" | "python3" => "install Python 3 (your system's python3 package)",
        "uv" => "install uv (https://docs.astral.sh/uv/, or `pip install uv`)",
        _ => "install it, or put it on the PATH Lode starts servers with",
    }
}
