//! The grammar of `lode connections …`: managing saved connections. Secret values come only from
//! environment variables or standard input, never from the command line itself (argv is
//! visible to every process on the machine and kept in shell history).

use std::path::PathBuf;

use clap::{Args, Subcommand};

use crate::transport_args::{Plain, ServerArgs};

#[derive(Debug, Args)]
pub struct ConnectionsArgs {
    #[command(subcommand)]
    pub command: ConnectionsCommand,
}

#[derive(Debug, Subcommand)]
pub enum ConnectionsCommand {
    /// List the saved connections.
    List(ListArgs),
    /// Save a new connection (the transport flags as for every command; secrets from the
    /// environment or stdin).
    Add(AddArgs),
    /// Change a saved connection: only what the flags give changes.
    Edit(EditArgs),
    /// Delete a saved connection and its secrets.
    Remove(RemoveArgs),
    /// Connect once and say what the server answered.
    Test(Plain),
    /// Import servers from another client's configuration (without --yes: only show them).
    Import(ImportArgs),
    /// Print saved connections as a Claude Desktop configuration, without secrets.
    Export(ExportArgs),
    /// Sign a connection in with OAuth 2.1 in the system browser.
    SignIn(NamedArgs),
    /// Forget a connection's OAuth tokens.
    SignOut(NamedArgs),
}

#[derive(Debug, Args)]
pub struct NamedArgs {
    /// The saved connection's name.
    pub name: String,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print the JSON shape (`Connection[]`) instead of text.
    #[arg(long)]
    pub json: bool,
}

/// Secrets to set, each from where its value is read.
#[derive(Debug, Args)]
pub struct SecretFlags {
    /// A secret variable of a stdio server: NAME (its value from the environment variable of
    /// the same name) or NAME=VAR (from VAR). Repeatable.
    #[arg(
        long = "secret-env",
        value_name = "NAME[=VAR]",
        help_heading = "Secrets"
    )]
    pub secret_env: Vec<String>,
    /// A secret header of a remote server, its value from environment variable VAR. Repeatable.
    #[arg(
        long = "secret-header",
        value_name = "NAME=VAR",
        help_heading = "Secrets"
    )]
    pub secret_header: Vec<String>,
    /// Read one secret's value from standard input: `bearer`, `header:NAME` or `env:NAME`.
    #[arg(long = "secret-stdin", value_name = "PLACE", help_heading = "Secrets")]
    pub secret_stdin: Option<String>,
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// The new connection's name.
    pub name: String,
    #[command(flatten)]
    pub secrets: SecretFlags,
    /// Save it disabled: it does not connect when Lode starts.
    #[arg(long)]
    pub disabled: bool,
    /// Keep its resources out of the browser.
    #[arg(long)]
    pub hidden: bool,
    /// Sign in with OAuth 2.1 (HTTP servers; then `lode connections sign-in NAME`).
    #[arg(long)]
    pub oauth: bool,
    /// A client id registered for Lode with the server's authorization server (with --oauth).
    #[arg(long, value_name = "ID", requires = "oauth")]
    pub oauth_client_id: Option<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct EditArgs {
    /// The saved connection's name.
    pub name: String,
    /// A new name.
    #[arg(long, value_name = "NAME")]
    pub rename: Option<String>,
    #[command(flatten)]
    pub secrets: SecretFlags,
    /// Delete a secret: `bearer`, `header:NAME` or `env:NAME`. Repeatable.
    #[arg(long = "clear-secret", value_name = "PLACE", help_heading = "Secrets")]
    pub clear_secret: Vec<String>,
    /// Connect it when Lode starts.
    #[arg(long, conflicts_with = "disable")]
    pub enable: bool,
    /// Do not connect it when Lode starts.
    #[arg(long)]
    pub disable: bool,
    /// Give its stdio server only the allow-listed environment again (undoes --inherit-env).
    #[arg(long, conflicts_with = "inherit_env")]
    pub no_inherit_env: bool,
    /// Show its resources in the browser.
    #[arg(long, conflicts_with = "hide")]
    pub show: bool,
    /// Keep its resources out of the browser.
    #[arg(long)]
    pub hide: bool,
    /// Sign in with OAuth 2.1 (HTTP servers).
    #[arg(long, conflicts_with = "no_oauth")]
    pub oauth: bool,
    /// Stop using OAuth.
    #[arg(long)]
    pub no_oauth: bool,
    /// A client id registered for Lode with the server's authorization server.
    #[arg(long, value_name = "ID")]
    pub oauth_client_id: Option<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct RemoveArgs {
    /// The saved connection's name.
    pub name: String,
    /// Do not ask for confirmation (required when stdin is not a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
}

#[derive(Debug, Args)]
pub struct ImportArgs {
    /// The configuration file; without it, list where the clients keep theirs.
    pub file: Option<PathBuf>,
    /// The file's format, when its name does not say: claudeDesktop, claudeCode, vsCode,
    /// cursor or windsurf.
    #[arg(long, value_name = "FORMAT")]
    pub format: Option<String>,
    /// Import only these servers (by their name in the file). Repeatable. Without it, every
    /// server that is not already saved.
    #[arg(long = "only", value_name = "NAME")]
    pub only: Vec<String>,
    /// Save a server under another name. Repeatable.
    #[arg(long = "rename", value_name = "OLD=NEW")]
    pub rename: Vec<String>,
    /// The value of a secret the file only asks for (a VS Code input), from environment
    /// variable VAR; PLACE as `lode connections import` shows it, e.g. `header/X-Api-Key`.
    #[arg(long = "answer", value_name = "PLACE=VAR")]
    pub answer: Vec<String>,
    /// Save them; without it, only show what would be imported.
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Print the JSON shapes (`ImportPreview`, or the saved `Connection[]`) instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    /// The connections to export; all when none is named.
    pub names: Vec<String>,
    /// Write the configuration to FILE instead of stdout.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}
