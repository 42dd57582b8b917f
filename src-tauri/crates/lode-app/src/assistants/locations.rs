//! Where each assistant keeps its MCP configuration, per scope, on Linux, macOS and Windows, and
//! whether it looks installed. Checked against each assistant's documentation (docs/assistants.md).

use std::path::{Path, PathBuf};

use lode_core::assistants::{Assistant, ConfigScope};
use lode_core::{ErrorCode, LodeError, LodeResult};

/// The folders the configurations are relative to.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct AssistantFolders {
    pub home: PathBuf,
    /// `%APPDATA%` on Windows, `~/Library/Application Support` on macOS, `$XDG_CONFIG_HOME` (or
    /// `~/.config`) on Linux: where Claude Desktop and VS Code keep theirs.
    pub app_config: PathBuf,
    /// Codex's `$CODEX_HOME` when it is set (Codex reads `config.toml` there instead of
    /// `~/.codex`).
    pub codex_home: Option<PathBuf>,
    /// The folders of the `PATH`, where an installed assistant's command is looked for.
    pub path: Vec<PathBuf>,
}

impl AssistantFolders {
    /// This machine's folders.
    pub fn of_this_machine() -> LodeResult<Self> {
        let home = dirs::home_dir()
            .ok_or_else(|| LodeError::new(ErrorCode::Internal, "could not find the home folder"))?;
        let app_config = dirs::config_dir().unwrap_or_else(|| home.join(".config"));
        let codex_home = std::env::var_os("CODEX_HOME")
            .filter(|value| !value.is_empty())
            .map(PathBuf::from);
        let path = std::env::var_os("PATH")
            .map(|value| std::env::split_paths(&value).collect())
            .unwrap_or_default();
        Ok(Self {
            home,
            app_config,
            codex_home,
            path,
        })
    }

    /// Folders under `home` alone (tests, and a `HOME` set for a run): Linux's layout.
    pub fn under_home(home: &Path) -> Self {
        Self {
            home: home.to_path_buf(),
            app_config: home.join(".config"),
            codex_home: None,
            path: Vec::new(),
        }
    }
}

/// The configuration file of `assistant` in `scope`; a project scope needs the project's folder.
pub fn config_path(
    folders: &AssistantFolders,
    assistant: Assistant,
    scope: ConfigScope,
    project: Option<&Path>,
) -> LodeResult<PathBuf> {
    if !assistant.scopes().contains(&scope) {
        return Err(LodeError::new(
            ErrorCode::InvalidInput,
            format!(
                "{} has no project configuration: connect it with the user scope",
                assistant.display_name()
            ),
        ));
    }
    match scope {
        ConfigScope::User => Ok(user_path(folders, assistant)),
        ConfigScope::Project => {
            let project = project.ok_or_else(|| {
                LodeError::new(
                    ErrorCode::InvalidInput,
                    "the project scope needs the project's folder",
                )
            })?;
            Ok(project.join(project_path(assistant)))
        }
    }
}

fn user_path(folders: &AssistantFolders, assistant: Assistant) -> PathBuf {
    let home = &folders.home;
    let app = &folders.app_config;
    match assistant {
        Assistant::ClaudeDesktop => app.join("Claude").join("claude_desktop_config.json"),
        Assistant::ClaudeCode => home.join(".claude.json"),
        Assistant::VsCode => app.join("Code").join("User").join("mcp.json"),
        Assistant::Cursor => home.join(".cursor").join("mcp.json"),
        Assistant::Windsurf => home
            .join(".codeium")
            .join("windsurf")
            .join("mcp_config.json"),
        // Zed keeps `~/.config/zed` on macOS too, and `%APPDATA%\Zed` on Windows.
        Assistant::Zed if cfg!(windows) => app.join("Zed").join("settings.json"),
        Assistant::Zed if cfg!(target_os = "macos") => {
            home.join(".config").join("zed").join("settings.json")
        }
        Assistant::Zed => app.join("zed").join("settings.json"),
        Assistant::GeminiCli => home.join(".gemini").join("settings.json"),
        Assistant::Codex => folders
            .codex_home
            .clone()
            .unwrap_or_else(|| home.join(".codex"))
            .join("config.toml"),
    }
}

/// Relative to the project's folder.
fn project_path(assistant: Assistant) -> PathBuf {
    match assistant {
        Assistant::ClaudeCode => PathBuf::from(".mcp.json"),
        Assistant::VsCode => Path::new(".vscode").join("mcp.json"),
        Assistant::Cursor => Path::new(".cursor").join("mcp.json"),
        Assistant::GeminiCli => Path::new(".gemini").join("settings.json"),
        Assistant::Codex => Path::new(".codex").join("config.toml"),
        // No project file (config_path refused the scope before).
        Assistant::ClaudeDesktop | Assistant::Windsurf | Assistant::Zed => PathBuf::new(),
    }
}

/// Whether `assistant` looks installed: its command on the `PATH`, or the folder of its user
/// configuration (which it makes at its first start) present.
pub fn is_installed(folders: &AssistantFolders, assistant: Assistant) -> bool {
    let on_path = commands(assistant)
        .iter()
        .any(|command| on_path(&folders.path, command));
    on_path
        || user_path(folders, assistant)
            .parent()
            .is_some_and(|folder| folder != folders.home && folder.is_dir())
        || own_folder(folders, assistant).is_some_and(|folder| folder.is_dir())
}

/// The command each assistant installs, when it has one.
fn commands(assistant: Assistant) -> &'static [&'static str] {
    match assistant {
        Assistant::ClaudeDesktop => &["claude-desktop"],
        Assistant::ClaudeCode => &["claude"],
        Assistant::VsCode => &["code"],
        Assistant::Cursor => &["cursor"],
        Assistant::Windsurf => &["windsurf"],
        Assistant::Zed => &["zed", "zeditor"],
        Assistant::GeminiCli => &["gemini"],
        Assistant::Codex => &["codex"],
    }
}

/// A folder the assistant makes for itself beside a configuration kept in the home folder
/// (Claude Code's `~/.claude.json` sits in the home folder, its `~/.claude` is its own).
fn own_folder(folders: &AssistantFolders, assistant: Assistant) -> Option<PathBuf> {
    (assistant == Assistant::ClaudeCode).then(|| folders.home.join(".claude"))
}

fn on_path(path: &[PathBuf], command: &str) -> bool {
    let names: Vec<String> = if cfg!(windows) {
        vec![format!("{command}.exe"), format!("{command}.cmd")]
    } else {
        vec![command.to_string()]
    };
    path.iter()
        .any(|folder| names.iter().any(|name| is_executable(&folder.join(name))))
}

fn is_executable(path: &Path) -> bool {
    let Ok(meta) = path.metadata() else {
        return false;
    };
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        meta.is_file() && meta.permissions().mode() & 0o111 != 0
    }
    #[cfg(not(unix))]
    meta.is_file()
}
