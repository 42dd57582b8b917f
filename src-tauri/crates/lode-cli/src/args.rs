//! The command line's grammar: the commands, each with a line of help. Each command's own flags
//! sit beside it in `commands/` (a command of its own folder has its `args.rs` there). The flags
//! that say which server to reach (and `--timeout`, `--json`), shared by every command, are in
//! `transport_args.rs`.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

use crate::commands::assistants::args::{ConnectArgs, DisconnectArgs};
use crate::commands::basket::args::BasketArgs;
use crate::commands::call::CallArgs;
use crate::commands::catalog::PromptArgs;
use crate::commands::complete::CompleteArgs;
use crate::commands::connections::args::ConnectionsArgs;
use crate::commands::context_hub::args::HubArgs;
use crate::commands::install::args::InstallArgs;
use crate::commands::ls::LsArgs;
use crate::commands::read::ReadArgs;
use crate::commands::registry::args::RegistryArgs;
use crate::commands::search::args::SearchArgs;
use crate::commands::serve::ServeArgs;
use crate::commands::skills::SkillArgs;
use crate::commands::update::UpdateArgs;
use crate::commands::watch::WatchArgs;
use crate::transport_args::Plain;

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
    /// List the server's apps (MCP Apps): its `ui://` views, listed or named by a tool.
    Apps(Plain),
    /// List the server's agent skills (the skills extension): name, SKILL.md, files.
    Skills(Plain),
    /// One skill: `lode skill get SERVER NAME [--verify]` (--verify checks its files' digests).
    Skill(SkillArgs),
    /// Call one tool with a JSON object of arguments.
    Call(CallArgs),
    /// Subscribe to resources and print each update as it arrives.
    Watch(WatchArgs),
    /// Describe the server: protocol, identity, capabilities, instructions, stderr.
    Info(Plain),
    /// Manage the saved connections: list, add, edit, remove, test, import, export.
    #[command(visible_alias = "servers")]
    Connections(ConnectionsArgs),
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
    /// MCP registries: search, show a server, and the list of registries browsed.
    Registry(RegistryArgs),
    /// Install a server from a registry (NAME[@VERSION]) or a server.json: its form filled
    /// from --set and --secret-env, the exact command or address confirmed, secrets kept in
    /// the keychain.
    Install(InstallArgs),
    /// What the registries say of the installed connections (a newer version, a deprecation);
    /// with a name, update that one to its latest version (--undo puts it back).
    Update(UpdateArgs),
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
