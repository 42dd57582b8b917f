//! The grammar of `lode basket …` (context baskets) and `lode serve` (Lode as an MCP server).

use std::net::SocketAddr;
use std::path::PathBuf;

use clap::{Args, Subcommand, ValueEnum};

#[derive(Debug, Args)]
pub struct BasketArgs {
    #[command(subcommand)]
    pub command: BasketCommand,
}

#[derive(Debug, Subcommand)]
pub enum BasketCommand {
    /// Make an empty basket.
    New(NewArgs),
    /// List the baskets with their totals.
    Ls(JsonFlag),
    /// Show a basket's items: tokens (o200k_base), bytes, stale marks, provenance.
    Show(ShowArgs),
    /// Read resources of a saved connection and add them (already there: read again).
    Add(AddArgs),
    /// Remove items by their number in `basket show`.
    Rm(RmArgs),
    /// Print the basket as one document, or save it as a bundle with --out.
    Export(ExportArgs),
    /// Delete a basket and all its items.
    Delete(ShowArgs),
}

#[derive(Debug, Args)]
pub struct JsonFlag {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct NewArgs {
    pub name: String,
    /// The basket's token budget (o200k_base tokens).
    #[arg(long, value_name = "TOKENS", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    pub name: String,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct AddArgs {
    /// The basket.
    pub name: String,
    /// A saved connection's name.
    pub server: String,
    /// The resources' URIs (a URI the server does not list, such as a template's expansion,
    /// is read all the same).
    #[arg(required = true, value_name = "URI")]
    pub uris: Vec<String>,
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct RmArgs {
    pub name: String,
    /// Item numbers, as `basket show` prints them (1 is the first).
    #[arg(required = true, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub numbers: Vec<u64>,
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum Format {
    Md,
    Xml,
    Json,
}

#[derive(Debug, Args)]
pub struct ExportArgs {
    pub name: String,
    #[arg(long, value_enum, default_value = "md")]
    pub format: Format,
    /// Save a bundle: the document at FILE, binary contents in a files/ folder beside it.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

#[derive(Debug, Args)]
pub struct ServeArgs {
    /// The basket to serve.
    #[arg(long, value_name = "NAME", required_unless_present_any = ["show_token", "rotate_token", "profile", "expose"], conflicts_with_all = ["profile", "expose"])]
    pub basket: Option<String>,
    /// Serve Lode's context hub for this hub profile: the connections it exposes, searched,
    /// ranked and read through Lode (tools search_resources, suggest_context, read_resource).
    #[arg(long, value_name = "NAME")]
    pub profile: Option<String>,
    /// Serve the context hub for these saved connections only (with --profile: make or update
    /// the profile to expose exactly them first).
    #[arg(long, value_name = "NAME", num_args = 1..)]
    pub expose: Vec<String>,
    /// Serve Streamable HTTP at ADDR (loopback only; port 0 picks one) instead of stdio. The
    /// first line on stdout is the URL; clients send `Authorization: Bearer <token>`.
    #[arg(long, value_name = "ADDR", num_args = 0..=1, default_missing_value = "127.0.0.1:8765")]
    pub http: Option<SocketAddr>,
    /// Print the bearer token of the HTTP server (made and kept in the keychain the first
    /// time) and exit.
    #[arg(long, conflicts_with_all = ["basket", "http", "profile", "expose"])]
    pub show_token: bool,
    /// Make a new bearer token in place of the old one, print it and exit. The old token stops
    /// working at once, also on a server already running (the app's, another `lode serve`).
    #[arg(long, conflicts_with_all = ["basket", "http", "show_token", "profile", "expose"])]
    pub rotate_token: bool,
}
