//! The command line's grammar: every command and its own flags. The flags that say which server
//! to reach (and `--timeout`, `--json`), shared by every command, are in `transport_args.rs`.

use std::path::PathBuf;

use clap::{Args, Parser, Subcommand};

use crate::assistant_args::{ConnectArgs, DisconnectArgs};
use crate::basket_args::{BasketArgs, ServeArgs};
use crate::hub_args::HubArgs;
use crate::search_args::SearchArgs;
use crate::servers_args::ServersArgs;
use crate::transport_args::{Plain, ServerArgs};

/// What `lode --version` prints after the name: the same version and commit as the app's About.
const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (commit ",
    env!("LODE_COMMIT"),
    ")"
);

#[derive(Debug, Parser)]
#[command(
    name = "lode",
    version = VERSION,
    about = "List and read the resources of MCP servers, and use their prompts and tools",
    after_help = "SERVER is a saved connection's name; leave it out when --stdio, --http, --sse \
                  or --rest gives the server inline.\nExit status: 0 ok, 1 usage, 2 server or \
                  protocol error, 3 authorization required, 4 timeout."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
    /// Write every JSON-RPC message in and out to FILE, one JSON line each (secrets
    /// scrubbed, each message cut at 64 KiB). FILE must not exist: it is created new,
    /// readable by you only; an existing file or a link is refused.
    #[arg(long, global = true, value_name = "FILE")]
    pub trace: Option<PathBuf>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// List every resource of a server (all pages), or with --tree its URI tree.
    Ls(LsArgs),
    /// Search the resources of several servers at once (listed in parallel).
    Search(SearchArgs),
    /// List the server's resource templates.
    Templates(Plain),
    /// Read one resource and print its contents.
    Read(ReadArgs),
    /// Suggest values for one argument of a resource template.
    Complete(CompleteArgs),
    /// List the server's prompts.
    Prompts(Plain),
    /// Get one prompt, filled in with arguments.
    Prompt(PromptArgs),
    /// List the server's tools.
    Tools(Plain),
    /// Call one tool with a JSON object of arguments.
    Call(CallArgs),
    /// Subscribe to resources and print each update as it arrives.
    Watch(WatchArgs),
    /// Describe the server: protocol, identity, capabilities, instructions, stderr.
    Info(Plain),
    /// Manage the saved connections: list, add, edit, remove, test, import, export.
    Servers(ServersArgs),
    /// Context baskets: make, fill, show, export.
    Basket(BasketArgs),
    /// Serve a basket to assistants as an MCP server (stdio, or HTTP on loopback).
    Serve(ServeArgs),
    /// Connect an assistant to Lode: write Lode's entry into its configuration (or --list).
    Connect(ConnectArgs),
    /// Disconnect an assistant: remove Lode's entry, and only it, from its configuration.
    Disconnect(DisconnectArgs),
    /// The context hub's profiles: what each assistant may see, tokens, pause, activity.
    Hub(HubArgs),
}

impl Command {
    /// Whether the command catches Ctrl-C itself to end cleanly (unsubscribe, close the
    /// listener) rather than being cut off where it stands.
    pub fn closes_on_interrupt(&self) -> bool {
        matches!(
            self,
            Self::Watch(_) | Self::Serve(_) | Self::Call(_) | Self::Read(_) | Self::Prompt(_)
        )
    }
}

#[derive(Debug, Args)]
pub struct LsArgs {
    /// A saved connection's name; leave it out with --stdio, --http, --sse or --rest.
    #[arg(value_name = "SERVER")]
    pub words: Vec<String>,
    /// Print the URI tree (server, scheme, authority, path folders with their counts, and the
    /// templates) with every folder open.
    #[arg(long, help_heading = "Output")]
    pub tree: bool,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct ReadArgs {
    /// The saved connection's name (left out with an inline server), then the URI (left out
    /// with --template).
    #[arg(value_name = "[SERVER] URI")]
    pub words: Vec<String>,
    /// Write the first content to FILE (text as UTF-8, a blob decoded) instead of printing it.
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
    /// Read the URI this RFC 6570 template gives with the --var values, instead of a URI.
    #[arg(long, value_name = "TEMPLATE")]
    pub template: Option<String>,
    /// A variable of --template, e.g. `--var name=user` (repeatable; strings only).
    #[arg(long = "var", value_name = "K=V", requires = "template")]
    pub vars: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct CompleteArgs {
    /// The saved connection's name (left out with an inline server), the URI template, the
    /// argument to complete and what is typed of it so far (may be "").
    #[arg(value_name = "[SERVER] TEMPLATE ARG VALUE")]
    pub words: Vec<String>,
    /// An argument already chosen, e.g. `--context name=user` (repeatable).
    #[arg(long = "context", value_name = "K=V")]
    pub context: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct PromptArgs {
    /// The saved connection's name (left out with an inline server), then the prompt's name.
    #[arg(value_name = "[SERVER] NAME")]
    pub words: Vec<String>,
    /// A prompt argument, e.g. `--arg topic=deployment` (repeatable).
    #[arg(long = "arg", value_name = "K=V")]
    pub arguments: Vec<String>,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct CallArgs {
    /// The saved connection's name (left out with an inline server), then the tool's name.
    #[arg(value_name = "[SERVER] TOOL")]
    pub words: Vec<String>,
    /// The tool's arguments as a JSON object.
    #[arg(long = "args", value_name = "JSON", default_value = "{}")]
    pub arguments: String,
    #[command(flatten)]
    pub server: ServerArgs,
}

#[derive(Debug, Args)]
pub struct WatchArgs {
    /// The saved connection's name (left out with an inline server), then one or more URIs.
    #[arg(value_name = "[SERVER] URI…")]
    pub words: Vec<String>,
    /// Exit after N updates; without it, run until Ctrl-C.
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    pub count: Option<u64>,
    /// Once subscribed, call this tool on the same connection: many servers only send updates
    /// for changes made through their own session.
    #[arg(long = "call", value_name = "TOOL")]
    pub call: Option<String>,
    /// Arguments of the `--call` tool, as a JSON object.
    #[arg(
        long = "args",
        value_name = "JSON",
        default_value = "{}",
        requires = "call"
    )]
    pub arguments: String,
    #[command(flatten)]
    pub server: ServerArgs,
}
