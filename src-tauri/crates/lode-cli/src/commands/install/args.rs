//! The grammar of `lode install`: a server from a registry, a `server.json`, or a bundle.

use clap::Args;

#[derive(Debug, Args)]
pub struct InstallArgs {
    /// A registry server, NAME or NAME@VERSION (e.g. io.github.user/weather@1.2.0), a file
    /// (./server.json), or a lode://install?… link.
    #[arg(value_name = "NAME[@VERSION] | FILE | LINK")]
    pub target: String,
    /// The registry to ask (default: each of `lode registry list` in turn, until one has it).
    #[arg(long, value_name = "URL")]
    pub registry: Option<String>,
    /// Which way to run it: package:N or remote:N, counted from 1 as `lode registry show`
    /// lists them (default: the first Lode can run).
    #[arg(long, value_name = "package:N|remote:N")]
    pub pick: Option<String>,
    /// A value of the form: KEY=VALUE, the key as `lode install --fields` prints it
    /// (env:NAME, header:NAME, arg:N, url.VARIABLE…) or the field's name when only one has it.
    /// Repeat for each value (and for each value of a repeated argument).
    #[arg(long = "set", value_name = "KEY=VALUE", allow_hyphen_values = true)]
    pub set: Vec<String>,
    /// A secret value, read from the environment variable VAR (never from the command line):
    /// KEY=VAR, or KEY alone when the variable has the field's name.
    #[arg(long = "secret-env", value_name = "KEY=VAR")]
    pub secret_env: Vec<String>,
    /// The new connection's name (default: the server's title).
    #[arg(long, value_name = "NAME")]
    pub name: Option<String>,
    /// Print the form's fields (key, what it is, required or secret) and install nothing.
    #[arg(long)]
    pub fields: bool,
    /// Do not ask for confirmation (required when stdin is not a terminal).
    #[arg(long, short = 'y')]
    pub yes: bool,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}
