//! Where other MCP clients keep their server configurations, on Linux, macOS and Windows, and
//! reading one of them. Which servers a file holds is `lode_core::import`'s business.

use std::path::{Path, PathBuf};

use lode_core::import::{parse_config, ConfigFormat, ParsedConfig};
use lode_core::{ErrorCode, LodeError, LodeResult};

/// Reading one file safely is `config_file`'s, shared with the assistants' configurations.
pub use crate::config_file::read_config_bytes;

/// The folders the locations are relative to. The clients use the same layout on every system
/// relative to these two folders, so they are all that differs between Linux, macOS and Windows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Folders {
    pub home: PathBuf,
    /// `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` (or
    /// `~/.config`) on Linux: where Electron apps such as Claude Desktop and VS Code keep theirs.
    pub app_config: PathBuf,
    /// The project whose own configurations (`.mcp.json`, `.vscode/mcp.json`) count too.
    pub project: Option<PathBuf>,
}

impl Folders {
    /// This machine's folders, with `project` as the project folder.
    pub fn of_this_machine(project: Option<PathBuf>) -> LodeResult<Self> {
        let home = dirs::home_dir()
            .ok_or_else(|| LodeError::new(ErrorCode::Internal, "could not find the home folder"))?;
        let app_config = dirs::config_dir().unwrap_or_else(|| home.join(".config"));
        Ok(Self {
            home,
            app_config,
            project,
        })
    }
}

/// One place a configuration may be.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ConfigLocation {
    pub format: ConfigFormat,
    pub path: PathBuf,
}

/// Every place the five clients keep configurations, user-wide first.
pub fn known_locations(folders: &Folders) -> Vec<ConfigLocation> {
    let home = &folders.home;
    let app = &folders.app_config;
    let at = |format, path: PathBuf| ConfigLocation { format, path };
    let mut locations = vec![
        at(
            ConfigFormat::ClaudeDesktop,
            app.join("Claude").join("claude_desktop_config.json"),
        ),
        at(ConfigFormat::ClaudeCode, home.join(".claude.json")),
        at(
            ConfigFormat::VsCode,
            app.join("Code").join("User").join("mcp.json"),
        ),
        at(
            ConfigFormat::VsCode,
            app.join("Code").join("User").join("settings.json"),
        ),
        at(ConfigFormat::Cursor, home.join(".cursor").join("mcp.json")),
        at(
            ConfigFormat::Windsurf,
            home.join(".codeium")
                .join("windsurf")
                .join("mcp_config.json"),
        ),
    ];
    if let Some(project) = &folders.project {
        locations.push(at(ConfigFormat::ClaudeCode, project.join(".mcp.json")));
        locations.push(at(
            ConfigFormat::VsCode,
            project.join(".vscode").join("mcp.json"),
        ));
        locations.push(at(
            ConfigFormat::Cursor,
            project.join(".cursor").join("mcp.json"),
        ));
    }
    locations
}

/// The known locations that hold a file.
pub fn existing_locations(folders: &Folders) -> Vec<ConfigLocation> {
    known_locations(folders)
        .into_iter()
        .filter(|location| location.path.is_file())
        .collect()
}

/// Parses the configuration `bytes`, read from `path`.
pub fn parse_config_bytes(
    format: ConfigFormat,
    path: &Path,
    bytes: &[u8],
) -> LodeResult<ParsedConfig> {
    let text = std::str::from_utf8(bytes).map_err(|e| {
        LodeError::new(
            ErrorCode::InvalidInput,
            format!("{} is not UTF-8 text: {e}", path.display()),
        )
    })?;
    parse_config(format, text).map_err(|e| LodeError {
        message: format!("{}: {}", path.display(), e.message),
        ..e
    })
}

/// Reads and parses the configuration at `path`.
pub fn read_config(format: ConfigFormat, path: &Path) -> LodeResult<ParsedConfig> {
    parse_config_bytes(format, path, &read_config_bytes(path)?)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn folders(home: &str, app: &str) -> Folders {
        Folders {
            home: PathBuf::from(home),
            app_config: PathBuf::from(app),
            project: Some(PathBuf::from(format!("{home}/project"))),
        }
    }

    fn paths(folders: &Folders) -> Vec<String> {
        known_locations(folders)
            .into_iter()
            .map(|l| l.path.to_string_lossy().replace('\\', "/"))
            .collect()
    }

    #[test]
    fn each_os_has_the_real_paths_of_each_client() {
        let mac = paths(&folders(
            "/Users/me",
            "/Users/me/Library/Application Support",
        ));
        assert!(mac.contains(
            &"/Users/me/Library/Application Support/Claude/claude_desktop_config.json".to_owned()
        ));
        assert!(mac
            .contains(&"/Users/me/Library/Application Support/Code/User/settings.json".to_owned()));
        let linux = paths(&folders("/home/me", "/home/me/.config"));
        for expected in [
            "/home/me/.config/Claude/claude_desktop_config.json",
            "/home/me/.claude.json",
            "/home/me/.config/Code/User/mcp.json",
            "/home/me/.cursor/mcp.json",
            "/home/me/.codeium/windsurf/mcp_config.json",
            "/home/me/project/.mcp.json",
            "/home/me/project/.vscode/mcp.json",
        ] {
            assert!(
                linux.contains(&expected.to_owned()),
                "{expected} in {linux:?}"
            );
        }
        let windows = paths(&folders("C:/Users/me", "C:/Users/me/AppData/Roaming"));
        assert!(windows
            .contains(&"C:/Users/me/AppData/Roaming/Claude/claude_desktop_config.json".to_owned()));
        assert!(windows.contains(&"C:/Users/me/.cursor/mcp.json".to_owned()));
    }

    #[test]
    fn only_existing_files_are_offered_and_read() {
        let dir = tempfile::tempdir().expect("temp dir");
        let home = dir.path().join("home");
        let app = home.join(".config");
        std::fs::create_dir_all(app.join("Claude")).expect("mkdir");
        let config = app.join("Claude").join("claude_desktop_config.json");
        std::fs::write(
            &config,
            r#"{"mcpServers": {"demo": {"command": "lode-demo-server"}}}"#,
        )
        .expect("write");
        let folders = Folders {
            home: home.clone(),
            app_config: app,
            project: None,
        };
        let found = existing_locations(&folders);
        assert_eq!(found.len(), 1);
        assert_eq!(found[0].format, ConfigFormat::ClaudeDesktop);
        let parsed = read_config(found[0].format, &found[0].path).expect("read");
        assert_eq!(parsed.servers[0].name, "demo");

        std::fs::write(&config, "{ nope").expect("write");
        let error = read_config(ConfigFormat::ClaudeDesktop, &config).expect_err("not JSON");
        assert!(
            error.message.contains("claude_desktop_config.json"),
            "{}",
            error.message
        );
        let missing =
            read_config(ConfigFormat::Cursor, &home.join("absent.json")).expect_err("no file");
        assert_eq!(missing.code, ErrorCode::InvalidInput);
    }

    #[test]
    fn a_file_that_is_not_utf8_says_so() {
        let error = parse_config_bytes(
            ConfigFormat::Cursor,
            Path::new("/x/mcp.json"),
            b"{\"\xff\"}",
        )
        .expect_err("not UTF-8");
        assert!(error.message.contains("not UTF-8"), "{error:?}");
    }
}
