//! What Lode was opened to install — the argument the desktop entry's `%u` passes: a
//! `lode://install?…` link, or an `.mcpb` file (a path, or a `file://` URL) double-clicked in
//! the file manager. The window takes it once and opens the Add server flow on it; nothing is
//! installed without the person's yes in the native confirmation.

use lode_core::install::{is_lode_link, parse_install_link};
use lode_core::{ErrorCode, LodeError, LodeResult};
use serde::Serialize;
use ts_rs::TS;

use crate::install::InstallTarget;
use crate::mcpb::McpbTarget;

#[derive(Debug, Clone, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "camelCase", tag = "kind")]
#[ts(export)]
pub enum LaunchInstall {
    /// A `lode://install` link's registry entry or `server.json`.
    Entry { target: InstallTarget },
    /// An `.mcpb` file.
    Mcpb { target: McpbTarget },
}

/// Whether `arg` is something Lode installs when opened with it.
pub fn is_launch_install(arg: &str) -> bool {
    is_lode_link(arg) || arg.to_ascii_lowercase().ends_with(".mcpb")
}

/// What `arg` (one [`is_launch_install`] accepted) asks to install; an error says why it is
/// not one Lode reads.
pub fn launch_install(arg: &str) -> LodeResult<LaunchInstall> {
    if is_lode_link(arg) {
        return parse_install_link(arg).map(|link| LaunchInstall::Entry {
            target: InstallTarget::from_link(link),
        });
    }
    let path = if arg.starts_with("file:") {
        url::Url::parse(arg)
            .ok()
            .and_then(|url| url.to_file_path().ok())
            .ok_or_else(|| {
                LodeError::new(
                    ErrorCode::InvalidInput,
                    format!("{arg:?} is not a file on this computer"),
                )
            })?
    } else {
        std::path::absolute(arg)
            .map_err(|e| LodeError::new(ErrorCode::InvalidInput, format!("{arg:?}: {e}")))?
    };
    Ok(LaunchInstall::Mcpb {
        target: McpbTarget::File {
            path: path.display().to_string(),
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_bundle_file_opens_by_path_or_file_url() {
        assert!(is_launch_install("/home/p/Downloads/x.MCPB"));
        assert!(!is_launch_install("/home/p/x.json"));
        let expected = LaunchInstall::Mcpb {
            target: McpbTarget::File {
                path: "/home/p/my notes.mcpb".into(),
            },
        };
        assert_eq!(
            launch_install("/home/p/my notes.mcpb").expect("a path"),
            expected
        );
        assert_eq!(
            launch_install("file:///home/p/my%20notes.mcpb").expect("a URL"),
            expected
        );
        assert!(launch_install("file://other-host/x.mcpb").is_err());
        assert!(matches!(
            launch_install("lode://install?name=io.github.a/b").expect("a link"),
            LaunchInstall::Entry { .. }
        ));
    }
}
