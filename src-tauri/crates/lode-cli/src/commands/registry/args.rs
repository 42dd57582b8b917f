//! The grammar of `lode registry …`: browsing MCP registries (the official one and the
//! sub-registries the person adds) and keeping their list.

use clap::{Args, Subcommand};

#[derive(Debug, Args)]
pub struct RegistryArgs {
    #[command(subcommand)]
    pub command: RegistryCommand,
}

#[derive(Debug, Subcommand)]
pub enum RegistryCommand {
    /// Search a registry: one page of servers (the latest version of each); the next page's
    /// cursor goes to stderr.
    Search(SearchArgs),
    /// Show one server whole: packages, arguments, variables, remotes, other versions.
    Show(ShowArgs),
    /// List the registries browsed, the default one first.
    List(ListArgs),
    /// Add a registry at the end of the list (https, or http on this computer).
    Add(AddressArgs),
    /// Remove a registry from the list.
    Remove(AddressArgs),
    /// Move a registry to another place in the list (1 is the default one).
    Move(MoveArgs),
}

#[derive(Debug, Args)]
pub struct SearchArgs {
    /// Text in the server's name (and, at the official registry, its description); none lists
    /// every server.
    #[arg(value_name = "TEXT")]
    pub text: Option<String>,
    /// The registry to search (default: the first of `lode registry list`).
    #[arg(long, value_name = "URL")]
    pub registry: Option<String>,
    /// How many servers a page holds (1 to 100; default: the registry's).
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=100))]
    pub limit: Option<u32>,
    /// The next page: the cursor the previous page printed.
    #[arg(long, value_name = "CURSOR")]
    pub cursor: Option<String>,
    /// Only servers changed since this RFC 3339 time (e.g. 2026-01-31T00:00:00Z).
    #[arg(long, value_name = "TIME")]
    pub updated_since: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ShowArgs {
    /// The server's name, namespace/name (e.g. io.github.user/weather).
    pub name: String,
    /// The version to show (default: the latest).
    #[arg(long, value_name = "V")]
    pub version: Option<String>,
    /// The registry to ask (default: each of `lode registry list` in turn, until one has it).
    #[arg(long, value_name = "URL")]
    pub registry: Option<String>,
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct ListArgs {
    /// Print JSON instead of text.
    #[arg(long)]
    pub json: bool,
}

#[derive(Debug, Args)]
pub struct AddressArgs {
    /// The registry's address, under which /v0.1/servers lies.
    #[arg(value_name = "URL")]
    pub url: String,
}

#[derive(Debug, Args)]
pub struct MoveArgs {
    #[arg(value_name = "URL")]
    pub url: String,
    /// Its new place, 1 for the first.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub to: u64,
}
