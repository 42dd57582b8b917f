//! `lode connect` and `lode disconnect`: Lode's entry in an assistant's own configuration.

use std::path::PathBuf;

use clap::{Args, ValueEnum};
use lode_core::assistants::ConfigScope;

/// The assistants' names, as `lode connect` takes them.
pub const ASSISTANT_NAMES: &str =
    "claude-desktop, claude-code, vscode, cursor, windsurf, zed, gemini, codex";

#[derive(Debug, Args)]
#[command(
    after_help = "ASSISTANT is one of: claude-desktop, claude-code, vscode, cursor, \
                        windsurf, zed, gemini, codex.\nThe change is shown as a diff and asked \
                        on the terminal (--yes writes it without asking); the file as it was is \
                        kept beside it as <file>.lode-backup."
)]
pub struct ConnectArgs {
    /// The assistant whose configuration gets Lode's entry.
    #[arg(value_name = "ASSISTANT", required_unless_present = "list")]
    pub assistant: Option<String>,
    /// List every assistant: installed or not, its configuration, and Lode's entry there
    /// (absent, current, stale, or another program's).
    #[arg(long, conflicts_with_all = ["profile", "yes", "expose"])]
    pub list: bool,
    /// With --list: print JSON.
    #[arg(long, requires = "list")]
    pub json: bool,
    /// The hub profile the assistant sees (`lode serve --profile P`).
    #[arg(long, value_name = "P", default_value = "default")]
    pub profile: String,
    /// Make or update the profile on the way, to expose exactly these saved connections.
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub expose: Vec<String>,
    #[command(flatten)]
    pub place: PlaceArgs,
    /// Write the change without asking.
    #[arg(long)]
    pub yes: bool,
}

#[derive(Debug, Args)]
#[command(
    after_help = "ASSISTANT is one of: claude-desktop, claude-code, vscode, cursor, \
                        windsurf, zed, gemini, codex.\nOnly Lode's own entry is removed."
)]
pub struct DisconnectArgs {
    /// The assistant whose configuration loses Lode's entry.
    #[arg(value_name = "ASSISTANT")]
    pub assistant: String,
    #[command(flatten)]
    pub place: PlaceArgs,
    /// Write the change without asking.
    #[arg(long)]
    pub yes: bool,
}

/// Which of the assistant's configurations.
#[derive(Debug, Args)]
pub struct PlaceArgs {
    /// The person's own configuration (every project), or one project's.
    #[arg(long, value_enum, default_value_t = Scope::User)]
    pub scope: Scope,
    /// The project's folder for --scope project (the current folder when left out); with
    /// --list, also lists the project configurations there.
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Scope {
    User,
    Project,
}

impl From<Scope> for ConfigScope {
    fn from(scope: Scope) -> Self {
        match scope {
            Scope::User => ConfigScope::User,
            Scope::Project => ConfigScope::Project,
        }
    }
}
