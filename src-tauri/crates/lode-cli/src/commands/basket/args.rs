//! The grammar of `lode basket …`: context baskets.

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
