//! The command line: `lode ls SERVER` / `lode read SERVER URI`, where SERVER is a saved
//! connection's name, or is left out when `--stdio "CMD ARGS"` or `--http URL` gives it inline.

use clap::{Args, Parser, Subcommand};
use lode_app::ServerTarget;
use lode_core::{ErrorCode, LodeError, LodeResult, TransportSpec};

#[derive(Debug, Parser)]
#[command(
    name = "lode",
    version,
    about = "List and read the resources of MCP servers"
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every resource of a server (all pages).
    Ls(LsArgs),
    /// Read one resource and print its contents.
    Read(ReadArgs),
}

#[derive(Debug, Args)]
pub struct LsArgs {
    /// SERVER: a saved connection's name (omit with --stdio or --http).
    #[arg(value_name = "SERVER", num_args = 0..=1)]
    pub positional: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
    /// Print a JSON array of resources instead of a table.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// [SERVER] URI: the saved connection's name (omit with --stdio or --http), then the URI.
    #[arg(value_name = "SERVER URI", num_args = 1..=2, required = true)]
    pub positional: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
    /// Print the MCP `contents` array as JSON instead of the text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ServerArgs {
    /// Start a server over stdio: "COMMAND ARGS…" (quotes group words).
    #[arg(long, value_name = "CMD ARGS", conflicts_with = "http")]
    pub stdio: Option<String>,
    /// Connect to a Streamable HTTP server at this URL.
    #[arg(long, value_name = "URL")]
    pub http: Option<String>,
}

impl ServerArgs {
    /// The server and what is left of the positional words (the URI, for `read`).
    pub fn target(&self, positional: &[String]) -> LodeResult<(ServerTarget, Option<String>)> {
        let inline = match (&self.stdio, &self.http) {
            (Some(line), _) => Some(ServerTarget::Inline {
                label: line.clone(),
                transport: TransportSpec::stdio_from_command_line(line)?,
            }),
            (None, Some(url)) => Some(ServerTarget::Inline {
                label: url.clone(),
                transport: TransportSpec::http(url.clone()),
            }),
            (None, None) => None,
        };
        match (inline, positional) {
            (Some(target), []) => Ok((target, None)),
            (Some(target), [rest]) => Ok((target, Some(rest.clone()))),
            (None, [name]) => Ok((ServerTarget::Saved(name.clone()), None)),
            (None, [name, rest]) => Ok((ServerTarget::Saved(name.clone()), Some(rest.clone()))),
            (None, []) => Err(usage(
                "name a saved connection, or give --stdio \"CMD ARGS\" or --http URL",
            )),
            _ => Err(usage(
                "too many arguments: with --stdio or --http, leave out the server name",
            )),
        }
    }
}

pub fn missing_uri() -> LodeError {
    usage("name the resource URI to read")
}

fn usage(message: &str) -> LodeError {
    LodeError::new(ErrorCode::InvalidInput, message)
}
